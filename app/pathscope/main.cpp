// pathscope: the desktop explorer. With --quit it runs a scripted export and exits:
//   pathscope FILE --path SRC DST --export-json OUT.json --export-png OUT.png --size 1600x1200 --quit
//   pathscope FILE --tour A,B,C --export-json OUT.json --export-png OUT.png --quit
//   pathscope FILE --reach NODE [--upstream] --export-png OUT.png --quit
#include <QApplication>
#include <QSurfaceFormat>
#include <QTimer>
#include <cstdio>

#include "main_window.hpp"
#include "pathscope/error.hpp"
#include "pathscope/heap_policy.hpp"
#include "script_options.hpp"
#include "surface_format.hpp"

namespace {

// The exports, once the path, tour or reach set is shown; quits when asked.
void finish_script(pathscope::qt::MainWindow& window, const pathscope::app::ScriptOptions& options) {
  try {
    if (!options.json_out.isEmpty()) {
      window.export_json(options.json_out);
      std::printf("wrote %s\n", options.json_out.toLocal8Bit().constData());
    }
    if (!options.png_out.isEmpty()) {
      window.export_png(options.png_out, options.size);
      std::printf("wrote %s\n", options.png_out.toLocal8Bit().constData());
    }
  } catch (const pathscope::Error& e) {
    window.show_error(QStringLiteral("pathscope"), QString::fromStdString(e.what()));
    return;
  }
  std::fflush(stdout);
  if (options.quit) QCoreApplication::exit(0);
}

// Runs once the graph is loaded. Tours and reach sets are computed off the GUI thread, so
// their exports wait for the answer.
void run_script(pathscope::qt::MainWindow& window, const pathscope::app::ScriptOptions& options) {
  using pathscope::qt::MainWindow;
  try {
    if (!options.tour_stops.isEmpty()) {
      QObject::connect(&window, &MainWindow::tour_ready, &window, [&window, options] {
        window.view()->fit_to_path();
        const auto* tour = window.current_tour();
        std::printf("tour through %zu stops: length %s (%s)\n", tour->stops.size(),
                    pathscope::qt::format_cost(tour->walk.distance).toLocal8Bit().constData(), tour->method.c_str());
        finish_script(window, options);
      }, Qt::SingleShotConnection);
      window.select_stops(options.tour_stops);
      window.start_best_tour();
      return;
    }
    if (!options.reach_node.isEmpty()) {
      QObject::connect(&window, &MainWindow::reach_ready, &window, [&window, options] {
        const auto* set = window.current_reach();
        const auto& g = window.session()->graph();
        std::printf("%s %s: %lld of %d nodes%s\n", options.upstream ? "upstream of" : "reachable from",
                    g.label(set->start).c_str(), static_cast<long long>(set->count()), g.n,
                    set->start_on_cycle() ? " (itself included: on a cycle)" : "");
        finish_script(window, options);
      }, Qt::SingleShotConnection);
      window.select_source(options.reach_node);
      window.start_reach(options.upstream ? pathscope::ReachDirection::Upstream : pathscope::ReachDirection::Downstream);
      return;
    }
    if (!options.source.isEmpty()) {
      window.select_pair(options.source, options.target);
      window.view()->fit_to_path();
    }
  } catch (const pathscope::Error& e) {
    window.show_error(QStringLiteral("pathscope"), QString::fromStdString(e.what()));
    return;
  }
  finish_script(window, options);
}

}  // namespace

int main(int argc, char** argv) {
  pathscope::keep_freed_memory_for_reuse();
  // Set before the first context exists (Qt's requirement).
  QSurfaceFormat::setDefaultFormat(pathscope::qt::explorer_surface_format());
  QApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("pathscope"));
  QApplication::setApplicationName(QStringLiteral("pathscope"));

  pathscope::app::ScriptOptions options;
  try {
    options = pathscope::app::parse_script_options(QApplication::arguments());
  } catch (const pathscope::Error& e) {
    std::fprintf(stderr, "pathscope: %s\n", e.what());
    return 2;
  }
  pathscope::qt::MainWindow window;
  window.set_scripted(options.quit);
  window.set_apsp_engine(options.engine);
  // Scripted exports do not wait for all pairs: the single-source answer is the same path
  // length, and the export records which method found it.
  if (options.quit) window.set_apsp_engine(QString());
  QObject::connect(&window, &pathscope::qt::MainWindow::graph_ready, &window,
                   [&window, options] { run_script(window, options); }, Qt::SingleShotConnection);
  if (!options.quit) window.show();
  if (!options.file.isEmpty()) window.open_graph(options.file, options.load);
  return app.exec();
}
