#include "io/attribute_values.hpp"

#include <algorithm>

namespace pathscope::io {

namespace {

std::string shown_as_text(const TypedValue& value) {
  if (value.type == AttributeType::Text) return value.text;
  AttributeColumn one;
  one.type = value.type;
  one.resize(1);
  if (value.type == AttributeType::Real) one.set_real(0, value.real);
  else one.set_integer(0, value.integer);
  return one.to_text(0);
}

}  // namespace

void set_widened(AttributeTable& table, std::string_view name, std::size_t i, const TypedValue& value) {
  AttributeColumn* existing = table.find(name);
  const AttributeType stored = existing ? existing->widen_for(value.type) : value.type;
  AttributeColumn& column = existing ? *existing : table.column(name, value.type, 0);
  // Doubling: readers set values node by node, and growing by one would copy the column each time.
  if (column.size() <= i) column.resize(std::max(i + 1, column.size() * 2));
  switch (stored) {
    case AttributeType::Text: column.set_text(i, shown_as_text(value)); return;
    case AttributeType::Integer:
    case AttributeType::Boolean: column.set_integer(i, value.integer); return;
    case AttributeType::Real:
      column.set_real(i, value.type == AttributeType::Real ? value.real : static_cast<double>(value.integer));
      return;
  }
}

}  // namespace pathscope::io
