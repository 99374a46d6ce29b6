#pragma once
// One writer per format (graphml_writer.cpp, gexf_writer.cpp, node_link_writer.cpp,
// csv_tables_writer.cpp, gml_writer.cpp, pajek_writer.cpp); graph_export.cpp opens the files
// and picks the writer.
#include "export/export_plan.hpp"
#include "pathscope/runtime/atomic_file.hpp"

namespace pathscope::exporting {

void write_graphml(AtomicFile& file, const ExportPlan& plan);
void write_gexf(AtomicFile& file, const ExportPlan& plan);
void write_node_link(AtomicFile& file, const ExportPlan& plan);
void write_csv_tables(AtomicFile& nodes, AtomicFile& edges, const ExportPlan& plan);
// The graph's attributes as a table of one row; written only when plan.graph_fields() is not empty.
void write_csv_graph_table(AtomicFile& graph, const ExportPlan& plan);
void write_gml(AtomicFile& file, const ExportPlan& plan);
void write_pajek(AtomicFile& file, const ExportPlan& plan);

}  // namespace pathscope::exporting
