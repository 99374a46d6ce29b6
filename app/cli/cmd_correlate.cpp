// `correlate` and `bench correlate`: correlation networks over the rows of a table.
#include <fmt/core.h>

#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "comma_list.hpp"
#include "commands.hpp"
#include "pathscope/correlate.hpp"
#include "pathscope/error.hpp"
#include "pathscope/random_graph.hpp"
#include "pathscope/table.hpp"
#include "progress_printer.hpp"

namespace pathscope::cli {
namespace {

struct TableArguments {
  std::string table;
  TableOptions options;
  std::string delimiter;

  void add_to(CLI::App& command) {
    command.add_option("table", table, "TSV/CSV file, or random-table:rows=R,cols=C,seed=S[,levels=L]")->required();
    command.add_option("--columns", options.columns,
                       "Value columns: empty = every numeric column; regex:PATTERN; or names/1-based numbers, comma-separated");
    command.add_option("--row-names", options.row_names, "Column with the row names (name or 1-based number)");
    command.add_option("--header", options.header, "auto, yes or no")->capture_default_str();
    command.add_option("--delimiter", delimiter, "tab, comma, semicolon or space (default: detected)");
  }

  std::unique_ptr<RowSource> open() const {
    TableOptions chosen = options;
    if (delimiter == "tab") chosen.delimiter = '\t';
    else if (delimiter == "comma") chosen.delimiter = ',';
    else if (delimiter == "semicolon") chosen.delimiter = ';';
    else if (delimiter == "space") chosen.delimiter = ' ';
    else if (!delimiter.empty()) throw Error("--delimiter must be tab, comma, semicolon or space");
    return open_table(table, chosen);
  }
};

struct Thresholds {
  std::string method = "spearman";
  std::optional<double> max_p, min_abs_rho;

  void add_to(CLI::App& command) {
    command.add_option("--method", method, "spearman or pearson")->capture_default_str();
    command.add_option("--max-p", max_p, "Keep pairs with two-sided p <= P");
    command.add_option("--min-abs-rho", min_abs_rho, "Keep pairs with |rho| >= R");
  }

  CorrelateOptions to_options(const TableLayout& layout) const {
    CorrelateOptions options;
    options.method = parse_correlation_method(method);
    options.min_abs_rho = combined_rho_cutoff(max_p, min_abs_rho, layout.columns());
    return options;
  }
};

nlohmann::json rows_json(const RowCatalog& rows) {
  nlohmann::json skipped = nlohmann::json::array();
  for (const auto& s : rows.skipped_examples)
    skipped.push_back({{"row", s.table_row}, {"line", s.line}, {"name", s.name}, {"reason", s.reason}});
  return {{"read", rows.rows_read},        {"used", rows.used()},
          {"skipped_missing", rows.skipped_missing}, {"skipped_constant", rows.skipped_constant},
          {"skipped_examples", skipped},   {"samples", rows.samples}};
}

void print_rows(const TableLayout& layout, const RowCatalog& rows) {
  fmt::print("table      {}: {} rows read, {} used, {} columns\n", layout.source, rows.rows_read, rows.used(), rows.samples);
  if (!layout.skipped_columns.empty()) {
    std::string list;
    for (std::size_t k = 0; k < layout.skipped_columns.size() && k < 6; ++k) list += (k ? ", " : "") + layout.skipped_columns[k];
    if (layout.skipped_columns.size() > 6) list += fmt::format(", ... ({} in all)", layout.skipped_columns.size());
    fmt::print("skipped columns (not numeric): {}\n", list);
  }
  if (rows.skipped_missing + rows.skipped_constant > 0) {
    fmt::print("skipped rows: {} with a missing value, {} constant (no coefficient is defined for them)\n",
               rows.skipped_missing, rows.skipped_constant);
    for (const auto& s : rows.skipped_examples)
      fmt::print("  row {}{}{}: {}\n", s.table_row, s.line ? fmt::format(" (line {})", s.line) : "",
                 s.name.empty() ? "" : " " + s.name, s.reason);
  }
}

struct CorrelateCommand {
  TableArguments table;
  Thresholds thresholds;
  std::string out, graph, graph_weight = "inverse", backend = "cpu";
  bool count_only = false, json = false;

  void run() const {
    const bool counting = count_only || out == "/dev/null";
    if (!counting && out.empty()) throw Error("give --out EDGES.tsv, or --count-only to count the survivors");
    if (counting && !graph.empty()) throw Error("--graph needs the survivors: leave out --count-only");
    auto source = table.open();
    CorrelateOptions options = thresholds.to_options(source->layout());
    options.count_only = counting;
    std::vector<std::unique_ptr<PairSink>> sinks;
    if (!counting) sinks.push_back(make_tsv_pair_sink(out));
    if (!graph.empty()) sinks.push_back(make_graph_pair_sink(graph, graph_weight));
    auto sink = sinks.empty() ? nullptr : make_fan_out_sink(std::move(sinks));
    auto engine = make_correlation_engine(backend);
    if (const auto reason = engine->unavailable_reason(); !reason.empty())
      throw Error("backend " + backend + " is unavailable: " + reason);
    CorrelateResult result;
    {
      ProgressPrinter progress("correlate " + backend);
      result = engine->run(*source, options, sink.get(), progress.context());
    }
    const double compute = result.timing.compute_seconds;
    if (json) {
      nlohmann::json doc = {{"table", source->layout().source},
                            {"method", thresholds.method},
                            {"backend", backend},
                            {"device", result.timing.device},
                            {"arithmetic", result.arithmetic},
                            {"rows", rows_json(result.rows)},
                            {"skipped_columns", source->layout().skipped_columns},
                            {"rho_cutoff", options.min_abs_rho},
                            {"pairs_tested", result.pairs_tested},
                            {"survivors", result.survivors},
                            {"seconds", result.timing.seconds},
                            {"load_seconds", result.load_seconds},
                            {"compute_seconds", compute},
                            {"transfer_seconds", result.timing.transfer_seconds},
                            {"pairs_per_second", compute > 0 ? result.pairs_tested / compute : 0.0},
                            {"out", counting ? nlohmann::json() : nlohmann::json(out)},
                            {"graph", graph.empty() ? nlohmann::json() : nlohmann::json(graph)}};
      if (thresholds.max_p) doc["max_p"] = *thresholds.max_p;
      if (thresholds.min_abs_rho) doc["min_abs_rho"] = *thresholds.min_abs_rho;
      fmt::print("{}\n", doc.dump(2));
      return;
    }
    print_rows(source->layout(), result.rows);
    fmt::print("method     {} ({}), |rho| cut-off {:.6f}\n", thresholds.method, result.arithmetic, options.min_abs_rho);
    fmt::print("backend    {} on {}\n", backend, result.timing.device);
    fmt::print("pairs      {} tested, {} survived\n", result.pairs_tested, result.survivors);
    fmt::print("time       {:.3f} s in all: {:.3f} s reading and ranking, {:.3f} s pairs ({:.3g} pairs/s)\n",
               result.timing.seconds, result.load_seconds, compute, compute > 0 ? result.pairs_tested / compute : 0.0);
    if (!counting) fmt::print("wrote      {}{}\n", out, graph.empty() ? "" : " and " + graph);
  }
};

// Order-independent digest of a survivor set, so backends can be compared without holding
// it; a second digest covers only the pairs whose first row is below `limit`, to compare with
// a baseline run on that part of the triangle.
struct Digest {
  std::uint64_t pair_hash = 0, survivors = 0;
  double rho_sum = 0;
  bool operator==(const Digest& other) const {
    return survivors == other.survivors && pair_hash == other.pair_hash &&
           std::fabs(rho_sum - other.rho_sum) <= 1e-6 * (1.0 + survivors);
  }
};

class FingerprintSink final : public PairSink {
 public:
  explicit FingerprintSink(std::int64_t limit = 0) : limit_(limit) {}
  void begin(const RowCatalog& rows) override { rows_ = &rows; }
  void consume(const CorrelationPair* pairs, std::size_t count) override {
    for (std::size_t k = 0; k < count; ++k) {
      const auto i = static_cast<std::uint64_t>(rows_->table_row[pairs[k].i]);
      const auto j = static_cast<std::uint64_t>(rows_->table_row[pairs[k].j]);
      const std::uint64_t hash = SplitMix64(i * 0x9E3779B97F4A7C15ull ^ j).next();
      add(all, hash, pairs[k].rho);
      if (pairs[k].i < limit_) add(limited, hash, pairs[k].rho);
    }
  }
  Digest all, limited;

 private:
  static void add(Digest& d, std::uint64_t hash, double rho) {
    d.pair_hash += hash;
    d.rho_sum += rho;
    ++d.survivors;
  }
  std::int64_t limit_;
  const RowCatalog* rows_ = nullptr;
};

struct BenchRow {
  std::string backend, unavailable;
  bool partial = false;  // a baseline run on the first rows only
  CorrelateResult result;
  std::unique_ptr<FingerprintSink> fingerprint;
  double pairs_per_second() const {
    return result.timing.compute_seconds > 0 ? result.pairs_tested / result.timing.compute_seconds : 0.0;
  }
};

struct BenchCorrelateCommand {
  TableArguments table;
  Thresholds thresholds;
  std::string backends = "cpu,cpu-rerank";
  std::int64_t rerank_rows = 0;
  bool count_only = false, json = false;

  void run() const {
    const std::vector<std::string> names = split_comma_list(backends);
    if (names.empty()) throw Error("--backends lists no backend");
    std::vector<std::unique_ptr<BenchRow>> rows;
    TableLayout layout;
    CorrelateOptions options;
    for (const auto& name : names) {
      auto row = std::make_unique<BenchRow>();
      row->backend = name;
      row->partial = name == "cpu-rerank" && rerank_rows > 0;
      row->fingerprint = std::make_unique<FingerprintSink>(rerank_rows);
      auto engine = make_correlation_engine(name);
      row->unavailable = engine->unavailable_reason();
      if (row->unavailable.empty()) {
        auto source = table.open();  // each backend reads the table afresh, as a run would
        layout = source->layout();
        options = thresholds.to_options(layout);
        options.count_only = count_only;
        options.row_limit = row->partial ? rerank_rows : 0;
        ProgressPrinter progress("bench correlate " + name);
        row->result = engine->run(*source, options, count_only ? nullptr : row->fingerprint.get(), progress.context());
      }
      rows.push_back(std::move(row));
    }
    const BenchRow* reference = nullptr;
    for (const auto& r : rows)
      if (r->unavailable.empty() && !r->partial && !reference) reference = r.get();
    const BenchRow* baseline = nullptr;
    for (const auto& r : rows)
      if (r->unavailable.empty() && r->backend == "cpu-rerank") baseline = r.get();
    if (!baseline) baseline = reference;
    auto equal = [&](const BenchRow& r) {
      if (!reference || count_only) return reference && !r.partial && r.result.survivors == reference->result.survivors;
      return r.fingerprint->all == (r.partial ? reference->fingerprint->limited : reference->fingerprint->all);
    };
    bool all_equal = true;
    for (const auto& r : rows)
      if (r->unavailable.empty()) all_equal = all_equal && equal(*r);
    if (json) {
      nlohmann::json out = nlohmann::json::array();
      for (const auto& r : rows) {
        if (!r->unavailable.empty()) {
          out.push_back({{"backend", r->backend}, {"unavailable", r->unavailable}});
          continue;
        }
        const auto& t = r->result.timing;
        out.push_back({{"backend", r->backend},
                       {"device", t.device},
                       {"arithmetic", r->result.arithmetic},
                       {"seconds", t.seconds},
                       {"load_seconds", r->result.load_seconds},
                       {"compute_seconds", t.compute_seconds},
                       {"pairs_tested", r->result.pairs_tested},
                       {"pairs_per_second", t.compute_seconds > 0 ? r->result.pairs_tested / t.compute_seconds : 0.0},
                       {"survivors", r->result.survivors},
                       {"speedup_vs_baseline", baseline ? r->pairs_per_second() / baseline->pairs_per_second() : 0.0},
                       {"first_rows_only", r->partial ? nlohmann::json(rerank_rows) : nlohmann::json()},
                       {"equal_to_reference", equal(*r)}});
      }
      fmt::print("{}\n", nlohmann::json{{"table", table.table},
                                        {"method", thresholds.method},
                                        {"rho_cutoff", options.min_abs_rho},
                                        {"backends", out},
                                        {"all_equal", all_equal}}
                             .dump(2));
      return;
    }
    if (reference) print_rows(layout, reference->result.rows);
    fmt::print("method {}, |rho| cut-off {:.6f}; speed-up = pairs/s over {}'s{}\n", thresholds.method,
               options.min_abs_rho, baseline ? baseline->backend : "-",
               rerank_rows > 0 ? fmt::format(" (cpu-rerank: pairs of the first {} rows only, compared on those)", rerank_rows)
                               : "");
    fmt::print("{:<11} {:>10} {:>10} {:>10} {:>12} {:>14} {:>9} {:>6}  {}\n", "backend", "seconds", "load s", "pairs s",
               "pairs/s", "survivors", "speed-up", "equal", "device, arithmetic");
    for (const auto& r : rows) {
      if (!r->unavailable.empty()) {
        fmt::print("{:<11} unavailable: {}\n", r->backend, r->unavailable);
        continue;
      }
      const auto& t = r->result.timing;
      fmt::print("{:<11} {:>10.3f} {:>10.3f} {:>10.3f} {:>12.3g} {:>14} {:>8.1f}x {:>6}  {}, {}\n", r->backend, t.seconds,
                 r->result.load_seconds, t.compute_seconds,
                 r->pairs_per_second(), r->result.survivors, r->pairs_per_second() / baseline->pairs_per_second(),
                 equal(*r) ? "yes" : "NO", t.device,
                 r->result.arithmetic);
    }
    fmt::print("survivor sets {}\n", all_equal ? "all equal" : "DIFFER");
  }
};

}  // namespace

void add_correlate_commands(CLI::App& app, CLI::App& bench) {
  auto cmd = std::make_shared<CorrelateCommand>();
  auto* sub = app.add_subcommand("correlate", "Correlation network: Spearman or Pearson rho and p for every pair of rows");
  cmd->table.add_to(*sub);
  cmd->thresholds.add_to(*sub);
  sub->add_option("--out", cmd->out, "Survivors as 'i j rho p' TSV (/dev/null: count only)");
  sub->add_option("--graph", cmd->graph, "Also write the network: .json node-link, otherwise a source,target,weight CSV");
  sub->add_option("--graph-weight", cmd->graph_weight, "inverse (1/|rho|: strong = short) or abs")->capture_default_str();
  sub->add_option("--backend", cmd->backend, "cpu, gpu or cpu-rerank")->capture_default_str();
  sub->add_flag("--count-only", cmd->count_only, "Only count the survivors");
  sub->add_flag("--json", cmd->json, "Print JSON");
  sub->callback([cmd] { cmd->run(); });

  auto bench_cmd = std::make_shared<BenchCorrelateCommand>();
  auto* bench_sub = bench.add_subcommand("correlate", "Correlation backends side by side: seconds, pairs/s, survivors, equal");
  bench_cmd->table.add_to(*bench_sub);
  bench_cmd->thresholds.add_to(*bench_sub);
  bench_sub->add_option("--backends", bench_cmd->backends, "Comma-separated: cpu, gpu, cpu-rerank")->capture_default_str();
  bench_sub->add_option("--rerank-rows", bench_cmd->rerank_rows,
                        "cpu-rerank computes only the pairs of the first N rows (0: all); its pairs/s is compared")
      ->capture_default_str();
  bench_sub->add_flag("--count-only", bench_cmd->count_only, "Count survivors only (no survivor-set comparison)");
  bench_sub->add_flag("--json", bench_cmd->json, "Print JSON");
  bench_sub->callback([bench_cmd] { bench_cmd->run(); });
}

}  // namespace pathscope::cli
