#include "selection_state.hpp"

namespace pathscope::qt {
namespace {

bool same_path(const Path& a, const Path& b) {
  return a.source == b.source && a.target == b.target && a.reachable == b.reachable && a.nodes == b.nodes &&
         a.distance == b.distance;
}

bool same_tour(const std::optional<Selection::Tour>& a, const std::optional<Selection::Tour>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a || (a->stops == b->stops && a->walk.nodes == b->walk.nodes && a->result.length == b->result.length &&
                a->method == b->method);
}

bool same_reach(const std::optional<ReachSet>& a, const std::optional<ReachSet>& b) {
  if (a.has_value() != b.has_value()) return false;
  return !a || (a->start == b->start && a->direction == b->direction && a->max_hops == b->max_hops &&
                a->nodes == b->nodes);
}

bool same_path_set(const std::optional<Selection::PathSet>& a, const std::optional<Selection::PathSet>& b) {
  if (a.has_value() != b.has_value()) return false;
  if (!a) return true;
  if (a->kind != b->kind || a->source != b->source || a->target != b->target || a->limit != b->limit ||
      a->paths.size() != b->paths.size() || a->total.value != b->total.value) {
    return false;
  }
  for (std::size_t i = 0; i < a->paths.size(); ++i) {
    if (a->paths[i].nodes != b->paths[i].nodes) return false;
  }
  return true;
}

}  // namespace

bool SelectionState::empty() const {
  return source < 0 && target < 0 && stops.empty() && !tour && !reach && !path_set;
}

bool same_choices(const SelectionState& a, const SelectionState& b) {
  return a.source == b.source && a.target == b.target && a.stops == b.stops && same_tour(a.tour, b.tour) &&
         same_reach(a.reach, b.reach) && same_path_set(a.path_set, b.path_set) &&
         a.path_set_index == b.path_set_index && a.view == b.view;
}

bool operator==(const SelectionState& a, const SelectionState& b) {
  return same_choices(a, b) && same_path(a.path, b.path) && a.path_error == b.path_error;
}

}  // namespace pathscope::qt
