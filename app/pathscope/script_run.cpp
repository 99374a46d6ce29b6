#include "script_run.hpp"

#include <QCoreApplication>
#include <QTimer>
#include <cstdio>
#include <vector>

#include "exports.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope_render/frame_bench.hpp"
#include "pathscope_ui_common/exit_codes.hpp"

namespace pathscope::app {

using qt::MainWindow;

ScriptRun::ScriptRun(MainWindow& window, ScriptOptions options) : window_(window), options_(std::move(options)) {
  window_.set_scripted(options_.quit || options_.bench_frames > 0);
  QObject::connect(&window_, &MainWindow::script_failed, &window_,
                   [this](const QString& message) { fail(kExitFailed, message); });
  QObject::connect(&window_, &MainWindow::graph_ready, &window_, [this] { start(); }, Qt::SingleShotConnection);
}

// Tours and reach sets are computed off the GUI thread, so their exports wait for the answer.
void ScriptRun::start() {
  if (failed_) return;
  if (options_.bench_frames > 0) {
    // Once the window has shown the graph at its final size.
    QTimer::singleShot(200, &window_, [this] { bench(); });
    return;
  }
  try {
    if (!options_.table.isEmpty()) window_.open_table(options_.table);
    if (!options_.tour_stops.isEmpty()) {
      QObject::connect(&window_, &MainWindow::tour_ready, &window_, [this] {
        window_.view()->fit_to_path();
        const auto* tour = window_.current_tour();
        std::printf("tour through %zu stops: length %s (%s)\n", tour->stops.size(),
                    qt::format_cost(tour->walk.distance).toLocal8Bit().constData(), tour->method.c_str());
        finish();
      }, Qt::SingleShotConnection);
      if (options_.tour_all) {
        window_.start_tour_through_all();
      } else {
        window_.select_stops(options_.tour_stops);
        window_.start_best_tour();
      }
      return;
    }
    if (!options_.reach_node.isEmpty()) {
      QObject::connect(&window_, &MainWindow::reach_ready, &window_, [this] {
        const auto* set = window_.current_reach();
        const auto& g = window_.session()->graph();
        std::printf("%s %s: %lld of %d nodes%s\n", options_.upstream ? "upstream of" : "reachable from",
                    g.label(set->start).c_str(), static_cast<long long>(set->count()), g.n,
                    set->start_on_cycle() ? " (itself included: on a cycle)" : "");
        finish();
      }, Qt::SingleShotConnection);
      window_.select_source(options_.reach_node);
      window_.start_reach(options_.upstream ? ReachDirection::Upstream : ReachDirection::Downstream);
      return;
    }
    if (!options_.source.isEmpty()) {
      window_.select_pair(options_.source, options_.target);
      // A failed search was reported by the window already (path_failed).
      if (failed_ || !window_.selection()->path_error().isEmpty()) return;
      // Opened to look at (no exports, no --quit), the panel says it: no failure to report.
      const bool scripted =
          options_.quit || !options_.json_out.isEmpty() || !options_.png_out.isEmpty() || !options_.svg_out.isEmpty();
      if (scripted && !window_.current_path().reachable) {
        const auto& g = window_.session()->graph();
        const auto* chosen = window_.selection();
        fail(kExitNoPath, QStringLiteral("no path from %1 to %2 in %3")
                              .arg(QString::fromStdString(g.label(chosen->source())),
                                   QString::fromStdString(g.label(chosen->target())),
                                   QString::fromStdString(window_.session()->spec)));
        return;
      }
      window_.view()->fit_to_path();
    }
  } catch (const Error& e) {
    fail(kExitFailed, QString::fromStdString(e.what()));
    return;
  }
  finish();
}

void ScriptRun::bench() {
  auto* view = window_.view();
  const auto times = view->run_frame_bench(options_.bench_frames);
  if (times.empty()) {
    fail(kExitFailed, QStringLiteral("--bench-frames: the view drew nothing (no OpenGL, or an empty graph)"));
    return;
  }
  view->makeCurrent();
  const std::string gl = render::current_gl_renderer();
  view->doneCurrent();
  const auto& g = window_.session()->graph();
  std::printf("%s\n", render::frame_times_json("explorer", window_.session()->spec, g.n, g.arc_count(), view->width(),
                                                view->height(), render::summarize_frame_times(times), gl,
                                                render::frame_detail_fields(view->bench_arcs_drawn_max(),
                                                                            view->last_frame()))
                          .c_str());
  std::fflush(stdout);
  QCoreApplication::exit(kExitOk);
}

void ScriptRun::finish() {
  if (failed_) return;
  std::vector<qt::ExportFile> files;
  try {
    if (!options_.json_out.isEmpty()) {
      // A reach set is written as File › Export Reach Set writes it; a path or tour as Export JSON.
      const auto& chosen = *window_.selection();
      const std::string json = options_.reach_node.isEmpty() ? qt::selection_json(chosen) : qt::reach_json(chosen);
      files.push_back({options_.json_out, QByteArray::fromStdString(json)});
    }
    if (!options_.png_out.isEmpty()) {
      files.push_back({options_.png_out, qt::view_png(*window_.view(), options_.size, options_.light)});
    }
    if (!options_.svg_out.isEmpty()) files.push_back({options_.svg_out, window_.view()->render_svg(options_.light)});
    qt::write_all_or_none(files);
  } catch (const OutputIsInput& e) {
    fail(kExitUsage, QString::fromStdString(e.what()));
    return;
  } catch (const Error& e) {
    fail(kExitFailed, QString::fromStdString(e.what()));
    return;
  }
  for (const auto& file : files) std::printf("wrote %s\n", file.name.toLocal8Bit().constData());
  std::fflush(stdout);
  if (options_.quit) QCoreApplication::exit(kExitOk);
}

void ScriptRun::fail(int exit_code, const QString& message) {
  if (failed_) return;
  failed_ = true;
  if (!options_.quit && options_.bench_frames == 0) {  // the window stays open: the person reads it there
    window_.show_error(QStringLiteral("pathscope"), message);
    return;
  }
  std::fflush(stdout);
  std::fprintf(stderr, "pathscope: %s\n", message.toLocal8Bit().constData());
  QCoreApplication::exit(exit_code);
}

}  // namespace pathscope::app
