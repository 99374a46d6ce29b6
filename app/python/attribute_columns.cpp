#include "attribute_columns.hpp"

#include <pybind11/numpy.h>

#include <cstdint>
#include <limits>

#include "bindings.hpp"
#include "views.hpp"

namespace py = pybind11;

namespace pathscope::python {
namespace {

template <class T>
using Contiguous = py::array_t<T, py::array::c_style | py::array::forcecast>;

std::string described(const std::string& name, const char* what) {
  return std::string(what) + " attribute '" + name + "'";
}

// The column's values from an array whose dtype says the type; a text column from anything else.
void fill_values(AttributeColumn& column, const py::handle& values, std::size_t count, const char* what) {
  const auto size_error = [&](std::size_t got) {
    throw_invalid_argument(described(column.name, what) + " has " + std::to_string(got) + " values for " +
                           std::to_string(count) + " elements");
  };
  if (py::isinstance<py::array>(values)) {
    const auto array = py::reinterpret_borrow<py::array>(values);
    const char kind = array.dtype().kind();
    if (kind == 'b' || kind == 'i' || kind == 'u' || kind == 'f') {
      if (array.ndim() != 1) throw_invalid_argument(described(column.name, what) + " must be one-dimensional");
      if (static_cast<std::size_t>(array.size()) != count) size_error(static_cast<std::size_t>(array.size()));
      // Unsigned values past int64 cannot be integers here: they are kept as reals, as JSON readers do.
      bool as_real = kind == 'f';
      if (kind == 'u' && array.itemsize() == 8) {
        const auto u = Contiguous<std::uint64_t>::ensure(array);
        for (py::ssize_t i = 0; i < u.size(); ++i)
          if (u.data()[i] > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) as_real = true;
      }
      if (as_real) {
        const auto reals = Contiguous<double>::ensure(array);
        column.type = AttributeType::Real;
        column.reals.assign(reals.data(), reals.data() + count);
      } else {
        const auto integers = Contiguous<std::int64_t>::ensure(array);
        column.type = kind == 'b' ? AttributeType::Boolean : AttributeType::Integer;
        column.integers.assign(integers.data(), integers.data() + count);
      }
      return;
    }
  }
  // Text: str values as they are, None missing, anything else as str() shows it.
  const auto sequence = py::reinterpret_borrow<py::sequence>(values);
  if (sequence.size() != count) size_error(sequence.size());
  column.type = AttributeType::Text;
  column.resize(count);
  std::size_t i = 0;
  for (const auto value : sequence) {
    if (!value.is_none()) column.set_text(i, py::str(value).cast<std::string>());
    ++i;
  }
}

void apply_present(AttributeColumn& column, const py::handle& present, std::size_t count, const char* what) {
  if (present.is_none()) return;
  const auto mask = Contiguous<bool>::ensure(present);
  if (!mask || static_cast<std::size_t>(mask.size()) != count)
    throw_invalid_argument(described(column.name, what) + ": its mask of present values has the wrong size");
  if (column.type == AttributeType::Text) {
    for (std::size_t i = 0; i < count; ++i)
      if (!mask.data()[i] && column.has(i)) column.present[i] = 0;
    return;
  }
  column.present.assign(mask.data(), mask.data() + count);
  bool all = true;
  for (const auto p : column.present) all = all && p != 0;
  if (all) column.present.clear();
}

}  // namespace

AttributeTable attribute_table_from(const py::handle& columns, std::size_t count, const char* what) {
  AttributeTable table;
  if (columns.is_none()) return table;
  for (const auto entry : columns) {
    const auto triple = py::reinterpret_borrow<py::tuple>(entry);
    AttributeColumn column;
    column.name = triple[0].cast<std::string>();
    if (table.find(column.name)) throw_invalid_argument("two " + std::string(what) + " attributes named '" + column.name + "'");
    fill_values(column, triple[1], count, what);
    apply_present(column, triple[2], count, what);
    table.columns.push_back(std::move(column));
  }
  return table;
}

py::object attribute_values(const py::object& owner, const AttributeColumn& column) {
  const auto count = static_cast<py::ssize_t>(column.size());
  py::object values;
  switch (column.type) {
    case AttributeType::Text: {
      py::list list;
      for (std::size_t i = 0; i < column.size(); ++i) {
        if (column.has(i)) list.append(py::str(column.text[i]));
        else list.append(py::none());
      }
      return list;
    }
    case AttributeType::Integer: values = view_of(column.integers.data(), {count}, owner, false); break;
    case AttributeType::Real: values = view_of(column.reals.data(), {count}, owner, false); break;
    case AttributeType::Boolean:
      values = view_of(column.integers.data(), {count}, owner, false).attr("astype")("bool");
      break;
  }
  if (column.present.empty()) return values;
  const py::array present = view_of(column.present.data(), {count}, owner, false);
  return py::module_::import("numpy").attr("ma").attr("masked_array")(values, present.attr("__eq__")(0));
}

py::dict attribute_dict(const py::object& owner, const AttributeTable& table) {
  py::dict d;
  for (const auto& column : table.columns) d[py::str(column.name)] = attribute_values(owner, column);
  return d;
}

}  // namespace pathscope::python
