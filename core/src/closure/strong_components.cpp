#include "pathscope/closure/detail/strong_components.hpp"

#include <algorithm>
#include <functional>

namespace pathscope::detail {

Condensation strong_components(const Graph& g) {
  const std::int32_t n = g.n;
  Condensation c;
  c.component.assign(n, -1);
  std::vector<std::int32_t> index(n, -1), low(n, 0);
  std::vector<char> on_stack(n, 0);
  std::vector<std::int32_t> stack;
  struct Frame {
    std::int32_t node;
    std::int64_t next_arc;
  };
  std::vector<Frame> frames;
  std::int32_t counter = 0;

  auto open = [&](std::int32_t v) {
    index[v] = low[v] = counter++;
    stack.push_back(v);
    on_stack[v] = 1;
    frames.push_back({v, g.offsets[v]});
  };

  for (std::int32_t root = 0; root < n; ++root) {
    if (index[root] >= 0) continue;
    open(root);
    while (!frames.empty()) {
      Frame& f = frames.back();
      const std::int32_t v = f.node;
      if (f.next_arc < g.offsets[v + 1]) {
        const std::int32_t w = g.heads[f.next_arc++];
        if (index[w] < 0)
          open(w);  // invalidates f; the loop re-reads frames.back()
        else if (on_stack[w])
          low[v] = std::min(low[v], index[w]);
        continue;
      }
      frames.pop_back();
      if (low[v] == index[v]) {
        std::int32_t w;
        do {
          w = stack.back();
          stack.pop_back();
          on_stack[w] = 0;
          c.component[w] = c.count;
        } while (w != v);
        ++c.count;
      }
      if (!frames.empty()) {
        const std::int32_t parent = frames.back().node;
        low[parent] = std::min(low[parent], low[v]);
      }
    }
  }

  c.first.assign(static_cast<std::size_t>(c.count) + 1, 0);
  for (std::int32_t v = 0; v < n; ++v) ++c.first[c.component[v] + 1];
  for (std::int32_t k = 0; k < c.count; ++k) c.first[k + 1] += c.first[k];
  c.members.resize(n);
  std::vector<std::int32_t> fill(c.first.begin(), c.first.end() - 1);
  for (std::int32_t v = 0; v < n; ++v) c.members[fill[c.component[v]]++] = v;

  c.cyclic.assign(c.count, 0);
  for (std::int32_t k = 0; k < c.count; ++k)
    if (c.first[k + 1] - c.first[k] > 1) c.cyclic[k] = 1;
  for (std::int32_t u = 0; u < n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (g.heads[a] == u) c.cyclic[c.component[u]] = 1;
  return c;
}

}  // namespace pathscope::detail

namespace pathscope::detail {

ComponentDag component_dag(const Graph& g, const Condensation& c) {
  ComponentDag dag;
  dag.offsets.assign(static_cast<std::size_t>(c.count) + 1, 0);
  std::vector<std::int32_t> seen(c.count, -1);  // the component whose list last took it
  for (std::int32_t k = 0; k < c.count; ++k) {
    const std::size_t first = dag.heads.size();
    for (std::int32_t m = c.first[k]; m < c.first[k + 1]; ++m) {
      const std::int32_t u = c.members[m];
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
        const std::int32_t d = c.component[g.heads[a]];
        if (d == k || seen[d] == k) continue;
        seen[d] = k;
        dag.heads.push_back(d);
      }
    }
    std::sort(dag.heads.begin() + static_cast<std::ptrdiff_t>(first), dag.heads.end(), std::greater<>());
    dag.offsets[k + 1] = static_cast<std::int64_t>(dag.heads.size());
  }
  return dag;
}

}  // namespace pathscope::detail
