#pragma once
// What the connectome readers share: header columns found by name, rows split without
// allocating, 64-bit ids interned in order of first appearance, rows of one pair summed.
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "io/line_reader.hpp"
#include "io/strength_rows.hpp"
#include "pathscope/io/load.hpp"

namespace pathscope::io {

// The header of a connectome table: its delimiter and its column names, lower case.
struct TableHeader {
  char delimiter = ',';
  std::vector<std::string> names;
  int column(std::string_view name) const;  // -1 when absent
};

// Reads the first non-comment line as a header; false when the input has none.
bool read_table_header(LineReader& reader, TableHeader& header);
// The header of the content's first line, for content tests.
bool peek_table_header(std::istream& in, TableHeader& header);

// Splits the reader's line into views (quoted fields unquoted into `storage`); a row with fewer
// than `needed` fields is a ParseError at its line.
void split_fields(const LineReader& reader, char delimiter, std::size_t needed, std::vector<std::string_view>& fields,
                  std::vector<std::string>& storage);

// A 64-bit id field (root_id, bodyId), or a ParseError naming the column.
std::int64_t parse_id(std::string_view field, const LineReader& reader, std::string_view column);
// A synapse count: a whole number of at least 0.
double parse_synapses(std::string_view field, const LineReader& reader, std::string_view column);

class IdInterner {
 public:
  // The node of `id`, added when new; ParseError at the reader's line past max_nodes.
  std::int32_t intern(std::int64_t id, const LineReader& reader, std::int64_t max_nodes);
  const std::vector<std::int64_t>& ids() const { return ids_; }

 private:
  std::unordered_map<std::int64_t, std::int32_t> index_;
  std::vector<std::int64_t> ids_;
};

// One row per ordered pair in order of first appearance, strengths summed.
class PairSums {
 public:
  // ParseError at the reader's line when a new pair would pass max_arcs.
  // Returns the pair's row index.
  std::size_t add(std::int32_t from, std::int32_t to, double count, const LineReader& reader, std::int64_t max_arcs);
  std::vector<StrengthRow>& rows() { return rows_; }

 private:
  std::unordered_map<std::uint64_t, std::size_t> index_;
  std::vector<StrengthRow> rows_;
};

}  // namespace pathscope::io
