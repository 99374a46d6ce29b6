// A stop signal (SIGINT, SIGTERM, SIGHUP) during the load of each of the 14 input formats ends
// pathscope-cli within 0.5 s of the signal, with exit code 130, nothing on standard output and
// no file written. The inputs are scripts/bench/write-scaling-input.py's, at ten times the sizes
// scripts/bench/load-scaling.sh starts from (each load reads tens of MB for several tenths of a CPU
// second, so the signal, sent 0.1 s after the input was opened, lands mid-read); they are
// written once for all formats, two generators at a time.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <ostream>
#include <memory>
#include <string>
#include <vector>

#include "cli_binary.hpp"

namespace {

namespace fs = std::filesystem;
using test_support::CliRunSetup;
using test_support::run_cli;
using test_support::ScratchFolder;

struct FormatCase {
  const char* format;
  long units;  // write-scaling-input.py's N: nodes, or arcs for tsplib and entries for dense
};

// load-scaling.sh's base sizes, times ten.
const FormatCase kCases[] = {
    {"dimacs", 640000},  {"metis", 1100000}, {"json", 200000},   {"tsplib", 10000000}, {"mtx", 800000},
    {"dense", 15000000}, {"graphml", 150000}, {"gexf", 120000},  {"gml", 180000},      {"pajek", 900000},
    {"codex", 130000},   {"neuprint", 230000}, {"lgl", 800000},  {"edge-table", 1100000}};

// Named in gtest's messages by its format.
void PrintTo(const FormatCase& c, std::ostream* out) { *out << c.format; }

constexpr double kSignalAfterOpenSeconds = 0.1;
constexpr double kMaxSecondsToExit = 0.5;

class SignalDuringLoad : public ::testing::TestWithParam<FormatCase> {
 protected:
  static void SetUpTestSuite() {
    inputs_ = std::make_unique<ScratchFolder>();
    std::string jobs;
    for (const auto& c : kCases)
      jobs += std::string(c.format) + " " + std::to_string(c.units) + " " + inputs_->file(c.format) + "\n";
    const std::string list = inputs_->write("jobs.txt", jobs);
    // The script prints the path to load; each format's goes to its own .path file.
    const std::string command = "xargs -P 2 -L 1 sh -c '\"" PATHSCOPE_PYTHON3 "\" \"" PATHSCOPE_SCALING_SCRIPT
                                "\" \"$0\" \"$1\" \"$2\" > \"$2.path\"' < \"" + list + "\"";
    generated_ = std::system(command.c_str()) == 0;
  }
  static void TearDownTestSuite() { inputs_.reset(); }

  static std::unique_ptr<ScratchFolder> inputs_;
  static bool generated_;
};
std::unique_ptr<ScratchFolder> SignalDuringLoad::inputs_;
bool SignalDuringLoad::generated_ = false;

TEST_P(SignalDuringLoad, EndsWithin500msWithExit130AndNothingWritten) {
  ASSERT_TRUE(generated_) << "scripts/bench/write-scaling-input.py failed";
  const FormatCase& c = GetParam();
  std::string input = test_support::read_text(inputs_->file(c.format) + ".path");
  while (!input.empty() && (input.back() == '\n' || input.back() == '\r')) input.pop_back();
  ASSERT_TRUE(fs::exists(input)) << c.format << ": no input at '" << input << "'";

  // The three stop signals in turn, by format.
  const int signals[] = {SIGINT, SIGTERM, SIGHUP};
  std::size_t index = 0;
  while (std::string(kCases[index].format) != c.format) ++index;
  const int signal_number = signals[index % 3];
  ScratchFolder outputs;
  CliRunSetup setup;
  setup.signal_number = signal_number;
  setup.signal_after_seconds = kSignalAfterOpenSeconds;
  setup.signal_once_open = input;
  const auto run = run_cli({"--quiet", "export", input, "--input-format", c.format, "--out", outputs.file("graph.json")},
                           120, setup);

  std::printf("[ signal   ] %-10s signal %d: exit %d, %.3f s from signal to exit\n", c.format, signal_number, run.code,
              run.signal_to_exit_seconds);
  ASSERT_TRUE(run.signalled_while_open) << c.format << ": the load ended before the signal; the input is too small "
                                        << "for this machine (" << run.describe() << ")";
  ASSERT_TRUE(run.exited) << c.format << ": " << run.describe();
  EXPECT_EQ(run.code, 130) << c.format << ": " << run.describe();
  EXPECT_LT(run.signal_to_exit_seconds, kMaxSecondsToExit) << c.format;
  EXPECT_EQ(run.out, "") << c.format;
  EXPECT_NE(run.err.find("cancelled"), std::string::npos) << c.format << ": " << run.err;
  std::vector<std::string> left;
  for (const auto& entry : fs::directory_iterator(outputs.path())) left.push_back(entry.path().filename().string());
  EXPECT_TRUE(left.empty()) << c.format << ": " << left.size() << " files written, first " << left.front();
}

INSTANTIATE_TEST_SUITE_P(EveryFormat, SignalDuringLoad, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<FormatCase>& info) {
                           std::string name = info.param.format;
                           for (char& ch : name)
                             if (ch == '-') ch = '_';
                           return name;
                         });

}  // namespace
