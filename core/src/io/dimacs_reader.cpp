// DIMACS-9 shortest-path format: "c" comments, one "p sp N M" header, M lines "a U V W"
// (1-based). Coordinates come from the sibling .co file: "p aux sp co N", "v ID X Y".
#include <algorithm>
#include <cmath>
#include <limits>

#include "io/declared_size.hpp"
#include "io/line_reader.hpp"
#include "io/readers.hpp"
#include "io/strength_rows.hpp"
#include "io/text_fields.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

std::int32_t node_index(std::string_view token, std::int64_t n, const LineReader& reader,
                        std::string_view what) {
  const std::int64_t id = parse_int64(token, reader, what);
  if (id < 1 || id > n) {
    reader.fail(std::string(what) + " " + std::to_string(id) + " is out of range 1.." +
                std::to_string(n));
  }
  return static_cast<std::int32_t>(id - 1);
}

void read_coordinates(SideInput side, Graph& g, LoadReport& report) {
  LineReader reader(*side.stream, side.name);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  g.coord_dims = 2;
  g.coords.assign(static_cast<std::size_t>(g.n) * 2, nan);
  std::int64_t seen = 0, declared = -1, header_line = 0;
  std::vector<std::string_view> words;
  std::vector<char> has(static_cast<std::size_t>(g.n), 0);
  while (reader.next()) {
    split_words(reader.line(), words);
    if (words.empty() || words[0] == "c") continue;
    if (words[0] == "p") {
      if (declared >= 0) reader.fail("second 'p' header");
      if (words.size() != 5 || words[1] != "aux" || words[2] != "sp" || words[3] != "co") {
        reader.fail("expected 'p aux sp co N'");
      }
      declared = parse_int64(words[4], reader, "node count");
      if (declared != g.n) {
        reader.fail("declares " + std::to_string(declared) + " nodes but the graph has " +
                    std::to_string(g.n));
      }
      header_line = reader.line_number();
      continue;
    }
    if (words[0] != "v") reader.fail("expected a 'c', 'p' or 'v' line, found " + quoted(words[0]));
    if (declared < 0) reader.fail("'v' line before the 'p aux sp co N' header");
    if (words.size() != 4) reader.fail("expected 'v ID X Y'");
    const std::int32_t u = node_index(words[1], g.n, reader, "node id");
    if (has[u]) reader.fail("node " + std::to_string(u + 1) + " is listed twice");
    has[u] = 1;
    g.coords[2 * u] = to_float_saturated(parse_finite(words[2], reader, "for X"));
    g.coords[2 * u + 1] = to_float_saturated(parse_finite(words[3], reader, "for Y"));
    ++seen;
  }
  if (declared < 0) reader.fail_at(0, "no 'p aux sp co N' header");
  if (seen < g.n) {
    report.notes.push_back(side.name + " gives no position for " + std::to_string(g.n - seen) +
                           " of " + std::to_string(g.n) + " nodes (header at line " +
                           std::to_string(header_line) + "); they have NaN coordinates");
  }
  report.notes.push_back("coordinates from " + side.name);
}

}  // namespace

LoadedGraph read_dimacs_gr(std::istream& in, const std::string& source, const LoadOptions& options,
                           SideInput coordinates) {
  LoadedGraph out;
  out.report.source = source;
  out.report.format = "dimacs-gr";
  LineReader reader(in, source);
  GraphBuilder builder;
  StrengthArcs strengths(options, builder);
  std::int64_t n = -1, m = -1, header_line = 0, arcs = 0;
  std::vector<std::string_view> words;
  while (reader.next()) {
    split_words(reader.line(), words);
    if (words.empty() || words[0] == "c") continue;
    if (words[0] == "p") {
      if (n >= 0) reader.fail("second 'p' header (the first is at line " +
                              std::to_string(header_line) + ")");
      if (words.size() != 4 || words[1] != "sp") reader.fail("expected 'p sp N M'");
      n = parse_int64(words[2], reader, "node count N");
      m = parse_int64(words[3], reader, "arc count M");
      if (n < 0 || m < 0) reader.fail("negative count in the header");
      if (n > options.max_nodes || n > std::numeric_limits<std::int32_t>::max()) {
        reader.fail("header declares " + std::to_string(n) + " nodes, more than the limit of " +
                    std::to_string(std::min<std::int64_t>(options.max_nodes,
                                                          std::numeric_limits<std::int32_t>::max())));
      }
      if (m > options.max_arcs) {
        reader.fail("header declares " + std::to_string(m) + " arcs, more than the limit of " +
                    std::to_string(options.max_arcs));
      }
      refuse_nodes_beyond_file(n, reader, "the header");
      header_line = reader.line_number();
      builder.set_node_count(static_cast<std::int32_t>(n));
      continue;
    }
    if (words[0] != "a") reader.fail("expected a 'c', 'p' or 'a' line, found " + quoted(words[0]));
    if (n < 0) reader.fail("arc line before the 'p sp N M' header");
    if (words.size() != 4) {
      reader.fail(words.size() < 4 ? "truncated arc line: expected 'a U V W'"
                                   : "extra fields after 'a U V W'");
    }
    if (arcs == m) {
      reader.fail("more arc lines than the " + std::to_string(m) + " declared at line " +
                  std::to_string(header_line));
    }
    const std::int32_t u = node_index(words[1], n, reader, "tail node");
    const std::int32_t v = node_index(words[2], n, reader, "head node");
    const double w = parse_finite(words[3], reader, "for the arc weight");
    strengths.add(u, v, w, false, reader.line_number());
    ++arcs;
  }
  if (n < 0) reader.fail_at(0, "no 'p sp N M' header: not a DIMACS shortest-path file");
  if (arcs != m) {
    reader.fail_at(header_line, "header declares " + std::to_string(m) + " arcs but the file has " +
                                    std::to_string(arcs) + " arc lines");
  }
  out.report.lines_read = reader.line_number();
  out.report.records_read = arcs;
  strengths.finish(source, out.report);
  out.graph = builder.build(true, out.report);
  out.graph.ids.resize(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) out.graph.ids[i] = i + 1;
  if (coordinates.stream) read_coordinates(coordinates, out.graph, out.report);
  mark_weight_kinds(out.graph);
  return out;
}

}  // namespace pathscope::io
