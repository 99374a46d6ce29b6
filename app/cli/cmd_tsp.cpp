// `tsp`: the best tour through stops of a TSPLIB file or chosen nodes of a graph.
// `bench tsp`: the same search on CPU and GPU side by side.
#include <fmt/core.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>

#include "comma_list.hpp"
#include "commands.hpp"
#include "input_options.hpp"
#include "pathscope/gpu_tsp.hpp"
#include "pathscope/memory_budget.hpp"
#include "pathscope/tsp.hpp"
#include "progress_printer.hpp"

namespace pathscope::cli {
namespace {

// The solver flags `tsp` and `bench tsp` share.
struct SolverFlags {
  std::string algorithm = "auto";
  int threads = 0;
  std::uint64_t seed = 1;
  double time_limit = 0;
  std::string memory_budget, gpu_memory;
  std::int64_t kicks = -1;
  int starts = 0;

  void add_to(CLI::App& command) {
    command.add_option("--algo", algorithm, "brute, held-karp, 2opt or auto")->capture_default_str();
    command.add_option("--threads", threads, "CPU threads (0 = all)");
    command.add_option("--seed", seed, "2opt: seed of the start cities and kicks")->capture_default_str();
    command.add_option("--time-limit", time_limit,
                       "Seconds: brute stops with the best tour so far (not proven optimal); 2opt stops improving");
    command.add_option("--memory-budget", memory_budget, "Host memory for the Held-Karp table (default 60% of RAM), e.g. 8GiB");
    command.add_option("--gpu-mem", gpu_memory, "GPU memory for the Held-Karp table (default: free memory less 512 MiB)");
    command.add_option("--kicks", kicks, "2opt: perturbation rounds per start (default 10 per stop, 200..20000)");
    command.add_option("--starts", starts, "2opt: independent starts (default one per thread)");
  }

  TspOptions options(TspBackend backend) const {
    TspOptions o;
    o.algorithm = parse_tsp_algorithm(algorithm);
    o.backend = backend;
    o.threads = threads;
    o.seed = seed;
    o.time_limit_seconds = time_limit;
    if (!memory_budget.empty()) o.memory_budget = parse_bytes(memory_budget);
    if (!gpu_memory.empty()) o.gpu_memory_budget = parse_bytes(gpu_memory);
    o.kicks = kicks;
    o.starts = starts;
    return o;
  }
};

// A TSPLIB file, or graph nodes named by --stops (ids or names).
struct Problem {
  TspInstance instance;
  std::optional<LoadedGraph> loaded;  // graph instances only
};

Problem load_problem(const InputOptions& input, const std::string& stops_text, std::optional<double> optimum) {
  Problem problem;
  if (stops_text.empty()) {
    problem.instance = tsp_instance_from_tsplib(input.spec);
  } else {
    problem.loaded = input.load_graph();
    const Graph& g = problem.loaded->graph;
    std::vector<std::int32_t> stops;
    for (const auto& key : split_comma_list(stops_text)) {
      const auto node = g.find_node(key);
      if (!node) throw Error("stop '" + key + "' is not a node of " + input.spec);
      stops.push_back(*node);
    }
    ProgressPrinter progress("shortest paths between stops");
    problem.instance = tsp_instance_from_graph(g, stops, input.spec, progress.context());
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
    const Problem problem = load_problem(input, stops, optimum);
    const TspInstance& instance = problem.instance;
    TspResult result;
    {
      ProgressPrinter progress("tour");
      result = solve_tsp(instance, flags.options(parse_tsp_backend(backend)), progress.context());
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
        for (const auto& leg : legs)
          for (std::size_t h = route.empty() ? 0 : 1; h < leg.nodes.size(); ++h) route.push_back(g->display_id(leg.nodes[h]));
        out["route"] = route;
      }
      fmt::print("{}\n", out.dump(2));
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
                 g ? fmt::format("{}", legs[i].nodes.size() - 1) : std::string());
    }
  }
};

// random-stops:k=13,seed=1[,asymmetric][,fractional]
TspInstance random_stops(const std::string& spec) {
  std::int32_t k = 0;
  std::uint64_t seed = 1;
  bool symmetric = true, integer_costs = true;
  for (const auto& item : split_comma_list(spec.substr(spec.find(':') + 1))) {
    const auto eq = item.find('=');
    const std::string key = item.substr(0, eq), value = eq == std::string::npos ? "" : item.substr(eq + 1);
    try {
      if (key == "k") k = std::stoi(value);
      else if (key == "seed") seed = std::stoull(value);
      else if (key == "asymmetric" && value.empty()) symmetric = false;
      else if (key == "fractional" && value.empty()) integer_costs = false;
      else throw Error("");
    } catch (const std::exception&) {
      throw Error("bad item '" + item + "' in " + spec + " (use random-stops:k=13,seed=1[,asymmetric][,fractional])");
    }
  }
  if (k < 1 || k > 100000) throw Error(spec + ": k must be between 1 and 100000");
  return random_tsp_instance(k, seed, symmetric, integer_costs);
}

struct BenchRow {
  std::string backend, unavailable;
  TspResult result;
  double rate() const { return result.timing.seconds > 0 ? result.timing.updates / result.timing.seconds : 0; }
};

struct BenchTspCommand {
  InputOptions input;
  SolverFlags flags;
  std::string stops, backends = "cpu,gpu";
  double cpu_time_limit = 60;
  int warmup = 1;
  bool json = false;

  // The first CUDA call of a process creates the context and loads the kernels (tenths of a
  // second): an untimed solve of a small instance of the same shape pays for that first.
  void warm_up(const TspInstance& instance, TspBackend backend) const {
    const std::int32_t k = std::min<std::int32_t>(instance.k, 9);
    TspInstance small = random_tsp_instance(k, 7, instance.symmetric, instance.integer_costs);
    TspOptions options = flags.options(backend);
    options.time_limit_seconds = 0;
    options.kicks = 10;
    for (int i = 0; i < warmup; ++i) solve_tsp(small, options);
  }

  void run() const {
    Problem problem;
    if (input.spec.rfind("random-stops:", 0) == 0) problem.instance = random_stops(input.spec);
    else problem = load_problem(input, stops, std::nullopt);
    const TspInstance& instance = problem.instance;
    std::vector<BenchRow> rows;
    for (const auto& name : split_comma_list(backends)) {
      BenchRow row;
      row.backend = name;
      const TspBackend backend = parse_tsp_backend(name);
      if (backend == TspBackend::Gpu) row.unavailable = gpu_tsp_unavailable_reason();
      if (row.unavailable.empty()) {
        TspOptions options = flags.options(backend);
        // A CPU search of billions of tours is cut short; its rate still compares.
        if (backend == TspBackend::Cpu && options.time_limit_seconds == 0 && options.algorithm == TspAlgorithm::Exhaustive)
          options.time_limit_seconds = cpu_time_limit;
        warm_up(instance, backend);
        ProgressPrinter progress("tour, " + name);
        row.result = solve_tsp(instance, options, progress.context());
      }
      rows.push_back(row);
    }
    const BenchRow* first = nullptr;
    bool lengths_equal = true, all_complete = true;
    int ran = 0;
    for (const auto& r : rows) {
      if (!r.unavailable.empty()) continue;
      ++ran;
      if (!first) first = &r;
      all_complete &= r.result.fraction_searched >= 1;
      if (r.result.length != first->result.length) lengths_equal = false;
    }
    const std::string unit = rows.empty() || !first ? "" :
        first->result.algorithm == TspAlgorithm::Exhaustive ? "tours/s" :
        first->result.algorithm == TspAlgorithm::HeldKarp ? "states/s" : "rounds/s";
    if (json) {
      nlohmann::json results = nlohmann::json::array();
      for (const auto& r : rows) {
        nlohmann::json j = {{"backend", r.backend}};
        if (!r.unavailable.empty()) {
          j["unavailable"] = r.unavailable;
        } else {
          j.update({{"algorithm", tsp_algorithm_name(r.result.algorithm)}, {"engine", r.result.timing.engine},
                    {"device", r.result.timing.device}, {"seconds", r.result.timing.seconds},
                    {"compute_seconds", r.result.timing.compute_seconds}, {"transfer_seconds", r.result.timing.transfer_seconds},
                    {"work", r.result.timing.updates}, {"rate", r.rate()}, {"rate_unit", unit}, {"length", r.result.length},
                    {"proven_optimal", r.result.proven_optimal}, {"fraction_searched", r.result.fraction_searched},
                    {"tour", r.result.tour}});
          if (r.result.gap_percent) j["gap_percent"] = *r.result.gap_percent;
          j["time_ratio_vs_first"] = r.result.timing.seconds > 0 ? first->result.timing.seconds / r.result.timing.seconds : 0;
          j["rate_ratio_vs_first"] = first->rate() > 0 ? r.rate() / first->rate() : 0;
        }
        results.push_back(j);
      }
      nlohmann::json out = {{"instance", instance.name}, {"k", instance.k}, {"symmetric", instance.symmetric},
                            {"results", results}, {"backends_run", ran}, {"lengths_equal", ran >= 2 && lengths_equal},
                            {"all_complete", all_complete}};
      if (instance.known_optimum) out["known_optimum"] = *instance.known_optimum;
      fmt::print("{}\n", out.dump(2));
      return;
    }
    fmt::print("bench tsp {}: {} stops, {} matrix, algorithm {}\n", instance.name, instance.k,
               instance.symmetric ? "symmetric" : "asymmetric", flags.algorithm);
    fmt::print("{:<8} {:>10} {:>12} {:>10} {:>10} {:>14}  {:<28} {}\n", "backend", "seconds", unit, "by time", "by rate",
               "length", "status", "device");
    for (const auto& r : rows) {
      if (!r.unavailable.empty()) {
        fmt::print("{:<8} unavailable: {}\n", r.backend, r.unavailable);
        continue;
      }
      std::string status = quality(r.result);
      if (r.result.gap_percent) status += fmt::format(", gap {:.2f}%", *r.result.gap_percent);
      fmt::print("{:<8} {:>10.4f} {:>12.4g} {:>9.1f}x {:>9.1f}x {:>14}  {:<28} {}\n", r.backend, r.result.timing.seconds,
                 r.rate(), first->result.timing.seconds / r.result.timing.seconds,
                 first->rate() > 0 ? r.rate() / first->rate() : 0.0, r.result.length, status, r.result.timing.device);
    }
    if (!all_complete)
      fmt::print("note: a search stopped at its time limit; compare the rates (by rate), not the times\n");
    if (ran < 2) fmt::print("lengths: only one back end ran, nothing to compare\n");
    else fmt::print("lengths {}\n", lengths_equal ? "equal" : "DIFFER");
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
  sub->add_option("--optimum", cmd->optimum, "A known optimal length, to report the gap (TSPLIB: read from bestSolutions.txt)");
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
      ->capture_default_str();
  bench_sub->add_option("--warmup", bench_cmd->warmup,
                        "Untimed solves of a small instance of the same shape before each back end's timed one")
      ->capture_default_str();
  bench_sub->add_flag("--json", bench_cmd->json, "Print JSON");
  bench_sub->callback([bench_cmd] { bench_cmd->run(); });
}

}  // namespace pathscope::cli
