// GraphML (graphml.graphdrawing.org): typed <key> declarations, the graph's own <data>, then
// nodes and edges with <data> per present value. A missing value is simply absent, as GraphML
// intends. Parallel edges are plain <edge> elements (GraphML allows them; networkx then reads a
// multigraph), each with its own id.
#include "export/export_text.hpp"
#include "export/writers.hpp"

namespace pathscope::exporting {
namespace {

const char* graphml_type(ValueType type) {
  switch (type) {
    case ValueType::Boolean: return "boolean";
    case ValueType::Integer: return "long";
    case ValueType::Real: return "double";
    case ValueType::Text: break;
  }
  return "string";
}

void declare(OutputBuffer& out, const char* prefix, const char* domain, const std::vector<Field>& fields) {
  for (std::size_t f = 0; f < fields.size(); ++f) {
    std::string& text = out.text();
    text += "  <key id=\"";
    text += prefix + std::to_string(f);
    text += "\" for=\"";
    text += domain;
    text += "\" attr.name=\"";
    append_xml(text, fields[f].name);
    text += "\" attr.type=\"";
    text += graphml_type(fields[f].type);
    text += "\"/>\n";
  }
}

void data(std::string& text, const char* prefix, std::size_t f, const std::string& value) {
  text += "<data key=\"";
  text += prefix + std::to_string(f);
  text += "\">";
  append_xml(text, value);
  text += "</data>";
}

}  // namespace

void write_graphml(AtomicFile& file, const ExportPlan& plan) {
  const Graph& g = plan.graph();
  OutputBuffer out(file);
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
         "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
         "xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns "
         "http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n";
  declare(out, "n", "node", plan.node_fields());
  declare(out, "e", "edge", plan.edge_fields());
  declare(out, "g", "graph", plan.graph_fields());
  out << "  <graph id=\"G\" edgedefault=\"" << (g.directed ? "directed" : "undirected") << "\">\n";
  if (!plan.options().source.empty() || !plan.kind().empty()) {
    std::string& text = out.text();
    text += "    <desc>";
    append_xml(text, "pathscope export of " + (plan.options().source.empty() ? std::string("a graph") : plan.options().source) +
                         (plan.kind().empty() ? "" : ", marked: " + plan.kind()));
    text += "</desc>\n";
  }
  std::string value;
  for (std::size_t f = 0; f < plan.graph_fields().size(); ++f) {
    if (!plan.graph_text(f, &value)) continue;
    std::string& text = out.text();
    text += "    ";
    data(text, "g", f, value);
    text += "\n";
  }
  for (const std::int32_t u : plan.nodes()) {
    std::string& text = out.text();
    text += "    <node id=\"";
    append_xml(text, plan.node_id(u));
    text += "\">";
    for (std::size_t f = 0; f < plan.node_fields().size(); ++f)
      if (plan.node_text(f, u, &value)) data(text, "n", f, value);
    text += "</node>\n";
    out.flush_if_big();
  }
  std::int64_t count = 0;
  plan.for_each_edge([&](const Edge& e) {
    std::string& text = out.text();
    text += "    <edge id=\"e" + std::to_string(count++) + "\" source=\"";
    append_xml(text, plan.node_id(e.u));
    text += "\" target=\"";
    append_xml(text, plan.node_id(e.v));
    text += "\">";
    for (std::size_t f = 0; f < plan.edge_fields().size(); ++f)
      if (plan.edge_text(f, e, &value)) data(text, "e", f, value);
    text += "</edge>\n";
    out.flush_if_big();
  });
  out << "  </graph>\n</graphml>\n";
  out.flush();
}

}  // namespace pathscope::exporting
