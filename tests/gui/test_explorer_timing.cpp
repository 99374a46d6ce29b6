// The timing panel in the explorer's window under Xvfb: each problem's rate in its own unit (no
// "arcs/s" for paths, none for tours), the tour row named as the path panel names the method,
// every row visible up to six and a scroll bar beyond, and bars drawn inside their own cells.
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableWidget>
#include <QtTest>

#include "explorer_fixture.hpp"
#include "main_window.hpp"
#include "timing_bar_delegate.hpp"
#include "timing_panel.hpp"

using pathscope::qt::MainWindow;
using pathscope::qt::TimingPanel;
using test_support::wait_for;

namespace {

pathscope::Timing timing_of(const char* engine, double seconds) {
  pathscope::Timing t;
  t.engine = engine;
  t.device = "CPU, 2 threads";
  t.seconds = seconds;
  t.updates = 1e6;
  return t;
}

// Rows whose whole rectangle can be seen: inside the table's viewport and not clipped by the
// dock or the window around it.
int rows_fully_shown(const QTableWidget* table) {
  const QRect seen = table->viewport()->visibleRegion().boundingRect();
  int shown = 0;
  for (int r = 0; r < table->rowCount(); ++r) {
    const QRect cell = table->visualRect(table->model()->index(r, 0));
    if (cell.isValid() && seen.contains(cell)) ++shown;
  }
  return shown;
}

}  // namespace

class ExplorerTimingTest : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void each_problem_has_its_unit_and_every_row_shows() {
    auto window = test_support::open_explorer(QStringLiteral(PATHSCOPE_SAMPLES "/grid-city.gr"));
    QVERIFY(window);
    TimingPanel* panel = window->timing_panel();
    const QTableWidget* table = panel->table();
    panel->clear();
    panel->add_run(timing_of("blocked", 0.5), QStringLiteral("all pairs"), 1e6);
    panel->add_run(timing_of("k shortest (Yen)", 0.25), QStringLiteral("paths"), 10);
    panel->add_run(timing_of("tsp held-karp (cpu)", 0.125), QStringLiteral("tour"), 12);
    panel->add_run(timing_of("bfs", 0.0625), QStringLiteral("reach"), 4000);
    panel->add_run(timing_of("cpu", 2), QStringLiteral("correlation"), 3e6);
    QCOMPARE(table->rowCount(), 5);
    const auto rate = [&](int row) { return table->item(row, 5)->text(); };
    QCOMPARE(rate(0), QStringLiteral("2 M pairs/s"));
    QCOMPARE(rate(1), QStringLiteral("40 paths/s"));   // 10 paths in 0.25 s
    QCOMPARE(rate(2), QString());                       // a tour has no like-for-like rate
    QCOMPARE(rate(3), QStringLiteral("64 k arcs/s"));
    QCOMPARE(rate(4), QStringLiteral("1.5 M row pairs/s"));
    // Bars are painted by the Scale column's delegate, a share of the slowest run; no widget
    // sits over the cells.
    for (int r = 0; r < 5; ++r) QVERIFY(!table->cellWidget(r, 3));
    QCOMPARE(table->item(4, 3)->data(pathscope::qt::kBarFractionRole).toDouble(), 1.0);
    QCOMPARE(table->item(0, 3)->data(pathscope::qt::kBarFractionRole).toDouble(), 0.25);

    // Every row shown whole, with a running job's row too.
    panel->show_running(QStringLiteral("All pairs (textbook) on a graph with a long name"), 0.4, 12);
    QCOMPARE(table->rowCount(), 6);
    QVERIFY(!table->cellWidget(5, 3));
    QCOMPARE(table->item(5, 3)->data(pathscope::qt::kBarTextRole).toString(), QStringLiteral("40% · about 18 s left"));
    QTRY_COMPARE(rows_fully_shown(table), 6);
    QVERIFY(!table->verticalScrollBar()->isVisible());
    if (qEnvironmentVariableIsSet("PATHSCOPE_SCREENSHOTS")) {
      auto* dock = window->findChild<QDockWidget*>(QStringLiteral("timingDock"));
      QVERIFY(dock);
      dock->grab().save(qEnvironmentVariable("PATHSCOPE_SCREENSHOTS") + QStringLiteral("/timing-panel.png"));
    }
    panel->running_done();

    // Past six rows the panel stops growing and scrolls.
    for (const char* engine : {"sparse", "textbook", "gpu-blocked", "auto(sparse)"})
      panel->add_run(timing_of(engine, 0.3), QStringLiteral("all pairs"), 1e6);
    QCOMPARE(table->rowCount(), 9);
    QTRY_VERIFY(table->verticalScrollBar()->isVisible());
    QTRY_VERIFY(rows_fully_shown(table) >= 6);
    QVERIFY(rows_fully_shown(table) < 9);
  }

  void the_tour_row_names_the_method_as_the_path_panel_does() {
    auto window = test_support::open_explorer(QStringLiteral(PATHSCOPE_SAMPLES "/grid-city.gr"));
    QVERIFY(window);
    const auto& g = window->session()->graph();
    QSignalSpy tour(window.get(), &MainWindow::tour_ready);
    window->select_stops({QString::number(g.display_id(0)), QString::number(g.display_id(g.n / 3)),
                          QString::number(g.display_id(2 * g.n / 3))});
    window->start_best_tour();
    QVERIFY(wait_for(tour, 120000));
    const QString method = QString::fromStdString(window->current_tour()->method);
    const QTableWidget* table = window->timing_panel()->table();
    int tour_rows = 0;
    for (int r = 0; r < table->rowCount(); ++r) {
      if (table->item(r, 6)->text() != QLatin1String("tour")) continue;
      ++tour_rows;
      QCOMPARE(table->item(r, 0)->text(), method);
    }
    QCOMPARE(tour_rows, 1);
    const auto* summary = window->path_panel()->findChild<QLabel*>(QStringLiteral("pathSummary"));
    QVERIFY(summary);
    QVERIFY2(summary->text().contains(QStringLiteral("by ") + method), qPrintable(summary->text()));
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(ExplorerTimingTest)

#include "test_explorer_timing.moc"
