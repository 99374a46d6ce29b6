// load_graph(): from a spec to a graph. Generator specs go to the random generator; files go
// to the reader their format names (given, by extension, or by a look at the content).
#include "pathscope/load.hpp"

#include <filesystem>
#include <fstream>
#include <optional>

#include "io/readers.hpp"
#include "io/text_fields.hpp"
#include "pathscope/error.hpp"
#include "pathscope/random_graph.hpp"
#include "pathscope/read_stream.hpp"

namespace pathscope {

namespace {

const char* const kFormats[] = {"dimacs", "metis", "edge-table", "json", "tsplib", "mtx", "dense"};

void check_format(const std::string& format) {
  for (const char* known : kFormats) {
    if (format == known) return;
  }
  std::string list;
  for (const char* known : kFormats) list += (list.empty() ? "" : ", ") + std::string(known);
  throw Error("unknown input format '" + format + "' (known: " + list + ")");
}

std::ifstream open_input(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw Error("cannot read " + path + ": it is a folder");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot open " + path + ": no such file or no permission");
  return in;
}

std::string lower_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& c : ext) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return ext;
}

std::string format_of(const std::string& path) {
  const std::string ext = lower_extension(path);
  if (ext == ".gr") return "dimacs";
  if (ext == ".graph") return "metis";
  if (ext == ".json") return "json";
  if (ext == ".tsp") return "tsplib";
  if (ext == ".mtx") return "mtx";
  if (ext == ".csv" || ext == ".tsv" || ext == ".edges") return "edge-table";
  if (ext == ".txt") {
    auto in = open_input(path);
    return io::looks_like_dense_matrix(in) ? "dense" : "edge-table";
  }
  auto in = open_input(path);
  std::string sniffed = io::sniff_format(in);
  if (!sniffed.empty()) return sniffed;
  auto again = open_input(path);
  return io::looks_like_dense_matrix(again) ? "dense" : "edge-table";
}

// The sibling file with the same stem and another extension (rome99.gr -> rome99.co).
std::optional<std::string> sibling(const std::string& path, const std::string& extension) {
  std::filesystem::path p(path);
  p.replace_extension(extension);
  std::error_code ec;
  if (std::filesystem::is_regular_file(p, ec)) return p.string();
  return std::nullopt;
}

}  // namespace

LoadedGraph read_graph_stream(std::istream& in, const std::string& source_name, const std::string& format,
                              const LoadOptions& options, std::istream* side, const std::string& side_name) {
  check_format(format);
  const io::SideInput side_input{side, side_name};
  if (format == "dimacs") return io::read_dimacs_gr(in, source_name, options, side_input);
  if (format == "metis") return io::read_metis(in, source_name, options, side_input);
  if (format == "edge-table") return io::read_edge_table(in, source_name, options);
  if (format == "json") return io::read_node_link_json(in, source_name, options);
  if (format == "tsplib") return io::read_tsplib_graph(in, source_name, options);
  if (format == "mtx") return io::read_matrix_market(in, source_name, options);
  return io::read_dense_matrix(in, source_name, options);
}

void apply_node_table_stream(std::istream& in, const std::string& source_name, LoadedGraph& loaded,
                             const LoadOptions& options) {
  io::apply_node_table(in, source_name, loaded, options);
}

LoadedGraph load_graph(const std::string& spec, const LoadOptions& options) {
  LoadedGraph out;
  if (spec.rfind("random:", 0) == 0) {
    const RandomGraphSpec random_spec = parse_random_spec(spec);
    out.report.source = spec;
    out.report.format = "random";
    out.graph = generate_random_graph(random_spec, out.report);
  } else {
    const std::string format = options.format.empty() ? format_of(spec) : options.format;
    check_format(format);
    auto in = open_input(spec);
    std::optional<std::string> side_path;
    if (format == "dimacs") side_path = sibling(spec, ".co");
    if (format == "metis") side_path = sibling(spec, ".xyz");
    std::ifstream side_stream;
    if (side_path) side_stream = open_input(*side_path);
    out = read_graph_stream(in, spec, format, options, side_path ? &side_stream : nullptr, side_path.value_or(""));
  }
  if (!options.node_table.empty()) {
    auto table = open_input(options.node_table);
    io::apply_node_table(table, options.node_table, out, options);
  }
  out.report.source = spec;
  return out;
}

EdgeCostRule parse_edge_cost_rule(const std::string& word) {
  const std::string w = io::to_upper(io::trim(word));
  if (w == "WEIGHT") return EdgeCostRule::Weight;
  if (w == "HOPS") return EdgeCostRule::Hops;
  if (w == "INVERSE") return EdgeCostRule::Inverse;
  if (w == "MAX-MINUS" || w == "MAX_MINUS" || w == "MAXMINUS") return EdgeCostRule::MaxMinus;
  throw Error("unknown edge-cost rule '" + word + "' (known: weight, hops, inverse, max-minus)");
}

}  // namespace pathscope
