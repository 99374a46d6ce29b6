#pragma once
// Python's json.dump writes NaN, Infinity and -Infinity (allow_nan=True, its default), which
// JSON itself lacks and strict parsers refuse. This stream buffer sits between a file and the
// JSON parser and rewrites each of those words, where it stands as a value outside any string,
// as a JSON string the parser passes through and the reader turns back into the number
// (non_finite_of_marker). Everything else, newlines included, passes unchanged, so line
// numbers stay those of the file.
#include <optional>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

namespace pathscope::io {

class JsonNonFiniteBuf : public std::streambuf {
 public:
  explicit JsonNonFiniteBuf(std::streambuf& source) : source_(source) {}

 protected:
  int_type underflow() override;

 private:
  std::streambuf& source_;
  std::vector<char> in_;     // read from the source, not yet rewritten
  std::size_t in_begin_ = 0;
  bool source_done_ = false;
  std::string out_;          // the rewritten text handed to the parser
  bool in_string_ = false, escaped_ = false;
};

// The number a string produced by JsonNonFiniteBuf stands for, or nothing for any other string.
std::optional<double> non_finite_of_marker(std::string_view text);

}  // namespace pathscope::io
