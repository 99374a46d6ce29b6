// igraph / Large Graph Layout (.lgl) files: a line "# NAME" opens the block of node NAME; each
// line after it, "OTHER [WEIGHT]", is an edge from NAME to OTHER. The format has no direction
// (it was made for undirected layouts), so every edge joins both ways.
#include "io/line_reader.hpp"
#include "io/node_interner.hpp"
#include "io/readers.hpp"
#include "io/strength_rows.hpp"
#include "io/text_fields.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

// The name after "#" in a block header line, or nothing when the line is not one.
bool block_header(std::string_view line, std::string_view& name) {
  const auto text = trim(line);
  if (text.empty() || text.front() != '#') return false;
  WordCursor cursor(text.substr(1));
  std::string_view extra;
  return cursor.next(name) && !cursor.next(extra);
}

std::int64_t word_count(std::string_view line, std::string_view words[3]) {
  WordCursor cursor(line);
  std::int64_t count = 0;
  while (count < 3 && cursor.next(words[count])) ++count;
  return count;
}

}  // namespace

bool looks_like_lgl(std::istream& in) {
  // Two block headers, each followed by neighbour lines, and nothing else in the first lines:
  // one "# word" line could be a table's comment, two such blocks are this format.
  constexpr int kLinesLooked = 64;
  LineReader reader(in, "");
  int headers = 0, neighbours_in_block = 0, lines = 0;
  std::string_view name, words[3];
  while (lines < kLinesLooked && reader.next()) {
    if (is_blank(reader.line())) continue;
    ++lines;
    if (block_header(reader.line(), name)) {
      if (headers > 0 && neighbours_in_block == 0) return false;
      ++headers;
      neighbours_in_block = 0;
      continue;
    }
    if (headers == 0) return false;
    const auto count = word_count(reader.line(), words);
    if (count < 1 || count > 2 || words[0].front() == '#') return false;
    if (count == 2 && !to_double(words[1])) return false;
    ++neighbours_in_block;
  }
  return headers >= 2 && neighbours_in_block > 0;
}

LoadedGraph read_lgl(std::istream& in, const std::string& source, const LoadOptions& options) {
  LoadedGraph out;
  out.report.source = source;
  out.report.format = "lgl";
  LineReader reader(in, source);
  NodeInterner nodes;
  GraphBuilder builder;
  StrengthArcs strengths(options, builder);
  std::int32_t current = -1;
  std::int64_t edges = 0;
  std::string_view name, words[3];
  const auto intern = [&](std::string_view key) {
    const std::int32_t index = nodes.intern(key, options.max_nodes);
    if (index < 0) reader.fail("more than the limit of " + std::to_string(options.max_nodes) + " distinct nodes");
    return index;
  };
  while (reader.next()) {
    if (is_blank(reader.line())) continue;
    if (block_header(reader.line(), name)) {
      current = intern(name);
      continue;
    }
    if (trim(reader.line()).front() == '#') reader.fail("expected '# NAME' (one name after '#')");
    if (current < 0) reader.fail("neighbour line before the first '# NAME' line");
    const auto count = word_count(reader.line(), words);
    if (count > 2) reader.fail("expected 'NAME [WEIGHT]', found more fields");
    const double w = count == 2 ? parse_finite(words[1], reader, "for the edge weight") : 1.0;
    if (builder.pending_arcs() + 2 > options.max_arcs) {
      reader.fail("more than the limit of " + std::to_string(options.max_arcs) + " arcs");
    }
    strengths.add(current, intern(words[0]), w, true, reader.line_number());
    ++edges;
  }
  if (nodes.size() == 0) reader.fail_at(reader.line_number(), "no '# NAME' line: not an LGL file");
  builder.set_node_count(nodes.size());
  out.report.lines_read = reader.line_number();
  out.report.records_read = edges;
  out.report.undirected_input = true;
  out.report.notes.push_back("LGL: every edge joins both ways");
  strengths.finish(source, out.report);
  out.graph = builder.build(false, out.report);
  nodes.label_graph(out.graph);
  mark_weight_kinds(out.graph);
  return out;
}

}  // namespace pathscope::io
