// The distance calls without an all-pairs matrix (core: distance_table.hpp): one source to every
// node, a sources x targets table and a list of pairs. Bound as private functions of _core;
// pathscope/_distances.py is their Python face (signatures, shapes, documentation). Results are
// NumPy arrays the core writes into directly.
#include <pybind11/numpy.h>

#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "bindings.hpp"
#include "job_pump.hpp"
#include "pathscope/apsp/distance_table.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace py = pybind11;

namespace pathscope::python {
namespace {

// scipy.sparse.csgraph's predecessor for "none" (the source, unreached nodes).
constexpr std::int32_t kScipyNoPredecessor = -9999;

// An integer array is checked in one pass, without a Python object per element; an index
// outside the graph is refused by node_argument, so the message is the one a single node gets.
template <class Integer>
void append_indices(const Graph& g, const py::handle& array, std::vector<std::int32_t>& nodes) {
  const auto values = py::array_t<Integer, py::array::c_style | py::array::forcecast>::ensure(array);
  if (!values) throw py::error_already_set();
  const Integer* data = values.data();
  for (py::ssize_t i = 0; i < values.size(); ++i) {
    const Integer v = data[i];
    bool outside = static_cast<std::uint64_t>(v) >= static_cast<std::uint64_t>(g.n);
    if constexpr (std::is_signed_v<Integer>) outside = outside || v < 0;
    if (outside) node_argument(g, py::int_(v));  // throws IndexError
    nodes.push_back(static_cast<std::int32_t>(v));
  }
}

// Nodes from a 1-D NumPy integer array or any iterable of what node_argument takes.
std::vector<std::int32_t> node_list(const Graph& g, const py::handle& nodes) {
  std::vector<std::int32_t> list;
  if (py::isinstance<py::array>(nodes)) {
    const auto array = py::reinterpret_borrow<py::array>(nodes);
    const char kind = array.dtype().kind();
    if (kind == 'i' || kind == 'u') {
      if (array.ndim() != 1) throw py::value_error("an array of nodes must be 1-D, got " + std::to_string(array.ndim()) + "-D");
      list.reserve(static_cast<std::size_t>(array.size()));
      if (kind == 'i') append_indices<std::int64_t>(g, array, list);
      else append_indices<std::uint64_t>(g, array, list);
      return list;
    }
  }
  for (const py::handle node : nodes) list.push_back(node_argument(g, node));
  return list;
}

// Refused before the array is allocated; computed in double so that no product wraps.
void require_table_within_budget(std::size_t rows, std::size_t columns, const EngineResources& resources,
                                 const std::string& what) {
  const double bytes = static_cast<double>(rows) * static_cast<double>(columns) * sizeof(double);
  const double most = static_cast<double>(std::numeric_limits<std::uint64_t>::max());
  require_within_budget(bytes >= most ? std::numeric_limits<std::uint64_t>::max() : static_cast<std::uint64_t>(bytes),
                        effective_memory_budget(resources), what);
}

py::object distances(py::handle graph, py::handle source, bool return_predecessors) {
  const auto loaded = graph_argument(graph);
  const Graph& g = loaded->graph;
  const std::int32_t s = node_argument(g, source);
  py::array_t<double> dist(g.n);
  double* dist_data = dist.mutable_data();
  if (!return_predecessors) {
    {
      py::gil_scoped_release unlocked;
      single_source_distances_into(g, s, dist_data, nullptr);
    }
    return dist;
  }
  py::array_t<std::int32_t> predecessors(g.n);
  std::int32_t* predecessor_data = predecessors.mutable_data();
  {
    py::gil_scoped_release unlocked;
    single_source_distances_into(g, s, dist_data, predecessor_data);
    for (std::int32_t v = 0; v < g.n; ++v)
      if (predecessor_data[v] == kNoPredecessor) predecessor_data[v] = kScipyNoPredecessor;
  }
  return py::make_tuple(std::move(dist), std::move(predecessors));
}

py::array distance_table(py::handle graph, py::handle sources, py::handle targets, int threads,
                         std::uint64_t memory_budget, py::object progress) {
  const auto loaded = graph_argument(graph);
  const Graph& g = loaded->graph;
  const auto resources = resources_from(threads, memory_budget, 0);
  const std::vector<std::int32_t> rows = node_list(g, sources);
  std::vector<std::int32_t> columns;
  if (targets.is_none()) {
    columns.resize(static_cast<std::size_t>(g.n));
    for (std::int32_t v = 0; v < g.n; ++v) columns[v] = v;
  } else {
    columns = node_list(g, targets);
  }
  require_table_within_budget(rows.size(), columns.size(), resources,
                              "a distance table of " + std::to_string(rows.size()) + " x " +
                                  std::to_string(columns.size()));
  py::array_t<double> table({static_cast<py::ssize_t>(rows.size()), static_cast<py::ssize_t>(columns.size())});
  double* out = table.mutable_data();
  run_job("distance_table", progress,
          [&](const JobContext& job) { distance_table_into(g, rows, columns, out, resources, job); });
  return table;
}

py::array pair_distances(py::handle graph, py::handle sources, py::handle targets, int threads, py::object progress) {
  const auto loaded = graph_argument(graph);
  const Graph& g = loaded->graph;
  const auto resources = resources_from(threads, 0, 0);
  const std::vector<std::int32_t> from = node_list(g, sources), to = node_list(g, targets);
  if (from.size() != to.size())
    throw py::value_error(std::to_string(from.size()) + " sources but " + std::to_string(to.size()) + " targets");
  py::array_t<double> out(static_cast<py::ssize_t>(from.size()));
  double* out_data = out.mutable_data();
  run_job("pair_distances", progress,
          [&](const JobContext& job) { pair_distances_into(g, from, to, out_data, resources, job); });
  return out;
}

}  // namespace

void bind_distances(py::module_& m) {
  m.def("_distances", &distances, py::arg("graph"), py::arg("source"), py::arg("return_predecessors"),
        "Private: pathscope.distances (pathscope/_distances.py) calls it.");
  m.def("_distance_table", &distance_table, py::arg("graph"), py::arg("sources"), py::arg("targets"),
        py::arg("threads"), py::arg("memory_budget"), py::arg("progress"),
        "Private: pathscope.distance_table (pathscope/_distances.py) calls it.");
  m.def("_pair_distances", &pair_distances, py::arg("graph"), py::arg("sources"), py::arg("targets"),
        py::arg("threads"), py::arg("progress"), "Private: pathscope.pair_distances (pathscope/_distances.py) calls it.");
}

}  // namespace pathscope::python
