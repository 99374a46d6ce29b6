#pragma once
// Typed attribute columns between Python and the graph model: NumPy arrays and lists become
// AttributeColumns (integer, real, boolean or text, with missing values), and columns become
// NumPy views or lists again. One rule for node, arc and graph attributes.
#include <pybind11/pybind11.h>

#include <cstddef>
#include <string>

#include "pathscope/graph/attributes.hpp"

namespace pathscope::python {

// `columns` is a list of (name, values, present) triples, as pathscope/_columns.py makes them:
// values a NumPy array (integer, unsigned, real or bool dtype) or a sequence of str/None (text),
// present None (every value there) or a bool array. Each must hold `count` elements; `what`
// ("node", "edge", "graph") names the table in errors.
AttributeTable attribute_table_from(const pybind11::handle& columns, std::size_t count, const char* what);

// One column as Python sees it: integers and reals as read-only views of the column kept alive
// by `owner` (a NumPy masked array when values are missing), booleans as a bool array, text as
// a list (None = missing).
pybind11::object attribute_values(const pybind11::object& owner, const AttributeColumn& column);
// Every column of `table`, by name.
pybind11::dict attribute_dict(const pybind11::object& owner, const AttributeTable& table);

}  // namespace pathscope::python
