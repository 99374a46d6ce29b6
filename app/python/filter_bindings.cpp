// Attribute filters from Python: load_graph's keep_nodes= / keep_arcs= and Graph.filter(), the
// same conditions as the CLI's --keep-nodes / --keep-arcs (docs/filters.md).
#include <pybind11/stl.h>

#include <memory>
#include <string>

#include "bindings.hpp"
#include "pathscope/filter/graph_mask.hpp"

namespace py = pybind11;

namespace pathscope::python {

namespace {

// None, one condition as a str, or an iterable of them (all must hold).
std::vector<AttributeCondition> conditions_argument(const py::handle& value, const char* keyword) {
  std::vector<AttributeCondition> out;
  if (value.is_none()) return out;
  const auto parse = [&](const py::handle& item) {
    if (!py::isinstance<py::str>(item))
      throw py::type_error(std::string(keyword) + ": a condition is a str such as 'side == left', not " +
                           py::str(py::type::of(item).attr("__name__")).cast<std::string>());
    out.push_back(argument_value([&] { return parse_attribute_condition(item.cast<std::string>()); }));
  };
  if (py::isinstance<py::str>(value)) {
    parse(value);
    return out;
  }
  if (!py::isinstance<py::iterable>(value))
    throw py::type_error(std::string(keyword) + ": give a str or a list of str, not " +
                         py::str(py::type::of(value).attr("__name__")).cast<std::string>());
  for (const py::handle item : value) parse(item);
  return out;
}

}  // namespace

GraphFilter filter_argument(const py::handle& nodes, const py::handle& arcs, const char* nodes_keyword,
                            const char* arcs_keyword) {
  GraphFilter filter;
  filter.nodes = conditions_argument(nodes, nodes_keyword);
  filter.arcs = conditions_argument(arcs, arcs_keyword);
  return filter;
}

void bind_filter(py::module_& m) {
  m.def(
      "filter_graph",
      [](const PyGraph& graph, py::handle nodes, py::handle arcs) {
        const GraphFilter filter = filter_argument(nodes, arcs, "nodes", "arcs");
        const LoadedGraph& source = *graph.loaded;
        auto out = std::make_shared<LoadedGraph>();
        out->report = source.report;
        {
          py::gil_scoped_release release;
          const GraphMask mask = make_graph_mask(source.graph, filter);
          const std::string kept = summarize_mask(source.graph, mask, filter).text();
          out->report.filter = source.report.filter.empty() ? kept : source.report.filter + "; then " + kept;
          out->graph = masked_subgraph(source.graph, mask);
        }
        return PyGraph{std::move(out)};
      },
      py::arg("graph"), py::arg("nodes") = py::none(), py::arg("arcs") = py::none(),
      "The part of the graph a filter keeps, as a new graph (Graph.filter)");
}

}  // namespace pathscope::python
