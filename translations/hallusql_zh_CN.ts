<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>HelpGuide</name>
    <message>
        <source>&lt;h2&gt;HalluSQL in five steps&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;Open a database&lt;/b&gt;: File &amp;gt; Open Database (Ctrl+O), or File &amp;gt; Open Demo Database. Databases are opened read-only; nothing you run can change them.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Choose a model&lt;/b&gt;: Settings &amp;gt; LLM Endpoints and Prompts adds an OpenAI-compatible endpoint (Ollama, llama.cpp, vLLM or a hosted API). The model box in the toolbar switches between profiles.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Ask&lt;/b&gt;: type a question above the editor and press Generate SQL (Ctrl+G). The SQL appears in the editor with suspicious parts underlined: hover one for the reason. Ctrl+Enter runs the statement under the cursor; the rows appear under Results. SQL you paste or type is checked the same way when you run it, against the question above the editor.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Check without a gold answer&lt;/b&gt;: the Follow-ups tab (next to Results) asks rewritten questions whose answers must agree with the first one. &quot;Consistent&quot; means they did; &quot;Could not check&quot; means too few of them gave an answer that says anything.&lt;/li&gt;&lt;li&gt;&lt;b&gt;Review a benchmark run&lt;/b&gt;: File &amp;gt; Import Benchmark Run brings gold and predicted SQL into a workspace; the Review tab scores every case and lists failures by hallucination category, to confirm or correct.&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;Esc cancels the running job. View lists the panels; Settings holds the language and the model endpoints.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;五步上手 HalluSQL&lt;/h2&gt;&lt;ol&gt;&lt;li&gt;&lt;b&gt;打开数据库&lt;/b&gt;：文件 &amp;gt; 打开数据库（Ctrl+O），或 文件 &amp;gt; 打开演示数据库。数据库以只读方式打开；您运行的任何内容都不会修改它。&lt;/li&gt;&lt;li&gt;&lt;b&gt;选择模型&lt;/b&gt;：在 设置 &amp;gt; LLM 端点与提示 中添加兼容 OpenAI 的端点（Ollama、llama.cpp、vLLM 或托管 API）。工具栏中的模型框可在各配置之间切换。&lt;/li&gt;&lt;li&gt;&lt;b&gt;提问&lt;/b&gt;：在编辑器上方输入问题，然后点击“生成 SQL”（Ctrl+G）。SQL 会出现在编辑器中，可疑部分带有下划线：将鼠标悬停其上即可查看原因。Ctrl+Enter 运行光标所在的语句；结果行显示在“查询结果”中。您粘贴或输入的 SQL 在运行时也会按编辑器上方的问题同样检查。&lt;/li&gt;&lt;li&gt;&lt;b&gt;无需标准答案即可检查&lt;/b&gt;：“追问”选项卡（位于“查询结果”旁）会提出改写后的问题，它们的答案必须与原问题一致。“一致”表示确实如此；“无法检查”表示给出有意义答案的追问太少。&lt;/li&gt;&lt;li&gt;&lt;b&gt;审查基准运行&lt;/b&gt;：文件 &amp;gt; 导入基准运行 将标准 SQL 和预测 SQL 导入工作区；“审查”选项卡为每个案例评分，并按幻觉类别列出失败案例，供您确认或更正。&lt;/li&gt;&lt;/ol&gt;&lt;p&gt;Esc 取消正在运行的任务。“视图”菜单列出各个面板；“设置”菜单包含语言和模型端点。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Quick Guide</source>
        <translation>快速指南</translation>
    </message>
</context>
<context>
    <name>MainActions</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Database…</source>
        <translation>打开数据库(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a SQLite database (read-only)</source>
        <translation>打开 SQLite 数据库（只读）</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Open &amp;Demo Database</source>
        <translation>打开演示数据库(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Close Database</source>
        <translation>关闭数据库(&amp;C)</translation>
    </message>
    <message>
        <source>Clear Recent Files</source>
        <translation>清除最近文件</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Query</source>
        <translation>查询(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Run the selection, the statement under the cursor, or everything (Ctrl+Enter)</source>
        <translation>运行所选内容、光标所在语句或全部内容（Ctrl+Enter）</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Cancel the running query (Esc)</source>
        <translation>取消正在运行的查询（Esc）</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Next Tab</source>
        <translation>下一个标签页(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Tab</source>
        <translation>上一个标签页(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About HalluSQL</source>
        <translation>关于 HalluSQL(&amp;A)</translation>
    </message>
    <message>
        <source>Main Toolbar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Open &amp;Workspace…</source>
        <translation>打开工作区(&amp;W)…</translation>
    </message>
    <message>
        <source>Open a HalluSQL workspace (*.hallusql) with benchmark runs</source>
        <translation>打开包含基准运行的 HalluSQL 工作区 (*.hallusql)</translation>
    </message>
    <message>
        <source>&amp;Import Benchmark Run…</source>
        <translation>导入基准运行(&amp;I)…</translation>
    </message>
    <message>
        <source>Import the output of a text-to-SQL system on a benchmark into the workspace</source>
        <translation>将 text-to-SQL 系统在基准上的输出导入工作区</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Quick Guide</source>
        <translation>快速指南(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;New Workspace…</source>
        <translation>新建工作区(&amp;N)…</translation>
    </message>
    <message>
        <source>Create an empty HalluSQL workspace file for benchmark runs and reviews</source>
        <translation>创建一个空的 HalluSQL 工作区文件，用于存放基准运行和审查</translation>
    </message>
    <message>
        <source>Save Workspace &amp;As…</source>
        <translation>工作区另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Write a copy of the open workspace to a new file and continue in the copy</source>
        <translation>将当前工作区复制到新文件，并在副本中继续工作</translation>
    </message>
    <message>
        <source>&amp;Export Report…</source>
        <translation>导出报告(&amp;E)…</translation>
    </message>
    <message>
        <source>Write a review report of a run as HTML, PDF, CSV or JSON Lines</source>
        <translation>将某次运行的审查报告导出为 HTML、PDF、CSV 或 JSON Lines</translation>
    </message>
    <message>
        <source>Next P&amp;ane</source>
        <translation>下一个窗格(&amp;A)</translation>
    </message>
    <message>
        <source>Move the keyboard focus to the next part of the Query tab: question, editor, results, schema</source>
        <translation>将键盘焦点移到查询页的下一部分：问题、编辑器、结果、数据库结构</translation>
    </message>
    <message>
        <source>Previous Pan&amp;e</source>
        <translation>上一个窗格(&amp;E)</translation>
    </message>
</context>
<context>
    <name>ReliabilityLine</name>
    <message>
        <source>Abstention: %1 questions, %2 answered, %3 abstained</source>
        <translation>拒答：%1 个问题，%2 个已回答，%3 个已拒答</translation>
    </message>
    <message>
        <source>RS(0) %1</source>
        <translation>RS(0) %1</translation>
    </message>
    <message>
        <source>RS(10) %1</source>
        <translation>RS(10) %1</translation>
    </message>
    <message>
        <source>RS(N = %1) %2</source>
        <translation>RS(N = %1) %2</translation>
    </message>
    <message>
        <source>penalty c of a wrong answer: 0, 10, N</source>
        <translation>错误回答的惩罚 c：0、10、N</translation>
    </message>
    <message>
        <source>thresholds: %1</source>
        <translation>阈值：%1</translation>
    </message>
    <message>
        <source>Reliability score RS(c) (TrustSQL): +1 for a correct answer (EX set) or an abstention on an infeasible question, 0 for an abstention on a feasible question, -c for a wrong answer or an answered infeasible question; the mean over the scored questions.
%1 feasible (with a gold query), %2 infeasible, %3 unscored (neither); %4 correct answers. An answered case not evaluated yet counts as wrong.</source>
        <translation>可靠性分数 RS(c)（TrustSQL）：正确回答（EX 集合）或对不可回答问题的拒答记 +1，对可回答问题的拒答记 0，错误回答或回答了不可回答的问题记 -c；取计分问题的平均值。
%1 个可回答（有标准 SQL），%2 个不可回答，%3 个未计分（两者皆非）；%4 个正确回答。尚未评估的已回答案例按错误计。</translation>
    </message>
</context>
<context>
    <name>ReviewerDialog</name>
    <message>
        <source>Who is reviewing?</source>
        <translation>谁在审查？</translation>
    </message>
    <message>
        <source>Every annotation records its reviewer, so that several reviewers can be compared. The name is remembered.</source>
        <translation>每条标注都会记录其审查者，以便比较多位审查者的结果。该名称会被记住。</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>姓名：</translation>
    </message>
    <message>
        <source>E-mail:</source>
        <translation>电子邮件：</translation>
    </message>
</context>
<context>
    <name>hs::ui::AbstainText</name>
    <message>
        <source>the question asks for something a query cannot do (&apos;%1&apos;)</source>
        <translation>该问题要求查询无法完成的操作（“%1”）</translation>
    </message>
    <message>
        <source>the question needs knowledge from outside the database (&apos;%1&apos;)</source>
        <translation>该问题需要数据库以外的知识（“%1”）</translation>
    </message>
    <message>
        <source>the question asks for the &apos;%1&apos; of &apos;%2&apos;, but table %3 has no such column (&apos;%1&apos; is a column of %4)</source>
        <translation>该问题询问“%2”的“%1”，但表 %3 没有这一列（“%1”是 %4 的列）</translation>
    </message>
    <message>
        <source>the question asks for the &apos;%1&apos; of &apos;%2&apos;, which table %3 does not have</source>
        <translation>该问题询问“%2”的“%1”，而表 %3 中没有该信息</translation>
    </message>
    <message>
        <source>the question asks for &apos;%1&apos;, which no table, column or stored value has</source>
        <translation>该问题询问“%1”，但没有任何表、列或已存储的值与之对应</translation>
    </message>
    <message>
        <source>(nearest: &apos;%1&apos;)</source>
        <translation>（最接近：“%1”）</translation>
    </message>
    <message>
        <source>the model judges the question infeasible (%1, P %2)</source>
        <translation>模型判断该问题无法回答（%1，P %2）</translation>
    </message>
    <message>
        <source>the generated SQL looks wrong: risk %1, abstains from %2</source>
        <translation>生成的 SQL 看起来有误：风险 %1，拒答阈值 %2</translation>
    </message>
    <message>
        <source>the model&apos;s verifier judges the SQL wrong (P(wrong) %1)</source>
        <translation>模型的验证器判断该 SQL 有误（P(错误) %1）</translation>
    </message>
    <message>
        <source>Abstained: %1.</source>
        <translation>已拒答：%1。</translation>
    </message>
    <message>
        <source>schema linking</source>
        <translation>模式链接</translation>
    </message>
    <message>
        <source>LLM classifier</source>
        <translation>LLM 分类器</translation>
    </message>
    <message>
        <source>risk score</source>
        <translation>风险分数</translation>
    </message>
    <message>
        <source>LLM verifier</source>
        <translation>LLM 验证器</translation>
    </message>
    <message>
        <source>%1: could not judge (%2)</source>
        <translation>%1：无法判断（%2）</translation>
    </message>
    <message>
        <source>%1: %2 (abstains from %3)</source>
        <translation>%1：%2（拒答阈值 %3）</translation>
    </message>
</context>
<context>
    <name>hs::ui::AdjudicationView</name>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Case</source>
        <translation>案例</translation>
    </message>
    <message>
        <source>Final label</source>
        <translation>最终标签</translation>
    </message>
    <message>
        <source>Reviewer</source>
        <translation>审查者</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>No verdict</source>
        <translation>无结论</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>unsure</source>
        <translation>不确定</translation>
    </message>
    <message>
        <source>Why (optional)</source>
        <translation>理由（可选）</translation>
    </message>
    <message>
        <source>Record final label</source>
        <translation>记录最终标签</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Put back the final label as it was before the last change (%1)</source>
        <translation>将最终标签恢复为上次更改之前的状态（%1）</translation>
    </message>
    <message>
        <source>Not undone: %1</source>
        <translation>未撤销：%1</translation>
    </message>
    <message>
        <source>Undone: the final label is again %1</source>
        <translation>已撤销：最终标签恢复为 %1</translation>
    </message>
    <message>
        <source>Undone: the case has no final label again</source>
        <translation>已撤销：该案例又没有最终标签了</translation>
    </message>
    <message>
        <source>Cannot open the workspace: %1</source>
        <translation>无法打开工作区：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) where reviewers disagree</source>
        <translation>
            <numerusform>%n 个审查者意见不一致的案例</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n adjudicated</source>
        <translation>
            <numerusform>已裁定 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>no hallucination</source>
        <translation>无幻觉</translation>
    </message>
    <message>
        <source>No case of this run has reviewers who disagree.</source>
        <translation>此运行中没有审查者意见不一致的案例。</translation>
    </message>
    <message>
        <source>-- predicted</source>
        <translation>-- 预测</translation>
    </message>
    <message>
        <source>-- gold</source>
        <translation>-- 标准</translation>
    </message>
    <message>
        <source>Adjudicated by %1</source>
        <translation>由 %1 裁定</translation>
    </message>
    <message>
        <source>Not recorded: the adjudicator has no name.</source>
        <translation>未记录：裁定者没有姓名。</translation>
    </message>
    <message>
        <source>Not recorded: choose a verdict or check at least one label.</source>
        <translation>未记录：请选择一个结论，或至少勾选一个标签。</translation>
    </message>
    <message>
        <source>Not recorded: %1</source>
        <translation>未记录：%1</translation>
    </message>
    <message>
        <source>Recorded: %1</source>
        <translation>已记录：%1</translation>
    </message>
    <message>
        <source>Disagreements come from other reviewers&apos; annotations: File ▸ Import Reviewer&apos;s Annotations…</source>
        <translation>分歧来自其他审查者的标注：请使用“文件 ▸ 导入审查者的标注…”。</translation>
    </message>
</context>
<context>
    <name>hs::ui::AnnotationBar</name>
    <message>
        <source>Confirm</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>驳回</translation>
    </message>
    <message>
        <source>Add label</source>
        <translation>添加标签</translation>
    </message>
    <message>
        <source>Label the case with the chosen hallucination type</source>
        <translation>用所选幻觉类型标注此案例</translation>
    </message>
    <message>
        <source>Mark correct</source>
        <translation>标记为正确</translation>
    </message>
    <message>
        <source>The prediction has no hallucination (clears the case&apos;s MRSQLGen types)</source>
        <translation>预测没有幻觉（清除此案例的 MRSQLGen 类型）</translation>
    </message>
    <message>
        <source>Remove last</source>
        <translation>撤销最后一条</translation>
    </message>
    <message>
        <source>Annotations are not available: %1</source>
        <translation>无法使用标注：%1</translation>
    </message>
    <message>
        <source>Select an automatic finding in the Findings list first.</source>
        <translation>请先在“发现”列表中选择一条自动发现。</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>The selected finding is right</source>
        <translation>所选发现正确</translation>
    </message>
    <message>
        <source>The selected finding is wrong</source>
        <translation>所选发现错误</translation>
    </message>
    <message>
        <source>Remove the last annotation of the session</source>
        <translation>移除本次会话的最后一条标注</translation>
    </message>
    <message>
        <source>no reviewer name was given</source>
        <translation>未提供审查者姓名</translation>
    </message>
    <message>
        <source>Note for the next annotation: %1</source>
        <translation>下一条标注的备注：%1</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>A note kept with the next annotation of this case:</source>
        <translation>随此案例的下一条标注一起保存的备注：</translation>
    </message>
    <message>
        <source>Label span</source>
        <translation>标注片段</translation>
    </message>
    <message>
        <source>Label exactly the text selected in the gold or predicted SQL with the chosen type</source>
        <translation>用所选类型标注标准 SQL 或预测 SQL 中恰好选中的文本</translation>
    </message>
    <message>
        <source>Select the text to label in the gold or predicted SQL first.</source>
        <translation>请先在标准 SQL 或预测 SQL 中选中要标注的文本。</translation>
    </message>
</context>
<context>
    <name>hs::ui::AnnotationHistory</name>
    <message>
        <source>marked correct</source>
        <translation>已标记为正确</translation>
    </message>
    <message>
        <source>mark correct</source>
        <translation>标记为正确</translation>
    </message>
    <message>
        <source>marked incorrect</source>
        <translation>已标记为错误</translation>
    </message>
    <message>
        <source>mark incorrect</source>
        <translation>标记为错误</translation>
    </message>
    <message>
        <source>marked unsure</source>
        <translation>已标记为不确定</translation>
    </message>
    <message>
        <source>mark unsure</source>
        <translation>标记为不确定</translation>
    </message>
    <message>
        <source>confirmed %1</source>
        <translation>已确认 %1</translation>
    </message>
    <message>
        <source>confirm %1</source>
        <translation>确认 %1</translation>
    </message>
    <message>
        <source>rejected %1</source>
        <translation>已驳回 %1</translation>
    </message>
    <message>
        <source>reject %1</source>
        <translation>驳回 %1</translation>
    </message>
    <message>
        <source>labelled a span %1</source>
        <translation>已标注片段 %1</translation>
    </message>
    <message>
        <source>label a span %1</source>
        <translation>标注片段 %1</translation>
    </message>
    <message>
        <source>added the label %1</source>
        <translation>已添加标签 %1</translation>
    </message>
    <message>
        <source>add the label %1</source>
        <translation>添加标签 %1</translation>
    </message>
</context>
<context>
    <name>hs::ui::AnnotationList</name>
    <message>
        <source>Annotator</source>
        <translation>标注者</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>备注：%1</translation>
    </message>
    <message>
        <source>added</source>
        <translation>已添加</translation>
    </message>
    <message>
        <source>confirmed</source>
        <translation>已确认</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>已驳回</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>unsure</source>
        <translation>不确定</translation>
    </message>
</context>
<context>
    <name>hs::ui::CaseEditList</name>
    <message>
        <source>insert</source>
        <translation>插入</translation>
    </message>
    <message>
        <source>remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>update</source>
        <translation>修改</translation>
    </message>
    <message>
        <source>move</source>
        <translation>移动</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Clause</source>
        <translation>子句</translation>
    </message>
    <message>
        <source>Gold</source>
        <translation>标准</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>No edit script: both the gold and the predicted SQL are needed.</source>
        <translation>无编辑脚本：需要同时提供标准 SQL 和预测 SQL。</translation>
    </message>
    <message>
        <source>gold</source>
        <translation>标准</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>No edit script: %1</source>
        <translation>无编辑脚本：%1</translation>
    </message>
    <message>
        <source>No edit script: the %1 SQL does not parse: %2</source>
        <translation>无编辑脚本：%1 SQL 无法解析：%2</translation>
    </message>
    <message>
        <source>The queries are equivalent after normalisation: no edit.</source>
        <translation>规范化后两个查询等价：无需编辑。</translation>
    </message>
    <message numerus="yes">
        <source>%n edit(s)</source>
        <translation>
            <numerusform>%n 处编辑</numerusform>
        </translation>
    </message>
    <message>
        <source>join condition (ON)</source>
        <translation>连接条件（ON）</translation>
    </message>
    <message>
        <source>set operation</source>
        <translation>集合运算</translation>
    </message>
</context>
<context>
    <name>hs::ui::CaseFilterBar</name>
    <message>
        <source>All findings</source>
        <translation>全部发现</translation>
    </message>
    <message>
        <source>All models</source>
        <translation>全部模型</translation>
    </message>
    <message>
        <source>All difficulties</source>
        <translation>全部难度</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Search question, SQL, database…</source>
        <translation>搜索问题、SQL、数据库…</translation>
    </message>
    <message>
        <source>All verdicts</source>
        <translation>全部判定</translation>
    </message>
    <message>
        <source>EX correct</source>
        <translation>EX 正确</translation>
    </message>
    <message>
        <source>EX wrong</source>
        <translation>EX 错误</translation>
    </message>
    <message>
        <source>EX undecided</source>
        <translation>EX 未决</translation>
    </message>
    <message>
        <source>Execution accuracy under set semantics</source>
        <translation>集合语义下的执行准确率</translation>
    </message>
    <message>
        <source>Reviewed or not</source>
        <translation>是否已审查</translation>
    </message>
    <message>
        <source>Reviewed</source>
        <translation>已审查</translation>
    </message>
    <message>
        <source>Unreviewed</source>
        <translation>未审查</translation>
    </message>
    <message>
        <source>Disputed</source>
        <translation>有争议</translation>
    </message>
    <message>
        <source>Cases with annotations, without, or where reviewers disagree</source>
        <translation>有标注、无标注或审查者意见不一致的案例</translation>
    </message>
</context>
<context>
    <name>hs::ui::CaseHeader</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Human labels:</source>
        <translation>人工标签：</translation>
    </message>
    <message>
        <source>No case selected</source>
        <translation>未选择案例</translation>
    </message>
    <message>
        <source>(no question)</source>
        <translation>（无问题）</translation>
    </message>
    <message>
        <source>Evidence: %1</source>
        <translation>证据：%1</translation>
    </message>
    <message>
        <source>db %1</source>
        <translation>数据库 %1</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>model %1</source>
        <translation>模型 %1</translation>
    </message>
    <message>
        <source>human labels: %1</source>
        <translation>人工标签：%1</translation>
    </message>
    <message>
        <source>%1 ?</source>
        <translation>%1 ?</translation>
    </message>
    <message>
        <source>%1: cannot be decided (no gold result)</source>
        <translation>%1：无法判定（无标准结果）</translation>
    </message>
    <message>
        <source>%1 ✓</source>
        <translation>%1 ✓</translation>
    </message>
    <message>
        <source>%1 ✗</source>
        <translation>%1 ✗</translation>
    </message>
    <message>
        <source>%1: the results match</source>
        <translation>%1：结果一致</translation>
    </message>
    <message>
        <source>%1: the results differ</source>
        <translation>%1：结果不同</translation>
    </message>
    <message>
        <source>EX set</source>
        <translation>EX 集合</translation>
    </message>
    <message>
        <source>Execution accuracy with set semantics (BIRD)</source>
        <translation>集合语义下的执行准确率（BIRD）</translation>
    </message>
    <message>
        <source>EX bag</source>
        <translation>EX 多重集</translation>
    </message>
    <message>
        <source>Execution accuracy with multiset semantics</source>
        <translation>多重集语义下的执行准确率</translation>
    </message>
    <message>
        <source>EX ordered</source>
        <translation>EX 有序</translation>
    </message>
    <message>
        <source>Execution accuracy with ordered rows (the gold query orders)</source>
        <translation>按行顺序比较的执行准确率（标准查询有排序）</translation>
    </message>
    <message>
        <source>Soft-F1 %1</source>
        <translation>Soft-F1 %1</translation>
    </message>
    <message>
        <source>Risk %1</source>
        <translation>风险 %1</translation>
    </message>
    <message>
        <source>Gold-free risk score; no check fired</source>
        <translation>无需标准 SQL 的风险分数；未触发任何检查</translation>
    </message>
    <message>
        <source>Gold-free risk score; reasons:
%1</source>
        <translation>无需标准 SQL 的风险分数；原因：
%1</translation>
    </message>
    <message>
        <source>risk: %1</source>
        <translation>风险：%1</translation>
    </message>
    <message>
        <source>Soft-F1 as BIRD mini-dev defines it: duplicate rows are dropped, then the rows are paired by position and compared value by value.
It can be low while EX set is ✓: the same rows in another order are paired with the wrong partners, and duplicates that EX set ignores shift the pairing.</source>
        <translation>BIRD mini-dev 定义的 Soft-F1：先去除重复行，再按位置将各行配对并逐值比较。
即使 EX 集合为 ✓，它也可能很低：相同的行若顺序不同会与错误的对象配对，而 EX 集合忽略的重复行也会使配对错位。</translation>
    </message>
    <message>
        <source>EX any column order</source>
        <translation>EX 任意列序</translation>
    </message>
    <message>
        <source>Execution accuracy with set semantics after reordering the predicted columns</source>
        <translation>重排预测结果的列之后，集合语义下的执行准确率</translation>
    </message>
    <message>
        <source>Thresholds: %1</source>
        <translation>阈值：%1</translation>
    </message>
    <message>
        <source>⊘ Abstained</source>
        <translation>⊘ 已拒答</translation>
    </message>
    <message>
        <source>The run abstained on this question</source>
        <translation>该运行对此问题拒答</translation>
    </message>
    <message>
        <source>The run abstained: %1</source>
        <translation>该运行拒答：%1</translation>
    </message>
    <message>
        <source>Answered</source>
        <translation>已回答</translation>
    </message>
    <message>
        <source>The run answered: no abstention check fired</source>
        <translation>该运行已回答：没有拒答检查触发</translation>
    </message>
    <message>
        <source>Infeasible</source>
        <translation>不可回答</translation>
    </message>
    <message>
        <source>An infeasible question (%1): no SQL answers it; abstaining is correct</source>
        <translation>不可回答的问题（%1）：没有 SQL 能回答它；拒答是正确的</translation>
    </message>
    <message>
        <source>Abstained: %1</source>
        <translation>已拒答：%1</translation>
    </message>
    <message>
        <source>Intent-violating Hallucination</source>
        <translation>违背意图的幻觉</translation>
    </message>
</context>
<context>
    <name>hs::ui::CaseListModel</name>
    <message>
        <source>Prediction failed: %1</source>
        <translation>预测失败：%1</translation>
    </message>
    <message>
        <source>Cannot be decided (no gold result, or not ordered)</source>
        <translation>无法判定（无标准结果或未排序）</translation>
    </message>
    <message>
        <source>Execution accuracy, set semantics (BIRD&apos;s official metric)</source>
        <translation>执行准确率，集合语义（BIRD 官方指标）</translation>
    </message>
    <message>
        <source>Execution accuracy, multiset (bag) semantics</source>
        <translation>执行准确率，多重集语义</translation>
    </message>
    <message>
        <source>Execution accuracy, ordered (only when the gold query orders its output)</source>
        <translation>执行准确率，有序（仅当标准查询对输出排序时）</translation>
    </message>
    <message>
        <source>Gold-free risk score in [0, 1]</source>
        <translation>无需标准 SQL 的风险分数，取值范围 [0, 1]</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Case</source>
        <translation>案例</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>数据库</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Difficulty</source>
        <translation>难度</translation>
    </message>
    <message>
        <source>EX set</source>
        <translation>EX 集合</translation>
    </message>
    <message>
        <source>EX bag</source>
        <translation>EX 多重集</translation>
    </message>
    <message>
        <source>EX ord.</source>
        <translation>EX 有序</translation>
    </message>
    <message>
        <source>Soft-F1</source>
        <translation>Soft-F1</translation>
    </message>
    <message>
        <source>Risk</source>
        <translation>风险</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>unsure</source>
        <translation>不确定</translation>
    </message>
    <message numerus="yes">
        <source>%n annotation(s); reviewers disagree</source>
        <translation>
            <numerusform>%n 条标注；审查者意见不一致</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n annotation(s)</source>
        <translation>
            <numerusform>%n 条标注</numerusform>
        </translation>
    </message>
    <message>
        <source>Reviewed (✓), the human verdict, and ⚠ when reviewers disagree</source>
        <translation>已审查（✓）、人工判定，以及审查者意见不一致时的 ⚠</translation>
    </message>
    <message>
        <source>Reviewed</source>
        <translation>已审查</translation>
    </message>
    <message numerus="yes">
        <source>Adjudicated: the final label is %1 (%n annotation(s))</source>
        <translation>
            <numerusform>已裁定：最终标签为 %1（%n 条标注）</numerusform>
        </translation>
    </message>
    <message>
        <source>Abstained</source>
        <translation>已拒答</translation>
    </message>
    <message>
        <source>Abstained: %1</source>
        <translation>已拒答：%1</translation>
    </message>
    <message>
        <source>Infeasible question (%1)</source>
        <translation>不可回答的问题（%1）</translation>
    </message>
</context>
<context>
    <name>hs::ui::CasePlanView</name>
    <message>
        <source>Gold plan</source>
        <translation>标准计划</translation>
    </message>
    <message>
        <source>Predicted plan</source>
        <translation>预测计划</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>算子</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Plan node</source>
        <translation>计划节点</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>No case selected.</source>
        <translation>未选择案例。</translation>
    </message>
    <message>
        <source>No SQL on this side.</source>
        <translation>此侧没有 SQL。</translation>
    </message>
    <message>
        <source>No plan: the SQL does not parse (%1).</source>
        <translation>无计划：SQL 无法解析（%1）。</translation>
    </message>
    <message>
        <source>Only in the gold plan</source>
        <translation>仅在标准计划中</translation>
    </message>
    <message>
        <source>Only in the predicted plan</source>
        <translation>仅在预测计划中</translation>
    </message>
    <message>
        <source>Differs from the other plan</source>
        <translation>与另一侧计划不同</translation>
    </message>
    <message>
        <source>Findings: %1</source>
        <translation>发现：%1</translation>
    </message>
    <message>
        <source>predicted: %1</source>
        <translation>预测：%1</translation>
    </message>
    <message>
        <source>gold: %1</source>
        <translation>标准：%1</translation>
    </message>
    <message>
        <source>no plan node</source>
        <translation>无计划节点</translation>
    </message>
    <message>
        <source>The two plans do not differ.</source>
        <translation>两个计划没有差异。</translation>
    </message>
    <message numerus="yes">
        <source>%n plan node(s) differ (≠ changed, + only in this plan).</source>
        <translation>
            <numerusform>%n 个计划节点不同（≠ 已改变，+ 仅在此计划中）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s) attached to their plan nodes (⚑), %1 without a node.</source>
        <translation>
            <numerusform>%n 条发现已关联到其计划节点（⚑），%1 条没有节点。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::CaseResultModel</name>
    <message>
        <source>This gold row is missing from the prediction</source>
        <translation>预测结果中缺少此标准行</translation>
    </message>
    <message>
        <source>This predicted row is not in the gold result</source>
        <translation>此预测行不在标准结果中</translation>
    </message>
</context>
<context>
    <name>hs::ui::CaseResultPair</name>
    <message>
        <source>Gold result</source>
        <translation>标准结果</translation>
    </message>
    <message>
        <source>Predicted result</source>
        <translation>预测结果</translation>
    </message>
    <message>
        <source>No SQL on this side (the generation failed or there is no gold query).</source>
        <translation>此侧没有 SQL（生成失败或没有标准查询）。</translation>
    </message>
    <message>
        <source>Not executed: the database was not found.</source>
        <translation>未执行：找不到数据库。</translation>
    </message>
    <message>
        <source>Execution failed (%1):
%2</source>
        <translation>执行失败（%1）：
%2</translation>
    </message>
    <message>
        <source>Execution failed.</source>
        <translation>执行失败。</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n row(s)</source>
        <translation>
            <numerusform>%1：%n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>, first %1 shown</source>
        <translation>，显示前 %1 行</translation>
    </message>
    <message>
        <source> (result truncated by the row limit)</source>
        <translation>（结果已按行数上限截断）</translation>
    </message>
    <message>
        <source>%1 missing from the prediction</source>
        <translation>预测中缺少 %1</translation>
    </message>
    <message>
        <source>%1 not in the gold result</source>
        <translation>%1 不在标准结果中</translation>
    </message>
    <message>
        <source>Column count differs: gold %1, predicted %2.</source>
        <translation>列数不同：标准 %1，预测 %2。</translation>
    </message>
    <message>
        <source>Same rows with the columns in another order.</source>
        <translation>行相同，但列顺序不同。</translation>
    </message>
    <message>
        <source>Same rows (as multisets).</source>
        <translation>行相同（按多重集比较）。</translation>
    </message>
    <message numerus="yes">
        <source>%n gold row(s) missing from the prediction,</source>
        <translation>
            <numerusform>预测中缺少 %n 个标准行，</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n extra predicted row(s).</source>
        <translation>
            <numerusform>预测多出 %n 行。</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;span style=&apos;background:%1&apos;&gt;&amp;nbsp;missing&amp;nbsp;&lt;/span&gt; &lt;span style=&apos;background:%2&apos;&gt;&amp;nbsp;extra&amp;nbsp;&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;background:%1&apos;&gt;&amp;nbsp;缺失&amp;nbsp;&lt;/span&gt; &lt;span style=&apos;background:%2&apos;&gt;&amp;nbsp;多余&amp;nbsp;&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>hs::ui::CaseSqlPair</name>
    <message>
        <source>Gold SQL</source>
        <translation>标准 SQL</translation>
    </message>
    <message>
        <source>Predicted SQL</source>
        <translation>预测 SQL</translation>
    </message>
    <message>
        <source>Predicted SQL (%1)</source>
        <translation>预测 SQL（%1）</translation>
    </message>
    <message>
        <source>No gold SQL for this case.</source>
        <translation>此案例没有标准 SQL。</translation>
    </message>
    <message>
        <source>No predicted SQL: the generation failed or returned nothing.</source>
        <translation>没有预测 SQL：生成失败或未返回任何内容。</translation>
    </message>
    <message numerus="yes">
        <source>%n highlighted finding(s)</source>
        <translation>
            <numerusform>%n 条高亮发现</numerusform>
        </translation>
    </message>
    <message>
        <source>Abstained before generation.</source>
        <translation>在生成之前已拒答。</translation>
    </message>
</context>
<context>
    <name>hs::ui::CaseView</name>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Edit script</source>
        <translation>编辑脚本</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Taxonomy</source>
        <translation>分类体系</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Subcategory</source>
        <translation>子类别</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>This finding has no span in the SQL</source>
        <translation>此发现在 SQL 中没有对应位置</translation>
    </message>
    <message>
        <source>No findings: no rule fired on this case.</source>
        <translation>无发现：此案例未触发任何规则。</translation>
    </message>
    <message>
        <source>Findings (%1)</source>
        <translation>发现（%1）</translation>
    </message>
    <message>
        <source>Edit script (%1)</source>
        <translation>编辑脚本（%1）</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message numerus="yes">
        <source>Plan (%n differ)</source>
        <translation>
            <numerusform>计划（%n 处不同）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::CaseViewHost</name>
    <message>
        <source>Select a case in the list to see it here.</source>
        <translation>在列表中选择一个案例即可在此查看。</translation>
    </message>
</context>
<context>
    <name>hs::ui::DatabaseController</name>
    <message>
        <source>The file does not exist.</source>
        <translation>文件不存在。</translation>
    </message>
    <message>
        <source>This is a folder, not a database file.</source>
        <translation>这是一个文件夹，不是数据库文件。</translation>
    </message>
    <message>
        <source>The file cannot be read (permission denied).</source>
        <translation>无法读取该文件（权限被拒绝）。</translation>
    </message>
    <message>
        <source>Opening %1</source>
        <translation>正在打开 %1</translation>
    </message>
    <message>
        <source>Another job is still running; try again when it has finished.</source>
        <translation>另一项任务仍在运行；请在其完成后重试。</translation>
    </message>
</context>
<context>
    <name>hs::ui::DemoLoader</name>
    <message>
        <source>%1 (in %2)</source>
        <translation>%1（位于 %2）</translation>
    </message>
</context>
<context>
    <name>hs::ui::DetectorSummary</name>
    <message>
        <source>risk score</source>
        <translation>风险分数</translation>
    </message>
    <message>
        <source>LLM verifier</source>
        <translation>LLM 验证器</translation>
    </message>
    <message>
        <source>metamorphic testing</source>
        <translation>蜕变测试</translation>
    </message>
    <message>
        <source>Detectors: computing…</source>
        <translation>检测器：正在计算…</translation>
    </message>
    <message>
        <source>Detectors: %1</source>
        <translation>检测器：%1</translation>
    </message>
    <message>
        <source>Benchmarking the detectors</source>
        <translation>正在对检测器进行基准测试</translation>
    </message>
    <message>
        <source>%1 AUROC %2%3, AUPRC %4%5</source>
        <translation>%1 AUROC %2%3，AUPRC %4%5</translation>
    </message>
    <message>
        <source>%1 AUROC %2%3 (executable %4%5), AUPRC %6%7</source>
        <translation>%1 AUROC %2%3（可执行的预测 %4%5），AUPRC %6%7</translation>
    </message>
    <message>
        <source>Detectors by EX (%1 cases, %2 wrong): %3</source>
        <translation>按 EX 评估检测器（%1 个案例，%2 个错误）：%3</translation>
    </message>
    <message>
        <source>The same bench as hallusql-cli bench-detectors; wrong SQL (EX false) is the positive class; 95% bootstrap intervals.</source>
        <translation>与 hallusql-cli bench-detectors 相同的基准测试；错误的 SQL（EX 为假）为正类；区间为 95% bootstrap 置信区间。</translation>
    </message>
    <message>
        <source>%1: AUROC %2%3, AUPRC %4%5</source>
        <translation>%1：AUROC %2%3，AUPRC %4%5</translation>
    </message>
    <message>
        <source>  RS(%1), penalty %2: best %3 abstaining from score %4 (answer all %5, abstain from all %6)</source>
        <translation>  RS(%1)，惩罚 %2：最佳 %3，分数达到 %4 时拒答（全部回答 %5，全部拒答 %6）</translation>
    </message>
    <message>
        <source>Detectors by EX: no case with an EX verdict and a risk score yet</source>
        <translation>按 EX 评估检测器：尚无同时具有 EX 判定和风险分数的案例</translation>
    </message>
</context>
<context>
    <name>hs::ui::DifficultyText</name>
    <message>
        <source>easy</source>
        <translation>简单</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>中等</translation>
    </message>
    <message>
        <source>hard</source>
        <translation>困难</translation>
    </message>
    <message>
        <source>extra</source>
        <translation>极难</translation>
    </message>
    <message>
        <source>simple</source>
        <translation>简单</translation>
    </message>
    <message>
        <source>moderate</source>
        <translation>适中</translation>
    </message>
    <message>
        <source>challenging</source>
        <translation>有挑战性</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
</context>
<context>
    <name>hs::ui::DrilldownChartsView</name>
    <message>
        <source>%1 — %2: %3 (n = %4, N = %5)</source>
        <translation>%1 — %2：%3（n = %4，N = %5）</translation>
    </message>
    <message>
        <source> (exact same hallucination)</source>
        <translation>（完全相同的幻觉）</translation>
    </message>
    <message>
        <source>Hover a bar for the counts behind it.</source>
        <translation>将鼠标悬停在柱形上可查看其背后的计数。</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
    <message>
        <source>Recurrent: P(in final step | occurs earlier)</source>
        <translation>重复出现：P(最后一步出现 | 之前出现过)</translation>
    </message>
    <message>
        <source>Emergent: P(in final step | not earlier)</source>
        <translation>新出现：P(最后一步出现 | 之前未出现)</translation>
    </message>
    <message>
        <source>P(in final step)</source>
        <translation>P(最后一步出现)</translation>
    </message>
    <message>
        <source>P(occurs in earlier steps)</source>
        <translation>P(在之前的步骤中出现)</translation>
    </message>
    <message>
        <source>EX by difficulty</source>
        <translation>按难度统计的 EX</translation>
    </message>
    <message>
        <source>Exact same hallucination</source>
        <translation>完全相同的幻觉</translation>
    </message>
    <message>
        <source>%1 (+ history)</source>
        <translation>%1（+ 历史）</translation>
    </message>
    <message>
        <source>%1 — %2: %3 findings in %4 of %5 cases</source>
        <translation>%1 — %2：%5 个案例中有 %4 个共 %3 个发现</translation>
    </message>
    <message>
        <source>Difficulty</source>
        <translation>难度</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Execution accuracy (EX)</source>
        <translation>执行准确率 (EX)</translation>
    </message>
    <message>
        <source>Probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>Findings per category: %1</source>
        <translation>各类别的发现：%1</translation>
    </message>
    <message>
        <source>Open a workspace to chart the findings of its review runs.</source>
        <translation>打开工作区，以图表显示其审查运行的发现。</translation>
    </message>
    <message>
        <source>No findings in this run.</source>
        <translation>此运行中没有发现。</translation>
    </message>
    <message>
        <source>Findings per category (review run)</source>
        <translation>各类别的发现（审查运行）</translation>
    </message>
    <message>
        <source>The review run of the open workspace whose findings are charted</source>
        <translation>以图表显示其发现的、当前工作区中的审查运行</translation>
    </message>
    <message>
        <source>Counting the findings</source>
        <translation>正在统计发现</translation>
    </message>
    <message>
        <source>Cannot read the run&apos;s findings: %1</source>
        <translation>无法读取该运行的发现：%1</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Save the chart as a PNG or SVG image, or its numbers as CSV</source>
        <translation>将图表保存为 PNG 或 SVG 图像，或将其数据保存为 CSV</translation>
    </message>
    <message>
        <source>PNG Image…</source>
        <translation>PNG 图像…</translation>
    </message>
    <message>
        <source>SVG Image…</source>
        <translation>SVG 图像…</translation>
    </message>
    <message>
        <source>CSV Data…</source>
        <translation>CSV 数据…</translation>
    </message>
</context>
<context>
    <name>hs::ui::DrilldownLadderView</name>
    <message>
        <source>no SQL: %1</source>
        <translation>无 SQL：%1</translation>
    </message>
    <message>
        <source>No drill-down path selected</source>
        <translation>未选择下钻路径</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2): %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（%2）：%3</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Sub-question</source>
        <translation>子问题</translation>
    </message>
    <message>
        <source>Gold (this step adds)</source>
        <translation>标准（此步骤新增）</translation>
    </message>
    <message>
        <source>Model SQL (with history)</source>
        <translation>模型 SQL（有历史）</translation>
    </message>
    <message>
        <source>Model SQL (without history)</source>
        <translation>模型 SQL（无历史）</translation>
    </message>
    <message>
        <source>%1 (final)</source>
        <translation>%1（最终）</translation>
    </message>
    <message>
        <source>EX: %1 · Soft-F1: %2</source>
        <translation>EX：%1 · Soft-F1：%2</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>first: %1</source>
        <translation>首次出现：%1</translation>
    </message>
    <message>
        <source>recurs in the final step</source>
        <translation>在最后一步中再次出现</translation>
    </message>
    <message>
        <source>recurrent: %1</source>
        <translation>重复出现：%1</translation>
    </message>
</context>
<context>
    <name>hs::ui::DrilldownPage</name>
    <message>
        <source>Drill-down</source>
        <translation>下钻</translation>
    </message>
</context>
<context>
    <name>hs::ui::DrilldownPanel</name>
    <message>
        <source>Open drill-down run</source>
        <translation>打开下钻运行</translation>
    </message>
    <message>
        <source>Drill-down runs (*.jsonl *.json);;All files (*)</source>
        <translation>下钻运行 (*.jsonl *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Reading the drill-down run</source>
        <translation>正在读取下钻运行</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Counting…</source>
        <translation>正在计数…</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Open run…</source>
        <translation>打开运行…</translation>
    </message>
    <message>
        <source>A drill-down run: hallusql-cli drilldown run output, or seed 001&apos;s evaluation JSON</source>
        <translation>下钻运行：hallusql-cli drilldown run 的输出，或种子 001 的评估 JSON</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>No drill-down run open. Run Drill-down… decomposes the gold queries of a benchmark file step by step with the model; Open run… loads a saved run.</source>
        <translation>未打开下钻运行。“运行下钻…”用模型逐步分解基准文件中的标准查询；“打开运行…”载入已保存的运行。</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Run Drill-down…</source>
        <translation>运行下钻…</translation>
    </message>
    <message>
        <source>Decompose gold queries, ask the active LLM profile for each step and annotate the steps</source>
        <translation>分解标准 SQL 查询，针对每个步骤询问当前 LLM 配置，并标注各步骤</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Sub-questions (Prompt 1)</source>
        <translation>子问题（提示 1）</translation>
    </message>
    <message>
        <source>Per-step SQL (Prompt 2)</source>
        <translation>逐步 SQL（提示 2）</translation>
    </message>
    <message>
        <source>Executing and annotating the steps</source>
        <translation>正在执行并标注各步骤</translation>
    </message>
    <message>
        <source>Connecting to the model…</source>
        <translation>正在连接模型…</translation>
    </message>
    <message>
        <source>Cannot run the drill-down: %1</source>
        <translation>无法运行下钻：%1</translation>
    </message>
    <message>
        <source>Reading the cases…</source>
        <translation>正在读取案例…</translation>
    </message>
    <message>
        <source>No cases in %1</source>
        <translation>%1 中没有案例</translation>
    </message>
    <message>
        <source>stored in the workspace as run %1</source>
        <translation>已作为运行 %1 保存到工作区</translation>
    </message>
    <message>
        <source>not stored: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>The drill-down failed: %1</source>
        <translation>下钻失败：%1</translation>
    </message>
    <message>
        <source>Running the drill-down</source>
        <translation>正在运行下钻</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s)</source>
        <translation>
            <numerusform>%n 个案例</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s)</source>
        <translation>
            <numerusform>%n 个步骤</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot read the workspace&apos;s drill-down run: %1</source>
        <translation>无法读取工作区中的下钻运行：%1</translation>
    </message>
    <message>
        <source>Run &quot;%1&quot; from the workspace: %2</source>
        <translation>工作区中的运行“%1”：%2</translation>
    </message>
    <message>
        <source>Cancelled: %1 done</source>
        <translation>已取消：已完成 %1</translation>
    </message>
    <message>
        <source>Drill-down done: %1</source>
        <translation>下钻完成：%1</translation>
    </message>
    <message>
        <source>, %1 skipped, %2 LLM calls (%3 from the cache)</source>
        <translation>，跳过 %1 个，%2 次 LLM 调用（%3 次来自缓存）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>file: case and step counts</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <comment>case count, step count</comment>
        <extracomment>The drill-down status: &quot;12 cases, 58 steps&quot; (the separator follows the language).</extracomment>
        <translation>%1，%2</translation>
    </message>
</context>
<context>
    <name>hs::ui::DrilldownRunDialog</name>
    <message>
        <source>Run Drill-down</source>
        <translation>运行下钻</translation>
    </message>
    <message>
        <source>Detect from the file</source>
        <translation>根据文件检测</translation>
    </message>
    <message>
        <source>JSON Lines</source>
        <translation>JSON Lines</translation>
    </message>
    <message>
        <source>Spider (dev.json)</source>
        <translation>Spider (dev.json)</translation>
    </message>
    <message>
        <source>BIRD (dev.json)</source>
        <translation>BIRD (dev.json)</translation>
    </message>
    <message>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <source>Drill-down JSON (seed 001)</source>
        <translation>下钻 JSON（种子 001）</translation>
    </message>
    <message>
        <source>Folder with one folder per database (db_id/db_id.sqlite)</source>
        <translation>每个数据库各占一个子文件夹的文件夹 (db_id/db_id.sqlite)</translation>
    </message>
    <message>
        <source>Without history</source>
        <translation>无历史</translation>
    </message>
    <message>
        <source>With history</source>
        <translation>有历史</translation>
    </message>
    <message>
        <source>Both, side by side</source>
        <translation>两者并排</translation>
    </message>
    <message>
        <source>All cases</source>
        <translation>所有案例</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Cases file</source>
        <translation>案例文件</translation>
    </message>
    <message>
        <source>Cases (*.json *.jsonl *.csv *.sql);;All files (*)</source>
        <translation>案例 (*.json *.jsonl *.csv *.sql);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Database folder</source>
        <translation>数据库文件夹</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>&amp;Cases file:</source>
        <translation>案例文件(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Database folder:</source>
        <translation>数据库文件夹(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;History:</source>
        <translation>历史(&amp;H)：</translation>
    </message>
    <message>
        <source>Case &amp;limit:</source>
        <translation>案例上限(&amp;L)：</translation>
    </message>
</context>
<context>
    <name>hs::ui::EditorFindings</name>
    <message>
        <source>Checking the SQL</source>
        <translation>正在检查 SQL</translation>
    </message>
    <message>
        <source>Your SQL: the gold-free checks found nothing suspicious.</source>
        <translation>你的 SQL：无标准答案检查未发现可疑之处。</translation>
    </message>
    <message numerus="yes">
        <source>Your SQL has %n finding(s): %1. Hover a highlighted span or put the cursor in it for the reason.</source>
        <translation>
            <numerusform>你的 SQL 发现 %n 处问题：%1。将鼠标悬停在高亮处或把光标移入其中可查看原因。</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <comment>separator of a list of finding categories</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>Risk %1.</source>
        <translation>风险 %1。</translation>
    </message>
    <message>
        <source>Type the question it answers to check the SQL against it too.</source>
        <translation>输入它回答的问题，即可同时对照问题检查 SQL。</translation>
    </message>
    <message>
        <source>The question checks read English only: this question was not checked against the SQL.</source>
        <translation>问题检查只读英文问题：这个问题没有与 SQL 对照检查。</translation>
    </message>
</context>
<context>
    <name>hs::ui::EndpointHelp</name>
    <message>
        <source>This is Ollama&apos;s usual address: check that Ollama is installed and running (&quot;ollama serve&quot;) and that the model is pulled (&quot;ollama pull %1&quot;).</source>
        <translation>这是 Ollama 的常用地址：请检查 Ollama 已安装并正在运行（&quot;ollama serve&quot;），且模型已下载（&quot;ollama pull %1&quot;）。</translation>
    </message>
    <message>
        <source>To use a local model with Ollama: install Ollama, run &quot;ollama pull qwen2.5-coder:7b&quot; and &quot;ollama serve&quot;, then open Settings &gt; LLM Endpoints and Prompts and set the base URL to http://127.0.0.1:11434/v1 and the model to qwen2.5-coder:7b. llama.cpp&apos;s server, vLLM, LM Studio and hosted OpenAI-compatible APIs work the same way. Everything that does not need a model keeps working meanwhile.</source>
        <translation>要使用 Ollama 的本地模型：安装 Ollama，运行 &quot;ollama pull qwen2.5-coder:7b&quot; 和 &quot;ollama serve&quot;，然后打开 设置 &gt; LLM 端点与提示，将基础 URL 设为 http://127.0.0.1:11434/v1，模型设为 qwen2.5-coder:7b。llama.cpp 服务器、vLLM、LM Studio 以及托管的 OpenAI 兼容 API 的用法相同。在此期间，所有不需要模型的功能照常可用。</translation>
    </message>
    <message>
        <source>No LLM endpoint answered at %1.</source>
        <translation>%1 处没有 LLM 端点响应。</translation>
    </message>
    <message>
        <source>The profile expects an API key but none is set: %1</source>
        <translation>该配置需要 API 密钥，但尚未设置：%1</translation>
    </message>
    <message>
        <source>The endpoint %1 does not know the model &quot;%2&quot;. Pick a model it serves (for Ollama: &quot;ollama list&quot;) in Settings &gt; LLM Endpoints and Prompts.</source>
        <translation>端点 %1 不认识模型 &quot;%2&quot;。请在 设置 &gt; LLM 端点与提示 中选择它提供的模型（Ollama 可用 &quot;ollama list&quot; 查看）。</translation>
    </message>
    <message>
        <source>The endpoint is rate limiting requests; HalluSQL retried and gave up. Try again in a minute or lower the concurrency of the profile.</source>
        <translation>端点正在限制请求速率；HalluSQL 已重试并放弃。请一分钟后再试，或降低该配置的并发数。</translation>
    </message>
    <message>
        <source>Offline mode: this request is not in the cache (%1).</source>
        <translation>离线模式：缓存中没有此请求（%1）。</translation>
    </message>
    <message>
        <source>The model answered, but its answer holds no SELECT statement. See the LLM log for what it said.</source>
        <translation>模型已回答，但回答中没有 SELECT 语句。请在 LLM 日志中查看它的回答。</translation>
    </message>
    <message>
        <source>The LLM profile is incomplete: set a base URL and a model in Settings &gt; LLM Endpoints and Prompts.</source>
        <translation>LLM 配置不完整：请在 设置 &gt; LLM 端点与提示 中设置基础 URL 和模型。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>The LLM call failed: %1</source>
        <translation>LLM 调用失败：%1</translation>
    </message>
    <message>
        <source>The endpoint %1 refused the API key. Check the key source of the profile in Settings &gt; LLM Endpoints and Prompts (an environment variable, or the system keychain).</source>
        <translation>端点 %1 拒绝了 API 密钥。请在 设置 &gt; LLM 端点与提示 中检查该配置的密钥来源（环境变量或系统钥匙串）。</translation>
    </message>
    <message>
        <source>To use a local model with Ollama: install Ollama, run &quot;ollama pull qwen2.5-coder:7b&quot; and &quot;ollama serve&quot;, then set the base URL above to http://127.0.0.1:11434/v1 and the model to qwen2.5-coder:7b. llama.cpp&apos;s server, vLLM, LM Studio and hosted OpenAI-compatible APIs work the same way.</source>
        <translation>如需使用 Ollama 运行本地模型：安装 Ollama，运行“ollama pull qwen2.5-coder:7b”和“ollama serve”，然后将上方的基础 URL 设为 http://127.0.0.1:11434/v1，模型设为 qwen2.5-coder:7b。llama.cpp 服务器、vLLM、LM Studio 以及托管的 OpenAI 兼容 API 用法相同。</translation>
    </message>
    <message>
        <source>The base URL &quot;%1&quot; is not a web address. Write it as http://host:port/v1, for example http://127.0.0.1:11434/v1.</source>
        <translation>基础 URL“%1”不是网址。请写成 http://主机:端口/v1 的形式，例如 http://127.0.0.1:11434/v1。</translation>
    </message>
    <message>
        <source>The base URL &quot;%1&quot; is not a web address. Write it as http://host:port/v1 (for example http://127.0.0.1:11434/v1) in Settings &gt; LLM Endpoints and Prompts.</source>
        <translation>基础 URL“%1”不是网址。请在 设置 &gt; LLM 端点与提示 中将其写成 http://主机:端口/v1 的形式（例如 http://127.0.0.1:11434/v1）。</translation>
    </message>
    <message>
        <source>The endpoint %1 did not answer in time. A large model can take long for its first answer: raise the Timeout above, or check that the server is not overloaded.</source>
        <translation>端点 %1 未能及时作答。大模型的首次回答可能需要较长时间：请调高上方的超时，或检查服务器是否过载。</translation>
    </message>
    <message>
        <source>The endpoint %1 did not answer in time. A large model can take long for its first answer: raise the profile&apos;s timeout in Settings &gt; LLM Endpoints and Prompts, or check that the server is not overloaded.</source>
        <translation>端点 %1 未能及时作答。大模型的首次回答可能需要较长时间：请在 设置 &gt; LLM 端点与提示 中调高该配置的超时，或检查服务器是否过载。</translation>
    </message>
    <message>
        <source>The endpoint %1 refused the API key. Check the key source above (an environment variable, or the system keychain).</source>
        <translation>端点 %1 拒绝了 API 密钥。请检查上方的密钥来源（环境变量或系统钥匙串）。</translation>
    </message>
    <message>
        <source>The endpoint %1 does not know the model &quot;%2&quot;. Write a model it serves (for Ollama: &quot;ollama list&quot;) above.</source>
        <translation>端点 %1 不认识模型“%2”。请在上方填写它提供的模型（Ollama 可用“ollama list”查看）。</translation>
    </message>
    <message>
        <source>The profile is incomplete: set a base URL and a model above.</source>
        <translation>配置不完整：请在上方设置基础 URL 和模型。</translation>
    </message>
</context>
<context>
    <name>hs::ui::ErrorBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>关闭提示</translation>
    </message>
</context>
<context>
    <name>hs::ui::ErrorText</name>
    <message>
        <source>no such column: %1</source>
        <translation>没有这个列：%1</translation>
    </message>
    <message>
        <source>no such table: %1</source>
        <translation>没有这个表：%1</translation>
    </message>
    <message>
        <source>no such function: %1</source>
        <translation>没有这个函数：%1</translation>
    </message>
    <message>
        <source>ambiguous column name: %1</source>
        <translation>列名有歧义：%1</translation>
    </message>
    <message>
        <source>syntax error near &quot;%1&quot;</source>
        <translation>“%1”附近有语法错误</translation>
    </message>
    <message>
        <source>incomplete input</source>
        <translation>输入不完整</translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation>第 %1 行，第 %2 列</translation>
    </message>
</context>
<context>
    <name>hs::ui::EvaluationController</name>
    <message>
        <source>Evaluating</source>
        <translation>正在评估</translation>
    </message>
    <message>
        <source>Importing</source>
        <translation>正在导入</translation>
    </message>
</context>
<context>
    <name>hs::ui::FinalLabel</name>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>unsure</source>
        <translation>不确定</translation>
    </message>
</context>
<context>
    <name>hs::ui::FindingMarks</name>
    <message>
        <source>Confirmed by a reviewer</source>
        <translation>已由审查者确认</translation>
    </message>
    <message>
        <source>Rejected by a reviewer</source>
        <translation>已被审查者驳回</translation>
    </message>
</context>
<context>
    <name>hs::ui::FindingStyles</name>
    <message>
        <source>TA-SQL</source>
        <translation>TA-SQL</translation>
    </message>
    <message>
        <source>MRSQLGen</source>
        <translation>MRSQLGen</translation>
    </message>
    <message>
        <source>Gold-free</source>
        <translation>无需标准 SQL</translation>
    </message>
    <message>
        <source>Metamorphic</source>
        <translation>蜕变</translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation>原因：%1</translation>
    </message>
</context>
<context>
    <name>hs::ui::FirstRunPage</name>
    <message>
        <source>Workspace: %1</source>
        <translation>工作区：%1</translation>
    </message>
    <message>
        <source>Database: %1</source>
        <translation>数据库：%1</translation>
    </message>
    <message>
        <source>HalluSQL</source>
        <translation>HalluSQL</translation>
    </message>
    <message>
        <source>&lt;p&gt;Catch the mistakes in SQL written by large language models.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Ask a question about a SQLite database; the model writes SQL, HalluSQL runs it read-only and marks the suspicious parts.&lt;/li&gt;&lt;li&gt;Without a gold answer: follow-up questions whose answers must agree expose inconsistent SQL.&lt;/li&gt;&lt;li&gt;With a benchmark: import a run, score it, and review every failure by hallucination category.&lt;/li&gt;&lt;/ul&gt;</source>
        <translation>&lt;p&gt;找出大语言模型所写 SQL 中的错误。&lt;/p&gt;&lt;ul&gt;&lt;li&gt;就某个 SQLite 数据库提问；模型编写 SQL，HalluSQL 以只读方式运行它并标出可疑部分。&lt;/li&gt;&lt;li&gt;没有标准答案时：答案必须一致的追问会暴露前后不一致的 SQL。&lt;/li&gt;&lt;li&gt;有基准时：导入一次运行，为其评分，并按幻觉类别审查每个失败案例。&lt;/li&gt;&lt;/ul&gt;</translation>
    </message>
    <message>
        <source>Open a Database…</source>
        <translation>打开数据库…</translation>
    </message>
    <message>
        <source>Open a SQLite database, read-only (Ctrl+O)</source>
        <translation>以只读方式打开 SQLite 数据库（Ctrl+O）</translation>
    </message>
    <message>
        <source>Open the Demo</source>
        <translation>打开演示</translation>
    </message>
    <message>
        <source>A small database with a sample question and a benchmark run to review</source>
        <translation>一个小型数据库，附带示例问题和一个可供审查的基准运行</translation>
    </message>
    <message>
        <source>Open a Workspace…</source>
        <translation>打开工作区…</translation>
    </message>
    <message>
        <source>A HalluSQL workspace (*.hallusql) with benchmark runs</source>
        <translation>包含基准运行的 HalluSQL 工作区 (*.hallusql)</translation>
    </message>
    <message>
        <source>Recent databases and workspaces</source>
        <translation>最近的数据库和工作区</translation>
    </message>
    <message>
        <source>Nothing opened yet: the databases and workspaces you open will be listed here.</source>
        <translation>尚未打开任何内容：您打开的数据库和工作区会列在这里。</translation>
    </message>
    <message>
        <source>You can also drop a database file on this window. Help &gt; Quick Guide shows the main steps.</source>
        <translation>也可以将数据库文件拖放到此窗口。帮助 &gt; 快速指南 介绍了主要步骤。</translation>
    </message>
</context>
<context>
    <name>hs::ui::FollowUpDetail</name>
    <message>
        <source>Select a follow-up to see both SQL texts and their results.</source>
        <translation>选择一条追问，查看两段 SQL 及其结果。</translation>
    </message>
    <message>
        <source>Source SQL</source>
        <translation>源 SQL</translation>
    </message>
    <message>
        <source>Follow-up SQL</source>
        <translation>追问 SQL</translation>
    </message>
    <message>
        <source>Follow-up: %1</source>
        <translation>追问：%1</translation>
    </message>
    <message>
        <source>-- no follow-up SQL</source>
        <translation>-- 没有追问 SQL</translation>
    </message>
    <message>
        <source>Follow-up SQL (on the %1)</source>
        <translation>追问 SQL（在%1上）</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n row(s)</source>
        <translation>
            <numerusform>%1：%n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>, first %1 kept</source>
        <translation>，保留前 %1 行</translation>
    </message>
    <message>
        <source>Source result</source>
        <translation>源结果</translation>
    </message>
    <message>
        <source>%1 not in the follow-up</source>
        <translation>%1 行不在追问结果中</translation>
    </message>
    <message>
        <source>Source result: not run</source>
        <translation>源结果：未执行</translation>
    </message>
    <message>
        <source>Follow-up result</source>
        <translation>追问结果</translation>
    </message>
    <message>
        <source>%1 not in the source</source>
        <translation>%1 行不在源结果中</translation>
    </message>
    <message>
        <source>Follow-up result: not run</source>
        <translation>追问结果：未执行</translation>
    </message>
    <message numerus="yes">
        <source>Source linking: %n item(s)</source>
        <translation>
            <numerusform>原问题模式链接：%n 项</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Follow-up linking: %n item(s)</source>
        <translation>
            <numerusform>后续问题模式链接：%n 项</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Follow-up linking on the %1: %n item(s)</source>
        <translation>
            <numerusform>%1 上的后续问题模式链接：%n 项</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::FollowUpExplorer</name>
    <message>
        <source>The model writes the source SQL first, as Generate does…</source>
        <translation>模型先写出源 SQL（与“生成”相同）…</translation>
    </message>
    <message>
        <source>The model is still answering the question; press Detect when it is done.</source>
        <translation>模型仍在回答问题；回答完成后再按“检测”。</translation>
    </message>
    <message>
        <source>Violated %1: %2</source>
        <translation>违反 %1：%2</translation>
    </message>
    <message>
        <source>Follow-ups</source>
        <translation>追问</translation>
    </message>
    <message>
        <source>The verdict of the last follow-up detection</source>
        <translation>最近一次追问检测的结论</translation>
    </message>
    <message>
        <source>(the editor&apos;s SQL changed: spans not shown)</source>
        <translation>（编辑器中的 SQL 已改变：不显示标记）</translation>
    </message>
    <message>
        <source>Detect</source>
        <translation>检测</translation>
    </message>
    <message>
        <source>Ask follow-up questions whose answers must relate to the current question&apos;s in a known way, and check them (metamorphic testing, no gold answer needed)</source>
        <translation>提出答案与当前问题答案有已知关系的追问并加以检查（蜕变测试，无需标准答案）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Early stop K:</source>
        <translation>提前停止 K：</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Stop once the first K decided MRs agree there is no hallucination (0: run all)</source>
        <translation>前 K 个已判定的 MR 一致认为没有幻觉时停止（0：全部运行）</translation>
    </message>
    <message>
        <source>MRs:</source>
        <translation>MR：</translation>
    </message>
    <message>
        <source>all 17, or e.g. AROE, CRE, ESR</source>
        <translation>全部 17 个，或如 AROE, CRE, ESR</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>All verdicts</source>
        <translation>全部结论</translation>
    </message>
    <message>
        <source>Type a question, open a database (the editor&apos;s SQL is the source SQL; empty: the model writes it) and press Detect.</source>
        <translation>输入问题、打开数据库（编辑器中的 SQL 作为源 SQL；为空时由模型编写），然后点击“检测”。</translation>
    </message>
    <message>
        <source>Open a database first: the follow-ups run on the open database.</source>
        <translation>请先打开数据库：追问在打开的数据库上运行。</translation>
    </message>
    <message>
        <source>Type the question in the question bar first: the follow-ups are rewrites of it.</source>
        <translation>请先在问题栏中输入问题：追问是对它的改写。</translation>
    </message>
    <message>
        <source>Detecting…</source>
        <translation>正在检测…</translation>
    </message>
    <message>
        <source>%1 / %2 MRs</source>
        <translation>%1 / %2 个 MR</translation>
    </message>
    <message numerus="yes">
        <source>Flagged: %n violated MR(s)</source>
        <translation>
            <numerusform>已标记：违反 %n 个 MR</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 skipped</source>
        <translation>%1 个跳过</translation>
    </message>
    <message numerus="yes">
        <source>%n LLM call(s)</source>
        <translation>
            <numerusform>%n 次 LLM 调用</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 saved</source>
        <translation>节省 %1 次</translation>
    </message>
    <message>
        <source>%1 from the cache</source>
        <translation>%1 次来自缓存</translation>
    </message>
    <message>
        <source>early stop</source>
        <translation>提前停止</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Follow-ups: %1</source>
        <translation>追问：%1</translation>
    </message>
    <message>
        <source>MR: %1</source>
        <translation>MR：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n compared an empty result with an empty one</source>
        <translation>
            <numerusform>%n 次将空结果与空结果比较</numerusform>
        </translation>
    </message>
    <message>
        <source>The follow-ups could not be saved in the workspace: %1</source>
        <translation>无法将追问保存到工作区：%1</translation>
    </message>
    <message>
        <source>The saved follow-ups could not be read: %1</source>
        <translation>无法读取已保存的追问：%1</translation>
    </message>
    <message>
        <source>Follow-ups saved in the workspace for the question &quot;%1&quot;</source>
        <translation>工作区中为问题“%1”保存的追问</translation>
    </message>
    <message>
        <source>Flagged</source>
        <translation>已标记</translation>
    </message>
    <message>
        <source>Consistent</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>Could not check</source>
        <translation>无法检查</translation>
    </message>
    <message>
        <source>%1 satisfied, %2 inapplicable, %3</source>
        <translation>%1 个满足，%2 个不适用，%3</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::FollowUpModel</name>
    <message>
        <source>same linking</source>
        <translation>链接相同</translation>
    </message>
    <message>
        <source>changed linking</source>
        <translation>链接改变</translation>
    </message>
    <message>
        <source>linking = mapped source</source>
        <translation>链接 = 映射后的源链接</translation>
    </message>
    <message>
        <source>equal result</source>
        <translation>结果相同</translation>
    </message>
    <message>
        <source>superset of source</source>
        <translation>源结果的超集</translation>
    </message>
    <message>
        <source>subset of source</source>
        <translation>源结果的子集</translation>
    </message>
    <message>
        <source>different result</source>
        <translation>结果不同</translation>
    </message>
    <message>
        <source>equal after mapping</source>
        <translation>映射后相同</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>violated</source>
        <translation>违反</translation>
    </message>
    <message>
        <source>satisfied</source>
        <translation>满足</translation>
    </message>
    <message>
        <source>inapplicable</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>1 linking</source>
        <translation>1 链接</translation>
    </message>
    <message>
        <source>2 SQL</source>
        <translation>2 SQL</translation>
    </message>
    <message>
        <source>(same question, renamed database)</source>
        <translation>（问题不变，数据库已重命名）</translation>
    </message>
    <message numerus="yes">
        <source>%n LLM call(s)</source>
        <translation>
            <numerusform>%n 次 LLM 调用</numerusform>
        </translation>
    </message>
    <message>
        <source>, %1 from the cache</source>
        <translation>，%1 次来自缓存</translation>
    </message>
    <message>
        <source>Result rows: source → follow-up</source>
        <translation>结果行数：源 → 追问</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>MR</source>
        <translation>MR</translation>
    </message>
    <message>
        <source>Follow-up question</source>
        <translation>追问问题</translation>
    </message>
    <message>
        <source>Linking / SQL</source>
        <translation>链接 / SQL</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>期望</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
</context>
<context>
    <name>hs::ui::FollowUpRunner</name>
    <message>
        <source>The API key could not be read from the system keychain: %1</source>
        <translation>无法从系统钥匙串读取 API 密钥：%1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Detecting hallucinations</source>
        <translation>正在检测幻觉</translation>
    </message>
</context>
<context>
    <name>hs::ui::FollowUpStageText</name>
    <message>
        <source>Source linking: the model&apos;s answer named no table or column (no JSON list, no table.column), so the follow-ups built on it were not run.</source>
        <translation>原问题模式链接：模型的回答没有给出任何表或列（既无 JSON 列表，也无 表.列），因此基于它的追问没有运行。</translation>
    </message>
    <message>
        <source>Source linking: no LLM endpoint answered.</source>
        <translation>原问题模式链接：没有 LLM 端点响应。</translation>
    </message>
    <message>
        <source>Source SQL: no LLM endpoint answered.</source>
        <translation>源 SQL：没有 LLM 端点响应。</translation>
    </message>
    <message>
        <source>no LLM endpoint answered</source>
        <translation>没有 LLM 端点响应</translation>
    </message>
    <message>
        <source>the LLM endpoint did not answer in time</source>
        <translation>LLM 端点没有及时响应</translation>
    </message>
    <message>
        <source>Source linking: the LLM endpoint did not answer in time.</source>
        <translation>原问题模式链接：LLM 端点未能及时响应。</translation>
    </message>
    <message>
        <source>Source SQL: the LLM endpoint did not answer in time.</source>
        <translation>源 SQL：LLM 端点未能及时响应。</translation>
    </message>
    <message>
        <source>Source linking failed: %1</source>
        <translation>原问题模式链接失败：%1</translation>
    </message>
    <message>
        <source>Source SQL failed: %1</source>
        <translation>源 SQL 失败：%1</translation>
    </message>
</context>
<context>
    <name>hs::ui::GenerationController</name>
    <message>
        <source>The API key could not be read from the system keychain: %1</source>
        <translation>无法从系统钥匙串读取 API 密钥：%1</translation>
    </message>
    <message>
        <source>The text-to-SQL prompt template is invalid: %1</source>
        <translation>文本转 SQL 提示模板无效：%1</translation>
    </message>
    <message>
        <source>Cannot open the database: %1</source>
        <translation>无法打开数据库：%1</translation>
    </message>
    <message>
        <source>Reading the schema</source>
        <translation>正在读取数据库结构</translation>
    </message>
    <message>
        <source>Cannot read the schema: %1</source>
        <translation>无法读取数据库结构：%1</translation>
    </message>
    <message>
        <source>Cannot build the prompt: %1</source>
        <translation>无法构建提示：%1</translation>
    </message>
    <message>
        <source>Waiting for the model</source>
        <translation>正在等待模型</translation>
    </message>
    <message>
        <source>generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>Checking the SQL</source>
        <translation>正在检查 SQL</translation>
    </message>
    <message>
        <source>Generating SQL</source>
        <translation>正在生成 SQL</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Checking the question</source>
        <translation>正在检查问题</translation>
    </message>
    <message>
        <source>Judging the answer</source>
        <translation>正在评判答案</translation>
    </message>
</context>
<context>
    <name>hs::ui::HkbLoader</name>
    <message>
        <source>Loading the knowledge base…</source>
        <translation>正在加载知识库…</translation>
    </message>
    <message>
        <source>Loading the knowledge base</source>
        <translation>正在加载知识库</translation>
    </message>
    <message>
        <source>The knowledge base could not be loaded: %1</source>
        <translation>无法加载知识库：%1</translation>
    </message>
</context>
<context>
    <name>hs::ui::HkbSuggestion</name>
    <message>
        <source>Hallucination types of the most similar annotated questions (MRSQLGen): share of the similarity-weighted vote, and the number of similar cases with that type. The case itself is left out.</source>
        <translation>最相似的已标注问题的幻觉类型（MRSQLGen）：按相似度加权投票的占比，以及具有该类型的相似案例数。不包括此案例本身。</translation>
    </message>
    <message>
        <source>HKB: loading…</source>
        <translation>HKB：加载中…</translation>
    </message>
    <message numerus="yes">
        <source>%1 %2 (%n case(s))</source>
        <translation>
            <numerusform>%1 %2（%n 个案例）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>HKB: no similar annotated question yet (%n case(s) in the knowledge base)</source>
        <translation>
            <numerusform>HKB：尚无相似的已标注问题（知识库中有 %n 个案例）</numerusform>
        </translation>
    </message>
    <message>
        <source>HKB suggests: %1</source>
        <translation>HKB 建议：%1</translation>
    </message>
</context>
<context>
    <name>hs::ui::ImportDialog</name>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Predicted SQL</source>
        <translation>预测 SQL</translation>
    </message>
    <message>
        <source>Gold SQL</source>
        <translation>标准 SQL</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>数据库</translation>
    </message>
    <message>
        <source>Case id</source>
        <translation>案例 ID</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Difficulty</source>
        <translation>难度</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>CSV columns</source>
        <translation>CSV 列</translation>
    </message>
    <message>
        <source>Import Benchmark Run</source>
        <translation>导入基准运行</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>JSONL (generic)</source>
        <translation>JSONL（通用）</translation>
    </message>
    <message>
        <source>Spider (gold + predictions)</source>
        <translation>Spider（标准 + 预测）</translation>
    </message>
    <message>
        <source>BIRD (dev + predict_dev.json)</source>
        <translation>BIRD（dev + predict_dev.json）</translation>
    </message>
    <message>
        <source>CSV with column mapping</source>
        <translation>CSV（带列映射）</translation>
    </message>
    <message>
        <source>Drill-down JSON</source>
        <translation>下钻 JSON</translation>
    </message>
    <message>
        <source>MRSQLGen JSONL (with labels)</source>
        <translation>MRSQLGen JSONL（含标签）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Benchmark files (*.jsonl *.json *.csv *.sql *.txt);;All files (*)</source>
        <translation>基准文件 (*.jsonl *.json *.csv *.sql *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cases File</source>
        <translation>案例文件</translation>
    </message>
    <message>
        <source>Prediction File</source>
        <translation>预测文件</translation>
    </message>
    <message>
        <source>Database Folder</source>
        <translation>数据库文件夹</translation>
    </message>
    <message>
        <source>one predicted query per line (Spider) or predict_dev.json (BIRD)</source>
        <translation>每行一条预测查询（Spider）或 predict_dev.json（BIRD）</translation>
    </message>
    <message>
        <source>folder holding &lt;db_id&gt;/&lt;db_id&gt;.sqlite</source>
        <translation>包含 &lt;db_id&gt;/&lt;db_id&gt;.sqlite 的文件夹</translation>
    </message>
    <message>
        <source>used when the file does not name the model</source>
        <translation>文件未指明模型时使用</translation>
    </message>
    <message>
        <source>Case</source>
        <translation>案例</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>(not mapped)</source>
        <translation>（未映射）</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>(no prediction)</source>
        <translation>（无预测）</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Choose a file to import.</source>
        <translation>请选择要导入的文件。</translation>
    </message>
    <message>
        <source>showing the first %1</source>
        <translation>显示前 %1 个</translation>
    </message>
    <message>
        <source>“%1” looks like a prediction file (a model&apos;s SQL without the questions). Put it in the Predictions field, and the benchmark&apos;s questions (for example dev.json) in the Cases file field.</source>
        <translation>“%1”看起来是预测文件（模型输出的 SQL，不含问题）。请将它填入“预测”字段，并将基准的问题文件（例如 dev.json）填入“案例文件”字段。</translation>
    </message>
    <message>
        <source>“%1” looks like a file of benchmark questions or gold SQL (%2), not a model&apos;s predictions. Put it in the Cases file field, and the model&apos;s output in the Predictions field.</source>
        <translation>“%1”看起来是基准问题或标准 SQL 文件（%2），而不是模型的预测。请将它填入“案例文件”字段，并将模型的输出填入“预测”字段。</translation>
    </message>
    <message>
        <source>%1 read as %2 · %3 · %4%5</source>
        <translation>按 %2 读取了 %1 · %3 · %4%5</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s)</source>
        <translation>
            <numerusform>%n 个案例</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Predictions:</source>
        <translation>预测(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Evaluate after import</source>
        <translation>导入后评估(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Cases file:</source>
        <translation>案例文件(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Database folder:</source>
        <translation>数据库文件夹(&amp;D)：</translation>
    </message>
    <message>
        <source>Run &amp;name:</source>
        <translation>运行名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
</context>
<context>
    <name>hs::ui::ImportPreview</name>
    <message>
        <source>no db_id</source>
        <translation>未指定 db_id</translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>另外 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>database missing for %n (%1)</source>
        <translation>
            <numerusform>%n 个缺少数据库（%1）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>no gold SQL for %n</source>
        <translation>
            <numerusform>%n 个没有标准 SQL</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n case(s) not scored: %1</source>
        <translation>
            <numerusform>%n 个案例无法评分：%1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>hs::ui::LabelChoice</name>
    <message>
        <source>TA-SQL: %1</source>
        <translation>TA-SQL：%1</translation>
    </message>
</context>
<context>
    <name>hs::ui::LlmController</name>
    <message>
        <source>Open a database first: the model writes SQL for the open database.</source>
        <translation>请先打开数据库：模型会为已打开的数据库编写 SQL。</translation>
    </message>
    <message>
        <source>Type a question about the open database first.</source>
        <translation>请先输入一个关于已打开数据库的问题。</translation>
    </message>
    <message>
        <source>Asking the model ...</source>
        <translation>正在询问模型…</translation>
    </message>
    <message>
        <source>Generated SQL; the gold-free checks found nothing suspicious.</source>
        <translation>已生成 SQL；无标准答案检查未发现可疑之处。</translation>
    </message>
    <message numerus="yes">
        <source>Generated SQL with %n finding(s): %1. Hover a highlighted span or put the cursor in it for the reason.</source>
        <translation>
            <numerusform>已生成 SQL，发现 %n 处问题：%1。将鼠标悬停在高亮处或把光标移入其中可查看原因。</numerusform>
        </translation>
    </message>
    <message>
        <source>Risk %1.</source>
        <translation>风险 %1。</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s).</source>
        <translation>
            <numerusform>%n 行。</numerusform>
        </translation>
    </message>
    <message>
        <source>It does not run: %1</source>
        <translation>无法运行：%1</translation>
    </message>
    <message>
        <source>LLM log</source>
        <translation>LLM 日志</translation>
    </message>
    <message>
        <source>&amp;Generate SQL from the Question</source>
        <translation>根据问题生成 SQL(&amp;G)</translation>
    </message>
    <message>
        <source>LLM &amp;Endpoints and Prompts…</source>
        <translation>LLM 端点与提示(&amp;E)…</translation>
    </message>
    <message>
        <source>The SQL is shown as the model wrote it and was not run for you; Query &gt; Run (Ctrl+Enter) runs it.</source>
        <translation>SQL 按模型所写原样显示，未替您自动运行；使用 查询 &gt; 运行（Ctrl+Enter）运行它。</translation>
    </message>
    <message>
        <source>&amp;Abstain When the Answer Looks Unreliable</source>
        <translation>答案看起来不可靠时拒答(&amp;A)</translation>
    </message>
    <message>
        <source>Before generating, check that the question can be answered from this database; after generating, check the SQL&apos;s risk score. Show the reason instead of an unreliable answer.</source>
        <translation>生成前检查该问题能否根据此数据库回答；生成后检查 SQL 的风险分数。显示原因，而不是给出不可靠的答案。</translation>
    </message>
    <message>
        <source>Ask the Model Whether a Question Is A&amp;nswerable</source>
        <translation>询问模型问题是否可回答(&amp;N)</translation>
    </message>
    <message>
        <source>One more model call before generating (abstention must be on).</source>
        <translation>生成前多调用一次模型（须开启拒答）。</translation>
    </message>
    <message>
        <source>Ask the Model to &amp;Verify Its SQL</source>
        <translation>让模型验证其 SQL(&amp;V)</translation>
    </message>
    <message>
        <source>One more model call after generating (abstention must be on).</source>
        <translation>生成后多调用一次模型（须开启拒答）。</translation>
    </message>
    <message>
        <source>, </source>
        <comment>separator of a list of finding categories</comment>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>hs::ui::LlmLogModel</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>cache</source>
        <translation>缓存</translation>
    </message>
    <message>
        <source>network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Purpose</source>
        <translation>用途</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Tokens in/out</source>
        <translation>输入/输出词元</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
</context>
<context>
    <name>hs::ui::LlmLogPanel</name>
    <message>
        <source>Template %1, version %2</source>
        <translation>模板 %1，版本 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n call(s), %1 tokens, $%2</source>
        <translation>
            <numerusform>%n 次调用，%1 个词元，$%2</numerusform>
        </translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Response</source>
        <translation>回答</translation>
    </message>
</context>
<context>
    <name>hs::ui::LlmSettingsDialog</name>
    <message>
        <source>LLM endpoints and prompts</source>
        <translation>LLM 端点与提示</translation>
    </message>
    <message>
        <source>Endpoints</source>
        <translation>端点</translation>
    </message>
    <message>
        <source>Prompts</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>No key</source>
        <translation>无密钥</translation>
    </message>
    <message>
        <source>Environment variable</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>System keychain</source>
        <translation>系统钥匙串</translation>
    </message>
    <message>
        <source>Leave empty to keep the stored key</source>
        <translation>留空则保留已存储的密钥</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Restore built-in</source>
        <translation>恢复内置模板</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>模板</translation>
    </message>
    <message>
        <source>New endpoint %1</source>
        <translation>新端点 %1</translation>
    </message>
    <message>
        <source>Connecting to %1 ...</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Connected: %1 answered in %2 ms.</source>
        <translation>已连接：%1 在 %2 毫秒内作答。</translation>
    </message>
    <message>
        <source>Built-in template, version %1.</source>
        <translation>内置模板，版本 %1。</translation>
    </message>
    <message>
        <source>Edited by you. Calls record the version line of the text above.</source>
        <translation>已由您编辑。调用会记录上方文本中的版本行。</translation>
    </message>
    <message>
        <source>This template does not parse: %1</source>
        <translation>此模板无法解析：%1</translation>
    </message>
    <message>
        <source>Te&amp;st connection</source>
        <translation>测试连接(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>名称(&amp;N)</translation>
    </message>
    <message>
        <source>Base &amp;URL</source>
        <translation>基础 URL(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>API &amp;key from</source>
        <translation>API 密钥来源(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Variable</source>
        <translation>变量(&amp;V)</translation>
    </message>
    <message>
        <source>K&amp;ey</source>
        <translation>密钥(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Requests at once</source>
        <translation>同时请求数(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Timeout</source>
        <translation>超时(&amp;T)</translation>
    </message>
    <message>
        <source>Retr&amp;ies</source>
        <translation>重试次数(&amp;I)</translation>
    </message>
    <message>
        <source>Price per 1k in&amp;put tokens</source>
        <translation>每千输入词元价格(&amp;P)</translation>
    </message>
    <message>
        <source>Price per 1k &amp;output tokens</source>
        <translation>每千输出词元价格(&amp;O)</translation>
    </message>
</context>
<context>
    <name>hs::ui::MainStatus</name>
    <message>
        <source>Working… press Esc to cancel</source>
        <translation>正在处理… 按 Esc 取消</translation>
    </message>
    <message>
        <source>Time since the job started</source>
        <translation>任务开始以来经过的时间</translation>
    </message>
    <message>
        <source>Database: %1</source>
        <translation>数据库：%1</translation>
    </message>
    <message>
        <source>Workspace: %1</source>
        <translation>工作区：%1</translation>
    </message>
</context>
<context>
    <name>hs::ui::MainWindow</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>The demo could not be created</source>
        <translation>无法创建演示</translation>
    </message>
    <message>
        <source>Opened %1 (read-only)</source>
        <translation>已打开 %1（只读）</translation>
    </message>
    <message numerus="yes">
        <source>%n table(s)</source>
        <translation>
            <numerusform>%n 个表</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Open Database</source>
        <translation>打开数据库</translation>
    </message>
    <message>
        <source>SQLite databases (*.sqlite *.sqlite3 *.db *.db3);;All files (*)</source>
        <translation>SQLite 数据库 (*.sqlite *.sqlite3 *.db *.db3);;所有文件 (*)</translation>
    </message>
    <message>
        <source>HalluSQL</source>
        <translation>HalluSQL</translation>
    </message>
    <message>
        <source>%1 — HalluSQL</source>
        <translation>%1 — HalluSQL</translation>
    </message>
    <message>
        <source>Schema</source>
        <translation>数据库结构</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>查询结果</translation>
    </message>
    <message>
        <source>Double-click a table or column to insert its name</source>
        <translation>双击表或列可将其名称插入编辑器</translation>
    </message>
    <message>
        <source>About HalluSQL</source>
        <translation>关于 HalluSQL</translation>
    </message>
    <message>
        <source>&lt;b&gt;HalluSQL %1&lt;/b&gt;&lt;p&gt;Catch, explain and record hallucinations in SQL written by large language models.&lt;/p&gt;&lt;p&gt;Databases are always opened read-only.&lt;/p&gt;</source>
        <translation>&lt;b&gt;HalluSQL %1&lt;/b&gt;&lt;p&gt;发现、解释并记录大语言模型所写 SQL 中的幻觉。&lt;/p&gt;&lt;p&gt;数据库始终以只读方式打开。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>查询</translation>
    </message>
</context>
<context>
    <name>hs::ui::PlanText</name>
    <message>
        <source>recursive</source>
        <translation>递归</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>fetch</source>
        <translation>取行数</translation>
    </message>
    <message>
        <source>offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <source>rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>种类</translation>
    </message>
    <message>
        <source>type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>natural</source>
        <translation>自然连接</translation>
    </message>
    <message>
        <source>condition</source>
        <translation>条件</translation>
    </message>
    <message>
        <source>using</source>
        <translation>USING 列</translation>
    </message>
    <message>
        <source>table</source>
        <translation>表</translation>
    </message>
    <message>
        <source>alias</source>
        <translation>别名</translation>
    </message>
    <message>
        <source>function</source>
        <translation>函数</translation>
    </message>
    <message>
        <source>correlated</source>
        <translation>相关</translation>
    </message>
    <message>
        <source>group</source>
        <translation>分组键</translation>
    </message>
    <message>
        <source>clause</source>
        <translation>子句</translation>
    </message>
    <message>
        <source>comma</source>
        <translation>逗号连接</translation>
    </message>
    <message>
        <source>inner</source>
        <translation>内连接</translation>
    </message>
    <message>
        <source>cross</source>
        <translation>交叉连接</translation>
    </message>
    <message>
        <source>left</source>
        <translation>左外连接</translation>
    </message>
    <message>
        <source>right</source>
        <translation>右外连接</translation>
    </message>
    <message>
        <source>full</source>
        <translation>全外连接</translation>
    </message>
    <message>
        <source>true</source>
        <translation>是</translation>
    </message>
    <message>
        <source>false</source>
        <translation>否</translation>
    </message>
    <message>
        <source>scalar</source>
        <translation>标量子查询</translation>
    </message>
    <message>
        <source>Scan</source>
        <translation>扫描</translation>
    </message>
    <message>
        <source>CteRef</source>
        <translation>CTE 引用</translation>
    </message>
    <message>
        <source>Derived</source>
        <translation>派生表</translation>
    </message>
    <message>
        <source>Join</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>过滤</translation>
    </message>
    <message>
        <source>Aggregate</source>
        <translation>聚合</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>投影</translation>
    </message>
    <message>
        <source>Distinct</source>
        <translation>去重</translation>
    </message>
    <message>
        <source>Sort</source>
        <translation>排序</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>限制行数</translation>
    </message>
    <message>
        <source>SetOp</source>
        <translation>集合运算</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>子查询</translation>
    </message>
    <message>
        <source>With</source>
        <translation>WITH</translation>
    </message>
    <message>
        <source>Cte</source>
        <translation>CTE</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>VALUES</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Empty</source>
        <translation>空</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>hs::ui::ProfileSwitcher</name>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>The LLM profile that writes SQL and follow-ups; edit the list in Settings &gt; LLM Endpoints and Prompts</source>
        <translation>编写 SQL 和追问的 LLM 配置；可在 设置 &gt; LLM 端点与提示 中编辑列表</translation>
    </message>
</context>
<context>
    <name>hs::ui::QueryController</name>
    <message>
        <source>Fetching rows failed: %1</source>
        <translation>获取数据行失败：%1</translation>
    </message>
    <message>
        <source>%1 rows (more available)</source>
        <translation>%1 行（还有更多）</translation>
    </message>
    <message>
        <source>1 row</source>
        <translation>1 行</translation>
    </message>
    <message>
        <source>%1 rows</source>
        <translation>%1 行</translation>
    </message>
    <message>
        <source>Nothing to run: the editor is empty.</source>
        <translation>没有可运行的内容：编辑器为空。</translation>
    </message>
    <message>
        <source>Open a database first (File &gt; Open).</source>
        <translation>请先打开数据库（文件 &gt; 打开）。</translation>
    </message>
    <message>
        <source>Running query</source>
        <translation>正在运行查询</translation>
    </message>
    <message>
        <source>Query cancelled.</source>
        <translation>查询已取消。</translation>
    </message>
    <message>
        <source>Query stopped at the time limit: %1</source>
        <translation>查询达到时间限制而停止：%1</translation>
    </message>
</context>
<context>
    <name>hs::ui::QuestionBar</name>
    <message>
        <source>Type a question about the open database first.</source>
        <translation>请先输入一个关于已打开数据库的问题。</translation>
    </message>
    <message>
        <source>Evidence (optional): domain knowledge the model should use</source>
        <translation>证据（可选）：模型应使用的领域知识</translation>
    </message>
    <message>
        <source>Generate SQL</source>
        <translation>生成 SQL</translation>
    </message>
    <message>
        <source>Ask the LLM for SQL (Ctrl+G or Ctrl+Shift+Enter)</source>
        <translation>让 LLM 编写 SQL（Ctrl+G 或 Ctrl+Shift+Enter）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Ask a question about the open database in plain words</source>
        <translation>用日常语言就已打开的数据库提问</translation>
    </message>
    <message>
        <source>Ask a question about this database, e.g. &quot;How many rows are in the %1 table?&quot;</source>
        <translation>就此数据库提一个问题，例如 “%1 表有多少行？”</translation>
    </message>
    <message>
        <source>Show the SQL</source>
        <translation>显示 SQL</translation>
    </message>
</context>
<context>
    <name>hs::ui::ReportDialog</name>
    <message>
        <source>Open the report when it is written</source>
        <translation>写入完成后打开报告</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Show in Folder</source>
        <translation>在文件夹中显示</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Export Report</source>
        <translation>导出报告</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n case(s))</source>
        <translation>
            <numerusform>%1（%n 个案例）</numerusform>
        </translation>
    </message>
    <message>
        <source>HTML (one self-contained file, printable)</source>
        <translation>HTML（单个自包含文件，可打印）</translation>
    </message>
    <message>
        <source>PDF (printed by Chromium)</source>
        <translation>PDF（由 Chromium 打印）</translation>
    </message>
    <message>
        <source>CSV (one row per case, finding and annotation)</source>
        <translation>CSV（每个案例、发现和标注各占一行）</translation>
    </message>
    <message>
        <source>JSON Lines (one object per case, finding and annotation)</source>
        <translation>JSON Lines（每个案例、发现和标注各为一个对象）</translation>
    </message>
    <message>
        <source>%1 (follows the interface language; change it in Settings ▸ Language)</source>
        <translation>%1（跟随界面语言；可在 设置 ▸ 语言 中更改）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <source>Save Report</source>
        <translation>保存报告</translation>
    </message>
    <message>
        <source>%1 files (*.%2)</source>
        <translation>%1 文件 (*.%2)</translation>
    </message>
    <message>
        <source>This workspace has no run to report on.</source>
        <translation>此工作区没有可生成报告的运行。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Choose the file to write.</source>
        <translation>请选择要写入的文件。</translation>
    </message>
    <message>
        <source>Writing the report…</source>
        <translation>正在写入报告…</translation>
    </message>
    <message>
        <source>Reading the run</source>
        <translation>正在读取运行</translation>
    </message>
    <message>
        <source>Rendering the report</source>
        <translation>正在生成报告</translation>
    </message>
    <message>
        <source>Printing the PDF with Chromium</source>
        <translation>正在用 Chromium 打印 PDF</translation>
    </message>
    <message>
        <source>Writing the file</source>
        <translation>正在写入文件</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Exporting the report</source>
        <translation>正在导出报告</translation>
    </message>
    <message>
        <source>Cancelled; no file was written.</source>
        <translation>已取消；未写入任何文件。</translation>
    </message>
    <message>
        <source>The report could not be written: %1</source>
        <translation>无法写入报告：%1</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 (%2, %n case(s)).</source>
        <translation>
            <numerusform>已写入 %1（%2，%n 个案例）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>&amp;Run:</source>
        <translation>运行(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Save to:</source>
        <translation>保存到(&amp;S)：</translation>
    </message>
</context>
<context>
    <name>hs::ui::ResultModel</name>
    <message>
        <source>Fetching rows</source>
        <translation>正在获取数据行</translation>
    </message>
</context>
<context>
    <name>hs::ui::ReviewController</name>
    <message>
        <source>Could not open the workspace: %1</source>
        <translation>无法打开工作区：%1</translation>
    </message>
    <message>
        <source>New Workspace</source>
        <translation>新建工作区</translation>
    </message>
    <message>
        <source>HalluSQL workspaces (*.hallusql)</source>
        <translation>HalluSQL 工作区 (*.hallusql)</translation>
    </message>
    <message>
        <source>Open Workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <source>HalluSQL workspaces (*.hallusql);;All files (*)</source>
        <translation>HalluSQL 工作区 (*.hallusql);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 is not a HalluSQL workspace.</source>
        <translation>%1 不是 HalluSQL 工作区。</translation>
    </message>
    <message>
        <source>An evaluation is running; cancel it or wait before importing.</source>
        <translation>正在进行评估；请先取消或等待其完成后再导入。</translation>
    </message>
    <message>
        <source>Import failed: %1</source>
        <translation>导入失败：%1</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n case(s)</source>
        <translation>
            <numerusform>已导入 %n 个案例</numerusform>
        </translation>
    </message>
    <message>
        <source>Evaluation failed: %1</source>
        <translation>评估失败：%1</translation>
    </message>
    <message>
        <source>Import Benchmark Run</source>
        <translation>导入基准运行</translation>
    </message>
    <message>
        <source>The workspace already has a run named “%1”.</source>
        <translation>工作区中已有名为“%1”的运行。</translation>
    </message>
    <message>
        <source>Replace it (its results and annotations are deleted), or keep both and name the new run with a number?</source>
        <translation>是替换它（其结果和标注将被删除），还是两者都保留并为新运行的名称加上编号？</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>Keep Both</source>
        <translation>两者都保留</translation>
    </message>
    <message>
        <source>%1 already exists; open it with File ▸ Open Workspace… or choose another name.</source>
        <translation>%1 已存在；请通过 文件 ▸ 打开工作区… 打开它，或选择其他名称。</translation>
    </message>
    <message>
        <source>New Workspace for the Import (the demo stays unchanged)</source>
        <translation>为导入新建工作区（演示保持不变）</translation>
    </message>
    <message>
        <source>An evaluation is running; cancel it or wait before switching workspaces.</source>
        <translation>正在进行评估；请先取消或等待其完成后再切换工作区。</translation>
    </message>
    <message>
        <source>No workspace is open.</source>
        <translation>未打开工作区。</translation>
    </message>
    <message>
        <source>An evaluation is running; cancel it or wait before saving a copy.</source>
        <translation>正在进行评估；请先取消或等待其完成后再保存副本。</translation>
    </message>
    <message>
        <source>%1 copy</source>
        <translation>%1 副本</translation>
    </message>
    <message>
        <source>Save Workspace As</source>
        <translation>工作区另存为</translation>
    </message>
    <message>
        <source>Could not save the workspace: %1</source>
        <translation>无法保存工作区：%1</translation>
    </message>
    <message>
        <source>Saved a copy as %1; you are now working in it.</source>
        <translation>已将副本保存为 %1；您现在正在副本中工作。</translation>
    </message>
    <message>
        <source>No workspace is open: open or import a run first.</source>
        <translation>未打开工作区：请先打开或导入一次运行。</translation>
    </message>
</context>
<context>
    <name>hs::ui::ReviewKeys</name>
    <message>
        <source>Undo the last annotation</source>
        <translation>撤销最后一条标注</translation>
    </message>
    <message>
        <source>Undo: %1 (case #%2)</source>
        <translation>撤销：%1（案例 #%2）</translation>
    </message>
    <message>
        <source>Undo: %1 (a case of another run)</source>
        <translation>撤销：%1（另一运行中的案例）</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Redo: %1 (case #%2)</source>
        <translation>重做：%1（案例 #%2）</translation>
    </message>
    <message>
        <source>Redo: %1 (a case of another run)</source>
        <translation>重做：%1（另一运行中的案例）</translation>
    </message>
    <message>
        <source>Confirm the selected finding</source>
        <translation>确认所选发现</translation>
    </message>
    <message>
        <source>Reject the selected finding</source>
        <translation>驳回所选发现</translation>
    </message>
    <message>
        <source>Mark the prediction correct</source>
        <translation>将预测标记为正确</translation>
    </message>
    <message>
        <source>Mark the prediction incorrect</source>
        <translation>将预测标记为错误</translation>
    </message>
    <message>
        <source>Mark the case unsure</source>
        <translation>将案例标记为不确定</translation>
    </message>
    <message>
        <source>Choose a label (then Up / Down)</source>
        <translation>选择标签（然后按 Up / Down）</translation>
    </message>
    <message>
        <source>Add the chosen label (C1..C10, TA-SQL)</source>
        <translation>添加所选标签（C1..C10、TA-SQL）</translation>
    </message>
    <message>
        <source>Note for the next annotation…</source>
        <translation>下一条标注的备注…</translation>
    </message>
    <message>
        <source>Label the selected SQL span with the chosen type</source>
        <translation>用所选类型标注选中的 SQL 片段</translation>
    </message>
    <message>
        <source>Next finding</source>
        <translation>下一个发现</translation>
    </message>
    <message>
        <source>Previous finding</source>
        <translation>上一个发现</translation>
    </message>
    <message>
        <source>Next case</source>
        <translation>下一个案例</translation>
    </message>
    <message>
        <source>Previous case</source>
        <translation>上一个案例</translation>
    </message>
    <message>
        <source>Next unreviewed case</source>
        <translation>下一个未审查案例</translation>
    </message>
    <message>
        <source>Previous unreviewed case</source>
        <translation>上一个未审查案例</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts…</source>
        <translation>键盘快捷键(&amp;K)…</translation>
    </message>
</context>
<context>
    <name>hs::ui::ReviewMarks</name>
    <message>
        <source>%1 of %2 reviewed</source>
        <translation>已审查 %1 / %2</translation>
    </message>
</context>
<context>
    <name>hs::ui::ReviewPage</name>
    <message>
        <source>Review</source>
        <translation>审查</translation>
    </message>
</context>
<context>
    <name>hs::ui::ReviewPanel</name>
    <message>
        <source>Could not open the workspace:
%1</source>
        <translation>无法打开工作区：
%1</translation>
    </message>
    <message>
        <source>Select a case in the list to see it here.</source>
        <translation>在列表中选择一个案例即可在此查看。</translation>
    </message>
    <message>
        <source>This workspace has no benchmark run yet.
Use File ▸ Import Benchmark Run… to add one.</source>
        <translation>此工作区还没有基准运行。
请使用“文件 ▸ 导入基准运行…”添加。</translation>
    </message>
    <message>
        <source>No workspace is open.
Use File ▸ Open Workspace… to go on with a review, or
File ▸ Import Benchmark Run… to start one from a file of predictions.</source>
        <translation>尚未打开工作区。
使用“文件 ▸ 打开工作区…”继续审查，或
使用“文件 ▸ 导入基准运行…”从预测文件开始新的审查。</translation>
    </message>
    <message>
        <source>The filter hides the case that was shown. Select a case in the list.</source>
        <translation>筛选条件隐藏了之前显示的案例。请在列表中选择一个案例。</translation>
    </message>
    <message>
        <source>Redone on case #%1: %2</source>
        <translation>已在案例 #%1 上重做：%2</translation>
    </message>
    <message>
        <source>Undone on case #%1: %2</source>
        <translation>已在案例 #%1 上撤销：%2</translation>
    </message>
    <message>
        <source>Redone on a case of another run: %1</source>
        <translation>已在另一运行中的案例上重做：%1</translation>
    </message>
    <message>
        <source>Undone on a case of another run: %1</source>
        <translation>已在另一运行中的案例上撤销：%1</translation>
    </message>
</context>
<context>
    <name>hs::ui::ReviewTeamActions</name>
    <message>
        <source>Export &amp;My Annotations…</source>
        <translation>导出我的标注(&amp;M)…</translation>
    </message>
    <message>
        <source>Write your annotations of this workspace to a JSON Lines file for another reviewer</source>
        <translation>将您在此工作区中的标注写入 JSON Lines 文件，供其他审查者使用</translation>
    </message>
    <message>
        <source>Import Re&amp;viewer&apos;s Annotations…</source>
        <translation>导入审查者的标注(&amp;V)…</translation>
    </message>
    <message>
        <source>Add another reviewer&apos;s exported annotations to this workspace (nothing twice)</source>
        <translation>将其他审查者导出的标注添加到此工作区（不会重复添加）</translation>
    </message>
    <message>
        <source>A&amp;djudicate Disagreements…</source>
        <translation>裁定分歧(&amp;D)…</translation>
    </message>
    <message>
        <source>The cases where reviewers disagree, side by side, and their final labels</source>
        <translation>并排显示审查者意见不一致的案例及其最终标签</translation>
    </message>
    <message numerus="yes">
        <source>%n annotation(s) of %1 written to %2</source>
        <translation>
            <numerusform>已将 %1 的 %n 条标注写入 %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n annotation(s) added</source>
        <translation>
            <numerusform>已添加 %n 条标注</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already present</source>
        <translation>
            <numerusform>%n 条已存在</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n for cases not in this run</source>
        <translation>
            <numerusform>%n 条属于不在此运行中的案例</numerusform>
        </translation>
    </message>
    <message>
        <source>Export My Annotations</source>
        <translation>导出我的标注</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl);;All files (*)</source>
        <translation>JSON Lines (*.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Import Reviewer&apos;s Annotations</source>
        <translation>导入审查者的标注</translation>
    </message>
    <message>
        <source>Adjudication</source>
        <translation>裁定</translation>
    </message>
</context>
<context>
    <name>hs::ui::RunActions</name>
    <message>
        <source>Rename Run</source>
        <translation>重命名运行</translation>
    </message>
    <message>
        <source>New name of the run:</source>
        <translation>运行的新名称：</translation>
    </message>
    <message>
        <source>Delete Run</source>
        <translation>删除运行</translation>
    </message>
    <message numerus="yes">
        <source>Delete the run “%1” with its %n case(s), their results, findings and annotations?</source>
        <translation>
            <numerusform>删除运行“%1”及其 %n 个案例，以及这些案例的结果、发现和标注？</numerusform>
        </translation>
    </message>
    <message>
        <source>Database Folder of the Run</source>
        <translation>运行的数据库文件夹</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>&amp;Rename Run…</source>
        <translation>重命名运行(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Delete Run…</source>
        <translation>删除运行(&amp;D)…</translation>
    </message>
    <message>
        <source>Set &amp;Database Folder…</source>
        <translation>设置数据库文件夹(&amp;D)…</translation>
    </message>
    <message>
        <source>The folder with the run&apos;s SQLite databases (&lt;db_id&gt;/&lt;db_id&gt;.sqlite or &lt;db_id&gt;.sqlite); Evaluate looks there</source>
        <translation>存放该运行的 SQLite 数据库的文件夹（&lt;db_id&gt;/&lt;db_id&gt;.sqlite 或 &lt;db_id&gt;.sqlite）；评估时会在此查找</translation>
    </message>
    <message>
        <source>Compare Results &amp;Ignoring Column Order</source>
        <translation>比较结果时忽略列序(&amp;I)</translation>
    </message>
    <message>
        <source>Evaluate also scores EX (set) with the predicted columns in any order, shown beside the three EX semantics</source>
        <translation>评估时另外按任意列序计算预测结果的 EX（集合），显示在三种 EX 语义旁边</translation>
    </message>
    <message>
        <source>Could not rename the run: %1</source>
        <translation>无法重命名运行：%1</translation>
    </message>
    <message>
        <source>Run renamed to “%1”.</source>
        <translation>运行已重命名为“%1”。</translation>
    </message>
    <message>
        <source>An evaluation is running; cancel it or wait before deleting a run.</source>
        <translation>正在进行评估；请先取消或等待其完成后再删除运行。</translation>
    </message>
    <message>
        <source>Could not delete the run: %1</source>
        <translation>无法删除运行：%1</translation>
    </message>
    <message>
        <source>Run deleted.</source>
        <translation>运行已删除。</translation>
    </message>
    <message>
        <source>%1 is not a folder.</source>
        <translation>%1 不是文件夹。</translation>
    </message>
    <message>
        <source>Could not set the database folder: %1</source>
        <translation>无法设置数据库文件夹：%1</translation>
    </message>
    <message>
        <source>Database folder set to %1: databases found for %2 of %3 cases. Evaluate to score the run.</source>
        <translation>数据库文件夹已设为 %1：%3 个案例中有 %2 个找到了数据库。请点击“评估”为该运行评分。</translation>
    </message>
    <message>
        <source>Could not change the run setting: %1</source>
        <translation>无法更改运行设置：%1</translation>
    </message>
    <message>
        <source>Evaluate the run again to compare results ignoring column order.</source>
        <translation>请重新评估该运行，以便在忽略列序的情况下比较结果。</translation>
    </message>
    <message>
        <source>Evaluate the run again to drop the comparison ignoring column order.</source>
        <translation>请重新评估该运行，以去掉忽略列序的比较。</translation>
    </message>
    <message>
        <source>&amp;Learned C1..C10 Labels</source>
        <translation>学习所得的 C1..C10 标签(&amp;L)</translation>
    </message>
    <message>
        <source>Evaluate gives the C1..C10 types of a model fitted on people&apos;s labels (MRSQLGen) instead of the rules&apos; alone; each learned type keeps its span and reason</source>
        <translation>评估时给出由人工标注（MRSQLGen）拟合的模型所定的 C1..C10 类型，而不只用规则；每个学习所得的类型都保留其片段和理由</translation>
    </message>
    <message>
        <source>Evaluate the run again to label it with the learned C1..C10 types.</source>
        <translation>请重新评估该运行，以学习所得的 C1..C10 类型标注。</translation>
    </message>
    <message>
        <source>Evaluate the run again to label it with the rules&apos; C1..C10 types.</source>
        <translation>请重新评估该运行，以规则给出的 C1..C10 类型标注。</translation>
    </message>
</context>
<context>
    <name>hs::ui::RunHeader</name>
    <message numerus="yes">
        <source>%1 (%n case(s))</source>
        <translation>
            <numerusform>%1（%n 个案例）</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Run:</source>
        <translation>运行(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Manage Run</source>
        <translation>管理运行(&amp;M)</translation>
    </message>
    <message>
        <source>Rename or delete the run, set its database folder, comparison settings</source>
        <translation>重命名或删除运行、设置其数据库文件夹、比较设置</translation>
    </message>
    <message>
        <source>&amp;Evaluate</source>
        <translation>评估(&amp;E)</translation>
    </message>
    <message>
        <source>Execute gold and predicted SQL read-only, score and annotate every case</source>
        <translation>以只读方式执行标准 SQL 和预测 SQL，并为每个案例评分和标注</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>hs::ui::RunSummary</name>
    <message>
        <source>Manage Run ▸ Set Database Folder…</source>
        <translation>请使用“管理运行 ▸ 设置数据库文件夹…”</translation>
    </message>
    <message numerus="yes">
        <source>%n case(s), not evaluated yet</source>
        <translation>
            <numerusform>%n 个案例，尚未评估</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 cases · evaluated %2 · EX (set) %3% (%4 correct, %5 wrong)</source>
        <translation>%1 个案例 · 已评估 %2 个 · EX（集合）%3%（正确 %4，错误 %5）</translation>
    </message>
    <message>
        <source>bag %1%</source>
        <translation>多重集 %1%</translation>
    </message>
    <message>
        <source>ordered %1% of %2</source>
        <translation>有序 %1%（共 %2 个）</translation>
    </message>
    <message>
        <source>set ignoring column order %1%</source>
        <translation>忽略列序的集合 %1%</translation>
    </message>
    <message>
        <source>EX: execution accuracy. Set compares the rows as sets, bag counts duplicates, ordered also compares the order (only where the gold query orders).</source>
        <translation>EX：执行准确率。集合将各行作为集合比较，多重集会计入重复行，有序还会比较行的顺序（仅限标准查询有排序的案例）。</translation>
    </message>
    <message>
        <source>Evaluation failed: %1</source>
        <translation>评估失败：%1</translation>
    </message>
    <message>
        <source>cancelled after %1 of %2 cases</source>
        <translation>已在完成 %1/%2 个案例后取消</translation>
    </message>
</context>
<context>
    <name>hs::ui::SchemaTree</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>~%1 rows</source>
        <translation>约 %1 行</translation>
    </message>
    <message>
        <source>PK</source>
        <translation>主键</translation>
    </message>
    <message>
        <source>FK → %1</source>
        <translation>外键 → %1</translation>
    </message>
    <message>
        <source> not null</source>
        <translation> 非空</translation>
    </message>
    <message>
        <source>Tables (%1)</source>
        <translation>表（%1）</translation>
    </message>
    <message>
        <source>Views (%1)</source>
        <translation>视图（%1）</translation>
    </message>
</context>
<context>
    <name>hs::ui::ShortcutSheet</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Anywhere in the window:</source>
        <translation>在窗口任意位置：</translation>
    </message>
    <message>
        <source>In the Review tab:</source>
        <translation>在“审查”选项卡中：</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
</context>
<context>
    <name>hs::ui::SpanLabels</name>
    <message>
        <source>span label</source>
        <translation>片段标签</translation>
    </message>
    <message>
        <source>Labelled by %1</source>
        <translation>由 %1 标注</translation>
    </message>
</context>
<context>
    <name>hs::ui::SqlLexer</name>
    <message>
        <source>Table names</source>
        <translation>表名</translation>
    </message>
    <message>
        <source>Column names</source>
        <translation>列名</translation>
    </message>
</context>
</TS>
