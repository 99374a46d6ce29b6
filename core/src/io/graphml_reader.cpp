// GraphML (networkx, igraph, Cytoscape, yEd, Gephi) through expat, as a stream of elements:
// <key> declarations with typed defaults, <node>/<edge> with <data> (edge values kept as typed
// arc attributes, parallel edges kept apart), the top graph's <data> as graph attributes,
// edgedefault and per-edge "directed", nested graphs flattened, yEd's ShapeNode geometry and
// label.
#include <algorithm>
#include <unordered_map>
#include <vector>

#include "io/graph_assembly.hpp"
#include "io/readers.hpp"
#include "io/text_fields.hpp"
#include "io/xml_events.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

// Name ranks: a "label" attribute over a "name" attribute over yEd's drawn label.
constexpr int kRankYedLabel = 1, kRankName = 2, kRankLabel = 3;

struct Key {
  std::string name;  // attr.name, else the id
  AttributeType type = AttributeType::Text;
  bool for_nodes = false, for_edges = false, for_graph = false;
  bool yed_graphics = false;  // yfiles.type="nodegraphics"
  bool yed_drawing = false;   // any yfiles.type: drawing data, no value of a node or edge
  bool has_default = false;
  std::string default_value;
  int axis = -1;       // a position key
  int name_rank = 0;   // a name key
};

class GraphmlReader : public XmlEvents {
 public:
  GraphmlReader(std::istream& in, const std::string& source, const LoadOptions& options)
      : XmlEvents(in, source, options.max_value_bytes), options_(options), assembly_(source, options),
        weight_name_(weight_attribute_name(options)) {}

  LoadedGraph read() {
    parse();
    if (!seen_root_) fail("no <graphml> element: not a GraphML file");
    // Edges without a value take their key's default, once every key is known (a weight key's
    // default is the weight: start_edge).
    for (const std::string& id : key_order_) {
      const Key& key = keys_.at(id);
      if (key.for_edges && key.has_default && !key.yed_drawing && !is_weight_key(key)) {
        assembly_.set_edge_attribute_default(key.name, key.type, key.default_value, line());
      }
    }
    if (hyperedges_ > 0) assembly_.note(std::to_string(hyperedges_) + " hyperedges ignored (no arcs made of them)");
    return assembly_.finish("graphml");
  }

 protected:
  void on_start(std::string_view name, const char** attributes) override {
    if (!seen_root_) {
      if (name != "graphml") fail("the root element is <" + std::string(name) + ">, not <graphml>");
      seen_root_ = true;
      return;
    }
    if (name == "key") return start_key(attributes);
    if (name == "default" && current_key_) return collect_text();
    if (name == "graph") {
      const char* edgedefault = attribute(attributes, "edgedefault");
      directed_stack_.push_back(edgedefault ? std::string_view(edgedefault) != "undirected"
                                            : (directed_stack_.empty() ? true : directed_stack_.back()));
      return;
    }
    if (name == "node") return start_node(attributes);
    if (name == "edge") return start_edge(attributes);
    if (name == "hyperedge") ++hyperedges_;
    if (name == "data") return start_data(attributes);
    if (in_yed_graphics_ && !node_stack_.empty()) {
      if (name == "Geometry") return yed_geometry(attributes);
      if (name == "NodeLabel") return collect_text();
    }
  }

  void on_end(std::string_view name, std::string_view text) override {
    if (name == "key") {
      current_key_ = nullptr;
    } else if (name == "default" && current_key_) {
      Key& key = *current_key_;
      key.has_default = true;
      key.default_value = std::string(text);
      // Nodes without a value take the default (positions and names have none to take).
      if (key.for_nodes && !key.yed_graphics && key.axis < 0 && key.name_rank == 0) {
        assembly_.set_attribute_default(key.name, key.type, key.default_value, line());
      }
    } else if (name == "graph") {
      if (!directed_stack_.empty()) directed_stack_.pop_back();
    } else if (name == "node") {
      if (!node_stack_.empty()) node_stack_.pop_back();
    } else if (name == "edge") {
      finish_edge();
    } else if (name == "data") {
      end_data(text);
    } else if (name == "NodeLabel" && in_yed_graphics_ && !node_stack_.empty() && !trim(text).empty()) {
      assembly_.set_name(node_stack_.back(), trim(text), kRankYedLabel);
    }
  }

 private:
  enum class Pending { None, NodeValue, EdgeWeight, EdgeValue, GraphValue };

  void start_key(const char** attributes) {
    const char* id = attribute(attributes, "id");
    if (!id) fail("<key> without an id");
    Key key;
    const char* attr_name = attribute(attributes, "attr.name");
    key.name = attr_name ? attr_name : id;
    const char* type = attribute(attributes, "attr.type");
    key.type = type ? attribute_type_named(type) : AttributeType::Text;
    const char* domain = attribute(attributes, "for");
    const std::string_view for_what = domain ? domain : "all";
    key.for_nodes = for_what == "node" || for_what == "all";
    key.for_edges = for_what == "edge" || for_what == "all";
    key.for_graph = for_what == "graph" || for_what == "all";
    const char* yfiles = attribute(attributes, "yfiles.type");
    key.yed_graphics = yfiles && std::string_view(yfiles) == "nodegraphics";
    key.yed_drawing = yfiles != nullptr;
    if (key.for_nodes && !key.yed_graphics) {
      key.axis = key.type == AttributeType::Text ? -1 : position_axis(key.name);
      if (iequals(key.name, "label")) key.name_rank = kRankLabel;
      else if (iequals(key.name, "name")) key.name_rank = kRankName;
    }
    auto [it, fresh] = keys_.insert_or_assign(id, std::move(key));
    if (fresh) key_order_.emplace_back(id);
    current_key_ = &it->second;
  }

  void start_node(const char** attributes) {
    const char* id = attribute(attributes, "id");
    if (!id) fail("<node> without an id");
    node_stack_.push_back(assembly_.node(id, line(), true));
  }

  void start_edge(const char** attributes) {
    const char* from = attribute(attributes, "source");
    const char* to = attribute(attributes, "target");
    if (!from || !to) fail("<edge> without a source and a target");
    in_edge_ = true;
    edge_line_ = line();
    edge_u_ = assembly_.node(from, edge_line_, false);
    edge_v_ = assembly_.node(to, edge_line_, false);
    const char* directed = attribute(attributes, "directed");
    edge_directed_ = directed ? std::string_view(directed) == "true" || std::string_view(directed) == "1"
                              : (directed_stack_.empty() || directed_stack_.back());
    edge_weight_ = 1.0;
    edge_has_weight_ = false;
    edge_values_.clear();
    for (const Key* weight : weight_keys()) {
      if (!weight->has_default) continue;
      const double value =
          parse_weight(weight->default_value, source(), edge_line_, "the default of " + io::quoted(weight->name));
      if (edge_has_weight_ && value != edge_weight_) {
        fail("the keys named " + io::quoted(weight->name) + " give different default weights, " +
             format_number(edge_weight_) + " and " + format_number(value));
      }
      edge_weight_ = value;
      edge_has_weight_ = true;
    }
  }

  bool is_weight_key(const Key& key) {
    const auto& keys = weight_keys();
    return std::find(keys.begin(), keys.end(), &key) != keys.end();
  }

  // The edge keys whose name is the weight attribute: an exact match before one in another
  // case. Several keys may share the name: networkx writes one per value type ("weight" as int
  // for 5 and as double for 2.5), and all of them are the same column of weights.
  const std::vector<const Key*>& weight_keys() {
    if (weight_keys_looked_up_) return weight_keys_;
    weight_keys_looked_up_ = true;
    std::string spelled;  // the name in the case the file uses, when no key matches exactly
    for (const auto& [id, key] : keys_) {
      if (!key.for_edges) continue;
      if (key.name == weight_name_) weight_keys_.push_back(&key);
      else if (spelled.empty() && iequals(key.name, weight_name_)) spelled = key.name;
    }
    if (weight_keys_.empty() && !spelled.empty()) {
      for (const auto& [id, key] : keys_) {
        if (key.for_edges && key.name == spelled) weight_keys_.push_back(&key);
      }
    }
    if (weight_keys_.empty() && !options_.weight_attribute.empty()) {
      std::string names;
      for (const auto& [id, key] : keys_) {
        if (key.for_edges) names += (names.empty() ? "" : ", ") + io::quoted(key.name);
      }
      fail("no edge attribute is called " + io::quoted(weight_name_) + " (edge attributes: " +
           (names.empty() ? std::string("none") : names) + ")");
    }
    return weight_keys_;
  }

  void start_data(const char** attributes) {
    pending_ = Pending::None;
    const char* key_id = attribute(attributes, "key");
    if (!key_id) fail("<data> without a key");
    const auto it = keys_.find(key_id);
    if (it == keys_.end()) fail("<data> refers to key " + io::quoted(key_id) + ", which no <key> declares");
    const Key& key = it->second;
    if (in_edge_) {
      if (!key.for_edges || key.yed_drawing) return;
      pending_ = is_weight_key(key) ? Pending::EdgeWeight : Pending::EdgeValue;
      pending_key_ = &key;
      collect_text();
      return;
    }
    if (node_stack_.empty()) {  // the <data> of the top graph
      if (!key.for_graph || directed_stack_.size() != 1) return;
      pending_ = Pending::GraphValue;
      pending_key_ = &key;
      collect_text();
      return;
    }
    if (!key.for_nodes) return;
    if (key.yed_graphics) {
      in_yed_graphics_ = true;
      return;
    }
    pending_ = Pending::NodeValue;
    pending_key_ = &key;
    collect_text();
  }

  void end_data(std::string_view text) {
    in_yed_graphics_ = false;
    if (pending_ == Pending::EdgeWeight) {
      edge_weight_ = parse_weight(text, source(), line(), "edge attribute " + io::quoted(weight_name_));
      edge_has_weight_ = true;
    } else if (pending_ == Pending::EdgeValue) {
      edge_values_.push_back({pending_key_, std::string(text), line()});
    } else if (pending_ == Pending::GraphValue) {
      assembly_.set_graph_attribute(pending_key_->name, pending_key_->type, text, line());
    } else if (pending_ == Pending::NodeValue) {
      const Key& key = *pending_key_;
      const std::int32_t u = node_stack_.back();
      if (key.axis >= 0) {
        assembly_.set_position(u, key.axis, parse_weight(text, source(), line(), "position " + io::quoted(key.name)));
      } else if (key.name_rank > 0) {
        assembly_.set_name(u, text, key.name_rank);
      } else {
        assembly_.set_attribute(u, key.name, key.type, text, line());
      }
    }
    pending_ = Pending::None;
  }

  void finish_edge() {
    if (!in_edge_) return;
    in_edge_ = false;
    if (!edge_has_weight_ && !options_.weight_attribute.empty()) {
      throw ParseError(source(), edge_line_, "this edge has no " + io::quoted(weight_name_) + " and its key no default");
    }
    const std::int64_t record = assembly_.add_arc(edge_u_, edge_v_, edge_weight_, edge_directed_, edge_line_);
    for (const EdgeValue& value : edge_values_) {
      assembly_.set_edge_attribute(record, value.key->name, value.key->type, value.text, value.line);
    }
  }

  void yed_geometry(const char** attributes) {
    const char* x = attribute(attributes, "x");
    const char* y = attribute(attributes, "y");
    if (!x || !y) return;
    const char* w = attribute(attributes, "width");
    const char* h = attribute(attributes, "height");
    // yEd gives the top-left corner; the node's centre is where its arcs meet.
    const double half_w = w ? parse_weight(w, source(), line(), "width") / 2 : 0;
    const double half_h = h ? parse_weight(h, source(), line(), "height") / 2 : 0;
    assembly_.set_position(node_stack_.back(), 0, parse_weight(x, source(), line(), "x") + half_w);
    assembly_.set_position(node_stack_.back(), 1, parse_weight(y, source(), line(), "y") + half_h);
  }

  const LoadOptions& options_;
  GraphAssembly assembly_;
  std::string weight_name_;
  std::unordered_map<std::string, Key> keys_;
  std::vector<std::string> key_order_;  // ids as declared: columns made in the file's order
  Key* current_key_ = nullptr;
  std::vector<const Key*> weight_keys_;
  bool weight_keys_looked_up_ = false;
  bool seen_root_ = false;
  std::vector<bool> directed_stack_;
  std::vector<std::int32_t> node_stack_;
  bool in_edge_ = false, edge_directed_ = true, edge_has_weight_ = false, in_yed_graphics_ = false;
  std::int32_t edge_u_ = 0, edge_v_ = 0;
  std::int64_t edge_line_ = 0;
  double edge_weight_ = 1.0;
  Pending pending_ = Pending::None;
  // The values of the edge being read, set once its record exists.
  struct EdgeValue {
    const Key* key;
    std::string text;
    std::int64_t line;
  };
  std::vector<EdgeValue> edge_values_;
  const Key* pending_key_ = nullptr;
  std::int64_t hyperedges_ = 0;
};

}  // namespace

LoadedGraph read_graphml(std::istream& in, const std::string& source, const LoadOptions& options) {
  return GraphmlReader(in, source, options).read();
}

bool looks_like_graphml(std::istream& in) {
  std::string text(4096, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return xml_root_name(text) == "graphml";
}

}  // namespace pathscope::io
