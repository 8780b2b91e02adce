#pragma once
// The gold-free findings of the SQL in the Query tab's editor, whoever wrote it. Marks them with
// the Review case view's styles and tooltips (one category table), and checks the SQL the user
// ran from the editor (Query > Run, Ctrl+Enter; once it has run without an error) in the
// background with the question bar's question (engine/workflow/annotate_query.h on the database opened
// read-only), its findings and risk on the question bar's status line as for generated SQL. The marks go when
// the SQL is edited.
#include <QByteArray>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>
#include <optional>
#include <utility>

namespace hs::ui {

class JobRunner;
class QuestionBar;
class Shell;
struct GeneratedFinding;
struct GenerationOutcome;

class EditorFindings : public QObject {
  Q_OBJECT
 public:
  // Moves a finding's byte span in the checked SQL to the editor's text (nullopt: not shown).
  using SpanMap = std::function<std::optional<std::pair<int, int>>(int begin, int end)>;

  EditorFindings(Shell& shell, QuestionBar* bar, QObject* parent = nullptr);

  // Marks the findings of the whole SQL now in the editor, checked for `question` (running that
  // SQL for that question checks nothing again). Returns the categories' names, first seen first.
  QStringList show(const QVector<GeneratedFinding>& findings, const SpanMap& map, const QString& question);
  // The findings' category names in the language now in use, first seen first.
  static QStringList categoryNames(const QVector<GeneratedFinding>& findings);
  // The sentence that says the question cues did not read `question` (it is not in English, so
  // nothing was checked against it), in the language now in use; empty when they read it.
  static QString unreadQuestionNote(const QString& question);
  // Puts the findings line of the SQL just shown (generated SQL: LlmController) on the question
  // bar; it goes with the marks the moment the SQL changes, and only a new run brings one back.
  void setStatus(std::function<QString()> make, bool error);
  // Removes the marks (and the findings line of the shown SQL, generated or the user's); stops a check.
  void clear();
  // Stops a check of the user's SQL without touching the marks (e.g. a question goes to the model).
  void stopChecking();
  JobRunner* runner() const { return runner_; }

 signals:
  // A check of the user's SQL ended: shown, or dropped (the SQL, question or database changed).
  void checkFinished();

 private:
  struct Checked {
    QString text;      // the editor's whole text
    QString question;  // the question bar's
    int offset = -1;   // where `sql` starts in `text`; -1: the whole text (generated SQL)
    QByteArray sql;
  };
  static bool covers(const Checked& shown, const Checked& run);
  void onRun(const QByteArray& sql, int editorOffset);
  void start(const Checked& what);
  void onChecked(const Checked& what, const std::optional<GenerationOutcome>& outcome);
  void removeMarks();

  Shell& shell_;
  QuestionBar* bar_;
  JobRunner* runner_;
  std::optional<Checked> shown_;     // what the marks in the editor are for
  std::optional<Checked> checking_;  // the check running now
  std::optional<Checked> next_;      // to check once the running one has stopped
  quint64 generation_ = 0;           // bumped by clear(): a check started before is dropped
  std::optional<quint64> status_;    // the status line this object set last (QuestionBar::statusId)
};

}  // namespace hs::ui
