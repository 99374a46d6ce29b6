// Node tables give the nodes of a graph names and positions: a CSV with an id or name column
// and optional x, y, z columns, with or without a header (a headerless table is name,x,y,z).
// With a header, every other column becomes a node attribute, typed by its values.
#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

#include "io/attribute_values.hpp"
#include "io/line_reader.hpp"
#include "io/node_interner.hpp"
#include "io/readers.hpp"
#include "io/table_rows.hpp"
#include "io/text_fields.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

// Connectome tables disagree on zero padding (DA01 in one file, DA1 in the other) and case,
// so names are compared upper-cased, trimmed, and with a trailing number's leading zeros gone.
std::string match_key(std::string_view name) {
  std::string key = to_upper(trim(name));
  std::size_t digits = key.size();
  while (digits > 0 && key[digits - 1] >= '0' && key[digits - 1] <= '9') --digits;
  if (digits == key.size()) return key;
  std::size_t first = digits;
  while (first + 1 < key.size() && key[first] == '0') ++first;
  return key.substr(0, digits) + key.substr(first);
}

struct Layout {
  bool header = false;
  int key = 0, name = -1, x = -1, y = -1, z = -1;
};

Layout layout_of(const std::vector<std::string>& first) {
  Layout layout;
  const auto numeric_from = [&](std::size_t start) {
    for (std::size_t i = start; i < first.size(); ++i) {
      if (!to_double(first[i])) return false;
    }
    return first.size() > start;
  };
  if (first.size() == 1 || numeric_from(1)) {
    // Headerless: key, then x, y, z when present.
    layout.x = first.size() >= 3 ? 1 : -1;
    layout.y = first.size() >= 3 ? 2 : -1;
    layout.z = first.size() >= 4 ? 3 : -1;
    return layout;
  }
  layout.header = true;
  for (const char* word : {"id", "bodyid", "skeleton_id", "skid", "node"}) {
    if (const int i = find_column(first, word); i >= 0) {
      layout.key = i;
      break;
    }
  }
  layout.name = find_column(first, "name");
  if (layout.name == layout.key) layout.name = -1;
  // A table whose only identifier is its name column is keyed by it.
  if (layout.key == 0 && layout.name > 0 && !trim(first[0]).empty() && find_column(first, "id") < 0 &&
      find_column(first, "bodyid") < 0 && !iequals(trim(first[0]), "node")) {
    layout.key = layout.name;
    layout.name = -1;
  }
  layout.x = find_column(first, "x");
  layout.y = find_column(first, "y");
  layout.z = find_column(first, "z");
  if (layout.x < 0 || layout.y < 0) layout.x = layout.y = layout.z = -1;
  return layout;
}

}  // namespace

void apply_node_table(std::istream& in, const std::string& source, LoadedGraph& loaded, const LoadOptions& options) {
  Graph& g = loaded.graph;
  LoadReport& report = loaded.report;
  LineReader reader(in, source);
  std::vector<std::string> fields;
  skip_to_first_row(reader, "node table");
  const char delimiter = detect_delimiter(reader.line());
  split_row(reader, delimiter, fields);
  const Layout layout = layout_of(fields);
  const int dims = layout.x < 0 ? 0 : layout.z >= 0 ? 3 : 2;
  const int needed = std::max({layout.key, layout.name, layout.x, layout.y, layout.z}) + 1;
  struct Extra {
    std::size_t index;
    TextColumn values;
  };
  std::vector<Extra> extras;
  for (std::size_t i = 0; layout.header && i < fields.size(); ++i) {
    const int c = static_cast<int>(i);
    const std::string_view name = trim(fields[i]);
    if (c == layout.key || c == layout.name || c == layout.x || c == layout.y || c == layout.z || name.empty()) continue;
    extras.push_back({i, {std::string(name), {}, {}}});
  }

  // Graph nodes by the key the table will use: integer ids, or normalised names.
  const bool by_name = !g.names.empty();
  std::unordered_map<std::string, std::int32_t> by_label;
  std::unordered_map<std::int64_t, std::int32_t> by_id;
  for (std::int32_t u = 0; u < g.n; ++u) {
    if (!g.names.empty()) by_label.emplace(match_key(g.names[u]), u);
    by_id.emplace(g.display_id(u), u);
  }

  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> coords;
  std::vector<std::string> names;
  std::vector<char> seen(static_cast<std::size_t>(g.n), 0);
  std::int64_t added = 0, rows = 0;
  std::vector<std::int64_t> new_ids;
  std::vector<std::string> new_names;
  bool table_keys_are_integers = true;

  const auto take_row = [&] {
    if (static_cast<int>(fields.size()) < needed) {
      reader.fail("truncated row: " + std::to_string(fields.size()) + " fields, expected at least " +
                  std::to_string(needed));
    }
    const std::string_view key = trim(fields[layout.key]);
    if (key.empty()) reader.fail("node key is empty");
    std::int32_t u = -1;
    const auto number = to_int64(key);
    table_keys_are_integers = table_keys_are_integers && number.has_value();
    if (by_name || (!number && g.n == 0)) {
      if (auto it = by_label.find(match_key(key)); it != by_label.end()) u = it->second;
    } else if (number) {
      if (auto it = by_id.find(*number); it != by_id.end()) u = it->second;
    } else if (g.n > 0) {
      reader.fail("node key " + quoted(key) + " is not an integer, but the graph's nodes have integer ids");
    }
    if (u < 0) {
      // A node of the table with no arcs in the graph: it becomes an isolated node.
      if (static_cast<std::int64_t>(g.n) + added >= options.max_nodes ||
          static_cast<std::int64_t>(g.n) + added >= std::numeric_limits<std::int32_t>::max()) {
        reader.fail("more than the limit of " + std::to_string(options.max_nodes) + " nodes");
      }
      u = static_cast<std::int32_t>(g.n + added);
      ++added;
      seen.push_back(0);
      by_label.emplace(match_key(key), u);
      if (number) by_id.emplace(*number, u);
      new_ids.push_back(number ? *number : u);
      new_names.emplace_back(key);
    }
    if (seen[u]) reader.fail("node " + quoted(key) + " is listed twice");
    seen[u] = 1;
    if (dims > 0) {
      coords.resize(seen.size() * dims, nan);
      coords[static_cast<std::size_t>(u) * dims] = to_float_saturated(parse_finite(fields[layout.x], reader, "for x"));
      coords[static_cast<std::size_t>(u) * dims + 1] = to_float_saturated(parse_finite(fields[layout.y], reader, "for y"));
      if (dims == 3) {
        coords[static_cast<std::size_t>(u) * dims + 2] = to_float_saturated(parse_finite(fields[layout.z], reader, "for z"));
      }
    }
    if (layout.name >= 0) {
      names.resize(seen.size());
      names[u] = std::string(trim(fields[layout.name]));
    }
    for (auto& extra : extras) {
      if (extra.index < fields.size()) extra.values.set(static_cast<std::size_t>(u), trim(fields[extra.index]));
    }
    ++rows;
  };
  if (!layout.header) take_row();
  while (reader.next()) {
    if (is_blank(reader.line())) continue;
    split_row(reader, delimiter, fields);
    take_row();
  }

  // Append the isolated nodes: in CSR they are just more offsets equal to the arc count.
  const std::int32_t old_n = g.n;
  if (added > 0) {
    if (g.ids.empty() && g.names.empty()) {
      for (std::int32_t u = 0; u < old_n; ++u) g.ids.push_back(u);
    }
    if (!g.names.empty() || !table_keys_are_integers) {
      for (std::int32_t u = static_cast<std::int32_t>(g.names.size()); u < old_n; ++u) g.names.push_back(std::to_string(g.display_id(u)));
      for (const auto& name : new_names) g.names.push_back(name);
    }
    if (!g.ids.empty() || g.names.empty()) {
      for (const auto id : new_ids) g.ids.push_back(id);
    }
    g.n = static_cast<std::int32_t>(old_n + added);
    const std::int64_t arcs = g.offsets.empty() ? 0 : g.offsets.back();
    g.offsets.resize(static_cast<std::size_t>(g.n) + 1, arcs);
    for (auto& column : g.node_attributes.columns) column.resize(static_cast<std::size_t>(g.n));
    if (!g.coords.empty()) g.coords.resize(static_cast<std::size_t>(g.n) * g.coord_dims, nan);
    report.notes.push_back(std::to_string(added) + " nodes of " + source +
                           " have no arcs and were added as isolated nodes");
  }
  if (dims > 0) {
    coords.resize(static_cast<std::size_t>(g.n) * dims, nan);
    if (g.coord_dims > 0) report.notes.push_back("positions from " + source + " replace those of the graph file");
    g.coord_dims = dims;
    g.coords = std::move(coords);
    std::int64_t missing = 0;
    for (std::int32_t u = 0; u < g.n; ++u) missing += seen[u] ? 0 : 1;
    report.notes.push_back("positions (" + std::to_string(dims) + "-D) from " + source);
    if (missing > 0) {
      report.notes.push_back(std::to_string(missing) + " nodes are not in " + source + " and have no position (NaN)");
    }
  }
  if (layout.name >= 0) {
    names.resize(static_cast<std::size_t>(g.n));
    std::int64_t unnamed = 0;
    for (std::int32_t u = 0; u < g.n; ++u) {
      if (!seen[u] || names[u].empty()) {
        names[u] = g.names.empty() ? std::to_string(g.display_id(u)) : g.names[u];
        ++unnamed;
      }
    }
    g.names = std::move(names);
    report.notes.push_back("names from the 'name' column of " + source);
    if (unnamed > 0) {
      report.notes.push_back(std::to_string(unnamed) + " nodes have no name in " + source + " and keep their id");
    }
  }
  std::string kept;
  for (auto& extra : extras) {
    kept += (kept.empty() ? "" : ", ") + extra.values.name;
    merge_column(g.node_attributes, extra.values.typed(static_cast<std::size_t>(g.n)));
  }
  if (!kept.empty()) report.notes.push_back("node attributes from " + source + ": " + kept);
  report.notes.push_back(std::to_string(rows) + " rows read from the node table " + source);
}

}  // namespace pathscope::io
