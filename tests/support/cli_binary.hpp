#pragma once
// Running the real pathscope-cli binary from a test: its exit, stdout, stderr and wall time,
// killed after a time limit so that a hang fails the test instead of stalling the suite.
// PATHSCOPE_CLI is the binary's path, defined by tests/CMakeLists.txt for the tests that use it.
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "scratch_folder.hpp"

extern char** environ;

namespace test_support {

struct CliRun {
  bool exited = false;     // false: killed by a signal (a crash, or the time limit)
  int code = -1;           // exit code when exited
  int signal = 0;          // the signal otherwise
  bool timed_out = false;
  double seconds = 0;
  double signal_to_exit_seconds = -1;  // from the signal (when one was sent) to the exit
  bool signalled_while_open = false;   // setup.signal_once_open was open when the signal went
  std::string out, err;
  std::string describe() const {
    std::ostringstream s;
    if (timed_out) s << "timed out after " << seconds << " s";
    else if (!exited) s << "died of signal " << signal;
    else s << "exit " << code;
    s << "\nstderr: " << err << "\nstdout: " << out.substr(0, 2000);
    return s.str();
  }
};

// How a run is fed and disturbed: standard input from a file (else /dev/null), and a signal sent
// once the run has lasted `signal_after_seconds`, counted from the moment it opened
// `signal_once_open` when that is given (so the signal lands while that file is being read,
// however slowly the process started).
struct CliRunSetup {
  std::string stdin_path;
  int signal_number = 0;
  double signal_after_seconds = 0;
  std::string signal_once_open;
  std::string stdout_path;  // standard output to this file or device (/dev/full) instead of run.out
};

// Whether process `pid` holds `path` open (its /proc/PID/fd links).
inline bool process_has_open(pid_t pid, const std::string& path) {
  std::error_code ec;
  const auto wanted = std::filesystem::canonical(path, ec);
  if (ec) return false;
  for (std::filesystem::directory_iterator it("/proc/" + std::to_string(pid) + "/fd", ec), end; !ec && it != end;
       it.increment(ec)) {
    std::error_code link_error;
    if (std::filesystem::read_symlink(it->path(), link_error) == wanted) return true;
  }
  return false;
}

// Runs PATHSCOPE_CLI with `arguments` (no shell: each string is one argument).
inline CliRun run_cli(const std::vector<std::string>& arguments, double time_limit_seconds = 30,
                      const CliRunSetup& setup = {}) {
  static int counter = 0;
  const auto folder = std::filesystem::temp_directory_path();
  const std::string tag = std::to_string(::getpid()) + "-" + std::to_string(++counter);
  const std::string out_path = (folder / ("pathscope-cli-out-" + tag)).string();
  const std::string err_path = (folder / ("pathscope-cli-err-" + tag)).string();
  std::vector<std::string> args{PATHSCOPE_CLI};
  args.insert(args.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, setup.stdin_path.empty() ? "/dev/null" : setup.stdin_path.c_str(),
                                   O_RDONLY, 0);
  if (setup.stdout_path.empty()) {
    posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  } else {
    posix_spawn_file_actions_addopen(&actions, 1, setup.stdout_path.c_str(), O_WRONLY, 0);
  }
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  CliRun run;
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) != 0) {
    posix_spawn_file_actions_destroy(&actions);
    run.err = std::string("could not start ") + PATHSCOPE_CLI;
    return run;
  }
  posix_spawn_file_actions_destroy(&actions);
  bool signalled = setup.signal_number == 0;
  auto clock_start = start;  // what signal_after_seconds counts from
  bool clock_started = setup.signal_once_open.empty();
  std::chrono::steady_clock::time_point signal_sent;
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    const auto now = std::chrono::steady_clock::now();
    const double elapsed = std::chrono::duration<double>(now - start).count();
    if (!clock_started && process_has_open(pid, setup.signal_once_open)) {
      clock_started = true;
      clock_start = now;
    }
    if (!signalled && clock_started &&
        std::chrono::duration<double>(now - clock_start).count() > setup.signal_after_seconds) {
      run.signalled_while_open = !setup.signal_once_open.empty() && process_has_open(pid, setup.signal_once_open);
      signal_sent = std::chrono::steady_clock::now();
      ::kill(pid, setup.signal_number);
      signalled = true;
    }
    if (elapsed > time_limit_seconds && !run.timed_out) {
      run.timed_out = true;
      ::kill(pid, SIGKILL);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  const auto end = std::chrono::steady_clock::now();
  run.seconds = std::chrono::duration<double>(end - start).count();
  if (signalled && setup.signal_number != 0) run.signal_to_exit_seconds = std::chrono::duration<double>(end - signal_sent).count();
  run.exited = WIFEXITED(status);
  run.code = run.exited ? WEXITSTATUS(status) : -1;
  run.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  if (setup.stdout_path.empty()) run.out = read_text(out_path);
  run.err = read_text(err_path);
  std::filesystem::remove(out_path);
  std::filesystem::remove(err_path);
  return run;
}

}  // namespace test_support
