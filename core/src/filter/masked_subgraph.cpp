// The kept part of a graph as a graph of its own. The CSR arcs are copied in their order, which
// keeps each node's arcs as the reader sorted them; node indices are renumbered, so a graph
// without file ids gets the old indices as ids, and every node keeps the id a person sees.
#include <algorithm>
#include <limits>
#include <optional>
#include <utility>

#include "pathscope/filter/graph_mask.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

namespace {

bool kept_entry(const std::vector<std::uint8_t>& kept, std::size_t i) { return kept.empty() || kept[i] != 0; }

template <class T>
std::vector<T> rows_of(const std::vector<T>& values, const std::vector<std::int32_t>& kept, std::size_t width = 1) {
  if (values.empty()) return {};
  std::vector<T> out;
  out.reserve(kept.size() * width);
  for (auto old : kept)
    for (std::size_t k = 0; k < width; ++k) out.push_back(values[static_cast<std::size_t>(old) * width + k]);
  return out;
}

// The kept extra arcs by their ends, each pair's in the graph's order (cheapest first, as the
// builder lists them): the stand-in for a dropped arc of the same ends is the first of them.
class ExtraArcStandIns {
 public:
  ExtraArcStandIns(const Graph& g, const GraphMask& mask) : directed_(g.directed) {
    kept_.assign(g.extra_arcs.size(), 0);
    for (std::size_t i = 0; i < g.extra_arcs.size(); ++i) {
      const auto& e = g.extra_arcs[i];
      if (!mask.keeps_node(e.tail) || !mask.keeps_node(e.head) || !kept_entry(mask.extra_arc_kept, i)) continue;
      kept_[i] = 1;
      by_ends_.push_back({key(e.tail, e.head), i});
    }
    std::stable_sort(by_ends_.begin(), by_ends_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  }
  bool kept(std::size_t extra) const { return kept_[extra] != 0; }
  // The extra arc that stands in for a dropped arc tail -> head, if one is kept.
  std::optional<std::size_t> find(std::int32_t tail, std::int32_t head) const {
    const auto wanted = key(tail, head);
    const auto it = std::lower_bound(by_ends_.begin(), by_ends_.end(), wanted,
                                     [](const auto& entry, const auto& k) { return entry.first < k; });
    if (it == by_ends_.end() || it->first != wanted) return std::nullopt;
    return it->second;
  }

 private:
  // An undirected graph lists each extra edge once, from its lower end.
  std::pair<std::int32_t, std::int32_t> key(std::int32_t tail, std::int32_t head) const {
    return directed_ || tail <= head ? std::pair{tail, head} : std::pair{head, tail};
  }
  bool directed_;
  std::vector<std::uint8_t> kept_;
  std::vector<std::pair<std::pair<std::int32_t, std::int32_t>, std::size_t>> by_ends_;
};

}  // namespace

Graph masked_subgraph(const Graph& g, const GraphMask& mask, std::vector<std::int32_t>* kept_nodes) {
  if (!g.arc_attributes.empty() && g.arc_attribute_count() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
    throw Error("filtered graph: more than 2^31 arcs with attributes");
  std::vector<std::int32_t> kept;
  std::vector<std::int32_t> new_index(static_cast<std::size_t>(g.n), -1);
  for (std::int32_t u = 0; u < g.n; ++u)
    if (mask.keeps_node(u)) {
      new_index[static_cast<std::size_t>(u)] = static_cast<std::int32_t>(kept.size());
      kept.push_back(u);
    }

  // Where an arc or loop the engines walk is dropped but a parallel one of the file is kept, the
  // cheapest kept one takes its place, as it would have in a file of the kept rows alone.
  const ExtraArcStandIns stand_ins(g, mask);
  std::vector<std::uint8_t> promoted(g.extra_arcs.size(), 0);

  Graph s = make_empty_graph(static_cast<std::int32_t>(kept.size()));
  s.directed = g.directed;
  const bool with_strengths = g.has_arc_strengths();
  const bool with_attributes = !g.arc_attributes.empty();
  std::vector<std::int32_t> attribute_elements;
  for (std::size_t j = 0; j < kept.size(); ++j) {
    const std::int32_t u = kept[j];
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const std::int32_t v = g.heads[a];
      if (!mask.keeps_node(v)) continue;
      if (mask.keeps_arc(a, u, v)) {
        s.heads.push_back(new_index[static_cast<std::size_t>(v)]);
        s.weights.push_back(g.weights[a]);
        if (with_strengths) s.arc_strengths.push_back(g.arc_strengths[a]);
        if (with_attributes) attribute_elements.push_back(static_cast<std::int32_t>(a));
      } else if (const auto extra = stand_ins.find(u, v)) {
        const Graph::ExtraArc& e = g.extra_arcs[*extra];
        promoted[*extra] = 1;
        s.heads.push_back(new_index[static_cast<std::size_t>(v)]);
        s.weights.push_back(e.weight);
        if (with_strengths) s.arc_strengths.push_back(e.strength);
        if (with_attributes) attribute_elements.push_back(static_cast<std::int32_t>(g.extra_arc_attribute_index(*extra)));
      }
    }
    s.offsets[j + 1] = static_cast<std::int64_t>(s.heads.size());
  }
  std::vector<std::int32_t> loop_elements;
  for (std::size_t i = 0; i < g.self_loops.size(); ++i) {
    const auto& loop = g.self_loops[i];
    if (!mask.keeps_node(loop.node)) continue;
    if (kept_entry(mask.self_loop_kept, i)) {
      s.self_loops.push_back({new_index[static_cast<std::size_t>(loop.node)], loop.weight});
      loop_elements.push_back(static_cast<std::int32_t>(g.self_loop_attribute_index(i)));
    } else if (const auto extra = stand_ins.find(loop.node, loop.node)) {
      promoted[*extra] = 1;
      s.self_loops.push_back({new_index[static_cast<std::size_t>(loop.node)], g.extra_arcs[*extra].weight});
      loop_elements.push_back(static_cast<std::int32_t>(g.extra_arc_attribute_index(*extra)));
    }
  }
  if (with_attributes) attribute_elements.insert(attribute_elements.end(), loop_elements.begin(), loop_elements.end());
  for (std::size_t i = 0; i < g.extra_arcs.size(); ++i) {
    const auto& extra = g.extra_arcs[i];
    if (promoted[i] || !stand_ins.kept(i)) continue;
    s.extra_arcs.push_back({new_index[static_cast<std::size_t>(extra.tail)], new_index[static_cast<std::size_t>(extra.head)],
                            extra.weight, extra.strength});
    if (with_attributes) attribute_elements.push_back(static_cast<std::int32_t>(g.extra_arc_attribute_index(i)));
  }
  if (with_attributes) s.arc_attributes = g.arc_attributes.subset(attribute_elements);
  // Marked afresh, not carried over: a parallel arc standing in for a dropped unit arc may cost
  // more than 1, and a part that dropped every costly arc is a graph of hops.
  mark_weight_kinds(s);

  const bool dropped_nodes = kept.size() != static_cast<std::size_t>(g.n);
  if (!g.ids.empty()) {
    s.ids = rows_of(g.ids, kept);
  } else if (dropped_nodes) {
    s.ids.assign(kept.begin(), kept.end());
  }
  s.names = rows_of(g.names, kept);
  s.coord_dims = g.coord_dims;
  s.coords = rows_of(g.coords, kept, static_cast<std::size_t>(g.coord_dims));
  s.node_attributes = g.node_attributes.subset(kept);
  s.graph_attributes = g.graph_attributes;
  if (kept_nodes) *kept_nodes = std::move(kept);
  return s;
}

}  // namespace pathscope
