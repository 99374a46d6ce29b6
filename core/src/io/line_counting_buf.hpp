#pragma once
// A stream buffer over another that knows the line its reader has reached. Newlines are
// counted lazily, a block at a time (std::count when the line is asked for or the block is
// replaced), so a parser that takes one character at a time pays nothing per character for
// it, and can still name the line of any element or of the place a parse error stopped.
#include <algorithm>
#include <array>
#include <cstdint>
#include <streambuf>

namespace pathscope::io {

class LineCountingBuf : public std::streambuf {
 public:
  explicit LineCountingBuf(std::streambuf* source) : source_(source) {}

  // The 1-based line of the next character to be read.
  std::int64_t line() {
    count_to(gptr());
    return line_;
  }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    count_to(egptr());
    const std::streamsize got = source_->sgetn(block_.data(), static_cast<std::streamsize>(block_.size()));
    if (got <= 0) return traits_type::eof();
    setg(block_.data(), block_.data(), block_.data() + got);
    counted_ = block_.data();
    return traits_type::to_int_type(*gptr());
  }

 private:
  void count_to(const char* end) {
    if (counted_ == nullptr || end <= counted_) return;
    line_ += std::count(counted_, end, '\n');
    counted_ = end;
  }

  std::streambuf* source_;
  std::array<char, std::size_t{1} << 16> block_{};
  const char* counted_ = nullptr;  // newlines before this point of block_ are in line_
  std::int64_t line_ = 1;
};

}  // namespace pathscope::io
