#include "one_tree_ascent.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>

#include "pathscope/runtime/job.hpp"

namespace pathscope::tsp_detail {
namespace {

struct Arc {
  std::int32_t to;
  double cost;
};

// The cheapest 1-tree under the raised costs: Prim's tree over cities 1..k-1 on the sparse
// graph, city 0 joined by its two cheapest arcs. Each city's degree into `degree`; the tree's
// raised length returned (infinity when the graph leaves a city out).
double one_tree(const std::vector<std::vector<Arc>>& arcs, const std::vector<double>& pi, std::vector<int>& degree,
                std::vector<double>& best, std::vector<std::int32_t>& parent, std::vector<char>& in_tree) {
  const auto k = static_cast<std::int32_t>(arcs.size());
  std::fill(degree.begin(), degree.end(), 0);
  std::fill(best.begin(), best.end(), std::numeric_limits<double>::infinity());
  std::fill(parent.begin(), parent.end(), -1);
  std::fill(in_tree.begin(), in_tree.end(), 0);
  using Entry = std::pair<double, std::int32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
  double length = 0;
  best[1] = 0;
  heap.emplace(0.0, 1);
  std::int32_t joined = 0;
  while (!heap.empty()) {
    const auto [cost, c] = heap.top();
    heap.pop();
    if (in_tree[c] || cost > best[c]) continue;
    in_tree[c] = 1;
    ++joined;
    if (parent[c] >= 0) {
      length += cost;
      ++degree[c];
      ++degree[parent[c]];
    }
    for (const Arc& arc : arcs[c]) {
      if (arc.to == 0 || in_tree[arc.to]) continue;
      const double raised = arc.cost + pi[c] + pi[arc.to];
      if (raised < best[arc.to]) {
        best[arc.to] = raised;
        parent[arc.to] = c;
        heap.emplace(raised, arc.to);
      }
    }
  }
  if (joined != k - 1) return std::numeric_limits<double>::infinity();
  double first = std::numeric_limits<double>::infinity(), second = first;
  std::int32_t a = -1, b = -1;
  for (const Arc& arc : arcs[0]) {
    const double raised = arc.cost + pi[0] + pi[arc.to];
    if (raised < first) {
      second = first, b = a;
      first = raised, a = arc.to;
    } else if (raised < second) {
      second = raised, b = arc.to;
    }
  }
  if (b < 0) return std::numeric_limits<double>::infinity();
  degree[0] = 2;
  ++degree[a];
  ++degree[b];
  return length + first + second;
}

}  // namespace

OneTreeAscent one_tree_ascent(const TspInstance& instance, const std::vector<std::vector<std::int32_t>>& graph,
                              double seconds, const std::function<bool()>& stop) {
  const std::int32_t k = instance.k;
  OneTreeAscent out;
  out.penalties.assign(static_cast<std::size_t>(k), 0.0);
  if (k < 3) return out;
  // The lists made symmetric, with their costs.
  std::vector<std::vector<Arc>> arcs(static_cast<std::size_t>(k));
  for (std::int32_t a = 0; a < k; ++a)
    for (const std::int32_t b : graph[static_cast<std::size_t>(a)]) {
      arcs[static_cast<std::size_t>(a)].push_back({b, instance.at(a, b)});
      arcs[static_cast<std::size_t>(b)].push_back({a, instance.at(a, b)});
    }
  for (auto& list : arcs) {
    std::sort(list.begin(), list.end(), [](const Arc& x, const Arc& y) { return x.to < y.to; });
    list.erase(std::unique(list.begin(), list.end(), [](const Arc& x, const Arc& y) { return x.to == y.to; }), list.end());
  }
  const double deadline = now_seconds() + seconds;
  std::vector<int> degree(static_cast<std::size_t>(k)), last_move(static_cast<std::size_t>(k), 0);
  std::vector<double> best(static_cast<std::size_t>(k)), pi(static_cast<std::size_t>(k), 0.0);
  std::vector<std::int32_t> parent(static_cast<std::size_t>(k));
  std::vector<char> in_tree(static_cast<std::size_t>(k));
  const double first = one_tree(arcs, pi, degree, best, parent, in_tree);
  if (!std::isfinite(first)) return out;
  out.first_bound = out.bound = first;
  // Helsgaun's schedule: a step of about a thousandth of a tree arc, doubled while the first
  // steps keep raising the bound; each period half the last, the step halved with it, a period
  // doubled when its last step still raised the bound.
  //
  // His first period is k/2 steps, which at thousands of cities outlasts the time the tour
  // search can spare (a 3,000-city instance needs about 2,700 steps, 5 s on one core); from 50
  // steps the bound settles in a tenth of that, within 0.2% of where k/2 takes it (docs/tsp.md).
  constexpr int kFirstPeriod = 50;
  double step = 1e-3 * first / k;
  int period = kFirstPeriod, left = period;
  bool doubling = true;
  for (;;) {
    if (std::all_of(degree.begin(), degree.end(), [](int d) { return d == 2; })) {
      out.tour = true;
      break;
    }
    if (step <= 0 || period == 0 || now_seconds() > deadline || stop()) break;
    double sum_pi = 0;
    for (std::size_t i = 0; i < pi.size(); ++i) {
      const int v = degree[i] - 2;
      pi[i] += step * (0.7 * v + 0.3 * last_move[i]);
      last_move[i] = v;
      sum_pi += pi[i];
    }
    const double bound = one_tree(arcs, pi, degree, best, parent, in_tree) - 2 * sum_pi;
    ++out.iterations;
    if (bound > out.bound) {
      out.bound = bound;
      out.penalties = pi;
      if (doubling) step *= 2;
      if (left == 1) period *= 2;  // the period's last step still gained: lengthen it
    } else {
      doubling = false;
    }
    if (--left == 0) {
      period /= 2;
      step /= 2;
      left = period;
    }
  }
  return out;
}

}  // namespace pathscope::tsp_detail
