#include "widgets/review/case_view_host.h"

#include <QLabel>
#include <QStackedLayout>
#include <QTextBrowser>

#include "engine/core/case.h"
#include "engine/eval/runner.h"

#if HALLUSQL_HAVE_CASE_VIEW
#include "widgets/review/case_view.h"
#endif

namespace hs::ui {

#if !HALLUSQL_HAVE_CASE_VIEW
namespace {

QString qs(const std::string& s) {
  return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())).toHtmlEscaped();
}

QString exText(const std::optional<bool>& ex) {
  if (!ex) return QStringLiteral("–");
  return *ex ? QStringLiteral("✓") : QStringLiteral("✗");
}

// Placeholder rendering: question, verdicts, both SQL texts and the findings as HTML.
QString placeholderHtml(const hs::Case& c, const hs::eval::CaseOutcome& o) {
  QString h = QStringLiteral("<h3>%1</h3><p>%2</p>").arg(qs(c.id), qs(c.question));
  h += QStringLiteral("<p>EX set %1 · bag %2 · ordered %3")
           .arg(exText(o.exSet), exText(o.exBag), exText(o.exOrdered));
  if (o.softF1) h += QStringLiteral(" · Soft-F1 %1").arg(*o.softF1, 0, 'f', 2);
  if (o.risk) h += QStringLiteral(" · risk %1").arg(o.risk->score, 0, 'f', 2);
  h += QStringLiteral("</p><h4>Gold</h4><pre>%1</pre><h4>Predicted</h4><pre>%2</pre>")
           .arg(qs(c.goldSql.value_or("")), qs(c.predSql.value_or("")));
  if (o.pred.error) h += QStringLiteral("<p><b>%1</b></p>").arg(qs(o.pred.error->message));
  h += QStringLiteral("<ul>");
  for (const auto& f : o.findings)
    h += QStringLiteral("<li><b>%1</b> %2: %3</li>").arg(qs(f.category), qs(f.subcategory), qs(f.message));
  return h + QStringLiteral("</ul>");
}

}  // namespace
#endif

CaseViewHost::CaseViewHost(QWidget* parent)
    : QWidget(parent), stack_(new QStackedLayout(this)), message_(new QLabel) {
  message_->setAlignment(Qt::AlignCenter);
  message_->setWordWrap(true);
  message_->setEnabled(false);
  stack_->addWidget(message_);
#if HALLUSQL_HAVE_CASE_VIEW
  caseView_ = new CaseView;
  // The case view's own minimum is wide (a long header line); the review splitter must be able to
  // give the case list its share, so the view gets squeezed (its header clipped) rather than the list.
  caseView_->setMinimumWidth(420);
  view_ = caseView_;
#else
  placeholder_ = new QTextBrowser;
  view_ = placeholder_;
#endif
  stack_->addWidget(view_);
  showMessage(tr("Select a case in the list to see it here."));
}

bool CaseViewHost::hasRealCaseView() const {
  return caseView_ != nullptr;
}

void CaseViewHost::setCase(const hs::Case& kase, const hs::eval::CaseOutcome& outcome, int number) {
  shownCaseId_ = QString::fromStdString(kase.id);
  hs::Case shown = kase;
  if (number > 0)
    shown.id = "#" + std::to_string(number) + (kase.id.empty() ? std::string() : " · " + kase.id);
#if HALLUSQL_HAVE_CASE_VIEW
  caseView_->setCase(shown, outcome);
#else
  placeholder_->setHtml(placeholderHtml(shown, outcome));
#endif
  stack_->setCurrentWidget(view_);
}

void CaseViewHost::showMessage(const QString& text) {
  shownCaseId_.clear();
  message_->setText(text);
  stack_->setCurrentWidget(message_);
}

void CaseViewHost::clear() {
#if HALLUSQL_HAVE_CASE_VIEW
  caseView_->clear();
#else
  placeholder_->clear();
#endif
  showMessage(tr("Select a case in the list to see it here."));
}

}  // namespace hs::ui
