#include "widgets/llm/endpoint_help.h"

#include "widgets/error_text.h"

#include <QCoreApplication>
#include <QUrl>

namespace hs::ui {
namespace {

struct EndpointHelp {
  Q_DECLARE_TR_FUNCTIONS(hs::ui::EndpointHelp)
};

// The base URL already is Ollama's usual address (127.0.0.1 or localhost, port 11434, /v1).
bool isOllamaAddress(const QString& baseUrl) {
  const QUrl url(baseUrl.trimmed());
  const QString host = url.host();
  QString path = url.path();
  while (path.endsWith(QLatin1Char('/'))) path.chop(1);
  return url.scheme() == QLatin1String("http") &&
         (host == QLatin1String("127.0.0.1") || host == QLatin1String("localhost")) && url.port() == 11434 &&
         path == QLatin1String("/v1");
}

QString ollamaHowTo(EndpointHelpPlace place, const QString& baseUrl, const QString& model) {
  if (isOllamaAddress(baseUrl)) {
    // Telling the user to set the base URL they already have is no help: the server is not running.
    const QString pulled = model.trimmed().isEmpty() ? QStringLiteral("qwen2.5-coder:7b") : model.trimmed();
    return EndpointHelp::tr(
               "This is Ollama's usual address: check that Ollama is installed and running (\"ollama "
               "serve\") and that the model is pulled (\"ollama pull %1\").")
        .arg(pulled);
  }
  if (place == EndpointHelpPlace::InSettings)
    return EndpointHelp::tr(
        "To use a local model with Ollama: install Ollama, run \"ollama pull qwen2.5-coder:7b\" and "
        "\"ollama serve\", then set the base URL above to http://127.0.0.1:11434/v1 and the model to "
        "qwen2.5-coder:7b. llama.cpp's server, vLLM, LM Studio and hosted OpenAI-compatible APIs work "
        "the same way.");
  return EndpointHelp::tr(
      "To use a local model with Ollama: install Ollama, run \"ollama pull qwen2.5-coder:7b\" and "
      "\"ollama serve\", then open Settings > LLM Endpoints and Prompts and set the base URL to "
      "http://127.0.0.1:11434/v1 and the model to qwen2.5-coder:7b. llama.cpp's server, vLLM, "
      "LM Studio and hosted OpenAI-compatible APIs work the same way. Everything that does not "
      "need a model keeps working meanwhile.");
}

// An address curl cannot use ("htp:/x", "localhost:11434" without a scheme, spaces).
bool isWebAddress(const QString& baseUrl) {
  const QUrl url(baseUrl.trimmed(), QUrl::StrictMode);
  return url.isValid() && (url.scheme() == QLatin1String("http") || url.scheme() == QLatin1String("https")) &&
         !url.host().isEmpty();
}

}  // namespace

QString explainLlmError(const Error& error, const QString& baseUrl, const QString& model,
                        EndpointHelpPlace place) {
  const QString code = QString::fromStdString(error.code);
  const bool inSettings = place == EndpointHelpPlace::InSettings;
  QString what;
  if (code != "cancelled" && code != "offline_miss" && code != "bad_profile" &&
      !baseUrl.trimmed().isEmpty() && !isWebAddress(baseUrl)) {
    what = inSettings
               ? EndpointHelp::tr(
                     "The base URL \"%1\" is not a web address. Write it as "
                     "http://host:port/v1, for example http://127.0.0.1:11434/v1.")
                     .arg(baseUrl)
               : EndpointHelp::tr(
                     "The base URL \"%1\" is not a web address. Write it as http://host:port/v1 "
                     "(for example http://127.0.0.1:11434/v1) in Settings > LLM Endpoints and Prompts.")
                     .arg(baseUrl);
  } else if (code == "unreachable") {
    what = ErrorText::sentences(EndpointHelp::tr("No LLM endpoint answered at %1.").arg(baseUrl),
                                ollamaHowTo(place, baseUrl, model));
  } else if (code == "timeout") {
    what = inSettings
               ? EndpointHelp::tr(
                     "The endpoint %1 did not answer in time. A large model can take long for its "
                     "first answer: raise the Timeout above, or check that the server is not overloaded.")
                     .arg(baseUrl)
               : EndpointHelp::tr(
                     "The endpoint %1 did not answer in time. A large model can take long for its "
                     "first answer: raise the profile's timeout in Settings > LLM Endpoints and Prompts, "
                     "or check that the server is not overloaded.")
                     .arg(baseUrl);
  } else if (code == "auth") {
    what = inSettings ? EndpointHelp::tr(
                            "The endpoint %1 refused the API key. Check the key source above (an environment "
                            "variable, or the system keychain).")
                            .arg(baseUrl)
                      : EndpointHelp::tr(
                            "The endpoint %1 refused the API key. Check the key source of the profile in "
                            "Settings > LLM Endpoints and Prompts (an environment variable, or the system "
                            "keychain).")
                            .arg(baseUrl);
  } else if (code == "missing_key") {
    what = EndpointHelp::tr("The profile expects an API key but none is set: %1")
               .arg(QString::fromStdString(error.message));
  } else if (code == "model_not_found" && inSettings) {
    what = EndpointHelp::tr(
               "The endpoint %1 does not know the model \"%2\". Write a model it serves (for Ollama: "
               "\"ollama list\") above.")
               .arg(baseUrl, model);
  } else if (code == "model_not_found") {
    what = EndpointHelp::tr(
               "The endpoint %1 does not know the model \"%2\". Pick a model it serves (for Ollama: \"ollama "
               "list\") in Settings > LLM Endpoints and Prompts.")
               .arg(baseUrl, model);
  } else if (code == "rate_limited") {
    what = EndpointHelp::tr(
        "The endpoint is rate limiting requests; HalluSQL retried and gave up. Try again in a minute "
        "or lower the concurrency of the profile.");
  } else if (code == "offline_miss") {
    what = EndpointHelp::tr("Offline mode: this request is not in the cache (%1).")
               .arg(QString::fromStdString(error.message));
  } else if (code == "no_sql") {
    what = EndpointHelp::tr(
        "The model answered, but its answer holds no SELECT statement. See the LLM log for what it said.");
  } else if (code == "bad_profile" && inSettings) {
    what = EndpointHelp::tr("The profile is incomplete: set a base URL and a model above.");
  } else if (code == "bad_profile") {
    what = EndpointHelp::tr(
        "The LLM profile is incomplete: set a base URL and a model in Settings > LLM Endpoints and Prompts.");
  } else if (code == "cancelled") {
    what = EndpointHelp::tr("Cancelled.");
  } else {
    what = EndpointHelp::tr("The LLM call failed: %1").arg(QString::fromStdString(error.message));
  }
  return what;
}

}  // namespace hs::ui
