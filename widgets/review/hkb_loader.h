#pragma once
// The hallucination knowledge base (HKB) of a workspace for the annotation bar: loaded off the UI
// thread (one load at a time; a request during a load loads again after it), held on the UI
// thread with the schema vocabularies it standardised questions with.
#include <QObject>
#include <QString>

#include <memory>
#include <optional>

#include "engine/mr/hkb.h"
#include "engine/mr/hkb_build.h"

namespace hs::ui {

class JobRunner;

class HkbLoader : public QObject {
  Q_OBJECT
 public:
  explicit HkbLoader(QObject* parent = nullptr);
  ~HkbLoader() override;

  // Forgets the HKB of the previous workspace (a load of it still running is dropped when done);
  // a non-empty path is loaded with load().
  void reset(const QString& path);
  void load();     // (again) from the workspace at the path; nothing without one
  void abandon();  // stops a running load without its callback: for destructors
  bool isReady() const;
  bool isLoading() const;
  bool waitFor(int timeoutMs);  // processes events; for tests
  int size() const;             // entries, -1 before the HKB is loaded
  QString path() const { return path_; }

  // Valid while isReady() (the annotations write through it, so it learns each at once).
  hs::mr::Hkb* hkb() { return hkb_ ? &*hkb_ : nullptr; }
  hs::mr::VocabularyCache& vocabularies() { return vocabularies_; }

 signals:
  void status(const QString& text);  // "Loading the knowledge base…", its error, "" once loaded
  void loaded(int entries);
  void finished();  // after each load of the current workspace, loaded or not

 private:
  struct Loaded;
  void onLoaded(const std::shared_ptr<Loaded>& done);

  QString path_;
  JobRunner* runner_;
  std::optional<hs::mr::Hkb> hkb_;  // UI thread only once loaded
  hs::mr::VocabularyCache vocabularies_;
  int generation_ = 0;  // bumped per workspace: a load of an earlier one is dropped
  bool reloadPending_ = false;
};

}  // namespace hs::ui
