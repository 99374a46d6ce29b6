// The explorer at real sizes, in a real window under Xvfb: what the renderer leaves out (culling
// and level of detail) checked against a brute-force look at every arc and node, labels that
// never overlap and never cover the markers, the label switch, and the frame benchmark.
#include <QApplication>
#include <QActionGroup>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <random>
#include <map>
#include <set>

#include "explorer_fixture.hpp"
#include "label_layout.hpp"
#include "main_window.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope_render/frame_bench.hpp"
#include "pathscope_render/renderer.hpp"
#include "shared_data_qt.hpp"

using pathscope::qt::MainWindow;
using pathscope::render::Camera;

namespace {

using test_support::wait_for;

// Does the segment a-b meet the box [lo, hi]? (Liang-Barsky clipping.)
bool segment_meets_box(double ax, double ay, double bx, double by, double lox, double loy, double hix, double hiy) {
  double t0 = 0, t1 = 1;
  const double dx = bx - ax, dy = by - ay;
  const double p[4] = {-dx, dx, -dy, dy}, q[4] = {ax - lox, hix - ax, ay - loy, hiy - ay};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return false;
      continue;
    }
    const double t = q[i] / p[i];
    if (p[i] < 0) t0 = std::max(t0, t);
    else t1 = std::min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}

}  // namespace

class ExplorerScaleTest : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir cache_;


 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(cache_.isValid());
    qputenv("XDG_CACHE_HOME", cache_.path().toLocal8Bit());
  }

  // A renderer not yet given a graph (a window's first frame may come before its graph has
  // loaded) culls to nothing and draws the background alone; it once read past the end of its
  // empty draw orders (the demo's start-up crash).
  void renderer_without_a_graph_draws_the_background() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_VERIFY(window.view()->makeCurrent());
    pathscope::render::Renderer fresh;
    fresh.initialize();
    std::mt19937 rng(std::random_device{}());
    const int width = 64 + static_cast<int>(rng() % 400), height = 64 + static_cast<int>(rng() % 300);
    Camera camera;
    camera.set_viewport(width, height);
    camera.fit({0, 0}, {1, 1});  // over the unit box an empty renderer reports as its bounds
    QVERIFY(fresh.arcs_in_view(camera).empty());
    QVERIFY(fresh.nodes_in_view(camera).empty());
    const auto rgba = fresh.render_to_rgba(camera, width, height);
    const auto background = pathscope::render::to_rgb8(fresh.style().background);
    QCOMPARE(rgba.size(), static_cast<std::size_t>(width) * height * 4);
    std::size_t other = 0;
    for (std::size_t i = 0; i < rgba.size(); i += 4) {
      if (rgba[i] != background.r || rgba[i + 1] != background.g || rgba[i + 2] != background.b) ++other;
    }
    QCOMPARE(other, std::size_t{0});
    QCOMPARE(fresh.last_frame().arcs_drawn + fresh.last_frame().nodes_drawn, std::int64_t{0});
    fresh.release();
    window.view()->doneCurrent();
  }

  // For random cameras over a random graph, the renderer draws every arc that crosses the view
  // and is at least min_arc_px long on screen, and none shorter; every node in view is drawn,
  // or zoomed out has a drawn node within a thinning cell. The reference looks at each arc and
  // node by itself.
  void culling_and_thinning_keep_everything_visible() {
    std::mt19937 rng(std::random_device{}());
    const int n = 2000 + static_cast<int>(rng() % 3000);
    const QString spec = QStringLiteral("random:n=%1,deg=3,seed=%2").arg(n).arg(rng() % 1000 + 1);
    auto window = test_support::open_explorer(spec);
    QVERIFY2(window, qPrintable(spec));
    const auto* view = window->view();
    const auto& drawn = window->session()->drawn;
    const auto& pos = drawn.positions;
    const auto& arcs = drawn.arcs;
    double lox = pos[0], hix = pos[0], loy = pos[1], hiy = pos[1];
    for (std::size_t i = 0; i < pos.size(); i += 2) {
      lox = std::min<double>(lox, pos[i]), hix = std::max<double>(hix, pos[i]);
      loy = std::min<double>(loy, pos[i + 1]), hiy = std::max<double>(hiy, pos[i + 1]);
    }
    for (int trial = 0; trial < 40; ++trial) {
      Camera camera;
      camera.set_viewport(200 + rng() % 1800, 150 + rng() % 1200);
      camera.fit({lox, loy}, {hix, hiy});
      const double zoom = std::pow(2.0, (rng() % 1000) / 1000.0 * 10 - 2);  // 1/4x .. 256x
      camera.zoom_about({(rng() % 1000) / 1000.0 * camera.viewport_width(), (rng() % 1000) / 1000.0 * camera.viewport_height()}, zoom);
      const auto a = camera.screen_to_world({0, camera.viewport_height()});
      const auto b = camera.screen_to_world({camera.viewport_width(), 0});
      const auto drawn_arcs = view->renderer().arcs_in_view(camera);
      const std::set<std::int32_t> drawn_set(drawn_arcs.begin(), drawn_arcs.end());
      QCOMPARE(drawn_set.size(), drawn_arcs.size());  // none twice
      const double ppu = camera.pixels_per_unit();
      for (std::size_t k = 0; k + 1 < arcs.size(); k += 2) {
        const auto u = arcs[k], v = arcs[k + 1];
        const double ax = pos[2 * u], ay = pos[2 * u + 1], bx = pos[2 * v], by = pos[2 * v + 1];
        const double px = std::hypot(bx - ax, by - ay) * ppu;
        const bool in_view = segment_meets_box(ax, ay, bx, by, a.x, a.y, b.x, b.y);
        const bool is_drawn = drawn_set.count(static_cast<std::int32_t>(k / 2)) > 0;
        // A float's rounding either side of the threshold is no error.
        const double min_px = view->renderer().min_arc_px(camera);
        if (in_view && px >= min_px * 1.001) {
          QVERIFY2(is_drawn, qPrintable(QStringLiteral("%1 trial %2: arc %3 in view, %4 px, not drawn").arg(spec).arg(trial).arg(k / 2).arg(px)));
        }
        if (is_drawn) QVERIFY2(px >= min_px * 0.999, "an arc shorter than the threshold was drawn");
      }
      const auto drawn_nodes = view->renderer().nodes_in_view(camera);
      const std::set<std::int32_t> node_set(drawn_nodes.begin(), drawn_nodes.end());
      // Zoomed out, nodes are thinned to one per cell: every node in view then has a drawn one
      // within a cell's side in both directions.
      const double cell = view->renderer().node_cell(camera);
      std::map<std::pair<long long, long long>, std::vector<std::int32_t>> drawn_by_cell;
      if (cell > 0) {
        for (auto v : drawn_nodes) drawn_by_cell[{static_cast<long long>(std::floor(pos[2 * v] / cell)), static_cast<long long>(std::floor(pos[2 * v + 1] / cell))}].push_back(v);
      }
      for (std::int32_t u = 0; u < view->node_count(); ++u) {
        const bool in_view = pos[2 * u] >= a.x && pos[2 * u] <= b.x && pos[2 * u + 1] >= a.y && pos[2 * u + 1] <= b.y;
        if (!in_view || node_set.count(u)) continue;
        QVERIFY2(cell > 0, qPrintable(QStringLiteral("%1: node %2 in view not drawn").arg(spec).arg(u)));
        bool near = false;
        const auto cx = static_cast<long long>(std::floor(pos[2 * u] / cell)), cy = static_cast<long long>(std::floor(pos[2 * u + 1] / cell));
        for (long long dx = -1; dx <= 1 && !near; ++dx) {
          for (long long dy = -1; dy <= 1 && !near; ++dy) {
            const auto it = drawn_by_cell.find({cx + dx, cy + dy});
            if (it == drawn_by_cell.end()) continue;
            for (auto v : it->second) {
              if (std::abs(pos[2 * v] - pos[2 * u]) <= cell && std::abs(pos[2 * v + 1] - pos[2 * u + 1]) <= cell) near = true;
            }
          }
        }
        QVERIFY2(near, qPrintable(QStringLiteral("%1: node %2 in view has no drawn node within %3").arg(spec).arg(u).arg(cell)));
      }
    }
  }

  // Zoomed out on Luxembourg, nodes are points and the sub-pixel arcs are left out; zoomed in,
  // discs, and only the arcs near the view are drawn.
  void level_of_detail_follows_the_zoom() {
    REQUIRE_SHARED_DATA_FILE(lux, "luxembourg.osm.graph");
    auto window = test_support::open_explorer(lux);
    QVERIFY(window);
    auto* view = window->view();
    view->fit_to_view();
    view->grabFramebuffer();  // paints now, even while another window covers this one
    const auto whole = view->last_frame();
    const auto total_arcs = static_cast<std::int64_t>(window->session()->drawn.arcs.size() / 2);
    QVERIFY(whole.nodes_as_points);
    QVERIFY2(whole.nodes_drawn < window->session()->graph().n / 2, "zoomed out, nodes were not thinned");
    QVERIFY2(whole.arcs_drawn < total_arcs, "zoomed out, every arc was drawn");
    QVERIFY(!whole.arrowheads);
    for (int i = 0; i < 12; ++i) {
      QWheelEvent wheel(QPointF(view->width() / 2.0, view->height() / 2.0), view->mapToGlobal(QPointF(view->width() / 2.0, view->height() / 2.0)),
                        QPoint(), QPoint(0, 240), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
      QApplication::sendEvent(view, &wheel);
    }
    view->grabFramebuffer();  // paints now, even while another window covers this one
    const auto close = view->last_frame();
    QVERIFY(!close.nodes_as_points);
    QVERIFY2(close.nodes_drawn < whole.nodes_drawn / 20, "zoomed in, nodes off screen were still drawn");
    QVERIFY(close.arcs_drawn > 0 && close.arcs_drawn < total_arcs / 20);
    if (qEnvironmentVariableIsSet("PATHSCOPE_SCREENSHOTS")) {
      view->fit_to_view();
      view->grabFramebuffer();  // paints now, even while another window covers this one
      view->grabFramebuffer().save(qEnvironmentVariable("PATHSCOPE_SCREENSHOTS") + QStringLiteral("/luxembourg-whole.png"));
    }
  }

  // Zoomed in on a labelled graph: labels never overlap one another nor the markers, and the
  // switch turns them to the path's only, then off.
  void labels_never_overlap_or_cover_markers() {
    REQUIRE_SHARED_DATA_FILE(csv, "connectome/celegans_varshney2011_NeuronConnect.csv");
    auto window = test_support::open_explorer(csv);
    QVERIFY(window);
    auto* view = window->view();
    const auto& g = window->session()->graph();
    std::mt19937 rng(std::random_device{}());
    const auto s = static_cast<std::int32_t>(rng() % g.n), t = static_cast<std::int32_t>(rng() % g.n);
    window->select_node(s);
    window->select_node(t);
    for (int zoom = 0; zoom < 4; ++zoom) {
      view->grabFramebuffer();  // paints now, even while another window covers this one
      const auto& boxes = view->last_label_boxes();
      const auto& reserved = view->last_reserved_areas();
      QVERIFY(!reserved.empty());
      int covering = 0;
      for (std::size_t i = 0; i < boxes.size(); ++i) {
        for (std::size_t j = i + 1; j < boxes.size(); ++j) {
          // Two ends that must show may share a spot only when nothing else was free.
          if (boxes[i].intersects(boxes[j])) ++covering;
        }
        for (const auto& r : reserved) QVERIFY2(!boxes[i].intersects(r), "a label covers a marker");
      }
      QCOMPARE(covering, 0);
      if (zoom == 3 && qEnvironmentVariableIsSet("PATHSCOPE_SCREENSHOTS")) {
        view->grabFramebuffer().save(qEnvironmentVariable("PATHSCOPE_SCREENSHOTS") + QStringLiteral("/celegans-labels.png"));
      }
      QWheelEvent wheel(view->node_screen_position(s), view->mapToGlobal(view->node_screen_position(s)), QPoint(),
                        QPoint(0, 360), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
      QApplication::sendEvent(view, &wheel);
    }
    view->fit_to_view();
    view->grabFramebuffer();  // paints now, even while another window covers this one
    const int all = view->last_label_count();
    auto* path_only = window->findChild<QAction*>(QStringLiteral("labelsPathOnly"));
    auto* none = window->findChild<QAction*>(QStringLiteral("labelsNone"));
    QVERIFY(path_only && none);
    path_only->trigger();
    view->grabFramebuffer();  // paints now, even while another window covers this one
    const int ends = view->last_label_count();
    QVERIFY(ends >= 1 && ends <= all);
    QVERIFY(ends <= static_cast<int>(window->current_path().nodes.size()) + 2);
    none->trigger();
    view->grabFramebuffer();  // paints now, even while another window covers this one
    QCOMPARE(view->last_label_count(), 0);
  }

  // Labels that must show (a path's ends) never cover a reserved area, even when every spot
  // near their node is reserved or off the view: on random views crowded with markers, each
  // placed box is checked against every reserved one (and the labels that need not show against
  // each other). A run of the view once placed an end's label over the caption this way.
  void must_labels_never_cover_reserved_areas() {
    std::mt19937 rng(std::random_device{}());
    std::uniform_real_distribution<double> unit(0, 1);
    for (int round = 0; round < 200; ++round) {
      const double width = 200 + 900 * unit(rng), height = 150 + 700 * unit(rng);
      pathscope::qt::LabelPlacer placer(QRectF(0, 0, width, height));
      const int markers = 1 + static_cast<int>(rng() % 40);
      for (int k = 0; k < markers; ++k) {
        const double r = 5 + 30 * unit(rng);
        placer.reserve(QRectF(width * unit(rng) - r, height * unit(rng) - r, 2 * r, 2 * r));
      }
      if (rng() % 2) placer.reserve(QRectF(0, height - 40, width * unit(rng), 40));  // a caption
      for (int k = 0; k < 30; ++k) {
        // Nodes in the view and a little outside it (a path's end off screen).
        const QPointF node(-100 + (width + 200) * unit(rng), -100 + (height + 200) * unit(rng));
        const QRectF box(0, -12, 20 + 120 * unit(rng), 15);
        const bool must = rng() % 2;
        const auto before = placer.placed().size();
        const auto at = placer.place(node, box, 6 + 10 * unit(rng), must);
        QCOMPARE(placer.placed().size(), before + (at ? 1 : 0));
        if (!at) continue;
        const QRectF& placed = placer.placed().back();
        QVERIFY(QRectF(0, 0, width, height).contains(placed.adjusted(2, 1, -2, -1)));
        for (const auto& r : placer.reserved()) QVERIFY2(!placed.intersects(r), "a label covers a reserved area");
        if (!must) {
          for (std::size_t i = 0; i + 1 < placer.placed().size(); ++i) QVERIFY(!placed.intersects(placer.placed()[i]));
        }
      }
    }
  }

  // The frame benchmark draws the frames it is asked for, each a real frame, and the summary's
  // order holds (median <= 95th percentile <= slowest).
  void frame_bench_reports_every_frame() {
    auto window = test_support::open_explorer(QStringLiteral(PATHSCOPE_SAMPLES "/grid-city.gr"));
    QVERIFY(window);
    std::mt19937 rng(std::random_device{}());
    const int frames = 5 + static_cast<int>(rng() % 20);
    const auto ms = window->view()->run_frame_bench(frames);
    QCOMPARE(static_cast<int>(ms.size()), frames);
    for (double t : ms) QVERIFY(t > 0);
    const auto summary = pathscope::render::summarize_frame_times(ms);
    auto sorted = ms;
    std::sort(sorted.begin(), sorted.end());
    QCOMPARE(summary.max_ms, sorted.back());
    QVERIFY(summary.median_ms <= summary.p95_ms && summary.p95_ms <= summary.max_ms);
    QVERIFY(std::count_if(ms.begin(), ms.end(), [&](double t) { return t <= summary.p95_ms; }) >= std::ceil(0.95 * frames));
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(ExplorerScaleTest)

#include "test_explorer_scale.moc"
