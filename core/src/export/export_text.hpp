#pragma once
// Text the graph writers share: values as text, XML and CSV escaping, and an output buffer
// handed to the AtomicFile in large pieces.
#include <string>
#include <string_view>

#include "pathscope/runtime/atomic_file.hpp"

namespace pathscope::exporting {

// Shortest text that reads back as the same double ("12933", "0.1", "1e+300"; "inf", "nan").
std::string real_text(double value);
// Shortest text that reads back as the same float (positions are stored as floats).
std::string real_text(float value);

// Appends `text` with every byte sequence that is not valid UTF-8 replaced by U+FFFD; names come
// from people's files and a stray Latin-1 byte must not make the whole export unreadable.
void append_utf8(std::string& out, std::string_view text);
// The same, escaped for XML text and attribute values (& < > " '); characters XML 1.0 forbids
// (control characters other than tab, newline, carriage return) also become U+FFFD.
void append_xml(std::string& out, std::string_view text);
// The same as printable ASCII: & and " as "&amp;" and "&quot;", every other character as a
// numeric character reference "&#233;": GML strings, which networkx reads only as ASCII.
void append_ascii_entities(std::string& out, std::string_view text);
// One CSV field (RFC 4180): quoted when it holds a comma, quote, line break or edge spaces.
void append_csv(std::string& out, std::string_view text);

// Collects output and writes it to the file in pieces of about 64 KiB.
class OutputBuffer {
 public:
  explicit OutputBuffer(AtomicFile& file) : file_(file) {}
  std::string& text() { return text_; }
  OutputBuffer& operator<<(std::string_view part) {
    text_.append(part);
    return *this;
  }
  void flush_if_big() {
    if (text_.size() >= (1u << 16)) flush();
  }
  void flush() {
    file_.write(text_);
    text_.clear();
  }

 private:
  AtomicFile& file_;
  std::string text_;
};

}  // namespace pathscope::exporting
