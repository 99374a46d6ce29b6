#pragma once
// The scripted run: once the graph is shown, the path, tour or reach set the command line asks
// for, then the exports (all or none), then, with --quit, the exit code of pathscope_ui_common/exit_codes.hpp. The
// first failure is reported once and ends the script: nothing is exported after it.
#include "main_window.hpp"
#include "script_options.hpp"

namespace pathscope::app {

class ScriptRun {
 public:
  // Connects to the window; construct it before the window opens the file.
  ScriptRun(qt::MainWindow& window, ScriptOptions options);
  ScriptRun(const ScriptRun&) = delete;
  ScriptRun& operator=(const ScriptRun&) = delete;

 private:
  void start();
  void finish();
  void bench();
  void fail(int exit_code, const QString& message);

  qt::MainWindow& window_;
  ScriptOptions options_;
  bool failed_ = false;
};

}  // namespace pathscope::app
