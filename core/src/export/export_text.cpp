#include "export/export_text.hpp"

#include <charconv>
#include <cstdint>

namespace pathscope::exporting {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Length of the valid UTF-8 sequence at text[i] and its code point, or 0 when invalid
// (overlong forms, surrogates and values above U+10FFFF are invalid).
std::size_t utf8_sequence(std::string_view text, std::size_t i, std::uint32_t* code) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) {
    *code = lead;
    return 1;
  }
  std::size_t length = 0;
  std::uint32_t value = 0, minimum = 0;
  if ((lead & 0xE0) == 0xC0) length = 2, value = lead & 0x1F, minimum = 0x80;
  else if ((lead & 0xF0) == 0xE0) length = 3, value = lead & 0x0F, minimum = 0x800;
  else if ((lead & 0xF8) == 0xF0) length = 4, value = lead & 0x07, minimum = 0x10000;
  else return 0;
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    value = (value << 6) | (byte(i + k) & 0x3F);
  }
  if (value < minimum || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 0;
  *code = value;
  return length;
}

template <typename Emit>
void for_each_character(std::string_view text, Emit emit) {
  for (std::size_t i = 0; i < text.size();) {
    std::uint32_t code = 0;
    const std::size_t length = utf8_sequence(text, i, &code);
    if (length == 0) {
      emit(0xFFFD, kReplacement);
      ++i;
    } else {
      emit(code, text.substr(i, length));
      i += length;
    }
  }
}

}  // namespace

std::string real_text(double value) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

std::string real_text(float value) {
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

void append_utf8(std::string& out, std::string_view text) {
  for_each_character(text, [&](std::uint32_t, std::string_view bytes) { out.append(bytes); });
}

void append_xml(std::string& out, std::string_view text) {
  for_each_character(text, [&](std::uint32_t code, std::string_view bytes) {
    switch (code) {
      case '&': out += "&amp;"; return;
      case '<': out += "&lt;"; return;
      case '>': out += "&gt;"; return;
      case '"': out += "&quot;"; return;
      case '\'': out += "&apos;"; return;
      case '\t': out += "&#9;"; return;    // kept as characters inside attribute values, which
      case '\n': out += "&#10;"; return;   // an XML parser would otherwise normalise to spaces
      case '\r': out += "&#13;"; return;
      default: break;
    }
    if (code < 0x20 || code == 0xFFFE || code == 0xFFFF) out += kReplacement;
    else out.append(bytes);
  });
}

void append_ascii_entities(std::string& out, std::string_view text) {
  for_each_character(text, [&](std::uint32_t code, std::string_view bytes) {
    // Named where igraph 0.10 decodes them too; numeric references for the rest.
    if (code == '&') out += "&amp;";
    else if (code == '"') out += "&quot;";
    else if (code >= 0x20 && code < 0x7F) out.append(bytes);
    else out += "&#" + std::to_string(code) + ";";
  });
}

void append_csv(std::string& out, std::string_view text) {
  const bool quote = text.find_first_of(",\"\r\n") != std::string_view::npos ||
                     (!text.empty() && (text.front() == ' ' || text.back() == ' '));
  if (!quote) {
    append_utf8(out, text);
    return;
  }
  out += '"';
  for_each_character(text, [&](std::uint32_t code, std::string_view bytes) {
    if (code == '"') out += '"';
    out.append(bytes);
  });
  out += '"';
}

}  // namespace pathscope::exporting
