// pathscope: the desktop explorer. With --quit it runs a scripted export and exits:
//   pathscope FILE --path SRC DST --export-json OUT.json --export-png OUT.png --size 1600x1200 --quit
//   pathscope FILE --tour A,B,C --export-json OUT.json --export-png OUT.png --quit
//   pathscope FILE --reach NODE [--upstream] --export-json OUT.json --export-png OUT.png --quit
// Exit codes: pathscope_ui_common/exit_codes.hpp.
#include <QApplication>
#include <QSurfaceFormat>
#include <cstdio>
#include <optional>

#include "main_window.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/version.hpp"
#include "pathscope_ui_common/exit_codes.hpp"
#include "pathscope_ui_common/heap_policy.hpp"
#include "script_options.hpp"
#include "script_run.hpp"
#include "surface_format.hpp"
#include "window_layout.hpp"

namespace {

// Qt's xcb platform aborts the process when there is no X server, and the platform is fixed
// once QApplication exists. With no display and no platform asked for, the offscreen one
// serves what needs no window (--help, --version, exports with --quit: images through EGL);
// a window is refused with one line after the command line is read.
bool choose_offscreen_platform_without_display() {
  if (!qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
      !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
    return false;
  }
  qputenv("QT_QPA_PLATFORM", "offscreen");
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  pathscope::keep_freed_memory_for_reuse();
  const bool no_display = choose_offscreen_platform_without_display();
  // Set before the first context exists (Qt's requirement).
  QSurfaceFormat::setDefaultFormat(pathscope::qt::explorer_surface_format());
  QApplication::setAttribute(Qt::AA_ShareOpenGLContexts);
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("pathscope"));
  QApplication::setApplicationName(QStringLiteral("pathscope"));
  QApplication::setApplicationVersion(QString::fromLatin1(pathscope::pathscope_version()));

  pathscope::app::ScriptOptions options;
  try {
    options = pathscope::app::parse_script_options(QApplication::arguments());
  } catch (const pathscope::Error& e) {
    std::fprintf(stderr, "pathscope: %s (see --help)\n", e.what());
    return pathscope::kExitUsage;
  }
  const bool needs_window = !options.quit || options.bench_frames > 0;
  if (no_display && needs_window) {
    std::fprintf(stderr, "pathscope: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset): "
                         "start it in a desktop session, or script the exports with --quit (see --help)\n");
    return pathscope::kExitFailed;
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
  const bool scripted = options.quit || options.bench_frames > 0;
  // The person's last size, place and panels; a scripted run keeps the fitted default and never
  // reads the settings.
  if (!scripted) pathscope::qt::restore_window_layout(window);
  if (needs_window) window.show();
  if (!options.file.isEmpty()) window.open_graph(options.file, options.load);
  return app.exec();
}
