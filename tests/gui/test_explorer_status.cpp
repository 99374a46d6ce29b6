// The status bar against the state it summarises, after each kind of query and job: what
// answered the last path (the same words as the path's own method), the matrix paths come
// from, and exactly the jobs running now (a "Run both" that replaced another run says so, not
// the run it replaced). And the GL window's input reaches the view: clicks on the native window
// pick the nodes drawn there.
#include <QApplication>
#include <QPainter>
#include <QPushButton>
#include <QSignalSpy>
#include <QWindow>
#include <QtTest>
#include <cmath>
#include <random>

#include "explorer_fixture.hpp"
#include "main_window.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/single_source.hpp"
#include "pathscope/paths/path.hpp"

using pathscope::qt::MainWindow;

namespace {

using test_support::wait_for;

QString qs(const std::string& s) { return QString::fromStdString(s); }

// Everything the status bar must agree with, read from the window's state, not its text.
void check_status(const MainWindow& w, const char* after) {
  const QString text = w.status_text();
  const QString where = QStringLiteral("after %1: \"%2\"").arg(QLatin1String(after), text);
  const auto* session = w.session();
  QVERIFY2(session, qPrintable(where));
  const auto& g = session->graph();
  QVERIFY2(text.contains(QLocale().toString(g.n) + QStringLiteral(" nodes")), qPrintable(where));
  if (session->apsp) {
    QVERIFY2(text.contains(QStringLiteral("all pairs ready (") + qs(session->apsp->timing.engine)), qPrintable(where));
    QVERIFY2(!text.contains(QStringLiteral("single-source (")), qPrintable(where));
  } else {
    QVERIFY2(text.contains(QStringLiteral("single-source")), qPrintable(where));
    QVERIFY2(!text.contains(QStringLiteral("all pairs ready")), qPrintable(where));
  }
  const auto* apsp = w.apsp_job();
  const auto* query = w.query_job();
  if (apsp->busy()) QVERIFY2(text.contains(QStringLiteral("running: ") + apsp->title()), qPrintable(where));
  if (query->busy()) QVERIFY2(text.contains(QStringLiteral("running: ") + query->title()), qPrintable(where));
  const int running = static_cast<int>(text.count(QStringLiteral("running: ")));
  QVERIFY2(running == int(apsp->busy()) + int(query->busy()), qPrintable(where));
  // What answered the last query, in its own words.
  if (w.current_tour()) {
    QVERIFY2(text.contains(QStringLiteral("last answer: tour by ") + qs(w.current_tour()->method)), qPrintable(where));
  } else if (w.current_reach()) {
    QVERIFY2(text.contains(QStringLiteral("last answer: reach set")), qPrintable(where));
  } else if (w.selection()->has_pair()) {
    QVERIFY2(text.contains(QStringLiteral("last answer: path by ") + w.current_method()), qPrintable(where));
    // And that answer is the matrix's exactly when there is a matrix.
    QVERIFY2(w.current_method().startsWith(QStringLiteral("all-pairs")) == bool(session->apsp), qPrintable(where));
  } else {
    QVERIFY2(!text.contains(QStringLiteral("last answer")), qPrintable(where));
  }
}

// A random pair with a path between them (grid-city has nodes without arcs).
std::pair<std::int32_t, std::int32_t> connected_pair(const pathscope::Graph& g, std::mt19937& rng) {
  for (;;) {
    const auto s = static_cast<std::int32_t>(rng() % g.n);
    const auto d = pathscope::single_source_distances(g, s);
    std::vector<std::int32_t> reached;
    for (std::int32_t v = 0; v < g.n; ++v) {
      if (v != s && std::isfinite(d[v])) reached.push_back(v);
    }
    if (!reached.empty()) return {s, reached[rng() % reached.size()]};
  }
}

}  // namespace

class ExplorerStatusTest : public QObject {
  Q_OBJECT
 private:

 private Q_SLOTS:
  void status_follows_every_query_and_job() {
    auto window = test_support::open_explorer(QStringLiteral(PATHSCOPE_SAMPLES "/grid-city.gr"));
    QVERIFY(window);
    check_status(*window, "open");
    const auto& g = window->session()->graph();
    std::mt19937 rng(std::random_device{}());

    // A path before any matrix: single-source, both in the path's method and the status.
    const auto [s, t] = connected_pair(g, rng);
    window->select_node(s);
    check_status(*window, "source click");
    window->select_node(t);
    QVERIFY(window->current_method().startsWith(QStringLiteral("single-source")));
    check_status(*window, "path by single-source");

    // An engine that cannot run here (no GPU) says so; with a GPU it runs.
    window->start_all_pairs(QStringLiteral("gpu-blocked"));
    check_status(*window, "gpu-blocked asked for");
    if (!pathscope::make_apsp_engine("gpu-blocked")->unavailable_reason().empty()) {
      QVERIFY(window->status_text().contains(QStringLiteral("gpu-blocked unavailable")));
    }
    window->apsp_job()->cancel();
    window->apsp_job()->wait();
    QSignalSpy settled(window->apsp_job(), &pathscope::qt::JobRunner::finished);
    if (window->apsp_job()->busy()) QVERIFY(wait_for(settled, 60000));

    // A long all-pairs run (textbook: n^3 on 3,072 nodes), then "Run both" replaces it: the
    // status names the run going on, never the one it replaced.
    if (!window->session()->apsp) {
      window->start_all_pairs(QStringLiteral("textbook"));
      QVERIFY(window->apsp_job()->busy());
      check_status(*window, "textbook started");
      QVERIFY(window->status_text().contains(QStringLiteral("running: All pairs (textbook)")));
    }
    QSignalSpy ready(window.get(), &MainWindow::all_pairs_ready);
    auto* run_both = window->timing_panel()->findChild<QPushButton*>(QStringLiteral("runBothButton"));
    QVERIFY(run_both && run_both->isEnabled());
    QTest::mouseClick(run_both, Qt::LeftButton);
    QVERIFY(window->apsp_job()->busy());
    check_status(*window, "Run both started");
    QVERIFY(window->status_text().contains(QStringLiteral("running: Run both")));
    QVERIFY(!window->status_text().contains(QStringLiteral("textbook")));
    QVERIFY(wait_for(ready, 600000));
    QVERIFY(window->session()->apsp);
    check_status(*window, "Run both finished");  // the path is now the matrix's, and says so
    if (qEnvironmentVariableIsSet("PATHSCOPE_SCREENSHOTS")) {
      // Once the job's live row has gone from the timing panel.
      QTRY_COMPARE(window->timing_panel()->table()->rowCount(), 2);
      window->timing_panel()->table()->doItemsLayout();  // the bars placed now, not at the next idle moment
      // The window with the map's own frame laid over it (QWidget::grab cannot see a GL window).
      QImage shot = window->grab().toImage();
      QPainter painter(&shot);
      painter.drawImage(window->view()->mapTo(window.get(), QPoint(0, 0)), window->view()->grabFramebuffer());
      painter.end();
      shot.save(qEnvironmentVariable("PATHSCOPE_SCREENSHOTS") + QStringLiteral("/status-timing.png"));
    }

    // Another run cancelled while a matrix exists: paths still come from the matrix.
    QSignalSpy finished(window->apsp_job(), &pathscope::qt::JobRunner::finished);
    window->start_all_pairs(QStringLiteral("textbook"));
    check_status(*window, "second run started");
    window->apsp_job()->cancel();
    QVERIFY(wait_for(finished, 120000));
    check_status(*window, "second run cancelled");

    // A reach set, then a tour: each the last answer in turn. Each job is waited for by its
    // end, whether it answered or failed (two stops with no closed tour between them).
    QSignalSpy query_done(window->query_job(), &pathscope::qt::JobRunner::finished);
    window->select_source(qs(g.label(s)));
    check_status(*window, "source chosen");
    window->start_reach(pathscope::ReachDirection::Downstream);
    check_status(*window, "reach started");
    QVERIFY(wait_for(query_done, 60000));
    check_status(*window, "reach answered");
    QVERIFY(window->status_text().contains(QStringLiteral("last answer: reach set")));

    query_done.clear();
    const auto [a, b] = connected_pair(g, rng);
    window->select_stops({qs(g.label(a)), qs(g.label(b))});
    check_status(*window, "stops chosen");
    window->start_best_tour();
    check_status(*window, "tour started");
    QVERIFY(wait_for(query_done, 60000));
    check_status(*window, "tour finished");

    // A new graph: nothing answered yet, no matrix.
    QSignalSpy reopened(window.get(), &MainWindow::graph_ready);
    window->open_graph(QStringLiteral("random:n=300,deg=3,seed=4"));
    QVERIFY(wait_for(reopened, 120000));
    check_status(*window, "another graph");
    QVERIFY(!window->status_text().contains(QStringLiteral("last answer")));
  }

  // Clicks arrive at the native GL window, which hands them to the view: the nodes under them
  // become source and target.
  void clicks_on_the_gl_window_pick_nodes() {
    auto window = test_support::open_explorer(QStringLiteral(PATHSCOPE_SAMPLES "/grid-city.gr"));
    QVERIFY(window);
    auto* view = window->view();
    QWindow* gl = view->gl_window();
    QVERIFY(gl);
    QVERIFY(QTest::qWaitForWindowExposed(gl));
    QCOMPARE(gl->size(), view->size());
    std::mt19937 rng(std::random_device{}());
    std::vector<std::int32_t> picked;
    while (picked.size() < 2) {
      const auto u = static_cast<std::int32_t>(rng() % view->node_count());
      const QPoint p = view->node_screen_position(u).toPoint();
      if (!view->rect().contains(p) || view->node_at(QPointF(p)) != u) continue;  // covered by a neighbour
      if (!picked.empty() && picked.front() == u) continue;
      picked.push_back(u);
      QTest::mouseClick(gl, Qt::LeftButton, Qt::NoModifier, p);
    }
    QCOMPARE(window->selection()->source(), picked[0]);
    QCOMPARE(window->selection()->target(), picked[1]);
    QCOMPARE(window->focusWidget(), view);  // the press gave the map the keyboard, as a widget's would
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(ExplorerStatusTest)

#include "test_explorer_status.moc"
