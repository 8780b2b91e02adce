#include "widgets/language_controller.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include "widgets/finding_text_translator.h"

namespace hs::ui {

LanguageController::LanguageController(QObject* parent)
    : QObject(parent),
      app_(new QTranslator(this)),
      qt_(new QTranslator(this)),
      findings_(new FindingTextTranslator(this)) {}

QString LanguageController::nativeName(const QString& language) {
  if (language == QLatin1String("zh_CN")) return QStringLiteral("简体中文");
  return QStringLiteral("English");
}

bool LanguageController::setLanguage(const QString& requested) {
  QString lang = requested;
  if (lang.isEmpty()) lang = QLocale::system().name().startsWith(QLatin1String("zh")) ? "zh_CN" : "en";
  QCoreApplication::removeTranslator(app_);
  QCoreApplication::removeTranslator(qt_);
  QCoreApplication::removeTranslator(findings_);
  bool ok = true;
  if (lang != QLatin1String("en")) {
    ok = app_->load(QStringLiteral("hallusql_") + lang, QStringLiteral(":/i18n"));
    if (ok) {
      QCoreApplication::installTranslator(app_);
      if (findings_->setLanguage(lang)) QCoreApplication::installTranslator(findings_);
      if (qt_->load(QStringLiteral("qtbase_") + lang, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt_);
    } else {
      lang = QStringLiteral("en");
    }
  }
  // English: only the plural forms ("1 case", "2 cases"); every other English text is the source.
  if (lang == QLatin1String("en") && app_->load(QStringLiteral("hallusql_en"), QStringLiteral(":/i18n")))
    QCoreApplication::installTranslator(app_);
  QLocale::setDefault(QLocale(lang == QLatin1String("en") ? QStringLiteral("en_US") : lang));
  language_ = lang;
  emit languageChanged(lang);
  return ok;
}

}  // namespace hs::ui
