// GEXF 1.1-1.3 (Gephi, networkx) through expat, as a stream of elements: declared node and
// edge attributes with types and defaults, attvalues by attribute id (or title), labels,
// viz:position, viz:color (kept as attributes r, g, b and a), viz:size, edge weights and
// directed / undirected / mutual edges. Edge attvalues and labels are kept as typed arc
// attributes, parallel edges apart, and <meta>'s creator, description and keywords as graph
// attributes.
#include <optional>
#include <unordered_map>
#include <vector>

#include "io/graph_assembly.hpp"
#include "io/readers.hpp"
#include "io/text_fields.hpp"
#include "io/xml_events.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

constexpr int kRankLabel = 3;

struct Attribute {
  std::string title;
  AttributeType type = AttributeType::Text;
  int axis = -1;
};

enum class EdgeType { Directed, Undirected, Mutual };

EdgeType edge_type_named(std::string_view word, EdgeType otherwise) {
  if (word == "directed") return EdgeType::Directed;
  if (word == "undirected") return EdgeType::Undirected;
  if (word == "mutual") return EdgeType::Mutual;
  return otherwise;
}

// networkx declares a GEXF attribute by the type of its first value and writes the others under
// it: a real under "integer" widens the column to reals (AttributeColumn::widen_for) rather than
// the file being refused.
AttributeType type_of_value(AttributeType declared, std::string_view value) {
  if (declared == AttributeType::Integer && !to_int64(trim(value)) && to_double(trim(value))) return AttributeType::Real;
  return declared;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

class GexfReader : public XmlEvents {
 public:
  GexfReader(std::istream& in, const std::string& source, const LoadOptions& options)
      : XmlEvents(in, source, options.max_value_bytes), options_(options), assembly_(source, options),
        weight_name_(weight_attribute_name(options)) {}

  LoadedGraph read() {
    parse();
    if (!seen_root_) fail("no <gexf> element: not a GEXF file");
    return assembly_.finish("gexf");
  }

 protected:
  void on_start(std::string_view name, const char** attributes) override {
    if (!seen_root_) {
      if (name != "gexf") fail("the root element is <" + std::string(name) + ">, not <gexf>");
      seen_root_ = true;
      return;
    }
    if (name == "meta") {
      in_meta_ = true;
      if (const char* modified = attribute(attributes, "lastmodifieddate"))
        assembly_.set_graph_attribute("lastmodifieddate", AttributeType::Text, modified, line());
    } else if (in_meta_ && (name == "creator" || name == "description" || name == "keywords")) {
      collect_text();
    } else if (name == "graph") {
      const char* type = attribute(attributes, "defaultedgetype");
      default_type_ = edge_type_named(type ? type : "", EdgeType::Undirected);
      const char* graph_name = attribute(attributes, "name");
      if (graph_name && *graph_name) assembly_.set_graph_attribute("name", AttributeType::Text, graph_name, line());
    } else if (name == "attributes") {
      const char* cls = attribute(attributes, "class");
      attribute_class_ = cls ? cls : "";
    } else if (name == "attribute") {
      start_attribute(attributes);
    } else if (name == "default" && current_attribute_) {
      collect_text();
    } else if (name == "node") {
      const char* id = attribute(attributes, "id");
      if (!id) fail("<node> without an id");
      node_stack_.push_back(assembly_.node(id, line(), true));
      // A label that only repeats the id (what writers put where a node has no name) names nothing.
      const char* label = attribute(attributes, "label");
      if (label && std::string_view(label) != id) assembly_.set_name(node_stack_.back(), label, kRankLabel);
      label_stack_.emplace_back(label ? label : "");
    } else if (name == "edge") {
      start_edge(attributes);
    } else if (name == "attvalue") {
      attvalue(attributes);
    } else if (!node_stack_.empty() && name == "position") {
      position(attributes);
    } else if (!node_stack_.empty() && name == "color") {
      color(attributes);
    } else if (!node_stack_.empty() && name == "size") {
      if (const char* value = attribute(attributes, "value")) assembly_.set_attribute(node_stack_.back(), "size", AttributeType::Real, value, line());
    }
  }

  void on_end(std::string_view name, std::string_view text) override {
    if (name == "meta") {
      in_meta_ = false;
    } else if (in_meta_ && (name == "creator" || name == "description" || name == "keywords")) {
      assembly_.set_graph_attribute(name, AttributeType::Text, text, line());
    } else if (name == "attribute") {
      current_attribute_ = nullptr;
    } else if (name == "default" && current_attribute_) {
      if (attribute_class_ == "node" && current_attribute_->axis < 0) {
        assembly_.set_attribute_default(current_attribute_->title, current_attribute_->type, std::string(text), line());
      } else if (attribute_class_ == "edge" && current_attribute_->title == weight_name_) {
        edge_weight_default_ = parse_weight(text, source(), line(), "the default of " + io::quoted(weight_name_));
      } else if (attribute_class_ == "edge") {
        assembly_.set_edge_attribute_default(current_attribute_->title, current_attribute_->type, std::string(text), line());
      }
    } else if (name == "node") {
      if (!node_stack_.empty()) node_stack_.pop_back(), label_stack_.pop_back();
    } else if (name == "edge") {
      finish_edge();
    }
  }

 private:
  void start_attribute(const char** attributes) {
    const char* id = attribute(attributes, "id");
    if (!id) fail("<attribute> without an id");
    Attribute a;
    const char* title = attribute(attributes, "title");
    a.title = title ? title : id;
    const char* type = attribute(attributes, "type");
    a.type = type ? attribute_type_named(type) : AttributeType::Text;
    if (attribute_class_ == "node" && a.type != AttributeType::Text) a.axis = position_axis(a.title);
    auto& table = attribute_class_ == "edge" ? edge_attributes_ : node_attributes_;
    current_attribute_ = &table.insert_or_assign(id, std::move(a)).first->second;
  }

  void start_edge(const char** attributes) {
    const char* from = attribute(attributes, "source");
    const char* to = attribute(attributes, "target");
    if (!from || !to) fail("<edge> without a source and a target");
    in_edge_ = true;
    edge_line_ = line();
    edge_u_ = assembly_.node(from, edge_line_, false);
    edge_v_ = assembly_.node(to, edge_line_, false);
    const char* type = attribute(attributes, "type");
    edge_type_ = type ? edge_type_named(type, default_type_) : default_type_;
    edge_has_weight_ = false;
    edge_weight_ = edge_weight_default_.value_or(1.0);
    edge_values_.clear();
    if (const char* label = attribute(attributes, "label")) {
      edge_values_.push_back({"label", AttributeType::Text, label, edge_line_});
    }
    // The weight XML attribute is GEXF's own; a named attribute may also be an attvalue.
    if (const char* weight = attribute(attributes, weight_name_)) {
      edge_weight_ = parse_weight(weight, source(), edge_line_, "edge " + io::quoted(weight_name_));
      edge_has_weight_ = true;
    }
  }

  void attvalue(const char** attributes) {
    const char* key = attribute(attributes, "for");
    if (!key) key = attribute(attributes, "id");  // GEXF 1.0
    const char* value = attribute(attributes, "value");
    if (!key || !value) fail("<attvalue> without \"for\" and \"value\"");
    if (in_edge_) {
      const auto it = edge_attributes_.find(key);
      const std::string_view title = it == edge_attributes_.end() ? std::string_view(key) : std::string_view(it->second.title);
      if (title == weight_name_) {
        edge_weight_ = parse_weight(value, source(), line(), "edge attribute " + io::quoted(weight_name_));
        edge_has_weight_ = true;
      } else if (title != "networkx_key") {  // networkx's key of a parallel edge, no value of it
        const AttributeType type = it == edge_attributes_.end() ? AttributeType::Text : type_of_value(it->second.type, value);
        edge_values_.push_back({std::string(title), type, value, line()});
      }
      return;
    }
    if (node_stack_.empty()) return;
    const std::int32_t u = node_stack_.back();
    const auto it = node_attributes_.find(key);
    if (it == node_attributes_.end()) fail("<attvalue> for attribute " + io::quoted(key) + ", which no <attribute> declares");
    const Attribute& a = it->second;
    if (a.axis >= 0) {
      assembly_.set_position(u, a.axis, parse_weight(value, source(), line(), "position " + io::quoted(a.title)));
    } else if (a.title == "name" && !label_stack_.back().empty() && label_stack_.back() == value) {
      // The name a writer (pathscope's among them) repeats as an attribute beside the label it
      // already is: one name, not a name and a column.
    } else {
      assembly_.set_attribute(u, a.title, type_of_value(a.type, value), value, line());
    }
  }

  void position(const char** attributes) {
    const std::int32_t u = node_stack_.back();
    const char* x = attribute(attributes, "x");
    const char* y = attribute(attributes, "y");
    if (!x || !y) return;
    assembly_.set_position(u, 0, parse_weight(x, source(), line(), "x"));
    assembly_.set_position(u, 1, parse_weight(y, source(), line(), "y"));
    // Gephi writes z="0.0" on flat layouts: only a z off the plane makes the graph 3-D.
    if (const char* z = attribute(attributes, "z")) {
      const double value = parse_weight(z, source(), line(), "z");
      if (value != 0) assembly_.set_position(u, 2, value);
    }
  }

  void color(const char** attributes) {
    const std::int32_t u = node_stack_.back();
    const char* channels[] = {"r", "g", "b"};
    const char* hex = attribute(attributes, "hex");
    if (hex && !attribute(attributes, "r")) {  // GEXF 1.3: hex="#rrggbb"
      std::string_view text = trim(hex);
      if (text.starts_with('#')) text.remove_prefix(1);
      if (text.size() != 6) fail("viz:color hex " + io::quoted(hex) + " is not #rrggbb");
      for (int c = 0; c < 3; ++c) {
        const int hi = hex_digit(text[2 * c]), lo = hex_digit(text[2 * c + 1]);
        if (hi < 0 || lo < 0) fail("viz:color hex " + io::quoted(hex) + " is not #rrggbb");
        assembly_.set_attribute(u, channels[c], AttributeType::Integer, std::to_string(hi * 16 + lo), line());
      }
    } else {
      for (const char* channel : channels) {
        if (const char* value = attribute(attributes, channel)) {
          assembly_.set_attribute(u, channel, AttributeType::Integer, value, line());
        }
      }
    }
    if (const char* alpha = attribute(attributes, "a")) assembly_.set_attribute(u, "a", AttributeType::Real, alpha, line());
  }

  void finish_edge() {
    if (!in_edge_) return;
    in_edge_ = false;
    if (!edge_has_weight_ && !options_.weight_attribute.empty() && !edge_weight_default_) {
      throw ParseError(source(), edge_line_, "this edge has no " + io::quoted(weight_name_));
    }
    // A mutual edge is one record both ways, in a graph that is directed.
    const std::int64_t record =
        assembly_.add_arc(edge_u_, edge_v_, edge_weight_, edge_type_ == EdgeType::Directed, edge_line_);
    if (edge_type_ == EdgeType::Mutual) assembly_.mark_directed();
    for (const EdgeValue& value : edge_values_) {
      assembly_.set_edge_attribute(record, value.title, value.type, value.text, value.line);
    }
  }

  const LoadOptions& options_;
  GraphAssembly assembly_;
  std::string weight_name_;
  bool seen_root_ = false;
  EdgeType default_type_ = EdgeType::Undirected, edge_type_ = EdgeType::Undirected;
  std::string attribute_class_;
  std::unordered_map<std::string, Attribute> node_attributes_, edge_attributes_;
  Attribute* current_attribute_ = nullptr;
  std::optional<double> edge_weight_default_;
  bool in_edge_ = false, edge_has_weight_ = false;
  std::vector<std::string> label_stack_;  // the label of each node in node_stack_
  std::vector<std::int32_t> node_stack_;  // nested nodes (GEXF hierarchies): the innermost last
  std::int32_t edge_u_ = 0, edge_v_ = 0;
  std::int64_t edge_line_ = 0;
  double edge_weight_ = 1.0;
  // The values of the edge being read, set once its record exists.
  struct EdgeValue {
    std::string title;
    AttributeType type;
    std::string text;
    std::int64_t line;
  };
  std::vector<EdgeValue> edge_values_;
  bool in_meta_ = false;
};

}  // namespace

LoadedGraph read_gexf(std::istream& in, const std::string& source, const LoadOptions& options) {
  return GexfReader(in, source, options).read();
}

bool looks_like_gexf(std::istream& in) {
  std::string text(4096, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return xml_root_name(text) == "gexf";
}

}  // namespace pathscope::io
