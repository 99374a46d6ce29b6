#include "pathscope_ui_common/node_attribute.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace pathscope {
namespace {

constexpr std::string_view kDegree = "degree", kInDegree = "in-degree", kOutDegree = "out-degree",
                           kSynapsesIn = "synapses in", kSynapsesOut = "synapses out";

std::vector<std::string_view> derived_names(const Graph& g) {
  std::vector<std::string_view> names{kDegree};
  if (g.directed) names.insert(names.end(), {kInDegree, kOutDegree});
  if (g.has_arc_strengths()) names.insert(names.end(), {kSynapsesIn, kSynapsesOut});
  return names;
}

// Per node, the sum over its arcs of `weight(arc)`: out (tail side) and in (head side).
template <class Weight>
void sum_arcs(const Graph& g, Weight weight, std::vector<double>& out, std::vector<double>& in) {
  out.assign(static_cast<std::size_t>(g.n), 0.0);
  in.assign(static_cast<std::size_t>(g.n), 0.0);
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      out[u] += weight(a);
      in[g.heads[a]] += weight(a);
    }
  }
}

AttributeColumn derived(const Graph& g, std::string_view name) {
  std::vector<double> out, in;
  const bool synapses = name == kSynapsesIn || name == kSynapsesOut;
  if (synapses) {
    sum_arcs(g, [&](std::int64_t a) { return g.arc_strengths[a]; }, out, in);
  } else {
    sum_arcs(g, [](std::int64_t) { return 1.0; }, out, in);
  }
  AttributeColumn column;
  column.name = std::string(name);
  column.type = synapses ? AttributeType::Real : AttributeType::Integer;
  column.resize(static_cast<std::size_t>(g.n));
  for (std::int32_t u = 0; u < g.n; ++u) {
    // An undirected edge is stored as two arcs: its degree is the out side alone.
    double value = name == kInDegree || name == kSynapsesIn ? in[u]
                   : name == kOutDegree || name == kSynapsesOut || !g.directed ? out[u]
                                                                                : in[u] + out[u];
    if (synapses) {
      column.set_real(u, value);
    } else {
      column.set_integer(u, static_cast<std::int64_t>(value));
    }
  }
  return column;
}

}  // namespace

std::vector<std::string> node_attribute_names(const Graph& g) {
  std::vector<std::string> names;
  for (const auto& column : g.node_attributes.columns) names.push_back(column.name);
  for (const auto name : derived_names(g)) {
    if (!g.node_attributes.find(name)) names.emplace_back(name);
  }
  return names;
}

std::optional<AttributeColumn> node_attribute(const Graph& g, std::string_view name) {
  if (const auto* own = g.node_attributes.find(name)) return *own;
  for (const auto derived_name : derived_names(g)) {
    if (derived_name == name) return derived(g, name);
  }
  return std::nullopt;
}

}  // namespace pathscope

namespace pathscope {

void ComputedNodeValues::set(std::string name, std::vector<double> values) {
  for (auto& [existing, old] : columns) {
    if (existing == name) {
      old = std::move(values);
      return;
    }
  }
  columns.emplace_back(std::move(name), std::move(values));
}

const std::vector<double>* ComputedNodeValues::find(std::string_view name) const {
  for (const auto& [existing, values] : columns) {
    if (existing == name) return &values;
  }
  return nullptr;
}

std::vector<std::string> node_attribute_names(const Graph& g, const ComputedNodeValues& computed) {
  auto names = node_attribute_names(g);
  for (const auto& [name, values] : computed.columns) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  return names;
}

std::optional<AttributeColumn> node_attribute(const Graph& g, const ComputedNodeValues& computed,
                                              std::string_view name) {
  const auto* values = computed.find(name);
  if (!values || values->size() != static_cast<std::size_t>(g.n)) return node_attribute(g, name);
  AttributeColumn column;
  column.name = std::string(name);
  column.type = AttributeType::Real;
  column.resize(values->size());
  // NaN stays missing, so the inspector shows no number and the legend counts it as "none".
  for (std::size_t u = 0; u < values->size(); ++u) {
    if (std::isfinite((*values)[u])) column.set_real(u, (*values)[u]);
  }
  return column;
}

}  // namespace pathscope
