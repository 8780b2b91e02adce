#pragma once
// The filter row over the case list: verdict, review state, finding category, model, difficulty,
// a search field, "12 of 1,034" shown and the review progress ("212 of 1,034 reviewed").
#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;

namespace hs::ui {

class CaseFilterProxy;
class CaseListModel;

class CaseFilterBar : public QWidget {
  Q_OBJECT
 public:
  explicit CaseFilterBar(QWidget* parent = nullptr);

  // The category, model and difficulty choices of the listed cases, keeping the current choices
  // that are still offered. Sends no changed().
  void refill(const CaseListModel& model);
  // Hands the chosen filters to the proxy (it filters again on each that changed) and unpins the
  // shown case: a filter chosen now applies to it too.
  void applyTo(CaseFilterProxy& proxy) const;
  void setShownCount(int shown, int total);  // "12 of 1,034"
  void setProgressText(const QString& text);
  void retranslate();

  QComboBox* verdictCombo() const { return verdict_; }
  QComboBox* reviewCombo() const { return review_; }
  QComboBox* categoryCombo() const { return category_; }
  QComboBox* modelCombo() const { return model_; }
  QComboBox* difficultyCombo() const { return difficulty_; }
  QLineEdit* searchField() const { return search_; }

 signals:
  void changed();  // the reviewer chose another filter or typed in the search field

 private:
  QComboBox* verdict_;
  QComboBox* review_;
  QComboBox* category_;
  QComboBox* model_;
  QComboBox* difficulty_;
  QLineEdit* search_;
  QLabel* shown_;
  QLabel* progress_;
};

}  // namespace hs::ui
