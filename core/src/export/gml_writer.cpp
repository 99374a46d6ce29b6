// GML as networkx (read_gml) and igraph (Read_GML) read it: graph [ directed, multigraph, the
// graph's attributes, node [ id label ... ], edge [ source target key ... ] ]. Written to the
// rules of networkx's own writer, the stricter reader: ASCII only (& and " as &amp; and &quot;,
// other characters as "&#233;"), reals always with a decimal point ("12.0", "1.0e+300", NAN, +INF, -INF),
// booleans as 1 and 0, keys of letters, digits and "_" only (other characters become "_").
// Each node's label is its id as text, so networkx keys the nodes by the same strings as from
// GraphML; names go to the name attribute. A node's GML id is its own id when every id fits
// GML's 32-bit integers (igraph refuses others), else its position in the file from 0.
#include <cctype>
#include <limits>
#include <unordered_set>

#include "export/export_text.hpp"
#include "export/writers.hpp"

namespace pathscope::exporting {
namespace {

std::string gml_key(const std::string& name, std::unordered_set<std::string>& used) {
  std::string key;
  for (const char c : name) key += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  if (key.empty() || !std::isalpha(static_cast<unsigned char>(key.front()))) key = "a_" + key;
  if (used.insert(key).second) return key;
  for (int k = 2;; ++k) {
    std::string candidate = key + "_" + std::to_string(k);
    if (used.insert(candidate).second) return candidate;
  }
}

// networkx reads a number without a decimal point as an integer, and words as keys. `text` is
// a real in its shortest form (real_text).
std::string gml_real(std::string text) {
  if (text == "inf") return "+INF";
  if (text == "-inf") return "-INF";
  if (text == "nan" || text == "-nan") return "NAN";
  if (text.find('.') == std::string::npos) {
    const auto exponent = text.find('e');
    text.insert(exponent == std::string::npos ? text.size() : exponent, ".0");
  }
  return text;
}

std::string gml_string(std::string_view text) {
  std::string out = "\"";
  append_ascii_entities(out, text);
  out += '"';
  return out;
}

template <typename ValueOf>
void write_values(std::string& text, const std::vector<Field>& fields, const std::vector<std::string>& keys,
                  const char* indent, ValueOf value_of) {
  std::int64_t integer = 0;
  double real = 0;
  std::string value;
  for (std::size_t f = 0; f < fields.size(); ++f) {
    if (!value_of(f, &integer, &real, &value)) continue;
    text += indent + keys[f] + " ";
    switch (fields[f].type) {
      case ValueType::Boolean: text += integer ? "1" : "0"; break;
      case ValueType::Integer: text += std::to_string(integer); break;
      case ValueType::Real:
        // Positions are floats: their shortest float form, as the other formats write them.
        text += gml_real(fields[f].role == Field::Role::Position ? real_text(static_cast<float>(real)) : real_text(real));
        break;
      case ValueType::Text: text += gml_string(value); break;
    }
    text += '\n';
  }
}

std::vector<std::string> keys_of(const std::vector<Field>& fields, std::unordered_set<std::string> used) {
  std::vector<std::string> keys;
  for (const auto& field : fields) keys.push_back(gml_key(field.name, used));
  return keys;
}

}  // namespace

void write_gml(AtomicFile& file, const ExportPlan& plan) {
  const Graph& g = plan.graph();
  const auto graph_keys = keys_of(plan.graph_fields(), {"directed", "multigraph", "node", "edge"});
  const auto node_keys = keys_of(plan.node_fields(), {"id", "label"});
  std::unordered_set<std::string> edge_reserved{"source", "target"};
  if (plan.multigraph()) edge_reserved.insert("key");
  const auto edge_keys = keys_of(plan.edge_fields(), edge_reserved);

  bool ids_fit = true;
  for (const std::int32_t u : plan.nodes()) {
    const std::int64_t id = g.display_id(u);
    ids_fit = ids_fit && id >= std::numeric_limits<std::int32_t>::min() && id <= std::numeric_limits<std::int32_t>::max();
  }
  std::vector<std::int64_t> gml_id(static_cast<std::size_t>(g.n), -1);
  std::int64_t position = 0;
  for (const std::int32_t u : plan.nodes()) gml_id[u] = ids_fit ? g.display_id(u) : position++;

  OutputBuffer out(file);
  out << "graph [\n  directed " << (g.directed ? "1" : "0") << "\n";
  if (plan.multigraph()) out << "  multigraph 1\n";
  write_values(out.text(), plan.graph_fields(), graph_keys, "  ",
               [&](std::size_t f, std::int64_t* i, double* r, std::string* t) { return plan.graph_value(f, i, r, t); });
  for (const std::int32_t u : plan.nodes()) {
    std::string& text = out.text();
    text += "  node [\n    id " + std::to_string(gml_id[u]) + "\n    label " + gml_string(plan.node_id(u)) + "\n";
    write_values(text, plan.node_fields(), node_keys, "    ",
                 [&](std::size_t f, std::int64_t* i, double* r, std::string* t) { return plan.node_value(f, u, i, r, t); });
    text += "  ]\n";
    out.flush_if_big();
  }
  plan.for_each_edge([&](const Edge& e) {
    std::string& text = out.text();
    text += "  edge [\n    source " + std::to_string(gml_id[e.u]) + "\n    target " + std::to_string(gml_id[e.v]) + "\n";
    if (plan.multigraph()) text += "    key " + std::to_string(e.key) + "\n";
    write_values(text, plan.edge_fields(), edge_keys, "    ",
                 [&](std::size_t f, std::int64_t* i, double* r, std::string* t) { return plan.edge_value(f, e, i, r, t); });
    text += "  ]\n";
    out.flush_if_big();
  });
  out << "]\n";
  out.flush();
}

}  // namespace pathscope::exporting
