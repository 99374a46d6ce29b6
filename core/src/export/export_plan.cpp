#include "export/export_plan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>
#include <unordered_set>

#include "export/export_text.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::exporting {
namespace {

ValueType value_type(AttributeType type) {
  switch (type) {
    case AttributeType::Integer: return ValueType::Integer;
    case AttributeType::Real: return ValueType::Real;
    case AttributeType::Boolean: return ValueType::Boolean;
    case AttributeType::Text: break;
  }
  return ValueType::Text;
}

// A column name not yet used: the graph's own attributes may be called "x" or "highlight".
std::string unique_name(std::string name, std::unordered_set<std::string>& used) {
  if (used.insert(name).second) return name;
  for (int k = 2;; ++k) {
    std::string candidate = name + "_" + std::to_string(k);
    if (used.insert(candidate).second) return candidate;
  }
}

constexpr double kNoStrength = std::numeric_limits<double>::quiet_NaN();

}  // namespace

ExportPlan::ExportPlan(const Graph& g, const GraphHighlight& highlight, const GraphExportOptions& options)
    : g_(g), options_(options), kind_(highlight.kind) {
  const auto n = static_cast<std::size_t>(g.n);
  const auto check_node = [&](std::int32_t u) {
    if (u < 0 || u >= g.n)
      throw Error("cannot export: the result names node index " + std::to_string(u) + " but the graph has " +
                  std::to_string(g.n) + " nodes");
  };
  // A result that found nothing (no path) still writes its marks, all false, so a viewer's
  // colouring rule finds the attribute it expects.
  marked_ = !highlight.empty() || !highlight.kind.empty();
  ranked_ = highlight.walks.size() > 1 || highlight.kind == "paths";
  if (marked_) {
    node_highlight_.assign(n, 0);
    node_in_set_.assign(n, 0);
    node_hop_.assign(n, -1);
    if (ranked_) node_ranks_.assign(n, {});
  }
  for (std::size_t r = 0; r < highlight.walks.size(); ++r) {
    const auto& walk = highlight.walks[r];
    // Ranks count from 1, as `paths` numbers its paths.
    const auto rank = static_cast<std::int32_t>(r + 1);
    for (std::size_t i = 0; i < walk.size(); ++i) {
      const std::int32_t u = walk[i];
      check_node(u);
      node_highlight_[u] = 1;
      if (node_hop_[u] < 0) node_hop_[u] = static_cast<std::int32_t>(i);
      if (ranked_ && (node_ranks_[u].empty() || node_ranks_[u].back() != rank)) node_ranks_[u].push_back(rank);
      if (i + 1 == walk.size()) break;
      const std::int32_t v = walk[i + 1];
      check_node(v);
      if (u == v) continue;  // a walk standing still (a tour of one stop)
      const std::int64_t arc = canonical_arc(u, v);
      if (arc < 0)
        throw Error("cannot export: the result walks from node " + g.label(u) + " to " + g.label(v) +
                    " but the graph has no arc between them");
      auto& marks = arc_marks_[arc];
      if (!marks.on_path) {
        marks.highlight = marks.on_path = true;
        marks.hop = static_cast<std::int32_t>(i);
      }
      if (ranked_ && (marks.ranks.empty() || marks.ranks.back() != rank)) marks.ranks.push_back(rank);
    }
  }
  for (std::size_t i = 0; i < highlight.nodes.size(); ++i) {
    const std::int32_t u = highlight.nodes[i];
    check_node(u);
    node_highlight_[u] = 1;
    node_in_set_[u] = 1;
    if (i < highlight.node_hops.size() && node_hop_[u] < 0) node_hop_[u] = highlight.node_hops[i];
  }

  in_output_.assign(n, 1);
  if (options.subgraph_only && marked_) in_output_ = node_highlight_;
  for (std::int32_t u = 0; u < g.n; ++u)
    if (in_output_[u]) nodes_.push_back(u);

  if (options.position_dims >= 2 && options.position_dims <= 3 &&
      options_.positions.size() >= n * static_cast<std::size_t>(options.position_dims)) {
    positions_ = options_.positions.data();
    dims_ = options.position_dims;
  } else if (g.coord_dims >= 2 && g.coords.size() >= n * static_cast<std::size_t>(g.coord_dims)) {
    positions_ = g.coords.data();
    dims_ = g.coord_dims;
  }
  if (g.names.size() == n && n > 0) {
    std::unordered_set<std::string_view> distinct(g.names.begin(), g.names.end());
    names_unique_ = distinct.size() == n;
  }

  // The marks' columns, the same for nodes and edges after their own leading ones.
  const auto mark_fields = [&](const auto& add, bool edge) {
    add("highlight", ValueType::Boolean, Source::Highlight, 0);
    if (edge) add("on_path", ValueType::Boolean, Source::OnPath, 0);
    add("hop", ValueType::Integer, Source::Hop, 0);
    if (!ranked_) return;
    add("path_rank", ValueType::Integer, Source::Rank, 0);
    add("path_ranks", ValueType::Text, Source::Ranks, 0);
    const auto flags = std::min<std::int32_t>(kRankColumns, static_cast<std::int32_t>(highlight.walks.size()));
    for (std::int32_t r = 1; r <= flags; ++r) add("on_path_" + std::to_string(r), ValueType::Boolean, Source::RankFlag, r);
  };

  std::unordered_set<std::string> used{"id", "label"};
  const auto add_node_field = [&](const std::string& name, ValueType type, Source source, int index) {
    node_fields_.push_back({unique_name(name, used), type, source == Source::Axis ? Field::Role::Position : Field::Role::Value});
    node_sources_.push_back({source, index});
  };
  if (!g.names.empty()) add_node_field("name", ValueType::Text, Source::Name, 0);
  static const char* const kAxes[] = {"x", "y", "z"};
  for (int d = 0; d < dims_; ++d) add_node_field(kAxes[d], ValueType::Real, Source::Axis, d);
  // Marks get their names first among the rest: a viewer's colouring should not depend on
  // whether the file happened to carry an attribute called "highlight".
  const std::size_t marks_at = node_fields_.size();
  if (marked_) mark_fields(add_node_field, false);
  std::vector<Field> marks(node_fields_.begin() + static_cast<std::ptrdiff_t>(marks_at), node_fields_.end());
  std::vector<FieldSource> mark_sources(node_sources_.begin() + static_cast<std::ptrdiff_t>(marks_at), node_sources_.end());
  node_fields_.resize(marks_at);
  node_sources_.resize(marks_at);
  for (std::size_t c = 0; c < g.node_attributes.columns.size(); ++c) {
    const auto& column = g.node_attributes.columns[c];
    if (column.size() < n) continue;  // not one value per node: nothing sensible to write
    add_node_field(column.name, value_type(column.type), Source::Attribute, static_cast<int>(c));
  }
  node_fields_.insert(node_fields_.end(), marks.begin(), marks.end());
  node_sources_.insert(node_sources_.end(), mark_sources.begin(), mark_sources.end());

  has_strengths_ = g.arc_strengths.size() == g.heads.size() && !g.heads.empty();
  for (const auto& extra : g.extra_arcs)
    if (extra.tail >= 0 && extra.tail < g.n && extra.head >= 0 && extra.head < g.n && in_output_[extra.tail] &&
        in_output_[extra.head])
      multigraph_ = true;
  // networkx's key of a parallel edge: 0 for the cheapest (walked), then in the order kept.
  {
    std::unordered_map<std::int64_t, std::int32_t> seen;
    extra_keys_.reserve(g.extra_arcs.size());
    for (const auto& extra : g.extra_arcs) {
      std::int64_t a = extra.tail, b = extra.head;
      if (!g.directed && b < a) std::swap(a, b);
      extra_keys_.push_back(++seen[a * static_cast<std::int64_t>(g.n) + b]);
    }
  }

  std::unordered_set<std::string> edge_used{"id", "source", "target"};
  if (multigraph_) edge_used.insert("key");
  const auto add_edge_field = [&](const std::string& name, ValueType type, Source source, int index) {
    edge_fields_.push_back({unique_name(name, edge_used), type, source == Source::Weight ? Field::Role::Weight : Field::Role::Value});
    edge_sources_.push_back({source, index});
  };
  add_edge_field(options.weight_attribute.empty() ? "weight" : options.weight_attribute, ValueType::Real, Source::Weight, 0);
  if (has_strengths_) add_edge_field("strength", ValueType::Real, Source::Strength, 0);
  // As for nodes: the marks' names are taken before the graph's own arc attributes.
  const std::size_t edge_marks_at = edge_fields_.size();
  if (marked_) mark_fields(add_edge_field, true);
  std::vector<Field> edge_marks(edge_fields_.begin() + static_cast<std::ptrdiff_t>(edge_marks_at), edge_fields_.end());
  std::vector<FieldSource> edge_mark_sources(edge_sources_.begin() + static_cast<std::ptrdiff_t>(edge_marks_at),
                                             edge_sources_.end());
  edge_fields_.resize(edge_marks_at);
  edge_sources_.resize(edge_marks_at);
  const std::size_t arc_elements = g.arc_attribute_count();
  for (std::size_t c = 0; c < g.arc_attributes.columns.size(); ++c) {
    const auto& column = g.arc_attributes.columns[c];
    if (column.size() < arc_elements) continue;  // not one value per arc: nothing sensible to write
    add_edge_field(column.name, value_type(column.type), Source::Attribute, static_cast<int>(c));
  }
  edge_fields_.insert(edge_fields_.end(), edge_marks.begin(), edge_marks.end());
  edge_sources_.insert(edge_sources_.end(), edge_mark_sources.begin(), edge_mark_sources.end());

  std::unordered_set<std::string> graph_used;
  for (std::size_t c = 0; c < g.graph_attributes.columns.size(); ++c) {
    const auto& column = g.graph_attributes.columns[c];
    if (column.size() < 1) continue;
    graph_fields_.push_back({unique_name(column.name, graph_used), value_type(column.type)});
    graph_columns_.push_back(static_cast<int>(c));
  }
}

std::int64_t ExportPlan::find_arc(std::int32_t u, std::int32_t v) const {
  for (std::int64_t a = g_.offsets[u]; a < g_.offsets[u + 1]; ++a)
    if (g_.heads[a] == v) return a;
  return -1;
}

std::int64_t ExportPlan::canonical_arc(std::int32_t u, std::int32_t v) const {
  if (!g_.directed && v < u) std::swap(u, v);
  return find_arc(u, v);
}

const std::vector<std::int32_t>& ExportPlan::node_ranks(std::int32_t u) const {
  static const std::vector<std::int32_t> kNone;
  return node_ranks_.empty() ? kNone : node_ranks_[u];
}

std::string ExportPlan::ranks_text(const std::vector<std::int32_t>& ranks) {
  std::string text;
  for (const auto r : ranks) {
    if (!text.empty()) text += ';';
    text += std::to_string(r);
  }
  return text;
}

namespace {

// One value of an attribute column into the output that its type uses.
bool column_value(const AttributeColumn& column, std::size_t i, std::int64_t* integer, double* real, std::string* text) {
  if (i >= column.size() || !column.has(i)) return false;
  switch (column.type) {
    case AttributeType::Text: *text = column.text[i]; break;
    case AttributeType::Real: *real = column.reals[i]; break;
    case AttributeType::Integer:
    case AttributeType::Boolean: *integer = column.integers[i]; break;
  }
  return true;
}

bool on_rank(const std::vector<std::int32_t>& ranks, std::int32_t rank) {
  return std::binary_search(ranks.begin(), ranks.end(), rank);
}

}  // namespace

bool ExportPlan::node_value(std::size_t f, std::int32_t u, std::int64_t* integer, double* real,
                            std::string* text) const {
  const FieldSource& source = node_sources_[f];
  switch (source.source) {
    case Source::Name: *text = g_.names[u]; return true;
    case Source::Axis: {
      const float* p = position(u);
      if (!p) return false;
      *real = p[source.index];
      return true;
    }
    case Source::Attribute:
      return column_value(g_.node_attributes.columns[source.index], static_cast<std::size_t>(u), integer, real, text);
    case Source::Highlight: *integer = node_highlighted(u) ? 1 : 0; return true;
    case Source::Hop: *integer = node_hop(u); return true;
    case Source::Rank: *integer = node_rank(u); return true;
    case Source::Ranks:
      // Absent on none: GraphML and CSV readers cannot tell an empty text from a missing one.
      if (node_ranks(u).empty()) return false;
      *text = ranks_text(node_ranks(u));
      return true;
    case Source::RankFlag: *integer = on_rank(node_ranks(u), source.index) ? 1 : 0; return true;
    case Source::Weight:
    case Source::Strength:
    case Source::OnPath: break;
  }
  return false;
}

bool ExportPlan::edge_value(std::size_t f, const Edge& e, std::int64_t* integer, double* real, std::string* text) const {
  const FieldSource& source = edge_sources_[f];
  switch (source.source) {
    case Source::Weight: *real = e.weight; return true;
    case Source::Strength:
      if (std::isnan(e.strength)) return false;
      *real = e.strength;
      return true;
    case Source::Attribute:
      return column_value(g_.arc_attributes.columns[source.index], e.attribute_index, integer, real, text);
    case Source::Highlight: *integer = e.marks.highlight ? 1 : 0; return true;
    case Source::OnPath: *integer = e.marks.on_path ? 1 : 0; return true;
    case Source::Hop: *integer = e.marks.hop; return true;
    case Source::Rank: *integer = e.marks.ranks.empty() ? -1 : e.marks.ranks.front(); return true;
    case Source::Ranks:
      if (e.marks.ranks.empty()) return false;
      *text = ranks_text(e.marks.ranks);
      return true;
    case Source::RankFlag: *integer = on_rank(e.marks.ranks, source.index) ? 1 : 0; return true;
    case Source::Name:
    case Source::Axis: break;
  }
  return false;
}

bool ExportPlan::graph_value(std::size_t f, std::int64_t* integer, double* real, std::string* text) const {
  return column_value(g_.graph_attributes.columns[graph_columns_[f]], 0, integer, real, text);
}

namespace {
std::string typed_text(ValueType type, std::int64_t integer, double real, std::string text) {
  switch (type) {
    case ValueType::Boolean: return integer ? "true" : "false";
    case ValueType::Integer: return std::to_string(integer);
    case ValueType::Real: return real_text(real);
    case ValueType::Text: break;
  }
  return text;
}
}  // namespace

bool ExportPlan::node_text(std::size_t f, std::int32_t u, std::string* out) const {
  std::int64_t integer = 0;
  double real = 0;
  std::string text;
  if (!node_value(f, u, &integer, &real, &text)) return false;
  if (node_sources_[f].source == Source::Axis) {
    *out = real_text(static_cast<float>(real));
    return true;
  }
  *out = typed_text(node_fields_[f].type, integer, real, std::move(text));
  return true;
}

bool ExportPlan::edge_text(std::size_t f, const Edge& e, std::string* out) const {
  std::int64_t integer = 0;
  double real = 0;
  std::string text;
  if (!edge_value(f, e, &integer, &real, &text)) return false;
  *out = typed_text(edge_fields_[f].type, integer, real, std::move(text));
  return true;
}

bool ExportPlan::graph_text(std::size_t f, std::string* out) const {
  std::int64_t integer = 0;
  double real = 0;
  std::string text;
  if (!graph_value(f, &integer, &real, &text)) return false;
  *out = typed_text(graph_fields_[f].type, integer, real, std::move(text));
  return true;
}

const float* ExportPlan::position(std::int32_t u) const {
  if (!positions_) return nullptr;
  const float* p = positions_ + static_cast<std::size_t>(u) * static_cast<std::size_t>(dims_);
  for (int d = 0; d < dims_; ++d)
    if (!std::isfinite(p[d])) return nullptr;
  return p;
}

void ExportPlan::for_each_edge(const std::function<void(const Edge&)>& visit) const {
  const bool subgraph = options_.subgraph_only && marked_;
  const auto finish = [&](Edge& e, std::int64_t arc) {
    if (arc >= 0 && !arc_marks_.empty()) {
      if (const auto it = arc_marks_.find(arc); it != arc_marks_.end()) e.marks = it->second;
    }
    if (marked_ && node_in_set_[e.u] && node_in_set_[e.v]) e.marks.highlight = true;
    if (subgraph && !e.marks.highlight) return;
    visit(e);
  };
  for (const std::int32_t u : nodes_) {
    for (std::int64_t a = g_.offsets[u]; a < g_.offsets[u + 1]; ++a) {
      const std::int32_t v = g_.heads[a];
      if ((!g_.directed && v < u) || !in_output_[v]) continue;
      Edge e{u, v, g_.weights[a], has_strengths_ ? g_.arc_strengths[a] : kNoStrength, {}, static_cast<std::size_t>(a), 0};
      finish(e, a);
    }
  }
  for (std::size_t i = 0; i < g_.self_loops.size(); ++i) {
    const auto& loop = g_.self_loops[i];
    if (loop.node < 0 || loop.node >= g_.n || !in_output_[loop.node]) continue;
    Edge e{loop.node, loop.node, loop.weight, kNoStrength, {}, g_.self_loop_attribute_index(i), 0};
    finish(e, -1);
  }
  // Never walked by a result (engines take the cheapest), but within a marked set all the same.
  for (std::size_t i = 0; i < g_.extra_arcs.size(); ++i) {
    const auto& extra = g_.extra_arcs[i];
    if (extra.tail < 0 || extra.tail >= g_.n || extra.head < 0 || extra.head >= g_.n) continue;
    if (!in_output_[extra.tail] || !in_output_[extra.head]) continue;
    std::int32_t u = extra.tail, v = extra.head;
    if (!g_.directed && v < u) std::swap(u, v);
    Edge e{u, v, extra.weight, has_strengths_ && u != v ? extra.strength : kNoStrength, {},
           g_.extra_arc_attribute_index(i), extra_keys_[i]};
    finish(e, -1);
  }
}

std::int64_t ExportPlan::edge_count() const {
  std::int64_t count = 0;
  for_each_edge([&](const Edge&) { ++count; });
  return count;
}

}  // namespace pathscope::exporting
