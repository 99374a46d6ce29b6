#include "pathscope_demo/race.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "pathscope/apsp/single_source.hpp"
#include "pathscope/paths/path.hpp"

namespace pathscope::demo {

PairQuestion far_pair(const Graph& g, std::uint64_t seed) {
  if (g.n <= 0) throw Error("the graph has no nodes to race on");
  std::mt19937_64 rng(seed);
  const auto pick = static_cast<std::int32_t>(std::uniform_int_distribution<std::int64_t>(0, g.n - 1)(rng));
  // A source in a small pocket (grid-city's park and river nodes have no arcs; two of its
  // nodes only reach each other) gives a path of a hop or none, hidden under the markers.
  // Take the next node (cyclically) that reaches half the graph; after a bounded number of
  // tries, the one that reached most.
  constexpr std::int32_t kTries = 64;
  PairQuestion best_q{pick, pick};
  std::int64_t best_reached = -1;
  for (std::int32_t k = 0; k < std::min(g.n, kTries); ++k) {
    const std::int32_t u = (pick + k) % g.n;
    const std::vector<double> d = single_source_distances(g, u);
    PairQuestion q{u, u};
    std::int64_t reached = 0;
    double farthest = -1;
    for (std::int32_t v = 0; v < g.n; ++v) {
      if (!std::isfinite(d[v])) continue;
      ++reached;
      if (d[v] > farthest) farthest = d[v], q.target = v;
    }
    if (reached > best_reached) best_q = q, best_reached = reached;
    if (2 * reached >= g.n) break;
  }
  return best_q;
}

void Race::start() {
  warm_up_gpu_engines();
  started_ = true;
  for (auto& lane : lanes) lane->start();
}

void Race::cancel() {
  for (auto& lane : lanes) lane->request_cancel();
}

void Race::wait() {
  for (auto& lane : lanes) lane->join();
}

bool Race::running() const {
  return std::any_of(lanes.begin(), lanes.end(), [](const auto& l) { return l->running(); });
}

bool Race::finished() const { return started_ && !running(); }

const Lane* Race::reference() const {
  for (const auto& lane : lanes) {
    if (lane->state() == LaneState::Done) return lane.get();
  }
  return nullptr;
}

std::optional<double> Race::speedup(const Lane** fastest) const {
  if (lanes.empty() || lanes.front()->state() != LaneState::Done) return std::nullopt;
  const Lane* best = nullptr;
  for (std::size_t i = 1; i < lanes.size(); ++i) {
    if (static_cast<int>(i) == naive_cpu_lane) continue;
    const Lane& l = *lanes[i];
    if (l.state() == LaneState::Done && (!best || l.outcome().timing.seconds < best->outcome().timing.seconds)) best = &l;
  }
  if (!best || best->outcome().timing.seconds <= 0) return std::nullopt;
  if (fastest) *fastest = best;
  return lanes.front()->outcome().timing.seconds / best->outcome().timing.seconds;
}

std::optional<double> Race::naive_cpu_speedup() const {
  if (naive_cpu_lane <= 0 || naive_cpu_lane >= static_cast<int>(lanes.size())) return std::nullopt;
  const Lane& cpu = *lanes.front();
  const Lane& naive = *lanes[naive_cpu_lane];
  if (cpu.state() != LaneState::Done || naive.state() != LaneState::Done || cpu.outcome().timing.seconds <= 0) {
    return std::nullopt;
  }
  return naive.outcome().timing.seconds / cpu.outcome().timing.seconds;
}

bool Race::lanes_agree() const {
  const Lane* ref = reference();
  return std::all_of(lanes.begin(), lanes.end(), [&](const auto& l) {
    return l->state() != LaneState::Done || l->outcome().fingerprint == ref->outcome().fingerprint;
  });
}

}  // namespace pathscope::demo
