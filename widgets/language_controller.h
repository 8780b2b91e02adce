#pragma once
// UI language: installs HalluSQL's embedded translation, the engine's finding texts and Qt's own
// (qtbase) for a language, and switches at run time (widgets retranslate on QEvent::LanguageChange).
#include <QObject>
#include <QString>
#include <QStringList>

class QTranslator;

namespace hs::ui {

class FindingTextTranslator;

class LanguageController : public QObject {
  Q_OBJECT
 public:
  explicit LanguageController(QObject* parent = nullptr);

  // "en", "zh_CN" (or "" for the system language). Returns false when the language has no
  // HalluSQL translation (English is always available: it is the source language).
  bool setLanguage(const QString& language);
  QString language() const { return language_; }
  static QStringList available() { return {QStringLiteral("en"), QStringLiteral("zh_CN")}; }
  static QString nativeName(const QString& language);

 signals:
  void languageChanged(const QString& language);

 private:
  QTranslator* app_;
  QTranslator* qt_;
  FindingTextTranslator* findings_;  // category names, subcategories, messages: the engine's catalogue
  QString language_ = QStringLiteral("en");
};

}  // namespace hs::ui
