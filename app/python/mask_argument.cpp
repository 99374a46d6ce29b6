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
  // Conditions as load_graph's keep_nodes= reads them; arrays are taken below.
  const GraphFilter filter = filter_argument(is_bool_array(keep_nodes) ? py::none() : keep_nodes,
                                             is_bool_array(keep_arcs) ? py::none() : keep_arcs, "keep_nodes",
                                             "keep_arcs");
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
