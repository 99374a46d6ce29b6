#include "io/line_reader.hpp"

#include <algorithm>
#include <cstring>

#include "io/input_file.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

LineReader::LineReader(std::istream& in, std::string source)
    : in_(in), source_(std::move(source)), buffer_(1 << 16) {
  const auto start = in_.tellg();
  if (start != std::istream::pos_type(-1) && in_.seekg(0, std::ios::end)) {
    const auto end = in_.tellg();
    if (end != std::istream::pos_type(-1)) input_bytes_ = static_cast<std::int64_t>(end - start);
  }
  in_.clear();
  if (start != std::istream::pos_type(-1)) in_.seekg(start);
  // Compressed files and pipes cannot seek; their size is known when it was all sampled.
  if (input_bytes_ < 0) input_bytes_ = known_content_bytes(in_);
}

bool LineReader::refill() {
  if (eof_) return false;
  in_.read(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  end_ = static_cast<std::size_t>(in_.gcount());
  begin_ = 0;
  if (in_.bad()) throw ParseError(source_, line_number_ + 1, "read error");
  if (end_ == 0) eof_ = true;
  return end_ > 0;
}

bool LineReader::next() {
  const bool ok = read_line();
  // Spreadsheet exports often start with a UTF-8 byte-order mark; it is not part of the data.
  if (ok && line_number_ == 1 && line_.starts_with("\xEF\xBB\xBF")) line_.erase(0, 3);
  return ok;
}

bool LineReader::read_line() {
  line_.clear();
  bool got_any = false;
  for (;;) {
    if (begin_ == end_ && !refill()) break;
    got_any = true;
    const char* start = buffer_.data() + begin_;
    const char* stop = buffer_.data() + end_;
    const char* newline = static_cast<const char*>(std::memchr(start, '\n', stop - start));
    const char* piece_end = newline ? newline : stop;
    if (line_.size() + static_cast<std::size_t>(piece_end - start) > kMaxLineBytes) {
      throw ParseError(source_, line_number_ + 1,
                       "line longer than " + std::to_string(kMaxLineBytes >> 20) + " MiB");
    }
    line_.append(start, piece_end);
    begin_ = static_cast<std::size_t>(piece_end - buffer_.data());
    if (newline) {
      ++begin_;
      ++line_number_;
      if (!line_.empty() && line_.back() == '\r') line_.pop_back();
      return true;
    }
  }
  if (!got_any) return false;
  ++line_number_;  // last line without a final newline
  if (!line_.empty() && line_.back() == '\r') line_.pop_back();
  return true;
}

void LineReader::fail(const std::string& message) const {
  throw ParseError(source_, line_number_, message);
}

void LineReader::fail_at(std::int64_t line, const std::string& message) const {
  throw ParseError(source_, line, message);
}

}  // namespace pathscope::io
