#pragma once
// Who annotates in this session: a name chosen for the session, else the reviewer stored in the
// settings (asked for on the first annotation, reviewer_dialog.h), else the OS user. The annotator
// is written with every annotation and names whose undo log Undo and Redo walk.
#include <QObject>
#include <QString>

class QWidget;

namespace hs::ui {

class ReviewerIdentity : public QObject {
  Q_OBJECT
 public:
  explicit ReviewerIdentity(QObject* parent = nullptr);

  QString annotator() const { return annotator_; }
  void setAnnotator(const QString& name);  // "" = the OS user ($USER / $USERNAME); asks nothing
  // Chosen already, or the stored reviewer, or asked for (a dialog over `parent`, then stored).
  // False when the reviewer declined to give a name.
  bool ensure(QWidget* parent);
  // The reviewer as known without asking (chosen, else the stored profile, else the OS user).
  QString undoOwner() const;

 signals:
  void changed(const QString& annotator);

 private:
  QString annotator_;
  bool chosen_ = false;
};

}  // namespace hs::ui
