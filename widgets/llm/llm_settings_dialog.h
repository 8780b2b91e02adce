#pragma once
// Settings > LLM endpoints: profiles (base URL, model, key source, limits, prices), a key kept in
// the system keychain, "Test connection", and the prompt templates (view, edit, restore).
#include <QDialog>
#include <QVector>

#include <memory>

#include "widgets/llm/profile_settings.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QCheckBox;

namespace hs::llm {
class Client;
}

namespace hs::ui {

class KeyStore;
class LlmLogModel;

class LlmSettingsDialog : public QDialog {
  Q_OBJECT
 public:
  explicit LlmSettingsDialog(LlmLogModel* log, QWidget* parent = nullptr);
  ~LlmSettingsDialog() override;

  void accept() override;

 private:
  QWidget* buildProfilesTab();
  QWidget* buildPromptsTab();
  void showProfile(int row);
  void storeProfile(int row);
  void addProfile();
  void removeProfile();
  void testConnection();
  void showTemplate(const QString& name);
  void saveTemplateEdit();
  void setTestStatus(const QString& text, bool error);

  LlmLogModel* log_;
  KeyStore* keys_;
  QVector<LlmProfile> profiles_;
  int current_ = -1;
  std::shared_ptr<llm::Client> testClient_;

  QListWidget* list_;
  QLineEdit* name_;
  QLineEdit* baseUrl_;
  QLineEdit* model_;
  QComboBox* keySource_;
  QLineEdit* keyEnv_;
  QLineEdit* keyValue_;
  QSpinBox* concurrency_;
  QSpinBox* timeout_;
  QSpinBox* retries_;
  QDoubleSpinBox* priceIn_;
  QDoubleSpinBox* priceOut_;
  QPushButton* test_;
  QLabel* testStatus_;

  QComboBox* templates_;
  QPlainTextEdit* templateText_;
  QLabel* templateStatus_;
  QString shownTemplate_;
};

}  // namespace hs::ui
