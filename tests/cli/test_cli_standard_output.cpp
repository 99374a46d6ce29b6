// `--out -` puts on standard output exactly the bytes `--out FILE` writes (whether standard
// output is a file or a pipe), never a file named "-"; a binary output to a terminal is
// refused with a hint; what a command would print beside it goes to standard error. Also the
// command line's words: a mistyped command named with a suggestion, --format refused naming
// --input-format and --output-format, and --input-format accepted by every graph command.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "cli_binary.hpp"
#include "fresh_seed.hpp"

namespace {

using test_support::read_text;
using test_support::run_cli;
using test_support::ScratchFolder;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A fresh random graph spec of an awkward size.
std::string random_spec() {
  const std::uint64_t seed = test_support::fresh_seed() % 1000000;
  return "random:n=" + std::to_string(23 + seed % 40) + ",deg=3,seed=" + std::to_string(seed);
}

// Runs once with --out FILE and once with --out -, and compares the bytes.
void expect_same_bytes(std::vector<std::string> before, const std::string& name, std::vector<std::string> after = {}) {
  ScratchFolder dir;
  const std::string file = dir.file(name);
  auto to_file = before;
  to_file.insert(to_file.end(), {"--out", file});
  to_file.insert(to_file.end(), after.begin(), after.end());
  const auto written = run_cli(to_file);
  ASSERT_TRUE(written.exited && written.code == 0) << written.describe();
  auto to_stdout = before;
  to_stdout.insert(to_stdout.end(), {"--out", "-"});
  to_stdout.insert(to_stdout.end(), after.begin(), after.end());
  const auto printed = run_cli(to_stdout);
  ASSERT_TRUE(printed.exited && printed.code == 0) << printed.describe();
  const std::string expected = read_text(file);
  EXPECT_FALSE(expected.empty());
  EXPECT_EQ(printed.out.size(), expected.size()) << before[0] << " " << name;
  EXPECT_TRUE(printed.out == expected) << before[0] << " " << name;
}

TEST(CliStandardOutput, OutDashWritesWhatTheFileWouldHold) {
  const std::string cwd_dash = (std::filesystem::current_path() / "-").string();
  const bool dash_before = std::filesystem::exists(cwd_dash);
  const std::string graph = random_spec();
  expect_same_bytes({"apsp", graph}, "d.npy");
  expect_same_bytes({"closure", graph}, "c.npy");
  expect_same_bytes({"distances", graph, "3"}, "d.tsv", {"--output-format", "tsv"});
  expect_same_bytes({"distances", graph, "3"}, "d.npy", {"--output-format", "npy"});
  expect_same_bytes({"export", graph, "--path", "1", "7"}, "e.graphml", {"--output-format", "graphml"});
  expect_same_bytes({"export", graph}, "e.json", {"--output-format", "node-link"});
  expect_same_bytes({"correlate", "random-table:rows=30,cols=7,seed=5", "--max-p", "0.5", "--threads", "1"}, "r.npy",
                    {"--output-format", "npy"});
  expect_same_bytes({"correlate", "random-table:rows=30,cols=7,seed=5", "--max-p", "0.5", "--threads", "1"}, "r.tsv");
  EXPECT_EQ(std::filesystem::exists(cwd_dash), dash_before) << "a file named '-' was written";
}

TEST(CliStandardOutput, ReportsMoveToStandardErrorBesideTheOutput) {
  const std::string graph = random_spec();
  const auto run = run_cli({"distances", graph, "2", "--out", "-", "--output-format", "csv", "--json"});
  ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
  EXPECT_EQ(run.out.substr(0, 6), "index,") << run.out;
  const auto report = nlohmann::json::parse(run.err.substr(run.err.find('{')));
  EXPECT_EQ(report["out"], "standard output");
}

TEST(CliStandardOutput, StreamsIntoAPipe) {
  ScratchFolder dir;
  const std::string graph = random_spec();
  const auto written = run_cli({"apsp", graph, "--out", dir.file("d.npy")});
  ASSERT_EQ(written.code, 0) << written.describe();
  const std::string fifo = dir.file("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] {
    const int fd = ::open(fifo.c_str(), O_RDONLY);
    char buffer[4096];
    for (ssize_t got; fd >= 0 && (got = ::read(fd, buffer, sizeof buffer)) > 0;) received.append(buffer, std::size_t(got));
    if (fd >= 0) ::close(fd);
  });
  test_support::CliRunSetup setup;
  setup.stdout_path = fifo;
  const auto piped = run_cli({"apsp", graph, "--out", "-"}, 30, setup);
  reader.join();
  ASSERT_TRUE(piped.exited && piped.code == 0) << piped.describe();
  EXPECT_TRUE(received == read_text(dir.file("d.npy"))) << received.size() << " bytes";
}

TEST(CliStandardOutput, BinaryToATerminalIsRefusedAndSeveralFilesToo) {
  const std::string graph = random_spec();
  const int terminal = ::posix_openpt(O_RDWR | O_NOCTTY);
  ASSERT_GE(terminal, 0);
  ASSERT_EQ(::grantpt(terminal), 0);
  ASSERT_EQ(::unlockpt(terminal), 0);
  test_support::CliRunSetup setup;
  setup.stdout_path = ::ptsname(terminal);
  const auto refused = run_cli({"apsp", graph, "--out", "-"}, 30, setup);
  ::close(terminal);
  EXPECT_EQ(refused.code, 2) << refused.describe();
  EXPECT_TRUE(contains(refused.err, "terminal") && contains(refused.err, "> out.npy")) << refused.err;
  const auto csv = run_cli({"export", graph, "--out", "-", "--output-format", "csv"});
  EXPECT_EQ(csv.code, 2) << csv.describe();
  EXPECT_TRUE(contains(csv.err, "several files")) << csv.err;
  const auto unnamed = run_cli({"distances", graph, "1", "--out", "-"});
  EXPECT_EQ(unnamed.code, 2) << unnamed.describe();
  EXPECT_TRUE(contains(unnamed.err, "--output-format")) << unnamed.err;
  const auto both = run_cli({"apsp", graph, "--out", "-", "--next-out", "-"});
  EXPECT_EQ(both.code, 2) << both.describe();
}

TEST(CliStandardOutput, MistypedCommandsGetASuggestion) {
  const auto typo = run_cli({"infoo", "random:n=5"});
  EXPECT_EQ(typo.code, 2) << typo.describe();
  EXPECT_TRUE(contains(typo.err, "unknown command 'infoo'; did you mean 'info'?")) << typo.err;
  const auto swapped = run_cli({"--quiet", "expotr", "random:n=5", "--out", "x.json"});
  EXPECT_TRUE(contains(swapped.err, "did you mean 'export'?")) << swapped.err;
  const auto far = run_cli({"zebra"});
  EXPECT_EQ(far.code, 2);
  EXPECT_TRUE(contains(far.err, "unknown command 'zebra' (commands: info,")) << far.err;
  const auto json = run_cli({"pth", "random:n=5", "1", "2", "--json"});
  EXPECT_EQ(nlohmann::json::parse(json.out)["error"]["message"], "unknown command 'pth'; did you mean 'path'?");
  // A known command with a missing argument keeps CLI11's own message.
  EXPECT_FALSE(contains(run_cli({"path"}).err, "unknown command"));
}

TEST(CliStandardOutput, InputAndOutputFormatsHaveOneOptionEach) {
  ScratchFolder dir;
  const std::string graph = dir.write("g.txt", "p sp 3 2\na 1 2 4\na 2 3 5\n");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"info", graph}, {"apsp", graph}, {"path", graph, "1", "3"}, {"paths", graph, "1", "3", "--k", "2"},
        {"distances", graph, "1"}, {"closure", graph}, {"reach", graph, "1"}, {"export", graph, "--out", dir.file("e.gexf")}}) {
    auto with_reader = args;
    with_reader.insert(with_reader.end(), {"--input-format", "dimacs"});
    const auto run = run_cli(with_reader);
    EXPECT_EQ(run.code, 0) << args[0] << ": " << run.describe();
    auto bare = args;
    bare.insert(bare.end(), {"--format", "dimacs"});
    const auto refused = run_cli(bare);
    EXPECT_EQ(refused.code, 2) << args[0] << ": " << refused.describe();
    EXPECT_TRUE(contains(refused.err, "--input-format dimacs") && contains(refused.err, "--output-format dimacs"))
        << refused.err;
  }
  const auto tsv = run_cli({"path", graph, "1", "3", "--input-format", "dimacs", "--output-format", "tsv"});
  ASSERT_EQ(tsv.code, 0) << tsv.describe();
  EXPECT_EQ(tsv.out.substr(0, 10), "step\tindex");
}

}  // namespace
