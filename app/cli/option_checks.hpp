#pragma once
// Limits of the numeric flags, attached with ->check(): a value out of range (NaN and the
// infinities included) is refused while the command line is parsed, with a message naming the
// flag, before any file is read or any memory is set aside.
#include <CLI/CLI.hpp>
#include <string>

namespace pathscope::cli {

// A number in [low, high]; `meaning` says what the flag counts ("seconds"), for the message.
CLI::Validator number_in(double low, double high, const std::string& meaning = "");
// A number in (low, high]: for limits where the low end means nothing (a 0-second limit).
CLI::Validator number_above(double low, double high, const std::string& meaning = "");
// A whole number in [low, high].
CLI::Validator whole_number_in(double low, double high, const std::string& meaning = "");
// Any number but NaN: for thresholds where the infinities keep their plain meaning.
CLI::Validator not_nan();

}  // namespace pathscope::cli
