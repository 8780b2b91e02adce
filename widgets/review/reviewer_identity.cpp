// ReviewerIdentity: the annotator of the session.
#include "widgets/review/reviewer_identity.h"

#include "widgets/review/reviewer_dialog.h"

namespace hs::ui {

namespace {

QString osUser() {
  QString name = qEnvironmentVariable("USER");
  if (name.isEmpty()) name = qEnvironmentVariable("USERNAME");
  return name.isEmpty() ? QStringLiteral("annotator") : name;
}

}  // namespace

ReviewerIdentity::ReviewerIdentity(QObject* parent) : QObject(parent), annotator_(osUser()) {}

void ReviewerIdentity::setAnnotator(const QString& name) {
  annotator_ = name.trimmed().isEmpty() ? osUser() : name.trimmed();
  chosen_ = true;
  emit changed(annotator_);
}

bool ReviewerIdentity::ensure(QWidget* parent) {
  if (chosen_) return true;
  Reviewer r = storedReviewer();
  if (r.isEmpty()) {
    r.name = annotator_;
    if (!askReviewer(parent, &r)) return false;
    storeReviewer(r);
  }
  annotator_ = r.annotator();
  chosen_ = true;
  emit changed(annotator_);
  return true;
}

QString ReviewerIdentity::undoOwner() const {
  if (chosen_) return annotator_;
  const Reviewer stored = storedReviewer();
  return stored.isEmpty() ? annotator_ : stored.annotator();
}

}  // namespace hs::ui
