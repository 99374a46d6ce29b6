#pragma once
// What every explorer Qt Test program shares: a shown window with a graph loaded, waiting for
// a signal, and main(). Each run gets a fresh folder standing in for
// XDG_CONFIG_HOME and XDG_CACHE_HOME, set before anything reads them, so its settings (recent
// files) and layout caches are its own: no test reads what another test, running beside it or
// before it, wrote, and none touches the user's. Programs a test starts (the explorer's script
// mode, pathscope-cli) inherit the same folder.
#include <QApplication>
#include <QSignalSpy>
#include <QSize>
#include <QString>
#include <QSurfaceFormat>
#include <QTemporaryDir>
#include <QtTest>
#include <cstdio>
#include <memory>

#include "main_window.hpp"
#include "pathscope/io/load.hpp"
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

// True once the spy has seen its signal, whether before this call or within timeout_ms.
inline bool wait_for(QSignalSpy& spy, int timeout_ms) { return spy.count() > 0 || spy.wait(timeout_ms); }

struct ExplorerWindowOptions {
  // The all-pairs engine started after the load; empty for none (paths by single-source search).
  QString apsp_engine;
  QSize size{1200, 850};
  pathscope::LoadOptions load;
};

// A shown explorer window with `spec` loaded and painted once at its final size; nullptr when
// the window was never exposed or the graph not loaded within ten minutes.
inline std::unique_ptr<pathscope::qt::MainWindow> open_explorer(const QString& spec, const ExplorerWindowOptions& options = {}) {
  auto window = std::make_unique<pathscope::qt::MainWindow>();
  window->set_apsp_engine(options.apsp_engine);
  window->resize(options.size);
  window->show();
  if (!QTest::qWaitForWindowExposed(window.get())) return nullptr;
  QSignalSpy ready(window.get(), &pathscope::qt::MainWindow::graph_ready);
  window->open_graph(spec, options.load);
  if (!wait_for(ready, 600000)) return nullptr;
  QTest::qWait(50);
  return window;
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
