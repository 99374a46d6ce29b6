#include "selection.hpp"

#include <algorithm>

#include "selection_state.hpp"

namespace pathscope::qt {

Selection::Selection(QObject* parent) : QObject(parent) {}

bool Selection::valid(std::int32_t node) const { return session_ && node >= 0 && node < session_->graph().n; }

void Selection::reset(std::shared_ptr<const GraphSession> session) {
  session_ = std::move(session);
  clear_all();
  if (!view_.filter_attribute.empty()) {
    view_.filter_attribute.clear();
    view_.filter_values.clear();
    Q_EMIT view_changed();
  }
  Q_EMIT changed();
}

void Selection::set_view(ViewChoices view) {
  if (view == view_) return;
  view_ = std::move(view);
  Q_EMIT view_changed();
}

void Selection::clear() {
  clear_all();
  Q_EMIT changed();
}

SelectionState Selection::state() const {
  return {source_, target_, path_, method_, path_error_, stops_, tour_, reach_, path_set_, path_set_index_, view_};
}

void Selection::restore(const SelectionState& state) {
  clear_all();  // what is being computed answers the choices being replaced
  source_ = state.source;
  target_ = state.target;
  path_ = state.path;
  method_ = state.method;
  path_error_ = state.path_error;
  stops_ = state.stops;
  tour_ = state.tour;
  reach_ = state.reach;
  path_set_ = state.path_set;
  path_set_index_ = state.path_set_index;
  ++path_set_serial_;  // the path set lists refill from the set put back
  const bool view_differs = !(view_ == state.view);
  view_ = state.view;
  if (view_differs) Q_EMIT view_changed();
  Q_EMIT changed();
}

void Selection::clear_all() {
  // A path set being computed belongs to the pair, as a tour to its stops.
  if (!stops_.empty() || tour_ || reach_ || has_pair()) Q_EMIT query_outdated();
  source_ = target_ = -1;
  path_ = {};
  method_.clear();
  path_error_.clear();
  stops_.clear();
  tour_.reset();
  reach_.reset();
  path_set_.reset();
  path_set_index_ = -1;
}

void Selection::click(std::int32_t node) {
  if (!valid(node)) return;
  if (!stops_.empty() || tour_ || reach_) clear_all();
  if (source_ < 0 || target_ >= 0) {
    clear_all();
    source_ = node;
    Q_EMIT changed();
    return;
  }
  target_ = node;
  find_path_now();
}

void Selection::choose_pair(std::int32_t source, std::int32_t target) {
  if (!valid(source) || !valid(target)) return;
  clear_all();
  source_ = source;
  target_ = target;
  find_path_now();
}

void Selection::choose_source(std::int32_t node) {
  if (!valid(node)) return;
  clear_all();
  source_ = node;
  Q_EMIT changed();
}

void Selection::toggle_stop(std::int32_t node) {
  if (!valid(node)) return;
  auto stops = std::move(stops_);
  Q_EMIT query_outdated();  // a new stop outdates a tour being computed for the old ones
  clear_all();
  const auto found = std::find(stops.begin(), stops.end(), node);
  if (found != stops.end()) {
    stops.erase(found);
  } else {
    stops.push_back(node);
  }
  stops_ = std::move(stops);
  Q_EMIT changed();
}

void Selection::choose_stops(const std::vector<std::int32_t>& nodes) {
  clear_all();
  for (auto u : nodes) {
    if (valid(u) && std::find(stops_.begin(), stops_.end(), u) == stops_.end()) stops_.push_back(u);
  }
  Q_EMIT changed();
}

void Selection::show_tour(Tour tour) {
  source_ = target_ = -1;
  path_ = {};
  method_.clear();
  path_error_.clear();
  reach_.reset();
  path_set_.reset();
  path_set_index_ = -1;
  tour_ = std::move(tour);  // stops_ keeps the order they were chosen in
  Q_EMIT changed();
}

void Selection::show_reach(ReachSet set) {
  tour_.reset();
  stops_.clear();
  path_ = {};
  method_.clear();
  path_error_.clear();
  source_ = set.start;
  target_ = -1;
  path_set_.reset();
  path_set_index_ = -1;
  reach_ = std::move(set);
  Q_EMIT changed();
}

void Selection::refresh_path() {
  if (has_pair() && !path_set_) find_path_now();
}

void Selection::show_path_set(PathSet set) {
  if (set.source != source_ || set.target != target_ || !has_pair()) return;
  path_set_ = std::move(set);
  ++path_set_serial_;
  path_set_index_ = -1;
  choose_in_path_set(0);
}

void Selection::choose_in_path_set(int i) {
  if (!path_set_) return;
  if (path_set_->paths.empty()) {
    path_set_index_ = -1;
    Q_EMIT changed();
    return;
  }
  i = std::clamp(i, 0, static_cast<int>(path_set_->paths.size()) - 1);
  path_set_index_ = i;
  const Graph& g = session_->graph();
  const ArcPath& chosen = path_set_->paths[static_cast<std::size_t>(i)];
  Path p;
  p.source = source_;
  p.target = target_;
  p.reachable = true;
  p.nodes = chosen.nodes;
  for (const auto a : chosen.arcs) {
    p.arc_costs.push_back(g.weights[static_cast<std::size_t>(a)]);
    p.distance += g.weights[static_cast<std::size_t>(a)];
  }
  path_ = std::move(p);
  path_error_.clear();
  const bool all = path_set_->kind == PathSet::Kind::AllShortest;
  method_ = (all ? "shortest path " : "shortest simple path ") + std::to_string(i + 1) + " of " +
            (all ? path_set_->total.text() : std::to_string(path_set_->paths.size())) +
            (all ? " (all shortest, Dijkstra)" : " (k shortest, Yen)");
  Q_EMIT changed();
}

void Selection::find_path_now() {
  path_error_.clear();
  try {
    path_ = find_path(*session_, source_, target_, method_);
  } catch (const Error& e) {
    path_ = {};
    path_error_ = QString::fromStdString(e.what());
  }
  Q_EMIT changed();
  if (!path_error_.isEmpty()) Q_EMIT path_failed(path_error_);
}

}  // namespace pathscope::qt
