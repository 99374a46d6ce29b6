#pragma once
// One condition made ready for one attribute's type: its values read as numbers, truths or text
// once, its regular expression compiled once, then asked of every node's or arc's value.
#include <cstdint>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "pathscope/filter/graph_filter.hpp"
#include "pathscope/graph/attributes.hpp"

namespace pathscope::filter {

class CompiledCondition {
 public:
  // Throws UsageError when the condition cannot apply to a column of `type` (an order on text
  // or truths, a value that is not a number on a numeric column), naming the column.
  CompiledCondition(const AttributeCondition& condition, AttributeType type);

  // What each kind of value answers; a missing value passes only != and not in.
  bool on_missing() const;
  bool on_integer(std::int64_t value) const;
  bool on_real(double value) const;
  bool on_text(std::string_view value) const;
  // Element i of `column` (a column of the type given to the constructor).
  bool on_element(const AttributeColumn& column, std::size_t i) const;

 private:
  // A value as a number: whole (exactly `integer`), strictly between `integer` and `integer` + 1
  // (a decimal such as 7.5, so that a 64-bit id meets it unrounded), or any other real.
  struct Number {
    enum class Kind { Whole, Between, Real } kind = Kind::Real;
    std::int64_t integer = 0;
    double real = 0;
  };
  // -1, 0 or 1 as value is below, equal to or above the number; nullopt when unordered (NaN).
  static std::optional<int> compare(std::int64_t value, const Number& number);
  static std::optional<int> compare(double value, const Number& number);
  bool ordered_holds(std::optional<int> order) const;
  bool matches_text(std::string_view text) const;

  FilterOperator op_;
  AttributeType type_;
  std::vector<Number> numbers_;
  std::vector<std::string> texts_;
  std::optional<std::regex> pattern_;
};

}  // namespace pathscope::filter
