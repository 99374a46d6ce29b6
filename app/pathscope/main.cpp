// pathscope: the desktop explorer. With --quit it runs a scripted export and exits:
//   pathscope FILE --path SRC DST --export-json OUT.json --export-png OUT.png --size 1600x1200 --quit
//   pathscope FILE --tour A,B,C --export-json OUT.json --export-png OUT.png --quit
//   pathscope FILE --reach NODE [--upstream] --export-png OUT.png --quit
// Exit codes: pathscope_ui_common/exit_codes.hpp.
#include <QApplication>
#include <QSurfaceFormat>
#include <cstdio>
#include <optional>

#include "main_window.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope_ui_common/exit_codes.hpp"
#include "pathscope_ui_common/heap_policy.hpp"
#include "script_options.hpp"
#include "script_run.hpp"
#include "surface_format.hpp"

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
    std::fprintf(stderr, "pathscope: %s (see --help)\n", e.what());
    return pathscope::kExitUsage;
  }
  // A scripted run is one command: its exports may not replace the graph or table it opened.
  // An interactive session opens many files over time and keeps no such list.
  std::optional<pathscope::RunInputs> inputs_of_this_run;
  if (options.quit || !options.json_out.isEmpty() || !options.png_out.isEmpty() || !options.svg_out.isEmpty())
    inputs_of_this_run.emplace();
  pathscope::qt::MainWindow window;
  window.set_apsp_engine(options.engine);
  // Scripted exports do not wait for all pairs: the single-source answer is the same path
  // length, and the export records which method found it.
  if (options.quit) window.set_apsp_engine(QString());
  const pathscope::app::ScriptRun script(window, options);
  if (!options.quit || options.bench_frames > 0) window.show();
  if (!options.file.isEmpty()) window.open_graph(options.file, options.load);
  return app.exec();
}
