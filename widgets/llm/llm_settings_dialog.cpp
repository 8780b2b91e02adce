#include "widgets/llm/llm_settings_dialog.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include "engine/llm/client.h"
#include "widgets/llm/endpoint_help.h"
#include "widgets/llm/key_store.h"
#include "widgets/llm/llm_log_model.h"

namespace hs::ui {
namespace {

QString qs(const std::string& s) {
  return QString::fromStdString(s);
}

enum KeySource { NoKey, EnvironmentKey, KeychainKey };

}  // namespace

LlmSettingsDialog::LlmSettingsDialog(LlmLogModel* log, QWidget* parent)
    : QDialog(parent), log_(log), keys_(new KeyStore(this)), profiles_(ProfileSettings::load()) {
  setWindowTitle(tr("LLM endpoints and prompts"));
  auto* tabs = new QTabWidget(this);
  tabs->addTab(buildProfilesTab(), tr("Endpoints"));
  tabs->addTab(buildPromptsTab(), tr("Prompts"));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &LlmSettingsDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &LlmSettingsDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(tabs);
  layout->addWidget(buttons);
  resize(820, 560);

  for (const auto& p : profiles_) list_->addItem(qs(p.endpoint.name));
  int active = 0;
  for (int i = 0; i < profiles_.size(); ++i) {
    if (qs(profiles_[i].endpoint.name) == ProfileSettings::activeName()) active = i;
  }
  list_->setCurrentRow(active);
}

LlmSettingsDialog::~LlmSettingsDialog() {
  if (testClient_) testClient_->cancelAll();
}

QWidget* LlmSettingsDialog::buildProfilesTab() {
  auto* page = new QWidget(this);
  list_ = new QListWidget(page);
  auto* add = new QPushButton(tr("Add"), page);
  auto* remove = new QPushButton(tr("Remove"), page);
  name_ = new QLineEdit(page);
  baseUrl_ = new QLineEdit(page);
  baseUrl_->setPlaceholderText(QStringLiteral("http://127.0.0.1:11434/v1"));
  model_ = new QLineEdit(page);
  keySource_ = new QComboBox(page);
  keySource_->addItems({tr("No key"), tr("Environment variable"), tr("System keychain")});
  keyEnv_ = new QLineEdit(page);
  keyEnv_->setPlaceholderText(QStringLiteral("OPENAI_API_KEY"));
  keyValue_ = new QLineEdit(page);
  keyValue_->setEchoMode(QLineEdit::Password);
  keyValue_->setPlaceholderText(tr("Leave empty to keep the stored key"));
  concurrency_ = new QSpinBox(page);
  concurrency_->setRange(1, 64);
  timeout_ = new QSpinBox(page);
  timeout_->setObjectName(QStringLiteral("timeout"));
  timeout_->setRange(1, 3600);
  timeout_->setSuffix(tr(" s"));
  retries_ = new QSpinBox(page);
  retries_->setRange(0, 10);
  priceIn_ = new QDoubleSpinBox(page);
  priceOut_ = new QDoubleSpinBox(page);
  for (auto* price : {priceIn_, priceOut_}) {
    price->setDecimals(5);
    price->setRange(0, 1000);
    price->setPrefix(QStringLiteral("$"));
  }
  test_ = new QPushButton(tr("Te&st connection"), page);
  test_->setObjectName(QStringLiteral("testConnection"));
  testStatus_ = new QLabel(page);
  testStatus_->setObjectName(QStringLiteral("testStatus"));
  testStatus_->setWordWrap(true);
  testStatus_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* form = new QFormLayout;
  form->addRow(tr("&Name"), name_);
  form->addRow(tr("Base &URL"), baseUrl_);
  form->addRow(tr("&Model"), model_);
  form->addRow(tr("API &key from"), keySource_);
  form->addRow(tr("&Variable"), keyEnv_);
  form->addRow(tr("K&ey"), keyValue_);
  form->addRow(tr("&Requests at once"), concurrency_);
  form->addRow(tr("&Timeout"), timeout_);
  form->addRow(tr("Retr&ies"), retries_);
  form->addRow(tr("Price per 1k in&put tokens"), priceIn_);
  form->addRow(tr("Price per 1k &output tokens"), priceOut_);
  form->addRow(test_, testStatus_);

  auto* left = new QVBoxLayout;
  left->addWidget(list_);
  auto* listButtons = new QHBoxLayout;
  listButtons->addWidget(add);
  listButtons->addWidget(remove);
  left->addLayout(listButtons);
  auto* layout = new QHBoxLayout(page);
  layout->addLayout(left, 1);
  layout->addLayout(form, 3);

  auto updateKeyFields = [this]() {
    keyEnv_->setEnabled(keySource_->currentIndex() == EnvironmentKey);
    keyValue_->setEnabled(keySource_->currentIndex() == KeychainKey);
  };
  connect(keySource_, &QComboBox::currentIndexChanged, this, updateKeyFields);
  connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
    storeProfile(current_);
    showProfile(row);
  });
  connect(name_, &QLineEdit::textEdited, this, [this](const QString& text) {
    if (current_ >= 0) list_->item(current_)->setText(text);
  });
  connect(add, &QPushButton::clicked, this, &LlmSettingsDialog::addProfile);
  connect(remove, &QPushButton::clicked, this, &LlmSettingsDialog::removeProfile);
  connect(test_, &QPushButton::clicked, this, &LlmSettingsDialog::testConnection);
  return page;
}

QWidget* LlmSettingsDialog::buildPromptsTab() {
  auto* page = new QWidget(this);
  templates_ = new QComboBox(page);
  for (const auto& name : llm::builtinTemplateNames()) templates_->addItem(qs(name));
  templateText_ = new QPlainTextEdit(page);
  templateText_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  templateText_->setLineWrapMode(QPlainTextEdit::NoWrap);
  templateStatus_ = new QLabel(page);
  templateStatus_->setWordWrap(true);
  auto* restore = new QPushButton(tr("Restore built-in"), page);
  auto* top = new QHBoxLayout;
  top->addWidget(new QLabel(tr("Template"), page));
  top->addWidget(templates_, 1);
  top->addWidget(restore);
  auto* layout = new QVBoxLayout(page);
  layout->addLayout(top);
  layout->addWidget(templateText_, 1);
  layout->addWidget(templateStatus_);
  connect(templates_, &QComboBox::currentTextChanged, this, [this](const QString& name) {
    saveTemplateEdit();
    showTemplate(name);
  });
  connect(restore, &QPushButton::clicked, this, [this]() {
    ProfileSettings::setEditedPromptText(shownTemplate_, {});
    showTemplate(shownTemplate_);
  });
  showTemplate(templates_->currentText());
  return page;
}

void LlmSettingsDialog::showProfile(int row) {
  current_ = row;
  if (row < 0 || row >= profiles_.size()) return;
  const auto& p = profiles_[row];
  name_->setText(qs(p.endpoint.name));
  baseUrl_->setText(qs(p.endpoint.baseUrl));
  model_->setText(qs(p.endpoint.model));
  keySource_->setCurrentIndex(p.keyInKeychain                ? KeychainKey
                              : p.endpoint.apiKeyEnv.empty() ? NoKey
                                                             : EnvironmentKey);
  keyEnv_->setText(qs(p.endpoint.apiKeyEnv));
  keyValue_->clear();
  concurrency_->setValue(p.endpoint.maxConcurrency);
  timeout_->setValue(p.endpoint.timeoutMs / 1000);
  retries_->setValue(p.endpoint.maxRetries);
  priceIn_->setValue(p.endpoint.pricePer1kInput);
  priceOut_->setValue(p.endpoint.pricePer1kOutput);
  keyEnv_->setEnabled(keySource_->currentIndex() == EnvironmentKey);
  keyValue_->setEnabled(keySource_->currentIndex() == KeychainKey);
  setTestStatus({}, false);
}

void LlmSettingsDialog::storeProfile(int row) {
  if (row < 0 || row >= profiles_.size()) return;
  auto& p = profiles_[row];
  p.endpoint.name = name_->text().trimmed().toStdString();
  p.endpoint.baseUrl = baseUrl_->text().trimmed().toStdString();
  p.endpoint.model = model_->text().trimmed().toStdString();
  p.endpoint.apiKeyEnv =
      keySource_->currentIndex() == EnvironmentKey ? keyEnv_->text().trimmed().toStdString() : "";
  p.keyInKeychain = keySource_->currentIndex() == KeychainKey;
  p.endpoint.maxConcurrency = concurrency_->value();
  p.endpoint.timeoutMs = timeout_->value() * 1000;
  p.endpoint.maxRetries = retries_->value();
  p.endpoint.pricePer1kInput = priceIn_->value();
  p.endpoint.pricePer1kOutput = priceOut_->value();
  if (p.keyInKeychain && !keyValue_->text().isEmpty()) {
    // The key goes to the keychain only, never to QSettings.
    keys_->write(qs(p.endpoint.name), keyValue_->text(), [](QString) {});
  }
}

void LlmSettingsDialog::addProfile() {
  storeProfile(current_);
  LlmProfile p;
  p.endpoint.name = tr("New endpoint %1").arg(profiles_.size() + 1).toStdString();
  p.endpoint.baseUrl = "http://127.0.0.1:8080/v1";
  p.endpoint.model = "local-model";
  profiles_.push_back(p);
  list_->addItem(qs(p.endpoint.name));
  list_->setCurrentRow(int(profiles_.size()) - 1);
}

void LlmSettingsDialog::removeProfile() {
  if (current_ < 0 || profiles_.size() <= 1) return;
  const int row = current_;
  current_ = -1;
  profiles_.removeAt(row);
  delete list_->takeItem(row);
  list_->setCurrentRow(qMin(row, int(profiles_.size()) - 1));
}

void LlmSettingsDialog::setTestStatus(const QString& text, bool error) {
  testStatus_->setText(text);
  testStatus_->setStyleSheet(error ? QStringLiteral("color: #b02020;") : QStringLiteral("color: #207020;"));
}

void LlmSettingsDialog::testConnection() {
  storeProfile(current_);
  if (current_ < 0) return;
  const LlmProfile profile = profiles_[current_];
  llm::ClientOptions options;
  options.profile = profile.endpoint;
  options.profile.maxRetries = 0;  // a test should answer quickly
  options.readCache = false;
  if (profile.keyInKeychain) options.apiKey = keyValue_->text().toStdString();
  const QString baseUrl = qs(profile.endpoint.baseUrl);
  const QString model = qs(profile.endpoint.model);
  auto created = llm::Client::create(std::move(options));
  if (!created) {
    setTestStatus(explainLlmError(created.error(), baseUrl, model, EndpointHelpPlace::InSettings), true);
    return;
  }
  if (testClient_) testClient_->cancelAll();
  testClient_ = std::move(created.value());
  llm::ChatRequest request;
  request.messages = {{"user", "Reply with the single word OK."}};
  request.params.maxTokens = 8;
  request.params.temperature = 0.0;
  request.templateName = "test_connection";
  test_->setEnabled(false);
  setTestStatus(tr("Connecting to %1 ...").arg(baseUrl), false);
  QPointer<LlmSettingsDialog> self(this);
  testClient_->submit(request, [self, request, baseUrl, model](llm::RequestId,
                                                               const llm::ChatResult& result) {
    // Runs on the client's thread: hand the result to the dialog's thread.
    QMetaObject::invokeMethod(
        qApp,
        [self, request, result, baseUrl, model]() {
          if (!self) return;
          self->test_->setEnabled(true);
          self->log_->append(LlmLogEntry::from(tr("test connection"), request, result, model));
          if (result) {
            self->setTestStatus(
                tr("Connected: %1 answered in %2 ms.").arg(qs(result->model)).arg(qRound(result->latencyMs)),
                false);
          } else {
            self->setTestStatus(
                explainLlmError(result.error(), baseUrl, model, EndpointHelpPlace::InSettings), true);
          }
        },
        Qt::QueuedConnection);
  });
}

void LlmSettingsDialog::showTemplate(const QString& name) {
  shownTemplate_ = name;
  const QString edited = ProfileSettings::editedPromptText(name);
  auto builtin = llm::builtinTemplate(name.toStdString());
  templateText_->setPlainText(!edited.isEmpty() ? edited : builtin ? qs(builtin->text) : QString());
  templateStatus_->setText(
      edited.isEmpty() ? tr("Built-in template, version %1.").arg(builtin ? qs(builtin->version) : QString())
                       : tr("Edited by you. Calls record the version line of the text above."));
}

void LlmSettingsDialog::saveTemplateEdit() {
  if (shownTemplate_.isEmpty()) return;
  const QString text = templateText_->toPlainText();
  auto builtin = llm::builtinTemplate(shownTemplate_.toStdString());
  if (builtin && text == qs(builtin->text)) return;  // unchanged
  ProfileSettings::setEditedPromptText(shownTemplate_, text);
}

void LlmSettingsDialog::accept() {
  storeProfile(current_);
  // An edited template must parse before it is kept.
  const QString text = templateText_->toPlainText();
  auto parsed = llm::parseTemplate(text.toStdString(), shownTemplate_.toStdString());
  if (!parsed) {
    templateStatus_->setText(tr("This template does not parse: %1").arg(qs(parsed.error().describe())));
    templateStatus_->setStyleSheet(QStringLiteral("color: #b02020;"));
    return;
  }
  saveTemplateEdit();
  ProfileSettings::save(profiles_);
  if (current_ >= 0) ProfileSettings::setActiveName(qs(profiles_[current_].endpoint.name));
  QDialog::accept();
}

}  // namespace hs::ui
