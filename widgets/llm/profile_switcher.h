#pragma once
// The active model profile, always visible in the toolbar, and a quick switch between profiles
// ("Model: local-ollama (qwen2.5-coder:7b)"). The list comes from Settings > LLM Endpoints and
// Prompts; refresh() re-reads it after that dialog.
#include <QWidget>

class QComboBox;
class QLabel;

namespace hs::ui {

class ProfileSwitcher : public QWidget {
  Q_OBJECT
 public:
  explicit ProfileSwitcher(QWidget* parent = nullptr);

  void refresh();
  QString activeProfile() const;

 signals:
  // The user chose another profile (already saved as the active one).
  void profileChanged(const QString& name);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void onChosen(int index);

  QLabel* label_;
  QComboBox* box_;
};

}  // namespace hs::ui
