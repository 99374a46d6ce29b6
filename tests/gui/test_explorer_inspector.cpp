// The explorer's inspector, lists and help, driven in a real window under Xvfb: hover details
// against the graph's own arrays (degrees counted here), every attribute column shown, synapse
// counts beside costs equal to the file's rows, sorting by number, the chosen hop ringed on the
// map, the reach hop limit against a BFS written here, actions greyed with their reason, help.
#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <map>
#include <random>

#include "explorer_fixture.hpp"
#include "inspector_panel.hpp"
#include "main_window.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/paths/path.hpp"
#include "search_references.hpp"
#include "shared_data_qt.hpp"

using pathscope::qt::MainWindow;

namespace {

using test_support::wait_for;

}  // namespace

class ExplorerInspectorTest : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;

  std::unique_ptr<MainWindow> open_window(const QString& spec, const pathscope::LoadOptions& options = {}) {
    return test_support::open_explorer(spec, {.size = {1300, 900}, .load = options});
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    qputenv("XDG_CACHE_HOME", dir_.filePath(QStringLiteral("cache")).toLocal8Bit());
  }

  // Hovering a node shows its id, name and degrees; leaving the map shows the clicked one.
  void hover_shows_the_node_under_the_mouse() {
    REQUIRE_SHARED_DATA_FILE(csv, "connectome/celegans_varshney2011_NeuronConnect.csv");
    auto window = open_window(csv);
    QVERIFY(window);
    const auto& g = window->session()->graph();
    std::vector<int> in(static_cast<std::size_t>(g.n), 0);
    for (std::int32_t u = 0; u < g.n; ++u) {
      for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a) ++in[g.heads[a]];
    }
    auto* view = window->view();
    std::mt19937 rng(std::random_device{}());
    int checked = 0;
    for (int attempt = 0; attempt < 2000 && checked < 6; ++attempt) {
      const auto u = static_cast<std::int32_t>(rng() % g.n);
      const QPointF p = view->node_screen_position(u);
      if (!view->rect().contains(p.toPoint()) || view->node_at(QPointF(p.toPoint())) != u) continue;
      // The move event itself, sent to the view: the cursor the window system would move is
      // not what is under test, and filling the inspector may shift the layout meanwhile.
      QMouseEvent move(QEvent::MouseMove, QPointF(p.toPoint()), view->mapToGlobal(QPointF(p.toPoint())), Qt::NoButton,
                       Qt::NoButton, Qt::NoModifier);
      QApplication::sendEvent(view, &move);
      QCOMPARE(window->inspector()->shown(), u);
      const auto* inspector = window->inspector();
      QCOMPARE(inspector->value(QStringLiteral("Id")), QString::number(g.display_id(u)));
      QCOMPARE(inspector->value(QStringLiteral("Name")), QString::fromStdString(g.names[u]));
      if (g.directed) {
        QCOMPARE(inspector->value(QStringLiteral("Out-degree")), QString::number(g.offsets[u + 1] - g.offsets[u]));
        QCOMPARE(inspector->value(QStringLiteral("In-degree")), QString::number(in[u]));
      } else {
        QCOMPARE(inspector->value(QStringLiteral("Degree")), QString::number(g.offsets[u + 1] - g.offsets[u]));
      }
      ++checked;
    }
    QVERIFY(checked > 0);
    window->select_node(0);
    QEvent leave(QEvent::Leave);  // the mouse leaves the map
    QApplication::sendEvent(view, &leave);
    QTRY_COMPARE(window->inspector()->shown(), 0);
    if (qEnvironmentVariableIsSet("PATHSCOPE_SCREENSHOTS")) {
      // The window with the map's own frame laid over it: QWidget::grab leaves out what
      // QPainter drew over the GL picture (the labels).
      QImage shot = window->grab().toImage();
      QPainter painter(&shot);
      painter.drawImage(view->mapTo(window.get(), QPoint(0, 0)), view->grabFramebuffer());
      painter.end();
      shot.save(qEnvironmentVariable("PATHSCOPE_SCREENSHOTS") + QStringLiteral("/inspector.png"));
    }
  }

  // Every attribute column of the graph is listed with the node's value, "—" where missing.
  void inspector_lists_every_attribute() {
    auto session = std::make_shared<pathscope::qt::GraphSession>();
    pathscope::LoadReport report;
    pathscope::RandomGraphSpec spec;
    spec.n = 30 + static_cast<std::int32_t>(std::random_device{}() % 50);
    session->loaded.graph = pathscope::generate_random_graph(spec, report);
    auto& g = session->loaded.graph;
    g.node_attributes.column("cell_type", pathscope::AttributeType::Text, g.n);
    g.node_attributes.column("root_id", pathscope::AttributeType::Integer, g.n);
    g.node_attributes.column("volume", pathscope::AttributeType::Real, g.n);
    // References only once every column exists (adding one may move the others).
    auto& type = *g.node_attributes.find("cell_type");
    auto& root = *g.node_attributes.find("root_id");
    auto& size = *g.node_attributes.find("volume");
    for (std::int32_t u = 0; u < g.n; ++u) {
      if (u % 3) type.set_text(u, "T" + std::to_string(u % 7));
      root.set_integer(u, 720575940600000000LL + u);  // past 2^53: must print exactly
      size.set_real(u, 0.25 * u);
    }
    pathscope::qt::InspectorPanel panel;
    panel.set_session(session);
    for (std::int32_t u = 0; u < g.n; ++u) {
      panel.pin(u);
      QCOMPARE(panel.value(QStringLiteral("cell_type")), u % 3 ? QStringLiteral("T%1").arg(u % 7) : QStringLiteral("—"));
      QCOMPARE(panel.value(QStringLiteral("root_id")), QString::number(720575940600000000LL + u));
      QCOMPARE(panel.value(QStringLiteral("volume")).toDouble(), 0.25 * u);
    }
  }

  // An edge table read with a cost rule that turns strengths into other costs (1 / strength)
  // lists each hop's strength beside its cost (the file's own number);
  // a click on the Cumulative header sorts by number; a row click rings that hop on the map.
  void path_lists_strengths_sorts_and_marks_the_hop() {
    std::mt19937 rng(std::random_device{}());
    const int n = 12 + static_cast<int>(rng() % 20);
    const QString file = dir_.filePath(QStringLiteral("chain.csv"));
    std::map<std::pair<int, int>, int> strength;
    {
      QFile f(file);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write("pre,post,synapses\n");
      for (int u = 0; u + 1 < n; ++u) {
        const int w = 1 + static_cast<int>(rng() % 60);
        strength[{u, u + 1}] = w;
        f.write(QStringLiteral("c%1,c%2,%3\n").arg(u).arg(u + 1).arg(w).toUtf8());
      }
    }
    pathscope::LoadOptions options;
    options.cost_rule = pathscope::EdgeCostRule::Inverse;
    auto window = open_window(file, options);
    QVERIFY(window);
    window->select_pair(QStringLiteral("c0"), QStringLiteral("c%1").arg(n - 1));
    const auto* table = window->path_panel()->table();
    QCOMPARE(table->rowCount(), n);
    QCOMPARE(table->columnCount(), 6);
    QVERIFY(table->horizontalHeaderItem(5));
    QCOMPARE(table->horizontalHeaderItem(5)->text(), QStringLiteral("Strength"));
    for (int row = 1; row < n; ++row) {
      const int expected = strength[std::make_pair(row - 1, row)];
      QCOMPARE(table->item(row, 5)->text().toInt(), expected);
      QVERIFY(std::abs(table->item(row, 3)->text().toDouble() - 1.0 / expected) < 1e-5);  // cost rule: inverse
    }
    // Sort by strength, descending: the numbers fall row by row.
    auto* header = table->horizontalHeader();
    const_cast<QTableWidget*>(table)->sortByColumn(5, Qt::DescendingOrder);
    QCOMPARE(header->sortIndicatorSection(), 5);
    std::vector<int> column;  // the first hop has no arc, so no strength: skipped
    for (int row = 0; row < n; ++row) {
      if (!table->item(row, 5)->text().isEmpty()) column.push_back(table->item(row, 5)->text().toInt());
    }
    QCOMPARE(static_cast<int>(column.size()), n - 1);
    QVERIFY(std::is_sorted(column.rbegin(), column.rend()));
    const int row = static_cast<int>(rng() % n);
    const int node = table->item(row, 0)->data(Qt::UserRole).toInt();
    const QRect cell = table->visualItemRect(table->item(row, 1));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::NoModifier, cell.center());
    QCOMPARE(window->view()->marked_node(), node);
    window->view()->grabFramebuffer();  // paints now, covered or not
    QVERIFY(std::any_of(window->view()->last_reserved_areas().begin(), window->view()->last_reserved_areas().end(),
                        [&](const QRectF& r) { return r.contains(window->view()->node_screen_position(node)); }));
  }

  // Typed From and To find the path (the core's single-source distance), the fields follow
  // clicks, and after Enter the keyboard is the map's again (no shortcut types into a field);
  // a new file clears the find box.
  void from_to_fields_and_focus() {
    REQUIRE_SHARED_DATA_FILE(csv, "connectome/celegans_varshney2011_NeuronConnect.csv");
    auto window = open_window(csv);
    QVERIFY(window);
    QApplication::setActiveWindow(window.get());
    const auto& g = window->session()->graph();
    std::mt19937 rng(std::random_device{}());
    const auto s = static_cast<std::int32_t>(rng() % g.n), t = static_cast<std::int32_t>(rng() % g.n);
    auto* from = window->findChild<QLineEdit*>(QStringLiteral("fromField"));
    auto* to = window->findChild<QLineEdit*>(QStringLiteral("toField"));
    QVERIFY(from && to);
    from->setFocus();
    from->setText(QString::fromStdString(g.label(s)));
    to->setText(QString::fromStdString(g.label(t)));
    QTest::keyClick(to, Qt::Key_Return);
    QCOMPARE(window->selection()->source(), s);
    QCOMPARE(window->selection()->target(), t);
    QCOMPARE(window->current_path().reachable, pathscope::path_single_source(g, s, t).reachable);
    if (window->current_path().reachable) QCOMPARE(window->current_path().distance, pathscope::path_single_source(g, s, t).distance);
    QTRY_VERIFY(window->view()->hasFocus());
    window->select_node(t);  // a third click starts over: source t, no target
    QCOMPARE(from->text(), QString::fromStdString(g.label(t)));
    QCOMPARE(to->text(), QString());

    auto* search = window->findChild<QLineEdit*>(QStringLiteral("searchBox"));
    search->setFocus();
    search->setText(QString::fromStdString(g.label(s)));
    QTest::keyClick(search, Qt::Key_Return);
    QTRY_VERIFY(window->view()->hasFocus());
    QSignalSpy ready(window.get(), &MainWindow::graph_ready);
    window->open_graph(QStringLiteral(PATHSCOPE_SAMPLES "/grid-city.gr"));
    QVERIFY(wait_for(ready, 60000));
    QCOMPARE(search->text(), QString());
  }

  // The toolbar's hop limit bounds Reachable: the set equals a BFS cut at that depth.
  void reach_hop_limit_matches_bfs() {
    std::mt19937 rng(std::random_device{}());
    const QString spec = QStringLiteral("random:n=%1,deg=2,seed=%2").arg(200 + rng() % 300).arg(rng() % 1000 + 1);
    auto window = open_window(spec);
    QVERIFY2(window, qPrintable(spec));
    const auto& g = window->session()->graph();
    auto* hops = window->findChild<QSpinBox*>(QStringLiteral("reachHops"));
    QVERIFY(hops);
    QCOMPARE(hops->text(), QStringLiteral("any number of"));
    for (int limit : {1, 2, 3 + static_cast<int>(rng() % 4)}) {
      const auto start = static_cast<std::int32_t>(rng() % g.n);
      hops->setValue(limit);
      window->select_source(QString::number(g.display_id(start)));
      QSignalSpy ready(window.get(), &MainWindow::reach_ready);
      auto* reachable = window->findChild<QAction*>(QStringLiteral("reachableAction"));
      QVERIFY(reachable->isEnabled());
      reachable->trigger();
      QVERIFY(wait_for(ready, 60000));
      auto nodes = window->current_reach()->nodes;
      std::sort(nodes.begin(), nodes.end());
      QCOMPARE(nodes, test_support::reachable_within(g, start, limit));
    }
  }

  // With no graph, actions that need one are greyed and say why; GPU actions carry the
  // engine's own reason where no GPU can run; Help opens its pages.
  void actions_say_why_they_cannot_run_and_help_opens() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    for (const char* name : {"bestTourAction", "reachableAction", "upstreamAction", "exportJsonAction", "exportPngAction"}) {
      auto* action = window.findChild<QAction*>(QString::fromLatin1(name));
      QVERIFY2(action, name);
      QVERIFY2(!action->isEnabled(), name);
      QCOMPARE(action->toolTip(), QStringLiteral("Open a graph first"));
    }
    QSignalSpy ready(&window, &MainWindow::graph_ready);
    window.set_apsp_engine(QString());
    window.open_graph(QStringLiteral(PATHSCOPE_SAMPLES "/grid-city.gr"));
    QVERIFY(wait_for(ready, 60000));
    for (const char* engine : {"gpu-blocked", "gpu-sparse"}) {
      const std::string reason = pathscope::make_apsp_engine(engine)->unavailable_reason();
      auto* gpu = window.findChild<QAction*>(QStringLiteral("allPairs-") + QLatin1String(engine));
      QVERIFY2(gpu, engine);
      QCOMPARE(gpu->isEnabled(), reason.empty());
      if (!reason.empty()) QCOMPARE(gpu->toolTip(), QString::fromStdString(reason));
    }
    if (qEnvironmentVariableIsSet("PATHSCOPE_SCREENSHOTS")) {
      // The Compute menu as a user opens it: every engine, the GPU ones greyed without a GPU.
      auto* compute = window.findChild<QAction*>(QStringLiteral("allPairs-gpu-sparse"))->associatedObjects().value(0);
      if (auto* menu = qobject_cast<QMenu*>(compute)) {
        menu->popup(window.mapToGlobal(QPoint(0, 0)));
        QVERIFY(QTest::qWaitForWindowExposed(menu));
        menu->grab().save(qEnvironmentVariable("PATHSCOPE_SCREENSHOTS") + QStringLiteral("/compute-menu.png"));
        menu->close();
      }
    }
    QVERIFY(!window.findChild<QAction*>(QStringLiteral("exportJsonAction"))->isEnabled());
    window.select_node(0);
    window.select_node(1);
    QCOMPARE(window.findChild<QAction*>(QStringLiteral("exportJsonAction"))->isEnabled(), window.current_path().reachable);

    window.findChild<QAction*>(QStringLiteral("helpShortcutsAction"))->trigger();
    QDialog* help = nullptr;
    QTRY_VERIFY((help = window.findChild<QDialog*>(QStringLiteral("helpDialog"))) != nullptr);
    const QString text = help->findChild<QTextBrowser*>(QStringLiteral("helpText"))->toPlainText();
    // Every shortcut the menus define is in the list.
    for (const char* name : {"bestTourAction", "reachableAction", "upstreamAction", "labelsNone"}) {
      const QString keys = window.findChild<QAction*>(QString::fromLatin1(name))->shortcut().toString();
      QVERIFY2(text.contains(keys.section(QLatin1Char('+'), -1)), qPrintable(keys));
    }
    if (qEnvironmentVariableIsSet("PATHSCOPE_SCREENSHOTS")) {
      help->grab().save(qEnvironmentVariable("PATHSCOPE_SCREENSHOTS") + QStringLiteral("/help.png"));
    }
    help->close();
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(ExplorerInspectorTest)

#include "test_explorer_inspector.moc"
