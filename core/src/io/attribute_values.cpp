#include "io/attribute_values.hpp"

#include <algorithm>
#include <optional>

#include "io/text_fields.hpp"

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

void TextColumn::set(std::size_t i, std::string_view value) {
  if (values.size() <= i) {
    values.resize(std::max(i + 1, values.size() * 2));
    present.resize(values.size(), 0);
  }
  if (value.empty()) return;
  values[i] = std::string(value);
  present[i] = 1;
}

AttributeColumn TextColumn::typed(std::size_t count) {
  values.resize(count);
  present.resize(count, 0);
  // Truths as the CSV writers of pathscope (true/false) and pandas (True/False) spell them.
  const auto truth = [](const std::string& text) -> std::optional<bool> {
    if (text == "true" || text == "True" || text == "TRUE") return true;
    if (text == "false" || text == "False" || text == "FALSE") return false;
    return std::nullopt;
  };
  bool integers = true, reals = true, truths = true, any = false;
  for (std::size_t i = 0; i < count && (integers || reals || truths); ++i) {
    if (!present[i]) continue;
    any = true;
    if (integers && !to_int64(values[i])) integers = false;
    if (reals && !to_double(values[i])) reals = false;
    if (truths && !truth(values[i])) truths = false;
  }
  AttributeColumn column;
  column.name = name;
  column.type = !any         ? AttributeType::Text
                : integers ? AttributeType::Integer
                : reals    ? AttributeType::Real
                : truths   ? AttributeType::Boolean
                           : AttributeType::Text;
  column.resize(count);
  for (std::size_t i = 0; i < count; ++i) {
    if (!present[i]) continue;
    switch (column.type) {
      case AttributeType::Integer: column.set_integer(i, *to_int64(values[i])); break;
      case AttributeType::Real: column.set_real(i, *to_double(values[i])); break;
      case AttributeType::Boolean: column.set_integer(i, *truth(values[i]) ? 1 : 0); break;
      default: column.set_text(i, std::move(values[i])); break;
    }
  }
  values = {};
  present = {};
  return column;
}

void merge_column(AttributeTable& table, AttributeColumn typed) {
  const std::size_t count = typed.size();
  if (!table.find(typed.name)) {
    table.columns.push_back(std::move(typed));
    return;
  }
  AttributeColumn& target = table.column(typed.name, typed.type, count);
  for (std::size_t i = 0; i < count; ++i) {
    if (!typed.has(i)) continue;
    switch (typed.type) {
      case AttributeType::Integer:
      case AttributeType::Boolean: target.set_integer(i, typed.integers[i]); break;
      case AttributeType::Real: target.set_real(i, typed.reals[i]); break;
      case AttributeType::Text: target.set_text(i, std::move(typed.text[i])); break;
    }
  }
}

}  // namespace pathscope::io

