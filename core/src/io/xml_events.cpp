#include "io/xml_events.hpp"

#include <expat.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "io/text_fields.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

constexpr int kChunkBytes = 1 << 16;

XML_Parser as_parser(void* p) { return static_cast<XML_Parser>(p); }

}  // namespace

std::string_view xml_local_name(std::string_view name) {
  const auto colon = name.rfind(':');
  return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

std::string_view xml_root_name(std::string_view text) {
  std::size_t at = 0;
  for (;;) {
    at = text.find('<', at);
    if (at == std::string_view::npos || at + 1 >= text.size()) return {};
    const char next = text[at + 1];
    if (next == '?') {
      at = text.find("?>", at);
    } else if (text.substr(at, 4) == "<!--") {
      at = text.find("-->", at);
    } else if (next == '!') {
      at = text.find('>', at);
    } else {
      std::size_t end = at + 1;
      while (end < text.size() && text[end] != '>' && text[end] != '/' && text[end] != ' ' && text[end] != '\t' &&
             text[end] != '\r' && text[end] != '\n')
        ++end;
      return xml_local_name(text.substr(at + 1, end - at - 1));
    }
    if (at == std::string_view::npos) return {};
    ++at;
  }
}

XmlEvents::XmlEvents(std::istream& in, std::string source, std::int64_t max_value_bytes)
    : in_(in), source_(std::move(source)), parser_(XML_ParserCreate(nullptr)),
      max_value_bytes_(static_cast<std::size_t>(std::max<std::int64_t>(max_value_bytes, 1))) {
  if (!parser_) throw Error("cannot start the XML parser for " + source_);
  XML_SetUserData(as_parser(parser_), this);
  XML_SetElementHandler(as_parser(parser_), &XmlEvents::start_handler, &XmlEvents::end_handler);
  XML_SetCharacterDataHandler(as_parser(parser_), &XmlEvents::text_handler);
  // No external entities or DTDs are ever fetched (expat's default); internal entity expansion
  // is bounded by expat's billion-laughs protection.
}

XmlEvents::~XmlEvents() { XML_ParserFree(as_parser(parser_)); }

std::int64_t XmlEvents::line() const { return static_cast<std::int64_t>(XML_GetCurrentLineNumber(as_parser(parser_))); }

void XmlEvents::fail(const std::string& message) const { throw ParseError(source_, line(), message); }

void XmlEvents::fail_value_too_long(const char* what) const {
  throw ParseError(source_, line(),
                   std::string(what) + " is longer than the limit of " + std::to_string(max_value_bytes_) +
                       " bytes for one value (--max-value-mib raises it)");
}

const char* XmlEvents::attribute(const char** attributes, std::string_view name) {
  for (const char** a = attributes; a && *a; a += 2) {
    if (xml_local_name(a[0]) == name) return a[1];
  }
  return nullptr;
}

void XmlEvents::collect_text() {
  collect_depth_ = depth_;
  text_.clear();
}

void XmlEvents::stop(std::exception_ptr error) {
  if (!error_) error_ = error;
  XML_StopParser(as_parser(parser_), XML_FALSE);
}

void XmlEvents::note_event() {
  XML_Parser parser = as_parser(parser_);
  const XML_Index start = XML_GetCurrentByteIndex(parser);
  if (start < 0) {
    bytes_since_event_ = 0;
    return;
  }
  const auto end = static_cast<std::uint64_t>(start) + static_cast<std::uint64_t>(XML_GetCurrentByteCount(parser));
  bytes_since_event_ = bytes_fed_ > end ? static_cast<std::size_t>(bytes_fed_ - end) : 0;
}

// Exceptions never unwind through expat's C frames: they are kept, the parser is stopped, and
// parse() throws them once expat has returned.
void XmlEvents::start_handler(void* self, const char* name, const char** attributes) {
  auto* me = static_cast<XmlEvents*>(self);
  me->note_event();
  if (me->error_) return;
  ++me->depth_;
  try {
    std::size_t value_bytes = 0;
    for (const char** a = attributes; a && *a; a += 2) value_bytes += std::strlen(a[1]);
    if (value_bytes > me->max_value_bytes_) me->fail_value_too_long("the attribute values of one tag");
    me->on_start(xml_local_name(name), attributes);
  } catch (...) {
    me->stop(std::current_exception());
  }
}

void XmlEvents::end_handler(void* self, const char* name) {
  auto* me = static_cast<XmlEvents*>(self);
  me->note_event();
  if (me->error_) return;
  const bool collected = me->collect_depth_ == me->depth_;
  try {
    me->on_end(xml_local_name(name), collected ? std::string_view(me->text_) : std::string_view());
  } catch (...) {
    me->stop(std::current_exception());
  }
  if (collected) {
    me->collect_depth_ = -1;
    me->text_.clear();
  }
  --me->depth_;
}

void XmlEvents::text_handler(void* self, const char* text, int length) {
  auto* me = static_cast<XmlEvents*>(self);
  me->note_event();
  if (me->error_ || me->collect_depth_ < 0) return;
  if (me->text_.size() + static_cast<std::size_t>(length) > me->max_value_bytes_) {
    try {
      me->fail_value_too_long("an element's text");
    } catch (...) {
      me->stop(std::current_exception());
    }
    return;
  }
  me->text_.append(text, static_cast<std::size_t>(length));
}

void XmlEvents::parse() {
  XML_Parser parser = as_parser(parser_);
  for (bool last = false; !last;) {
    // expat (before 2.6) scans a token that is not complete again from its start each time
    // input arrives, so a value of L bytes fed in fixed pieces costs L^2 / piece. Pieces as
    // large as the pending part keep that linear: each scan at least doubles what is read.
    // Input since the last event (counted up to that event) is one token still incomplete.
    if (bytes_since_event_ > max_value_bytes_) fail_value_too_long("one XML tag with its attribute values (or a comment)");
    const int piece = static_cast<int>(std::clamp<std::size_t>(bytes_since_event_, kChunkBytes, std::size_t{1} << 30));
    void* buffer = XML_GetBuffer(parser, piece);
    if (!buffer) throw Error(source_ + ": out of memory while parsing XML");
    in_.read(static_cast<char*>(buffer), piece);
    const auto got = in_.gcount();
    if (in_.bad()) throw ParseError(source_, line(), "read error");
    last = got < piece;
    bytes_since_event_ += static_cast<std::size_t>(got);
    bytes_fed_ += static_cast<std::uint64_t>(got);
    const XML_Status status = XML_ParseBuffer(parser, static_cast<int>(got), last ? XML_TRUE : XML_FALSE);
    if (error_) std::rethrow_exception(error_);
    if (status != XML_STATUS_OK && bytes_since_event_ > max_value_bytes_) {
      fail_value_too_long("one XML tag with its attribute values (or a comment), not closed,");
    }
    if (status != XML_STATUS_OK) {
      fail(std::string("not well-formed XML: ") + XML_ErrorString(XML_GetErrorCode(parser)) + " (column " +
           std::to_string(XML_GetCurrentColumnNumber(parser) + 1) + ")");
    }
  }
}

}  // namespace pathscope::io
