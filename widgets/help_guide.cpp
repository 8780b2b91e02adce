#include "widgets/help_guide.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace hs::ui {

QString HelpGuide::html() {
  return tr(
      "<h2>HalluSQL in five steps</h2>"
      "<ol>"
      "<li><b>Open a database</b>: File &gt; Open Database (Ctrl+O), or File &gt; Open Demo Database. "
      "Databases are opened read-only; nothing you run can change them.</li>"
      "<li><b>Choose a model</b>: Settings &gt; LLM Endpoints and Prompts adds an OpenAI-compatible "
      "endpoint (Ollama, llama.cpp, vLLM or a hosted API). The model box in the toolbar switches "
      "between profiles.</li>"
      "<li><b>Ask</b>: type a question above the editor and press Generate SQL (Ctrl+G). The SQL "
      "appears in the editor with suspicious parts underlined: hover one for the reason. Ctrl+Enter "
      "runs the statement under the cursor; the rows appear under Results. SQL you paste or type is "
      "checked the same way when you run it, against the question above the editor.</li>"
      "<li><b>Check without a gold answer</b>: the Follow-ups tab (next to Results) asks rewritten "
      "questions whose answers must agree with the first one. \"Consistent\" means they did; "
      "\"Could not check\" means too few of them gave an answer that says anything.</li>"
      "<li><b>Review a benchmark run</b>: File &gt; Import Benchmark Run brings gold and predicted SQL "
      "into a workspace; the Review tab scores every case and lists failures by hallucination "
      "category, to confirm or correct.</li>"
      "</ol>"
      "<p>Esc cancels the running job. View lists the panels; Settings holds the language and the "
      "model endpoints.</p>");
}

void showQuickGuide(QWidget* parent) {
  auto* dialog = new QDialog(parent);
  dialog->setObjectName(QStringLiteral("quickGuide"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setWindowTitle(HelpGuide::tr("Quick Guide"));
  auto* text = new QTextBrowser(dialog);
  text->setHtml(HelpGuide::html());
  text->setOpenExternalLinks(true);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
  QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
  auto* layout = new QVBoxLayout(dialog);
  layout->addWidget(text);
  layout->addWidget(buttons);
  dialog->resize(620, 480);
  dialog->show();
}

}  // namespace hs::ui
