// CSV/TSV/whitespace edge tables: one connection per row, columns chosen by header name or
// index, node keys integers or names, a strength column turned into costs by the cost rule.
// With a header, every other column becomes an arc attribute, typed by its values; parallel
// rows merge into the cheapest, whose values are kept.
#include <algorithm>
#include <limits>

#include "io/attribute_values.hpp"
#include "io/line_reader.hpp"
#include "io/neuron_connect.hpp"
#include "io/node_interner.hpp"
#include "io/readers.hpp"
#include "io/strength_rows.hpp"
#include "io/table_rows.hpp"
#include "io/text_fields.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

// A column as the person named it: a 0-based index, a header name, or nothing (the default).
struct ColumnChoice {
  std::string option;  // as given, for messages
  int index = -1;
  std::string name;
};

ColumnChoice parse_choice(const std::string& option, int default_index) {
  ColumnChoice choice;
  choice.option = option;
  const auto text = trim(option);
  if (text.empty()) {
    choice.index = default_index;
  } else if (const auto number = to_int64(text); number && *number >= 0 && *number < 100000) {
    choice.index = static_cast<int>(*number);
  } else {
    choice.name = std::string(text);
  }
  return choice;
}

// Words that name a source or target column, for telling a header from a row of names when
// the table has no weight column to look at.
bool is_endpoint_word(std::string_view field) {
  static const char* const kWords[] = {"source", "target", "src", "dst", "from", "to", "pre", "post",
                                       "u", "v", "node1", "node2", "node 1", "node 2", "head", "tail",
                                       "pre_id", "post_id", "bodyid_pre", "bodyid_post", "neuron 1", "neuron 2"};
  for (const char* word : kWords) {
    if (iequals(trim(field), word)) return true;
  }
  return false;
}

}  // namespace

LoadedGraph read_edge_table(std::istream& in, const std::string& source, const LoadOptions& options) {
  LineReader reader(in, source);
  std::vector<std::string> fields;
  const std::int64_t comment_lines = skip_to_first_row(reader, "edge table");
  const char delimiter = detect_delimiter(reader.line());
  split_row(reader, delimiter, fields);
  if (is_neuron_connect_header(fields)) return read_neuron_connect(reader, fields, delimiter, options);

  LoadedGraph out;
  out.report.source = source;
  out.report.format = "edge-table";
  const bool weighted_by_default = fields.size() >= 3;
  ColumnChoice columns[3] = {parse_choice(options.source_column, 0), parse_choice(options.target_column, 1),
                             parse_choice(options.weight_column, weighted_by_default ? 2 : -1)};
  const bool named = !columns[0].name.empty() || !columns[1].name.empty() || !columns[2].name.empty();

  const auto field_is_number = [&](int index) {
    return index >= 0 && index < static_cast<int>(fields.size()) && to_double(fields[index]).has_value();
  };
  bool header = false;
  if (named) {
    header = true;
  } else if (columns[2].index >= 0) {
    header = !field_is_number(columns[2].index);
  } else {
    const auto endpoint_named = [&](int index) {
      return index < static_cast<int>(fields.size()) && is_endpoint_word(fields[index]);
    };
    header = !field_is_number(columns[0].index) && !field_is_number(columns[1].index) &&
             (endpoint_named(columns[0].index) || endpoint_named(columns[1].index));
  }
  if (header) {
    for (auto& column : columns) {
      if (column.name.empty()) continue;
      column.index = find_column(fields, column.name);
      if (column.index < 0) {
        reader.fail("no column named " + quoted(column.name) + " in the header");
      }
    }
  } else if (named) {
    reader.fail("columns chosen by name but the table has no header");
  }
  const int needed = std::max({columns[0].index, columns[1].index, columns[2].index}) + 1;
  if (header && static_cast<int>(fields.size()) < needed) {
    reader.fail("header has " + std::to_string(fields.size()) + " fields; column " + std::to_string(needed - 1) +
                " does not exist");
  }
  out.report.notes.push_back(std::string("edge table: ") +
                             (delimiter == ',' ? "comma" : delimiter == ';' ? "semicolon" : delimiter == '\t' ? "tab" : "whitespace") +
                             " separated, " + (header ? "with a header" : "no header") +
                             (columns[2].index < 0 ? ", no weight column (every strength 1)" : ""));
  if (comment_lines > 0) out.report.notes.push_back(leading_comments_note(comment_lines));

  struct Extra {
    std::size_t index;
    TextColumn values;  // one per row
  };
  std::vector<Extra> extras;
  for (std::size_t i = 0; header && i < fields.size(); ++i) {
    const int c = static_cast<int>(i);
    const std::string_view name = trim(fields[i]);
    if (c == columns[0].index || c == columns[1].index || c == columns[2].index || name.empty()) continue;
    extras.push_back({i, {std::string(name), {}, {}}});
  }

  NodeInterner nodes;
  std::vector<StrengthRow> rows;
  std::int64_t records = 0;
  const auto take_row = [&] {
    if (static_cast<int>(fields.size()) < needed) {
      reader.fail("truncated row: " + std::to_string(fields.size()) + " fields, expected at least " +
                  std::to_string(needed));
    }
    std::int32_t ends[2];
    for (int e = 0; e < 2; ++e) {
      const auto& key = fields[columns[e].index];
      if (trim(key).empty()) reader.fail(std::string(e == 0 ? "source" : "target") + " node is empty");
      ends[e] = nodes.intern(key, options.max_nodes);
      if (ends[e] < 0) {
        reader.fail("more than the limit of " + std::to_string(options.max_nodes) + " distinct nodes");
      }
    }
    double strength = 1;
    if (columns[2].index >= 0) strength = parse_finite(fields[columns[2].index], reader, "for the weight");
    if (static_cast<std::int64_t>(rows.size()) >= options.max_arcs) {
      reader.fail("more than the limit of " + std::to_string(options.max_arcs) + " arcs");
    }
    for (auto& extra : extras) {
      if (extra.index < fields.size()) extra.values.set(rows.size(), trim(fields[extra.index]));
    }
    rows.push_back({ends[0], ends[1], strength, reader.line_number()});
    ++records;
  };
  if (!header) take_row();
  while (reader.next()) {
    if (is_blank(reader.line())) continue;
    split_row(reader, delimiter, fields);
    take_row();
  }
  const bool undirected = options.force_undirected;
  if (undirected && 2 * static_cast<std::int64_t>(rows.size()) > options.max_arcs) {
    reader.fail_at(0, "more than the limit of " + std::to_string(options.max_arcs) + " arcs");
  }
  GraphBuilder builder(nodes.size());
  std::vector<std::int32_t> kept_rows;
  add_rows_by_cost_rule(rows, options, undirected, source, builder, out.report, 0, nullptr,
                        extras.empty() ? nullptr : &kept_rows);
  if (!extras.empty()) {
    AttributeTable by_row;
    for (auto& extra : extras) by_row.columns.push_back(extra.values.typed(rows.size()));
    extras.clear();
    builder.record_attributes() = by_row.subset(kept_rows);
  }
  out.report.lines_read = reader.line_number();
  out.report.records_read = records;
  out.report.undirected_input = undirected;
  out.graph = builder.build(!undirected, out.report);
  nodes.label_graph(out.graph);
  mark_weight_kinds(out.graph);
  return out;
}

}  // namespace pathscope::io
