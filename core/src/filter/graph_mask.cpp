// The masks of a filter: each condition bound to the column it reads (or to a pseudo-attribute:
// a node's id and name, an arc's cost and strength, where no column has that name), then asked
// of every node and every arc.
#include "pathscope/filter/graph_mask.hpp"

#include <memory>

#include "filter/compiled_condition.hpp"
#include "pathscope/runtime/count_text.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

namespace {

using filter::CompiledCondition;

// Where a condition reads its value.
enum class ValueSource { Column, NodeId, NodeName, ArcCost, ArcStrength };

struct BoundCondition {
  ValueSource source;
  const AttributeColumn* column = nullptr;  // ValueSource::Column only
  CompiledCondition test;
};

std::string listed(const AttributeTable& table, std::initializer_list<std::string_view> pseudo) {
  std::string out;
  for (const auto& c : table.columns) out += (out.empty() ? "" : ", ") + c.name;
  for (auto name : pseudo)
    if (!table.find(name)) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}

[[noreturn]] void unknown(const AttributeCondition& c, std::string_view what, const std::string& known) {
  throw UsageError("filter condition '" + condition_text(c) + "': the graph's " + std::string(what) +
                   " have no attribute '" + c.attribute + "'" +
                   (known.empty() ? std::string(" (they have none)") : " (they have: " + known + ")"));
}

BoundCondition bind_node_condition(const Graph& g, const AttributeCondition& c) {
  if (const AttributeColumn* column = g.node_attributes.find(c.attribute))
    return {ValueSource::Column, column, CompiledCondition(c, column->type)};
  if (c.attribute == "id") return {ValueSource::NodeId, nullptr, CompiledCondition(c, AttributeType::Integer)};
  if (c.attribute == "name" && !g.names.empty())
    return {ValueSource::NodeName, nullptr, CompiledCondition(c, AttributeType::Text)};
  if (g.names.empty()) unknown(c, "nodes", listed(g.node_attributes, {"id"}));
  unknown(c, "nodes", listed(g.node_attributes, {"id", "name"}));
}

BoundCondition bind_arc_condition(const Graph& g, const AttributeCondition& c) {
  if (const AttributeColumn* column = g.arc_attributes.find(c.attribute))
    return {ValueSource::Column, column, CompiledCondition(c, column->type)};
  if (c.attribute == "weight" || c.attribute == "cost")
    return {ValueSource::ArcCost, nullptr, CompiledCondition(c, AttributeType::Real)};
  if (c.attribute == "synapses" || c.attribute == "strength") {
    if (!g.has_arc_strengths())
      throw UsageError("filter condition '" + condition_text(c) + "': the graph keeps no connection strengths " +
                       "(synapse counts) for '" + c.attribute + "' to read; its arcs have: " +
                       listed(g.arc_attributes, {"weight", "cost"}) +
                       " (a file read with the cost rule 'weight' keeps its numbers as the costs: filter on weight)");
    return {ValueSource::ArcStrength, nullptr, CompiledCondition(c, AttributeType::Real)};
  }
  const auto known = g.has_arc_strengths() ? listed(g.arc_attributes, {"weight", "cost", "synapses", "strength"})
                                           : listed(g.arc_attributes, {"weight", "cost"});
  unknown(c, "arcs", known);
}

bool node_holds(const Graph& g, const BoundCondition& b, std::int32_t u) {
  switch (b.source) {
    case ValueSource::NodeId: return b.test.on_integer(g.display_id(u));
    case ValueSource::NodeName: return g.names[u].empty() ? b.test.on_missing() : b.test.on_text(g.names[u]);
    default: return b.test.on_element(*b.column, static_cast<std::size_t>(u));
  }
}

// Element e of the arc-attribute order: CSR arcs, then self-loops, then extra arcs.
bool arc_element_holds(const Graph& g, const BoundCondition& b, std::size_t e) {
  const std::size_t arcs = g.heads.size(), loops = g.self_loops.size();
  switch (b.source) {
    case ValueSource::ArcCost:
      if (e < arcs) return b.test.on_real(g.weights[e]);
      if (e < arcs + loops) return b.test.on_real(g.self_loops[e - arcs].weight);
      return b.test.on_real(g.extra_arcs[e - arcs - loops].weight);
    case ValueSource::ArcStrength:
      if (e < arcs) return b.test.on_real(g.arc_strengths[e]);
      // A self-loop keeps only its cost (Graph::SelfLoop): its strength is unknown, and so that
      // every loop is judged alike, a repeated loop's too.
      if (e < arcs + loops) return b.test.on_missing();
      if (const auto& extra = g.extra_arcs[e - arcs - loops]; extra.tail == extra.head) return b.test.on_missing();
      return b.test.on_real(g.extra_arcs[e - arcs - loops].strength);
    default: return b.test.on_element(*b.column, e);
  }
}

std::vector<std::uint8_t> arc_elements_kept(const Graph& g, const std::vector<BoundCondition>& bound, std::size_t begin,
                                            std::size_t end) {
  std::vector<std::uint8_t> kept(end - begin, 1);
  const auto count = static_cast<std::int64_t>(end - begin);
#pragma omp parallel for schedule(static)
  for (std::int64_t i = 0; i < count; ++i) {
    for (const auto& b : bound)
      if (!arc_element_holds(g, b, begin + static_cast<std::size_t>(i))) {
        kept[static_cast<std::size_t>(i)] = 0;
        break;
      }
  }
  return kept;
}

}  // namespace

GraphMask make_graph_mask(const Graph& g, const GraphFilter& filter) {
  GraphMask mask;
  if (!filter.nodes.empty()) {
    std::vector<BoundCondition> bound;
    for (const auto& c : filter.nodes) bound.push_back(bind_node_condition(g, c));
    mask.node_kept.assign(static_cast<std::size_t>(g.n), 1);
#pragma omp parallel for schedule(static)
    for (std::int32_t u = 0; u < g.n; ++u) {
      for (const auto& b : bound)
        if (!node_holds(g, b, u)) {
          mask.node_kept[static_cast<std::size_t>(u)] = 0;
          break;
        }
    }
  }
  if (!filter.arcs.empty()) {
    std::vector<BoundCondition> bound;
    for (const auto& c : filter.arcs) bound.push_back(bind_arc_condition(g, c));
    const std::size_t arcs = g.heads.size(), loops = g.self_loops.size();
    mask.arc_kept = arc_elements_kept(g, bound, 0, arcs);
    mask.self_loop_kept = arc_elements_kept(g, bound, arcs, arcs + loops);
    mask.extra_arc_kept = arc_elements_kept(g, bound, arcs + loops, g.arc_attribute_count());
  }
  return mask;
}

FilterSummary summarize_mask(const Graph& g, const GraphMask& mask, const GraphFilter& filter) {
  FilterSummary s;
  s.filter = filter_text(filter);
  s.nodes_before = g.n;
  s.arcs_before = g.arc_count();
  for (std::int32_t u = 0; u < g.n; ++u) {
    if (!mask.keeps_node(u)) continue;
    ++s.nodes_kept;
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) s.arcs_kept += mask.keeps_arc(a, u, g.heads[a]);
  }
  return s;
}

std::string FilterSummary::text() const {
  std::string out = "kept " + grouped_number(nodes_kept) + " of " + grouped_count_text(nodes_before, "node") + " and " +
                    grouped_number(arcs_kept) + " of " + grouped_count_text(arcs_before, "arc");
  return filter.empty() ? out : out + " (" + filter + ")";
}

}  // namespace pathscope
