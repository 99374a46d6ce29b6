// Undo, redo, Esc and sessions driven as a person would: random sequences of choices and
// queries on a freshly generated graph, each undone and redone through the Edit menu's actions
// and compared with the state recorded when it was made; sessions saved in one window and
// opened in a fresh one; bad session files refused with their name and what is wrong.
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSpinBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>

#include "explorer_fixture.hpp"
#include "fresh_seed.hpp"
#include "main_window.hpp"
#include "pathscope/io/random_graph.hpp"
#include "search_references.hpp"
#include "selection_state.hpp"

using pathscope::qt::MainWindow;
using pathscope::qt::SelectionState;
using pathscope::qt::ViewChoices;
using Kind = pathscope::qt::Selection::PathSet::Kind;

namespace {

using test_support::wait_for;

// Undirected, so that every node of the component drawn from is reachable from every other:
// paths, tours and path sets among them never fail.
QString random_graph_spec(std::uint64_t seed) {
  return QStringLiteral("random:n=90,deg=4,seed=%1,undirected").arg(seed % 1000000007ull);
}

SelectionState state(const MainWindow& window) { return window.selection()->state(); }

QAction* action(const MainWindow& window, const char* name) {
  return window.findChild<QAction*>(QString::fromLatin1(name));
}

// The largest connected part of the graph (undirected: what a node reaches is its part).
std::vector<std::int32_t> largest_component(const pathscope::Graph& g) {
  std::vector<std::int32_t> best;
  std::vector<bool> seen(static_cast<std::size_t>(g.n), false);
  for (std::int32_t u = 0; u < g.n; ++u) {
    if (seen[u]) continue;
    auto part = test_support::reachable_within(g, u);
    if (std::find(part.begin(), part.end(), u) == part.end()) part.insert(std::lower_bound(part.begin(), part.end(), u), u);
    for (auto v : part) seen[v] = true;
    if (part.size() > best.size()) best = std::move(part);
  }
  return best;
}

std::int32_t pick(pathscope::SplitMix64& rng, const std::vector<std::int32_t>& nodes) {
  return nodes[rng.below(static_cast<std::uint32_t>(nodes.size()))];
}

ViewChoices random_view(pathscope::SplitMix64& rng) {
  ViewChoices v;
  v.arcs = static_cast<ViewChoices::Arcs>(rng.below(3));
  const char* attributes[] = {"", "name", "degree", "cell_type"};
  v.label_attribute = attributes[rng.below(4)];
  v.colour_attribute = attributes[rng.below(4)];
  v.filter_attribute = attributes[rng.below(4)];
  if (!v.filter_attribute.empty()) {
    for (std::uint32_t i = 0, k = 1 + rng.below(3); i < k; ++i) v.filter_values.push_back(std::to_string(rng.below(10)));
  }
  return v;
}

QString describe(const SelectionState& s) {
  return QStringLiteral("source %1 target %2 stops %3 tour %4 reach %5 set %6 entry %7 path %8 arcs %9")
      .arg(s.source)
      .arg(s.target)
      .arg(s.stops.size())
      .arg(s.tour ? static_cast<int>(s.tour->stops.size()) : -1)
      .arg(s.reach ? static_cast<int>(s.reach->nodes.size()) : -1)
      .arg(s.path_set ? static_cast<int>(s.path_set->paths.size()) : -1)
      .arg(s.path_set_index)
      .arg(s.path.nodes.size())
      .arg(static_cast<int>(s.view.arcs));
}

#define COMPARE_STATES(actual, expected) \
  QVERIFY2((actual) == (expected), qPrintable(describe(actual) + QStringLiteral(" != ") + describe(expected)))

// The error box a failed session open shows: its text, after it is closed; empty when none came.
QString take_error_box(MainWindow& window) {
  QMessageBox* box = nullptr;
  if (!QTest::qWaitFor([&] { return (box = window.findChild<QMessageBox*>(QStringLiteral("errorBox"))) && box->isVisible(); },
                       60000)) {
    return {};
  }
  const QString text = box->text();
  box->close();
  // Closed boxes are deleted by the event loop; the next case must not find this one.
  if (!QTest::qWaitFor([&] { return !window.findChild<QMessageBox*>(QStringLiteral("errorBox")); }, 10000)) return {};
  return text;
}

}  // namespace

class UndoSessionTest : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir out_;

  static std::unique_ptr<MainWindow> open_window(const QString& spec) { return test_support::open_explorer(spec); }

  // One random action of a person; false when it had nothing to act on.
  static bool random_action(MainWindow& window, pathscope::SplitMix64& rng, const std::vector<std::int32_t>& pool) {
    const SelectionState now = state(window);
    switch (rng.below(9)) {
      case 0:
        window.select_node(pick(rng, pool));
        return true;
      case 1: {
        const std::int32_t s = pick(rng, pool);
        std::int32_t t = pick(rng, pool);
        while (t == s) t = pick(rng, pool);
        window.select_pair(QString::number(window.session()->graph().display_id(s)),
                           QString::number(window.session()->graph().display_id(t)));
        return true;
      }
      case 2:
        window.toggle_stop(!now.stops.empty() && rng.below(3) == 0 ? now.stops[rng.below(static_cast<std::uint32_t>(now.stops.size()))]
                                                                   : pick(rng, pool));
        return true;
      case 3: {
        if (now.stops.size() < 2 || now.stops.size() > 7 || now.tour) return false;
        QSignalSpy ready(&window, &MainWindow::tour_ready);
        window.start_best_tour();
        return wait_for(ready, 120000);
      }
      case 4: {
        if (now.source < 0 || now.target >= 0 || now.reach) return false;
        QSignalSpy ready(&window, &MainWindow::reach_ready);
        window.start_reach(rng.below(2) ? pathscope::ReachDirection::Downstream : pathscope::ReachDirection::Upstream);
        return wait_for(ready, 120000);
      }
      case 5: {
        if (now.source < 0 || now.target < 0 || now.source == now.target || now.path_set) return false;
        QSignalSpy ready(&window, &MainWindow::path_set_ready);
        window.start_path_set(rng.below(2) ? Kind::AllShortest : Kind::KShortest, 2 + static_cast<int>(rng.below(4)));
        return wait_for(ready, 120000);
      }
      case 6:
      case 7:
        if (!now.path_set) return false;
        window.step_path_set(rng.below(2) ? 1 : -1);
        return true;
      default:
        window.choose_view(random_view(rng));
        return true;
    }
  }

 private Q_SLOTS:
  void initTestCase() { QVERIFY(out_.isValid()); }

  // Random actions, then undo back to the start and redo to the end through the Edit menu's
  // actions: after each step the state is the one recorded when the stack stood there, with no
  // answer found again (no job starts).
  void random_actions_undo_and_redo_round_trip() {
    const std::uint64_t seed = test_support::fresh_seed();
    pathscope::SplitMix64 rng(seed);
    auto window = open_window(random_graph_spec(seed));
    QVERIFY(window);
    const auto pool = largest_component(window->session()->graph());
    QVERIFY(pool.size() >= 10);
    QUndoStack* stack = window->undo_stack();
    QAction* undo = action(*window, "undoAction");
    QAction* redo = action(*window, "redoAction");
    QVERIFY(undo && redo);
    QCOMPARE(stack->count(), 0);
    QVERIFY(!undo->isEnabled() && !redo->isEnabled());

    std::map<int, SelectionState> recorded{{0, state(*window)}};
    int actions = 0;
    for (int tries = 0; actions < 40 && tries < 400; ++tries) {
      const int index_before = stack->index();
      const SelectionState before = state(*window);
      if (!random_action(*window, rng, pool)) continue;
      ++actions;
      const SelectionState after = state(*window);
      const bool entry_step = before.path_set && after.path_set && before.source == after.source &&
                              before.target == after.target && before.path_set_index != after.path_set_index;
      if (pathscope::qt::same_choices(before, after)) {
        QCOMPARE(stack->index(), index_before);  // nothing new chosen: no step
      } else if (entry_step) {
        QVERIFY(std::abs(stack->index() - index_before) <= 1);  // entries of one set merge
      } else {
        QCOMPARE(stack->index(), index_before + 1);
        QVERIFY(undo->isEnabled());
        QVERIFY2(undo->text().startsWith(QStringLiteral("&Undo ")) && undo->text().size() > 7, qPrintable(undo->text()));
      }
      QCOMPARE(stack->index(), stack->count());
      recorded[stack->index()] = after;
    }
    QVERIFY(stack->count() >= 5);
    const int top = stack->count();
    const SelectionState final_state = state(*window);

    while (stack->canUndo()) {
      undo->trigger();
      COMPARE_STATES(state(*window), recorded.at(stack->index()));
      QVERIFY(!window->query_job()->busy() && !window->path_query_job()->busy());
    }
    QCOMPARE(stack->index(), 0);
    COMPARE_STATES(state(*window), recorded.at(0));
    QVERIFY(!undo->isEnabled() && redo->isEnabled());

    while (stack->canRedo()) {
      redo->trigger();
      COMPARE_STATES(state(*window), recorded.at(stack->index()));
    }
    QCOMPARE(stack->index(), top);
    COMPARE_STATES(state(*window), final_state);
    QVERIFY(!redo->isEnabled());

    // A new graph: no step of the last one can be undone on it.
    QSignalSpy ready(window.get(), &MainWindow::graph_ready);
    window->open_graph(random_graph_spec(seed + 1));
    QVERIFY(wait_for(ready, 120000));
    QCOMPARE(stack->count(), 0);
    QVERIFY(!undo->isEnabled() && !redo->isEnabled());
  }

  // Real clicks choose a pair; the Edit menu names the step; Esc clears; Ctrl+Z brings the pair
  // back, Ctrl+Shift+Z and Ctrl+Y clear it again.
  void escape_clears_and_keys_undo_and_redo() {
    const std::uint64_t seed = test_support::fresh_seed();
    pathscope::SplitMix64 rng(seed);
    auto window = open_window(random_graph_spec(seed));
    QVERIFY(window);
    window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    const auto& g = window->session()->graph();
    const auto pool = largest_component(g);
    std::int32_t s = -1, t = -1;
    for (int attempt = 0; attempt < 10000 && t < 0; ++attempt) {
      const auto u = pick(rng, pool);
      const QPointF p = window->view()->node_screen_position(u);
      if (!window->view()->rect().contains(p.toPoint()) || window->view()->node_at(QPointF(p.toPoint())) != u) continue;
      if (s < 0) {
        s = u;
      } else if (u != s) {
        t = u;
      }
    }
    QVERIFY(s >= 0 && t >= 0);
    for (auto u : {s, t}) {
      QTest::mouseClick(window->view(), Qt::LeftButton, Qt::NoModifier, window->view()->node_screen_position(u).toPoint());
    }
    QTRY_COMPARE(window->selection()->target(), t);
    QCOMPARE(window->selection()->source(), s);
    QCOMPARE(window->undo_stack()->count(), 2);  // source, then target: two steps
    QCOMPARE(action(*window, "undoAction")->text(), QStringLiteral("&Undo choose target %1").arg(QString::fromStdString(g.label(t))));
    const SelectionState pair = state(*window);

    // The Edit menu as a person sees it, for the user guide.
    if (const QString shots = qEnvironmentVariable("PATHSCOPE_SCREENSHOT_DIR"); !shots.isEmpty()) {
      QMenu* edit = nullptr;
      for (QAction* a : window->menuBar()->actions()) {
        if (a->text() == QStringLiteral("&Edit")) edit = a->menu();
      }
      QVERIFY(edit);
      edit->popup(window->mapToGlobal(QPoint(60, 30)));
      QTRY_VERIFY(edit->isVisible());
      QVERIFY(edit->grab().save(shots + QStringLiteral("/explorer-edit-menu.png")));
      edit->close();
    }

    window->view()->setFocus();
    QTest::keyClick(window->view(), Qt::Key_Escape);
    QTRY_VERIFY(state(*window).empty());
    QCOMPARE(action(*window, "undoAction")->text(), QStringLiteral("&Undo clear selection"));
    QTest::keyClick(window->view(), Qt::Key_Z, Qt::ControlModifier);
    QTRY_VERIFY(state(*window) == pair);
    QTest::keyClick(window->view(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(state(*window).empty());
    QTest::keyClick(window->view(), Qt::Key_Z, Qt::ControlModifier);
    QTRY_VERIFY(state(*window) == pair);
    QTest::keyClick(window->view(), Qt::Key_Y, Qt::ControlModifier);
    QTRY_VERIFY(state(*window).empty());
  }

  // Each kind of answer shown (path set and its entry, tour, reach set with a hop limit), with
  // random view choices, a moved camera and a changed dock layout, saved and opened in a fresh
  // window: the same state, answers found again.
  void session_reopens_in_a_fresh_window() {
    const std::uint64_t seed = test_support::fresh_seed();
    pathscope::SplitMix64 rng(seed);
    const QString spec = random_graph_spec(seed);
    for (const char* shown : {"path-set", "tour", "reach"}) {
      auto window = open_window(spec);
      QVERIFY(window);
      const auto& g = window->session()->graph();
      const auto pool = largest_component(g);
      const std::int32_t s = pick(rng, pool);
      std::int32_t t = pick(rng, pool);
      while (t == s) t = pick(rng, pool);
      const std::string what = shown;
      if (what == "path-set") {
        window->select_pair(QString::number(g.display_id(s)), QString::number(g.display_id(t)));
        QSignalSpy ready(window.get(), &MainWindow::path_set_ready);
        window->start_path_set(Kind::KShortest, 5);
        QVERIFY(wait_for(ready, 120000));
        window->step_path_set(1 + static_cast<int>(rng.below(3)));
      } else if (what == "tour") {
        std::vector<std::int32_t> stops;
        while (stops.size() < 5) {
          const auto u = pick(rng, pool);
          if (std::find(stops.begin(), stops.end(), u) == stops.end()) stops.push_back(u);
        }
        for (auto u : stops) window->toggle_stop(u);
        QSignalSpy ready(window.get(), &MainWindow::tour_ready);
        window->start_best_tour();
        QVERIFY(wait_for(ready, 120000));
      } else {
        window->select_node(s);
        window->findChild<QSpinBox*>(QStringLiteral("reachHops"))->setValue(1 + static_cast<int>(rng.below(4)));
        QSignalSpy ready(window.get(), &MainWindow::reach_ready);
        window->start_reach(pathscope::ReachDirection::Upstream);
        QVERIFY(wait_for(ready, 120000));
      }
      window->choose_view(random_view(rng));
      const auto& camera = window->view()->camera();
      window->view()->set_camera({camera.center().x + 0.1 * (rng.below(100) - 50.0), camera.center().y + 0.1 * (rng.below(100) - 50.0)},
                                 camera.pixels_per_unit() * (0.5 + rng.below(100) / 25.0));
      auto* timing = window->findChild<QDockWidget*>(QStringLiteral("timingDock"));
      auto* inspector = window->findChild<QDockWidget*>(QStringLiteral("inspectorDock"));
      timing->hide();
      window->addDockWidget(Qt::LeftDockWidgetArea, inspector);
      const SelectionState saved = state(*window);
      const auto centre = window->view()->camera().center();
      const double zoom = window->view()->camera().pixels_per_unit();

      const QString file = out_.filePath(QStringLiteral("%1.json").arg(QString::fromLatin1(shown)));
      window->save_session(file);
      QFile written(file);
      QVERIFY(written.open(QIODevice::ReadOnly));
      const auto json = nlohmann::json::parse(written.readAll().toStdString());
      QCOMPARE(json.at("pathscope_session").get<int>(), pathscope::qt::SessionFile::kVersion);
      QCOMPARE(json.at("graph").at("file").get<std::string>(), spec.toStdString());
      QCOMPARE(json.at("selection").at("shown").get<std::string>(), what);
      window.reset();

      auto fresh = std::make_unique<MainWindow>();
      fresh->set_apsp_engine(QString());
      fresh->resize(1200, 850);
      fresh->show();
      QVERIFY(QTest::qWaitForWindowExposed(fresh.get()));
      QSignalSpy restored(fresh.get(), &MainWindow::session_restored);
      fresh->open_session(file);
      QVERIFY(wait_for(restored, 120000));
      COMPARE_STATES(state(*fresh), saved);
      QCOMPARE(fresh->undo_stack()->count(), 0);  // the session starts a fresh history
      const auto& put_back = fresh->view()->camera();
      QVERIFY(std::abs(put_back.center().x - centre.x) <= 1e-9 * std::max(1.0, std::abs(centre.x)));
      QVERIFY(std::abs(put_back.center().y - centre.y) <= 1e-9 * std::max(1.0, std::abs(centre.y)));
      QVERIFY(std::abs(put_back.pixels_per_unit() - zoom) <= 1e-9 * zoom);
      QVERIFY(!fresh->findChild<QDockWidget*>(QStringLiteral("timingDock"))->isVisible());
      QCOMPARE(fresh->dockWidgetArea(fresh->findChild<QDockWidget*>(QStringLiteral("inspectorDock"))),
               Qt::LeftDockWidgetArea);
    }
  }

  // Files that are not sessions, of another version, naming a missing graph or nodes the graph
  // lacks, or with a field of the wrong kind: an error naming the file and what is wrong, and
  // the window goes on working.
  void bad_session_files_are_refused_by_name() {
    const std::uint64_t seed = test_support::fresh_seed();
    const QString spec = random_graph_spec(seed);
    auto window = open_window(spec);
    QVERIFY(window);
    const QString good = out_.filePath(QStringLiteral("good.json"));
    const auto pool = largest_component(window->session()->graph());
    QVERIFY(pool.size() >= 2);
    const std::int32_t s = pool[0], t = pool[1];
    window->select_pair(QString::number(s), QString::number(t));
    window->save_session(good);
    QFile in(good);
    QVERIFY(in.open(QIODevice::ReadOnly));
    const auto valid = nlohmann::json::parse(in.readAll().toStdString());

    const auto with = [&](const std::function<void(nlohmann::json&)>& change) {
      nlohmann::json j = valid;
      change(j);
      return j.dump();
    };
    const struct {
      const char* name;
      std::string text;
      QString reason;
    } cases[] = {
        {"not-json.json", "{\"pathscope_session\": 1, oops", QStringLiteral("not valid JSON")},
        {"not-session.json", "{\"graph\": {}}", QStringLiteral("not a pathscope session")},
        {"version.json", with([](auto& j) { j["pathscope_session"] = 99; }), QStringLiteral("session version 99 is not known")},
        {"missing-graph.json", with([](auto& j) { j["graph"]["file"] = "/nonexistent/folder/rome.gr"; }),
         QStringLiteral("/nonexistent/folder/rome.gr does not exist")},
        {"stops-kind.json", with([](auto& j) { j["selection"]["stops"] = "1 2 3"; }),
         QStringLiteral("selection.stops must be a list")},
        {"bad-arcs.json", with([](auto& j) { j["view"]["arcs"] = "sideways"; }), QStringLiteral("view.arcs is 'sideways'")},
        {"unknown-node.json", with([](auto& j) { j["selection"]["target"] = 5000000; }),
         QStringLiteral("target node 5000000 is not in")},
    };
    for (const auto& c : cases) {
      const QString file = out_.filePath(QString::fromLatin1(c.name));
      QFile out(file);
      QVERIFY(out.open(QIODevice::WriteOnly));
      out.write(c.text.data(), static_cast<qint64>(c.text.size()));
      out.close();
      QSignalSpy restored(window.get(), &MainWindow::session_restored);
      window->open_session(file);
      const QString error = take_error_box(*window);
      QVERIFY2(error.contains(file) && error.contains(c.reason), qPrintable(c.name + QStringLiteral(": ") + error));
      QCOMPARE(restored.count(), 0);
    }
    const QString absent = out_.filePath(QStringLiteral("absent.json"));
    window->open_session(absent);
    const QString error = take_error_box(*window);
    QVERIFY2(error.contains(absent) && error.contains(QStringLiteral("cannot read")), qPrintable(error));

    // Still working: the good session opens, with its pair.
    QSignalSpy restored(window.get(), &MainWindow::session_restored);
    window->open_session(good);
    QVERIFY(wait_for(restored, 120000));
    QCOMPARE(window->selection()->source(), s);
    QCOMPARE(window->selection()->target(), t);

    if (const QString shots = qEnvironmentVariable("PATHSCOPE_SCREENSHOT_DIR"); !shots.isEmpty()) {
      action(*window, "openSessionAction")->trigger();
      QFileDialog* dialog = nullptr;
      QTRY_VERIFY((dialog = window->findChild<QFileDialog*>(QStringLiteral("openSessionDialog"))) && dialog->isVisible());
      dialog->setDirectory(out_.path());
      QTest::qWait(300);  // the folder's listing fills in on a worker thread; this is only a picture
      QVERIFY(dialog->grab().save(shots + QStringLiteral("/explorer-open-session.png")));
      dialog->reject();
    }
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(UndoSessionTest)
#include "test_explorer_undo_session.moc"
