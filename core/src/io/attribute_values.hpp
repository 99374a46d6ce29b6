#pragma once
// How every reader that types its attribute values stores them (GraphML, GEXF and GML through
// GraphAssembly, node-link JSON): one place, so that the same values give the same column
// whatever the format. The widening itself is AttributeColumn::widen_for.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/graph/attributes.hpp"

namespace pathscope::io {

// One value as the file typed it, before it meets its column: Integer and Boolean in `integer`
// (Boolean 0 or 1), Real in `real`, Text in `text`.
struct TypedValue {
  AttributeType type = AttributeType::Text;
  std::int64_t integer = 0;
  double real = 0;
  std::string text;
};

// Element i of the column called `name` set to `value`: the column is made on first use
// (elements missing), grown as needed and widened by widen_for; a number or truth stored in a
// text column reads as AttributeColumn::to_text shows it, however the file wrote it.
void set_widened(AttributeTable& table, std::string_view name, std::size_t i, const TypedValue& value);

}  // namespace pathscope::io

namespace pathscope::io {

// A table column's values held as text until the whole column is seen, then typed by what they
// all are: integers, else numbers, else truths (true/false, True/False), else text; an empty
// cell is a missing value. Node tables, neuron tables and edge tables type their extra columns
// by this one rule.
struct TextColumn {
  std::string name;
  std::vector<std::string> values;
  std::vector<std::uint8_t> present;

  // Element i (grown as needed); an empty value is left missing.
  void set(std::size_t i, std::string_view value);
  // The typed column of `count` elements; the text is moved out.
  AttributeColumn typed(std::size_t count);
};

// The values `typed` has into the column of its name: made when absent; one the table has
// already takes them where `typed` has a value (another type is an Error, as
// AttributeTable::column says).
void merge_column(AttributeTable& table, AttributeColumn typed);

}  // namespace pathscope::io
