#pragma once
// What the import dialog shows before anything is stored: the cases the importer reads from the
// chosen files, its warnings and errors, and the CSV header for the column mapping. Pure
// functions; the dialog runs them off the UI thread.
#include <QString>
#include <QStringList>

#include "engine/eval/not_scored.h"
#include "engine/workspace/import/import.h"

namespace hs::ui {

struct ImportPreview {
  hs::ws::import::ImportReport report;
  QStringList csvHeader;  // the header fields when the file is (detected as) CSV
  // What each chosen file looks like (engine's detection), to tell a file put in the wrong field.
  hs::ws::import::RoleGuess casesRole;
  hs::ws::import::RoleGuess predRole;
  // The cases that cannot be scored against the chosen database folder (none counted without one).
  hs::eval::NotScored notScored;
};

ImportPreview computePreview(const hs::ws::import::ImportOptions& options, const std::string& dbRoot = {});

// "62 cases not scored: database missing (concert_singer_x.sqlite) · ..." ("" when all can be).
QString notScoredText(const hs::eval::NotScored& notScored);

// The first record of a CSV file (BOM removed), or empty when it cannot be read.
QStringList csvHeaderOf(const QString& path);

// "file.jsonl:12: message (at byte 340)" with the file's name only.
QString errorLine(const hs::Error& error);

}  // namespace hs::ui
