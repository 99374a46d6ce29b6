// pathscope._core.graph_from_arrays: a graph from NumPy arrays of arc ends and costs, read in
// place (no copy of int64 / float64 arrays, no Python per arc) and built by the core's
// GraphBuilder, so that self-loops, parallel arcs and the load report follow the rules every
// file reader follows. The pathscope.from_* functions (pathscope/_convert.py) all end here.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "attribute_columns.hpp"
#include "bindings.hpp"
#include "pathscope/io/graph_builder.hpp"

namespace py = pybind11;

namespace pathscope::python {
namespace {

using Indices = py::array_t<std::int64_t, py::array::c_style>;
using Costs = py::array_t<double, py::array::c_style>;

struct ArcArrays {
  const std::int64_t* sources;
  const std::int64_t* targets;
  const double* weights;    // null: every arc costs 1
  const double* strengths;  // null: none (Graph::arc_strengths stays empty)
  std::int64_t count;
};

// The first bad element, as "sources[17] is -3 ...", before anything is allocated.
std::int32_t checked_node_count(const ArcArrays& arcs, std::int64_t n, std::int64_t max_nodes) {
  std::int64_t highest = -1;
  for (std::int64_t k = 0; k < arcs.count; ++k) {
    const std::int64_t ends[2] = {arcs.sources[k], arcs.targets[k]};
    for (int e = 0; e < 2; ++e) {
      const char* array = e == 0 ? "sources" : "targets";
      if (ends[e] < 0)
        throw_invalid_argument(std::string(array) + "[" + std::to_string(k) + "] is " + std::to_string(ends[e]) +
                               ": nodes are 0-based indices");
      if (n >= 0 && ends[e] >= n)
        throw_invalid_argument(std::string(array) + "[" + std::to_string(k) + "] is " + std::to_string(ends[e]) +
                               ", outside 0.." + std::to_string(n - 1) + " (n=" + std::to_string(n) + ")");
      if (ends[e] > highest) highest = ends[e];
    }
    if (arcs.weights && !std::isfinite(arcs.weights[k]))
      throw_invalid_argument("weights[" + std::to_string(k) + "] is " + std::to_string(arcs.weights[k]) +
                             ": a cost must be a finite number (leave the arc out where there is none)");
  }
  const std::int64_t nodes = n >= 0 ? n : highest + 1;
  const std::int64_t limit = std::min<std::int64_t>(max_nodes, std::numeric_limits<std::int32_t>::max());
  if (nodes > limit)
    throw_invalid_argument(std::to_string(nodes) + " nodes is more than max_nodes=" + std::to_string(limit));
  return static_cast<std::int32_t>(nodes);
}

using Coordinates = py::array_t<float, py::array::c_style>;

py::object build_graph(const Indices& sources, const Indices& targets, const std::optional<Costs>& weights,
                       const std::optional<Costs>& strengths, std::int64_t n, bool directed,
                       const std::optional<Indices>& ids, const std::optional<std::vector<std::string>>& names,
                       const std::optional<Coordinates>& coordinates, const py::handle& node_columns,
                       const py::handle& edge_columns, const py::handle& graph_columns, bool keep_parallel,
                       const std::string& source, const std::string& format, std::int64_t max_nodes,
                       std::int64_t max_arcs) {
  if (sources.ndim() != 1 || targets.ndim() != 1 || sources.size() != targets.size())
    throw_invalid_argument("sources and targets must be one-dimensional and of one length, not " +
                           std::to_string(sources.size()) + " and " + std::to_string(targets.size()));
  if (weights && (weights->ndim() != 1 || weights->size() != sources.size()))
    throw_invalid_argument("weights must hold one cost per arc: " + std::to_string(weights->size()) + " for " +
                           std::to_string(sources.size()) + " arcs");
  if (strengths && (strengths->ndim() != 1 || strengths->size() != sources.size()))
    throw_invalid_argument("strengths must hold one value per arc: " + std::to_string(strengths->size()) + " for " +
                           std::to_string(sources.size()) + " arcs");
  const ArcArrays arcs{sources.data(), targets.data(), weights ? weights->data() : nullptr,
                       strengths ? strengths->data() : nullptr, sources.size()};
  const std::int64_t arc_total = directed ? arcs.count : 2 * arcs.count;
  if (arc_total > max_arcs)
    throw_invalid_argument(std::to_string(arc_total) + " arcs is more than max_arcs=" + std::to_string(max_arcs));

  // Checked with the GIL held: a bad element raises at once.
  const std::int32_t node_count = checked_node_count(arcs, n, max_nodes);
  AttributeTable edge_table = attribute_table_from(edge_columns, static_cast<std::size_t>(arcs.count), "edge");
  auto loaded = std::make_shared<LoadedGraph>();
  {
    py::gil_scoped_release unlocked;  // the arrays are held by this call's arguments
    GraphBuilder builder(node_count);
    // Element k of each column is row k's: the builder numbers records in the order they are added.
    builder.record_attributes() = std::move(edge_table);
    builder.keep_extra_arcs(keep_parallel);
    for (std::int64_t k = 0; k < arcs.count; ++k) {
      const auto u = static_cast<std::int32_t>(arcs.sources[k]), v = static_cast<std::int32_t>(arcs.targets[k]);
      const double w = arcs.weights ? arcs.weights[k] : 1.0;
      if (arcs.strengths) {
        if (directed) builder.add_arc(u, v, w, arcs.strengths[k]);
        else builder.add_edge(u, v, w, arcs.strengths[k]);
      } else {
        if (directed) builder.add_arc(u, v, w);
        else builder.add_edge(u, v, w);
      }
    }
    loaded->report.source = source;
    loaded->report.format = format;
    loaded->report.records_read = arcs.count;
    loaded->graph = builder.build(directed, loaded->report);
  }
  Graph& g = loaded->graph;
  const auto count = static_cast<std::size_t>(g.n);
  if (ids) {
    if (ids->ndim() != 1 || static_cast<std::size_t>(ids->size()) != count)
      throw_invalid_argument("ids must hold one id per node: " + std::to_string(ids->size()) + " for " +
                             std::to_string(count) + " nodes");
    g.ids.assign(ids->data(), ids->data() + count);
  }
  if (names) {
    if (names->size() != count)
      throw_invalid_argument("names must hold one name per node: " + std::to_string(names->size()) + " for " +
                             std::to_string(count) + " nodes");
    g.names = *names;
  }
  if (coordinates) {
    const auto dims = coordinates->ndim() == 2 ? coordinates->shape(1) : 0;
    if (coordinates->ndim() != 2 || static_cast<std::size_t>(coordinates->shape(0)) != count || dims < 2 || dims > 3)
      throw_invalid_argument("coordinates must be an n x 2 or n x 3 array, one row per node");
    g.coord_dims = static_cast<int>(dims);
    g.coords.assign(coordinates->data(), coordinates->data() + count * static_cast<std::size_t>(dims));
  }
  g.node_attributes = attribute_table_from(node_columns, count, "node");
  g.graph_attributes = attribute_table_from(graph_columns, 1, "graph");
  return py::cast(PyGraph{std::move(loaded)});
}

// A copy of the graph with these node attribute columns added; one of a name it already has is
// replaced (a node table's column over the reader's own).
py::object with_node_columns(const PyGraph& graph, const py::handle& columns) {
  auto loaded = std::make_shared<LoadedGraph>(*graph.loaded);
  AttributeTable& table = loaded->graph.node_attributes;
  for (auto& column : attribute_table_from(columns, static_cast<std::size_t>(loaded->graph.n), "node").columns) {
    if (AttributeColumn* existing = table.find(column.name)) *existing = std::move(column);
    else table.columns.push_back(std::move(column));
  }
  return py::cast(PyGraph{std::move(loaded)});
}

}  // namespace

void bind_graph_building(py::module_& m) {
  m.def("graph_from_arrays", &build_graph, py::arg("sources"), py::arg("targets"), py::arg("weights"), py::arg("strengths"),
        py::arg("n"), py::arg("directed"), py::arg("ids"), py::arg("names"), py::arg("coordinates"),
        py::arg("node_columns"), py::arg("edge_columns"), py::arg("graph_columns"), py::arg("keep_parallel"),
        py::arg("source"), py::arg("format"), py::arg("max_nodes"), py::arg("max_arcs"),
        "The engine of pathscope.from_arrays and the other from_* functions (pathscope/_convert.py): int64 node "
        "indices and float64 costs (None: unit costs), n=-1 for the highest index + 1; attribute columns as "
        "(name, values, present) triples.");
  m.def("graph_with_node_columns", &with_node_columns, py::arg("graph"), py::arg("columns"),
        "A copy of the graph with these node attribute columns, (name, values, present) triples, added or replaced.");
}

}  // namespace pathscope::python
