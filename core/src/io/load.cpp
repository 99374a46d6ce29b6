// load_graph(): from a spec to a graph. Generator specs go to the random generator; files go
// to the reader of their format in the format table (named, or detected by
// detect_graph_format from the extension and the content).
#include "pathscope/io/load.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <optional>

#include "io/format_detection.hpp"
#include "io/input_file.hpp"
#include "io/load_cancel.hpp"
#include "io/readers.hpp"
#include "io/text_fields.hpp"
#include "pathscope/filter/graph_mask.hpp"
#include "pathscope/io/connectome_generator.hpp"
#include "pathscope/io/file_formats.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/io/read_stream.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

namespace {

// "" (the plain file) first, then each compression suffix.
std::vector<std::string> with_plain(const std::vector<std::string>& suffixes) {
  std::vector<std::string> all{""};
  all.insert(all.end(), suffixes.begin(), suffixes.end());
  return all;
}

// The sibling file with the same stem and another extension (rome99.gr -> rome99.co), plain
// or compressed, beside a plain or compressed main file (rome99.gr.gz -> rome99.co.gz).
std::optional<std::string> sibling(const std::string& path, const std::string& extension) {
  std::filesystem::path p(path);
  if (io::compression_of_name(path) != io::Compression::None) p.replace_extension();
  p.replace_extension(extension);
  for (const std::string& compressed : with_plain(io::compression_suffixes())) {
    std::error_code ec;
    const std::string candidate = p.string() + compressed;
    if (std::filesystem::is_regular_file(candidate, ec)) return candidate;
  }
  return std::nullopt;
}

// A file named `name` (plain or compressed) in the folder of `path`.
std::optional<std::string> companion(const std::string& path, const std::string& name) {
  const auto folder = std::filesystem::path(path).parent_path();
  for (const std::string& compressed : with_plain(io::compression_suffixes())) {
    std::error_code ec;
    const std::string candidate = (folder / (name + compressed)).string();
    if (std::filesystem::is_regular_file(candidate, ec) && !std::filesystem::equivalent(candidate, path, ec))
      return candidate;
  }
  return std::nullopt;
}

// A shortest path has at most n-1 arcs; when that many arcs of the largest cost would sum past
// the largest double, the sum becomes +inf, which every search and matrix reads as "no path".
// Such a file is refused here, naming an arc, rather than answered wrongly later.
void refuse_costs_beyond_double_sums(const Graph& g, const std::string& source) {
  const double limit = std::numeric_limits<double>::max() / std::max(1, g.n - 1);
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      if (std::fabs(g.weights[a]) <= limit) continue;
      throw Error(source + ": the arc " + g.label(u) + " -> " + g.label(g.heads[a]) + " costs " +
                  io::format_number(g.weights[a]) + ", and a path of " + std::to_string(g.n - 1) +
                  " arcs that size would sum past the largest double (" +
                  io::format_number(std::numeric_limits<double>::max()) +
                  "), where distances stop being numbers: in a graph of " + std::to_string(g.n) +
                  " nodes no cost may exceed " + io::format_number(limit) + " in size");
    }
}

// "-": standard input, streamed like a file (the content tests look at its sample). No
// sibling files: there is no name to find them by.
LoadedGraph read_standard_input(const LoadOptions& options, const io::InputControls& controls) {
  auto in = io::open_standard_input(controls);
  const std::string& source = in->name();
  if (!options.format.empty()) return file_format_named(options.format).read_graph(*in, source, options, nullptr, "");
  const FileFormat* format = io::sniff_graph_sample(in->sample());
  if (!format) throw Error(source + ": cannot tell the graph format from the content: give --input-format (" +
                           format_names(InputKind::Graph) + ")");
  return format->read_graph(*in, source, options, nullptr, "");
}

}  // namespace

LoadedGraph read_graph_stream(std::istream& in, const std::string& source_name, const std::string& format,
                              const LoadOptions& options, std::istream* side, const std::string& side_name) {
  LoadedGraph out = file_format_named(format).read_graph(in, source_name, options, side, side_name);
  refuse_costs_beyond_double_sums(out.graph, source_name);
  return out;
}

void apply_node_table_stream(std::istream& in, const std::string& source_name, LoadedGraph& loaded,
                             const LoadOptions& options) {
  // A node table whose content says what it is (a connectome's neuron table) is read as that;
  // anything else as a plain node table.
  for (const FileFormat* format : file_formats_of(InputKind::NodeTable)) {
    if (!format->sniff) continue;
    const auto at = in.tellg();
    bool accepted = false;
    if (at != std::streampos(-1)) {
      accepted = format->sniff(in);
      in.clear();
      in.seekg(at);
    } else if (const auto* input = dynamic_cast<io::InputStream*>(&in)) {
      io::SampleStream sample(input->sample());
      accepted = format->sniff(sample);
    }
    if (accepted) return format->read_node_table(in, source_name, loaded, options);
  }
  file_format_named("node-table", InputKind::NodeTable).read_node_table(in, source_name, loaded, options);
}

namespace {

// LoadOptions::keep: the graph becomes the part it keeps (weight flags and all, as a file of only
// its rows would read), and the report says what that was.
void keep_filtered(LoadedGraph& loaded, const GraphFilter& keep, const std::string& spec) {
  GraphMask mask;
  try {
    mask = make_graph_mask(loaded.graph, keep);
  } catch (const UsageError& e) {
    throw UsageError((spec == "-" ? std::string("standard input") : spec) + ": " + e.what());
  }
  loaded.report.filter = summarize_mask(loaded.graph, mask, keep).text();
  loaded.graph = masked_subgraph(loaded.graph, mask);
}

LoadedGraph load_unchecked(const std::string& spec, const LoadOptions& options, const JobContext& job) {
  const io::InputControls controls{job, options.max_decompressed_bytes};
  if (spec == "-" && options.node_table == "-")
    throw Error("standard input can be read only once: the graph and --node-table cannot both be '-'");
  LoadedGraph out;
  if (is_random_graph_spec(spec)) {
    const RandomGraphSpec random_spec = parse_random_spec(spec);
    out.report.source = spec;
    out.report.format = random_spec.dag ? "random-dag" : "random";
    out.graph = generate_random_graph(random_spec, out.report);
  } else if (spec.rfind("connectome:", 0) == 0) {
    out = generate_connectome(parse_connectome_spec(spec), spec, options);
  } else if (spec == "-") {
    out = read_standard_input(options, controls);
  } else {
    const FileFormat* named = options.format.empty() ? nullptr : &file_format_named(options.format);
    auto in = io::open_input_file(spec, controls);
    const FileFormat& format = named ? *named : io::detect_graph_format(spec, in->sample());
    std::optional<std::string> side_path;
    for (const auto& candidate : format.siblings) {
      if (!side_path) side_path = sibling(spec, candidate.extension);
    }
    std::unique_ptr<io::InputStream> side_stream;
    if (side_path) side_stream = io::open_input_file(*side_path, controls);
    out = format.read_graph(*in, spec, options, side_stream.get(), side_path.value_or(""));
    for (const auto& name : format.companions) {
      if (const auto path = companion(spec, name)) {
        job.check_cancel();
        auto table = io::open_input_file(*path, controls);
        apply_node_table_stream(*table, *path, out, options);
      }
    }
  }
  job.check_cancel();
  if (!options.node_table.empty()) {
    auto table = io::open_input(options.node_table, controls);
    apply_node_table_stream(*table, table->name(), out, options);
  }
  job.check_cancel();
  if (!options.keep.empty()) {
    keep_filtered(out, options.keep, spec);
    job.check_cancel();
  }
  refuse_costs_beyond_double_sums(out.graph, spec);
  out.report.source = spec;
  return out;
}

}  // namespace

LoadedGraph load_graph(const std::string& spec, const LoadOptions& options, const JobContext& job) {
  const io::LoadCancelScope cancel_scope(job);
  try {
    return load_unchecked(spec, options, job);
  } catch (...) {
    // A reader that wraps the stream may turn the cancel into a failed read and that into its
    // own error ("truncated row"); what the person asked for was the stop.
    job.check_cancel();
    throw;
  }
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
