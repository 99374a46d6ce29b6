#pragma once
// "What can this node reach, and what reaches it": answered from a closure (closure.hpp) when
// one fits the memory budget, by breadth-first search per query otherwise.
//
// Every answer follows the closure's definition R+: the set holds the nodes at the end of a
// path of length >= 1, so the start node is in its own set only when it lies on a cycle.
// with_start() gives the reflexive view R*.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/graph/graph.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope {

enum class ReachDirection {
  Downstream,  // nodes the start reaches (reachable-from)
  Upstream,    // nodes that reach the start (reaching), i.e. downstream on the reverse graph
};

inline constexpr std::int32_t kUnlimitedHops = -1;

struct ReachSet {
  std::int32_t start = -1;
  ReachDirection direction = ReachDirection::Downstream;
  std::int32_t max_hops = kUnlimitedHops;
  std::vector<std::int32_t> nodes;  // ascending node indices
  // Parallel to nodes when the answer came from a search: the length (>= 1) of the shortest
  // path that puts the node in the set. Empty when the answer came from a closure.
  std::vector<std::int32_t> hops;

  std::int64_t count() const { return static_cast<std::int64_t>(nodes.size()); }
  bool contains(std::int32_t v) const;
  bool start_on_cycle() const { return contains(start); }
  // The reflexive view R*: the set plus the start node, ascending.
  std::vector<std::int32_t> with_start() const;
};

// Breadth-first search over g's arcs from `start`, up to max_hops arcs (kUnlimitedHops: no
// limit). For Upstream pass the reverse graph (reverse_graph()) as `arcs`; the direction is
// only recorded in the answer. Throws Error for a start outside [0, n) or max_hops < -1.
ReachSet reach_by_search(const Graph& arcs, std::int32_t start, ReachDirection direction,
                         std::int32_t max_hops = kUnlimitedHops);

// The same set read from a closure: row `start` (Downstream) or column `start` (Upstream).
ReachSet reach_from_closure(const BitMatrix& closure, std::int32_t start, ReachDirection direction);

// Within k hops from the hop distances of an all-pairs run on the hop graph (every arc of g
// costs 1, g.unit_weights): v != start is in the set when its hop distance is 1..k; the start
// itself when an arc u -> start closes a cycle of length <= k. `g` supplies those arcs.
// Throws Error when g is not a hop graph or `hops` is not g's result.
ReachSet reach_within_hops(const ApspResult& hops, const Graph& g, std::int32_t start,
                           ReachDirection direction, std::int32_t max_hops);

// Per node: how many nodes it reaches (out) and how many reach it (in), under R+.
struct ReachCounts {
  std::vector<std::int64_t> out, in;
};
ReachCounts reach_counts(const BitMatrix& closure, int threads = 0);

// The queries the explorer and the CLI ask, with the choice of method made once: a closure
// when it fits the budget, BFS otherwise. Holds a reference to the graph, which must outlive it.
class Reachability {
 public:
  explicit Reachability(const Graph& g);

  // Runs the closure engine (a name from closure_engine_names()) when the closure fits the
  // budget, and returns true; returns false, leaving queries on BFS, when it does not or the
  // engine cannot run here (why_no_closure() says which). Cancelled and other errors propagate.
  bool build_closure(std::string_view engine, const ClosureOptions& options, const JobContext& job);
  // Uses a closure computed elsewhere; throws Error when its size is not the graph's.
  void adopt_closure(ClosureResult result);

  bool has_closure() const { return closure_.has_value(); }
  const ClosureResult* closure() const { return closure_ ? &*closure_ : nullptr; }
  const std::string& why_no_closure() const { return why_no_closure_; }

  ReachSet reachable_from(std::int32_t node, std::int32_t max_hops = kUnlimitedHops) const;
  ReachSet reaching(std::int32_t node, std::int32_t max_hops = kUnlimitedHops) const;
  ReachSet query(std::int32_t node, ReachDirection direction, std::int32_t max_hops = kUnlimitedHops) const;
  // Needs the closure; throws Error without one.
  ReachCounts counts(int threads = 0) const;

 private:
  const Graph& graph_;
  Graph reverse_;  // built once, so that const queries stay safe to call from several threads
  std::optional<ClosureResult> closure_;
  std::string why_no_closure_ = "no closure computed yet";
};

}  // namespace pathscope
