// `closure`: the reachability matrix of a graph, optionally written as packed bits (.npy).
// `reach`: what one node reaches, or what reaches it, optionally within K hops.
// `bench closure`: the closure engines side by side on the same graph.
#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>

#include "bench_table.hpp"
#include "cli_output.hpp"
#include "comma_list.hpp"
#include "commands.hpp"
#include "input_options.hpp"
#include "out_file.hpp"
#include "option_checks.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/reach/reach.hpp"
#include "progress_printer.hpp"
#include "resource_options.hpp"
#include "text_table.hpp"
#include "pathscope/runtime/count_text.hpp"

namespace pathscope::cli {
namespace {

constexpr const char* kClosureUse = "the n^2/8-byte closure";

// Pairs (i, j) with i reaching j, and nodes reaching themselves (on a cycle).
struct ClosureFigures {
  std::int64_t relations = 0;
  std::int64_t on_cycles = 0;
};

ClosureFigures closure_figures(const BitMatrix& r) {
  ClosureFigures f;
  for (std::int32_t i = 0; i < r.size(); ++i) {
    f.relations += r.row_count(i);
    f.on_cycles += r.test(i, i) ? 1 : 0;
  }
  return f;
}

std::unique_ptr<ClosureEngine> runnable_engine(const std::string& name) {
  auto engine = make_closure_engine(name);
  if (const auto why = engine->unavailable_reason(); !why.empty()) throw Error(name + " is unavailable: " + why);
  return engine;
}

struct ClosureCommand {
  InputOptions input;
  ResourceFlags flags;
  std::string engine_name = "auto";
  std::string out_path;
  bool json = false;

  void run() const {
    OutFile out("--out", out_path, ".npy", /*binary=*/true);
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    auto engine = runnable_engine(engine_name);
    ClosureResult result;
    {
      ProgressPrinter progress(engine_name);
      result = engine->run(g, flags.applied_to(ClosureOptions{}), progress.context());
    }
    if (!out_path.empty()) {
      write_closure_npy(out.path(), result.reach);
      out.finish();
    }
    const auto figures = closure_figures(result.reach);
    const auto checksum = checksum_hex(closure_checksum(result.reach));
    const Timing& t = result.timing;
    if (json) {
      nlohmann::json doc = {{"graph", input.spec}, {"n", g.n}, {"m", g.arc_count()}, {"engine", t.engine},
                            {"device", t.device}, {"seconds", t.seconds}, {"compute_seconds", t.compute_seconds},
                            {"transfer_seconds", t.transfer_seconds}, {"relations_per_second", t.updates_per_second()},
                            {"reachable_pairs", figures.relations}, {"nodes_on_cycles", figures.on_cycles},
                            {"checksum", checksum}};
      if (!out_path.empty()) doc["out"] = out.shown();
      input.add_filter_json(doc, loaded);
      print_json("closure", std::move(doc));
      return;
    }
    fmt::print("{}: n={} m={} engine={} ({})\n", input.spec, g.n, g.arc_count(), t.engine, t.device);
    fmt::print("  {:.4f} s, {:.3g} relations/s, checksum {}\n", t.seconds, t.updates_per_second(), checksum);
    fmt::print("  {} reachable pairs (i reaches j by a path of length >= 1), {} nodes on cycles\n", figures.relations,
               figures.on_cycles);
    if (!out_path.empty())
      fmt::print("  packed bits written to {} (uint64, shape ({}, {}))\n", out.shown(), g.n, result.reach.words_per_row());
  }
};

struct ReachCommand {
  InputOptions input;
  std::string node_key;
  std::int32_t max_hops = kUnlimitedHops;
  bool reverse = false, include_self = false, json = false;
  std::int64_t show = 50;

  void run() const {
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    const auto node = g.find_node(node_key);
    if (!node) throw Error("no node '" + node_key + "' in " + input.spec + " (give a name or an id)");
    // One query: a search is O(n + m), far cheaper than any closure.
    const auto direction = reverse ? ReachDirection::Upstream : ReachDirection::Downstream;
    const ReachSet set = reverse ? reach_by_search(reverse_graph(g), *node, direction, max_hops)
                                 : reach_by_search(g, *node, direction, max_hops);
    std::vector<std::int32_t> nodes = include_self ? set.with_start() : set.nodes;
    auto hops_of = [&](std::int32_t v) -> std::int32_t {
      const auto it = std::lower_bound(set.nodes.begin(), set.nodes.end(), v);
      return it != set.nodes.end() && *it == v ? set.hops[it - set.nodes.begin()] : 0;
    };
    const std::string what = reverse ? count_noun(static_cast<long long>(nodes.size()), "reaches", "reach") : "reachable from";
    if (json) {
      nlohmann::json list = nlohmann::json::array();
      for (std::int32_t v : nodes)
        list.push_back({{"index", v}, {"id", g.display_id(v)}, {"label", g.label(v)}, {"hops", hops_of(v)}});
      nlohmann::json out = {{"graph", input.spec}, {"node", {{"index", *node}, {"id", g.display_id(*node)}, {"label", g.label(*node)}}},
                            {"direction", reverse ? "upstream" : "downstream"}, {"count", nodes.size()},
                            {"on_cycle", set.start_on_cycle()}, {"include_self", include_self}, {"nodes", list}};
      if (max_hops != kUnlimitedHops) out["max_hops"] = max_hops;
      input.add_filter_json(out, loaded);
      print_json("reach", std::move(out));
      return;
    }
    const std::string limit = max_hops == kUnlimitedHops ? "" : " within " + count_text(max_hops, "hop");
    fmt::print("{} {} {}{}", count_text(static_cast<long long>(nodes.size()), "node"), what, g.label(*node), limit);
    // Under a hop limit only cycles that short count, as for every other member of the set.
    const std::string cycle = max_hops == kUnlimitedHops ? "a cycle" : "a cycle of at most " + count_text(max_hops, "hop");
    fmt::print(" ({} {} on {})\n", g.label(*node), set.start_on_cycle() ? "is" : "is not", cycle);
    const std::int64_t listed = std::min<std::int64_t>(show, static_cast<std::int64_t>(nodes.size()));
    TextTable table({"index", "id", "hops", "<label"});
    for (std::int64_t i = 0; i < listed; ++i) {
      const std::int32_t v = nodes[i];
      table.add_row({std::to_string(v), std::to_string(g.display_id(v)), std::to_string(hops_of(v)), g.label(v)});
    }
    if (listed > 0) fmt::print("{}", table.text(TableStyle::Aligned));
    if (listed < static_cast<std::int64_t>(nodes.size()))
      fmt::print("... {} more (--show N to list more, --json for all)\n", nodes.size() - listed);
  }
};

struct BenchClosureCommand {
  InputOptions input;
  ResourceFlags flags;
  std::string engines = "textbook,bitset,scc,gpu";
  BenchRepeat repeat;
  bool json = false;

  BenchRow run_engine(const std::string& name, const Graph& g, const ClosureOptions& options) const {
    auto engine = make_closure_engine(name);
    if (auto why = engine->unavailable_reason(); !why.empty()) return BenchRow::not_run(name, why);
    std::int64_t relations = 0;
    BenchRow row = measure(name, repeat, [&](const JobContext& job) {
      const ClosureResult result = engine->run(g, options, job);
      relations = closure_figures(result.reach).relations;
      return BenchRun{result.timing, checksum_hex(closure_checksum(result.reach))};
    });
    row.label = row.timing.engine;
    row.cells = {std::to_string(relations)};
    row.fields["reachable_pairs"] = relations;
    return row;
  }

  void run() const {
    repeat.check();
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    const ClosureOptions options = flags.applied_to(ClosureOptions{});
    BenchLayout layout;
    layout.rate_header = "relations/s";
    layout.rate_key = "relations_per_second";
    layout.columns = {{"pairs", 13}};
    layout.equal_key = "equal_to_first";
    layout.answers_noun = "closures";
    BenchTable table(layout);
    for (const auto& name : split_comma_list(engines, "--engines")) table.add(run_engine(name, g, options));
    if (json) {
      nlohmann::json out = {{"graph", input.spec}, {"n", g.n}, {"m", g.arc_count()}, {"repeat", repeat.repeat},
                            {"warmup", repeat.warmup}, {"results", table.json_rows()}, {"checksums_equal", table.all_agree()}};
      print_json("bench-closure", std::move(out));
      return;
    }
    fmt::print("bench closure {}: n={} m={} (median of {} run{}, {} warm-up)\n", input.spec, g.n, g.arc_count(),
               repeat.repeat, repeat.repeat > 1 ? "s" : "", repeat.warmup);
    table.print();
  }
};

}  // namespace

void add_closure_commands(CLI::App& app, CLI::App& bench) {
  {
    auto cmd = std::make_shared<ClosureCommand>();
    auto* sub = app.add_subcommand("closure", "Transitive closure (who reaches whom), optionally written as packed bits");
    cmd->input.add_to(*sub);
    cmd->flags.add_to(*sub, kClosureUse);
    sub->add_option("--engine", cmd->engine_name, "textbook, bitset, scc, gpu or auto")->capture_default_str();
    sub->add_option("--out", cmd->out_path, "Write the closure as .npy: uint64, shape (n, ceil(n/64)), bit j%64 of word j/64 of row i = i reaches j ('-': standard output)");
    sub->add_flag("--json", cmd->json, "Print JSON");
    sub->callback([cmd] { cmd->run(); });
  }
  {
    auto cmd = std::make_shared<ReachCommand>();
    auto* sub = app.add_subcommand("reach", "The nodes a node reaches (or, with --reverse, the nodes that reach it)");
    cmd->input.add_to(*sub);
    sub->add_option("NODE", cmd->node_key, "Node name or id")->required();
    sub->add_option("--max-hops", cmd->max_hops, "Only nodes within this many arcs (default: no limit)")
        ->check(whole_number_in(0, 2147483647, "arcs"));
    sub->add_flag("--reverse", cmd->reverse, "Upstream: the nodes that reach NODE");
    sub->add_flag("--include-self", cmd->include_self, "Count NODE itself even when it is on no cycle (reflexive closure)");
    sub->add_option("--show", cmd->show, "How many nodes to list in the table")
        ->capture_default_str()
        ->check(whole_number_in(0, 9.2e18));
    sub->add_flag("--json", cmd->json, "Print JSON with every node");
    sub->callback([cmd] { cmd->run(); });
  }
  {
    auto cmd = std::make_shared<BenchClosureCommand>();
    auto* sub = bench.add_subcommand("closure", "Closure engines: seconds, relations/s (n^3 / s), ratios, checksums");
    cmd->input.add_to(*sub);
    cmd->flags.add_to(*sub, kClosureUse);
    sub->add_option("--engines", cmd->engines, "Comma-separated engine names; the first is the baseline")->capture_default_str();
    cmd->repeat.add_to(*sub);
    sub->add_flag("--json", cmd->json, "Print JSON");
    sub->callback([cmd] { cmd->run(); });
  }
}

}  // namespace pathscope::cli
