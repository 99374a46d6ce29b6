#pragma once
// Centrality: which nodes carry the most shortest paths (betweenness), which sit closest to
// the others (closeness, harmonic), where a random walk spends its time (PageRank), and the
// degrees and strengths, computed by engines chosen by name (CPU and GPU) like every other
// family. Values follow networkx's definitions and scaling (docs/centrality.md), so that
// `networkx.betweenness_centrality` and friends are the reference tests compare against.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/filter/graph_mask.hpp"
#include "pathscope/graph/graph.hpp"
#include "pathscope/runtime/engine.hpp"
#include "pathscope/runtime/engine_registry.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope {

enum class CentralityMeasure {
  Betweenness,  // networkx.betweenness_centrality (Brandes; exact or from sampled sources)
  Closeness,    // networkx.closeness_centrality (distances *to* the node, wf_improved)
  Harmonic,     // networkx.harmonic_centrality (sum of 1/d over distances to the node)
  PageRank,     // networkx.pagerank (arc weight = strength where the graph has strengths)
  InDegree,
  OutDegree,
  InStrength,   // sum of arc strengths in (synapses in); arcs count 1 without strengths
  OutStrength,
};

// "betweenness", "closeness", "harmonic", "pagerank", "in-degree", "out-degree",
// "in-strength", "out-strength"; parse throws UsageError naming the known ones.
std::string_view centrality_measure_name(CentralityMeasure measure);
CentralityMeasure parse_centrality_measure(std::string_view name);
std::vector<CentralityMeasure> all_centrality_measures();

struct CentralityOptions : EngineResources {
  std::vector<CentralityMeasure> measures{CentralityMeasure::Betweenness};
  // Every arc costs 1 (BFS) instead of its cost (Dijkstra).
  bool hops = false;
  // networkx's `normalized` (betweenness; closeness is always scaled as networkx scales it).
  bool normalized = true;
  // Betweenness from this many sources drawn without replacement, scaled by n / samples
  // (networkx's `k`); 0 = every source (exact).
  std::int64_t samples = 0;
  std::uint64_t seed = 1;  // of the sampled sources
  double pagerank_alpha = 0.85;
  double pagerank_tolerance = 1e-6;  // networkx's tol: stop when the L1 change < n * tol
  int pagerank_max_iterations = 100;
  // Nodes and arcs the engine may use (filter/graph_mask.hpp); dropped nodes get NaN.
  GraphMask mask;
};

// One value per node for each measure asked (empty vectors for measures not asked).
struct CentralityResult {
  std::vector<double> betweenness, closeness, harmonic, pagerank;
  std::vector<double> in_degree, out_degree, in_strength, out_strength;
  // Sampled betweenness: with probability 1 - betweenness_bound_delta, every node's value is
  // within betweenness_error_bound of its exact value (in the units of the result). 0 when exact.
  double betweenness_error_bound = 0;
  double betweenness_bound_delta = 0;
  std::int64_t sources_used = 0;  // sources searched for betweenness, closeness and harmonic
  int pagerank_iterations = 0;
  Timing timing;                  // updates = arcs scanned (forward and back), per source
  const std::vector<double>& values(CentralityMeasure measure) const;
  std::vector<double>& values(CentralityMeasure measure);
};

class CentralityEngine : public Engine {
 public:
  // Throws OverBudget (checked before allocating), Cancelled or Error (PageRank that does not
  // converge within its iterations, negative costs for Dijkstra).
  virtual CentralityResult run(const Graph& g, const CentralityOptions& options, const JobContext& job) const = 0;
};

// The family's registry: "cpu" (Brandes from every source over threads, BFS or Dijkstra),
// "gpu" (batched sources on the device), "auto".
EngineRegistry<CentralityEngine>& centrality_engines();
std::vector<std::string> centrality_engine_names();
// Throws Error for other names; "gpu" exists without a GPU (see unavailable_reason).
std::unique_ptr<CentralityEngine> make_centrality_engine(std::string_view name);

// Adds one node attribute column per measure computed ("betweenness", "pagerank", ...; Real),
// replacing columns of those names, so that every writer and the explorer see them.
void add_centrality_columns(Graph& g, const CentralityResult& result);

}  // namespace pathscope
