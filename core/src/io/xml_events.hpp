#pragma once
// XML read as a stream of events through expat, for GraphML and GEXF: the document is never
// held whole, so memory follows the graph, not the file. Element names come without their
// namespace prefix ("y:ShapeNode" -> "ShapeNode"); errors are ParseErrors at expat's line.
#include <cstdint>
#include <exception>
#include <istream>
#include <string>
#include <string_view>

namespace pathscope::io {

class XmlEvents {
 public:
  // max_value_bytes (LoadOptions): an element's collected text, and one tag with its attribute
  // values (or a comment), are refused beyond it.
  XmlEvents(std::istream& in, std::string source, std::int64_t max_value_bytes);
  virtual ~XmlEvents();
  XmlEvents(const XmlEvents&) = delete;
  XmlEvents& operator=(const XmlEvents&) = delete;

  // Parses the whole input, calling the handlers below.
  void parse();

 protected:
  // attributes: expat's null-terminated name, value, name, value, ... array.
  virtual void on_start(std::string_view name, const char** attributes) = 0;
  // text: the element's character data when collect_text() was called at its start, else empty.
  virtual void on_end(std::string_view name, std::string_view text) = 0;

  // From on_start: gather this element's character data (nested elements' included) for on_end.
  void collect_text();
  std::int64_t line() const;
  const std::string& source() const { return source_; }
  [[noreturn]] void fail(const std::string& message) const;
  // The value of attribute `name` (prefix ignored), or null.
  static const char* attribute(const char** attributes, std::string_view name);

 private:
  static void start_handler(void* self, const char* name, const char** attributes);
  static void end_handler(void* self, const char* name);
  static void text_handler(void* self, const char* text, int length);
  void stop(std::exception_ptr error);
  [[noreturn]] void fail_value_too_long(const char* what) const;

  std::istream& in_;
  std::string source_;
  void* parser_;  // XML_Parser
  std::exception_ptr error_;
  std::string text_;
  std::size_t max_value_bytes_;
  // Input handed to expat after the end of the last event it reported: the part of a token not
  // yet complete. Counted from the event's end, not from when its handler ran: a piece read
  // whole may hold an event and then most of a long token.
  std::size_t bytes_since_event_ = 0;
  std::uint64_t bytes_fed_ = 0;
  void note_event();
  int depth_ = 0;
  int collect_depth_ = -1;  // the depth whose element collects text, or -1
};

// The name without its namespace prefix.
std::string_view xml_local_name(std::string_view name);
// The root element's local name of XML text (after the declaration, comments, doctype), or "".
std::string_view xml_root_name(std::string_view text);

}  // namespace pathscope::io
