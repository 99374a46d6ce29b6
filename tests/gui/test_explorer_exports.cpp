// The explorer's exports in a real window under Xvfb: reach sets as CSV and JSON against a BFS
// written here, the load options (and the file's digest, computed here) in every export, the
// PNG in the light theme, the SVG of the view against what the renderer draws, and the tour
// through every TSPLIB city against the published optimum tour.
#include <QAction>
#include <QApplication>
#include <QCryptographicHash>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <random>

#include "explorer_fixture.hpp"
#include "exports.hpp"
#include "main_window.hpp"
#include "pathscope/apsp/single_source.hpp"
#include "pathscope/io/tsplib.hpp"
#include "pathscope/paths/path.hpp"
#include "search_references.hpp"
#include "shared_data_qt.hpp"

using pathscope::qt::MainWindow;

namespace {

using test_support::wait_for;

QString sha256_of(const QString& file) {
  QFile f(file);
  if (!f.open(QIODevice::ReadOnly)) return {};
  QCryptographicHash hash(QCryptographicHash::Sha256);
  hash.addData(&f);
  return QString::fromLatin1(hash.result().toHex());
}

}  // namespace

class ExplorerExportsTest : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;


 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    qputenv("XDG_CACHE_HOME", dir_.filePath(QStringLiteral("cache")).toLocal8Bit());
  }

  // What Reachable found, exported as CSV and as JSON: the same nodes as a BFS, and the load
  // options with the file's digest.
  void reach_set_exports_match_bfs() {
    REQUIRE_SHARED_DATA_FILE(csv, "connectome/celegans_varshney2011_NeuronConnect.csv");
    auto window = test_support::open_explorer(csv);
    QVERIFY(window);
    const auto& g = window->session()->graph();
    const auto start = static_cast<std::int32_t>(std::random_device{}() % g.n);
    window->select_source(QString::fromStdString(g.label(start)));
    QSignalSpy ready(window.get(), &MainWindow::reach_ready);
    window->start_reach(pathscope::ReachDirection::Downstream);
    QVERIFY(wait_for(ready, 60000));
    const auto expected = test_support::reachable_within(g, start);
    const QString csv_out = dir_.filePath(QStringLiteral("reach.csv")), json_out = dir_.filePath(QStringLiteral("reach.json"));
    pathscope::qt::export_reach(*window->selection(), csv_out);
    pathscope::qt::export_reach(*window->selection(), json_out);
    QFile f(csv_out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    std::vector<std::int32_t> from_csv;
    bool header = false;
    while (!f.atEnd()) {
      const QString line = QString::fromUtf8(f.readLine()).trimmed();
      if (line.startsWith(QLatin1Char('#'))) continue;
      if (!header) {
        QCOMPARE(line, QStringLiteral("index,id,name,hops"));
        header = true;
        continue;
      }
      from_csv.push_back(line.section(QLatin1Char(','), 0, 0).toInt());
    }
    std::sort(from_csv.begin(), from_csv.end());
    QCOMPARE(from_csv, expected);
    QFile jf(json_out);
    QVERIFY(jf.open(QIODevice::ReadOnly));
    const auto j = nlohmann::json::parse(jf.readAll().toStdString());
    QCOMPARE(j["count"].get<std::size_t>(), expected.size());
    QCOMPARE(j["start"]["index"].get<int>(), start);
    QCOMPARE(QString::fromStdString(j["load"]["sha256"].get<std::string>()), sha256_of(csv));
    QCOMPARE(j["load"]["cost_rule"].get<std::string>(), std::string("weight"));
    QVERIFY(j["load"]["min_weight"].is_null());  // no minimum
  }

  // The path JSON records the load options too; the light PNG is light with the path in the
  // highlight colour; the SVG holds exactly the arcs and nodes the screen draws, and the path.
  void path_json_light_png_and_svg() {
    auto window = test_support::open_explorer(QStringLiteral(PATHSCOPE_SAMPLES "/grid-city.gr"));
    QVERIFY(window);
    window->select_node(0);
    window->select_node(window->session()->graph().n - 1);
    QVERIFY(window->current_path().reachable);
    const auto doc = nlohmann::json::parse(pathscope::qt::selection_json(*window->selection()));
    QCOMPARE(QString::fromStdString(doc["load"]["sha256"].get<std::string>()),
             sha256_of(QStringLiteral(PATHSCOPE_SAMPLES "/grid-city.gr")));
    QCOMPARE(doc["load"]["format"].get<std::string>(), std::string());  // detected, not asked for
    QVERIFY(doc["load"]["reader"].get<std::string>().rfind("dimacs", 0) == 0);

    const QString light = dir_.filePath(QStringLiteral("light.png")), dark = dir_.filePath(QStringLiteral("dark.png"));
    window->view()->fit_to_path();
    window->export_png(light, QSize(900, 700), true);
    window->export_png(dark, QSize(900, 700), false);
    const QImage li(light), di(dark);
    const auto bg = pathscope::render::to_rgb8(pathscope::render::light_style().background);
    QCOMPARE(li.pixelColor(2, 2), QColor(bg.r, bg.g, bg.b));
    QVERIFY(qGray(di.pixel(2, 2)) < 64);
    const auto amber = window->view()->highlight_colour();
    int path_pixels = 0;
    for (int y = 0; y < li.height(); ++y) {
      for (int x = 0; x < li.width(); ++x) {
        const QColor c = li.pixelColor(x, y);
        path_pixels += c.red() == amber.r && c.green() == amber.g && c.blue() == amber.b;
      }
    }
    QVERIFY2(path_pixels > 200, "the light PNG does not show the path");
    if (qEnvironmentVariableIsSet("PATHSCOPE_SCREENSHOTS")) {
      li.save(qEnvironmentVariable("PATHSCOPE_SCREENSHOTS") + QStringLiteral("/export-light.png"));
    }

    window->view()->grabFramebuffer();  // paints now, covered or not
    const QByteArray svg = window->view()->render_svg();
    QXmlStreamReader xml(svg);
    int lines = 0, circles = 0, path_points = 0;
    QString group;
    while (!xml.atEnd()) {
      const auto token = xml.readNext();
      if (token == QXmlStreamReader::EndElement && xml.name() == QLatin1String("g")) group.clear();
      if (token != QXmlStreamReader::StartElement) continue;
      if (xml.name() == QLatin1String("g")) group = xml.attributes().value(QStringLiteral("id")).toString();
      if (xml.name() == QLatin1String("line") && group == QLatin1String("arcs")) ++lines;
      if (xml.name() == QLatin1String("circle") && group == QLatin1String("nodes")) ++circles;
      if (xml.name() == QLatin1String("polyline") && xml.attributes().value(QStringLiteral("id")) == QLatin1String("path")) {
        path_points = static_cast<int>(xml.attributes().value(QStringLiteral("points")).toString().split(QLatin1Char(' '), Qt::SkipEmptyParts).size());
      }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    const auto& camera = window->view()->camera();
    QCOMPARE(lines, static_cast<int>(window->view()->renderer().arcs_in_view(camera).size()));
    QCOMPARE(circles, static_cast<int>(window->view()->renderer().nodes_in_view(camera).size()));
    QCOMPARE(path_points, static_cast<int>(window->current_path().nodes.size()));
  }

  // File › Export Graph is there once a graph is open; the path shown, exported as GEXF, is
  // marked node by node: `highlight` is true exactly on the path's nodes (by the file's own ids)
  // and `hop` counts along it from the source.
  void path_exported_as_gexf_carries_its_highlight() {
    auto window = test_support::open_explorer(QStringLiteral(PATHSCOPE_SAMPLES "/grid-city.gr"));
    QVERIFY(window);
    auto* action = window->findChild<QAction*>(QStringLiteral("exportGraphAction"));
    QVERIFY(action);
    QVERIFY(action->isEnabled());
    const auto& g = window->session()->graph();
    // A random pair with a path between them: grid-city's park and river nodes have no arcs,
    // so a pair drawn blindly has none now and then.
    std::mt19937 rng(std::random_device{}());
    std::int32_t s = 0, t = 0;
    for (;;) {
      s = static_cast<std::int32_t>(rng() % g.n);
      const auto d = pathscope::single_source_distances(g, s);
      std::vector<std::int32_t> reached;
      for (std::int32_t v = 0; v < g.n; ++v) {
        if (v != s && std::isfinite(d[v])) reached.push_back(v);
      }
      if (reached.empty()) continue;
      t = reached[rng() % reached.size()];
      break;
    }
    window->select_node(s);
    window->select_node(t);
    const auto& path = window->current_path();
    QVERIFY(path.reachable);
    const QString out = dir_.filePath(QStringLiteral("path.gexf"));
    pathscope::qt::export_graph(*window->selection(), out);

    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    QString highlight_id, hop_id, node;
    bool node_attributes = false;
    std::map<std::int64_t, int> marked;  // display id -> hop
    int nodes = 0;
    QString node_highlight, node_hop;
    while (!xml.atEnd()) {
      const auto token = xml.readNext();
      const auto a = xml.attributes();
      if (token == QXmlStreamReader::StartElement && xml.name() == QLatin1String("attributes"))
        node_attributes = a.value(QStringLiteral("class")) == QLatin1String("node");
      if (token == QXmlStreamReader::StartElement && xml.name() == QLatin1String("attribute") && node_attributes) {
        if (a.value(QStringLiteral("title")) == QLatin1String("highlight")) highlight_id = a.value(QStringLiteral("id")).toString();
        if (a.value(QStringLiteral("title")) == QLatin1String("hop")) hop_id = a.value(QStringLiteral("id")).toString();
      }
      if (token == QXmlStreamReader::StartElement && xml.name() == QLatin1String("node")) {
        node = a.value(QStringLiteral("id")).toString();
        node_highlight.clear();
        node_hop.clear();
        ++nodes;
      }
      if (token == QXmlStreamReader::StartElement && xml.name() == QLatin1String("attvalue") && !node.isEmpty()) {
        if (a.value(QStringLiteral("for")) == highlight_id) node_highlight = a.value(QStringLiteral("value")).toString();
        if (a.value(QStringLiteral("for")) == hop_id) node_hop = a.value(QStringLiteral("value")).toString();
      }
      if (token == QXmlStreamReader::EndElement && xml.name() == QLatin1String("node")) {
        if (node_highlight == QLatin1String("true")) marked[node.toLongLong()] = node_hop.toInt();
        node.clear();
      }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(!highlight_id.isEmpty());
    QCOMPARE(nodes, g.n);
    std::map<std::int64_t, int> expected;
    for (std::size_t i = 0; i < path.nodes.size(); ++i) expected[g.display_id(path.nodes[i])] = static_cast<int>(i);
    QCOMPARE(marked.size(), expected.size());
    QVERIFY(marked == expected);
  }

  // --tour all on berlin52: the tour visits every city once, its length is the instance's own
  // cost of that order, never below the optimum tour shipped with the instance, and the gap it
  // prints is the one those two lengths give.
  void tour_through_all_cities_reports_optimum_and_gap() {
    REQUIRE_SHARED_DATA_FILE(tsp, "tsplib/berlin52.tsp");
    REQUIRE_SHARED_DATA_FILE(opt, "tsplib/berlin52.opt.tour");
    const auto instance = pathscope::read_tsplib(tsp.toStdString());
    const auto optimum = static_cast<double>(instance.tour_length(pathscope::read_tsplib_tour(opt.toStdString())));
    const QString out = dir_.filePath(QStringLiteral("tour.json"));
    QProcess explorer;
    explorer.start(QStringLiteral(PATHSCOPE_EXPLORER), {tsp, QStringLiteral("--tour"), QStringLiteral("all"),
                                                        QStringLiteral("--export-json"), out, QStringLiteral("--quit")});
    QVERIFY(explorer.waitForFinished(300000));
    const QString printed = QString::fromLocal8Bit(explorer.readAllStandardOutput());
    QVERIFY2(explorer.exitCode() == 0, qPrintable(explorer.readAllStandardError()));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto j = nlohmann::json::parse(f.readAll().toStdString());
    QCOMPARE(j["kind"].get<std::string>(), std::string("tour"));
    std::vector<std::int32_t> order;
    for (const auto& node : j["nodes"]) order.push_back(node["index"].get<std::int32_t>());
    QCOMPARE(static_cast<int>(order.size()), instance.dimension);
    auto sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < instance.dimension; ++i) QCOMPARE(sorted[i], i);
    const double length = j["distance"].get<double>();
    QCOMPARE(length, static_cast<double>(instance.tour_length(order)));
    QVERIFY(length >= optimum);
    QVERIFY2(printed.contains(QStringLiteral("known optimum %1").arg(static_cast<long long>(optimum))), qPrintable(printed));
    QVERIFY2(printed.contains(QStringLiteral("gap %1%").arg(100.0 * (length - optimum) / optimum, 0, 'f', 2)), qPrintable(printed));
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(ExplorerExportsTest)

#include "test_explorer_exports.moc"
