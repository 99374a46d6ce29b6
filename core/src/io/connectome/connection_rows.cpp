#include "io/connectome/connection_rows.hpp"

#include <cmath>

#include "io/table_rows.hpp"
#include "io/text_fields.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

int TableHeader::column(std::string_view name) const {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<int>(i);
  return -1;
}

namespace {

void fill_header(const LineReader& reader, TableHeader& header) {
  header.delimiter = detect_delimiter(reader.line());
  std::vector<std::string> fields;
  if (!split_delimited(reader.line(), header.delimiter == ' ' ? ' ' : header.delimiter, fields)) fields.clear();
  if (header.delimiter == ' ') {
    std::vector<std::string_view> words;
    split_words(reader.line(), words);
    fields.assign(words.begin(), words.end());
  }
  header.names.clear();
  for (auto& f : fields) {
    std::string name(trim(f));
    for (char& c : name)
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    header.names.push_back(std::move(name));
  }
}

}  // namespace

bool read_table_header(LineReader& reader, TableHeader& header) {
  while (reader.next()) {
    if (is_table_comment(reader.line())) continue;
    fill_header(reader, header);
    return true;
  }
  return false;
}

bool peek_table_header(std::istream& in, TableHeader& header) {
  LineReader reader(in, "");
  return read_table_header(reader, header);
}

void split_fields(const LineReader& reader, char delimiter, std::size_t needed, std::vector<std::string_view>& fields,
                  std::vector<std::string>& storage) {
  fields.clear();
  const std::string_view line = reader.line();
  if (delimiter == ' ') {
    split_words(line, fields);
  } else if (line.find('"') == std::string_view::npos) {
    std::size_t start = 0;
    for (;;) {
      const std::size_t end = line.find(delimiter, start);
      fields.push_back(trim(line.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start)));
      if (end == std::string_view::npos) break;
      start = end + 1;
    }
  } else {
    split_row(reader, delimiter, storage);
    for (const auto& f : storage) fields.emplace_back(f);
  }
  if (fields.size() < needed)
    reader.fail("truncated row: " + std::to_string(fields.size()) + " fields, expected at least " + std::to_string(needed));
}

std::int64_t parse_id(std::string_view field, const LineReader& reader, std::string_view column) {
  const auto id = to_int64(field);
  if (!id) reader.fail(std::string(column) + " " + quoted(field) + " is not a whole-number id");
  return *id;
}

double parse_synapses(std::string_view field, const LineReader& reader, std::string_view column) {
  const double count = parse_finite(field, reader, "for " + std::string(column));
  if (count < 0 || count != std::floor(count))
    reader.fail(std::string(column) + " " + quoted(field) + " is not a synapse count (a whole number of at least 0)");
  return count;
}

std::int32_t IdInterner::intern(std::int64_t id, const LineReader& reader, std::int64_t max_nodes) {
  const auto [it, fresh] = index_.try_emplace(id, static_cast<std::int32_t>(ids_.size()));
  if (fresh) {
    if (static_cast<std::int64_t>(ids_.size()) >= max_nodes) {
      index_.erase(it);
      reader.fail("more than the limit of " + std::to_string(max_nodes) + " neurons");
    }
    ids_.push_back(id);
  }
  return it->second;
}

std::size_t PairSums::add(std::int32_t from, std::int32_t to, double count, const LineReader& reader,
                          std::int64_t max_arcs) {
  const std::uint64_t key = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(from)) << 32) | static_cast<std::uint32_t>(to);
  const auto [it, fresh] = index_.try_emplace(key, rows_.size());
  if (!fresh) {
    rows_[it->second].strength += count;
    return it->second;
  }
  if (static_cast<std::int64_t>(rows_.size()) >= max_arcs) {
    index_.erase(it);
    reader.fail("more than the limit of " + std::to_string(max_arcs) + " connections");
  }
  rows_.push_back({from, to, count, reader.line_number()});
  return rows_.size() - 1;
}

}  // namespace pathscope::io
