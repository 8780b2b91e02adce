#include "widgets/llm/endpoint_help.h"

#include <QCoreApplication>

namespace hs::ui {
namespace {

struct EndpointHelp {
  Q_DECLARE_TR_FUNCTIONS(hs::ui::EndpointHelp)
};

QString ollamaHowTo() {
  return EndpointHelp::tr(
      "To use a local model with Ollama: install Ollama, run \"ollama pull qwen2.5-coder:7b\" and "
      "\"ollama serve\", then open Settings > LLM Endpoints and Prompts and set the base URL to "
      "http://127.0.0.1:11434/v1 and the model to qwen2.5-coder:7b. llama.cpp's server, vLLM, "
      "LM Studio and hosted OpenAI-compatible APIs work the same way. Everything that does not "
      "need a model keeps working meanwhile.");
}

}  // namespace

QString explainLlmError(const Error& error, const QString& baseUrl, const QString& model) {
  const QString code = QString::fromStdString(error.code);
  QString what;
  if (code == "unreachable" || code == "timeout") {
    what = EndpointHelp::tr("No LLM endpoint answered at %1.").arg(baseUrl) + " " + ollamaHowTo();
  } else if (code == "auth") {
    what = EndpointHelp::tr(
               "The endpoint %1 refused the API key. Check the key source of the profile in Settings > LLM "
               "Endpoints and Prompts (an environment variable, or the system keychain).")
               .arg(baseUrl);
  } else if (code == "missing_key") {
    what = EndpointHelp::tr("The profile expects an API key but none is set: %1")
               .arg(QString::fromStdString(error.message));
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
