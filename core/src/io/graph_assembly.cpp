#include "io/graph_assembly.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "io/attribute_values.hpp"
#include "io/readers.hpp"
#include "io/text_fields.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

template <typename T>
void grow_to(std::vector<T>& values, std::size_t count, T fill) {
  if (values.size() < count) values.resize(std::max(count, values.size() * 2), fill);
}

}  // namespace

// Every format read through here can hold a multigraph: its parallel edges are kept apart.
GraphAssembly::GraphAssembly(std::string source, const LoadOptions& options)
    : source_(std::move(source)), options_(options) {
  builder_.keep_extra_arcs(true);
}

std::int32_t GraphAssembly::node(std::string_view key, std::int64_t line, bool declaring) {
  const std::int64_t limit = std::min<std::int64_t>(options_.max_nodes, std::numeric_limits<std::int32_t>::max());
  const std::int32_t u = interner_.intern(key, limit);
  if (u < 0) throw ParseError(source_, line, "more nodes than the limit of " + std::to_string(limit));
  grow_to(declared_, static_cast<std::size_t>(u) + 1, std::uint8_t{0});
  if (declaring) {
    if (declared_[u]) throw ParseError(source_, line, "node " + io::quoted(key) + " is declared twice");
    declared_[u] = 1;
    undeclared_.erase(u);
  } else if (!declared_[u]) {
    undeclared_.emplace(u, line);
  }
  return u;
}

void GraphAssembly::set_name(std::int32_t u, std::string_view name, int rank) {
  grow_to(names_, static_cast<std::size_t>(u) + 1, std::string());
  grow_to(name_rank_, static_cast<std::size_t>(u) + 1, std::uint8_t{0});
  if (rank < name_rank_[u]) return;
  names_[u] = std::string(name);
  name_rank_[u] = static_cast<std::uint8_t>(rank);
}

void GraphAssembly::set_position(std::int32_t u, int axis, double value) {
  grow_to(axes_[axis], static_cast<std::size_t>(u) + 1, std::numeric_limits<float>::quiet_NaN());
  axes_[axis][u] = to_float_saturated(value);
}

TypedValue typed_value(std::string_view name, AttributeType type, std::string_view value, const std::string& source,
                       std::int64_t line) {
  TypedValue typed;
  typed.type = type;
  const std::string_view text = trim(value);
  switch (type) {
    case AttributeType::Text: typed.text = std::string(value); break;
    case AttributeType::Integer: {
      const auto number = to_int64(text);
      if (!number) throw ParseError(source, line, "attribute " + io::quoted(name) + ": expected an integer, found " + io::quoted(text));
      typed.integer = *number;
      break;
    }
    case AttributeType::Real: {
      auto number = to_double(text);
      const std::string_view unsigned_text = text.starts_with('-') || text.starts_with('+') ? text.substr(1) : text;
      if (!number && iequals(unsigned_text, "nan")) number = std::numeric_limits<double>::quiet_NaN();
      if (!number && (iequals(unsigned_text, "inf") || iequals(unsigned_text, "infinity")))
        number = text.starts_with('-') ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
      if (!number) throw ParseError(source, line, "attribute " + io::quoted(name) + ": expected a number, found " + io::quoted(text));
      typed.real = *number;
      break;
    }
    case AttributeType::Boolean: {
      const std::string word = to_upper(text);
      if (word != "TRUE" && word != "FALSE" && word != "1" && word != "0")
        throw ParseError(source, line, "attribute " + io::quoted(name) + ": expected true or false, found " + io::quoted(text));
      typed.integer = word == "TRUE" || word == "1";
      break;
    }
  }
  return typed;
}

void GraphAssembly::set_attribute(std::int32_t u, std::string_view name, AttributeType type, std::string_view value,
                                  std::int64_t line) {
  set_widened(attributes_, name, static_cast<std::size_t>(u), typed_value(name, type, value, source_, line));
}

void GraphAssembly::set_edge_attribute(std::int64_t record, std::string_view name, AttributeType type,
                                       std::string_view value, std::int64_t line) {
  set_widened(builder_.record_attributes(), name, static_cast<std::size_t>(record),
              typed_value(name, type, value, source_, line));
}

void GraphAssembly::set_edge_attribute_default(std::string name, AttributeType type, std::string value,
                                               std::int64_t line) {
  edge_defaults_.push_back({std::move(name), type, std::move(value), line});
}

void GraphAssembly::set_graph_attribute(std::string_view name, AttributeType type, std::string_view value,
                                        std::int64_t line) {
  set_widened(graph_attributes_, name, 0, typed_value(name, type, value, source_, line));
}

bool GraphAssembly::has_attribute(std::int32_t u, std::string_view name) const {
  const AttributeColumn* column = attributes_.find(name);
  return column && static_cast<std::size_t>(u) < column->size() && column->has(u);
}

void GraphAssembly::set_attribute_default(std::string name, AttributeType type, std::string value,
                                          std::int64_t line) {
  defaults_.push_back({std::move(name), type, std::move(value), line});
}

std::int64_t GraphAssembly::add_arc(std::int32_t u, std::int32_t v, double cost, bool directed, std::int64_t line) {
  arcs_ += directed ? 1 : 2;
  if (arcs_ > options_.max_arcs) {
    throw ParseError(source_, line, "more arcs than the limit of " + std::to_string(options_.max_arcs));
  }
  any_directed_ = any_directed_ || directed;
  return strengths_.add(u, v, cost, !directed, line);
}

LoadedGraph GraphAssembly::finish(const std::string& format) {
  if (!undeclared_.empty()) {
    auto first = undeclared_.begin();
    for (auto it = undeclared_.begin(); it != undeclared_.end(); ++it) {
      if (it->second < first->second) first = it;
    }
    Graph probe;
    interner_.label_graph(probe);
    const std::string key = probe.ids.empty() ? probe.names[first->first] : std::to_string(probe.ids[first->first]);
    throw ParseError(source_, first->second, "an edge refers to node " + io::quoted(key) + ", which no node declares");
  }
  const std::int32_t node_count = interner_.size();
  for (const Default& d : defaults_) {
    for (std::int32_t u = 0; u < node_count; ++u) {
      if (!has_attribute(u, d.name)) set_attribute(u, d.name, d.type, d.value, d.line);
    }
  }
  const auto records = static_cast<std::size_t>(strengths_.records());
  for (const Default& d : edge_defaults_) {
    const TypedValue value = typed_value(d.name, d.type, d.value, source_, d.line);
    for (std::size_t record = 0; record < records; ++record) {
      const AttributeColumn* column = builder_.record_attributes().find(d.name);
      if (!column || record >= column->size() || !column->has(record))
        set_widened(builder_.record_attributes(), d.name, record, value);
    }
  }
  LoadedGraph out;
  out.report.source = source_;
  out.report.format = format;
  out.report.records_read = strengths_.records();
  const std::int32_t n = interner_.size();
  builder_.set_node_count(n);
  strengths_.finish(source_, out.report);
  out.graph = builder_.build(any_directed_, out.report);
  Graph& g = out.graph;
  interner_.label_graph(g);
  const bool named = std::any_of(name_rank_.begin(), name_rank_.end(), [](std::uint8_t r) { return r > 0; });
  if (named) {
    // The file's own keys stay readable as the "id" attribute when names replace them. Numeric
    // keys are the graph's ids already: a copy would come back from every round trip through a
    // file as one more column.
    if (g.ids.empty()) {
      AttributeColumn& id = attributes_.column("id", AttributeType::Text, 0);
      id.resize(static_cast<std::size_t>(n));
      for (std::int32_t u = 0; u < n; ++u) id.set_text(u, g.names[u]);
    }
    names_.resize(static_cast<std::size_t>(n));
    name_rank_.resize(static_cast<std::size_t>(n), 0);
    if (g.names.empty()) g.names.resize(static_cast<std::size_t>(n));
    for (std::int32_t u = 0; u < n; ++u) {
      if (name_rank_[u] > 0) g.names[u] = std::move(names_[u]);
      else if (!g.ids.empty()) g.names[u] = std::to_string(g.ids[u]);
    }
  }
  const int dims = !axes_[2].empty() ? 3 : (!axes_[0].empty() && !axes_[1].empty() ? 2 : 0);
  if (dims > 0 && n > 0) {
    g.coord_dims = dims;
    g.coords.assign(static_cast<std::size_t>(n) * dims, std::numeric_limits<float>::quiet_NaN());
    for (int d = 0; d < dims; ++d) {
      const auto& axis = axes_[d];
      for (std::int32_t u = 0; u < n && static_cast<std::size_t>(u) < axis.size(); ++u) {
        g.coords[static_cast<std::size_t>(u) * dims + d] = axis[u];
      }
    }
    // A 3-D file with a missing z still places its nodes: z = 0 rather than no position.
    if (dims == 3) {
      for (std::int32_t u = 0; u < n; ++u) {
        float& z = g.coords[static_cast<std::size_t>(u) * 3 + 2];
        if (std::isnan(z) && !std::isnan(g.coords[static_cast<std::size_t>(u) * 3])) z = 0;
      }
    }
  }
  for (auto& column : attributes_.columns) column.resize(static_cast<std::size_t>(n));
  g.node_attributes = std::move(attributes_);
  for (auto& column : graph_attributes_.columns) column.resize(1);
  g.graph_attributes = std::move(graph_attributes_);
  for (auto& text : notes_) out.report.notes.push_back(std::move(text));
  return out;
}

double parse_weight(std::string_view text, const std::string& source, std::int64_t line, std::string_view what) {
  const auto value = to_double(trim(text));
  if (!value || !std::isfinite(*value)) {
    throw ParseError(source, line, std::string(what) + ": expected a finite number, found " + io::quoted(trim(text)));
  }
  return *value;
}

AttributeType attribute_type_named(std::string_view name) {
  const std::string word = to_upper(trim(name));
  if (word == "INT" || word == "LONG" || word == "INTEGER") return AttributeType::Integer;
  if (word == "FLOAT" || word == "DOUBLE" || word == "REAL") return AttributeType::Real;
  if (word == "BOOLEAN" || word == "BOOL") return AttributeType::Boolean;
  return AttributeType::Text;
}

int position_axis(std::string_view name) {
  static constexpr std::string_view kAxes[3][4] = {
      {"x", "X", "pos_x", "posx"}, {"y", "Y", "pos_y", "posy"}, {"z", "Z", "pos_z", "posz"}};
  for (int axis = 0; axis < 3; ++axis) {
    for (const auto spelled : kAxes[axis]) {
      if (name == spelled) return axis;
    }
  }
  return -1;
}

std::string weight_attribute_name(const LoadOptions& options) {
  return options.weight_attribute.empty() ? std::string("weight") : options.weight_attribute;
}

}  // namespace pathscope::io
