// DIMACS-10 / METIS graph format: '%' comments, header "N M [FMT [NCON]]", then one adjacency
// line per node (1-based; a blank line is a node without neighbours), every edge listed from
// both ends. The sibling .xyz file gives node i's "x y z" on line i.
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

// Reserving for the declared node count only up to this many keeps a lying header in a tiny
// file from allocating gigabytes; real files grow the vector as their lines arrive.
constexpr std::int64_t kTrustedReserve = 1 << 22;

struct MetisHeader {
  std::int64_t n = 0, m = 0;
  bool vertex_sizes = false, vertex_weights = false, edge_weights = false;
  std::int64_t ncon = 0;
  std::int64_t line = 0;
};

MetisHeader parse_header(const LineReader& reader, const LoadOptions& options) {
  std::vector<std::string_view> words;
  split_words(reader.line(), words);
  if (words.size() < 2 || words.size() > 4) reader.fail("expected the header 'N M [FMT [NCON]]'");
  MetisHeader h;
  h.line = reader.line_number();
  h.n = parse_int64(words[0], reader, "node count N");
  h.m = parse_int64(words[1], reader, "edge count M");
  if (h.n < 0 || h.m < 0) reader.fail("negative count in the header");
  if (h.n > options.max_nodes || h.n > std::numeric_limits<std::int32_t>::max()) {
    reader.fail("header declares " + std::to_string(h.n) + " nodes, more than the limit of " +
                std::to_string(std::min<std::int64_t>(options.max_nodes,
                                                      std::numeric_limits<std::int32_t>::max())));
  }
  refuse_nodes_beyond_file(h.n, reader, "the header");
  if (h.m > options.max_arcs / 2) {
    reader.fail("header declares " + std::to_string(h.m) + " edges (two arcs each), more than the limit of " +
                std::to_string(options.max_arcs) + " arcs");
  }
  if (words.size() >= 3) {
    const std::string_view fmt = words[2];
    if (fmt.size() > 3 || fmt.find_first_not_of("01") != std::string_view::npos) {
      reader.fail("FMT must be up to three 0/1 digits, found " + quoted(fmt));
    }
    const std::string padded = std::string(3 - fmt.size(), '0') + std::string(fmt);
    h.vertex_sizes = padded[0] == '1';
    h.vertex_weights = padded[1] == '1';
    h.edge_weights = padded[2] == '1';
  }
  if (h.vertex_weights) h.ncon = 1;
  if (words.size() == 4) {
    h.ncon = parse_int64(words[3], reader, "NCON");
    if (h.ncon < 0 || h.ncon > 1024) reader.fail("NCON " + std::to_string(h.ncon) + " is out of range 0..1024");
    if (!h.vertex_weights && h.ncon != 0) reader.fail("NCON given but FMT has no vertex weights");
  }
  return h;
}

// Reads the .xyz side file: line i holds node i's coordinates. Returns 2 or 3 dimensions.
int read_xyz(SideInput side, std::int64_t n, std::vector<double>& xyz) {
  LineReader reader(*side.stream, side.name);
  xyz.assign(static_cast<std::size_t>(n) * 3, 0.0);
  std::int64_t node = 0;
  bool any_z = false;
  std::string_view word;
  while (reader.next()) {
    if (is_blank(reader.line())) continue;
    if (node == n) reader.fail("more coordinate lines than the " + std::to_string(n) + " nodes");
    WordCursor cursor(reader.line());
    for (int d = 0; d < 3; ++d) {
      if (!cursor.next(word)) {
        if (d == 2) break;  // "x y" lines are accepted too
        reader.fail("truncated coordinate line: expected 'x y z'");
      }
      xyz[3 * node + d] = parse_finite(word, reader, "coordinate");
    }
    if (!cursor.at_end()) reader.fail("extra fields after 'x y z'");
    any_z = any_z || xyz[3 * node + 2] != 0.0;
    ++node;
  }
  if (node != n) {
    reader.fail_at(reader.line_number(), "has " + std::to_string(node) +
                                             " coordinate lines but the graph has " + std::to_string(n) +
                                             " nodes");
  }
  return any_z ? 3 : 2;
}

}  // namespace

LoadedGraph read_metis(std::istream& in, const std::string& source, const LoadOptions& options,
                       SideInput coordinates) {
  LoadedGraph out;
  out.report.source = source;
  out.report.format = "metis";
  out.report.undirected_input = true;
  LineReader reader(in, source);

  bool have_header = false;
  MetisHeader h;
  while (reader.next()) {
    const auto text = trim(reader.line());
    if (text.empty() || text.front() == '%') continue;
    h = parse_header(reader, options);
    have_header = true;
    break;
  }
  if (!have_header) reader.fail_at(reader.line_number(), "no 'N M' header: empty METIS file");

  std::vector<double> xyz;
  int dims = 0;
  if (coordinates.stream) dims = read_xyz(coordinates, h.n, xyz);
  const bool euclidean = !h.edge_weights && dims > 0;

  GraphBuilder builder(static_cast<std::int32_t>(h.n));
  StrengthArcs strengths(options, builder);
  std::int64_t node = 0, entries = 0;
  // Each edge is listed from both ends; it is added once, from its lower end, and the two
  // listings are matched at the end so a one-sided entry is an error rather than a lost edge.
  std::vector<std::uint64_t> upward, downward;
  std::vector<std::int64_t> node_lines;  // for naming the line of a one-sided entry
  node_lines.reserve(static_cast<std::size_t>(std::min(h.n, kTrustedReserve)));
  const auto pair_key = [](std::int32_t low, std::int32_t high) {
    return (static_cast<std::uint64_t>(low) << 32) | static_cast<std::uint32_t>(high);
  };
  std::string_view word;
  while (reader.next()) {
    const auto text = trim(reader.line());
    if (!text.empty() && text.front() == '%') continue;
    if (node == h.n) {
      if (text.empty()) continue;  // trailing blank lines
      reader.fail("more adjacency lines than the " + std::to_string(h.n) + " nodes declared at line " +
                  std::to_string(h.line));
    }
    const auto u = static_cast<std::int32_t>(node);
    node_lines.push_back(reader.line_number());
    WordCursor cursor(text);
    const std::int64_t skip = (h.vertex_sizes ? 1 : 0) + h.ncon;
    for (std::int64_t i = 0; i < skip; ++i) {
      if (!cursor.next(word)) reader.fail("truncated line: missing vertex size or weight");
      parse_finite(word, reader, "for a vertex size or weight");
    }
    while (cursor.next(word)) {
      const std::int64_t id = parse_int64(word, reader, "neighbour id");
      if (id < 1 || id > h.n) {
        reader.fail("neighbour id " + std::to_string(id) + " is out of range 1.." + std::to_string(h.n));
      }
      const auto v = static_cast<std::int32_t>(id - 1);
      double w = 1;
      if (h.edge_weights) {
        if (!cursor.next(word)) reader.fail("truncated line: neighbour " + std::to_string(id) + " has no edge weight");
        w = parse_finite(word, reader, "for the edge weight");
      } else if (euclidean) {
        const double dx = xyz[3 * u] - xyz[3 * v], dy = xyz[3 * u + 1] - xyz[3 * v + 1],
                     dz = xyz[3 * u + 2] - xyz[3 * v + 2];
        w = std::max(1.0, std::round(std::sqrt(dx * dx + dy * dy + dz * dz)));
      }
      ++entries;
      if (entries > 2 * h.m) {
        reader.fail("more adjacency entries than the 2*" + std::to_string(h.m) + " the header at line " +
                    std::to_string(h.line) + " declares");
      }
      if (u < v) {
        strengths.add(u, v, w, true, reader.line_number());
        upward.push_back(pair_key(u, v));
      } else if (u > v) {
        downward.push_back(pair_key(v, u));
      } else {
        strengths.add(u, v, w, false, reader.line_number());  // a self-loop: the builder drops and counts it
      }
    }
    ++node;
  }
  if (node != h.n) {
    reader.fail_at(h.line, "header declares " + std::to_string(h.n) + " nodes but the file has " +
                               std::to_string(node) + " adjacency lines");
  }
  if (entries != 2 * h.m) {
    reader.fail_at(h.line, "header declares " + std::to_string(h.m) + " edges, so the degrees should sum to " +
                               std::to_string(2 * h.m) + ", but they sum to " + std::to_string(entries));
  }
  std::sort(upward.begin(), upward.end());
  std::sort(downward.begin(), downward.end());
  if (upward != downward) {
    const auto [up, down] = std::mismatch(upward.begin(), upward.end(), downward.begin(), downward.end());
    const bool only_up = down == downward.end() || (up != upward.end() && *up < *down);
    const std::uint64_t key = only_up ? *up : *down;
    const std::int64_t low = static_cast<std::int64_t>(key >> 32) + 1, high = static_cast<std::int64_t>(key & 0xffffffffu) + 1;
    const std::int64_t lister = only_up ? low : high;
    reader.fail_at(node_lines[lister - 1], "adjacency lists are not symmetric: node " + std::to_string(only_up ? low : high) +
                          " lists " + std::to_string(only_up ? high : low) + " but not the other way round");
  }
  out.report.lines_read = reader.line_number();
  out.report.records_read = h.m;
  strengths.finish(source, out.report);
  out.graph = builder.build(false, out.report);
  out.graph.ids.resize(static_cast<std::size_t>(h.n));
  for (std::int64_t i = 0; i < h.n; ++i) out.graph.ids[i] = i + 1;
  if (dims > 0) {
    out.graph.coord_dims = dims;
    out.graph.coords.resize(static_cast<std::size_t>(h.n) * dims);
    for (std::int64_t i = 0; i < h.n; ++i) {
      for (int d = 0; d < dims; ++d) out.graph.coords[i * dims + d] = to_float_saturated(xyz[3 * i + d]);
    }
    out.report.notes.push_back("coordinates from " + coordinates.name);
  }
  if (h.edge_weights) {
    out.report.notes.push_back("edge weights from the file");
  } else if (euclidean) {
    out.report.notes.push_back(
        "the file has no edge weights: each edge costs the Euclidean distance between its ends "
        "from " + coordinates.name + ", rounded to the nearest integer and at least 1, so integer engines apply");
  } else {
    out.report.notes.push_back("the file has no edge weights and no .xyz file: every edge costs 1");
  }
  mark_weight_kinds(out.graph);
  return out;
}

}  // namespace pathscope::io
