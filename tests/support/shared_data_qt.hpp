#pragma once
// shared_data_file() for Qt Test programs. Qt Test 6.4 ends the whole program when a test
// function throws, so a missing file would also stop every later test function; this fails
// only the current one, with the same message. Declares `variable` as a QString.
#include <QString>
#include <QtTest>

#include "shared_data.hpp"

#define REQUIRE_SHARED_DATA_FILE(variable, relative)                              \
  QString variable;                                                              \
  try {                                                                          \
    variable = QString::fromStdString(test_support::shared_data_file(relative)); \
  } catch (const test_support::MissingSharedData& missing) {                     \
    QFAIL(missing.what());                                                       \
  }
