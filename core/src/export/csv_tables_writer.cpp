// Two CSV tables, as Gephi's spreadsheet import, Cytoscape and pandas read them: nodes (id,
// then every node field) and edges (source, target, then every edge field). A missing value is
// an empty cell; booleans are true/false. Parallel edges are rows of their own. The graph's
// attributes, when it has any, go to a third table of one row (a header of their names, a row
// of their values), since a comment line would trip the readers of the other two.
#include "export/export_text.hpp"
#include "export/writers.hpp"

namespace pathscope::exporting {

void write_csv_graph_table(AtomicFile& graph_file, const ExportPlan& plan) {
  OutputBuffer out(graph_file);
  std::string header, row, value;
  for (std::size_t f = 0; f < plan.graph_fields().size(); ++f) {
    if (f) header += ',', row += ',';
    append_csv(header, plan.graph_fields()[f].name);
    if (plan.graph_text(f, &value)) append_csv(row, value);
  }
  out << header << "\n" << row << "\n";
  out.flush();
}

void write_csv_tables(AtomicFile& nodes_file, AtomicFile& edges_file, const ExportPlan& plan) {
  std::string value;
  {
    OutputBuffer out(nodes_file);
    out << "id";
    for (const auto& field : plan.node_fields()) {
      out << ",";
      append_csv(out.text(), field.name);
    }
    out << "\n";
    for (const std::int32_t u : plan.nodes()) {
      std::string& text = out.text();
      append_csv(text, plan.node_id(u));
      for (std::size_t f = 0; f < plan.node_fields().size(); ++f) {
        text += ',';
        if (plan.node_text(f, u, &value)) append_csv(text, value);
      }
      text += '\n';
      out.flush_if_big();
    }
    out.flush();
  }
  OutputBuffer out(edges_file);
  out << "source,target";
  for (const auto& field : plan.edge_fields()) {
    out << ",";
    append_csv(out.text(), field.name);
  }
  out << "\n";
  plan.for_each_edge([&](const Edge& e) {
    std::string& text = out.text();
    append_csv(text, plan.node_id(e.u));
    text += ',';
    append_csv(text, plan.node_id(e.v));
    for (std::size_t f = 0; f < plan.edge_fields().size(); ++f) {
      text += ',';
      if (plan.edge_text(f, e, &value)) append_csv(text, value);
    }
    text += '\n';
    out.flush_if_big();
  });
  out.flush();
}

}  // namespace pathscope::exporting
