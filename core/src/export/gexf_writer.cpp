// GEXF (gexf.net), Gephi's own format, as 1.2draft (what networkx 2.x/3.x and Gephi read) or
// 1.3: typed attribute declarations, labels, positions as viz:position, the cost as the edge's
// weight, and, for a result, viz:color so the highlighted part shows at once (the highlight
// attribute lets Gephi re-colour by partition). The elements written are the same in both
// versions; only the namespaces differ. Parallel edges are edges with ids of their own. GEXF
// has no graph attributes that networkx or Gephi read (networkx refuses an attributes class
// other than node and edge): the graph's attributes are listed in the meta description.
#include "export/export_text.hpp"
#include "export/writers.hpp"

namespace pathscope::exporting {
namespace {

const char* gexf_type(ValueType type) {
  switch (type) {
    case ValueType::Boolean: return "boolean";
    case ValueType::Integer: return "long";
    case ValueType::Real: return "double";
    case ValueType::Text: break;
  }
  return "string";
}

// Fields written as <attvalue>: positions go to viz:position, the cost to the edge's weight
// (and also as an attribute when it is asked for under another name).
bool as_attribute(const Field& field) {
  if (field.role == Field::Role::Position) return false;
  if (field.role == Field::Role::Weight) return field.name != "weight";
  return true;
}

void declare(OutputBuffer& out, const char* domain, const std::vector<Field>& fields) {
  bool any = false;
  for (const auto& field : fields) any = any || as_attribute(field);
  if (!any) return;
  out << "    <attributes class=\"" << domain << "\" mode=\"static\">\n";
  for (std::size_t f = 0; f < fields.size(); ++f) {
    if (!as_attribute(fields[f])) continue;
    std::string& text = out.text();
    text += "      <attribute id=\"" + std::to_string(f) + "\" title=\"";
    append_xml(text, fields[f].name);
    text += "\" type=\"";
    text += gexf_type(fields[f].type);
    text += "\"/>\n";
  }
  out << "    </attributes>\n";
}

template <typename ValueOf>
void attvalues(std::string& text, const std::vector<Field>& fields, ValueOf value_of) {
  std::string value;
  bool open = false;
  for (std::size_t f = 0; f < fields.size(); ++f) {
    if (!as_attribute(fields[f]) || !value_of(f, &value)) continue;
    if (!open) text += "<attvalues>";
    open = true;
    text += "<attvalue for=\"" + std::to_string(f) + "\" value=\"";
    append_xml(text, value);
    text += "\"/>";
  }
  if (open) text += "</attvalues>";
}

void color(std::string& text, bool highlighted) {
  text += highlighted ? "<viz:color r=\"228\" g=\"26\" b=\"28\"/>" : "<viz:color r=\"170\" g=\"170\" b=\"170\"/>";
}

}  // namespace

void write_gexf(AtomicFile& file, const ExportPlan& plan) {
  const Graph& g = plan.graph();
  OutputBuffer out(file);
  const bool v13 = plan.options().gexf_version == GexfVersion::V1_3;
  const std::string ns = v13 ? "http://gexf.net/1.3" : "http://www.gexf.net/1.2draft";
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<gexf xmlns=\"" << ns << "\" xmlns:viz=\"" << ns << "/viz\" "
      << "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
         "xsi:schemaLocation=\"" << ns << " " << ns << "/gexf.xsd\" version=\"" << (v13 ? "1.3" : "1.2") << "\">\n"
      << "  <meta>\n    <creator>pathscope</creator>\n    <description>";
  std::string description = (plan.options().source.empty() ? std::string("a graph") : plan.options().source) +
                            (plan.kind().empty() ? "" : ", marked: " + plan.kind());
  std::string graph_value;
  for (std::size_t f = 0; f < plan.graph_fields().size(); ++f)
    if (plan.graph_text(f, &graph_value)) description += "\n" + plan.graph_fields()[f].name + ": " + graph_value;
  append_xml(out.text(), description);
  out << "</description>\n  </meta>\n";
  out << "  <graph defaultedgetype=\"" << (g.directed ? "directed" : "undirected") << "\" mode=\"static\">\n";
  declare(out, "node", plan.node_fields());
  declare(out, "edge", plan.edge_fields());
  out << "    <nodes>\n";
  for (const std::int32_t u : plan.nodes()) {
    std::string& text = out.text();
    text += "      <node id=\"";
    append_xml(text, plan.node_id(u));
    text += "\" label=\"";
    append_xml(text, g.label(u));
    text += "\">";
    attvalues(text, plan.node_fields(), [&](std::size_t f, std::string* value) { return plan.node_text(f, u, value); });
    if (plan.marked()) color(text, plan.node_highlighted(u));
    if (const float* p = plan.position(u)) {
      text += "<viz:position x=\"" + real_text(p[0]) + "\" y=\"" + real_text(p[1]) + "\"";
      if (plan.position_dims() == 3) text += " z=\"" + real_text(p[2]) + "\"";
      text += "/>";
    }
    text += "</node>\n";
    out.flush_if_big();
  }
  out << "    </nodes>\n    <edges>\n";
  std::int64_t count = 0;
  plan.for_each_edge([&](const Edge& e) {
    std::string& text = out.text();
    text += "      <edge id=\"" + std::to_string(count++) + "\" source=\"";
    append_xml(text, plan.node_id(e.u));
    text += "\" target=\"";
    append_xml(text, plan.node_id(e.v));
    text += "\" weight=\"" + real_text(e.weight) + "\">";
    attvalues(text, plan.edge_fields(), [&](std::size_t f, std::string* value) { return plan.edge_text(f, e, value); });
    if (plan.marked()) color(text, e.marks.highlight);
    text += "</edge>\n";
    out.flush_if_big();
  });
  out << "    </edges>\n  </graph>\n</gexf>\n";
  out.flush();
}

}  // namespace pathscope::exporting
