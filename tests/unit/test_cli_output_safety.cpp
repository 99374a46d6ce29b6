// pathscope-cli's outputs under stress: a SIGTERM mid-run, leftovers of killed runs, paired
// correlate outputs, full disks (/dev/full), negative cycles named by file, and "-" as input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli_binary.hpp"

namespace {

using test_support::CliRun;
using test_support::read_text;
using test_support::run_cli;
using test_support::ScratchFolder;
namespace fs = std::filesystem;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Names in `folder` that start with `prefix`.
std::vector<std::string> files_starting(const fs::path& folder, const std::string& prefix) {
  std::vector<std::string> found;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(prefix, 0) == 0) found.push_back(name);
  }
  return found;
}

// A pid that runs nothing: a child that has already exited and been reaped.
pid_t dead_pid() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return child;
}

TEST(CliOutputSafety, SigtermCancelsAndLeavesNoTemporaries) {
  for (const int signal_number : {SIGTERM, SIGHUP, SIGINT}) {
    ScratchFolder dir;
    const std::string out = dir.file("X.npy");
    // Long enough (seconds of textbook Floyd-Warshall) that the signal lands mid-run.
    const auto run = run_cli({"apsp", "random:n=3000,deg=8,seed=1", "--engine", "textbook", "--out", out}, 60,
                             {"", signal_number, 1.0});
    ASSERT_TRUE(run.exited) << "signal " << signal_number << ": " << run.describe();
    EXPECT_EQ(run.code, 130) << run.describe();
    EXPECT_TRUE(contains(run.err, "cancelled")) << run.err;
    EXPECT_TRUE(files_starting(dir.path(), "X.npy").empty());
  }
}

TEST(CliOutputSafety, LeftoversOfDeadProcessesAreRemoved) {
  ScratchFolder dir;
  const std::string out = dir.file("X.npy");
  const std::string dead = "X.npy.tmp-" + std::to_string(dead_pid()) + "-0";
  const std::string live = "X.npy.tmp-" + std::to_string(::getpid()) + "-3";  // this test runs
  const std::string other = "X.npy.tmp-notapid";
  const std::string sibling = "Y.npy.tmp-" + std::to_string(dead_pid()) + "-0";  // another target
  for (const auto& name : {dead, live, other, sibling}) dir.write(name, "leftover");
  const auto run = run_cli({"apsp", "random:n=10,deg=2,seed=1", "--out", out});
  ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
  EXPECT_FALSE(fs::exists(dir.file(dead)));
  EXPECT_TRUE(fs::exists(dir.file(live)));
  EXPECT_TRUE(fs::exists(dir.file(other)));
  EXPECT_TRUE(fs::exists(dir.file(sibling)));
  EXPECT_TRUE(fs::exists(out));
}

TEST(CliOutputSafety, PairedCorrelateOutputsAreBothNewOrBothOld) {
  ScratchFolder dir;
  const std::string table = "random-table:rows=30,cols=12,seed=3";
  const std::string edges = dir.write("E.tsv", "old edges\n");
  // The graph cannot be written (its name is a folder): the table must stay old as well.
  const std::string blocked = dir.file("G.json");
  fs::create_directories(blocked);
  const auto failed = run_cli({"correlate", table, "--out", edges, "--graph", blocked, "--min-abs-rho", "0.3"});
  ASSERT_TRUE(failed.exited) << failed.describe();
  EXPECT_NE(failed.code, 0);
  EXPECT_EQ(read_text(edges), "old edges\n");
  EXPECT_EQ(files_starting(dir.path(), "E.tsv.tmp-").size(), 0u);
  // Both writable: both new.
  const std::string graph = dir.write("G2.json", "old graph\n");
  const auto run = run_cli({"correlate", table, "--out", edges, "--graph", graph, "--min-abs-rho", "0.3"});
  ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
  EXPECT_TRUE(contains(read_text(edges), "i\tj\trho"));
  EXPECT_EQ(nlohmann::json::parse(read_text(graph))["nodes"].size(), 30u);
}

TEST(CliOutputSafety, AFullDiskIsAnError) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", "p sp 3 3\na 1 2 1\na 2 3 1\na 3 1 1\n");
  const std::vector<std::vector<std::string>> commands = {
      {"apsp", "random:n=300,deg=4,seed=1", "--out", "/dev/full"},
      {"apsp", graph, "--out", "/dev/full"},
      {"apsp", graph, "--next-out", "/dev/full"},
      {"closure", "random:n=300,deg=4,seed=1", "--out", "/dev/full"},
      {"correlate", "random-table:rows=30,cols=12,seed=3", "--out", "/dev/full"},
  };
  for (const auto& command : commands) {
    const auto run = run_cli(command);
    ASSERT_TRUE(run.exited) << command[0] << ": " << run.describe();
    EXPECT_NE(run.code, 0) << command[0] << " " << command[1] << ": " << run.describe();
    EXPECT_TRUE(contains(run.err, "cannot write /dev/full: No space left on device")) << run.err;
  }
}

TEST(CliOutputSafety, NegativeCycleNamesTheFile) {
  ScratchFolder dir;
  const std::string graph = dir.write("rome.gr", "p sp 3 3\na 1 2 1\na 2 3 -4\na 3 1 1\n");
  for (const std::vector<std::string> command :
       {std::vector<std::string>{"apsp", graph}, std::vector<std::string>{"path", graph, "1", "3"}}) {
    const auto run = run_cli(command);
    ASSERT_TRUE(run.exited) << run.describe();
    EXPECT_NE(run.code, 0);
    EXPECT_TRUE(contains(run.err, graph + ": negative cycle through node ")) << run.err;
  }
}

TEST(CliOutputSafety, DashReadsStandardInput) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.gr", "p sp 4 4\na 1 2 3\na 2 3 4\na 3 4 5\na 4 1 6\n");
  const auto from_file = run_cli({"apsp", graph, "--json"});
  ASSERT_TRUE(from_file.exited && from_file.code == 0) << from_file.describe();
  const std::string checksum = nlohmann::json::parse(from_file.out)["checksum"];
  for (const std::vector<std::string> format : {std::vector<std::string>{}, std::vector<std::string>{"--format", "dimacs"}}) {
    std::vector<std::string> args{"apsp", "-", "--json"};
    args.insert(args.end(), format.begin(), format.end());
    const auto run = run_cli(args, 30, {graph});
    ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
    EXPECT_EQ(nlohmann::json::parse(run.out)["checksum"], checksum);
  }
  // A table for correlate, streamed.
  const std::string table = dir.write("t.tsv", "gene\ta\tb\tc\td\ng1\t1\t2\t3\t4\ng2\t2\t4\t6\t9\ng3\t4\t3\t2\t1\n");
  const std::string out = dir.file("pairs.tsv");
  const auto run = run_cli({"correlate", "-", "--out", out}, 30, {table});
  ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
  EXPECT_TRUE(contains(read_text(out), "g1\tg2\t1.0")) << read_text(out);
}

}  // namespace
