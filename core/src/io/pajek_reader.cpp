// Pajek .net: "*Vertices N" with optional "ID "label" x y [z] ..." lines, then "*Arcs" and
// "*Edges" sections of "U V [weight]" lines, or "*Arcslist" / "*Edgeslist" of "U V1 V2 ...".
// Node numbers run 1..N; coordinates are kept as x, y (Pajek's z, 0.5 by default, is not).
// The "key value" pairs after a line's weight (Pajek's drawing options, the string values
// networkx writes) are kept as text arc attributes, and parallel lines apart.
#include <limits>

#include "io/attribute_values.hpp"
#include "io/declared_size.hpp"
#include "io/line_reader.hpp"
#include "io/readers.hpp"
#include "io/strength_rows.hpp"
#include "io/text_fields.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

enum class Section { None, Vertices, Arcs, Edges, ArcsList, EdgesList, Skipped };

// The next word of a Pajek line: a "quoted label" (quotes removed) or a run of non-blanks.
bool next_field(std::string_view& rest, std::string_view& field, const LineReader& reader) {
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
  if (rest.empty()) return false;
  if (rest.front() == '"') {
    const auto close = rest.find('"', 1);
    if (close == std::string_view::npos) reader.fail("a label's quote is not closed on its line");
    field = rest.substr(1, close - 1);
    rest.remove_prefix(close + 1);
    return true;
  }
  std::size_t end = 0;
  while (end < rest.size() && rest[end] != ' ' && rest[end] != '\t') ++end;
  field = rest.substr(0, end);
  rest.remove_prefix(end);
  return true;
}

// Pajek's drawing options for a line ("c Blue", "w 2", "l \"label\""): a word after the two
// ends that is neither a number nor one of these is a weight written wrongly ("2,5", "x"), and
// taking it for options would give the line a weight of 1 without a word.
bool is_drawing_option(std::string_view word) {
  static constexpr std::string_view kOptions[] = {"w", "c", "p", "l", "lp", "lr", "lphi", "lc", "la", "lf", "fos",
                                                  "font", "s", "a", "ap", "h1", "h2", "a1", "a2", "k1", "k2"};
  for (const auto option : kOptions) {
    if (iequals(word, option)) return true;
  }
  return false;
}

}  // namespace

LoadedGraph read_pajek(std::istream& in, const std::string& source, const LoadOptions& options) {
  LoadedGraph out;
  out.report.source = source;
  out.report.format = "pajek";
  LineReader reader(in, source);
  GraphBuilder builder;
  builder.keep_extra_arcs(true);
  StrengthArcs strengths(options, builder);
  std::int64_t n = -1, arcs = 0;
  bool any_directed = false, any_labels = false, any_coords = false;
  std::vector<std::string> labels;
  std::vector<float> coords;
  Section section = Section::None;
  std::string_view field;
  const auto node_of = [&](std::string_view word) -> std::int32_t {
    const auto id = to_int64(word);
    if (!id) reader.fail("expected a node number, found " + io::quoted(word));
    if (*id < 1 || *id > n) reader.fail("node " + std::to_string(*id) + " is outside 1.." + std::to_string(n));
    return static_cast<std::int32_t>(*id - 1);
  };
  const auto add = [&](std::int32_t u, std::int32_t v, double w, bool directed) {
    arcs += directed ? 1 : 2;
    if (arcs > options.max_arcs) reader.fail("more arcs than the limit of " + std::to_string(options.max_arcs));
    any_directed = any_directed || directed;
    return strengths.add(u, v, w, !directed, reader.line_number());
  };
  while (reader.next()) {
    const std::string_view line = trim(reader.line());
    if (line.empty() || line.front() == '%') continue;
    if (line.front() == '*') {
      std::string_view rest = line.substr(1);
      next_field(rest, field, reader);
      const std::string word = to_upper(field);
      if (word == "VERTICES") {
        if (n >= 0) reader.fail("a second *Vertices: one network per file here");
        if (!next_field(rest, field, reader)) reader.fail("*Vertices without a count");
        n = parse_int64(field, reader, "the vertex count");
        const std::int64_t limit = std::min<std::int64_t>(options.max_nodes, std::numeric_limits<std::int32_t>::max());
        if (n < 0 || n > limit) reader.fail("*Vertices " + std::to_string(n) + " is outside 0.." + std::to_string(limit));
        refuse_nodes_beyond_file(n, reader, "*Vertices");
        builder.set_node_count(static_cast<std::int32_t>(n));
        section = Section::Vertices;
      } else if (word == "NETWORK") {
        section = Section::None;
      } else if (n < 0) {
        reader.fail("*" + std::string(field) + " before *Vertices");
      } else if (word == "ARCS") {
        section = Section::Arcs;
      } else if (word == "EDGES") {
        section = Section::Edges;
      } else if (word == "ARCSLIST") {
        section = Section::ArcsList;
      } else if (word == "EDGESLIST") {
        section = Section::EdgesList;
      } else if (word == "MATRIX") {
        reader.fail("*Matrix sections are not read: save the network with *Arcs or *Edges");
      } else {
        reader.fail("unknown section *" + io::quoted(field));
      }
      continue;
    }
    std::string_view rest = line;
    switch (section) {
      case Section::None: reader.fail("a line before *Vertices");
      case Section::Skipped: break;
      case Section::Vertices: {
        next_field(rest, field, reader);
        const std::int32_t u = node_of(field);
        if (!next_field(rest, field, reader)) break;
        if (labels.empty()) labels.resize(static_cast<std::size_t>(n));
        labels[u] = std::string(field);
        any_labels = true;
        std::string_view x, y;
        if (next_field(rest, x, reader) && next_field(rest, y, reader)) {
          const auto xv = to_double(x), yv = to_double(y);
          if (xv && yv) {
            if (coords.empty()) coords.assign(static_cast<std::size_t>(n) * 2, std::numeric_limits<float>::quiet_NaN());
            coords[static_cast<std::size_t>(u) * 2] = to_float_saturated(*xv);
            coords[static_cast<std::size_t>(u) * 2 + 1] = to_float_saturated(*yv);
            any_coords = true;
          }
        }
        break;
      }
      case Section::Arcs:
      case Section::Edges: {
        std::string_view a, b;
        if (!next_field(rest, a, reader) || !next_field(rest, b, reader)) reader.fail("expected \"U V [weight]\"");
        const std::int32_t u = node_of(a), v = node_of(b);
        double w = 1.0;
        // A third word that is a drawing option starts the options ("c Blue"): no weight.
        bool option_first = false;
        if (next_field(rest, field, reader)) {
          option_first = is_drawing_option(field);
          if (!option_first && !to_double(field)) {
            reader.fail("the weight " + io::quoted(field) +
                        " is not a number (write it as 2.5, or start the drawing options with a keyword such as c, w or l)");
          }
          if (!option_first) w = parse_finite(field, reader, "the weight");
        }
        const auto record = static_cast<std::size_t>(add(u, v, w, section == Section::Arcs));
        std::string_view key = field, value;
        bool have_key = option_first || next_field(rest, key, reader);
        while (have_key && next_field(rest, value, reader)) {
          TypedValue text;
          text.text = std::string(value);
          set_widened(builder.record_attributes(), key, record, text);
          have_key = next_field(rest, key, reader);
        }
        break;
      }
      case Section::ArcsList:
      case Section::EdgesList: {
        next_field(rest, field, reader);
        const std::int32_t u = node_of(field);
        while (next_field(rest, field, reader)) add(u, node_of(field), 1.0, section == Section::ArcsList);
        break;
      }
    }
  }
  if (n < 0) reader.fail_at(reader.line_number(), "no *Vertices line: not a Pajek network");
  out.report.records_read = strengths.records();
  strengths.finish(source, out.report);
  out.graph = builder.build(any_directed, out.report);
  Graph& g = out.graph;
  g.ids.resize(static_cast<std::size_t>(n));
  for (std::int64_t u = 0; u < n; ++u) g.ids[u] = u + 1;
  if (any_labels) {
    g.names.resize(static_cast<std::size_t>(n));
    for (std::int64_t u = 0; u < n; ++u) g.names[u] = labels[u].empty() ? std::to_string(u + 1) : std::move(labels[u]);
  }
  if (any_coords) {
    g.coord_dims = 2;
    g.coords = std::move(coords);
  }
  return out;
}

bool looks_like_pajek(std::istream& in) {
  LineReader reader(in, "");
  while (reader.next()) {
    const std::string_view line = trim(reader.line());
    if (line.empty() || line.front() == '%') continue;
    if (line.front() != '*') return false;
    std::string_view rest = line.substr(1), word;
    WordCursor cursor(rest);
    if (!cursor.next(word)) return false;
    const std::string upper = to_upper(word);
    return upper == "VERTICES" || upper == "NETWORK";
  }
  return false;
}

}  // namespace pathscope::io
