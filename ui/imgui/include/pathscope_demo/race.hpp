#pragma once
// A race: the same question put to several engines at once, one Lane each, and the figures
// that come out of it (times, speedup, the agreed answer).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pathscope/graph/graph.hpp"
#include "pathscope/io/measurement_table.hpp"
#include "pathscope_demo/lane.hpp"
#include "pathscope_ui_common/correlation_network.hpp"

namespace pathscope::demo {

// The correlation race's question: which coefficient, which cut-off, how much of the answer to draw.
struct CorrelationQuestion {
  std::string method = "spearman";  // or "pearson"
  double min_abs_rho = 0.8;         // pairs with |rho| >= this survive
  // The strongest survivors drawn: a few thousand lines stay readable and lay out in a second.
  std::int64_t max_arcs = 2000;
  // The naive lane (both rows ranked again for every pair) runs only when the table has at
  // most this many pairs; above it, it would take minutes and is skipped.
  std::uint64_t rerank_max_pairs = 3'000'000;
};

// The question of an all-pairs race: after the matrix, show the path source -> target.
struct PairQuestion {
  std::int32_t source = 0, target = 0;
};

// A random source (seeded) that reaches half the graph where it can, and the node farthest
// from it: the longest path the graph offers from there, which crosses the picture and reads
// well on a projector.
PairQuestion far_pair(const Graph& g, std::uint64_t seed);

class Race {
 public:
  std::string problem;  // "apsp", "tsp", "reach" or "correlate"
  std::string dist_type;
  PairQuestion question;             // apsp: the path to show; tsp: source = the first stop;
                                     // reach: source = the node whose downstream set is shown
  std::vector<std::int32_t> stops;   // tsp: the graph nodes the tour must visit
  CorrelationQuestion correlation;   // correlate: method, cut-off, how many pairs to draw
  std::vector<std::unique_ptr<Lane>> lanes;  // first lane is the CPU baseline
  // A naive CPU lane (reach, correlate): measured against the CPU lane, kept out of the GPU speedup.
  int naive_cpu_lane = -1;
  // The naive lane sits this race out because the input is too large for it (not because it
  // cannot run here): the report says "skipped" rather than "unavailable".
  bool naive_cpu_lane_skipped = false;

  void start();
  void cancel();
  void wait();
  bool running() const;
  bool finished() const;  // started, and no lane still running
  // The first lane that finished: its answer is the one drawn.
  const Lane* reference() const;
  // Baseline time over the fastest other finished lane's time (the naive CPU lane aside);
  // nullopt when there is none.
  std::optional<double> speedup(const Lane** fastest = nullptr) const;
  // The naive CPU lane's time over the CPU lane's; nullopt unless both finished.
  std::optional<double> naive_cpu_speedup() const;
  // True when every finished lane gave the same fingerprint.
  bool lanes_agree() const;

 private:
  bool started_ = false;
};

// Runs every GPU engine once on a small input, the first time only, so that no race's GPU lane
// is charged with loading CUDA modules and pools (see gpu_warm_up.cpp). Race::start calls it.
void warm_up_gpu_engines();

// CPU "blocked" (or cpu_engine) against "gpu-blocked" and the seed-style "gpu-naive".
std::unique_ptr<Race> make_apsp_race(std::shared_ptr<const Graph> graph, PairQuestion question,
                                     const std::string& cpu_engine = "blocked");

// k distinct random nodes (seeded), for a tour race.
std::vector<std::int32_t> random_stops(const Graph& g, int k, std::uint64_t seed);

// Held-Karp on the CPU against Held-Karp on the GPU, over the shortest-path distances between
// the stops (computed here, before the race: throws TspInfeasible when a stop cannot reach another).
std::unique_ptr<Race> make_tsp_race(std::shared_ptr<const Graph> graph, const std::vector<std::int32_t>& stops);

// A seeded random node that has at least one out-arc (one without reaches nothing).
std::int32_t random_reach_start(const Graph& g, std::uint64_t seed);

// The closure engines "bitset" (CPU) and "gpu", and the one-byte-per-pair "textbook" loop as
// the baseline on graphs small enough for it; each lane shows start's downstream set read from
// its own closure. Throws Error when the closure does not fit the memory budget.
std::unique_ptr<Race> make_reach_race(std::shared_ptr<const Graph> graph, std::int32_t start);

// The correlation engines "cpu" and "gpu", and "cpu-rerank" (both rows ranked again for every
// pair) as the baseline on tables small enough for it, over the same table in memory.
std::unique_ptr<Race> make_correlate_race(std::shared_ptr<const Table> table, const CorrelationQuestion& question);

}  // namespace pathscope::demo
