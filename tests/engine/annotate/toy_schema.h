#pragma once
// A two-table schema in Spider's concert_singer style for the annotators' unit tests (no shared
// data needed): singer(Singer_ID pk, Name, Country, Age), concert(concert_ID pk, Singer_ID, Year).
#include "engine/db/schema.h"

namespace hs::annotate::test {

inline hs::db::Schema toySchema() {
  hs::db::Schema s;
  auto col = [](const char* n, bool pk = false) {
    hs::db::ColumnInfo c;
    c.name = n;
    c.declaredType = "TEXT";
    c.primaryKey = pk;
    return c;
  };
  s.tables.push_back(
      {"singer", false, {col("Singer_ID", true), col("Name"), col("Country"), col("Age")}, {}, {}, ""});
  s.tables.push_back(
      {"concert", false, {col("concert_ID", true), col("Singer_ID"), col("Year")}, {}, {}, ""});
  return s;
}

}  // namespace hs::annotate::test
