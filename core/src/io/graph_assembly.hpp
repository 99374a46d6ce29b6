#pragma once
// What the readers of the exchange formats (GraphML, GEXF, GML) share: nodes declared by a key
// and referenced by edges in any order, names, positions and typed attributes per node, edges
// with typed attributes and the load limits checked as they come, parallel edges kept apart
// (Graph::extra_arcs), graph-level attributes, and one Graph at the end.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "io/attribute_values.hpp"
#include "io/node_interner.hpp"
#include "io/strength_rows.hpp"
#include "pathscope/graph/attributes.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/load.hpp"

namespace pathscope::io {

class GraphAssembly {
 public:
  GraphAssembly(std::string source, const LoadOptions& options);

  // The node of `key`. declaring: a node element (a second declaration is an error);
  // otherwise an edge's end, which some node element must declare, before or after.
  std::int32_t node(std::string_view key, std::int64_t line, bool declaring);
  // A name for node u; a higher `rank` wins over a lower one (a label over an id).
  void set_name(std::int32_t u, std::string_view name, int rank);
  void set_position(std::int32_t u, int axis, double value);
  // A typed attribute value given as text; an unreadable one is a ParseError at `line`. Values
  // of one name with different types (two GraphML keys, GML's untyped values) share a column
  // (set_widened in io/attribute_values.hpp).
  void set_attribute(std::int32_t u, std::string_view name, AttributeType type, std::string_view value,
                     std::int64_t line);
  bool has_attribute(std::int32_t u, std::string_view name) const;
  // The value of attribute `name` for every node that has none at the end (a declared default).
  void set_attribute_default(std::string name, AttributeType type, std::string value, std::int64_t line);
  // An arc (both ways when not directed) whose cost the cost rule makes of `cost` (a strength);
  // counts against the arc limit. Returns the edge's record, for set_edge_attribute.
  std::int64_t add_arc(std::int32_t u, std::int32_t v, double cost, bool directed, std::int64_t line);
  // An edge both ways (GEXF's "mutual") in a graph that is directed.
  void mark_directed() { any_directed_ = true; }
  // A typed value of an edge given as text, read as set_attribute reads it. The attribute that
  // gives costs is not one: it is the graph's weights (or strengths, under a cost rule).
  void set_edge_attribute(std::int64_t record, std::string_view name, AttributeType type, std::string_view value,
                          std::int64_t line);
  // The value of edge attribute `name` for every edge that has none at the end (a declared default).
  void set_edge_attribute_default(std::string name, AttributeType type, std::string value, std::int64_t line);
  // A value of the whole graph (GraphML's graph <data>, a GML graph key, GEXF's meta).
  void set_graph_attribute(std::string_view name, AttributeType type, std::string_view value, std::int64_t line);
  // A note for the load report ("3 hyperedges ignored").
  void note(std::string text) { notes_.push_back(std::move(text)); }
  const std::string& source() const { return source_; }

  LoadedGraph finish(const std::string& format);

 private:
  std::string source_;
  const LoadOptions& options_;
  NodeInterner interner_;
  std::vector<std::uint8_t> declared_;
  std::unordered_map<std::int32_t, std::int64_t> undeclared_;  // node -> line of first reference
  std::vector<std::string> names_;
  std::vector<std::uint8_t> name_rank_;
  std::vector<float> axes_[3];
  AttributeTable attributes_;
  GraphBuilder builder_;
  StrengthArcs strengths_{options_, builder_};
  std::int64_t arcs_ = 0;
  bool any_directed_ = false;
  std::vector<std::string> notes_;
  struct Default {
    std::string name;
    AttributeType type;
    std::string value;
    std::int64_t line;
  };
  std::vector<Default> defaults_, edge_defaults_;
  AttributeTable graph_attributes_;
};

// `value` (text as a file wrote it) typed as `type`; an unreadable value is a ParseError at
// `line` of `source`. Reals accept nan, inf and infinity in any case, as Python writes them.
TypedValue typed_value(std::string_view name, AttributeType type, std::string_view value, const std::string& source,
                       std::int64_t line);

// A weight as the exchange formats write it: a finite number; else a ParseError at `line`.
double parse_weight(std::string_view text, const std::string& source, std::int64_t line, std::string_view what);
// Attribute types by the names GraphML and GEXF use: int/long/integer, float/double,
// boolean, string (anything else: text).
AttributeType attribute_type_named(std::string_view name);
// The axis a position attribute gives (x, y, z; X, Y, Z; pos_x ...), or -1.
int position_axis(std::string_view attribute_name);
// The edge attribute that holds weights: LoadOptions::weight_attribute, else "weight".
std::string weight_attribute_name(const LoadOptions& options);

}  // namespace pathscope::io
