#include "io/json_non_finite_buf.hpp"

#include <limits>

namespace pathscope::io {

namespace {

constexpr std::size_t kBlockBytes = std::size_t{1} << 16;

// The words as Python writes them, and the strings they become: a NUL first, which no text
// value of a graph file starts with.
struct NonFinite {
  std::string_view word, marker;
  double value;
};
constexpr NonFinite kNonFinite[] = {
    {"NaN", "\"\\u0000NaN\"", std::numeric_limits<double>::quiet_NaN()},
    {"Infinity", "\"\\u0000Infinity\"", std::numeric_limits<double>::infinity()},
    {"-Infinity", "\"\\u0000-Infinity\"", -std::numeric_limits<double>::infinity()},
};
constexpr std::size_t kLongestWord = 9;

}  // namespace

JsonNonFiniteBuf::int_type JsonNonFiniteBuf::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  out_.clear();
  for (;;) {
    // A word cut by the end of a block is completed before it is looked at: the bytes left
    // are kept and more read behind them.
    if (!source_done_ && in_.size() - in_begin_ < kLongestWord) {
      in_.erase(in_.begin(), in_.begin() + static_cast<std::ptrdiff_t>(in_begin_));
      in_begin_ = 0;
      const std::size_t kept = in_.size();
      in_.resize(kept + kBlockBytes);
      const auto got = source_.sgetn(in_.data() + kept, static_cast<std::streamsize>(kBlockBytes));
      in_.resize(kept + static_cast<std::size_t>(got > 0 ? got : 0));
      source_done_ = got <= 0;
    }
    const std::size_t end = in_.size();
    std::size_t i = in_begin_;
    for (; i < end && (source_done_ || end - i >= kLongestWord); ++i) {
      const char c = in_[i];
      if (in_string_) {
        if (escaped_) escaped_ = false;
        else if (c == '\\') escaped_ = true;
        else if (c == '"') in_string_ = false;
        out_ += c;
        continue;
      }
      if (c == '"') in_string_ = true;
      const NonFinite* found = nullptr;
      if (c == 'N' || c == 'I' || c == '-') {
        const std::string_view rest(in_.data() + i, end - i);
        for (const NonFinite& n : kNonFinite) {
          if (rest.starts_with(n.word)) found = &n;
        }
      }
      if (found) {
        out_ += found->marker;
        i += found->word.size() - 1;
      } else {
        out_ += c;
      }
    }
    in_begin_ = i;
    if (!out_.empty() || (source_done_ && in_begin_ == end)) break;
  }
  if (out_.empty()) return traits_type::eof();
  setg(out_.data(), out_.data(), out_.data() + out_.size());
  return traits_type::to_int_type(*gptr());
}

std::optional<double> non_finite_of_marker(std::string_view text) {
  if (text.empty() || text.front() != '\0') return std::nullopt;
  text.remove_prefix(1);
  for (const NonFinite& n : kNonFinite) {
    if (text == n.word) return n.value;
  }
  return std::nullopt;
}

}  // namespace pathscope::io
