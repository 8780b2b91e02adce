#pragma once
// A tiny Spider-layout database (<root>/zoo/zoo.sqlite) for the mutation and bench tests.
#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <string>

#include "engine/db/db_test_util.h"

namespace hs::test {

inline std::string makeZooRoot(const QTemporaryDir& dir) {
  QDir(dir.path()).mkpath("zoo");
  std::string err = execOnFile(
      dir.path() + "/zoo/zoo.sqlite",
      "CREATE TABLE animal(id INTEGER PRIMARY KEY, name TEXT, kind TEXT, age INTEGER, weight REAL);"
      "INSERT INTO animal VALUES (1,'Rex','dog',3,30.5),(2,'Tom','cat',5,4.2),(3,'Ann','dog',9,25.0),"
      "(4,'Bo','bird',1,0.3),(5,'Cy','cat',7,5.1);");
  return err.empty() ? dir.path().toStdString() : std::string();
}

}  // namespace hs::test
