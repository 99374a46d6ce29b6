// pathscope.open_table: an all-pairs table saved by `pathscope-cli apsp --out` (a .npy file, or
// a Zarr folder written by one process or by a job of processes), read in place through the
// core's SavedTable as the CLI's `table` and the explorer read it: rows and cells as the file
// holds them (the unreachable value of its type included), or as float64 distances with inf.
// pathscope/_tables.py is its Python face.
#include <pybind11/numpy.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "pathscope/apsp/npy_writer.hpp"
#include "pathscope/apsp/saved_table.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace py = pybind11;

namespace pathscope::python {
namespace {

struct OpenTable {
  std::shared_ptr<const SavedTable> table;
  std::shared_ptr<const LoadedGraph> loaded;  // null: nodes are indices only
  std::string graph_name;
};

// The NumPy dtype of the table's cells: the .npy's own descr.
py::dtype dtype_of(const SavedTable& table) { return py::dtype(npy_descr(table.type())); }

std::int64_t row_argument(const OpenTable& t, const py::handle& node) {
  if (t.loaded) return node_argument(t.loaded->graph, node);
  if (py::isinstance<py::str>(node))
    throw_invalid_argument("node '" + node.cast<std::string>() + "': the table was opened without its graph, so " +
                           "nodes are indices; open_table(path, graph=...) takes names");
  if (!py::hasattr(node, "__index__"))
    throw py::type_error("a node is an int (an index) or, with the graph, a str; got " +
                         std::string(py::str(py::type::handle_of(node).attr("__name__"))));
  const auto index = py::reinterpret_borrow<py::object>(node).attr("__index__")().cast<long long>();
  if (index < 0 || index >= t.table->n())
    throw py::index_error("node " + std::to_string(index) + " outside the table's 0.." + std::to_string(t.table->n() - 1));
  return index;
}

std::vector<std::int64_t> row_list(const OpenTable& t, const py::handle& nodes) {
  std::vector<std::int64_t> rows;
  for (const py::handle node : nodes) rows.push_back(row_argument(t, node));
  return rows;
}

// Rows as the file holds them, one after another into `out`, the GIL released (a Zarr table
// gathers each row from its chunks).
void copy_rows(const SavedTable& table, const std::vector<std::int64_t>& rows, char* out) {
  const std::size_t row_bytes = std::size_t(table.n()) * dist_type_bytes(table.type());
  py::gil_scoped_release unlocked;
  for (std::size_t i = 0; i < rows.size(); ++i) std::memcpy(out + i * row_bytes, table.row_data(rows[i]), row_bytes);
}

py::array raw_rows(const OpenTable& t, const std::vector<std::int64_t>& rows, bool one_row, std::uint64_t memory_budget) {
  const SavedTable& table = *t.table;
  const std::uint64_t bytes = std::uint64_t(rows.size()) * std::uint64_t(table.n()) * dist_type_bytes(table.type());
  EngineResources resources;
  resources.memory_budget = memory_budget;
  require_within_budget(bytes, effective_memory_budget(resources),
                        std::to_string(rows.size()) + " rows of " + table.path());
  std::vector<py::ssize_t> shape;
  if (!one_row) shape.push_back(py::ssize_t(rows.size()));
  shape.push_back(py::ssize_t(table.n()));
  py::array out(dtype_of(table), shape);
  copy_rows(table, rows, static_cast<char*>(out.mutable_data()));
  return out;
}

py::array whole_table(const OpenTable& t, std::uint64_t memory_budget) {
  std::vector<std::int64_t> all(std::size_t(t.table->n()));
  for (std::int64_t u = 0; u < t.table->n(); ++u) all[std::size_t(u)] = u;
  return raw_rows(t, all, false, memory_budget);
}

// One cell as the file holds it, as a NumPy scalar of the table's dtype (what numpy.load's
// array gives for [u, v]); a Zarr table reads only the chunk that holds it.
py::object raw_cell(const OpenTable& t, const py::handle& u, const py::handle& v) {
  py::array cell(dtype_of(*t.table), std::vector<py::ssize_t>{1});
  t.table->copy_cell(row_argument(t, u), row_argument(t, v), cell.mutable_data());
  return cell[py::int_(0)];
}

py::array distance_row(const OpenTable& t, const py::handle& node) {
  const std::int64_t u = row_argument(t, node);
  std::vector<double> row;
  {
    py::gil_scoped_release unlocked;
    t.table->row(u, row);
  }
  py::array_t<double> out(py::ssize_t(row.size()));
  std::memcpy(out.mutable_data(), row.data(), row.size() * sizeof(double));
  return out;
}

}  // namespace

void bind_tables(py::module_& m) {
  py::options signature_style;
  signature_style.disable_function_signatures();
  py::class_<OpenTable>(m, "DistanceTable",
                        "An all-pairs table saved by `pathscope-cli apsp --out` (.npy or Zarr), read in place: "
                        "pathscope.open_table() makes one.")
      .def_property_readonly("n", [](const OpenTable& t) { return t.table->n(); })
      .def_property_readonly("shape", [](const OpenTable& t) { return py::make_tuple(t.table->n(), t.table->n()); })
      .def_property_readonly("dtype", [](const OpenTable& t) { return dtype_of(*t.table); })
      .def_property_readonly("dist", [](const OpenTable& t) { return std::string(dist_type_name(t.table->type())); })
      .def_property_readonly("path", [](const OpenTable& t) { return t.table->path(); })
      .def_property_readonly("is_zarr", [](const OpenTable& t) { return t.table->is_zarr(); })
      .def_property_readonly("fingerprinted", [](const OpenTable& t) { return t.table->has_fingerprint(); })
      .def("__len__", [](const OpenTable& t) { return t.table->n(); })
      .def("row", [](const OpenTable& t, const py::handle& node) { return raw_rows(t, {row_argument(t, node)}, true, 0); },
           py::arg("node"),
           "row(self, node)\n--\n\nRow `node` as the file holds it (the table's dtype; the type's unreachable value "
           "where there is no path)")
      .def("rows", [](const OpenTable& t, const py::handle& nodes, std::uint64_t memory_budget) {
             return raw_rows(t, row_list(t, nodes), false, memory_budget);
           }, py::arg("nodes"), py::arg("memory_budget") = 0,
           "rows(self, nodes, memory_budget=0)\n--\n\nThe rows of `nodes` as a 2-D array of the table's dtype; "
           "refused (OverBudget) before allocating past the memory budget")
      .def("to_numpy", [](const OpenTable& t, std::uint64_t memory_budget) { return whole_table(t, memory_budget); },
           py::arg("memory_budget") = 0,
           "to_numpy(self, memory_budget=0)\n--\n\nThe whole table in memory, as numpy.load would give it; "
           "refused (OverBudget) before allocating past the memory budget")
      .def("__getitem__", [](const OpenTable& t, const py::handle& key) -> py::object {
             if (py::isinstance<py::tuple>(key)) {
               const auto pair = py::reinterpret_borrow<py::tuple>(key);
               if (pair.size() != 2) throw py::index_error("a table cell is [source, target]");
               return raw_cell(t, pair[0], pair[1]);
             }
             if (py::isinstance<py::slice>(key))
               throw py::type_error("rows by slice are not taken: rows(range(a, b)), or to_numpy() for the whole table");
             return raw_rows(t, {row_argument(t, key)}, true, 0);
           }, py::arg("key"))
      .def("__array__", [](const OpenTable& t, const py::object& dtype, const py::object& /*copy*/) {
             py::array whole = whole_table(t, 0);
             return dtype.is_none() ? whole : py::array(whole.attr("astype")(dtype));
           }, py::arg("dtype") = py::none(), py::arg("copy") = py::none())
      .def("distances", &distance_row, py::arg("node"),
           "distances(self, node)\n--\n\nRow `node` as float64 distances, inf where there is no path")
      .def("distance", [](const OpenTable& t, const py::handle& u, const py::handle& v) {
             return t.table->cell(row_argument(t, u), row_argument(t, v));
           }, py::arg("source"), py::arg("target"),
           "distance(self, source, target)\n--\n\nThe distance from source to target, inf where there is no path");

  m.def("_open_table", [](const py::handle& path, const py::handle& graph) {
    OpenTable t;
    t.table = std::make_shared<const SavedTable>(path_text(path));
    if (!graph.is_none()) {
      t.loaded = graph_argument(graph);
      t.graph_name = t.loaded->report.source.empty() ? "the graph" : t.loaded->report.source;
      t.table->check_matches(t.loaded->graph, t.graph_name);
    }
    return t;
  }, py::arg("path"), py::arg("graph"), "Private: pathscope.open_table (pathscope/_tables.py) calls it.");
  m.def("_unchecked_warning", [](const OpenTable& t) {
    return t.loaded ? t.table->unchecked_warning(t.graph_name) : std::string();
  }, py::arg("table"), "Private: the warning open_table gives for a table without a fingerprint.");
}

}  // namespace pathscope::python
