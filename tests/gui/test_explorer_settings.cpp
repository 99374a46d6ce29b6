// What the explorer keeps between runs (recent graphs, window size and panels) and where: the
// recent list holds absolute paths and never a file that is gone, the window fits the screen
// it opens on at any scale, and a test run never writes the settings file the user would have.
#include <QDir>
#include <QDirIterator>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QMenu>
#include <QProcess>
#include <QScreen>
#include <QTemporaryDir>
#include <QtTest>
#include <memory>

#include "explorer_fixture.hpp"
#include "fresh_seed.hpp"
#include "pathscope/io/random_graph.hpp"
#include "recent_graphs.hpp"
#include "window_layout.hpp"

using pathscope::qt::MainWindow;
using test_support::wait_for;

namespace {

// Set in the copies of this program the tests below start, so they do not start copies again.
const char* const kChildRun = "PATHSCOPE_SETTINGS_TEST_CHILD";

void write_path_graph(const QString& file, int n) {
  QFile f(file);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(QStringLiteral("p sp %1 %2\n").arg(n).arg(n - 1).toUtf8());
  for (int i = 1; i < n; ++i) f.write(QStringLiteral("a %1 %2 1\n").arg(i).arg(i + 1).toUtf8());
}

bool open_and_wait(MainWindow& window, const QString& spec) {
  QSignalSpy ready(&window, &MainWindow::graph_ready);
  window.open_graph(spec);
  return wait_for(ready, 120000);
}

QStringList recent_menu_texts(MainWindow& window) {
  auto* menu = window.findChild<QMenu*>(QStringLiteral("recentMenu"));
  if (!menu) return {QStringLiteral("(no recent menu)")};
  Q_EMIT menu->aboutToShow();  // what opening it does: the list is read and pruned then
  QStringList texts;
  for (const auto* action : menu->actions()) {
    if (action->isEnabled()) texts << action->text();
  }
  return texts;
}

// Every file under `folder`, relative to it.
QStringList files_under(const QString& folder) {
  QStringList files;
  for (QDirIterator it(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories); it.hasNext();) {
    files << QDir(folder).relativeFilePath(it.next());
  }
  return files;
}

struct ChildOutcome {
  bool ok = false;
  QString output;
};

// This program again, running only `functions`, with `environment` changed.
ChildOutcome run_this_test(const QStringList& functions, const QProcessEnvironment& environment) {
  QProcess child;
  child.setProcessEnvironment(environment);
  child.setProcessChannelMode(QProcess::MergedChannels);
  child.start(QCoreApplication::applicationFilePath(), functions);
  ChildOutcome outcome;
  outcome.ok = child.waitForFinished(300000) && child.exitStatus() == QProcess::NormalExit && child.exitCode() == 0;
  outcome.output = QString::fromLocal8Bit(child.readAll());
  return outcome;
}

}  // namespace

class ExplorerSettingsTest : public QObject {
  Q_OBJECT
 private:
  pathscope::SplitMix64 rng_{test_support::fresh_seed()};

 private Q_SLOTS:
  // Opened by relative names, kept by absolute ones (they open from any folder later); a
  // generator spec kept as typed; a file deleted since is neither offered nor kept.
  void recent_graphs_are_absolute_and_stale_ones_pruned() {
    QTemporaryDir dir, elsewhere;
    QVERIFY(dir.isValid() && elsewhere.isValid());
    const int kept_nodes = 3 + static_cast<int>(rng_.below(40)), gone_nodes = 3 + static_cast<int>(rng_.below(40));
    write_path_graph(dir.filePath(QStringLiteral("kept.gr")), kept_nodes);
    write_path_graph(dir.filePath(QStringLiteral("gone.gr")), gone_nodes);
    const QString generator = QStringLiteral("random:n=%1,deg=2,seed=%2").arg(10 + rng_.below(50)).arg(rng_.below(1000));
    const QString before = QDir::currentPath();
    QVERIFY(QDir::setCurrent(dir.path()));
    auto window = std::make_unique<MainWindow>();
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(open_and_wait(*window, QStringLiteral("kept.gr")));
    QVERIFY(open_and_wait(*window, QStringLiteral("./gone.gr")));
    QVERIFY(open_and_wait(*window, generator));
    const QString kept = QFileInfo(dir.filePath(QStringLiteral("kept.gr"))).absoluteFilePath();
    const QString gone = QFileInfo(dir.filePath(QStringLiteral("gone.gr"))).absoluteFilePath();
    QCOMPARE(recent_menu_texts(*window), (QStringList{generator, gone, kept}));

    QVERIFY(QFile::remove(gone));
    QCOMPARE(recent_menu_texts(*window), (QStringList{generator, kept}));
    QStringList stored;
    for (const auto& entry : pathscope::qt::recent_graphs()) stored << entry.spec;
    QCOMPARE(stored, (QStringList{generator, kept}));

    // From another folder the kept entry still opens the same file.
    QVERIFY(QDir::setCurrent(elsewhere.path()));
    auto* menu = window->findChild<QMenu*>(QStringLiteral("recentMenu"));
    QAction* open_kept = nullptr;
    for (auto* action : menu->actions()) {
      if (action->text() == kept) open_kept = action;
    }
    QVERIFY(open_kept);
    QSignalSpy ready(window.get(), &MainWindow::graph_ready);
    open_kept->trigger();
    QVERIFY(wait_for(ready, 120000));
    QCOMPARE(window->view()->node_count(), kept_nodes);
    QVERIFY(QDir::setCurrent(before));
  }

  // Closed at some size with a panel hidden, the next window opens the same way.
  void window_layout_is_remembered() {
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    auto first = std::make_unique<MainWindow>();
    first->show();
    QVERIFY(QTest::qWaitForWindowExposed(first.get()));
    const QSize minimum = first->minimumSizeHint().expandedTo(QSize(400, 300));
    const QSize size(minimum.width() + static_cast<int>(rng_.below(std::max(1, available.width() - minimum.width() - 60))),
                     minimum.height() + static_cast<int>(rng_.below(std::max(1, available.height() - minimum.height() - 60))));
    first->resize(size);
    QTRY_COMPARE(first->size(), size);
    const bool hide_timing = rng_.below(2) == 1;
    const QString hidden = hide_timing ? QStringLiteral("timingDock") : QStringLiteral("inspectorDock");
    first->findChild<QDockWidget*>(hidden)->hide();
    first->close();

    MainWindow second;
    QVERIFY(pathscope::qt::restore_window_layout(second));
    second.show();
    QVERIFY(QTest::qWaitForWindowExposed(&second));
    QTRY_COMPARE(second.size(), size);
    QVERIFY(!second.findChild<QDockWidget*>(hidden)->isVisible());
    const QString shown = hide_timing ? QStringLiteral("inspectorDock") : QStringLiteral("timingDock");
    QVERIFY(second.findChild<QDockWidget*>(shown)->isVisible());
  }

  // The default window, frame and all, lies inside the screen's available area, and so does
  // the timing panel at the bottom, with room to show rows.
  void default_window_fits_the_screen() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QScreen* screen = window.screen();
    const QRect available = screen->availableGeometry();
    std::printf("device pixel ratio %g, available %dx%d\n", screen->devicePixelRatio(), available.width(),
                available.height());
    QTRY_VERIFY2(available.contains(window.frameGeometry()),
                 qPrintable(QStringLiteral("window %1,%2 %3x%4 on a screen of %5x%6")
                                .arg(window.frameGeometry().x()).arg(window.frameGeometry().y())
                                .arg(window.frameGeometry().width()).arg(window.frameGeometry().height())
                                .arg(available.width()).arg(available.height())));
    const auto* timing = window.findChild<QDockWidget*>(QStringLiteral("timingDock"));
    QVERIFY(timing && timing->isVisible());
    const QRect timing_on_screen(timing->mapToGlobal(QPoint(0, 0)), timing->size());
    QVERIFY2(available.contains(timing_on_screen) && timing->height() >= 60,
             qPrintable(QStringLiteral("timing panel at y %1, %2 high").arg(timing_on_screen.y()).arg(timing->height())));
  }

  // The same at a device pixel ratio of 1.5 (QT_SCALE_FACTOR), where a window sized in device
  // pixels would run off the screen.
  void default_window_fits_the_screen_at_scale_one_and_a_half() {
    if (qEnvironmentVariableIsSet(kChildRun)) QSKIP("a copy started by this test");
    auto environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QString::fromLatin1(kChildRun), QStringLiteral("1"));
    environment.insert(QStringLiteral("QT_SCALE_FACTOR"), QStringLiteral("1.5"));
    const auto child = run_this_test({QStringLiteral("default_window_fits_the_screen")}, environment);
    QVERIFY2(child.ok, qPrintable(child.output));
    QVERIFY2(child.output.contains(QStringLiteral("device pixel ratio 1.5")), qPrintable(child.output));
  }

  // The settings file QSettings would use with no isolation (here under a stand-in HOME with no
  // XDG_CONFIG_HOME) stays unwritten while the tests above run, recent files and window layout
  // included, and while the explorer runs a script.
  void test_runs_leave_the_real_settings_alone() {
    if (qEnvironmentVariableIsSet(kChildRun)) QSKIP("a copy started by this test");
    QTemporaryDir home, work;
    QVERIFY(home.isValid() && work.isValid());
    auto environment = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"XDG_CONFIG_HOME", "XDG_CACHE_HOME", "PATHSCOPE_TEST_PRIVATE_HOME"}) {
      environment.remove(QString::fromLatin1(name));
    }
    environment.insert(QStringLiteral("HOME"), home.path());
    environment.insert(QString::fromLatin1(kChildRun), QStringLiteral("1"));
    const auto child = run_this_test({QStringLiteral("recent_graphs_are_absolute_and_stale_ones_pruned"),
                                      QStringLiteral("window_layout_is_remembered")},
                                     environment);
    QVERIFY2(child.ok, qPrintable(child.output));

    write_path_graph(work.filePath(QStringLiteral("line.gr")), 5);
    QProcess explorer;
    explorer.setProcessEnvironment(environment);
    explorer.setWorkingDirectory(work.path());
    explorer.start(QStringLiteral(PATHSCOPE_EXPLORER), {QStringLiteral("line.gr"), QStringLiteral("--path"), QStringLiteral("1"),
                                                        QStringLiteral("5"), QStringLiteral("--export-json"),
                                                        QStringLiteral("p.json"), QStringLiteral("--quit")});
    QVERIFY(explorer.waitForFinished(120000));
    QCOMPARE(explorer.exitCode(), 0);

    const QString real_settings = home.filePath(QStringLiteral(".config"));
    const QStringList written = files_under(real_settings);
    QVERIFY2(written.isEmpty(), qPrintable(QStringLiteral("written under the stand-in HOME: ") + written.join(' ')));
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(ExplorerSettingsTest)

#include "test_explorer_settings.moc"
