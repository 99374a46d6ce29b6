// Every numeric option of every pathscope-cli command, and every size in the generator specs,
// given extreme values: the binary must end by itself (no signal, within a time limit), with
// exit 0 or a clean error and a message on stderr; values that mean nothing (NaN, the
// infinities, words, negative counts) must be refused with a message naming the option.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_binary.hpp"

namespace {

using test_support::run_cli;

const std::string kGraph = "random:n=40,deg=3,seed=1,undirected";
const std::string kTable = "random-table:rows=40,cols=6,seed=1";

struct Command {
  std::vector<std::string> base;      // the command and a small valid input
  std::vector<std::string> options;   // its numeric options
};

struct Option {
  std::string flag;
  bool negative_ok = false;  // thresholds: any finite number means something
  bool huge_ok = false;
};

Option option_rules(const std::string& flag) {
  if (flag == "--min-weight" || flag == "--no-arc") return {flag, true, true};
  return {flag};
}

const std::vector<std::string> kInputOptions = {"--min-weight", "--no-arc"};
const std::vector<std::string> kResourceOptions = {"--threads"};
const std::vector<std::string> kSolverOptions = {"--seed", "--time-limit", "--kicks", "--starts"};
const std::vector<std::string> kRepeatOptions = {"--repeat", "--warmup"};
const std::vector<std::string> kThresholdOptions = {"--max-p", "--min-abs-rho"};

std::vector<std::string> join(std::initializer_list<std::vector<std::string>> parts) {
  std::vector<std::string> all;
  for (const auto& p : parts) all.insert(all.end(), p.begin(), p.end());
  return all;
}

std::vector<Command> commands() {
  return {
      {{"info", kGraph}, kInputOptions},
      {{"apsp", kGraph}, join({kInputOptions, kResourceOptions, {"--chunk", "--zstd"}})},
      {{"path", kGraph, "0", "5"}, join({kInputOptions, kResourceOptions})},
      {{"tsp", kGraph, "--stops", "0,1,2"}, join({kInputOptions, kResourceOptions, kSolverOptions, {"--optimum"}})},
      {{"closure", kGraph}, join({kInputOptions, kResourceOptions})},
      {{"reach", kGraph, "0"}, join({kInputOptions, {"--max-hops", "--show"}})},
      {{"correlate", kTable, "--count-only"}, join({kResourceOptions, kThresholdOptions})},
      {{"bench", "apsp", kGraph, "--engines", "textbook"}, join({kInputOptions, kResourceOptions, kRepeatOptions})},
      {{"bench", "tsp", kGraph, "--stops", "0,1,2", "--backends", "cpu"},
       join({kInputOptions, kResourceOptions, kSolverOptions, {"--cpu-time-limit", "--warmup"}})},
      {{"bench", "closure", kGraph, "--engines", "bitset"}, join({kInputOptions, kResourceOptions, kRepeatOptions})},
      {{"bench", "correlate", kTable, "--backends", "cpu", "--count-only"},
       join({kResourceOptions, kThresholdOptions, kRepeatOptions, {"--rerank-rows"}})},
      {{"metrics", kGraph}, join({kInputOptions, kResourceOptions, {"--top", "--samples", "--seed", "--pagerank-alpha"}})},
      {{"bench", "centrality", kGraph, "--engines", "cpu"},
       join({kInputOptions, kResourceOptions, kRepeatOptions, {"--samples", "--seed", "--pagerank-alpha"}})},
      {{"flow", "connectome:n=300,types=6,seed=1", "--seeds", "KC1", "--repetitions", "10"},
       join({kResourceOptions, {"--repetitions", "--saturation-share", "--min-share", "--max-steps", "--seed", "--top"}})},
  };
}

std::string command_line(const std::vector<std::string>& args) {
  std::string text = "pathscope-cli";
  for (const auto& a : args) text += " " + a;
  return text;
}

// Ended by itself, exit 0 or an error with a message.
void expect_clean(const test_support::CliRun& run, const std::vector<std::string>& args) {
  ASSERT_FALSE(run.timed_out) << command_line(args) << "\n" << run.describe();
  ASSERT_TRUE(run.exited) << command_line(args) << "\n" << run.describe();
  if (run.code != 0) EXPECT_FALSE(run.err.empty()) << command_line(args) << "\n" << run.describe();
  // No allocator failure or C++ exception name reaches the person.
  EXPECT_EQ(run.err.find("bad_alloc"), std::string::npos) << command_line(args) << "\n" << run.describe();
  EXPECT_EQ(run.err.find("terminate"), std::string::npos) << command_line(args) << "\n" << run.describe();
}

void expect_refused(const test_support::CliRun& run, const std::vector<std::string>& args, const std::string& names) {
  expect_clean(run, args);
  EXPECT_NE(run.code, 0) << command_line(args) << " was accepted\n" << run.describe();
  EXPECT_NE(run.err.find(names), std::string::npos)
      << command_line(args) << ": the message does not name " << names << "\n" << run.describe();
}

constexpr double kRunLimit = 20;

TEST(CliOptionSweep, EveryBaseCommandRuns) {
  for (const auto& c : commands()) {
    const auto run = run_cli(c.base, kRunLimit);
    expect_clean(run, c.base);
    EXPECT_EQ(run.code, 0) << command_line(c.base) << "\n" << run.describe();
  }
}

TEST(CliOptionSweep, ExtremeNumbersOfEveryOption) {
  const std::vector<std::string> meaningless = {"nan", "NaN", "inf", "-inf", "abc", ""};
  const std::vector<std::string> negative = {"-1", "-1e300"};
  const std::vector<std::string> huge = {"1e300", "99999999999999999999"};
  const std::vector<std::string> other = {"0", "1.5"};
  for (const auto& c : commands())
    for (const auto& flag : c.options) {
      const Option rules = option_rules(flag);
      auto with = [&](const std::string& value) {
        auto args = c.base;
        args.push_back(flag + "=" + value);
        return args;
      };
      for (const auto& v : meaningless) {
        const auto args = with(v);
        expect_refused(run_cli(args, kRunLimit), args, flag);
      }
      for (const auto& v : negative) {
        const auto args = with(v);
        if (rules.negative_ok) expect_clean(run_cli(args, kRunLimit), args);
        else expect_refused(run_cli(args, kRunLimit), args, flag);
      }
      for (const auto& v : huge) {
        const auto args = with(v);
        if (rules.huge_ok) expect_clean(run_cli(args, kRunLimit), args);
        else expect_refused(run_cli(args, kRunLimit), args, flag);
      }
      for (const auto& v : other) {
        const auto args = with(v);
        expect_clean(run_cli(args, kRunLimit), args);
      }
    }
}

TEST(CliOptionSweep, ThreadCountsAboveTheCap) {
  for (const auto& c : commands())
    for (const auto& flag : c.options)
      if (flag == "--threads")
        for (const std::string v : {"100000", "2147483647", "2147483648"}) {
          auto args = c.base;
          args.push_back("--threads=" + v);
          expect_refused(run_cli(args, kRunLimit), args, "threads");
        }
}

TEST(CliOptionSweep, MemoryBudgets) {
  const std::vector<std::vector<std::string>> with_budgets = {
      {"apsp", kGraph}, {"closure", kGraph}, {"tsp", kGraph, "--stops", "0,1,2"},
      {"correlate", kTable, "--count-only"}, {"bench", "apsp", kGraph, "--engines", "textbook"}};
  for (const auto& base : with_budgets)
    for (const std::string flag : {"--memory-budget", "--gpu-mem"})
      for (const std::string v : {"0", "0B", "12zz", "-1", "nan", "inf", "1e30", "abc", "1e30TiB"}) {
        auto args = base;
        args.push_back(flag + "=" + v);
        expect_refused(run_cli(args, kRunLimit), args, flag);
      }
  // More than this machine has: refused before any allocation.
  for (const auto& base : with_budgets) {
    auto args = base;
    args.push_back("--memory-budget=4096TiB");
    expect_refused(run_cli(args, kRunLimit), args, "memory");
  }
}

TEST(CliOptionSweep, GpuSets) {
  const std::vector<std::vector<std::string>> with_gpus = {
      {"apsp", kGraph}, {"correlate", kTable, "--count-only"}, {"bench", "apsp", kGraph, "--engines", "textbook"},
      {"bench", "correlate", kTable, "--backends", "cpu", "--count-only"}};
  for (const auto& base : with_gpus)
    for (const std::string v : {"-1", "nan", "inf", "1e30", "abc", "65", "0,", "0+64", "2147483648", "1.5"}) {
      auto args = base;
      args.push_back("--gpus=" + v);
      expect_refused(run_cli(args, kRunLimit), args, "gpus");
    }
}

TEST(CliOptionSweep, GeneratorSpecSizes) {
  struct Case {
    std::vector<std::string> prefix;  // the command before the spec
    std::string spec_head, spec_tail;  // spec = head + value + tail
    std::vector<std::string> after;
    std::vector<std::string> bad;
  };
  const std::vector<std::string> common_bad = {"-1", "nan", "inf", "abc", "1e300", "", "1.5"};
  auto plus = [&](std::vector<std::string> extra) {
    extra.insert(extra.end(), common_bad.begin(), common_bad.end());
    return extra;
  };
  const std::vector<Case> cases = {
      {{"info"}, "random:n=", ",deg=3", {}, plus({"0", "100000001"})},
      {{"info"}, "random:n=50,deg=", "", {}, {"-1", "nan", "inf", "abc", "1e300", "", "10001"}},  // 1.5: a mean degree
      {{"info"}, "random:n=50,deg=3,seed=", "", {}, {"-1", "nan", "abc", "1.5"}},
      {{"info"}, "random:n=50,deg=3,wmin=", "", {}, {"nan", "inf", "abc", "1e300", "1.5"}},
      {{"correlate"}, "random-table:rows=", ",cols=5", {"--count-only"}, plus({"0", "1099511627777"})},
      {{"correlate"}, "random-table:rows=20,cols=", "", {"--count-only"}, plus({"0", "1048577"})},
      {{"correlate"}, "random-table:rows=20,cols=5,levels=", "", {"--count-only"}, plus({"0"})},
      {{"bench", "tsp"}, "random-stops:k=", "", {"--backends", "cpu"}, plus({"0", "100001", "5x"})},
      {{"bench", "tsp"}, "random-stops:k=5,seed=", "", {"--backends", "cpu"}, {"-1", "nan", "abc", "1.5"}},
  };
  for (const auto& c : cases)
    for (const auto& v : c.bad) {
      auto args = c.prefix;
      args.push_back(c.spec_head + v + c.spec_tail);
      args.insert(args.end(), c.after.begin(), c.after.end());
      const auto run = run_cli(args, kRunLimit);
      expect_clean(run, args);
      EXPECT_NE(run.code, 0) << command_line(args) << " was accepted\n" << run.describe();
    }
  // Sizes within the options' ranges but beyond the memory they may use are refused, not
  // attempted. The sizes are terabytes, or the budget is given, so that no machine this suite
  // runs on (a 2-core CI box or a 128 GiB GPU host) has room for them.
  for (const std::vector<std::string> args :
       {std::vector<std::string>{"bench", "tsp", "random-stops:k=100000", "--backends", "cpu", "--memory-budget", "1GiB"},
        std::vector<std::string>{"correlate", "random-table:rows=2000000000,cols=1000", "--count-only"},
        std::vector<std::string>{"info", "random:n=100000000,deg=10000"}}) {
    const auto run = run_cli(args, kRunLimit);
    expect_clean(run, args);
    EXPECT_NE(run.code, 0) << command_line(args) << " was accepted\n" << run.describe();
  }
}

}  // namespace
