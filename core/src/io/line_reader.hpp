#pragma once
// Buffered line-by-line reading with line numbers, so every reader can stream its input and
// name the exact line of a problem without ever holding the whole file.
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace pathscope::io {

class LineReader {
 public:
  // A line longer than this is not a text graph format; refusing it bounds the memory a
  // corrupt or binary file can make us use.
  static constexpr std::size_t kMaxLineBytes = 256u << 20;

  LineReader(std::istream& in, std::string source);

  // Advances to the next line (without its "\n" or "\r\n"); false at the end of the input.
  bool next();
  std::string_view line() const { return line_; }
  std::int64_t line_number() const { return line_number_; }
  const std::string& source() const { return source_; }
  // Bytes from where the reader started to the end of the input (decompressed); -1 when the
  // stream cannot tell (a pipe or compressed file longer than its content sample). Lets a reader weigh a header's counts against what the file can hold.
  std::int64_t input_bytes() const { return input_bytes_; }

  [[noreturn]] void fail(const std::string& message) const;
  [[noreturn]] void fail_at(std::int64_t line, const std::string& message) const;

 private:
  bool refill();
  bool read_line();

  std::istream& in_;
  std::string source_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0, end_ = 0;
  bool eof_ = false;
  std::string line_;
  std::int64_t line_number_ = 0;
  std::int64_t input_bytes_ = -1;
};

}  // namespace pathscope::io
