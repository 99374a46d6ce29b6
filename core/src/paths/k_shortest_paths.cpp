// Yen's algorithm: each next path leaves an earlier one at some spur node and takes the
// cheapest way on that avoids the arcs earlier paths took from the same root and every node
// of the root itself, which keeps the paths loopless.
#include "pathscope/k_shortest_paths.hpp"

#include <algorithm>
#include <limits>
#include <queue>
#include <set>
#include <string>

#include "pathscope/error.hpp"

namespace pathscope {
namespace {

// Dijkstra from s to t that skips banned nodes and arcs. `dist`, `parent_arc` are scratch of
// size n, reset here only where touched.
class SpurSearch {
 public:
  explicit SpurSearch(const Graph& g)
      : g_(g),
        dist_(static_cast<std::size_t>(g.n), kInf),
        parent_(static_cast<std::size_t>(g.n), -1),
        banned_node_(static_cast<std::size_t>(g.n), 0),
        banned_arc_(g.heads.size(), 0) {}

  std::vector<std::uint8_t>& banned_nodes() { return banned_node_; }
  std::vector<std::uint8_t>& banned_arcs() { return banned_arc_; }

  // The path's node sequence and arc costs, or false when t cannot be reached.
  bool run(std::int32_t s, std::int32_t t, std::vector<std::int32_t>& nodes, std::vector<double>& costs) {
    for (const auto u : touched_) dist_[u] = kInf, parent_[u] = -1;
    touched_.clear();
    using Item = std::pair<double, std::int32_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    dist_[s] = 0;
    touched_.push_back(s);
    queue.push({0.0, s});
    while (!queue.empty()) {
      const auto [d, u] = queue.top();
      queue.pop();
      if (d > dist_[u]) continue;
      if (u == t) break;
      for (std::int64_t a = g_.offsets[u]; a < g_.offsets[u + 1]; ++a) {
        const std::int32_t v = g_.heads[a];
        if (banned_arc_[a] || banned_node_[v]) continue;
        const double nd = d + g_.weights[a];
        if (nd < dist_[v]) {
          if (dist_[v] == kInf) touched_.push_back(v);
          dist_[v] = nd;
          parent_[v] = a;
          queue.push({nd, v});
        }
      }
    }
    if (dist_[t] == kInf) return false;
    nodes.clear();
    costs.clear();
    for (std::int32_t v = t; v != s;) {
      const std::int64_t a = parent_[v];
      nodes.push_back(v);
      costs.push_back(g_.weights[a]);
      v = arc_tail(a);
    }
    nodes.push_back(s);
    std::reverse(nodes.begin(), nodes.end());
    std::reverse(costs.begin(), costs.end());
    return true;
  }

 private:
  static constexpr double kInf = std::numeric_limits<double>::infinity();
  std::int32_t arc_tail(std::int64_t a) const {
    // offsets is sorted: the tail is the last u with offsets[u] <= a.
    const auto it = std::upper_bound(g_.offsets.begin(), g_.offsets.end(), a);
    return static_cast<std::int32_t>(it - g_.offsets.begin() - 1);
  }
  const Graph& g_;
  std::vector<double> dist_;
  std::vector<std::int64_t> parent_;
  std::vector<std::uint8_t> banned_node_, banned_arc_;
  std::vector<std::int32_t> touched_;
};

double total(const std::vector<double>& costs) {
  double sum = 0;
  for (const double c : costs) sum += c;
  return sum;
}

struct ByCostThenNodes {
  bool operator()(const Path& a, const Path& b) const {
    if (a.distance != b.distance) return a.distance < b.distance;
    return a.nodes < b.nodes;
  }
};

std::int64_t find_arc(const Graph& g, std::int32_t u, std::int32_t v) {
  for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
    if (g.heads[a] == v) return a;
  return -1;
}

}  // namespace

std::vector<Path> k_shortest_paths(const Graph& g, std::int32_t s, std::int32_t t, std::int32_t k, const JobContext& job) {
  for (const auto& [node, role] : {std::pair{s, "source"}, std::pair{t, "target"}})
    if (node < 0 || node >= g.n)
      throw Error(std::string("k shortest paths: ") + role + " index " + std::to_string(node) + " is not a node");
  if (k < 1) throw Error("k shortest paths: k must be at least 1");
  if (g.has_negative_weights()) throw Error("k shortest paths need arc costs of 0 or more; this graph has negative arcs");
  job.check_cancel();
  std::vector<Path> found;
  SpurSearch search(g);
  Path first;
  first.source = s;
  first.target = t;
  if (!search.run(s, t, first.nodes, first.arc_costs)) return found;
  first.reachable = true;
  first.distance = total(first.arc_costs);
  found.push_back(std::move(first));
  std::set<Path, ByCostThenNodes> candidates;
  std::vector<std::int32_t> spur_nodes;
  std::vector<double> spur_costs;
  auto& banned_nodes = search.banned_nodes();
  auto& banned_arcs = search.banned_arcs();
  std::vector<std::int64_t> arcs_banned_now;
  while (static_cast<std::int32_t>(found.size()) < k) {
    job.check_cancel();
    const Path previous = found.back();
    for (std::size_t i = 0; i + 1 < previous.nodes.size(); ++i) {
      const std::int32_t spur = previous.nodes[i];
      // Arcs that earlier paths sharing this root take out of the spur node.
      for (const auto& p : found) {
        if (p.nodes.size() > i + 1 && std::equal(p.nodes.begin(), p.nodes.begin() + static_cast<std::ptrdiff_t>(i) + 1,
                                                 previous.nodes.begin())) {
          const std::int64_t a = find_arc(g, spur, p.nodes[i + 1]);
          if (a >= 0 && !banned_arcs[a]) banned_arcs[a] = 1, arcs_banned_now.push_back(a);
        }
      }
      for (std::size_t r = 0; r < i; ++r) banned_nodes[previous.nodes[r]] = 1;
      if (search.run(spur, t, spur_nodes, spur_costs)) {
        Path candidate;
        candidate.source = s;
        candidate.target = t;
        candidate.reachable = true;
        candidate.nodes.assign(previous.nodes.begin(), previous.nodes.begin() + static_cast<std::ptrdiff_t>(i));
        candidate.arc_costs.assign(previous.arc_costs.begin(), previous.arc_costs.begin() + static_cast<std::ptrdiff_t>(i));
        candidate.nodes.insert(candidate.nodes.end(), spur_nodes.begin(), spur_nodes.end());
        candidate.arc_costs.insert(candidate.arc_costs.end(), spur_costs.begin(), spur_costs.end());
        candidate.distance = total(candidate.arc_costs);
        candidates.insert(std::move(candidate));
      }
      for (std::size_t r = 0; r < i; ++r) banned_nodes[previous.nodes[r]] = 0;
      for (const auto a : arcs_banned_now) banned_arcs[a] = 0;
      arcs_banned_now.clear();
    }
    // The cheapest candidate not already found (a candidate can be reached from two spurs).
    bool added = false;
    while (!candidates.empty() && !added) {
      Path next = *candidates.begin();
      candidates.erase(candidates.begin());
      const bool seen = std::any_of(found.begin(), found.end(), [&](const Path& p) { return p.nodes == next.nodes; });
      if (!seen) found.push_back(std::move(next)), added = true;
    }
    if (!added) break;
    job.report(static_cast<double>(found.size()) / k);
  }
  return found;
}

}  // namespace pathscope
