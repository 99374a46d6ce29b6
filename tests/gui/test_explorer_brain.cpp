// The explorer on a connectome, driven in a real window under Xvfb: a generated brain written
// in FlyWire Codex's layout to a temporary folder and opened as a person would. Finding a cell
// type lists exactly the neurons holding that value (a scan of the graph's own columns); a
// table written by `pathscope-cli apsp --out` answers pairs equal to a Dijkstra written here;
// stepping through the k shortest paths shows core's Yen paths in order of length, each hop
// with the synapse count of its arc and the neuron's cell type.
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QPainter>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <nlohmann/json.hpp>
#include <cmath>
#include <fstream>
#include <limits>
#include <random>
#include <set>

#include "explorer_fixture.hpp"
#include "main_window.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/npy_writer.hpp"
#include "pathscope/export/codex_export.hpp"
#include "pathscope/graph/node_index.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/paths/path_sets.hpp"
#include "search_references.hpp"

using pathscope::qt::MainWindow;

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

using test_support::wait_for;

QString lower(const std::string& s) { return QString::fromStdString(s).toLower(); }

// Nodes whose value in any text or integer column, or whose name or id, is `key`, ignoring case.
std::set<std::int32_t> scan(const pathscope::Graph& g, const std::string& key) {
  std::set<std::int32_t> nodes;
  for (const auto& c : g.node_attributes.columns) {
    if (c.type != pathscope::AttributeType::Text && c.type != pathscope::AttributeType::Integer) continue;
    for (std::int32_t u = 0; u < g.n; ++u) {
      if (c.has(static_cast<std::size_t>(u)) && lower(c.to_text(static_cast<std::size_t>(u))) == lower(key)) nodes.insert(u);
    }
  }
  if (const auto named = g.find_node(key)) nodes.insert(*named);
  return nodes;
}

// The column of the path table with this header, or -1.
int column_of(const QTableWidget* table, const QString& header) {
  for (int c = 0; c < table->columnCount(); ++c) {
    if (table->horizontalHeaderItem(c) && table->horizontalHeaderItem(c)->text() == header) return c;
  }
  return -1;
}

std::int64_t arc_between(const pathscope::Graph& g, std::int32_t u, std::int32_t v) {
  for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
    if (g.heads[a] == v) return a;
  }
  return -1;
}

}  // namespace

class ExplorerBrainTest : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  QString connections_;
  std::mt19937_64 rng_{std::random_device{}()};

  std::unique_ptr<MainWindow> open_window(const pathscope::LoadOptions& options = {}) {
    // Pairs from the table or single-source, never a matrix.
    return test_support::open_explorer(connections_, {.size = {1500, 1000}, .load = options});
  }

  // A reachable pair s != t with a path of at least two hops, at random.
  std::pair<std::int32_t, std::int32_t> random_pair(const pathscope::Graph& g) {
    for (int attempt = 0; attempt < 10000; ++attempt) {
      const auto s = static_cast<std::int32_t>(rng_() % g.n);
      const auto d = test_support::dijkstra_distances(g, s);
      const auto t = static_cast<std::int32_t>(rng_() % g.n);
      if (t != s && d[t] != kInf && arc_between(g, s, t) < 0) return {s, t};
    }
    return {-1, -1};
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    qputenv("XDG_CACHE_HOME", dir_.filePath(QStringLiteral("cache")).toLocal8Bit());
    const auto seed = rng_() % 1000000;
    qInfo("connectome seed %llu", static_cast<unsigned long long>(seed));
    // An awkward size and a dozen or so cell types, written as Codex writes its downloads.
    const std::string spec = "connectome:n=" + std::to_string(280 + rng_() % 60) + ",seed=" + std::to_string(seed) +
                             ",types=" + std::to_string(8 + rng_() % 10);
    const auto generated = pathscope::load_graph(spec, {});
    pathscope::write_codex_export(generated.graph, dir_.filePath(QStringLiteral("codex")).toStdString(), seed);
    connections_ = dir_.filePath(QStringLiteral("codex/connections.csv"));
    QVERIFY(QFile::exists(connections_));
  }

  // A cell type typed into the find box lists exactly the neurons of that type (and of any
  // other column holding the same value), highlights them on the map, sorts by id as numbers,
  // and a row becomes the source or target.
  void find_by_type_lists_exactly_its_nodes() {
    auto window = open_window();
    QVERIFY(window);
    const auto& g = window->session()->graph();
    const auto* types = pathscope::type_column(g);
    QVERIFY(types);
    QCOMPARE(QString::fromStdString(types->name), QStringLiteral("cell_type"));
    auto* box = window->findChild<QLineEdit*>(QStringLiteral("searchBox"));
    QVERIFY(box);
    std::set<std::string> tried;
    for (int attempt = 0; attempt < 200 && tried.size() < 4; ++attempt) {
      const auto u = static_cast<std::size_t>(rng_() % g.n);
      if (!types->has(u)) continue;
      const std::string value = types->to_text(u);
      if (!tried.insert(value).second) continue;
      // Lower case every other time: people type "epg" for EPG.
      const QString key = tried.size() % 2 ? QString::fromStdString(value) : QString::fromStdString(value).toLower();
      box->setFocus();
      box->setText(key);
      QTest::keyClick(box, Qt::Key_Return);
      const auto want = scan(g, value);
      QVERIFY(want.count(static_cast<std::int32_t>(u)));
      const auto* table = window->find_panel()->table();
      QCOMPARE(table->rowCount(), static_cast<int>(want.size()));
      std::set<std::int32_t> listed;
      for (int row = 0; row < table->rowCount(); ++row) {
        const auto v = table->item(row, 0)->data(Qt::UserRole).toInt();
        listed.insert(v);
        QCOMPARE(table->item(row, 0)->text().toLongLong(), static_cast<long long>(g.display_id(v)));
        QCOMPARE(table->item(row, 1)->text(), QString::fromStdString(g.names[v]));
        QCOMPARE(table->item(row, 2)->text(), QString::fromStdString(types->to_text(static_cast<std::size_t>(v))));
      }
      QVERIFY(listed == want);
      const auto& found = window->view()->found_nodes();
      QVERIFY(std::set<std::int32_t>(found.begin(), found.end()) == want);
      QCOMPARE(found.size(), want.size());
      QVERIFY2(window->find_panel()->summary().contains(QString::number(want.size())),
               qPrintable(window->find_panel()->summary()));
    }
    QVERIFY(tried.size() >= 2);
    // Sorted by the Id header: as numbers (FlyWire ids pass 2^53, text order would differ).
    auto* table = window->find_panel()->table();
    table->horizontalHeader()->setSortIndicator(0, Qt::DescendingOrder);
    for (int row = 1; row < table->rowCount(); ++row) {
      QVERIFY(table->item(row - 1, 0)->text().toLongLong() >= table->item(row, 0)->text().toLongLong());
    }
    // Two rows of the list become source and target: the path between them is found.
    if (table->rowCount() >= 2) {
      table->setCurrentCell(0, 1);
      const auto s = window->find_panel()->current_node();
      QTest::mouseClick(window->findChild<QPushButton*>(QStringLiteral("findAsSource")), Qt::LeftButton);
      table->setCurrentCell(table->rowCount() - 1, 1);
      const auto t = window->find_panel()->current_node();
      QTest::mouseClick(window->findChild<QPushButton*>(QStringLiteral("findAsTarget")), Qt::LeftButton);
      QCOMPARE(window->selection()->source(), s);
      QCOMPARE(window->selection()->target(), t);
      QCOMPARE(window->current_path().reachable, test_support::dijkstra_distances(g, s)[t] != kInf);
    }
    // A name still goes straight to its neuron; nothing found says so and lists nothing new.
    const auto named = static_cast<std::int32_t>(rng_() % g.n);
    box->setText(QString::fromStdString(g.names[named]));
    QTest::keyClick(box, Qt::Key_Return);
    const auto lookup = window->session()->index.find(g.names[named]);
    if (lookup.matches.empty()) QCOMPARE(window->selection()->source() == named || window->selection()->target() == named, true);
    // The From field given a type lists its neurons to pick from, rather than failing.
    auto* from = window->findChild<QLineEdit*>(QStringLiteral("fromField"));
    const std::string some_type = *tried.begin();
    from->setFocus();
    from->setText(QString::fromStdString(some_type));
    QTest::keyClick(from, Qt::Key_Return);
    QCOMPARE(window->find_panel()->table()->rowCount(), static_cast<int>(scan(g, some_type).size()));
  }

  // A table written by pathscope-cli answers every chosen pair from the file: the distance
  // equals Dijkstra's, the path is made of the graph's arcs, and the window says where the
  // answer came from. A table of another graph is refused with its name; script mode's
  // --table answers from it too.
  void opened_table_answers_pairs_equal_to_dijkstra() {
    const QString table = dir_.filePath(QStringLiteral("D.npy"));
    QProcess cli;
    cli.start(QStringLiteral(PATHSCOPE_CLI), {QStringLiteral("apsp"), connections_, QStringLiteral("--out"), table});
    QVERIFY(cli.waitForFinished(120000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    auto window = open_window();
    QVERIFY(window);
    const auto& g = window->session()->graph();
    window->open_table(table);
    QVERIFY2(window->status_text().contains(QStringLiteral("saved table D.npy")), qPrintable(window->status_text()));
    int reachable = 0;
    for (int round = 0; round < 25; ++round) {
      const auto s = static_cast<std::int32_t>(rng_() % g.n);
      const auto t = static_cast<std::int32_t>(rng_() % g.n);
      const auto want = test_support::dijkstra_distances(g, s);
      window->select_pair(QString::number(g.display_id(s)), QString::number(g.display_id(t)));
      QVERIFY2(window->current_method().contains(QStringLiteral("saved table D.npy")), qPrintable(window->current_method()));
      const auto& p = window->current_path();
      QCOMPARE(p.reachable, want[t] != kInf);
      if (!p.reachable) continue;
      ++reachable;
      QCOMPARE(p.distance, want[t]);
      QCOMPARE(p.nodes.front(), s);
      QCOMPARE(p.nodes.back(), t);
      for (std::size_t i = 0; i + 1 < p.nodes.size(); ++i) QVERIFY(arc_between(g, p.nodes[i], p.nodes[i + 1]) >= 0);
      QVERIFY2(window->path_panel()->summary().contains(QStringLiteral("saved table D.npy")),
               qPrintable(window->path_panel()->summary()));
    }
    QVERIFY(reachable > 0);

    // A table of another graph (one node fewer) is refused, naming the file and both sizes.
    pathscope::ApspResult other;
    other.n = g.n - 1;
    other.dist = pathscope::DistType::Int32;
    other.d32.assign(static_cast<std::size_t>(other.n) * other.n, 1);
    const QString foreign = dir_.filePath(QStringLiteral("other.npy"));
    pathscope::write_npy(foreign.toStdString(), other);
    try {
      window->open_table(foreign);
      QFAIL("a table of another graph was opened");
    } catch (const pathscope::Error& e) {
      const QString message = QString::fromUtf8(e.what());
      QVERIFY2(message.contains(QStringLiteral("other.npy")) && message.contains(QString::number(g.n - 1)), e.what());
    }
    QVERIFY(window->session()->table);  // the good table stays open

    // So is a table of a graph of the same size that differs in one arc's cost: its fingerprint
    // file names another graph.
    pathscope::Graph changed = g;
    changed.weights[rng_() % changed.weights.size()] += 1;
    const QString same_size = dir_.filePath(QStringLiteral("same_size.npy"));
    {
      pathscope::NpyMatrixWriter writer(same_size.toStdString(), changed, pathscope::DistType::Int32);
      std::vector<std::int32_t> row(static_cast<std::size_t>(g.n), 1);
      for (std::int32_t u = 0; u < g.n; ++u) writer.put_rows(u, 1, row.data());
      writer.commit();
    }
    try {
      window->open_table(same_size);
      QFAIL("a table of another graph of the same size was opened");
    } catch (const pathscope::Error& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("another graph")), e.what());
    }

    // Script mode: --table answers the --path and the JSON says so.
    const auto [s, t] = random_pair(g);
    QVERIFY(s >= 0);
    const QString json = dir_.filePath(QStringLiteral("path.json"));
    QProcess explorer;
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CACHE_HOME"), dir_.filePath(QStringLiteral("cache")));
    explorer.setProcessEnvironment(env);
    explorer.start(QStringLiteral(PATHSCOPE_EXPLORER),
                   {connections_, QStringLiteral("--table"), table, QStringLiteral("--path"), QString::number(g.display_id(s)),
                    QString::number(g.display_id(t)), QStringLiteral("--export-json"), json, QStringLiteral("--quit")});
    QVERIFY(explorer.waitForFinished(120000));
    QVERIFY2(explorer.exitCode() == 0, explorer.readAllStandardError().constData());
    std::ifstream in(json.toStdString());
    const auto doc = nlohmann::json::parse(in);
    QVERIFY2(QString::fromStdString(doc["engine"].get<std::string>()).contains(QStringLiteral("saved table D.npy")),
             doc.dump().c_str());
    QCOMPARE(doc["distance"].get<double>(), test_support::dijkstra_distances(g, s)[t]);
    // A foreign table on the command line fails with its name, exit code 1.
    QProcess refused;
    refused.setProcessEnvironment(env);
    refused.start(QStringLiteral(PATHSCOPE_EXPLORER),
                  {connections_, QStringLiteral("--table"), foreign, QStringLiteral("--path"), QString::number(g.display_id(s)),
                   QString::number(g.display_id(t)), QStringLiteral("--quit")});
    QVERIFY(refused.waitForFinished(120000));
    QCOMPARE(refused.exitCode(), 1);
    QVERIFY(refused.readAllStandardError().contains("other.npy"));
  }

  // k shortest paths stepped through with ] and [: each shown path is core's Yen path of that
  // rank, lengths never fall, every hop shows its arc's synapse count and its neuron's type.
  // All shortest: the count and every listed path's length against Dijkstra.
  void stepping_through_path_sets() {
    // Hops as costs: the synapse counts are kept beside them as strengths (under the default
    // rule the cost is the synapse count itself), and equal lengths make ties for Yen's order.
    pathscope::LoadOptions hops;
    hops.cost_rule = pathscope::EdgeCostRule::Hops;
    auto window = open_window(hops);
    QVERIFY(window);
    const auto& g = window->session()->graph();
    QVERIFY(g.has_arc_strengths());
    const auto* types = pathscope::type_column(g);
    QVERIFY(types);
    const auto [s, t] = random_pair(g);
    QVERIFY(s >= 0);
    window->select_pair(QString::number(g.display_id(s)), QString::number(g.display_id(t)));
    const int k = 4 + static_cast<int>(rng_() % 5);
    QSignalSpy ready(window.get(), &MainWindow::path_set_ready);
    window->start_path_set(pathscope::qt::Selection::PathSet::Kind::KShortest, k);
    QVERIFY(wait_for(ready, 120000));
    const auto want = pathscope::k_shortest_paths(g, s, t, k);
    QVERIFY(!want.empty());
    QCOMPARE(window->path_set_panel()->table()->rowCount(), static_cast<int>(want.size()));
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    window->view()->setFocus();
    double last = -kInf;
    for (std::size_t i = 0; i < want.size(); ++i) {
      QCOMPARE(window->selection()->path_set_index(), static_cast<int>(i));
      const auto& shown = window->current_path();
      QVERIFY(shown.nodes == want[i].nodes);
      QCOMPARE(shown.distance, want[i].cost);
      QVERIFY(shown.distance >= last);
      last = shown.distance;
      QCOMPARE(window->path_set_panel()->table()->currentRow() >= 0, true);
      // The hop list: synapse count of each arc taken, cell type of each neuron.
      const auto* hops = window->path_panel()->table();
      const int strength = column_of(hops, QStringLiteral("Strength"));
      const int type = column_of(hops, QStringLiteral("cell_type"));
      QVERIFY(strength >= 0 && type >= 0);
      QCOMPARE(hops->rowCount(), static_cast<int>(want[i].nodes.size()));
      for (int row = 0; row < hops->rowCount(); ++row) {
        const int step = hops->item(row, 0)->text().toInt();
        const auto v = want[i].nodes[static_cast<std::size_t>(step)];
        QCOMPARE(hops->item(row, 0)->data(Qt::UserRole).toInt(), v);
        QCOMPARE(hops->item(row, type)->text(), QString::fromStdString(types->to_text(static_cast<std::size_t>(v))));
        if (step == 0) continue;
        const auto arc = want[i].arcs[static_cast<std::size_t>(step - 1)];
        QCOMPARE(hops->item(row, strength)->text().toDouble(), g.arc_strengths[static_cast<std::size_t>(arc)]);
      }
      if (i + 1 < want.size()) QTest::keyClick(window->view(), Qt::Key_BracketRight);
    }
    QTest::keyClick(window->view(), Qt::Key_BracketRight);  // past the end: stays on the last
    QCOMPARE(window->selection()->path_set_index(), static_cast<int>(want.size()) - 1);
    QTest::keyClick(window->view(), Qt::Key_BracketLeft);
    if (want.size() > 1) QVERIFY(window->current_path().nodes == want[want.size() - 2].nodes);
    // Choosing a row of the list shows that path.
    auto* list = window->path_set_panel()->table();
    list->setCurrentCell(0, 0);
    QVERIFY(window->current_path().nodes == want[0].nodes);
    // Down and Up in the list step too.
    if (want.size() > 1) {
      list->setFocus();
      QTest::keyClick(list, Qt::Key_Down);
      QVERIFY(window->current_path().nodes == want[1].nodes);
      QTest::keyClick(list, Qt::Key_Up);
      QVERIFY(window->current_path().nodes == want[0].nodes);
    }

    // All shortest, capped at 2: the total as core counts it, each listed path as short as Dijkstra's.
    ready.clear();
    window->start_path_set(pathscope::qt::Selection::PathSet::Kind::AllShortest, 2);
    QVERIFY(wait_for(ready, 120000));
    const auto all = pathscope::all_shortest_paths(g, s, t);
    const auto* set = window->selection()->path_set();
    QVERIFY(set);
    QCOMPARE(set->total.value, all.total.value);
    QCOMPARE(set->paths.size(), std::min<std::size_t>(2, all.paths.size()));
    const double shortest = test_support::dijkstra_distances(g, s)[t];
    for (const auto& p : set->paths) QCOMPARE(p.cost, shortest);
    QVERIFY2(window->path_set_panel()->summary().contains(QString::fromStdString(all.total.text())),
             qPrintable(window->path_set_panel()->summary()));

    if (qEnvironmentVariableIsSet("PATHSCOPE_SCREENSHOTS")) {
      // The type search and the k shortest paths together, as the docs show them.
      window->start_path_set(pathscope::qt::Selection::PathSet::Kind::KShortest, k);
      ready.clear();
      QVERIFY(wait_for(ready, 120000));
      window->step_path_set(1);
      const QString type = QString::fromStdString(types->to_text(static_cast<std::size_t>(t)));
      window->findChild<QLineEdit*>(QStringLiteral("searchBox"))->setText(type);
      window->find_nodes(type);
      window->findChild<QDockWidget*>(QStringLiteral("pathSetDock"))->raise();  // the list, with the type lit on the map
      window->view()->fit_to_path();
      QTest::qWait(300);
      QImage shot = window->grab().toImage();
      QPainter painter(&shot);
      painter.drawImage(window->view()->mapTo(window.get(), QPoint(0, 0)), window->view()->grabFramebuffer());
      painter.end();
      shot.save(qEnvironmentVariable("PATHSCOPE_SCREENSHOTS") + QStringLiteral("/explorer-connectome-paths.png"));
    }
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(ExplorerBrainTest)

#include "test_explorer_brain.moc"
