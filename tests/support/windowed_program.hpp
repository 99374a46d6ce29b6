#pragma once
// A windowed program started as a person starts it (no shell, its own process), watched through
// its windows on the X display (x11_windows.hpp) until it shows what the test waits for, then
// closed from its window. The program's settings and caches go to a private folder, so a run
// neither reads nor writes the user's, nor another test's.
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "x11_windows.hpp"

extern char** environ;

namespace test_support {

struct ProgramEnd {
  bool exited = false;  // false: killed by a signal (a crash), or still running at the limit
  int code = -1;
  int signal = 0;
  std::string describe() const {
    if (exited) return "exit " + std::to_string(code);
    return signal ? "died of signal " + std::to_string(signal) : "still running";
  }
};

class WindowedProgram {
 public:
  // `private_home`: the folder whose config/ and cache/ stand in for the user's.
  WindowedProgram(const std::string& binary, const std::vector<std::string>& arguments,
                  const std::filesystem::path& private_home) {
    std::filesystem::create_directories(private_home);
    out_path_ = (private_home / "stdout.txt").string();
    err_path_ = (private_home / "stderr.txt").string();
    std::map<std::string, std::string> env;
    for (char** e = environ; *e; ++e) {
      const std::string entry = *e;
      const auto eq = entry.find('=');
      if (eq != std::string::npos) env[entry.substr(0, eq)] = entry.substr(eq + 1);
    }
    env["XDG_CONFIG_HOME"] = (private_home / "config").string();
    env["XDG_CACHE_HOME"] = (private_home / "cache").string();
    std::vector<std::string> env_entries, args{binary};
    for (const auto& [key, value] : env) env_entries.push_back(key + "=" + value);
    args.insert(args.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv, envp;
    for (auto& a : args) argv.push_back(a.data());
    for (auto& e : env_entries) envp.push_back(e.data());
    argv.push_back(nullptr);
    envp.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, out_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, 2, err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), envp.data()) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
  }
  ~WindowedProgram() {
    if (running()) {
      ::kill(pid_, SIGKILL);
      reap(true);
    }
  }
  WindowedProgram(const WindowedProgram&) = delete;
  WindowedProgram& operator=(const WindowedProgram&) = delete;

  bool started() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }

  // False once the program has ended (its end is then in end()).
  bool running() {
    if (!started() || end_) return false;
    reap(false);
    return !end_;
  }
  const std::optional<ProgramEnd>& end() const { return end_; }

  // Waits until the program's shown windows satisfy `wanted`, which gets them all; returns them,
  // or nothing when the program ends first or `seconds` pass.
  std::optional<std::vector<ShownWindow>> wait_for_windows(XDisplay& x,
                                                           const std::function<bool(const std::vector<ShownWindow>&)>& wanted,
                                                           double seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (running()) {
      auto windows = x.windows_of(pid_);
      if (wanted(windows)) return windows;
      if (std::chrono::steady_clock::now() > deadline) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return std::nullopt;
  }

  // Waits for the program to end by itself (after a close request); kills it after `seconds`.
  ProgramEnd wait_for_end(double seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (running() && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (running()) {
      ::kill(pid_, SIGKILL);
      reap(true);
      end_ = ProgramEnd{};  // "still running": it did not end when asked
    }
    return *end_;
  }

  std::string errors() const { return read(err_path_); }
  std::string output() const { return read(out_path_); }

 private:
  void reap(bool block) {
    int status = 0;
    if (::waitpid(pid_, &status, block ? 0 : WNOHANG) != pid_) return;
    ProgramEnd end;
    end.exited = WIFEXITED(status);
    end.code = end.exited ? WEXITSTATUS(status) : -1;
    end.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    end_ = end;
  }

  static std::string read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  pid_t pid_ = -1;
  std::string out_path_, err_path_;
  std::optional<ProgramEnd> end_;
};

}  // namespace test_support
