#pragma once
// A job of pathscope-cli processes started the way torchrun starts them (RANK, WORLD_SIZE, ...
// on 127.0.0.1 and a port the OS gave), each with its own stdout and stderr, all killed after a
// time limit so that a hang fails the test instead of stalling it. PATHSCOPE_CLI is the binary.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <map>
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

using namespace std::chrono_literals;
using Variables = std::map<std::string, std::string>;

// This test's environment without any launcher's variables (CI may itself run under one).
inline std::vector<std::string> clean_environment() {
  std::vector<std::string> kept;
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry = *e;
    const std::string name = entry.substr(0, entry.find('='));
    const bool launcher = name == "RANK" || name == "WORLD_SIZE" || name == "LOCAL_RANK" ||
                          name == "LOCAL_WORLD_SIZE" || name == "MASTER_ADDR" || name == "MASTER_PORT" ||
                          name.rfind("PATHSCOPE_RENDEZVOUS", 0) == 0 || name.rfind("OMPI_", 0) == 0 ||
                          name.rfind("PMI_", 0) == 0 || name.rfind("MPI_LOCAL", 0) == 0 || name.rfind("SLURM_", 0) == 0;
    if (!launcher) kept.push_back(entry);
  }
  return kept;
}

struct Process {
  pid_t pid = -1;
  std::string out_path, err_path;
  int code = -1;  // -1: killed (past the limit) or crashed
  std::string out, err;
};

// Starts one pathscope-cli per entry of `ranks` at once, each with its variables, and waits for
// all of them; any still running after `limit` is killed, so a hang fails instead of stalling.
inline std::vector<Process> run_processes(const std::vector<Variables>& ranks, const std::vector<std::string>& arguments,
                               std::chrono::seconds limit = 60s) {
  static int counter = 0;
  test_support::ScratchFolder scratch;
  std::vector<Process> processes(ranks.size());
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    auto environment = clean_environment();
    for (const auto& [name, value] : ranks[i]) environment.push_back(name + "=" + value);
    std::vector<char*> envp;
    for (auto& e : environment) envp.push_back(e.data());
    envp.push_back(nullptr);
    std::vector<std::string> args{PATHSCOPE_CLI};
    args.insert(args.end(), arguments.begin(), arguments.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    auto& p = processes[i];
    const std::string tag = std::to_string(::getpid()) + "-" + std::to_string(++counter);
    p.out_path = (scratch.path() / ("out-" + tag)).string();
    p.err_path = (scratch.path() / ("err-" + tag)).string();
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, p.out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_addopen(&actions, 2, p.err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (posix_spawn(&p.pid, argv[0], &actions, nullptr, argv.data(), envp.data()) != 0) p.pid = -1;
    posix_spawn_file_actions_destroy(&actions);
  }
  const auto deadline = std::chrono::steady_clock::now() + limit;
  for (auto& p : processes) {
    if (p.pid < 0) continue;
    int status = 0;
    while (::waitpid(p.pid, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > deadline) {
        ::kill(p.pid, SIGKILL);
        ::waitpid(p.pid, &status, 0);
        break;
      }
      std::this_thread::sleep_for(10ms);
    }
    if (WIFEXITED(status)) p.code = WEXITSTATUS(status);
    p.out = read_text(p.out_path);
    p.err = read_text(p.err_path);
  }
  return processes;
}

inline std::vector<Variables> torchrun_job(int world_size, int port, bool local_numbers = true) {
  std::vector<Variables> ranks;
  for (int r = 0; r < world_size; ++r) {
    Variables v{{"RANK", std::to_string(r)}, {"WORLD_SIZE", std::to_string(world_size)},
                {"MASTER_ADDR", "127.0.0.1"}, {"MASTER_PORT", std::to_string(port)}};
    if (local_numbers) {
      v["LOCAL_RANK"] = std::to_string(r);
      v["LOCAL_WORLD_SIZE"] = std::to_string(world_size);
    }
    ranks.push_back(v);
  }
  return ranks;
}

inline std::string host_name() {
  char name[256] = {};
  ::gethostname(name, sizeof name - 1);
  return name;
}

inline std::string describe(const std::vector<Process>& processes) {
  std::string text;
  for (std::size_t i = 0; i < processes.size(); ++i)
    text += "process " + std::to_string(i) + " exit " + std::to_string(processes[i].code) + "\nstdout: " +
            processes[i].out + "stderr: " + processes[i].err + "\n";
  return text;
}

}  // namespace test_support
