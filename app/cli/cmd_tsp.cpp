// `tsp`: the best tour through stops of a TSPLIB file or chosen nodes of a graph.
// `bench tsp`: the same search on CPU and GPU side by side.
#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>

#include "bench_table.hpp"
#include "cli_output.hpp"
#include "comma_list.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"
#include "input_options.hpp"
#include "option_checks.hpp"
#include "pathscope/io/file_formats.hpp"
#include "pathscope/tsp/tsp.hpp"
#include "progress_printer.hpp"
#include "resource_options.hpp"

namespace pathscope::cli {
namespace {

// The solver flags `tsp` and `bench tsp` share.
struct SolverFlags {
  std::string algorithm = "auto";
  ResourceFlags resources;
  std::uint64_t seed = 1;
  double time_limit = 0;
  std::int64_t kicks = -1;
  int starts = 0;

  void add_to(CLI::App& command) {
    command.add_option("--algo", algorithm, "brute, held-karp, 2opt or auto")->capture_default_str();
    command.add_option("--seed", seed, "2opt: seed of the start cities and kicks")
        ->capture_default_str()
        ->check(whole_number_in(0, 1.8e19));
    command.add_option("--time-limit", time_limit,
                       "Seconds: brute stops with the best tour so far (not proven optimal); 2opt returns its best "
                       "tour by then (default 8 s, and k/400 s for more than 3,200 stops, at most 60 s; 0 = the default)")
        ->check(number_in(0, kMaxTspSeconds, "seconds"));
    resources.add_to(command, "the cost matrix and the Held-Karp table");
    command.add_option("--kicks", kicks, "2opt: perturbation rounds (kicks) per start (symmetric: by default until the time limit or 10 per stop in a row find nothing shorter; asymmetric: 10 per stop, 200..20000)")
        ->check(whole_number_in(0, kMaxTspKicks));
    command.add_option("--starts", starts, "2opt: independent starts (default one per thread)")
        ->check(whole_number_in(0, kMaxTspStarts, "0 = one per thread"));
  }

  TspOptions options() const {
    TspOptions o = resources.applied_to(TspOptions{});
    o.seed = seed;
    o.time_limit_seconds = time_limit;
    o.kicks = kicks;
    o.starts = starts;
    validate_tsp_options(o);
    return o;
  }

  // The tour engine --algo names on this back end ("held-karp", "gpu-brute").
  std::string engine(TspBackend backend) const { return tsp_engine_name(parse_tsp_algorithm(algorithm), backend); }
};

// A TSPLIB file, or graph nodes named by --stops (ids or names).
struct Problem {
  TspInstance instance;
  std::optional<LoadedGraph> loaded;  // graph instances only
};

// Without --stops, FILE must be a TSPLIB instance; a graph read as one would fail on its first
// line with a TSPLIB keyword message that does not say what is missing.
void require_tsplib(const InputOptions& input) {
  if (input.spec == "-")
    throw UsageError("tsp reads a TSPLIB instance from a file, not from standard input; '-' holds a graph only "
                     "with --stops (ids or names, comma-separated)");
  const bool forced_tsplib = input.load.format == "tsplib";
  if (!forced_tsplib && !input.load.format.empty())
    throw Error("--input-format " + input.load.format + " reads a graph: choose the stops to visit with --stops (ids or names, "
                "comma-separated); without --stops FILE must be a TSPLIB .tsp file");
  const bool generated = input.spec.rfind("random:", 0) == 0;
  if (generated || (!forced_tsplib && detect_graph_format(input.spec).name != "tsplib"))
    throw Error(input.spec + " is a graph, not a TSPLIB .tsp file: choose the stops to visit with --stops "
                "(ids or names, comma-separated)");
}

Problem load_problem(const InputOptions& input, const std::string& stops_text, std::optional<double> optimum,
                     const EngineResources& resources) {
  Problem problem;
  if (stops_text.empty()) {
    require_tsplib(input);
    problem.instance = tsp_instance_from_tsplib(input.spec, resources);
  } else {
    problem.loaded = input.load_graph();
    const Graph& g = problem.loaded->graph;
    std::vector<std::int32_t> stops;
    for (const auto& key : split_comma_list(stops_text, "--stops")) {
      const auto node = g.find_node(key);
      if (!node) throw Error("stop '" + key + "' is not a node of " + input.spec);
      stops.push_back(*node);
    }
    ProgressPrinter progress("shortest paths between stops");
    problem.instance = tsp_instance_from_graph(g, stops, input.spec, progress.context(), resources);
  }
  if (optimum) problem.instance.known_optimum = optimum;
  return problem;
}

std::string quality(const TspResult& r) {
  if (r.proven_optimal) return "optimal";
  if (r.algorithm == TspAlgorithm::Exhaustive)
    return fmt::format("best of {:.2f}% of all tours (time limit)", 100 * r.fraction_searched);
  return "heuristic, not proven optimal";
}

struct TspCommand {
  InputOptions input;
  SolverFlags flags;
  std::string stops, backend = "cpu";
  std::optional<double> optimum;
  bool json = false;

  void run() const {
    const TspOptions options = flags.options();
    const auto engine = make_tsp_engine(flags.engine(parse_tsp_backend(backend)));
    const Problem problem = load_problem(input, stops, optimum, options);
    const TspInstance& instance = problem.instance;
    TspResult result;
    {
      ProgressPrinter progress("tour");
      result = engine->run(instance, options, progress.context());
    }
    std::vector<Path> legs;
    if (problem.loaded) legs = expand_tour(problem.loaded->graph, instance, result.tour);
    const Graph* g = problem.loaded ? &problem.loaded->graph : nullptr;

    if (json) {
      nlohmann::json tour = nlohmann::json::array();
      for (std::size_t i = 0; i < result.tour.size(); ++i) {
        const auto stop = result.tour[i];
        nlohmann::json j = {{"stop", stop}, {"name", instance.stop_names[stop]},
                            {"leg_cost", instance.at(stop, result.tour[(i + 1) % result.tour.size()])}};
        if (g) j["node"] = {{"index", instance.graph_nodes[stop]}, {"id", g->display_id(instance.graph_nodes[stop])}};
        tour.push_back(j);
      }
      nlohmann::json out = {{"instance", instance.name}, {"k", instance.k}, {"symmetric", instance.symmetric},
                            {"algorithm", tsp_algorithm_name(result.algorithm)}, {"backend", tsp_backend_name(result.backend)},
                            {"engine", result.timing.engine}, {"device", result.timing.device},
                            {"seconds", result.timing.seconds}, {"length", result.length},
                            {"proven_optimal", result.proven_optimal}, {"fraction_searched", result.fraction_searched},
                            {"tour", tour}};
      if (instance.known_optimum) out["known_optimum"] = *instance.known_optimum;
      if (result.gap_percent) out["gap_percent"] = *result.gap_percent;
      if (g) {
        nlohmann::json route = nlohmann::json::array();
        // One stop: no legs, the route is the stop itself.
        if (legs.empty()) route.push_back(g->display_id(instance.graph_nodes[result.tour.front()]));
        for (const auto& leg : legs)
          for (std::size_t h = route.empty() ? 0 : 1; h < leg.nodes.size(); ++h) route.push_back(g->display_id(leg.nodes[h]));
        out["route"] = route;
      }
      print_json("tsp", std::move(out));
      return;
    }
    fmt::print("{}: {} stops, {} matrix\n", instance.name, instance.k, instance.symmetric ? "symmetric" : "asymmetric");
    fmt::print("length {} ({}), {} on {}, {:.4f} s\n", result.length, quality(result), tsp_algorithm_name(result.algorithm),
               result.timing.device, result.timing.seconds);
    if (result.gap_percent) fmt::print("gap to the known optimum {}: {:.2f}%\n", *instance.known_optimum, *result.gap_percent);
    fmt::print("{:>5}  {:>6}  {:<20} {:>12} {:>8}\n", "step", "stop", "name", "leg cost", g ? "hops" : "");
    for (std::size_t i = 0; i < result.tour.size(); ++i) {
      const auto stop = result.tour[i];
      const auto next = result.tour[(i + 1) % result.tour.size()];
      fmt::print("{:>5}  {:>6}  {:<20} {:>12} {:>8}\n", i, stop, instance.stop_names[stop], instance.at(stop, next),
                 g ? fmt::format("{}", legs.empty() ? 0 : legs[i].nodes.size() - 1) : std::string());
    }
  }
};

// random-stops:k=13,seed=1[,asymmetric][,fractional]
TspInstance random_stops(const std::string& spec, const EngineResources& resources) {
  std::int32_t k = 0;
  std::uint64_t seed = 1;
  bool symmetric = true, integer_costs = true;
  for (const auto& item : split_comma_list(spec.substr(spec.find(':') + 1), spec)) {
    const auto eq = item.find('=');
    const std::string key = item.substr(0, eq), value = eq == std::string::npos ? "" : item.substr(eq + 1);
    try {
      std::size_t used = 0;
      if (key == "k") k = std::stoi(value, &used);
      else if (key == "seed" && value.find('-') == std::string::npos) seed = std::stoull(value, &used);
      else if (key == "asymmetric" && value.empty()) symmetric = false;
      else if (key == "fractional" && value.empty()) integer_costs = false;
      else throw UsageError("");
      if (used != value.size()) throw UsageError("");
    } catch (const std::exception&) {
      throw UsageError("bad item '" + item + "' in " + spec + " (use random-stops:k=13,seed=1[,asymmetric][,fractional])");
    }
  }
  if (k < 1 || k > 100000) throw UsageError(spec + ": k must be between 1 and 100000");
  return random_tsp_instance(k, seed, symmetric, integer_costs, resources);
}

const char* work_unit(TspAlgorithm algorithm) {
  return algorithm == TspAlgorithm::Exhaustive ? "tours/s" : algorithm == TspAlgorithm::HeldKarp ? "states/s" : "rounds/s";
}

struct BenchTspCommand {
  InputOptions input;
  SolverFlags flags;
  std::string stops, backends = "cpu,gpu";
  double cpu_time_limit = 60;
  int warmup = 1;
  bool json = false;

  // The first CUDA call of a process creates the context and loads the kernels (tenths of a
  // second): an untimed solve of a small instance of the same shape pays for that first.
  void warm_up(const TspInstance& instance, const TspEngine& engine) const {
    const std::int32_t k = std::min<std::int32_t>(instance.k, 9);
    TspInstance small = random_tsp_instance(k, 7, instance.symmetric, instance.integer_costs);
    TspOptions options = flags.options();
    options.time_limit_seconds = 0;
    options.kicks = 10;
    for (int i = 0; i < warmup; ++i) engine.run(small, options, {});
  }

  // One solve: searches are cut short by time limits, so repeats would not answer alike.
  BenchRow run_backend(const std::string& name, const TspInstance& instance, std::vector<TspResult>& results) const {
    const TspBackend backend = parse_tsp_backend(name);
    const auto engine = make_tsp_engine(flags.engine(backend));
    if (auto why = engine->unavailable_reason(); !why.empty()) return BenchRow::not_run(name, why);
    TspOptions options = flags.options();
    // A CPU search of billions of tours is cut short; its rate still compares.
    if (engine->name() == "brute" && options.time_limit_seconds == 0) options.time_limit_seconds = cpu_time_limit;
    warm_up(instance, *engine);
    TspResult result;
    BenchRow row = measure("tour, " + name, BenchRepeat{}, [&](const JobContext& job) {
      result = engine->run(instance, options, job);
      return BenchRun{result.timing, fmt::format("{}", result.length)};
    });
    row.name = name;
    results.push_back(result);
    std::string status = quality(result);
    if (result.gap_percent) status += fmt::format(", gap {:.2f}%", *result.gap_percent);
    row.cells = {status};
    row.fields = {{"algorithm", tsp_algorithm_name(result.algorithm)}, {"engine", result.timing.engine},
                  {"work", result.timing.updates},  {"rate_unit", work_unit(result.algorithm)}, {"length", result.length},
                  {"proven_optimal", result.proven_optimal}, {"fraction_searched", result.fraction_searched},
                  {"tour", result.tour}};
    if (result.gap_percent) row.fields["gap_percent"] = *result.gap_percent;
    return row;
  }

  void run() const {
    Problem problem;
    const TspOptions options = flags.options();  // checks the flags before any loading
    flags.engine(TspBackend::Cpu);               // and --algo
    if (input.spec.rfind("random-stops:", 0) == 0) problem.instance = random_stops(input.spec, options);
    else problem = load_problem(input, stops, std::nullopt, options);
    const TspInstance& instance = problem.instance;
    std::vector<BenchRow> rows;
    std::vector<TspResult> results;
    for (const auto& name : split_comma_list(backends, "--backends")) rows.push_back(run_backend(name, instance, results));
    const bool all_complete =
        std::all_of(results.begin(), results.end(), [](const TspResult& r) { return r.fraction_searched >= 1; });
    // The work unit of what ran: "auto" picks by k.
    BenchLayout layout;
    layout.name_key = "backend";
    layout.rate_header = results.empty() ? "rate" : work_unit(results.front().algorithm);
    layout.rate_key = "rate";
    layout.time_ratio_key = "time_ratio_vs_first";
    layout.rate_ratio_key = "rate_ratio_vs_first";
    layout.columns = {{"status", -28}};
    layout.answer_header = "length";
    layout.answer_key = "";
    layout.answers_noun = "lengths";
    BenchTable table(layout);
    for (auto& row : rows) table.add(std::move(row));
    if (json) {
      nlohmann::json out = {{"instance", instance.name}, {"k", instance.k}, {"symmetric", instance.symmetric},
                            {"results", table.json_rows()}, {"backends_run", table.ran_count()},
                            {"lengths_equal", table.ran_count() >= 2 && table.all_agree()}, {"all_complete", all_complete}};
      if (instance.known_optimum) out["known_optimum"] = *instance.known_optimum;
      print_json("bench-tsp", std::move(out));
      return;
    }
    fmt::print("bench tsp {}: {} stops, {} matrix, algorithm {}\n", instance.name, instance.k,
               instance.symmetric ? "symmetric" : "asymmetric", flags.algorithm);
    table.print();
    if (!all_complete) fmt::print("note: a search stopped at its time limit; compare the rates, not the times\n");
  }
};

}  // namespace

void add_tsp_commands(CLI::App& app, CLI::App& bench) {
  auto cmd = std::make_shared<TspCommand>();
  auto* sub = app.add_subcommand("tsp", "Best closed tour through the stops of a TSPLIB file or chosen graph nodes");
  cmd->input.add_to(*sub);
  sub->add_option("--stops", cmd->stops, "Graph nodes to visit, ids or names, comma-separated (FILE is then any graph)");
  cmd->flags.add_to(*sub);
  sub->add_option("--backend", cmd->backend, "cpu or gpu")->capture_default_str();
  sub->add_option("--optimum", cmd->optimum, "A known optimal length, to report the gap (TSPLIB: read from bestSolutions.txt)")
      ->check(number_above(0, 1e18, "a tour length"));
  sub->add_flag("--json", cmd->json, "Print JSON");
  sub->callback([cmd] { cmd->run(); });

  auto bench_cmd = std::make_shared<BenchTspCommand>();
  auto* bench_sub = bench.add_subcommand("tsp", "Tour search on CPU and GPU side by side: seconds, rates, lengths");
  bench_cmd->input.add_to(*bench_sub);
  bench_sub->add_option("--stops", bench_cmd->stops, "Graph nodes to visit (FILE is then any graph)");
  bench_cmd->flags.add_to(*bench_sub);
  bench_sub->add_option("--backends", bench_cmd->backends, "Comma-separated: cpu, gpu")->capture_default_str();
  bench_sub->add_option("--cpu-time-limit", bench_cmd->cpu_time_limit,
                        "brute: seconds after which the CPU search stops (its rate is still compared)")
      ->capture_default_str()
      ->check(number_above(0, kMaxTspSeconds, "seconds"));
  bench_sub->add_option("--warmup", bench_cmd->warmup,
                        "Untimed solves of a small instance of the same shape before each back end's timed one")
      ->capture_default_str()
      ->check(whole_number_in(0, kMaxBenchRuns));
  bench_sub->add_flag("--json", bench_cmd->json, "Print JSON");
  bench_sub->callback([bench_cmd] { bench_cmd->run(); });
}

}  // namespace pathscope::cli
