// Neuron tables joined onto a connectome by id: Codex's classification.csv (flow, super_class,
// class, sub_class, cell_type, hemibrain_type, hemilineage, side, nerve),
// consolidated_cell_types.csv (primary_type, additional_type(s)), names.csv (name, group) and
// coordinates.csv (position "[x y z]"), and neuPrint's traced-neurons.csv (type, instance).
// Values are held as text until the whole column is seen, then typed by what they all are.
#include <cmath>
#include <limits>
#include <unordered_map>

#include "io/attribute_values.hpp"
#include "io/connectome/connection_rows.hpp"
#include "io/connectome/connectome_readers.hpp"
#include "io/text_fields.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

int key_column(const TableHeader& header) {
  for (const char* name : {"root_id", "bodyid", "body_id"})
    if (const int i = header.column(name); i >= 0) return i;
  return -1;
}

// "[x y z]" or "[x, y, z]" or "x y z".
bool parse_position(std::string_view text, float out[3]) {
  std::string cleaned(text);
  for (char& c : cleaned)
    if (c == '[' || c == ']' || c == ',' || c == '(' || c == ')') c = ' ';
  WordCursor cursor(cleaned);
  std::string_view word;
  for (int d = 0; d < 3; ++d) {
    if (!cursor.next(word)) return false;
    const auto v = to_double(word);
    if (!v || !std::isfinite(*v)) return false;
    out[d] = to_float_saturated(*v);
  }
  return cursor.at_end();
}

}  // namespace

bool looks_like_neuron_table(std::istream& in) {
  TableHeader header;
  if (!peek_table_header(in, header) || key_column(header) < 0 || header.names.size() < 2) return false;
  for (const char* connection : {"pre_root_id", "post_root_id", "bodyid_pre", "bodyid_post"})
    if (header.column(connection) >= 0) return false;
  return true;
}

void apply_neuron_table(std::istream& in, const std::string& source, LoadedGraph& loaded, const LoadOptions& options) {
  Graph& g = loaded.graph;
  LineReader reader(in, source);
  TableHeader header;
  if (!read_table_header(reader, header)) reader.fail("no rows: the neuron table is empty");
  const int key = key_column(header);
  if (key < 0) reader.fail("a neuron table needs a root_id or bodyId column to join on");
  if (g.ids.empty() && g.n > 0) reader.fail("the graph has no neuron ids to join this table on");
  const int name = header.column("name") >= 0 ? header.column("name") : header.column("instance");
  const int position = header.column("position");
  struct Column {
    int index;
    TextColumn values;
  };
  std::vector<Column> columns;
  for (std::size_t i = 0; i < header.names.size(); ++i) {
    const int c = static_cast<int>(i);
    if (c == key || c == name || c == position || header.names[i] == "supervoxel_id" || header.names[i].empty()) continue;
    columns.push_back({c, {header.names[i], {}, {}}});
  }
  std::unordered_map<std::int64_t, std::int32_t> node_of;
  node_of.reserve(g.ids.size());
  for (std::size_t u = 0; u < g.ids.size(); ++u) node_of.emplace(g.ids[u], static_cast<std::int32_t>(u));

  const std::int32_t old_n = g.n;
  std::vector<std::int64_t> added;
  std::vector<std::uint8_t> seen(static_cast<std::size_t>(old_n), 0);
  std::vector<std::string> names;
  std::vector<float> positions;
  std::int64_t repeated = 0, rows = 0;
  std::vector<std::string_view> fields;
  std::vector<std::string> storage;
  const std::size_t needed = header.names.size();
  while (reader.next()) {
    if (is_blank(reader.line())) continue;
    split_fields(reader, header.delimiter, needed, fields, storage);
    const std::int64_t id = parse_id(fields[key], reader, header.names[key]);
    auto [it, fresh] = node_of.try_emplace(id, static_cast<std::int32_t>(old_n + static_cast<std::int64_t>(added.size())));
    if (fresh) {
      if (static_cast<std::int64_t>(old_n) + static_cast<std::int64_t>(added.size()) >= options.max_nodes) {
        reader.fail("more than the limit of " + std::to_string(options.max_nodes) + " neurons");
      }
      added.push_back(id);
      seen.push_back(0);
    }
    const auto u = static_cast<std::size_t>(it->second);
    if (seen[u]) {
      ++repeated;  // Codex's coordinates.csv lists a point per annotation: the first one counts
      continue;
    }
    seen[u] = 1;
    ++rows;
    for (auto& column : columns) column.values.set(u, fields[static_cast<std::size_t>(column.index)]);
    if (name >= 0 && !fields[name].empty()) {
      if (names.size() <= u) names.resize(seen.size());
      names[u] = std::string(fields[name]);
    }
    if (position >= 0 && !fields[position].empty()) {
      float xyz[3];
      if (!parse_position(fields[position], xyz))
        reader.fail("position " + quoted(fields[position]) + " is not three numbers such as [x y z]");
      if (positions.size() < 3 * seen.size()) positions.resize(3 * seen.size(), std::numeric_limits<float>::quiet_NaN());
      std::copy(xyz, xyz + 3, positions.begin() + static_cast<std::ptrdiff_t>(3 * u));
    }
  }

  // Isolated neurons first, so every column below has the final node count.
  const std::size_t n = seen.size();
  if (!added.empty()) {
    g.n = static_cast<std::int32_t>(n);
    for (const auto id : added) g.ids.push_back(id);
    if (!g.names.empty())
      for (const auto id : added) g.names.push_back(std::to_string(id));
    const std::int64_t arcs = g.offsets.empty() ? 0 : g.offsets.back();
    g.offsets.resize(n + 1, arcs);
    if (g.coord_dims > 0) g.coords.resize(n * static_cast<std::size_t>(g.coord_dims), std::numeric_limits<float>::quiet_NaN());
    for (auto& column : g.node_attributes.columns) column.resize(n);
    loaded.report.notes.push_back(std::to_string(added.size()) + " neurons of " + source +
                                  " have no connections and were added as isolated nodes");
  }
  for (auto& column : columns) merge_column(g.node_attributes, column.values.typed(n));
  if (name >= 0) {
    names.resize(n);
    if (g.names.empty())
      for (std::size_t u = 0; u < n; ++u) g.names.push_back(std::to_string(g.ids[u]));
    for (std::size_t u = 0; u < n; ++u)
      if (!names[u].empty()) g.names[u] = std::move(names[u]);
  }
  if (position >= 0) {
    positions.resize(3 * n, std::numeric_limits<float>::quiet_NaN());
    g.coord_dims = 3;
    g.coords = std::move(positions);
  }
  std::string what;
  for (const auto& column : columns) what += (what.empty() ? "" : ", ") + column.values.name;
  if (name >= 0) what += std::string(what.empty() ? "" : ", ") + "names";
  if (position >= 0) what += std::string(what.empty() ? "" : ", ") + "3-D positions";
  loaded.report.notes.push_back(source + ": " + std::to_string(rows) + " neurons joined by id (" + what + ")" +
                                (repeated > 0 ? "; " + std::to_string(repeated) + " further rows of listed neurons ignored" : ""));
}

}  // namespace pathscope::io
