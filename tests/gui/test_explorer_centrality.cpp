// Centrality, flow layers and graph filters in the explorer, driven through the Analysis menu
// and its dialogs as a person drives them, each checked against an independent reference on a
// fresh generated connectome of awkward size (seed printed): betweenness from the menu equals a
// brute-force count of shortest paths (networkx's definition and scaling), the legend names it,
// the drawn colours follow the values (brighter for larger); a saved session opened in a fresh
// window computes it again and draws the same colours; a long exact run keeps the window
// responsive, shows progress and stops on Cancel; flow layers from chosen seeds equal the CPU
// engine's; Filter Graph reloads keeping exactly the nodes the condition names.
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QLabel>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <queue>
#include <random>
#include <set>
#include <tuple>

#include "centrality_dialog.hpp"
#include "explorer_fixture.hpp"
#include "filter_dialog.hpp"
#include "flow_controller.hpp"
#include "flow_dialog.hpp"
#include "fresh_seed.hpp"
#include "main_window.hpp"
#include "pathscope/flow/information_flow.hpp"
#include "pathscope_ui_common/node_colouring.hpp"

using pathscope::Graph;
using pathscope::qt::MainWindow;
using test_support::wait_for;

namespace {

// Betweenness by its definition: for every ordered pair s != t, the share of the shortest s-t
// paths (in hops) through v, from all-pairs BFS distances and path counts; scaled by
// 1 / ((n - 1)(n - 2)) for a directed graph, as networkx normalises.
std::vector<double> brute_force_betweenness(const Graph& g) {
  const std::int32_t n = g.n;
  std::vector<std::int32_t> dist(static_cast<std::size_t>(n) * n, -1);
  std::vector<double> paths(static_cast<std::size_t>(n) * n, 0);
  for (std::int32_t s = 0; s < n; ++s) {
    auto* d = &dist[static_cast<std::size_t>(s) * n];
    auto* sigma = &paths[static_cast<std::size_t>(s) * n];
    std::queue<std::int32_t> q;
    d[s] = 0;
    sigma[s] = 1;
    q.push(s);
    while (!q.empty()) {
      const auto u = q.front();
      q.pop();
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
        const auto v = g.heads[a];
        if (d[v] < 0) {
          d[v] = d[u] + 1;
          q.push(v);
        }
        if (d[v] == d[u] + 1) sigma[v] += sigma[u];
      }
    }
  }
  std::vector<double> bc(n, 0);
  const auto at = [n](std::int32_t a, std::int32_t b) { return static_cast<std::size_t>(a) * n + b; };
  for (std::int32_t s = 0; s < n; ++s)
    for (std::int32_t t = 0; t < n; ++t) {
      if (s == t || dist[at(s, t)] < 0) continue;
      for (std::int32_t v = 0; v < n; ++v) {
        if (v == s || v == t || dist[at(s, v)] < 0 || dist[at(v, t)] < 0) continue;
        if (dist[at(s, v)] + dist[at(v, t)] == dist[at(s, t)]) bc[v] += paths[at(s, v)] * paths[at(v, t)] / paths[at(s, t)];
      }
    }
  const double scale = n > 2 ? 1.0 / ((n - 1.0) * (n - 2.0)) : 1.0;
  for (auto& x : bc) x *= scale;
  return bc;
}

double luminance(const pathscope::render::Rgba& c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; }

// Opens Analysis › Centrality… as a person does and returns the dialog it shows.
pathscope::qt::CentralityDialog* open_centrality_dialog(MainWindow& w) {
  auto* action = w.findChild<QAction*>(QStringLiteral("centralityAction"));
  if (!action || !action->isEnabled()) return nullptr;
  action->trigger();
  QTest::qWait(20);
  return w.findChild<pathscope::qt::CentralityDialog*>(QStringLiteral("centralityDialog"));
}

void choose(QComboBox* box, const QString& text) {
  const int row = box->findText(text, Qt::MatchStartsWith);
  QVERIFY2(row >= 0, qPrintable(text));
  box->setCurrentIndex(row);
}

// Exact betweenness on hops from the dialog, CPU engine; waits for the values.
void run_betweenness_from_menu(MainWindow& w) {
  auto* dialog = open_centrality_dialog(w);
  QVERIFY(dialog);
  choose(dialog->findChild<QComboBox*>(QStringLiteral("centralityMeasure")), QStringLiteral("betweenness"));
  dialog->findChild<QComboBox*>(QStringLiteral("centralityCosts"))->setCurrentIndex(0);
  dialog->findChild<QCheckBox*>(QStringLiteral("centralitySampled"))->setChecked(false);
  dialog->findChild<QComboBox*>(QStringLiteral("centralityEngine"))->setCurrentIndex(0);
  QSignalSpy ready(&w, &MainWindow::centrality_ready);
  QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("centralityCompute")), Qt::LeftButton);
  QVERIFY(wait_for(ready, 300000));
  QCOMPARE(ready.at(0).at(0).toString(), QStringLiteral("betweenness"));
}

// The drawn colours follow the values: a node with a larger value is never drawn darker (by
// more than the rounding of each channel to 8 bits).
void check_colours_follow(const MainWindow& w, const std::vector<double>& values) {
  const auto& drawn = w.view()->node_colours();
  QCOMPARE(drawn.size(), values.size());
  std::vector<std::int32_t> order(values.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::int32_t>(i);
  std::sort(order.begin(), order.end(), [&](auto a, auto b) { return values[a] < values[b]; });
  for (std::size_t k = 1; k < order.size(); ++k) {
    if (values[order[k]] > values[order[k - 1]]) {
      QVERIFY2(luminance(drawn[order[k]]) >= luminance(drawn[order[k - 1]]) - 1.0 / 255,
               qPrintable(QStringLiteral("node %1 (%2) drawn darker than node %3 (%4)")
                              .arg(order[k]).arg(values[order[k]]).arg(order[k - 1]).arg(values[order[k - 1]])));
    }
  }
  std::set<std::tuple<float, float, float>> distinct;
  for (const auto& c : drawn) distinct.insert({c.r, c.g, c.b});
  QVERIFY(distinct.size() > 1);
}

// With PATHSCOPE_SCREENSHOTS set, the window as the docs show it (the GL view drawn in).
void save_screenshot(MainWindow& w, const char* file) {
  if (!qEnvironmentVariableIsSet("PATHSCOPE_SCREENSHOTS")) return;
  if (auto* d = w.findChild<QDockWidget*>(QStringLiteral("legendDock"))) {
    d->show();
    d->raise();
  }
  QTest::qWait(300);
  QImage shot = w.grab().toImage();
  QPainter painter(&shot);
  painter.drawImage(w.view()->mapTo(&w, QPoint(0, 0)), w.view()->grabFramebuffer());
  painter.end();
  shot.save(qEnvironmentVariable("PATHSCOPE_SCREENSHOTS") + QLatin1Char('/') + QLatin1String(file));
}

}  // namespace

class ExplorerCentralityTest : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void betweenness_from_the_menu_colours_the_view_and_comes_back_from_a_session() {
    const std::uint64_t seed = test_support::fresh_seed();
    const QString spec = QStringLiteral("connectome:n=%1,seed=%2").arg(150 + seed % 250).arg(seed % 100000);
    auto w = test_support::open_explorer(spec);
    QVERIFY(w);
    const Graph& g = w->session()->graph();
    run_betweenness_from_menu(*w);

    // The values: the brute-force count's, node for node.
    const auto* values = w->session()->computed.find("betweenness");
    QVERIFY(values);
    const auto expected = brute_force_betweenness(g);
    QCOMPARE(values->size(), expected.size());
    for (std::int32_t u = 0; u < g.n; ++u) {
      QVERIFY2(std::abs((*values)[u] - expected[u]) <= 1e-9 * std::max(1.0, expected[u]),
               qPrintable(QStringLiteral("node %1: %2, brute force %3").arg(u).arg((*values)[u]).arg(expected[u])));
    }
    // The view colours by it, the legend names it and spans its range.
    QCOMPARE(w->selection()->view().colour_attribute, std::string("betweenness"));
    QVERIFY(w->colour_legend()->title()->text().startsWith(QStringLiteral("betweenness")));
    const auto* colouring = w->attribute_view()->colouring();
    QVERIFY(colouring && colouring->numeric);
    QCOMPARE(colouring->max, *std::max_element(expected.begin(), expected.end()));
    QVERIFY(w->colour_legend()->ramp()->isVisibleTo(w->colour_legend()));
    QCOMPARE(w->colour_legend()->title()->text().contains(QStringLiteral("log scale")),
             colouring->scale == pathscope::RampScale::Log);
    check_colours_follow(*w, expected);
    // The timing panel has the run.
    bool timed = false;
    auto* table = w->timing_panel()->table();
    for (int row = 0; row < table->rowCount(); ++row) {
      if (table->item(row, 6) && table->item(row, 6)->text() == QStringLiteral("centrality")) timed = true;
    }
    QVERIFY(timed);
    // Offered in Colour by.
    auto* colour_by = w->findChild<QMenu*>(QStringLiteral("colourByMenu"));
    Q_EMIT colour_by->aboutToShow();
    QVERIFY(colour_by->findChild<QAction*>(QStringLiteral("colourBy:betweenness")));

    // Log and linear from View › Colour Scale; the legend says which.
    w->findChild<QAction*>(QStringLiteral("colourScaleLog"))->trigger();
    QVERIFY(w->colour_legend()->title()->text().contains(QStringLiteral("log scale")));
    check_colours_follow(*w, expected);

    // A session: saved, opened in a fresh window, computed again and drawn the same.
    const QTemporaryDir out;
    const QString file = out.filePath(QStringLiteral("session.json"));
    w->save_session(file);
    QFile written(file);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const auto json = nlohmann::json::parse(written.readAll().toStdString());
    QCOMPARE(json.at("computed").at("centrality").at(0).at("measure").get<std::string>(), std::string("betweenness"));
    QCOMPARE(json.at("view").at("colour_scale").get<std::string>(), std::string("log"));
    const auto colours = w->view()->node_colours();
    w.reset();

    auto fresh = std::make_unique<MainWindow>();
    fresh->set_apsp_engine(QString());
    fresh->resize(1200, 850);
    fresh->show();
    QVERIFY(QTest::qWaitForWindowExposed(fresh.get()));
    QSignalSpy ready(fresh.get(), &MainWindow::centrality_ready);
    fresh->open_session(file);
    QVERIFY(wait_for(ready, 300000));
    QCOMPARE(fresh->selection()->view().colour_attribute, std::string("betweenness"));
    QCOMPARE(fresh->selection()->view().colour_scale, pathscope::qt::ViewChoices::Scale::Log);
    QVERIFY(fresh->colour_legend()->title()->text().startsWith(QStringLiteral("betweenness (log scale)")));
    QVERIFY(fresh->view()->node_colours() == colours);

    // A version 1 file (before computed values) still opens, with one colour for every node.
    nlohmann::json old = json;
    old["pathscope_session"] = 1;
    old.erase("computed");
    old["view"].erase("colour_scale");
    old["view"]["colour_attribute"] = "";
    const QString old_file = out.filePath(QStringLiteral("old.json"));
    QFile old_out(old_file);
    QVERIFY(old_out.open(QIODevice::WriteOnly));
    old_out.write(QByteArray::fromStdString(old.dump()));
    old_out.close();
    QSignalSpy restored(fresh.get(), &MainWindow::session_restored);
    fresh->open_session(old_file);
    QVERIFY(wait_for(restored, 120000));
    QVERIFY(fresh->attribute_view()->colouring() == nullptr);
    QVERIFY(fresh->session()->computed.empty());
  }

  // With PATHSCOPE_SCREENSHOTS set: a larger brain coloured by sampled betweenness, for the docs.
  void screenshot_of_a_brain_by_betweenness() {
    if (!qEnvironmentVariableIsSet("PATHSCOPE_SCREENSHOTS")) QSKIP("PATHSCOPE_SCREENSHOTS is not set");
    auto w = test_support::open_explorer(QStringLiteral("connectome:n=20000,seed=1"), {QString(), QSize(1400, 900), {}});
    QVERIFY(w);
    w->choose_view([&] {
      auto choices = w->selection()->view();
      choices.arcs = pathscope::qt::ViewChoices::Arcs::Faded;
      return choices;
    }());
    QSignalSpy ready(w.get(), &MainWindow::centrality_ready);
    w->start_centrality({pathscope::CentralityMeasure::Betweenness, true, 500, "cpu"});
    QVERIFY(wait_for(ready, 600000));
    save_screenshot(*w, "explorer-betweenness.png");
  }

  void bad_computed_fields_are_named() {
    const QTemporaryDir out;
    const struct {
      const char* text;
      const char* reason;
    } cases[] = {
        {R"({"pathscope_session": 2, "graph": {"file": "connectome:n=50,seed=1"}, "computed": {"centrality": [{"measure": "fame"}]}})",
         "fame"},
        {R"({"pathscope_session": 2, "graph": {"file": "connectome:n=50,seed=1"}, "computed": {"centrality": [{"engine": "abacus"}]}})",
         "computed.centrality[0].engine is 'abacus'"},
        {R"({"pathscope_session": 2, "graph": {"file": "connectome:n=50,seed=1"}, "computed": {"flow": {"seeds": [], "repetitions": 5}}})",
         "computed.flow.seeds"},
        {R"({"pathscope_session": 2, "graph": {"file": "connectome:n=50,seed=1", "keep_nodes": ["side"]}})",
         "graph.keep_nodes"},
        {R"({"pathscope_session": 3, "graph": {"file": "connectome:n=50,seed=1"}})", "session version 3 is not known"},
    };
    for (const auto& c : cases) {
      const QString file = out.filePath(QStringLiteral("bad.json"));
      QFile f(file);
      QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
      f.write(c.text);
      f.close();
      try {
        pathscope::qt::read_session_file(file);
        QFAIL(c.text);
      } catch (const pathscope::Error& e) {
        QVERIFY2(QString::fromStdString(e.what()).contains(QLatin1String(c.reason)), e.what());
        QVERIFY2(QString::fromStdString(e.what()).startsWith(file), e.what());
      }
    }
  }

  void a_long_run_keeps_the_window_responsive_and_cancels() {
    const std::uint64_t seed = test_support::fresh_seed();
    const QString spec = QStringLiteral("connectome:n=%1,seed=%2").arg(14000 + seed % 3000).arg(seed % 100000);
    auto w = test_support::open_explorer(spec);
    QVERIFY(w);
    auto* dialog = open_centrality_dialog(*w);
    QVERIFY(dialog);
    choose(dialog->findChild<QComboBox*>(QStringLiteral("centralityMeasure")), QStringLiteral("betweenness"));
    dialog->findChild<QComboBox*>(QStringLiteral("centralityCosts"))->setCurrentIndex(1);
    // Exact would be long here: sampling is proposed, with fewer sources than nodes.
    auto* sampled = dialog->findChild<QCheckBox*>(QStringLiteral("centralitySampled"));
    pathscope::qt::CentralityRequest exact{pathscope::CentralityMeasure::Betweenness, false, 0, "cpu"};
    const double estimate = pathscope::qt::estimated_cpu_seconds(w->session()->graph(), exact, pathscope::effective_threads({}));
    QCOMPARE(sampled->isChecked(), estimate > pathscope::qt::kLongExactSeconds);
    sampled->setChecked(false);
    QSignalSpy progress(w->centrality()->job(), &pathscope::qt::JobRunner::progress);
    QSignalSpy finished(w->centrality()->job(), &pathscope::qt::JobRunner::finished);
    QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("centralityCompute")), Qt::LeftButton);
    QVERIFY(w->centrality()->job()->busy());
    QVERIFY(w->status_text().contains(QStringLiteral("running: betweenness")));

    // The event loop keeps turning while the engine works: a 20 ms timer keeps firing.
    int ticks = 0;
    QTimer timer;
    connect(&timer, &QTimer::timeout, [&] { ++ticks; });
    timer.start(20);
    QVERIFY(wait_for(progress, 120000));
    QTest::qWait(1000);
    timer.stop();
    QVERIFY2(ticks >= 15, qPrintable(QStringLiteral("%1 ticks in over a second").arg(ticks)));
    QVERIFY(w->centrality()->job()->busy());
    auto* bar = w->findChild<QProgressBar*>(QStringLiteral("centralityProgress"));
    QVERIFY(bar && bar->isVisible());

    QTest::mouseClick(w->findChild<QPushButton*>(QStringLiteral("centralityCancel")), Qt::LeftButton);
    QVERIFY(wait_for(finished, 60000));
    QCOMPARE(finished.at(0).at(1).toBool(), true);  // cancelled
    QVERIFY(w->session()->computed.find("betweenness") == nullptr);
    QVERIFY(!w->centrality()->job()->busy());
  }

  void flow_layers_from_the_chosen_nodes_equal_the_cpu_engines() {
    const std::uint64_t seed = test_support::fresh_seed();
    const QString spec = QStringLiteral("connectome:n=%1,seed=%2").arg(300 + seed % 700).arg(seed % 100000);
    auto w = test_support::open_explorer(spec);
    QVERIFY(w);
    const Graph& g = w->session()->graph();
    std::vector<std::int32_t> seeds;
    std::mt19937_64 rng(seed);
    while (seeds.size() < 3) {
      const auto u = static_cast<std::int32_t>(rng() % g.n);
      if (std::find(seeds.begin(), seeds.end(), u) == seeds.end()) seeds.push_back(u);
    }
    for (auto u : seeds) w->toggle_stop(u);
    auto* action = w->findChild<QAction*>(QStringLiteral("flowAction"));
    QVERIFY(action && action->isEnabled());
    action->trigger();
    QTest::qWait(20);
    auto* dialog = w->findChild<pathscope::qt::FlowDialog*>(QStringLiteral("flowDialog"));
    QVERIFY(dialog);
    QVERIFY(dialog->findChild<QRadioButton*>(QStringLiteral("flowSeedsChosen"))->isChecked());
    const int repetitions = 20 + static_cast<int>(seed % 60);
    dialog->findChild<QSpinBox*>(QStringLiteral("flowRepetitions"))->setValue(repetitions);
    dialog->findChild<QComboBox*>(QStringLiteral("flowEngine"))->setCurrentIndex(0);
    QSignalSpy ready(w.get(), &MainWindow::flow_ready);
    QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("flowCompute")), Qt::LeftButton);
    QVERIFY(wait_for(ready, 300000));

    pathscope::FlowOptions options;
    options.seeds = seeds;
    options.repetitions = repetitions;
    const auto reference = pathscope::make_flow_engine("cpu")->run(g, options, {});
    const auto* layers = w->session()->computed.find(pathscope::qt::kFlowLayer);
    QVERIFY(layers);
    for (std::int32_t u = 0; u < g.n; ++u) {
      const double a = (*layers)[u], b = reference.mean_layer[u];
      QVERIFY2((std::isnan(a) && std::isnan(b)) || a == b, qPrintable(QStringLiteral("node %1: %2 vs %3").arg(u).arg(a).arg(b)));
    }
    for (auto u : seeds) QCOMPARE((*layers)[u], 1.0);
    QCOMPARE(w->selection()->view().colour_attribute, std::string(pathscope::qt::kFlowLayer));
    QVERIFY(w->colour_legend()->title()->text().startsWith(QStringLiteral("flow_layer")));
  }

  void filter_graph_reloads_keeping_what_the_condition_names() {
    const std::uint64_t seed = test_support::fresh_seed();
    const QString spec = QStringLiteral("connectome:n=%1,seed=%2").arg(200 + seed % 600).arg(seed % 100000);
    auto w = test_support::open_explorer(spec);
    QVERIFY(w);
    std::int32_t left = 0;
    const auto* side = w->session()->graph().node_attributes.find("side");
    QVERIFY(side);
    for (std::int32_t u = 0; u < w->session()->graph().n; ++u) left += side->to_text(u) == "left";

    auto* action = w->findChild<QAction*>(QStringLiteral("filterGraphAction"));
    QVERIFY(action && action->isEnabled());
    action->trigger();
    QTest::qWait(20);
    auto* dialog = w->findChild<pathscope::qt::FilterDialog*>(QStringLiteral("filterGraphDialog"));
    QVERIFY(dialog);
    auto* nodes = dialog->findChild<QPlainTextEdit*>(QStringLiteral("keepNodes"));
    // A line that does not parse keeps the dialog open, saying which line.
    QTest::keyClicks(nodes, QStringLiteral("side"));  // no operator
    QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("filterApply")), Qt::LeftButton);
    QVERIFY(dialog->isVisible());
    QVERIFY(dialog->findChild<QLabel*>(QStringLiteral("filterProblem"))->text().contains(QStringLiteral("line 1")));
    nodes->clear();
    QTest::keyClicks(nodes, QStringLiteral("side == left"));
    QSignalSpy ready(w.get(), &MainWindow::graph_ready);
    QTest::mouseClick(dialog->findChild<QPushButton*>(QStringLiteral("filterApply")), Qt::LeftButton);
    QVERIFY(wait_for(ready, 120000));
    QCOMPARE(w->session()->graph().n, left);
    QCOMPARE(w->session()->options.keep.nodes.size(), std::size_t{1});
    QVERIFY(w->status_text().contains(QStringLiteral("kept %1 of").arg(left)));
    const auto snapshot = w->session_snapshot();
    QCOMPARE(snapshot.options.keep, w->session()->options.keep);
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(ExplorerCentralityTest)
#include "test_explorer_centrality.moc"
