// pathscope-cli's outputs under stress: a SIGTERM mid-run, leftovers of killed runs, paired
// correlate outputs, full disks (/dev/full, standard output too), negative cycles named by file,
// "-" as input (the node table too), and outputs that would replace their own input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "cli_binary.hpp"
#include "fresh_seed.hpp"

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
  for (const std::vector<std::string> format : {std::vector<std::string>{}, std::vector<std::string>{"--input-format", "dimacs"}}) {
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

// The answer printed to a full disk is a failure: each command's output goes through the C
// stream, whose last buffer (or all of it) only fails when flushed at the exit.
TEST(CliOutputSafety, StandardOutputOnAFullDiskIsAnError) {
  ScratchFolder dir;
  std::mt19937_64 rng(test_support::fresh_seed());
  // A ring with chords and random costs: every node reaches every other.
  const int n = 3000;
  std::string text = "p sp " + std::to_string(n) + " " + std::to_string(2 * n) + "\n";
  for (int u = 1; u <= n; ++u) {
    text += "a " + std::to_string(u) + " " + std::to_string(u % n + 1) + " " + std::to_string(1 + rng() % 99) + "\n";
    text += "a " + std::to_string(u) + " " + std::to_string((u + 6) % n + 1) + " " + std::to_string(1 + rng() % 99) + "\n";
  }
  const std::string graph = dir.write("g.gr", text);
  const std::vector<std::vector<std::string>> commands = {
      {"info", graph},
      {"path", graph, "1", "1500"},
      {"path", graph, "1", "1500", "--json"},
      {"reach", graph, "1", "--json"},
      {"tsp", graph, "--stops", "1,700,1400,2100"},
      {"distances", graph, "1"},  // 3,000 lines: the stream fails while printing, not only at the exit
  };
  test_support::CliRunSetup to_full_disk;
  to_full_disk.stdout_path = "/dev/full";
  for (const auto& command : commands) {
    const auto written = run_cli(command);
    ASSERT_TRUE(written.exited && written.code == 0) << command[0] << ": " << written.describe();
    const auto run = run_cli(command, 30, to_full_disk);
    ASSERT_TRUE(run.exited) << command[0] << ": " << run.describe();
    EXPECT_EQ(run.code, 1) << command[0] << " " << command.back() << ": " << run.describe();
    EXPECT_TRUE(contains(run.err, "standard output")) << command[0] << ": " << run.err;
    EXPECT_TRUE(contains(run.err, "No space left on device")) << command[0] << ": " << run.err;
  }
}

// No output replaces an input of the same command: by name, by another name of the same file
// (./x, a hard link, a symlink), a companion input (the node table), a numeric table. The
// command is refused as a usage error and the input stays as it was.
TEST(CliOutputSafety, AnOutputNeverReplacesAnInputOfTheSameCommand) {
  ScratchFolder dir;
  std::mt19937_64 rng(test_support::fresh_seed());
  std::string edges = "source,target,weight\n";
  for (int k = 0; k < 40; ++k)
    edges += "n" + std::to_string(rng() % 20) + ",n" + std::to_string(rng() % 20) + "," + std::to_string(1 + rng() % 9) + "\n";
  edges += "n0,n1,1\n";
  const std::string io = dir.write("io.csv", edges);
  const std::string nodes = dir.write("nodes.csv", "id,x,y\nn0,1,2\nn1,3,4\n");
  fs::create_hard_link(io, dir.file("hard.csv"));
  fs::create_symlink(io, dir.file("soft.csv"));
  std::string table = "gene\ta\tb\tc\td\n";
  for (int g = 0; g < 6; ++g) {
    table += "g" + std::to_string(g);
    for (int c = 0; c < 4; ++c) table += "\t" + std::to_string(rng() % 100);
    table += "\n";
  }
  const std::string tsv = dir.write("t.tsv", table);
  const auto graphml = run_cli({"export", io, "--out", dir.file("g.graphml")});
  ASSERT_TRUE(graphml.exited && graphml.code == 0) << graphml.describe();
  const std::string graphml_text = read_text(dir.file("g.graphml"));

  const std::string here = fs::current_path().string();
  fs::current_path(dir.path());
  struct Case {
    std::vector<std::string> command;
    std::string input, before;
  };
  const std::vector<Case> cases = {
      {{"distances", io, "n0", "--out", io}, io, edges},
      {{"distances", "io.csv", "n0", "--out", "./io.csv"}, io, edges},
      {{"distances", io, "n0", "--out", dir.file("hard.csv")}, io, edges},
      {{"distances", io, "n0", "--out", dir.file("soft.csv")}, io, edges},
      {{"distances", io, "n0", "--node-table", nodes, "--out", nodes}, nodes, read_text(nodes)},
      {{"export", dir.file("g.graphml"), "--out", dir.file("g.graphml")}, dir.file("g.graphml"), graphml_text},
      {{"correlate", tsv, "--out", tsv}, tsv, table},
  };
  for (const auto& c : cases) {
    const auto run = run_cli(c.command);
    ASSERT_TRUE(run.exited) << run.describe();
    EXPECT_EQ(run.code, 2) << c.command[0] << " " << c.command.back() << ": " << run.describe();
    EXPECT_TRUE(contains(run.err, "is an input of this command")) << run.err;
    EXPECT_EQ(read_text(c.input), c.before) << c.command.back();
  }
  fs::current_path(here);

  // A connectome export: the companion table beside the connections, and a saved table.
  const std::string codex = dir.file("codex");
  const auto exported = run_cli({"export-codex", "connectome:n=200,seed=" + std::to_string(rng() % 1000) + ",types=6", codex});
  ASSERT_TRUE(exported.exited && exported.code == 0) << exported.describe();
  const std::string connections = codex + "/connections.csv", classification = codex + "/classification.csv";
  const std::string saved = dir.file("D.npy");
  const auto apsp = run_cli({"apsp", connections, "--out", saved});
  ASSERT_TRUE(apsp.exited && apsp.code == 0) << apsp.describe();
  const std::vector<Case> connectome_cases = {
      {{"path-lengths", connections, "--from", "top:2", "--to", "top:2", "--out", classification}, classification,
       read_text(classification)},
      {{"path-lengths", connections, "--table", saved, "--from", "top:2", "--to", "top:2", "--out", saved}, saved,
       read_text(saved)},
  };
  for (const auto& c : connectome_cases) {
    const auto run = run_cli(c.command);
    ASSERT_TRUE(run.exited) << run.describe();
    EXPECT_EQ(run.code, 2) << c.command.back() << ": " << run.describe();
    EXPECT_TRUE(contains(run.err, "is an input of this command")) << run.err;
    EXPECT_EQ(read_text(c.input), c.before) << c.command.back();
  }
  // Another name beside the input is an ordinary output.
  const auto fine = run_cli({"distances", io, "n0", "--out", dir.file("d.csv")});
  EXPECT_TRUE(fine.exited && fine.code == 0) << fine.describe();
}

// "--node-table -" reads the node table from standard input, as "-" does for every other input.
TEST(CliOutputSafety, NodeTableFromStandardInput) {
  ScratchFolder dir;
  const std::string graph = std::string(PATHSCOPE_TEST_DATA) + "/readers/edge_table/good_header.csv";
  const std::string nodes = dir.write("nodes.csv", "id,x,y\nalpha,1.5,2\nbeta,4,5\ngamma,-3,0.25\n");
  const auto from_file = run_cli({"export", graph, "--node-table", nodes, "--out", dir.file("a.json")});
  ASSERT_TRUE(from_file.exited && from_file.code == 0) << from_file.describe();
  const auto from_stdin = run_cli({"export", graph, "--node-table", "-", "--out", dir.file("b.json")}, 30, {nodes});
  ASSERT_TRUE(from_stdin.exited && from_stdin.code == 0) << from_stdin.describe();
  EXPECT_EQ(read_text(dir.file("a.json")), read_text(dir.file("b.json")));
  EXPECT_TRUE(contains(read_text(dir.file("b.json")), "1.5"));
  // Standard input cannot be both the graph and its node table.
  const auto both = run_cli({"info", "-", "--node-table", "-"}, 30, {nodes});
  ASSERT_TRUE(both.exited) << both.describe();
  EXPECT_NE(both.code, 0);
  EXPECT_TRUE(contains(both.err, "standard input can be read only once")) << both.err;
}
