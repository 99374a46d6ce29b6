#pragma once
// The best closed tour through k chosen stops: the problem, the solver options and the answer.
// Stops come from a TSPLIB file or from nodes of a loaded graph (costs = shortest-path
// distances); the solvers never see which, they see only the k x k cost matrix.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/paths/path.hpp"
#include "pathscope/runtime/engine.hpp"
#include "pathscope/runtime/engine_registry.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope {

struct TspInstance {
  std::string name;                 // "burma14", or the graph file the stops came from
  std::int32_t k = 0;
  std::vector<double> cost;         // k x k, row-major, cost[i*k+j] = going from stop i to stop j
  // Whole-number costs: the solvers then add exactly in integers (int32 or int64).
  bool integer_costs = true;
  bool symmetric = true;            // cost[i][j] == cost[j][i] for all pairs
  std::vector<std::string> stop_names;   // k labels for people ("Berlin", "node 17", "3")
  std::vector<std::int32_t> graph_nodes; // graph instances: the graph node of each stop
  std::optional<double> known_optimum;   // a published optimum, when one is known

  double at(std::int32_t i, std::int32_t j) const { return cost[static_cast<std::size_t>(i) * k + j]; }
};

// Tours are stop indices, each stop once, starting at stop 0; the closing arc back to stop 0
// is implied.
double tour_length(const TspInstance& instance, const std::vector<std::int32_t>& tour);
// Throws Error unless tour holds each of 0..k-1 exactly once and starts at 0.
void check_tour(const TspInstance& instance, const std::vector<std::int32_t>& tour);

// Raised when no closed tour exists: some stop cannot reach another.
class TspInfeasible : public Error {
 public:
  using Error::Error;
};

// Sets integer_costs and symmetric from the matrix and checks it: k >= 1, k*k entries, no NaN.
// Infinite entries make the instance infeasible (TspInfeasible naming the pair).
void finish_tsp_instance(TspInstance& instance);

// Stops = the given graph nodes, costs = shortest-path distances (one single-source search per
// stop). Throws TspInfeasible when a stop cannot reach another, naming both.
// The k x k matrix is checked against effective_memory_budget(resources) first.
TspInstance tsp_instance_from_graph(const Graph& g, const std::vector<std::int32_t>& stops,
                                    const std::string& name, const JobContext& job = {},
                                    const EngineResources& resources = {});

// The real route of a graph instance's tour: the shortest path between each pair of
// consecutive stops, the last one returning to the first stop.
std::vector<Path> expand_tour(const Graph& g, const TspInstance& instance, const std::vector<std::int32_t>& tour);

// A TSPLIB .tsp file (TSPLIB distance rounding). known_optimum is filled from a
// bestSolutions.txt lying beside the file, when it lists the instance.
// The file's matrix and the instance's are checked against effective_memory_budget(resources)
// before either is allocated.
TspInstance tsp_instance_from_tsplib(const std::string& path, const EngineResources& resources = {});

// The optimum of `instance_name` in a TSPLIB bestSolutions.txt ("name : length" lines).
std::optional<double> tsplib_best_known(const std::string& solutions_path, const std::string& instance_name);

// Random instances for tests and `bench tsp`: symmetric ones are points in a 1000 x 1000
// square with rounded Euclidean costs; asymmetric ones draw each arc cost in [1, 1000]
// (fractional: any real there).
TspInstance random_tsp_instance(std::int32_t k, std::uint64_t seed, bool symmetric, bool integer_costs,
                                const EngineResources& resources = {});
// Throws OverBudget when a k x k matrix of doubles does not fit effective_memory_budget().
void require_cost_matrix_fits(std::int64_t k, const EngineResources& resources, const std::string& name);

// The kinds of search, and the back ends, as people choose them (--algo and --backend, Python's
// algorithm= and backend=); tsp_engine_name() turns a choice into an engine's name.
enum class TspAlgorithm { Auto, Exhaustive, HeldKarp, TwoOpt };
enum class TspBackend { Cpu, Gpu };

const char* tsp_algorithm_name(TspAlgorithm a);   // "auto", "brute", "held-karp", "2opt"
TspAlgorithm parse_tsp_algorithm(const std::string& word);  // also accepts "exhaustive"
const char* tsp_backend_name(TspBackend b);       // "cpu", "gpu"
TspBackend parse_tsp_backend(const std::string& word);
// The registry's name for an algorithm on a back end: "held-karp", "gpu-held-karp", "gpu-auto".
std::string tsp_engine_name(TspAlgorithm algorithm, TspBackend backend);

struct TspOptions : EngineResources {  // memory_budget: Held-Karp's table
  std::uint64_t seed = 1;           // 2-opt: start cities and kicks
  // Exhaustive: stop after this many seconds with the best tour so far (not proven optimal).
  // 2-opt: return the best tour found by then, whatever phase the search is in (the
  // neighbour lists, the start tours, a descent, a kick). 0 = no limit (2-opt: 8 s).
  double time_limit_seconds = 0;
  // 2-opt: perturbation rounds ("kicks") after the first local optimum; -1 = by k.
  std::int64_t kicks = -1;
  int starts = 0;                   // 2-opt: independent starts; 0 = one per thread
  // 2-opt: the tour of the first start (each stop once, from stop 0); empty: a nearest-neighbour
  // tour. How "gpu-2opt" hands its device descent on to the CPU's kicks.
  std::vector<std::int32_t> start_tour;
};

// The most a run may ask for: beyond these a value is a slip of the keyboard, not a wish (a
// limit of eleven days; starts whose tours alone would fill memory).
inline constexpr double kMaxTspSeconds = 1e6;
inline constexpr std::int64_t kMaxTspKicks = 1'000'000'000;
inline constexpr int kMaxTspStarts = 1024;
// Throws Error naming the option for a time limit that is NaN, negative or above
// kMaxTspSeconds, kicks below -1 or above kMaxTspKicks, starts outside 0..kMaxTspStarts, and
// what validate_resources() refuses. Every engine of make_tsp_engine() calls it; front ends may
// call it early.
void validate_tsp_options(const TspOptions& options);

struct TspResult {
  double length = 0;
  std::vector<std::int32_t> tour;   // starts at stop 0
  TspAlgorithm algorithm = TspAlgorithm::Exhaustive;  // what ran (never Auto)
  TspBackend backend = TspBackend::Cpu;
  Timing timing;                    // updates = tours (exhaustive) or DP transitions (Held-Karp)
  bool proven_optimal = false;      // exhaustive or Held-Karp that finished
  double fraction_searched = 1;     // exhaustive stopped by its time limit: < 1
  std::optional<double> gap_percent;  // 100 * (length - optimum) / optimum, when one is known
};

class TspEngine : public Engine {
 public:
  // Throws TspInfeasible, OverBudget (Held-Karp too large, naming the largest k that fits),
  // Cancelled, or Error (k too large for exhaustive search).
  virtual TspResult run(const TspInstance& instance, const TspOptions& options, const JobContext& job) const = 0;
};

// The family's registry. CPU: "auto", "brute", "held-karp", "2opt". GPU: "gpu-auto",
// "gpu-brute" (every tour, the CPU's index space and tie-break), "gpu-held-karp" (one launch
// per layer of subsets, the table in device memory), "gpu-2opt-descent" (best-improvement
// 2-opt from the start tour down to a local optimum, every reversal of a step evaluated at
// once on the device), "gpu-2opt" (that descent, then the CPU's Or-opt and kicks). The
// registry holds the engines as they search: create engines with make_tsp_engine.
EngineRegistry<TspEngine>& tsp_engines();
std::vector<std::string> tsp_engine_names();
// Throws Error for an unknown name. Every engine it returns checks the options
// (validate_tsp_options) and the instance (TspInfeasible naming a stop that cannot be reached),
// refuses to run where it is unavailable, checks the tour it found and fills gap_percent.
std::unique_ptr<TspEngine> make_tsp_engine(std::string_view name);

// What "auto" picks: exhaustive up to 10 stops, Held-Karp while it fits the budget (and k <= 24
// on the CPU, 29 on the GPU), 2-opt beyond.
TspAlgorithm auto_tsp_algorithm(const TspInstance& instance, TspBackend backend, const EngineResources& resources);

// Held-Karp's table: 2^(k-1) * (k-1) entries of `entry_bytes` each (no parent table: the tour is
// rebuilt from the values). 0 when it does not fit 64 bits.
std::uint64_t held_karp_bytes(std::int32_t k, std::uint64_t entry_bytes);
// The largest k whose table fits `budget`.
std::int32_t held_karp_max_k(std::uint64_t budget, std::uint64_t entry_bytes);
// Bytes per Held-Karp entry for this instance: 4 (int32 sums fit), 8 (int64 or double).
std::uint64_t held_karp_entry_bytes(const TspInstance& instance);

// Exhaustive search handles up to this many stops (19! tours fit 64-bit indices).
inline constexpr std::int32_t kMaxExhaustiveStops = 20;

}  // namespace pathscope
