#pragma once
// The headers nearly every test file includes, precompiled once and shared by all test
// executables (build speed only: every test still includes what it uses).
#include <QtTest>
#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>
