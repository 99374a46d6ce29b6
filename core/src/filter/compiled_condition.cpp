#include "filter/compiled_condition.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

#include "pathscope/runtime/error.hpp"

namespace pathscope::filter {

namespace {

bool is_order(FilterOperator op) {
  return op == FilterOperator::Less || op == FilterOperator::LessEqual || op == FilterOperator::Greater ||
         op == FilterOperator::GreaterEqual;
}

// A leading '+' is read too: "+5" is how some people write a count.
std::string_view without_plus(std::string_view text) {
  return text.size() > 1 && text.front() == '+' ? text.substr(1) : text;
}

std::optional<std::int64_t> whole_number(std::string_view text) {
  text = without_plus(text);
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<double> real_number(std::string_view text) {
  text = without_plus(text);
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// A plain decimal with a fraction ("7.5", "-0.25", "10.0"): its floor, and whether the fraction
// is other than zero. nullopt for anything else (an exponent, a floor past 64 bits).
struct Decimal {
  std::int64_t floor;
  bool fraction;
};
std::optional<Decimal> plain_decimal(std::string_view text) {
  text = without_plus(text);
  const bool negative = !text.empty() && text.front() == '-';
  if (negative) text.remove_prefix(1);
  const auto dot = text.find('.');
  if (dot == std::string_view::npos || text.find_first_not_of("0123456789.") != std::string_view::npos ||
      text.find('.', dot + 1) != std::string_view::npos || text.size() == 1)
    return std::nullopt;
  const std::string_view whole = text.substr(0, dot), fraction = text.substr(dot + 1);
  std::int64_t magnitude = 0;
  if (!whole.empty()) {
    const auto [end, error] = std::from_chars(whole.data(), whole.data() + whole.size(), magnitude);
    if (error != std::errc() || end != whole.data() + whole.size()) return std::nullopt;
  }
  const bool has_fraction = fraction.find_first_not_of('0') != std::string_view::npos;
  if (!negative) return Decimal{magnitude, has_fraction};
  if (magnitude == std::numeric_limits<std::int64_t>::max() && has_fraction) return std::nullopt;
  return Decimal{-magnitude - (has_fraction ? 1 : 0), has_fraction};
}

std::optional<bool> truth(std::string_view text) {
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (lower == "true" || lower == "1") return true;
  if (lower == "false" || lower == "0") return false;
  return std::nullopt;
}

std::string real_text(double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

}  // namespace

CompiledCondition::CompiledCondition(const AttributeCondition& condition, AttributeType type)
    : op_(condition.op), type_(type) {
  const std::string column = "'" + condition.attribute + "' (" + std::string(attribute_type_name(type)) + ")";
  const std::string shown = "filter condition '" + condition_text(condition) + "': ";
  if (op_ == FilterOperator::Matches) {
    pattern_.emplace(condition.values.front(), std::regex::ECMAScript | std::regex::optimize);
    return;
  }
  if (is_order(op_) && (type == AttributeType::Text || type == AttributeType::Boolean))
    throw UsageError(shown + "the attribute " + column + " has no order: compare it with ==, !=, in, not in or ~");
  for (const std::string& value : condition.values) {
    switch (type) {
      case AttributeType::Text: texts_.push_back(value); break;
      case AttributeType::Boolean: {
        const auto t = truth(value);
        if (!t) throw UsageError(shown + "the attribute " + column + " holds true or false (or 1, 0), not '" + value + "'");
        numbers_.push_back({Number::Kind::Whole, *t ? 1 : 0, *t ? 1.0 : 0.0});
        break;
      }
      case AttributeType::Integer:
      case AttributeType::Real: {
        const auto real = real_number(value);
        if (const auto whole = whole_number(value)) {
          numbers_.push_back({Number::Kind::Whole, *whole, static_cast<double>(*whole)});
        } else if (const auto decimal = plain_decimal(value); decimal && real) {
          numbers_.push_back({decimal->fraction ? Number::Kind::Between : Number::Kind::Whole, decimal->floor, *real});
        } else if (real) {
          numbers_.push_back({Number::Kind::Real, 0, *real});
        } else {
          throw UsageError(shown + "the attribute " + column + " holds numbers, and '" + value + "' is not one");
        }
        break;
      }
    }
  }
}

std::optional<int> CompiledCondition::compare(std::int64_t value, const Number& number) {
  switch (number.kind) {
    case Number::Kind::Whole: return value < number.integer ? -1 : value > number.integer ? 1 : 0;
    case Number::Kind::Between: return value <= number.integer ? -1 : 1;
    case Number::Kind::Real: break;
  }
  if (std::isnan(number.real)) return std::nullopt;
  // long double holds every int64 and every double exactly on the platforms we build for (x86-64's
  // 64-bit mantissa), so a 64-bit id is never rounded before it is compared.
  const long double a = static_cast<long double>(value), b = static_cast<long double>(number.real);
  return a < b ? -1 : a > b ? 1 : 0;
}

std::optional<int> CompiledCondition::compare(double value, const Number& number) {
  if (std::isnan(value)) return std::nullopt;
  if (number.kind != Number::Kind::Whole) {
    if (std::isnan(number.real)) return std::nullopt;
    return value < number.real ? -1 : value > number.real ? 1 : 0;
  }
  const long double a = static_cast<long double>(value), b = static_cast<long double>(number.integer);
  return a < b ? -1 : a > b ? 1 : 0;
}

bool CompiledCondition::ordered_holds(std::optional<int> order) const {
  switch (op_) {
    case FilterOperator::Equal:
    case FilterOperator::In: return order == 0;
    case FilterOperator::NotEqual:
    case FilterOperator::NotIn: return order != 0;
    case FilterOperator::Less: return order && *order < 0;
    case FilterOperator::LessEqual: return order && *order <= 0;
    case FilterOperator::Greater: return order && *order > 0;
    case FilterOperator::GreaterEqual: return order && *order >= 0;
    case FilterOperator::Matches: return false;
  }
  return false;
}

bool CompiledCondition::matches_text(std::string_view text) const {
  return std::regex_match(text.begin(), text.end(), *pattern_);
}

bool CompiledCondition::on_missing() const { return op_ == FilterOperator::NotEqual || op_ == FilterOperator::NotIn; }

bool CompiledCondition::on_integer(std::int64_t value) const {
  if (pattern_) return matches_text(type_ == AttributeType::Boolean ? (value ? "true" : "false") : std::to_string(value));
  // In and NotIn hold when any member is equal / no member is.
  const bool wants_equal_member = op_ == FilterOperator::In || op_ == FilterOperator::Equal;
  if (op_ == FilterOperator::In || op_ == FilterOperator::NotIn || op_ == FilterOperator::Equal || op_ == FilterOperator::NotEqual) {
    const bool any_equal = std::any_of(numbers_.begin(), numbers_.end(), [&](const Number& n) { return compare(value, n) == 0; });
    return any_equal == wants_equal_member;
  }
  return ordered_holds(compare(value, numbers_.front()));
}

bool CompiledCondition::on_real(double value) const {
  if (pattern_) return matches_text(real_text(value));
  const bool wants_equal_member = op_ == FilterOperator::In || op_ == FilterOperator::Equal;
  if (op_ == FilterOperator::In || op_ == FilterOperator::NotIn || op_ == FilterOperator::Equal || op_ == FilterOperator::NotEqual) {
    const bool any_equal = std::any_of(numbers_.begin(), numbers_.end(), [&](const Number& n) { return compare(value, n) == 0; });
    return any_equal == wants_equal_member;
  }
  return ordered_holds(compare(value, numbers_.front()));
}

bool CompiledCondition::on_text(std::string_view value) const {
  if (pattern_) return matches_text(value);
  const bool any_equal = std::find(texts_.begin(), texts_.end(), value) != texts_.end();
  return any_equal == (op_ == FilterOperator::In || op_ == FilterOperator::Equal);
}

bool CompiledCondition::on_element(const AttributeColumn& column, std::size_t i) const {
  if (i >= column.size() || !column.has(i)) return on_missing();
  switch (column.type) {
    case AttributeType::Text: return on_text(column.text[i]);
    case AttributeType::Integer:
    case AttributeType::Boolean: return on_integer(column.integers[i]);
    case AttributeType::Real: return on_real(column.reals[i]);
  }
  return on_missing();
}

}  // namespace pathscope::filter
