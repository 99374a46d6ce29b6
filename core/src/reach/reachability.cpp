#include "pathscope/reach/reach.hpp"

namespace pathscope {

Reachability::Reachability(const Graph& g) : graph_(g), reverse_(reverse_graph(g)) {}

bool Reachability::build_closure(std::string_view engine_name, const ClosureOptions& options, const JobContext& job) {
  if (!closure_fits_budget(graph_, options)) {
    why_no_closure_ = "the closure of " + std::to_string(graph_.n) +
                      " nodes does not fit the memory budget; each query searches the graph instead";
    return false;
  }
  auto engine = make_closure_engine(engine_name);
  if (auto why = engine->unavailable_reason(); !why.empty()) {
    why_no_closure_ = engine->name() + " is unavailable: " + why;
    return false;
  }
  try {
    closure_ = engine->run(graph_, options, job);
  } catch (const OverBudget& e) {
    // An engine may need working memory beyond the closure itself (textbook, scc).
    why_no_closure_ = e.what();
    return false;
  }
  why_no_closure_.clear();
  return true;
}

void Reachability::adopt_closure(ClosureResult result) {
  if (result.reach.size() != graph_.n)
    throw Error("a closure of " + std::to_string(result.reach.size()) + " nodes does not belong to a graph of " +
                std::to_string(graph_.n));
  closure_ = std::move(result);
  why_no_closure_.clear();
}

ReachSet Reachability::query(std::int32_t node, ReachDirection direction, std::int32_t max_hops) const {
  // Hop limits need distances, which the closure does not keep.
  if (closure_ && max_hops == kUnlimitedHops) return reach_from_closure(closure_->reach, node, direction);
  return reach_by_search(direction == ReachDirection::Downstream ? graph_ : reverse_, node, direction, max_hops);
}

ReachSet Reachability::reachable_from(std::int32_t node, std::int32_t max_hops) const {
  return query(node, ReachDirection::Downstream, max_hops);
}

ReachSet Reachability::reaching(std::int32_t node, std::int32_t max_hops) const {
  return query(node, ReachDirection::Upstream, max_hops);
}

ReachCounts Reachability::counts(int threads) const {
  if (!closure_) throw Error("reach counts per node need the closure: " + why_no_closure_);
  return reach_counts(closure_->reach, threads);
}

}  // namespace pathscope
