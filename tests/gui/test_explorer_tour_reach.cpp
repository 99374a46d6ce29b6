// Best tour and reach sets driven as a person would: shift-click stops where they are drawn,
// press the toolbar's actions, export. Every expected value comes from outside the GUI: a
// brute-force tour over single-source distances, and a breadth-first search written here.
#include <QAction>
#include <QApplication>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

#include "explorer_fixture.hpp"
#include "main_window.hpp"
#include "pathscope/apsp/single_source.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/paths/path.hpp"
#include "search_references.hpp"
#include "shared_data_qt.hpp"

using pathscope::qt::MainWindow;

namespace {

const QString kGridCity = QStringLiteral(PATHSCOPE_SAMPLES "/grid-city.gr");
// The C. elegans connectome and its neurons' positions, inside the shared data.
const std::string kConnectome = "connectome/celegans_varshney2011_NeuronConnect.csv";
const std::string kNeuronPositions = "connectome/celegans_neuron_positions_LowResAtlasWithHighResHeadsAndTails.csv";

using test_support::wait_for;

// What Reachable (or, upstream, Upstream) must find from `start`.
std::vector<std::int32_t> reach_set(const pathscope::Graph& g, std::int32_t start, bool upstream) {
  return test_support::reachable_within(g, start, test_support::kAnyHops,
                                        upstream ? test_support::Along::ArcsReversed : test_support::Along::Arcs);
}

// A node whose disc is not covered by another, so a click there picks exactly it.
std::int32_t clickable_node(const MainWindow& window, pathscope::SplitMix64& rng, const std::vector<std::int32_t>& taken) {
  const auto* view = window.view();
  for (int attempt = 0; attempt < 10000; ++attempt) {
    const auto u = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(view->node_count())));
    const QPointF p = view->node_screen_position(u);
    if (std::find(taken.begin(), taken.end(), u) == taken.end() && view->rect().contains(p.toPoint()) &&
        view->node_at(QPointF(p.toPoint())) == u) {
      return u;
    }
  }
  return -1;
}

void shift_click_node(MainWindow& window, std::int32_t u) {
  QTest::mouseClick(window.view(), Qt::LeftButton, Qt::ShiftModifier, window.view()->node_screen_position(u).toPoint());
}

QAction* action(const MainWindow& window, const char* name) {
  return window.findChild<QAction*>(QString::fromLatin1(name));
}

// The cheapest closed tour through the stops, starting at the first, over every order of the
// others: costs are the core's single-source distances, the only thing taken from it.
double brute_force_tour(const pathscope::Graph& g, const std::vector<std::int32_t>& stops) {
  const std::size_t k = stops.size();
  std::vector<std::vector<double>> dist;
  for (auto s : stops) {
    const auto from_s = pathscope::single_source_distances(g, s);
    std::vector<double> row;
    for (auto t : stops) row.push_back(from_s[t]);
    dist.push_back(row);
  }
  std::vector<std::size_t> order;
  for (std::size_t i = 1; i < k; ++i) order.push_back(i);
  double best = std::numeric_limits<double>::infinity();
  do {
    double length = 0;
    std::size_t at = 0;
    for (auto next : order) {
      length += dist[at][next];
      at = next;
    }
    length += dist[at][0];
    best = std::min(best, length);
  } while (std::next_permutation(order.begin(), order.end()));
  return best;
}

// The cheapest arc u -> v, or +inf when there is none.
double arc_cost(const pathscope::Graph& g, std::int32_t u, std::int32_t v) {
  double best = std::numeric_limits<double>::infinity();
  for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
    if (g.heads[a] == v) best = std::min(best, g.weights[a]);
  }
  return best;
}

}  // namespace

class TourReachTest : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir cache_;
  QTemporaryDir out_;
  std::unique_ptr<MainWindow> open_window(const QString& spec, const pathscope::LoadOptions& options = {}) {
    return test_support::open_explorer(spec, {.load = options});
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(cache_.isValid() && out_.isValid());
    qputenv("XDG_CACHE_HOME", cache_.path().toLocal8Bit());
  }

  // Shift-click 4 to 6 stops, Best tour: its length is the brute-force optimum, the drawn
  // walk is a real closed walk through the stops in tour order, and the JSON export holds it.
  void best_tour_is_optimal_closed_walk() {
    auto window = open_window(kGridCity);
    QVERIFY(window);
    const auto& g = window->session()->graph();
    pathscope::SplitMix64 rng(4242);
    for (int round = 0; round < 3; ++round) {
      const int k = 4 + static_cast<int>(rng.below(3));
      std::vector<std::int32_t> stops;
      // The park's paths and one-way streets leave some nodes off any closed tour: stops
      // come from the first stop's strongly connected part (that case is tested below).
      std::vector<char> tour_able;
      while (stops.empty()) {
        const auto u = clickable_node(*window, rng, stops);
        QVERIFY(u >= 0);
        const auto down = reach_set(g, u, false), up = reach_set(g, u, true);
        if (down.size() < static_cast<std::size_t>(g.n / 2)) continue;
        tour_able.assign(g.n, 0);
        for (auto v : down) tour_able[v] = std::binary_search(up.begin(), up.end(), v);
        shift_click_node(*window, u);
        stops.push_back(u);
      }
      while (static_cast<int>(stops.size()) < k) {
        const auto u = clickable_node(*window, rng, stops);
        QVERIFY(u >= 0);
        if (!tour_able[u]) continue;
        shift_click_node(*window, u);
        stops.push_back(u);
      }
      QCOMPARE(window->stops(), stops);
      QSignalSpy ready(window.get(), &MainWindow::tour_ready);
      auto* best_tour = action(*window, "bestTourAction");
      QVERIFY(best_tour && best_tour->isEnabled());
      best_tour->trigger();
      const double optimum = brute_force_tour(g, stops);
      QVERIFY(std::isfinite(optimum));
      QVERIFY(wait_for(ready, 120000));
      const auto* tour = window->current_tour();
      QVERIFY(tour);
      QCOMPARE(tour->walk.distance, optimum);
      QCOMPARE(tour->stops.front(), stops.front());
      auto sorted_tour = tour->stops, sorted_stops = stops;
      std::sort(sorted_tour.begin(), sorted_tour.end());
      std::sort(sorted_stops.begin(), sorted_stops.end());
      QCOMPARE(sorted_tour, sorted_stops);

      // A closed walk along real arcs at their costs, meeting the stops in tour order.
      const auto& walk = tour->walk;
      QCOMPARE(walk.arc_costs.size(), walk.nodes.size());
      double sum = 0;
      std::size_t next_stop = 0;
      for (std::size_t i = 0; i < walk.nodes.size(); ++i) {
        const auto u = walk.nodes[i], v = walk.nodes[(i + 1) % walk.nodes.size()];
        QCOMPARE(walk.arc_costs[i], arc_cost(g, u, v));
        sum += walk.arc_costs[i];
        if (next_stop < tour->stops.size() && u == tour->stops[next_stop]) ++next_stop;
      }
      QCOMPARE(next_stop, tour->stops.size());
      QCOMPARE(sum, optimum);
      // The panel lists the stops with legs adding up to the tour.
      const auto* table = window->path_panel()->table();
      QCOMPARE(table->rowCount(), k);
      QCOMPARE(table->item(k - 1, 4)->text().toDouble(), optimum);

      if (round == 0) {
        QTest::qWait(100);
        const QImage shot = window->view()->grabFramebuffer();
        const auto c = window->view()->highlight_colour();
        int highlighted = 0;
        for (int y = 0; y < shot.height(); ++y) {
          for (int x = 0; x < shot.width(); ++x) {
            const QRgb p = shot.pixel(x, y);
            if (qRed(p) == c.r && qGreen(p) == c.g && qBlue(p) == c.b) ++highlighted;
          }
        }
        QVERIFY2(highlighted > 50, "the tour is not drawn in the highlight colour");
      }

      // Export: the JSON is the tour, hop for hop, with the closing arc.
      const QString file = out_.filePath(QStringLiteral("tour%1.json").arg(round));
      window->export_json(file);
      QFile in(file);
      QVERIFY(in.open(QIODevice::ReadOnly));
      const auto doc = nlohmann::json::parse(in.readAll().toStdString());
      QCOMPARE(doc["kind"].get<std::string>(), std::string("tour"));
      QCOMPARE(doc["distance"].get<double>(), optimum);
      QCOMPARE(doc["source"]["index"].get<int>(), stops.front());
      QCOMPARE(doc["nodes"].size(), walk.nodes.size());
      double exported = doc["closing_arc_cost"].get<double>();
      for (std::size_t i = 0; i < walk.nodes.size(); ++i) {
        QCOMPARE(doc["nodes"][i]["index"].get<int>(), walk.nodes[i]);
        if (i > 0) exported += doc["nodes"][i]["arc_cost"].get<double>();
      }
      QCOMPARE(exported, optimum);
      QCOMPARE(doc["closing_arc_cost"].get<double>(), arc_cost(g, walk.nodes.back(), walk.nodes.front()));

      // A plain click ends the tour and starts a pair, as before.
      window->select_node(stops.front());
      QVERIFY(!window->current_tour());
      QVERIFY(window->stops().empty());
    }
  }

  // Shift-clicking a stop again takes it out; stops with no way between them say so plainly.
  void infeasible_tour_says_why() {
    REQUIRE_SHARED_DATA_FILE(connectome, kConnectome);
    REQUIRE_SHARED_DATA_FILE(positions, kNeuronPositions);
    pathscope::LoadOptions options;
    options.node_table = positions.toStdString();
    auto window = open_window(connectome, options);
    QVERIFY(window);
    const auto& g = window->session()->graph();
    // A neuron nothing reaches cannot be on a closed tour.
    std::int32_t source_only = -1;
    for (std::int32_t u = 0; u < g.n && source_only < 0; ++u) {
      if (reach_set(g, u, true).empty() && g.out_degree(u) > 0) source_only = u;
    }
    QVERIFY(source_only >= 0);
    const auto other = g.heads[g.offsets[source_only]];
    window->toggle_stop(other);
    window->toggle_stop(source_only);
    window->toggle_stop(other);  // out again
    QCOMPARE(window->stops(), std::vector<std::int32_t>{source_only});
    window->toggle_stop(other);
    action(*window, "bestTourAction")->trigger();
    QMessageBox* box = nullptr;
    for (int i = 0; i < 600 && !box; ++i) {
      QTest::qWait(100);
      box = window->findChild<QMessageBox*>(QStringLiteral("errorBox"));
    }
    QVERIFY(box);
    QVERIFY2(box->text().contains(QStringLiteral("No closed tour")), qPrintable(box->text()));
    QVERIFY(!window->current_tour());
    box->close();
  }

  // Reachable and Upstream on C. elegans neurons: the same sets as a BFS written here.
  void reach_sets_match_bfs() {
    REQUIRE_SHARED_DATA_FILE(connectome, kConnectome);
    REQUIRE_SHARED_DATA_FILE(positions, kNeuronPositions);
    pathscope::LoadOptions options;
    options.node_table = positions.toStdString();
    auto window = open_window(connectome, options);
    QVERIFY(window);
    const auto& g = window->session()->graph();
    pathscope::SplitMix64 rng(99);
    std::vector<std::int32_t> starts;
    for (int i = 0; i < 4; ++i) starts.push_back(static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(g.n))));
    starts.push_back(*g.find_node("PHAL"));
    int differing = 0;
    for (auto start : starts) {
      for (bool upstream : {false, true}) {
        window->select_node(start);
        QSignalSpy ready(window.get(), &MainWindow::reach_ready);
        action(*window, upstream ? "upstreamAction" : "reachableAction")->trigger();
        QVERIFY(wait_for(ready, 60000));
        const auto* set = window->current_reach();
        QVERIFY(set);
        QCOMPARE(set->start, start);
        const auto expected = reach_set(g, start, upstream);
        QCOMPARE(set->nodes, expected);
        QCOMPARE(window->path_panel()->table()->rowCount(), static_cast<int>(expected.size()));
        QVERIFY2(window->path_panel()->summary().contains(QString::number(expected.size())),
                 qPrintable(window->path_panel()->summary()));
        if (expected.size() != reach_set(g, start, !upstream).size()) ++differing;
      }
    }
    QVERIFY2(differing > 0, "downstream and upstream never differed: the test would not notice a swap");
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(TourReachTest)

#include "test_explorer_tour_reach.moc"
