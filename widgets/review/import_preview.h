#pragma once
// What the import dialog shows before anything is stored: the cases the importer reads from the
// chosen files, its warnings and errors, and the CSV header for the column mapping. Pure
// functions; the dialog runs them off the UI thread.
#include <QString>
#include <QStringList>

#include "engine/workspace/import/import.h"

namespace hs::ui {

struct ImportPreview {
  hs::ws::import::ImportReport report;
  QStringList csvHeader;  // the header fields when the file is (detected as) CSV
  // What each chosen file looks like (engine's detection), to tell a file put in the wrong field.
  hs::ws::import::RoleGuess casesRole;
  hs::ws::import::RoleGuess predRole;
};

ImportPreview computePreview(const hs::ws::import::ImportOptions& options);

// The first record of a CSV file (BOM removed), or empty when it cannot be read.
QStringList csvHeaderOf(const QString& path);

// "file.jsonl:12: message (at byte 340)" with the file's name only.
QString errorLine(const hs::Error& error);

}  // namespace hs::ui
