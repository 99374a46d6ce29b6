// TSPLIB95 .tsp files: "KEY: value" (or "KEY : value") header lines, then sections
// (NODE_COORD_SECTION, EDGE_WEIGHT_SECTION, DISPLAY_DATA_SECTION, ...), with or without EOF.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <unordered_set>

#include "io/declared_size.hpp"
#include "io/input_file.hpp"
#include "io/line_reader.hpp"
#include "io/load_cancel.hpp"
#include "io/readers.hpp"
#include "io/text_fields.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/tsplib.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

namespace {

using io::LineReader;

// Coordinates beyond this would make some distance overflow int32 (TSPLIB costs are int).
constexpr double kMaxCoordinate = 1e8;

bool is_coordinate_type(const std::string& type) {
  for (const char* known : {"EUC_2D", "EUC_3D", "CEIL_2D", "MAN_2D", "MAN_3D", "MAX_2D", "MAX_3D", "GEO", "ATT"}) {
    if (type == known) return true;
  }
  return false;
}

int dims_of_type(const std::string& type) { return type.size() > 3 && type.substr(type.size() - 2) == "3D" ? 3 : 2; }

struct KeyValue {
  std::string key;
  std::string value;
};

// "KEY: value", "KEY : value", or a lone "KEY" (sections, EOF).
KeyValue split_key(std::string_view line) {
  const auto text = io::trim(line);
  const auto colon = text.find(':');
  if (colon != std::string_view::npos) {
    return {io::to_upper(io::trim(text.substr(0, colon))), std::string(io::trim(text.substr(colon + 1)))};
  }
  const auto space = text.find_first_of(" \t");
  if (space == std::string_view::npos) return {io::to_upper(text), ""};
  return {io::to_upper(text.substr(0, space)), std::string(io::trim(text.substr(space)))};
}

// A word that starts a keyword line (EOF, a section name) rather than a number: a section that
// meets one has ended early.
bool is_keyword(std::string_view word) {
  return !word.empty() && ((word.front() >= 'A' && word.front() <= 'Z') || (word.front() >= 'a' && word.front() <= 'z'));
}

// Numbers of an EDGE_WEIGHT_SECTION, which run across lines however the file wraps them.
class NumberStream {
 public:
  NumberStream(LineReader& reader, std::int64_t expected)
      : reader_(reader), cursor_(std::string_view{}), expected_(expected) {}
  std::int32_t next_cost() {
    std::string_view word;
    while (!cursor_.next(word)) {
      if (!reader_.next()) reader_.fail("file ends inside EDGE_WEIGHT_SECTION after " + progress());
      cursor_ = io::WordCursor(reader_.line());
    }
    const auto value = io::to_double(word);
    if (!value && is_keyword(word)) {
      reader_.fail("EDGE_WEIGHT_SECTION ended after " + progress() + " (this line holds " + io::quoted(word) + ")");
    }
    if (!value || *value != std::floor(*value) || std::fabs(*value) > std::numeric_limits<std::int32_t>::max()) {
      reader_.fail("expected an integer edge weight, found " + io::quoted(word));
    }
    ++taken_;
    return static_cast<std::int32_t>(*value);
  }
  void expect_line_end() {
    if (!cursor_.at_end()) reader_.fail("more edge weights than the EDGE_WEIGHT_FORMAT and DIMENSION call for");
  }

 private:
  std::string progress() const {
    return std::to_string(taken_) + " of the " + std::to_string(expected_) +
           " weights that EDGE_WEIGHT_FORMAT and DIMENSION call for";
  }

  LineReader& reader_;
  io::WordCursor cursor_;
  std::int64_t expected_ = 0, taken_ = 0;
};

class TsplibParser {
 public:
  TsplibParser(std::istream& in, const std::string& source, const LoadOptions& limits)
      : reader_(in, source), limits_(limits) {}

  TsplibInstance parse() {
    while (reader_.next()) {
      if (io::is_blank(reader_.line())) continue;
      const KeyValue kv = split_key(reader_.line());
      if (kv.key == "EOF") break;
      if (kv.key.size() > 8 && kv.key.substr(kv.key.size() - 8) == "_SECTION") {
        if (!kv.value.empty()) reader_.fail("unexpected text after " + kv.key);
        read_section(kv.key);
      } else {
        read_keyword(kv);
      }
    }
    finish();
    return std::move(instance_);
  }

 private:
  void read_keyword(const KeyValue& kv) {
    if (kv.key == "NAME") {
      instance_.name = kv.value;
    } else if (kv.key == "COMMENT") {
      instance_.comment += (instance_.comment.empty() ? "" : "\n") + kv.value;
    } else if (kv.key == "TYPE") {
      const std::string type = io::to_upper(kv.value);
      if (type == "TSP") {
        instance_.type = TsplibType::Tsp;
      } else if (type == "ATSP") {
        instance_.type = TsplibType::Atsp;
      } else {
        reader_.fail("TYPE " + io::quoted(kv.value) + " is not supported (TSP or ATSP)");
      }
    } else if (kv.key == "DIMENSION") {
      if (instance_.dimension > 0) reader_.fail("DIMENSION given twice");
      const std::int64_t k = io::parse_int64(kv.value, reader_, "DIMENSION");
      if (k < 1) reader_.fail("DIMENSION must be at least 1");
      if (k > limits_.max_nodes || k > 46340 || k * k > limits_.max_arcs) {
        reader_.fail("DIMENSION " + std::to_string(k) + " is too big: the " + std::to_string(k) + " x " +
                     std::to_string(k) + " cost matrix is over the limit of " + std::to_string(limits_.max_arcs) +
                     " entries");
      }
      instance_.dimension = static_cast<std::int32_t>(k);
    } else if (kv.key == "EDGE_WEIGHT_TYPE") {
      const std::string type = io::to_upper(kv.value);
      if (type != "EXPLICIT" && !is_coordinate_type(type)) {
        reader_.fail("EDGE_WEIGHT_TYPE " + io::quoted(kv.value) + " is not supported");
      }
      instance_.edge_weight_type = type;
    } else if (kv.key == "EDGE_WEIGHT_FORMAT") {
      instance_.edge_weight_format = io::to_upper(kv.value);
    } else if (kv.key == "NODE_COORD_TYPE") {
      const std::string type = io::to_upper(kv.value);
      if (type == "THREED_COORDS") node_coord_dims_ = 3;
    } else if (kv.key == "DISPLAY_DATA_TYPE" || kv.key == "CAPACITY" || kv.key == "EDGE_DATA_FORMAT") {
      // Accepted and not needed for costs.
    } else {
      reader_.fail("unknown keyword " + io::quoted(kv.key));
    }
  }

  std::int32_t need_dimension(const std::string& section) {
    if (instance_.dimension <= 0) reader_.fail(section + " before DIMENSION");
    return instance_.dimension;
  }

  void read_section(const std::string& section) {
    if (section == "NODE_COORD_SECTION") {
      if (!instance_.edge_weight_type.empty() && is_coordinate_type(instance_.edge_weight_type)) {
        node_coord_dims_ = dims_of_type(instance_.edge_weight_type);
      }
      read_points(section, node_coord_dims_, node_coords_);
      have_node_coords_ = true;
    } else if (section == "DISPLAY_DATA_SECTION") {
      read_points(section, 2, display_coords_);
      have_display_ = true;
    } else if (section == "EDGE_WEIGHT_SECTION") {
      read_weights();
    } else if (section == "FIXED_EDGES_SECTION") {
      skip_until_minus_one(section);
    } else {
      reader_.fail(section + " is not supported");
    }
  }

  void read_points(const std::string& section, int dims, std::vector<double>& points) {
    const std::int32_t k = need_dimension(section);
    if (!points.empty()) reader_.fail(section + " given twice");
    points.assign(static_cast<std::size_t>(k) * dims, 0.0);
    std::vector<char> seen(static_cast<std::size_t>(k), 0);
    std::vector<std::string_view> words;
    for (std::int32_t read = 0; read < k;) {
      if (!reader_.next()) reader_.fail("file ends inside " + section + " after " + std::to_string(read) + " of " + std::to_string(k) + " nodes");
      io::split_words(reader_.line(), words);
      if (words.empty()) continue;
      if (is_keyword(words[0])) {
        reader_.fail(section + " ended after " + std::to_string(read) + " of " + std::to_string(k) +
                     " nodes (this line holds " + io::quoted(words[0]) + ")");
      }
      if (words.size() != static_cast<std::size_t>(dims) + 1) {
        reader_.fail("expected a node number and " + std::to_string(dims) + " coordinates, found " +
                     std::to_string(words.size()) + " fields");
      }
      const std::int64_t id = io::parse_int64(words[0], reader_, "node number");
      if (id < 1 || id > k) reader_.fail("node number " + std::to_string(id) + " is out of range 1.." + std::to_string(k));
      if (seen[id - 1]) reader_.fail("node " + std::to_string(id) + " is listed twice");
      seen[id - 1] = 1;
      for (int d = 0; d < dims; ++d) {
        const double value = io::parse_finite(words[d + 1], reader_, "coordinate");
        if (std::fabs(value) > kMaxCoordinate) reader_.fail("coordinate " + io::quoted(words[d + 1]) + " is beyond +-1e8");
        points[static_cast<std::size_t>(id - 1) * dims + d] = value;
      }
      ++read;
    }
  }

  void read_weights() {
    const std::int32_t k = need_dimension("EDGE_WEIGHT_SECTION");
    if (!instance_.costs.empty()) reader_.fail("EDGE_WEIGHT_SECTION given twice");
    const std::string& format = instance_.edge_weight_format;
    if (format.empty()) reader_.fail("EDGE_WEIGHT_SECTION without EDGE_WEIGHT_FORMAT");
    // For a symmetric matrix a column-wise triangle lists the same numbers as the other
    // triangle row-wise, so four layouts cover all eight names.
    enum class Layout { Full, Upper, Lower, UpperDiag, LowerDiag } layout;
    if (format == "FULL_MATRIX") {
      layout = Layout::Full;
    } else if (format == "UPPER_ROW" || format == "LOWER_COL") {
      layout = Layout::Upper;
    } else if (format == "LOWER_ROW" || format == "UPPER_COL") {
      layout = Layout::Lower;
    } else if (format == "UPPER_DIAG_ROW" || format == "LOWER_DIAG_COL") {
      layout = Layout::UpperDiag;
    } else if (format == "LOWER_DIAG_ROW" || format == "UPPER_DIAG_COL") {
      layout = Layout::LowerDiag;
    } else {
      reader_.fail("EDGE_WEIGHT_FORMAT " + io::quoted(format) + " is not supported");
    }
    if (instance_.type == TsplibType::Atsp && layout != Layout::Full) {
      reader_.fail("an ATSP instance needs EDGE_WEIGHT_FORMAT FULL_MATRIX");
    }
    const std::int64_t kk = std::int64_t{k} * k;
    const std::int64_t expected = layout == Layout::Full ? kk
                                  : layout == Layout::Upper || layout == Layout::Lower ? (kk - k) / 2
                                                                                        : (kk + k) / 2;
    io::refuse_items_beyond_file(expected, reader_, "DIMENSION " + std::to_string(k) + " with EDGE_WEIGHT_FORMAT " + format,
                             "weights");
    instance_.costs.assign(static_cast<std::size_t>(k) * k, 0);
    auto& c = instance_.costs;
    const auto at = [k](std::int32_t i, std::int32_t j) { return static_cast<std::size_t>(i) * k + j; };
    NumberStream numbers(reader_, expected);
    const auto both = [&](std::int32_t i, std::int32_t j) { c[at(i, j)] = c[at(j, i)] = numbers.next_cost(); };
    for (std::int32_t i = 0; i < k; ++i) {
      switch (layout) {
        case Layout::Full:
          for (std::int32_t j = 0; j < k; ++j) c[at(i, j)] = numbers.next_cost();
          break;
        case Layout::Upper:
          for (std::int32_t j = i + 1; j < k; ++j) both(i, j);
          break;
        case Layout::Lower:
          for (std::int32_t j = 0; j < i; ++j) both(i, j);
          break;
        case Layout::UpperDiag:
          for (std::int32_t j = i; j < k; ++j) both(i, j);
          break;
        case Layout::LowerDiag:
          for (std::int32_t j = 0; j <= i; ++j) both(i, j);
          break;
      }
    }
    numbers.expect_line_end();
    have_weights_ = true;
  }

  void skip_until_minus_one(const std::string& section) {
    std::string_view word;
    for (;;) {
      if (!reader_.next()) reader_.fail("file ends inside " + section + " (no closing -1)");
      io::WordCursor cursor(reader_.line());
      while (cursor.next(word)) {
        if (word == "-1") {
          if (!cursor.at_end()) reader_.fail("text after the closing -1 of " + section);
          return;
        }
        io::parse_int64(word, reader_, "node number");
      }
    }
  }

  void finish() {
    const std::int32_t k = instance_.dimension;
    if (k <= 0) reader_.fail_at(reader_.line_number(), "no DIMENSION: not a TSPLIB file");
    const std::string& type = instance_.edge_weight_type;
    if (type.empty()) reader_.fail_at(reader_.line_number(), "no EDGE_WEIGHT_TYPE");
    if (type == "EXPLICIT") {
      if (!have_weights_) reader_.fail_at(reader_.line_number(), "EDGE_WEIGHT_TYPE EXPLICIT but no EDGE_WEIGHT_SECTION");
    } else {
      if (!have_node_coords_) reader_.fail_at(reader_.line_number(), "EDGE_WEIGHT_TYPE " + type + " but no NODE_COORD_SECTION");
      if (have_weights_) reader_.fail_at(reader_.line_number(), "EDGE_WEIGHT_SECTION given for EDGE_WEIGHT_TYPE " + type);
      const int dims = node_coord_dims_;
      if (dims < dims_of_type(type)) reader_.fail_at(reader_.line_number(), type + " needs 3-D coordinates");
      instance_.costs.assign(static_cast<std::size_t>(k) * k, 0);
      // Every coordinate rule is symmetric: half the pairs, mirrored, on all cores from 4,096
      // cities (a 15,000-city instance has 10^8 pairs); smaller ones take milliseconds on one.
      constexpr std::int32_t kParallelFromStops = 4096;
      auto& costs = instance_.costs;
      const double* coords = node_coords_.data();
      const JobContext& load = io::current_load_job();
#pragma omp parallel for schedule(dynamic, 64) if (k >= kParallelFromStops)
      for (std::int32_t i = 0; i < k; ++i) {
        if (load.cancel_requested()) continue;  // an OpenMP loop cannot be left: the rows are skipped
        for (std::int32_t j = i + 1; j < k; ++j) {
          const auto cost = tsplib_distance(type, coords + static_cast<std::size_t>(i) * dims, coords + static_cast<std::size_t>(j) * dims);
          costs[static_cast<std::size_t>(i) * k + j] = costs[static_cast<std::size_t>(j) * k + i] = cost;
        }
      }
      load.check_cancel();
    }
    if (have_node_coords_) {
      instance_.coord_dims = node_coord_dims_;
      instance_.coords = std::move(node_coords_);
    } else if (have_display_) {
      instance_.coord_dims = 2;
      instance_.coords = std::move(display_coords_);
      instance_.coords_from_display_data = true;
    }
  }

  LineReader reader_;
  const LoadOptions& limits_;
  TsplibInstance instance_;
  int node_coord_dims_ = 2;
  std::vector<double> node_coords_, display_coords_;
  bool have_node_coords_ = false, have_display_ = false, have_weights_ = false;
};

}  // namespace

TsplibInstance read_tsplib(std::istream& in, const std::string& source_name, const LoadOptions& limits) {
  return TsplibParser(in, source_name, limits).parse();
}

TsplibInstance read_tsplib(const std::string& path, const LoadOptions& limits) {
  auto in = io::open_input_file(path);
  return read_tsplib(*in, path, limits);
}

std::vector<std::int32_t> read_tsplib_tour(std::istream& in, const std::string& source_name) {
  LineReader reader(in, source_name);
  std::int64_t dimension = -1;
  std::vector<std::int32_t> tour;
  std::unordered_set<std::int32_t> visited;  // sized by the tour read, not by the header's claim
  bool in_section = false, closed = false;
  std::int64_t section_line = 0;
  std::string_view word;
  while (!closed && reader.next()) {
    if (io::is_blank(reader.line())) continue;
    if (!in_section) {
      const KeyValue kv = split_key(reader.line());
      if (kv.key == "EOF") break;
      if (kv.key == "TOUR_SECTION") {
        if (dimension < 0) reader.fail("TOUR_SECTION before DIMENSION");
        in_section = true;
        section_line = reader.line_number();
        tour.reserve(static_cast<std::size_t>(std::min<std::int64_t>(dimension, 1 << 20)));
      } else if (kv.key == "DIMENSION") {
        dimension = io::parse_int64(kv.value, reader, "DIMENSION");
        if (dimension < 1 || dimension > std::numeric_limits<std::int32_t>::max() / 2) {
          reader.fail("DIMENSION " + std::to_string(dimension) + " is out of range");
        }
      } else if (kv.key == "TYPE") {
        if (io::to_upper(kv.value) != "TOUR") reader.fail("TYPE is " + io::quoted(kv.value) + ", not TOUR");
      } else if (kv.key != "NAME" && kv.key != "COMMENT") {
        reader.fail("unknown keyword " + io::quoted(kv.key));
      }
      continue;
    }
    io::WordCursor cursor(reader.line());
    while (cursor.next(word)) {
      const std::int64_t id = io::parse_int64(word, reader, "city number");
      if (id == -1) {
        if (!cursor.at_end()) reader.fail("text after the closing -1");
        closed = true;
        break;
      }
      if (id < 1 || id > dimension) reader.fail("city " + std::to_string(id) + " is out of range 1.." + std::to_string(dimension));
      if (static_cast<std::int64_t>(tour.size()) == dimension) reader.fail("more than the " + std::to_string(dimension) + " cities of DIMENSION");
      if (!visited.insert(static_cast<std::int32_t>(id - 1)).second) reader.fail("city " + std::to_string(id) + " appears twice in the tour");
      tour.push_back(static_cast<std::int32_t>(id - 1));
    }
  }
  if (!in_section) reader.fail_at(reader.line_number(), "no TOUR_SECTION");
  if (static_cast<std::int64_t>(tour.size()) != dimension) {
    reader.fail_at(section_line, "tour lists " + std::to_string(tour.size()) + " cities but DIMENSION is " + std::to_string(dimension));
  }
  return tour;
}

std::vector<std::int32_t> read_tsplib_tour(const std::string& path) {
  auto in = io::open_input_file(path);
  return read_tsplib_tour(*in, path);
}

Graph tsplib_to_graph(const TsplibInstance& instance) {
  const std::int32_t k = instance.dimension;
  GraphBuilder builder(k);
  for (std::int32_t i = 0; i < k; ++i) {
    io::check_load_cancel();
    for (std::int32_t j = 0; j < k; ++j) {
      if (i != j) builder.add_arc(i, j, instance.cost(i, j));
    }
  }
  LoadReport unused;
  Graph g = builder.build(true, unused);
  g.ids.resize(static_cast<std::size_t>(k));
  for (std::int32_t i = 0; i < k; ++i) g.ids[i] = i + 1;
  if (instance.coord_dims > 0) {
    g.coord_dims = instance.coord_dims;
    g.coords.reserve(instance.coords.size());
    for (const double c : instance.coords) g.coords.push_back(io::to_float_saturated(c));
  }
  mark_weight_kinds(g);
  return g;
}

namespace io {

LoadedGraph read_tsplib_graph(std::istream& in, const std::string& source, const LoadOptions& options) {
  if (options.cost_rule != EdgeCostRule::Weight) {
    throw Error(source + ": a TSPLIB instance holds distances, not strengths, so no cost rule but 'weight' applies to it");
  }
  LoadedGraph out;
  const TsplibInstance instance = read_tsplib(in, source, options);
  out.graph = tsplib_to_graph(instance);
  out.report.source = source;
  out.report.format = "tsplib";
  out.report.records_read = instance.dimension;
  out.report.notes.push_back("TSPLIB " + std::string(instance.type == TsplibType::Atsp ? "ATSP" : "TSP") + " '" +
                             instance.name + "': complete graph on " + std::to_string(instance.dimension) +
                             " cities, costs by " + instance.edge_weight_type +
                             (instance.edge_weight_format.empty() ? "" : " " + instance.edge_weight_format) +
                             " with TSPLIB's rounding");
  if (instance.coords_from_display_data) out.report.notes.push_back("positions from DISPLAY_DATA_SECTION");
  return out;
}

}  // namespace io

}  // namespace pathscope
