#include <algorithm>
#include <charconv>
#include <sstream>

#include "io/measurement_table/random_table_source.hpp"
#include "pathscope/io/measurement_table.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

constexpr const char* kPrefix = "random-table:";

std::int64_t parse_spec_integer(const std::string& spec, const std::string& key, const std::string& text,
                                std::int64_t low, std::int64_t high) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < low || value > high)
    throw UsageError("bad table spec '" + spec + "': " + key + " must be an integer in [" + std::to_string(low) + ", " +
                std::to_string(high) + "], found '" + text + "'");
  return value;
}

class RandomTableSource final : public RowSource {
 public:
  RandomTableSource(const std::string& spec_text, const TableOptions& options)
      : spec_(parse_random_table_spec(spec_text)) {
    layout_.source = spec_text;
    for (std::int32_t c = 0; c < spec_.cols; ++c) {
      std::string name = std::to_string(c + 1);
      layout_.column_names.push_back(name.insert(0, 1, 'c'));
    }
    // A chunk stays near 64 MiB whatever the width, so memory does not grow with the rows.
    chunk_rows_ = std::clamp<std::int64_t>(options.chunk_rows, 1, std::max<std::int64_t>(1, (8 << 20) / spec_.cols));
  }

  const TableLayout& layout() const override { return layout_; }
  std::int64_t row_count_hint() const override { return spec_.rows; }

  bool next(TableChunk& chunk) override {
    if (next_row_ >= spec_.rows) return false;
    const std::int64_t count = std::min(chunk_rows_, spec_.rows - next_row_);
    chunk.first_row = next_row_;
    chunk.columns = spec_.cols;
    chunk.values.resize(static_cast<std::size_t>(count * spec_.cols));
    chunk.row_names.clear();
    chunk.lines.clear();
    const std::int64_t first = next_row_;
#pragma omp parallel for schedule(static)
    for (std::int64_t r = 0; r < count; ++r) random_table_row(spec_, first + r, chunk.values.data() + r * spec_.cols);
    next_row_ += count;
    return true;
  }

 private:
  RandomTableSpec spec_;
  TableLayout layout_;
  std::int64_t chunk_rows_;
  std::int64_t next_row_ = 0;
};

}  // namespace

std::unique_ptr<RowSource> open_random_table(const std::string& spec, const TableOptions& options) {
  return std::make_unique<RandomTableSource>(spec, options);
}

bool is_random_table_spec(const std::string& text) { return text.rfind(kPrefix, 0) == 0; }

RandomTableSpec parse_random_table_spec(const std::string& spec) {
  if (!is_random_table_spec(spec)) throw UsageError("bad table spec '" + spec + "': expected random-table:rows=R,cols=C,seed=S");
  RandomTableSpec out;
  std::stringstream items(spec.substr(std::string(kPrefix).size()));
  for (std::string item; std::getline(items, item, ',');) {
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string::npos) throw UsageError("bad table spec '" + spec + "': '" + item + "' is not key=value");
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    if (key == "rows")
      out.rows = parse_spec_integer(spec, key, value, 1, std::int64_t{1} << 40);
    else if (key == "cols")
      out.cols = static_cast<std::int32_t>(parse_spec_integer(spec, key, value, 1, 1 << 20));
    else if (key == "seed")
      out.seed = static_cast<std::uint64_t>(parse_spec_integer(spec, key, value, 0, INT64_MAX));
    else if (key == "levels")
      out.levels = static_cast<std::int32_t>(parse_spec_integer(spec, key, value, 1, INT32_MAX));
    else
      throw UsageError("bad table spec '" + spec + "': unknown key '" + key + "' (rows, cols, seed, levels)");
  }
  return out;
}

void random_table_row(const RandomTableSpec& spec, std::int64_t row, double* out) {
  // Hashing (seed, row) into the row's own starting state keeps rows independent of the order
  // and chunking in which they are generated.
  SplitMix64 rng(SplitMix64(spec.seed ^ (static_cast<std::uint64_t>(row) * 0xD1B54A32D192ED03ull)).next());
  const auto levels = static_cast<std::uint32_t>(spec.levels);
  for (std::int32_t c = 0; c < spec.cols; ++c) out[c] = static_cast<double>(rng.below(levels));
}

}  // namespace pathscope
