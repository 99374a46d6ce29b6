// Yen's k shortest simple paths with Lawler's saving: a path found by deviating from its parent
// at position i only spawns candidates from position i on, since the earlier ones were tried
// from the parent already. Each spur search is one bidirectional Dijkstra on reused buffers.
#include <algorithm>
#include <set>

#include "paths/bidirectional_search.hpp"
#include "paths/path_checks.hpp"
#include "pathscope/paths/path_sets.hpp"

namespace pathscope {

namespace {

struct Candidate {
  ArcPath path;
  std::size_t deviation;  // where it leaves the path it was spurred from
  bool operator<(const Candidate& other) const {
    if (path.cost != other.path.cost) return path.cost < other.path.cost;
    return path.nodes < other.path.nodes;
  }
};

}  // namespace

std::vector<ArcPath> k_shortest_paths(const Graph& g, std::int32_t s, std::int32_t t, int k, const JobContext& job) {
  paths::check_path_query(g, s, t);
  std::vector<ArcPath> found;
  if (k <= 0) return found;
  if (s == t) {
    ArcPath only;
    only.nodes.push_back(s);
    found.push_back(std::move(only));
    return found;
  }
  paths::BidirectionalSearch search(g);
  search.new_round();
  ArcPath first;
  if (!search.shortest(s, t, first)) return found;
  std::vector<std::size_t> deviation{0};
  found.push_back(std::move(first));
  std::set<Candidate> candidates;
  std::set<std::vector<std::int32_t>> known{found.front().nodes};
  ArcPath spur_path;
  while (static_cast<int>(found.size()) < k) {
    job.report(static_cast<double>(found.size()) / k);
    const ArcPath& last = found.back();
    double root_cost = 0;
    for (std::size_t i = 0; i < deviation.back(); ++i) root_cost += g.weights[last.arcs[i]];
    for (std::size_t i = deviation.back(); i + 1 < last.nodes.size(); ++i) {
      job.check_cancel();
      search.new_round();
      for (std::size_t r = 0; r < i; ++r) search.block_node(last.nodes[r]);
      for (const ArcPath& p : found) {
        if (p.nodes.size() > i + 1 && std::equal(p.nodes.begin(), p.nodes.begin() + static_cast<long>(i) + 1,
                                                 last.nodes.begin()))
          search.block_first_hop(p.nodes[i + 1]);
      }
      if (search.shortest(last.nodes[i], t, spur_path)) {
        Candidate c;
        c.deviation = i;
        c.path.nodes.assign(last.nodes.begin(), last.nodes.begin() + static_cast<long>(i));
        c.path.arcs.assign(last.arcs.begin(), last.arcs.begin() + static_cast<long>(i));
        c.path.nodes.insert(c.path.nodes.end(), spur_path.nodes.begin(), spur_path.nodes.end());
        c.path.arcs.insert(c.path.arcs.end(), spur_path.arcs.begin(), spur_path.arcs.end());
        c.path.cost = root_cost + spur_path.cost;
        if (known.insert(c.path.nodes).second) candidates.insert(std::move(c));
      }
      root_cost += g.weights[last.arcs[i]];
    }
    if (candidates.empty()) break;
    auto next = candidates.begin();
    deviation.push_back(next->deviation);
    found.push_back(next->path);
    candidates.erase(next);
  }
  return found;
}

}  // namespace pathscope
