// Pajek .net as Pajek, networkx (read_pajek) and igraph (Read_Pajek) read it: *Vertices with a
// quoted label per node, then *Arcs (directed) or *Edges (undirected) of "U V weight" lines.
// Pajek holds labels and weights only: no attributes, strengths, positions or marks, and node
// numbers run 1..N in file order. A label is the node's name when names tell every node apart
// (networkx keys nodes by label), else its id. Pajek has no escapes: a double quote in a label
// becomes ', a backslash / (networkx splits lines as a shell would), control characters spaces.
// Parallel edges and loops are lines of their own (networkx reads a multigraph).
#include <string>
#include <vector>

#include "export/export_text.hpp"
#include "export/writers.hpp"

namespace pathscope::exporting {
namespace {

std::string pajek_label(std::string_view text) {
  std::string label;
  append_utf8(label, text);
  for (char& c : label) {
    if (c == '"') c = '\'';
    else if (c == '\\') c = '/';
    else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  }
  return label;
}

}  // namespace

void write_pajek(AtomicFile& file, const ExportPlan& plan) {
  const Graph& g = plan.graph();
  const bool names = plan.names_tell_nodes_apart();
  std::vector<std::int64_t> number(static_cast<std::size_t>(g.n), 0);
  OutputBuffer out(file);
  out << "*Vertices " << std::to_string(plan.nodes().size()) << "\n";
  std::int64_t next = 0;
  for (const std::int32_t u : plan.nodes()) {
    number[u] = ++next;
    out << std::to_string(next) << " \"" << pajek_label(names ? g.names[u] : plan.node_id(u)) << "\"\n";
    out.flush_if_big();
  }
  out << (g.directed ? "*Arcs\n" : "*Edges\n");
  plan.for_each_edge([&](const Edge& e) {
    out << std::to_string(number[e.u]) << " " << std::to_string(number[e.v]) << " " << real_text(e.weight) << "\n";
    out.flush_if_big();
  });
  out.flush();
}

}  // namespace pathscope::exporting
