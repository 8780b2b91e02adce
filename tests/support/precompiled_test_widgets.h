#pragma once
// The headers nearly every widget test includes, precompiled once and shared by the widget tests
// (build speed only: every test still includes what it uses).
#include "support/precompiled_test.h"
#include "widgets/precompiled.h"
