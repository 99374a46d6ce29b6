#include "bench_table.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "option_checks.hpp"
#include "pathscope/runtime/error.hpp"
#include "progress_printer.hpp"

namespace pathscope::cli {

void BenchRepeat::add_to(CLI::App& command) {
  command.add_option("--repeat", repeat, "Runs per engine; the median is shown")
      ->capture_default_str()
      ->check(whole_number_in(1, kMaxBenchRuns));
  command.add_option("--warmup", warmup, "Untimed runs per engine before the timed ones")
      ->capture_default_str()
      ->check(whole_number_in(0, kMaxBenchRuns));
}

void BenchRepeat::check() const {
  if (repeat < 1 || repeat > kMaxBenchRuns || warmup < 0 || warmup > kMaxBenchRuns)
    throw Error("--repeat must be from 1 to " + std::to_string(kMaxBenchRuns) + " and --warmup from 0 to " +
                std::to_string(kMaxBenchRuns));
}

BenchRow BenchRow::not_run(std::string name, std::string why) {
  BenchRow row;
  row.name = std::move(name);
  row.unavailable = std::move(why);
  return row;
}

BenchRow measure(const std::string& name, const BenchRepeat& repeat,
                 const std::function<BenchRun(const JobContext&)>& run_once) {
  BenchRow row;
  row.name = name;
  std::vector<BenchRun> timed;
  for (int i = 0; i < repeat.warmup + repeat.repeat; ++i) {
    ProgressPrinter progress(name);
    BenchRun run = run_once(progress.context());
    if (i < repeat.warmup) continue;
    if (!timed.empty() && timed.front().answer != run.answer)
      throw Error(name + " gave different answers on repeated runs: the engine is not deterministic");
    row.runs.push_back(run.timing.seconds);
    timed.push_back(std::move(run));
  }
  std::sort(timed.begin(), timed.end(), [](const BenchRun& a, const BenchRun& b) { return a.timing.seconds < b.timing.seconds; });
  row.timing = timed[timed.size() / 2].timing;
  row.answer = timed.front().answer;
  row.rate = row.timing.updates_per_second();
  return row;
}

const BenchRow* BenchTable::baseline() const {
  const BenchRow* first = nullptr;
  for (const auto& row : rows_)
    if (row.ran() && row.name == baseline_name_) return &row;
    else if (row.ran() && !first) first = &row;
  return first;
}

bool BenchTable::agrees(std::size_t i) const {
  if (agrees_) return agrees_(i);
  const auto first = std::find_if(rows_.begin(), rows_.end(), [](const BenchRow& r) { return r.ran(); });
  return first != rows_.end() && rows_[i].answer == first->answer;
}

bool BenchTable::all_agree() const {
  for (std::size_t i = 0; i < rows_.size(); ++i)
    if (rows_[i].ran() && !agrees(i)) return false;
  return true;
}

int BenchTable::ran_count() const {
  return static_cast<int>(std::count_if(rows_.begin(), rows_.end(), [](const BenchRow& r) { return r.ran(); }));
}

// NaN when a side is zero (a one-stop tour takes no measurable time): no ratio is defined, and
// the table shows "-" (JSON null) rather than 0x, inf or nan.
double BenchTable::ratio(const BenchRow& row, bool by_rate) const {
  const BenchRow* base = baseline();
  constexpr double undefined = std::numeric_limits<double>::quiet_NaN();
  if (!base) return undefined;
  const double top = by_rate ? row.rate : base->timing.seconds, bottom = by_rate ? base->rate : row.timing.seconds;
  return top > 0 && bottom > 0 && std::isfinite(top) && std::isfinite(bottom) ? top / bottom : undefined;
}

namespace {
nlohmann::json ratio_json(double ratio) { return std::isnan(ratio) ? nlohmann::json() : nlohmann::json(ratio); }
std::string ratio_text(double ratio) { return std::isnan(ratio) ? "-" : fmt::format("{:.1f}x", ratio); }
}  // namespace

nlohmann::json BenchTable::json_rows() const {
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    const BenchRow& r = rows_[i];
    nlohmann::json j = {{layout_.name_key, r.name}};
    if (!r.ran()) j["unavailable"] = r.unavailable;
    else {
      j.update({{"ran_as", r.timing.engine}, {"device", r.timing.device}, {"seconds", r.timing.seconds},
                {"compute_seconds", r.timing.compute_seconds}, {"transfer_seconds", r.timing.transfer_seconds},
                {"runs", r.runs}, {layout_.rate_key, r.rate}});
      if (!layout_.answer_key.empty()) j[layout_.answer_key] = r.answer;
      if (!layout_.time_ratio_key.empty()) j[layout_.time_ratio_key] = ratio_json(ratio(r, false));
      if (!layout_.rate_ratio_key.empty()) j[layout_.rate_ratio_key] = ratio_json(ratio(r, true));
      if (!layout_.equal_key.empty()) j[layout_.equal_key] = agrees(i);
      j.update(r.fields);
    }
    rows.push_back(j);
  }
  return rows;
}

void BenchTable::print() const {
  auto cell = [](const std::string& text, int width) {
    return width < 0 ? fmt::format(" {:<{}}", text, -width) : fmt::format(" {:>{}}", text, width);
  };
  // The ratio columns: (by rate, header); "time vs X" and "rate vs X" when both are shown.
  std::vector<std::pair<bool, std::string>> ratios;
  const std::string versus = baseline() ? "vs " + baseline()->name : "ratio";
  const bool both = !layout_.time_ratio_key.empty() && !layout_.rate_ratio_key.empty();
  if (!layout_.time_ratio_key.empty()) ratios.emplace_back(false, both ? "time " + versus : versus);
  if (!layout_.rate_ratio_key.empty()) ratios.emplace_back(true, both ? "rate " + versus : versus);
  int name_width = static_cast<int>(layout_.name_key.size());
  for (const auto& r : rows_) name_width = std::max<int>(name_width, (r.label.empty() ? r.name : r.label).size());

  std::string line = fmt::format("{:<{}} {:>11} {:>12}", layout_.name_key, name_width, "seconds", layout_.rate_header);
  for (const auto& [by_rate, header] : ratios) line += cell(header, std::max<int>(9, header.size()));
  for (const auto& [header, width] : layout_.columns) line += cell(header, width);
  if (!layout_.answer_header.empty()) line += " " + cell(layout_.answer_header, -16);
  fmt::print("{}{}  device\n", line, layout_.equal_key.empty() ? "" : " equal");
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    const BenchRow& r = rows_[i];
    const std::string label = r.label.empty() ? r.name : r.label;
    if (!r.ran()) {
      fmt::print("{:<{}} unavailable: {}\n", label, name_width, r.unavailable);
      continue;
    }
    line = fmt::format("{:<{}} {:>11.6f} {:>12.4g}", label, name_width, r.timing.seconds, r.rate);
    for (const auto& [by_rate, header] : ratios)
      line += cell(ratio_text(ratio(r, by_rate)), std::max<int>(9, header.size()));
    for (std::size_t c = 0; c < layout_.columns.size(); ++c)
      line += cell(c < r.cells.size() ? r.cells[c] : "", layout_.columns[c].second);
    if (!layout_.answer_header.empty()) line += " " + cell(r.answer, -16);
    if (!layout_.equal_key.empty()) line += agrees(i) ? " yes  " : " NO   ";
    fmt::print("{}  {}\n", line, r.timing.device);
  }
  if (ran_count() < 2) fmt::print("{}: fewer than two rows ran, nothing to compare\n", layout_.answers_noun);
  else fmt::print("{} {}\n", layout_.answers_noun, all_agree() ? "all equal" : "DIFFER");
}

}  // namespace pathscope::cli
