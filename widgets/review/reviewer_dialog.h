#pragma once
// The reviewer's identity (issue 12): a name and an optional e-mail, asked for on the first
// annotation and remembered in the settings (review/reviewerName, review/reviewerEmail). The
// annotator stored with every annotation is the name, with " <e-mail>" when one was given.
#include <QString>

class QWidget;

namespace hs::ui {

struct Reviewer {
  QString name;
  QString email;
  bool isEmpty() const { return name.trimmed().isEmpty(); }
  QString annotator() const;  // "Ana" or "Ana <ana@example.org>"
};

Reviewer storedReviewer();
void storeReviewer(const Reviewer& reviewer);
// Asks for the name and e-mail (prefilled with `current`). False when cancelled or left empty.
bool askReviewer(QWidget* parent, Reviewer* reviewer);

}  // namespace hs::ui
