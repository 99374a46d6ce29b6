#include "mask_argument.hpp"

#include <pybind11/numpy.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bindings.hpp"

namespace py = pybind11;

namespace pathscope::python {
namespace {

bool is_bool_array(const py::handle& value) {
  return py::isinstance<py::array>(value) && py::reinterpret_borrow<py::array>(value).dtype().kind() == 'b';
}

std::vector<AttributeCondition> conditions_of(const py::handle& value, const char* keyword) {
  std::vector<AttributeCondition> conditions;
  const auto parse = [&](const py::handle& item) {
    if (!py::isinstance<py::str>(item))
      throw py::type_error(std::string(keyword) + " takes conditions as str (\"side == left\"), a list of them, or a "
                           "NumPy bool array; got " + py::str(py::type::of(item).attr("__name__")).cast<std::string>());
    conditions.push_back(argument_value([&] { return parse_attribute_condition(item.cast<std::string>()); }));
  };
  if (py::isinstance<py::str>(value)) parse(value);
  else for (const py::handle item : value) parse(item);
  return conditions;
}

// A bool array of `count` entries as the mask's bytes, ANDed into `kept` when it holds a mask already.
void and_array(const py::handle& value, std::size_t count, const char* keyword, const char* per,
               std::vector<std::uint8_t>& kept) {
  const auto array = py::array_t<bool, py::array::c_style | py::array::forcecast>::ensure(value);
  if (!array) throw py::error_already_set();
  if (array.ndim() != 1 || static_cast<std::size_t>(array.size()) != count)
    throw py::value_error(std::string(keyword) + " as an array needs one bool per " + per + " (" +
                          std::to_string(count) + "), got shape of " + std::to_string(array.size()) + " entries");
  const bool* data = array.data();
  if (kept.empty()) kept.assign(count, 1);
  for (std::size_t i = 0; i < count; ++i) kept[i] = static_cast<std::uint8_t>(kept[i] && data[i]);
}

}  // namespace

MaskArgument mask_argument(const Graph& g, const py::handle& keep_nodes, const py::handle& keep_arcs) {
  GraphFilter filter;
  if (!keep_nodes.is_none() && !is_bool_array(keep_nodes)) filter.nodes = conditions_of(keep_nodes, "keep_nodes");
  if (!keep_arcs.is_none() && !is_bool_array(keep_arcs)) filter.arcs = conditions_of(keep_arcs, "keep_arcs");
  MaskArgument out;
  if (!filter.empty()) out.mask = argument_value([&] { return make_graph_mask(g, filter); });
  if (is_bool_array(keep_nodes)) and_array(keep_nodes, static_cast<std::size_t>(g.n), "keep_nodes", "node", out.mask.node_kept);
  if (is_bool_array(keep_arcs))
    and_array(keep_arcs, static_cast<std::size_t>(g.arc_count()), "keep_arcs", "arc (CSR order, Graph.heads)",
              out.mask.arc_kept);
  if (!out.mask.keeps_all()) out.summary = summarize_mask(g, out.mask, filter).text();
  return out;
}

}  // namespace pathscope::python
