#pragma once
// The table every `bench` sub-command prints: one row per engine (or back end) run on the same
// input, the median of its timed runs, ratios to a baseline row, and whether every row gave the
// same answer; as text for people, or as JSON rows whose keys scripts rely on.
#include <CLI/CLI.hpp>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "pathscope/runtime/job.hpp"

namespace pathscope::cli {

// More runs than this is a slip of the keyboard: a bench would then run for days.
inline constexpr int kMaxBenchRuns = 1000;

struct BenchRepeat {  // --repeat and --warmup
  int repeat = 1, warmup = 0;
  void add_to(CLI::App& command);
  void check() const;  // throws Error unless 1 <= repeat and 0 <= warmup, both at most kMaxBenchRuns
};

// One run's Timing and answer; equal answers mean equal results (a checksum, a digest).
struct BenchRun {
  Timing timing;
  std::string answer;
};

struct BenchRow {
  std::string name;          // as asked on the command line
  std::string label;         // the first text column; empty: the name
  std::string unavailable;   // why it did not run; empty when it ran
  Timing timing;             // of the median run
  std::vector<double> runs;  // seconds of every timed run
  std::string answer;
  double rate = 0;                                    // work per second, in the layout's unit
  std::vector<std::string> cells;                     // the sub-command's own text columns
  nlohmann::json fields = nlohmann::json::object();  // the sub-command's own JSON fields
  bool ran() const { return unavailable.empty(); }
  static BenchRow not_run(std::string name, std::string why);
};

// `warmup` untimed and `repeat` timed runs of run_once, each with its progress line; the row
// keeps the median run, with rate = its updates per second. Throws Error when two timed runs
// answer differently: the engine is then not deterministic.
BenchRow measure(const std::string& name, const BenchRepeat& repeat,
                 const std::function<BenchRun(const JobContext&)>& run_once);

// What a sub-command's table shows; an empty key or header leaves that column out.
struct BenchLayout {
  std::string name_key = "engine";  // JSON key and header of the first column
  std::string rate_header = "updates/s", rate_key = "updates_per_second";
  std::string time_ratio_key = "speedup_vs_first";  // baseline seconds / row seconds
  std::string rate_ratio_key;                       // row rate / baseline rate
  std::vector<std::pair<std::string, int>> columns;  // the cells' headers and widths (< 0: left-aligned)
  std::string answer_header = "checksum", answer_key = "checksum";
  std::string equal_key;                   // each row's agreement, also shown as an "equal" column
  std::string answers_noun = "checksums";  // "checksums all equal"
};

class BenchTable {
 public:
  explicit BenchTable(BenchLayout layout) : layout_(std::move(layout)) {}
  void add(BenchRow row) { rows_.push_back(std::move(row)); }
  const std::vector<BenchRow>& rows() const { return rows_; }
  // Ratios are to the row named here when it ran, otherwise to the first row that ran.
  void set_baseline(std::string name) { baseline_name_ = std::move(name); }
  const BenchRow* baseline() const;
  // Row i agrees when its answer equals the first row's that ran, unless the sub-command says
  // otherwise (partial runs, answers compared with a tolerance).
  void set_agreement(std::function<bool(std::size_t)> agrees) { agrees_ = std::move(agrees); }
  bool agrees(std::size_t i) const;
  bool all_agree() const;
  int ran_count() const;

  nlohmann::json json_rows() const;
  void print() const;  // header, rows, and the agreement line

 private:
  double ratio(const BenchRow& row, bool by_rate) const;
  BenchLayout layout_;
  std::vector<BenchRow> rows_;
  std::string baseline_name_;
  std::function<bool(std::size_t)> agrees_;
};

}  // namespace pathscope::cli
