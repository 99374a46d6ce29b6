#include "text_table.hpp"

#include <algorithm>

#include "exit_codes.hpp"

namespace pathscope::cli {
namespace {

// Characters, not bytes: UTF-8 continuation bytes do not take a column.
std::size_t width(const std::string& text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

void append_padded(std::string& out, const std::string& cell, std::size_t column_width, bool left) {
  const std::string pad(column_width - std::min(column_width, width(cell)), ' ');
  out += left ? cell + pad : pad + cell;
}

void append_separated(std::string& out, const std::string& cell, TableStyle style) {
  if (style == TableStyle::Tsv) {
    // A tab or line break inside a name would shift every later column.
    for (const char c : cell) out += (c == '\t' || c == '\n' || c == '\r') ? ' ' : c;
    return;
  }
  if (cell.find_first_of(",\"\r\n") == std::string::npos) {
    out += cell;
    return;
  }
  out += '"';
  for (const char c : cell) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  out += '"';
}

}  // namespace

TableStyle parse_table_style(const std::string& word) {
  if (word == "table") return TableStyle::Aligned;
  if (word == "tsv") return TableStyle::Tsv;
  if (word == "csv") return TableStyle::Csv;
  throw UsageError("unknown output format '" + word + "' (use table, tsv, csv or json)");
}

TextTable::TextTable(std::vector<std::string> headers) {
  for (auto& h : headers) {
    const bool left = !h.empty() && h[0] == '<';
    left_.push_back(left);
    headers_.push_back(left ? h.substr(1) : h);
  }
}

void TextTable::add_row(std::vector<std::string> cells) {
  cells.resize(headers_.size());
  rows_.push_back(std::move(cells));
}

std::string TextTable::text(TableStyle style) const {
  std::string out;
  if (style != TableStyle::Aligned) {
    const char separator = style == TableStyle::Tsv ? '\t' : ',';
    for (const auto* row : {&headers_}) {
      for (std::size_t c = 0; c < row->size(); ++c) {
        if (c) out += separator;
        append_separated(out, (*row)[c], style);
      }
      out += '\n';
    }
    for (const auto& row : rows_) {
      for (std::size_t c = 0; c < row.size(); ++c) {
        if (c) out += separator;
        append_separated(out, row[c], style);
      }
      out += '\n';
    }
    return out;
  }
  std::vector<std::size_t> widths(headers_.size());
  for (std::size_t c = 0; c < headers_.size(); ++c) widths[c] = width(headers_[c]);
  for (const auto& row : rows_)
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], width(row[c]));
  const auto line = [&](const std::vector<std::string>& row) {
    std::string text;
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (c) text += "  ";
      // The last column, left-aligned, needs no trailing spaces.
      if (c + 1 == row.size() && left_[c]) text += row[c];
      else append_padded(text, row[c], widths[c], left_[c]);
    }
    out += text + "\n";
  };
  line(headers_);
  for (const auto& row : rows_) line(row);
  return out;
}

}  // namespace pathscope::cli
