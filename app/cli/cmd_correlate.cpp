// `correlate` and `bench correlate`: correlation networks over the rows of a table.
#include <fmt/core.h>

#include <cmath>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "bench_table.hpp"
#include "cli_output.hpp"
#include "comma_list.hpp"
#include "commands.hpp"
#include "out_file.hpp"
#include "output_format.hpp"
#include "option_checks.hpp"
#include "pathscope/correlate/correlate.hpp"
#include "pathscope/io/file_formats.hpp"
#include "pathscope/io/measurement_table.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"
#include "progress_printer.hpp"
#include "resource_options.hpp"

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
    command.footer(input_formats_help(InputKind::Table));
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
    command.add_option("--max-p", max_p, "Keep pairs with two-sided p <= P (needs at least 3 value columns)")
        ->check(number_above(0, 1));
    command.add_option("--min-abs-rho", min_abs_rho, "Keep pairs with |rho| >= R")->check(number_in(0, 1));
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
  ResourceFlags resources;
  std::string out, out_format, graph, graph_weight = "inverse", backend = "cpu";
  bool drop_isolated = false;
  bool count_only = false, json = false;

  // The survivors' file: .npy records by that name, else TSV; on standard output (--out -)
  // --output-format says which.
  bool binary_output() const {
    const bool npy_name = out.size() > 4 && out.compare(out.size() - 4, 4, ".npy") == 0;
    if (!out_format.empty() && out_format != "tsv" && out_format != "npy")
      throw UsageError("--output-format " + out_format + ": the survivors are written as tsv or npy");
    if (out != "-" && !out_format.empty() && (out_format == "npy") != npy_name)
      throw UsageError("--output-format " + out_format + " but the name " + out + (npy_name ? " says npy" : " does not end in .npy"));
    return out == "-" ? out_format == "npy" : npy_name;
  }

  void run() const {
    // --out /dev/null asks for no survivor table, like leaving --out out; only --count-only
    // also refuses a --graph, since it is the one flag that says "keep no pairs".
    const bool write_table = !out.empty() && out != "/dev/null";
    if (count_only && !graph.empty()) throw Error("--graph needs the survivors: leave out --count-only");
    if (!count_only && out.empty() && graph.empty())
      throw Error("give --out EDGES.tsv, --graph NETWORK.json, or --count-only to count the survivors");
    const bool counting = count_only || (!write_table && graph.empty());
    const bool binary = binary_output();
    // The .npy records' count goes into their header at the end: no streaming into a pipe.
    OutFile table_out("--out", write_table && !counting ? out : "", binary ? ".npy" : ".tsv", binary,
                      /*may_stream=*/!binary);
    std::vector<std::unique_ptr<PairSink>> sinks;
    // The graph sink checks its file name before any row is read.
    if (!graph.empty()) sinks.push_back(make_graph_pair_sink(graph, graph_weight, 50'000'000, drop_isolated));
    auto source = table.open();
    CorrelateOptions options = resources.applied_to(thresholds.to_options(source->layout()));
    options.count_only = counting;
    if (write_table && !counting)
      sinks.insert(sinks.begin(), binary ? make_npy_pair_sink(table_out.path(), options.threads)
                                         : make_tsv_pair_sink(table_out.path()));
    auto sink = sinks.empty() ? nullptr : make_fan_out_sink(std::move(sinks));
    auto engine = make_correlation_engine(backend);
    if (const auto reason = engine->unavailable_reason(); !reason.empty())
      throw Error("backend " + backend + " is unavailable: " + reason);
    CorrelateResult result;
    {
      ProgressPrinter progress("correlate " + backend);
      result = engine->run(*source, options, sink.get(), progress.context());
    }
    table_out.finish();
    const double compute = result.timing.compute_seconds;
    if (write_table && !counting && result.rows.samples < 3)
      note(fmt::format("note: {} has no p column: a p-value needs at least 3 samples (value columns), the table has {}",
                       table_out.shown(), result.rows.samples));
    if (const auto& d = source->duplicate_row_names(); d.count > 0)
      fmt::print(stderr, "warning: {} row name{} repeat (first: '{}' on lines {} and {}); the outputs cannot tell "
                 "rows that share a name apart: choose a column of unique names with --row-names\n",
                 d.count, d.count == 1 ? "" : "s", d.first_name, d.first_line, d.repeat_line);
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
                            {"out", counting || !write_table ? nlohmann::json() : nlohmann::json(table_out.shown())},
                            {"graph", graph.empty() ? nlohmann::json() : nlohmann::json(graph)}};
      if (thresholds.max_p) doc["max_p"] = *thresholds.max_p;
      if (thresholds.min_abs_rho) doc["min_abs_rho"] = *thresholds.min_abs_rho;
      print_json("correlate", std::move(doc));
      return;
    }
    print_rows(source->layout(), result.rows);
    fmt::print("method     {} ({}), |rho| cut-off {:.6f}\n", thresholds.method, result.arithmetic, options.min_abs_rho);
    fmt::print("backend    {} on {}\n", backend, result.timing.device);
    fmt::print("pairs      {} tested, {} survived\n", result.pairs_tested, result.survivors);
    fmt::print("time       {:.3f} s in all: {:.3f} s reading and ranking, {:.3f} s pairs ({:.3g} pairs/s)\n",
               result.timing.seconds, result.load_seconds, compute, compute > 0 ? result.pairs_tested / compute : 0.0);
    if (!counting)
      fmt::print("wrote      {}\n", write_table ? table_out.shown() + (graph.empty() ? "" : " and " + graph) : graph);
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

struct BenchCorrelateCommand {
  TableArguments table;
  Thresholds thresholds;
  ResourceFlags resources;
  std::string backends = "cpu,cpu-rerank";
  std::int64_t rerank_rows = 0;
  BenchRepeat repeat;
  bool count_only = false, json = false;

  struct Outcome {  // what the agreement check needs of a row that ran
    bool partial = false;  // a baseline run on the first rows only
    std::uint64_t survivors = 0;
    Digest all, limited;
    RowCatalog rows;
  };

  BenchRow run_backend(const std::string& name, const GpuSet& gpus, CorrelateOptions& options, TableLayout& layout,
                       Outcome& outcome) const {
    auto engine = make_correlation_engine(name);
    if (auto why = engine->unavailable_reason(); !why.empty()) return BenchRow::not_run(name, why);
    outcome.partial = name == "cpu-rerank" && rerank_rows > 0;
    CorrelateResult result;
    BenchRow row = measure("bench correlate " + name, repeat, [&](const JobContext& job) {
      auto source = table.open();  // each run reads the table afresh, as a run would
      layout = source->layout();
      options = resources.applied_to(thresholds.to_options(layout));
      options.gpus = gpus;
      options.count_only = count_only;
      options.row_limit = outcome.partial ? rerank_rows : 0;
      FingerprintSink fingerprint(rerank_rows);
      result = engine->run(*source, options, count_only ? nullptr : &fingerprint, job);
      outcome.all = fingerprint.all;
      outcome.limited = fingerprint.limited;
      return BenchRun{result.timing, fmt::format("{} {:x}", result.survivors, fingerprint.all.pair_hash)};
    });
    row.name = gpus.is_default() ? name : name + " --gpus " + gpu_set_text(gpus);
    outcome.survivors = result.survivors;
    outcome.rows = std::move(result.rows);
    const auto& t = result.timing;
    row.rate = t.compute_seconds > 0 ? result.pairs_tested / t.compute_seconds : 0.0;
    row.cells = {fmt::format("{:.3f}", result.load_seconds), fmt::format("{:.3f}", t.compute_seconds),
                 std::to_string(result.survivors), result.arithmetic};
    row.fields = {{"arithmetic", result.arithmetic},
                  {"load_seconds", result.load_seconds},
                  {"pairs_tested", result.pairs_tested},
                  {"survivors", result.survivors},
                  {"first_rows_only", outcome.partial ? nlohmann::json(rerank_rows) : nlohmann::json()}};
    return row;
  }

  void run() const {
    repeat.check();
    const std::vector<std::string> names = split_comma_list(backends, "--backends");
    if (names.empty()) throw Error("--backends lists no backend");
    BenchLayout shape;
    shape.name_key = "backend";
    shape.rate_header = "pairs/s";
    shape.rate_key = "pairs_per_second";
    shape.time_ratio_key = "";
    shape.rate_ratio_key = "speedup_vs_baseline";
    shape.columns = {{"load s", 8}, {"pairs s", 9}, {"survivors", 12}, {"arithmetic", -24}};
    shape.answer_header = "";
    shape.answer_key = "";
    shape.equal_key = "equal_to_reference";
    shape.answers_noun = "survivor sets";
    BenchTable bench(shape);
    // The gpu backend runs once per --gpus set.
    std::vector<std::pair<std::string, GpuSet>> runs;
    for (const auto& name : names)
      for (const GpuSet& gpus : name == "gpu" ? resources.gpu_sweep() : std::vector<GpuSet>{GpuSet{}})
        runs.emplace_back(name, gpus);
    std::vector<Outcome> outcomes(runs.size());
    TableLayout layout;
    CorrelateOptions options;
    for (std::size_t i = 0; i < runs.size(); ++i)
      bench.add(run_backend(runs[i].first, runs[i].second, options, layout, outcomes[i]));
    // The reference is the first full run; a partial baseline is compared on its rows only.
    const Outcome* reference = nullptr;
    for (std::size_t i = 0; i < runs.size() && !reference; ++i)
      if (bench.rows()[i].ran() && !outcomes[i].partial) reference = &outcomes[i];
    bench.set_agreement([&](std::size_t i) {
      const Outcome& r = outcomes[i];
      if (!reference || count_only) return reference && !r.partial && r.survivors == reference->survivors;
      return r.all == (r.partial ? reference->limited : reference->all);
    });
    bench.set_baseline("cpu-rerank");
    if (json) {
      print_json("bench-correlate", nlohmann::json{{"table", table.table},
                                        {"method", thresholds.method},
                                        {"rho_cutoff", options.min_abs_rho},
                                        {"backends", bench.json_rows()},
                                        {"all_equal", bench.all_agree()}});
      return;
    }
    const BenchRow* baseline = bench.baseline();
    if (reference) print_rows(layout, reference->rows);
    fmt::print("method {}, |rho| cut-off {:.6f}; speed-up = pairs/s over {}'s{}\n", thresholds.method,
               options.min_abs_rho, baseline ? baseline->name : "-",
               rerank_rows > 0 ? fmt::format(" (cpu-rerank: pairs of the first {} rows only, compared on those)", rerank_rows)
                               : "");
    bench.print();
  }
};

}  // namespace

void add_correlate_commands(CLI::App& app, CLI::App& bench) {
  constexpr const char* kRowsUse = "the ranked rows";
  auto cmd = std::make_shared<CorrelateCommand>();
  auto* sub = app.add_subcommand("correlate", "Correlation network: Spearman or Pearson rho and p for every pair of rows");
  cmd->table.add_to(*sub);
  cmd->thresholds.add_to(*sub);
  cmd->resources.add_to(*sub, kRowsUse);
  cmd->resources.add_gpus_to(*sub);
  sub->add_option("--out", cmd->out,
                  "Survivors as 'i j rho p' TSV, or with a .npy name as binary records (i, j: uint32 used-row indices; "
                  "rho, p: float32), written while the pairs are computed (/dev/null: count only; '-': standard output, "
                  "as --output-format says)");
  add_output_format_option(*sub, cmd->out_format, "With --out: tsv or npy (by default from the --out name, else tsv)");
  sub->add_option("--graph", cmd->graph, "Also write the network: .json node-link JSON, .graphml, .gexf (weight = the cost, strength = rho), .csv/.tsv a source,target,weight table");
  sub->add_option("--graph-weight", cmd->graph_weight, "inverse (1/|rho|: strong = short) or abs")->capture_default_str();
  sub->add_flag("--drop-isolated", cmd->drop_isolated,
                "--graph: leave out the rows with no correlation past the cut-off (nodes keep their row names)");
  sub->add_option("--backend", cmd->backend, "cpu, gpu or cpu-rerank")->capture_default_str();
  sub->add_flag("--count-only", cmd->count_only, "Only count the survivors");
  sub->add_flag("--json", cmd->json, "Print JSON");
  sub->callback([cmd] { cmd->run(); });

  auto bench_cmd = std::make_shared<BenchCorrelateCommand>();
  auto* bench_sub = bench.add_subcommand("correlate", "Correlation backends side by side: seconds, pairs/s, survivors, equal");
  bench_cmd->table.add_to(*bench_sub);
  bench_cmd->thresholds.add_to(*bench_sub);
  bench_cmd->resources.add_to(*bench_sub, kRowsUse);
  bench_cmd->resources.add_gpus_to(*bench_sub, /*sweep=*/true);
  bench_sub->add_option("--backends", bench_cmd->backends, "Comma-separated: cpu, gpu, cpu-rerank")->capture_default_str();
  bench_sub->add_option("--rerank-rows", bench_cmd->rerank_rows,
                        "cpu-rerank computes only the pairs of the first N rows (0: all); its pairs/s is compared")
      ->capture_default_str()
      ->check(whole_number_in(0, 9.2e18));
  bench_cmd->repeat.add_to(*bench_sub);
  bench_sub->add_flag("--count-only", bench_cmd->count_only, "Count survivors only (no survivor-set comparison)");
  bench_sub->add_flag("--json", bench_cmd->json, "Print JSON");
  bench_sub->callback([bench_cmd] { bench_cmd->run(); });
}

}  // namespace pathscope::cli
