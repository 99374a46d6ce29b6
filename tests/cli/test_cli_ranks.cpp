// `pathscope-cli ranks` as P real processes started the way torchrun starts them (RANK,
// WORLD_SIZE, ... on 127.0.0.1 and a port the OS gave): rank 0's table against the layout the
// test handed out, its JSON, and non-zero exits for a wrong launch, a bad variable, a lost rank.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstring>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <netinet/in.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "free_port.hpp"
#include "fresh_seed.hpp"
#include "scratch_folder.hpp"

extern char** environ;

namespace {

using namespace std::chrono_literals;
using Variables = std::map<std::string, std::string>;

using test_support::free_port;

// This test's environment without any launcher's variables (CI may itself run under one).
std::vector<std::string> clean_environment() {
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

std::string read_text(const std::string& path) {
  std::string text;
  if (FILE* f = std::fopen(path.c_str(), "rb")) {
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, f)) > 0;) text.append(buffer, n);
    std::fclose(f);
  }
  return text;
}

// Starts one pathscope-cli per entry of `ranks` at once, each with its variables, and waits for
// all of them; any still running after `limit` is killed, so a hang fails instead of stalling.
std::vector<Process> run_ranks(const std::vector<Variables>& ranks, const std::vector<std::string>& arguments,
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
    std::vector<std::string> args{PATHSCOPE_CLI, "ranks"};
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

std::vector<Variables> torchrun_job(int world_size, int port, bool local_numbers = true) {
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

std::string host_name() {
  char name[256] = {};
  ::gethostname(name, sizeof name - 1);
  return name;
}

std::string describe(const std::vector<Process>& processes) {
  std::string text;
  for (std::size_t i = 0; i < processes.size(); ++i)
    text += "process " + std::to_string(i) + " exit " + std::to_string(processes[i].code) + "\nstdout: " +
            processes[i].out + "stderr: " + processes[i].err + "\n";
  return text;
}

TEST(CliRanks, OneProcessWithoutALauncher) {
  const auto run = run_ranks({{}}, {});
  ASSERT_EQ(run[0].code, 0) << describe(run);
  EXPECT_NE(run[0].out.find("rank 0 of 1 (none)"), std::string::npos) << run[0].out;
  EXPECT_NE(run[0].out.find("1 rank on 1 host (none); the id went over none (one process)"), std::string::npos)
      << run[0].out;
}

TEST(CliRanks, SeveralProcessesMeetAndRank0PrintsTheTable) {
  std::mt19937_64 random(test_support::fresh_seed());
  const int world_size = 2 + int(random() % 4);  // 2 .. 5
  const int port = free_port();
  const auto run = run_ranks(torchrun_job(world_size, port), {"--timeout", "30"});
  const std::string host = host_name();
  for (int r = 0; r < world_size; ++r) {
    ASSERT_EQ(run[std::size_t(r)].code, 0) << describe(run);
    EXPECT_NE(run[std::size_t(r)].out.find("rank " + std::to_string(r) + " of " + std::to_string(world_size) +
                                           " (torchrun) on " + host + ": local rank " + std::to_string(r) + " of " +
                                           std::to_string(world_size)),
              std::string::npos)
        << run[std::size_t(r)].out;
  }
  // Rank 0's table: one row per rank, in order, local ranks as given.
  const std::string& table = run[0].out;
  std::size_t at = 0;
  for (int r = 0; r < world_size; ++r) {
    const std::size_t row = table.find("\n" + std::string(4 - std::to_string(r).size(), ' ') + std::to_string(r) + "  " + host,
                                       at);
    ASSERT_NE(row, std::string::npos) << "row of rank " << r << " in\n" << table;
    at = row + 1;
  }
  EXPECT_NE(table.find(std::to_string(world_size) + " ranks on 1 host (torchrun); the id went over tcp 127.0.0.1:" +
                       std::to_string(port)),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("ok: every rank received rank 0's 128-byte id"), std::string::npos) << table;
  for (int r = 1; r < world_size; ++r) EXPECT_EQ(run[std::size_t(r)].out.find("ok:"), std::string::npos);
}

TEST(CliRanks, JsonTableOnRank0) {
  const int port = free_port();
  const auto run = run_ranks(torchrun_job(3, port, false), {"--json", "--timeout", "30"});
  for (const auto& p : run) ASSERT_EQ(p.code, 0) << describe(run);
  const auto doc = nlohmann::json::parse(run[0].out);
  EXPECT_EQ(doc["schema"], "pathscope/ranks/1");
  EXPECT_EQ(doc["transport"], "tcp 127.0.0.1:" + std::to_string(port));
  ASSERT_EQ(doc["ranks"].size(), 3u);
  for (int r = 0; r < 3; ++r) {
    EXPECT_EQ(doc["ranks"][std::size_t(r)]["rank"], r);
    EXPECT_EQ(doc["ranks"][std::size_t(r)]["host"], host_name());
    EXPECT_EQ(doc["ranks"][std::size_t(r)]["local_rank"], -1);  // torchrun's LOCAL_RANK was not given
  }
  EXPECT_TRUE(doc["problems"].empty());
  const auto other = nlohmann::json::parse(run[2].out);
  EXPECT_EQ(other["rank"], 2);
  EXPECT_FALSE(other.contains("ranks"));
}

TEST(CliRanks, AWrongLaunchExitsNonZeroOnEveryRank) {
  // Both processes told they are local rank 0: both would take GPU 0.
  auto ranks = torchrun_job(2, free_port());
  for (auto& v : ranks) v["LOCAL_RANK"] = "0";
  const auto run = run_ranks(ranks, {"--timeout", "30"});
  for (const auto& p : run) {
    EXPECT_EQ(p.code, 1) << describe(run);
    EXPECT_NE(p.err.find("error: the launch has 1 problem (listed by rank 0)"), std::string::npos) << p.err;
  }
  EXPECT_NE(run[0].out.find("problem: rank 1 on " + host_name() + " has local rank 0, as another rank on that host"),
            std::string::npos)
      << run[0].out;
}

TEST(CliRanks, BadVariableAndLostRank) {
  auto bad = run_ranks({{{"RANK", "1"}, {"WORLD_SIZE", "two"}}}, {});
  EXPECT_EQ(bad[0].code, 1);
  EXPECT_NE(bad[0].err.find("WORLD_SIZE=\"two\": expected a whole number"), std::string::npos) << bad[0].err;
  // Rank 1 of 2 never starts: rank 0 gives up after its timeout, with the missing rank named.
  const auto lost = run_ranks({torchrun_job(2, free_port())[0]}, {"--timeout", "1"});
  EXPECT_EQ(lost[0].code, 1);
  EXPECT_NE(lost[0].err.find("rank 0 heard from 1 of 2 ranks within 1 s"), std::string::npos) << lost[0].err;
  EXPECT_NE(lost[0].err.find("missing rank 1 "), std::string::npos) << lost[0].err;
}

}  // namespace
