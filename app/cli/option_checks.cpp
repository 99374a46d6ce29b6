#include "option_checks.hpp"

#include <fmt/core.h>

#include <cmath>
#include <cstdlib>
#include <optional>

namespace pathscope::cli {
namespace {

// strtod, not from_chars: it reads what people type ("1e3", "inf", "nan", "0x10").
std::optional<double> read_number(const std::string& text) {
  if (text.empty()) return std::nullopt;
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size()) return std::nullopt;
  return value;
}

std::string range_text(double low, double high, bool open_low, const std::string& meaning) {
  return fmt::format(fmt::runtime(open_low ? "must be a number above {:g}, at most {:g}{}" : "must be a number from {:g} to {:g}{}"),
                     low, high, meaning.empty() ? "" : " (" + meaning + ")");
}

CLI::Validator range_check(double low, double high, bool open_low, bool whole, const std::string& meaning) {
  const std::string rule = whole ? fmt::format("must be a whole number from {:g} to {:g}{}", low, high,
                                               meaning.empty() ? "" : " (" + meaning + ")")
                                 : range_text(low, high, open_low, meaning);
  return CLI::Validator(
      [=](std::string& text) -> std::string {
        const auto value = read_number(text);
        const bool ok = value && !std::isnan(*value) && (open_low ? *value > low : *value >= low) && *value <= high &&
                        (!whole || *value == std::floor(*value));
        return ok ? std::string() : rule + "; got '" + text + "'";
      },
      "", "");
}

}  // namespace

CLI::Validator number_in(double low, double high, const std::string& meaning) {
  return range_check(low, high, false, false, meaning);
}

CLI::Validator number_above(double low, double high, const std::string& meaning) {
  return range_check(low, high, true, false, meaning);
}

CLI::Validator whole_number_in(double low, double high, const std::string& meaning) {
  return range_check(low, high, false, true, meaning);
}

CLI::Validator not_nan() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const auto value = read_number(text);
        return value && !std::isnan(*value) ? std::string() : "must be a number; got '" + text + "'";
      },
      "", "");
}

}  // namespace pathscope::cli
