#pragma once
// The main() of the explorer's Qt Test programs. Each run gets a fresh folder standing in for
// XDG_CONFIG_HOME and XDG_CACHE_HOME, set before anything reads them, so its settings (recent
// files) and layout caches are its own: no test reads what another test, running beside it or
// before it, wrote, and none touches the user's. Programs a test starts (the explorer's script
// mode, pathscope-cli) inherit the same folder.
#include <QApplication>
#include <QSurfaceFormat>
#include <QTemporaryDir>
#include <QtTest>
#include <cstdio>

#include "surface_format.hpp"

namespace test_support {

// The private stand-in for the user's folders; empty when it could not be made.
inline QString private_settings_home() { return qEnvironmentVariable("PATHSCOPE_TEST_PRIVATE_HOME"); }

inline bool use_private_home(const QTemporaryDir& home) {
  if (!home.isValid()) return false;
  qputenv("PATHSCOPE_TEST_PRIVATE_HOME", home.path().toLocal8Bit());
  qputenv("XDG_CONFIG_HOME", home.filePath(QStringLiteral("config")).toLocal8Bit());
  qputenv("XDG_CACHE_HOME", home.filePath(QStringLiteral("cache")).toLocal8Bit());
  return true;
}

}  // namespace test_support

#define PATHSCOPE_EXPLORER_TEST_MAIN(TestClass)                                           \
  int main(int argc, char** argv) {                                                      \
    const QTemporaryDir home;                                                            \
    if (!test_support::use_private_home(home)) {                                         \
      std::fprintf(stderr, "cannot make a private settings folder: %s\n",                \
                   home.errorString().toLocal8Bit().constData());                        \
      return 1;                                                                          \
    }                                                                                    \
    QSurfaceFormat::setDefaultFormat(pathscope::qt::explorer_surface_format());          \
    QApplication::setAttribute(Qt::AA_ShareOpenGLContexts);                              \
    QApplication app(argc, argv);                                                        \
    QApplication::setOrganizationName(QStringLiteral("pathscope-tests"));                \
    TestClass test;                                                                      \
    return QTest::qExec(&test, argc, argv);                                              \
  }
