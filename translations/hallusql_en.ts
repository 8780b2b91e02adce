<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>hs::ui::AdjudicationView</name>
    <message numerus="yes">
        <source>%n case(s) where reviewers disagree</source>
        <translation>
            <numerusform>%n case where reviewers disagree</numerusform>
            <numerusform>%n cases where reviewers disagree</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n adjudicated</source>
        <translation>
            <numerusform>%n adjudicated</numerusform>
            <numerusform>%n adjudicated</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::CaseEditList</name>
    <message numerus="yes">
        <source>%n edit(s)</source>
        <translation>
            <numerusform>%n edit</numerusform>
            <numerusform>%n edits</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::CaseListModel</name>
    <message numerus="yes">
        <source>Adjudicated: the final label is %1 (%n annotation(s))</source>
        <translation>
            <numerusform>Adjudicated: the final label is %1 (%n annotation)</numerusform>
            <numerusform>Adjudicated: the final label is %1 (%n annotations)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n annotation(s); reviewers disagree</source>
        <translation>
            <numerusform>%n annotation; reviewers disagree</numerusform>
            <numerusform>%n annotations; reviewers disagree</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n annotation(s)</source>
        <translation>
            <numerusform>%n annotation</numerusform>
            <numerusform>%n annotations</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::CasePlanView</name>
    <message numerus="yes">
        <source>%n plan node(s) differ (≠ changed, + only in this plan).</source>
        <translation>
            <numerusform>%n plan node differs (≠ changed, + only in this plan).</numerusform>
            <numerusform>%n plan nodes differ (≠ changed, + only in this plan).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s) attached to their plan nodes (⚑), %1 without a node.</source>
        <translation>
            <numerusform>%n finding attached to their plan nodes (⚑), %1 without a node.</numerusform>
            <numerusform>%n findings attached to their plan nodes (⚑), %1 without a node.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::CaseResultPair</name>
    <message numerus="yes">
        <source>%1: %n row(s)</source>
        <translation>
            <numerusform>%1: %n row</numerusform>
            <numerusform>%1: %n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n gold row(s) missing from the prediction,</source>
        <translation>
            <numerusform>%n gold row missing from the prediction,</numerusform>
            <numerusform>%n gold rows missing from the prediction,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n extra predicted row(s).</source>
        <translation>
            <numerusform>%n extra predicted row.</numerusform>
            <numerusform>%n extra predicted rows.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::CaseSqlPair</name>
    <message numerus="yes">
        <source>%n highlighted finding(s)</source>
        <translation>
            <numerusform>%n highlighted finding</numerusform>
            <numerusform>%n highlighted findings</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::CaseView</name>
    <message numerus="yes">
        <source>Plan (%n differ)</source>
        <translation>
            <numerusform>Plan (%n differ)</numerusform>
            <numerusform>Plan (%n differ)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::DrilldownPanel</name>
    <message numerus="yes">
        <source>%n case(s)</source>
        <translation>
            <numerusform>%n case</numerusform>
            <numerusform>%n cases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n step</numerusform>
            <numerusform>%n steps</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::EditorFindings</name>
    <message numerus="yes">
        <source>Your SQL has %n finding(s): %1. Hover a highlighted span or put the cursor in it for the reason.</source>
        <translation>
            <numerusform>Your SQL has %n finding: %1. Hover a highlighted span or put the cursor in it for the reason.</numerusform>
            <numerusform>Your SQL has %n findings: %1. Hover a highlighted span or put the cursor in it for the reason.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::FollowUpDetail</name>
    <message numerus="yes">
        <source>%1: %n row(s)</source>
        <translation>
            <numerusform>%1: %n row</numerusform>
            <numerusform>%1: %n rows</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Source linking: %n item(s)</source>
        <translation>
            <numerusform>Source linking: %n item</numerusform>
            <numerusform>Source linking: %n items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Follow-up linking: %n item(s)</source>
        <translation>
            <numerusform>Follow-up linking: %n item</numerusform>
            <numerusform>Follow-up linking: %n items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Follow-up linking on the %1: %n item(s)</source>
        <translation>
            <numerusform>Follow-up linking on the %1: %n item</numerusform>
            <numerusform>Follow-up linking on the %1: %n items</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::FollowUpExplorer</name>
    <message numerus="yes">
        <source>Flagged: %n violated MR(s)</source>
        <translation>
            <numerusform>Flagged: %n violated MR</numerusform>
            <numerusform>Flagged: %n violated MRs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n compared an empty result with an empty one</source>
        <translation>
            <numerusform>%n compared an empty result with an empty one</numerusform>
            <numerusform>%n compared an empty result with an empty one</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n LLM call(s)</source>
        <translation>
            <numerusform>%n LLM call</numerusform>
            <numerusform>%n LLM calls</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::FollowUpModel</name>
    <message numerus="yes">
        <source>%n LLM call(s)</source>
        <translation>
            <numerusform>%n LLM call</numerusform>
            <numerusform>%n LLM calls</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::HkbSuggestion</name>
    <message numerus="yes">
        <source>%1 %2 (%n case(s))</source>
        <translation>
            <numerusform>%1 %2 (%n case)</numerusform>
            <numerusform>%1 %2 (%n cases)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>HKB: no similar annotated question yet (%n case(s) in the knowledge base)</source>
        <translation>
            <numerusform>HKB: no similar annotated question yet (%n case in the knowledge base)</numerusform>
            <numerusform>HKB: no similar annotated question yet (%n cases in the knowledge base)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::ImportDialog</name>
    <message numerus="yes">
        <source>%n case(s)</source>
        <translation>
            <numerusform>%n case</numerusform>
            <numerusform>%n cases</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::ImportPreview</name>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>%n more</numerusform>
            <numerusform>%n more</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>database missing for %n (%1)</source>
        <translation>
            <numerusform>database missing for %n (%1)</numerusform>
            <numerusform>database missing for %n (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>no gold SQL for %n</source>
        <translation>
            <numerusform>no gold SQL for %n</numerusform>
            <numerusform>no gold SQL for %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) not scored: %1</source>
        <translation>
            <numerusform>%n case not scored: %1</numerusform>
            <numerusform>%n cases not scored: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::LlmController</name>
    <message numerus="yes">
        <source>Generated SQL with %n finding(s): %1. Hover a highlighted span or put the cursor in it for the reason.</source>
        <translation>
            <numerusform>Generated SQL with %n finding: %1. Hover a highlighted span or put the cursor in it for the reason.</numerusform>
            <numerusform>Generated SQL with %n findings: %1. Hover a highlighted span or put the cursor in it for the reason.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s).</source>
        <translation>
            <numerusform>%n row.</numerusform>
            <numerusform>%n rows.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::LlmLogPanel</name>
    <message numerus="yes">
        <source>%n call(s), %1 tokens, $%2</source>
        <translation>
            <numerusform>%n call, %1 tokens, $%2</numerusform>
            <numerusform>%n calls, %1 tokens, $%2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::MainWindow</name>
    <message numerus="yes">
        <source>%n table(s)</source>
        <translation>
            <numerusform>%n table</numerusform>
            <numerusform>%n tables</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::ReportDialog</name>
    <message numerus="yes">
        <source>%1 (%n case(s))</source>
        <translation>
            <numerusform>%1 (%n case)</numerusform>
            <numerusform>%1 (%n cases)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 (%2, %n case(s)).</source>
        <translation>
            <numerusform>Wrote %1 (%2, %n case).</numerusform>
            <numerusform>Wrote %1 (%2, %n cases).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::ReviewController</name>
    <message numerus="yes">
        <source>Imported %n case(s)</source>
        <translation>
            <numerusform>Imported %n case</numerusform>
            <numerusform>Imported %n cases</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::ReviewTeamActions</name>
    <message numerus="yes">
        <source>%n annotation(s) of %1 written to %2</source>
        <translation>
            <numerusform>%n annotation of %1 written to %2</numerusform>
            <numerusform>%n annotations of %1 written to %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n annotation(s) added</source>
        <translation>
            <numerusform>%n annotation added</numerusform>
            <numerusform>%n annotations added</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already present</source>
        <translation>
            <numerusform>%n already present</numerusform>
            <numerusform>%n already present</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n for cases not in this run</source>
        <translation>
            <numerusform>%n for cases not in this run</numerusform>
            <numerusform>%n for cases not in this run</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::RunActions</name>
    <message numerus="yes">
        <source>Delete the run “%1” with its %n case(s), their results, findings and annotations?</source>
        <translation>
            <numerusform>Delete the run “%1” with its %n case, their results, findings and annotations?</numerusform>
            <numerusform>Delete the run “%1” with its %n cases, their results, findings and annotations?</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::RunHeader</name>
    <message numerus="yes">
        <source>%1 (%n case(s))</source>
        <translation>
            <numerusform>%1 (%n case)</numerusform>
            <numerusform>%1 (%n cases)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::RunSummary</name>
    <message numerus="yes">
        <source>%n case(s), not evaluated yet</source>
        <translation>
            <numerusform>%n case, not evaluated yet</numerusform>
            <numerusform>%n cases, not evaluated yet</numerusform>
        </translation>
    </message>
</context>
</TS>
