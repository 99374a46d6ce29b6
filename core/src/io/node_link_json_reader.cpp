// networkx node-link JSON (node_link_data): nodes with "id" (integer or string) and optional
// "name", "x"/"y"/"z" or "pos"; "links" (or "edges", as networkx 3.4 writes) with "source",
// "target" and an optional "weight".
#include <array>
#include <cmath>
#include <iterator>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <unordered_map>

#include "io/graph_assembly.hpp"
#include "io/readers.hpp"
#include "io/text_fields.hpp"
#include "pathscope/error.hpp"
#include "pathscope/graph_builder.hpp"

namespace pathscope::io {

namespace {

using nlohmann::json;

// Walks the stream for the JSON parser while counting lines, so parse errors and the
// position of every node and link object can be given as a line number.
class LineCountingIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = char;

  LineCountingIterator() = default;
  LineCountingIterator(std::istreambuf_iterator<char> it, std::int64_t* line) : it_(it), line_(line) {}
  char operator*() const { return *it_; }
  LineCountingIterator& operator++() {
    if (*it_ == '\n') ++*line_;
    ++it_;
    return *this;
  }
  LineCountingIterator operator++(int) {
    auto copy = *this;
    ++*this;
    return copy;
  }
  bool operator==(const LineCountingIterator& other) const { return it_ == other.it_; }
  bool operator!=(const LineCountingIterator& other) const { return !(*this == other); }

 private:
  std::istreambuf_iterator<char> it_;
  std::int64_t* line_ = nullptr;
};

// Where each element of the top-level "nodes" and "links"/"edges" arrays starts.
struct ElementLines {
  std::unordered_map<std::string, std::vector<std::int64_t>> by_key;
  std::string current_key;
};

// Builds the document as json::parse does while noting the line of each element of the
// top-level arrays. A SAX handler rather than parse()'s callback: the library's callback
// parser scans the whole enclosing array at the end of every object, quadratic in the nodes.
class LineTrackingSax : public nlohmann::detail::json_sax_dom_parser<json> {
 public:
  LineTrackingSax(json& doc, ElementLines& lines, const std::int64_t& line)
      : json_sax_dom_parser(doc), lines_(lines), line_(line) {}

  bool start_object(std::size_t elements) {
    if (open_ == 2) lines_.by_key[lines_.current_key].push_back(line_);
    ++open_;
    return json_sax_dom_parser::start_object(elements);
  }
  bool end_object() {
    --open_;
    return json_sax_dom_parser::end_object();
  }
  bool start_array(std::size_t elements) {
    ++open_;
    return json_sax_dom_parser::start_array(elements);
  }
  bool end_array() {
    --open_;
    return json_sax_dom_parser::end_array();
  }
  bool key(std::string& name) {
    if (open_ == 1) lines_.current_key = name;
    return json_sax_dom_parser::key(name);
  }

 private:
  ElementLines& lines_;
  const std::int64_t& line_;
  int open_ = 0;  // containers open around the next value
};

std::string key_of_id(const json& id, const std::string& source, std::int64_t line, const std::string& where) {
  if (id.is_number_integer()) return "i" + std::to_string(id.get<std::int64_t>());
  if (id.is_string()) return "s" + id.get<std::string>();
  throw ParseError(source, line, where + " must be an integer or a string, not " + std::string(id.type_name()));
}

double number_or_fail(const json& value, const std::string& source, std::int64_t line, const std::string& what) {
  if (!value.is_number()) throw ParseError(source, line, what + " must be a number, not " + std::string(value.type_name()));
  const double number = value.get<double>();
  if (!std::isfinite(number)) throw ParseError(source, line, what + " is not finite");
  return number;
}

}  // namespace

LoadedGraph read_node_link_json(std::istream& in, const std::string& source, const LoadOptions& options) {
  LoadedGraph out;
  out.report.source = source;
  out.report.format = "node-link-json";
  std::int64_t line = 1;
  ElementLines lines;
  json doc;
  try {
    LineTrackingSax sax(doc, lines, line);
    json::sax_parse(LineCountingIterator(std::istreambuf_iterator<char>(in), &line), LineCountingIterator(), &sax);
  } catch (const json::exception& e) {
    // Not only parse_error: a number too big for a double is an out_of_range error (found by
    // fuzzing; tests/data/readers/json/crash_json_number_overflow.json).
    std::string message = e.what();
    // "[json.exception.parse_error.101] parse error at line 3, column 4: ..." -> keep the reason.
    if (const auto colon = message.find(": "); colon != std::string::npos) message = message.substr(colon + 2);
    throw ParseError(source, line, "invalid JSON: " + message);
  }
  const auto line_of = [&](const std::string& key, std::size_t index) -> std::int64_t {
    const auto it = lines.by_key.find(key);
    return it != lines.by_key.end() && index < it->second.size() ? it->second[index] : 0;
  };
  if (!doc.is_object()) throw ParseError(source, 1, "expected a JSON object with \"nodes\" and \"links\"");
  const bool directed = doc.contains("directed") && doc["directed"].is_boolean() ? doc["directed"].get<bool>() : false;
  if (doc.contains("directed") && !doc["directed"].is_boolean()) throw ParseError(source, 0, "\"directed\" must be true or false");
  const bool multigraph = doc.contains("multigraph") && doc["multigraph"].is_boolean() && doc["multigraph"].get<bool>();
  if (!doc.contains("nodes") || !doc["nodes"].is_array()) throw ParseError(source, 0, "no \"nodes\" array");
  const std::string links_key = doc.contains("links") ? "links" : "edges";
  if (!doc.contains(links_key) || !doc[links_key].is_array()) throw ParseError(source, 0, "no \"links\" (or \"edges\") array");
  const json& nodes = doc["nodes"];
  const json& links = doc[links_key];
  if (static_cast<std::int64_t>(nodes.size()) > std::min<std::int64_t>(options.max_nodes, std::numeric_limits<std::int32_t>::max())) {
    throw ParseError(source, 0, std::to_string(nodes.size()) + " nodes, more than the limit of " + std::to_string(options.max_nodes));
  }
  if (static_cast<std::int64_t>(links.size()) * (directed ? 1 : 2) > options.max_arcs) {
    throw ParseError(source, 0, std::to_string(links.size()) + " links, more than the limit of " + std::to_string(options.max_arcs) + " arcs");
  }

  const auto n = static_cast<std::int32_t>(nodes.size());
  std::unordered_map<std::string, std::int32_t> index_of;
  index_of.reserve(static_cast<std::size_t>(n));
  bool integer_ids = true, any_name = false;
  int dims = 0;
  std::vector<std::int64_t> ids(n);
  std::vector<std::string> texts(n), names(n);
  std::vector<std::array<double, 3>> points(n, {NAN, NAN, NAN});
  std::vector<int> point_dims(n, 0);
  for (std::int32_t u = 0; u < n; ++u) {
    const json& node = nodes[u];
    const std::int64_t at = line_of("nodes", u);
    if (!node.is_object() || !node.contains("id")) throw ParseError(source, at, "node " + std::to_string(u) + " has no \"id\"");
    const std::string key = key_of_id(node["id"], source, at, "node \"id\"");
    if (!index_of.emplace(key, u).second) throw ParseError(source, at, "node id " + node["id"].dump() + " appears twice");
    if (node["id"].is_number_integer()) {
      ids[u] = node["id"].get<std::int64_t>();
      texts[u] = std::to_string(ids[u]);
    } else {
      integer_ids = false;
      texts[u] = node["id"].get<std::string>();
    }
    if (node.contains("name")) {
      if (!node["name"].is_string()) throw ParseError(source, at, "\"name\" must be a string");
      names[u] = node["name"].get<std::string>();
      any_name = true;
    }
    int d = 0;
    if (node.contains("pos")) {
      const json& pos = node["pos"];
      if (!pos.is_array() || pos.size() < 2 || pos.size() > 3) throw ParseError(source, at, "\"pos\" must be [x, y] or [x, y, z]");
      for (std::size_t i = 0; i < pos.size(); ++i) points[u][i] = number_or_fail(pos[i], source, at, "\"pos\" entry");
      d = static_cast<int>(pos.size());
    } else if (node.contains("x") || node.contains("y")) {
      if (!node.contains("x") || !node.contains("y")) throw ParseError(source, at, "a node with \"x\" needs \"y\" too, and back");
      points[u][0] = number_or_fail(node["x"], source, at, "\"x\"");
      points[u][1] = number_or_fail(node["y"], source, at, "\"y\"");
      d = 2;
      if (node.contains("z")) {
        points[u][2] = number_or_fail(node["z"], source, at, "\"z\"");
        d = 3;
      }
    }
    point_dims[u] = d;
    dims = std::max(dims, d);
  }

  GraphBuilder builder(n);
  builder.reserve(static_cast<std::int64_t>(links.size()) * (directed ? 1 : 2));
  const std::string weight_name = weight_attribute_name(options);
  for (std::size_t i = 0; i < links.size(); ++i) {
    const json& link = links[i];
    const std::int64_t at = line_of(links_key, i);
    if (!link.is_object() || !link.contains("source") || !link.contains("target")) {
      throw ParseError(source, at, "link " + std::to_string(i) + " needs \"source\" and \"target\"");
    }
    std::int32_t ends[2];
    const char* fields[2] = {"source", "target"};
    for (int e = 0; e < 2; ++e) {
      const auto it = index_of.find(key_of_id(link[fields[e]], source, at, std::string("link \"") + fields[e] + "\""));
      if (it == index_of.end()) {
        throw ParseError(source, at, std::string("link ") + fields[e] + " " + link[fields[e]].dump() + " is not a node id");
      }
      ends[e] = it->second;
    }
    if (!link.contains(weight_name) && !options.weight_attribute.empty()) {
      throw ParseError(source, at, "link " + std::to_string(i) + " has no \"" + weight_name + "\"");
    }
    const double w =
        link.contains(weight_name) ? number_or_fail(link[weight_name], source, at, "\"" + weight_name + "\"") : 1.0;
    if (directed) {
      builder.add_arc(ends[0], ends[1], w);
    } else {
      builder.add_edge(ends[0], ends[1], w);
    }
  }
  out.report.lines_read = line;
  out.report.records_read = static_cast<std::int64_t>(links.size());
  out.report.undirected_input = !directed;
  out.graph = builder.build(directed, out.report);
  Graph& g = out.graph;
  if (integer_ids) {
    g.ids = std::move(ids);
    if (any_name) {
      for (std::int32_t u = 0; u < n; ++u) {
        if (names[u].empty()) names[u] = texts[u];
      }
      g.names = std::move(names);
    }
  } else {
    g.names = std::move(texts);
  }
  if (dims > 0) {
    g.coord_dims = dims;
    g.coords.resize(static_cast<std::size_t>(n) * dims);
    std::int64_t missing = 0;
    for (std::int32_t u = 0; u < n; ++u) {
      missing += point_dims[u] == 0 ? 1 : 0;
      for (int d = 0; d < dims; ++d) g.coords[static_cast<std::size_t>(u) * dims + d] = to_float_saturated(points[u][d]);
    }
    if (missing > 0) out.report.notes.push_back(std::to_string(missing) + " nodes have no position (NaN)");
  }
  if (multigraph) out.report.notes.push_back("multigraph: parallel links merged, keeping the cheapest");
  mark_weight_kinds(g);
  return out;
}

}  // namespace pathscope::io
