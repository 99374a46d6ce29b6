#pragma once
// A race: the same question put to several engines at once, one Lane each, and the figures
// that come out of it (times, speedup, the agreed answer).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pathscope/graph.hpp"
#include "pathscope_demo/lane.hpp"

namespace pathscope::demo {

// The question of an all-pairs race: after the matrix, show the path source -> target.
struct PairQuestion {
  std::int32_t source = 0, target = 0;
};

// A random source (seeded) and the node farthest from it: the longest path the graph offers
// from there, which crosses the picture and reads well on a projector.
PairQuestion far_pair(const Graph& g, std::uint64_t seed);

class Race {
 public:
  std::string problem;  // "apsp" or "tsp"
  std::string dist_type;
  PairQuestion question;             // apsp: the path to show; tsp: source = the first stop
  std::vector<std::int32_t> stops;   // tsp: the graph nodes the tour must visit
  std::vector<std::unique_ptr<Lane>> lanes;  // first lane is the CPU baseline

  void start();
  void cancel();
  void wait();
  bool running() const;
  bool finished() const;  // started, and no lane still running
  // The first lane that finished: its answer is the one drawn.
  const Lane* reference() const;
  // Baseline time over the fastest other finished lane's time; nullopt when there is none.
  std::optional<double> speedup(const Lane** fastest = nullptr) const;
  // True when every finished lane gave the same fingerprint.
  bool lanes_agree() const;

 private:
  bool started_ = false;
};

// CPU "blocked" (or cpu_engine) against "gpu-blocked" and the seed-style "gpu-naive".
std::unique_ptr<Race> make_apsp_race(std::shared_ptr<const Graph> graph, PairQuestion question,
                                     const std::string& cpu_engine = "blocked");

// k distinct random nodes (seeded), for a tour race.
std::vector<std::int32_t> random_stops(const Graph& g, int k, std::uint64_t seed);

// Held-Karp on the CPU against Held-Karp on the GPU, over the shortest-path distances between
// the stops (computed here, before the race: throws TspInfeasible when a stop cannot reach another).
std::unique_ptr<Race> make_tsp_race(std::shared_ptr<const Graph> graph, const std::vector<std::int32_t>& stops);

}  // namespace pathscope::demo
