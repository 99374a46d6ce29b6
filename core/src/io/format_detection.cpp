// Choosing a file's format from the format table: by name, by extension, by content.
#include "io/format_detection.hpp"

#include <filesystem>

#include "io/input_file.hpp"
#include "io/readers.hpp"
#include "pathscope/io/file_formats.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

namespace {

// Each test reads the sample from its start. A test that cannot read its way through the
// content (a line over the reader's limit) has not recognised it.
bool sniff_accepts(const FileFormat& format, io::ContentSample sample) {
  io::SampleStream in(sample);
  try {
    return format.sniff(in);
  } catch (const Error&) {
    return false;
  }
}

bool has_text(std::string_view text) { return text.find_first_not_of(" \t\r\n") != std::string_view::npos; }

std::string extension_list(const FileFormat& format) {
  std::string list;
  for (const auto& extension : format.extensions) list += (list.empty() ? "" : " ") + extension;
  return list;
}

// DOT is common enough to be named when refused: a table reader would find rows of words in it.
void refuse_graphviz_dot(const std::string& path, io::ContentSample sample) {
  io::SampleStream in(sample);
  bool dot = false;
  try {
    dot = io::looks_like_graphviz_dot(in);
  } catch (const Error&) {
  }
  if (!dot) return;
  throw Error(path + ": GraphViz DOT is not supported; convert it with Graphviz's gv2gml (gv2gml " +
              "graph.dot > graph.gml) or networkx (nx.nx_agraph.read_dot, then nx.write_graphml) and open the result");
}

}  // namespace

const FileFormat* io::sniff_graph_sample(ContentSample sample) {
  for (const FileFormat* format : file_formats_of(InputKind::Graph)) {
    if (format->sniff && sniff_accepts(*format, sample)) return format;
  }
  return nullptr;
}

std::vector<const FileFormat*> file_formats_of(InputKind kind) {
  std::vector<const FileFormat*> out;
  for (const auto& format : file_formats()) {
    if (format.kind == kind) out.push_back(&format);
  }
  return out;
}

std::string format_names(InputKind kind) {
  std::string list;
  for (const FileFormat* format : file_formats_of(kind)) list += (list.empty() ? "" : ", ") + format->name;
  return list;
}

const FileFormat& file_format_named(std::string_view name, InputKind kind) {
  for (const FileFormat* format : file_formats_of(kind)) {
    if (format->name == name) return *format;
  }
  throw Error("unknown input format '" + std::string(name) + "' (known: " + format_names(kind) + ")");
}

std::string file_extension(std::string_view path) {
  std::string extension = std::filesystem::path(path).extension().string();
  for (char& c : extension) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return extension;
}

std::string content_extension(std::string_view path) {
  if (io::compression_of_name(path) != io::Compression::None) {
    path = path.substr(0, path.rfind('.'));
  }
  return file_extension(path);
}

const FileFormat* sniff_graph_format(std::istream& in) {
  std::string storage;
  return io::sniff_graph_sample(io::read_content_sample(in, storage));
}

const FileFormat& detect_graph_format(const std::string& path) {
  return io::detect_graph_format(path, io::open_input_file(path)->sample());
}

const FileFormat& io::detect_graph_format(const std::string& path, ContentSample sample) {
  refuse_graphviz_dot(path, sample);
  const std::string extension = content_extension(path);
  std::vector<const FileFormat*> claimants;
  for (const FileFormat* format : file_formats_of(InputKind::Graph)) {
    if (!extension.empty() && format->has_extension(extension)) claimants.push_back(format);
  }
  if (claimants.size() == 1) return *claimants.front();
  if (!claimants.empty()) {
    for (const FileFormat* format : claimants) {
      if (format->sniff && sniff_accepts(*format, sample)) return *format;
    }
    // Content of a format known by another extension (an LGL graph saved as .txt) is read as
    // what it is, rather than by a reader that would find another graph in it.
    if (const FileFormat* sniffed = io::sniff_graph_sample(sample)) return *sniffed;
    return *claimants.back();
  }
  if (const FileFormat* sniffed = io::sniff_graph_sample(sample)) return *sniffed;
  if (!has_text(sample.text)) throw Error(path + " is empty: there is no graph in it");
  std::string known;
  for (const FileFormat* format : file_formats_of(InputKind::Graph)) {
    known += (known.empty() ? "" : ", ") + format->name + " (" + extension_list(*format) + ")";
  }
  const std::string name_part =
      extension.empty() ? std::string("the name has no extension") : "no format uses the extension " + extension;
  throw Error(path + ": cannot tell the graph format: " + name_part + " and the content matches none of them (" + known +
              "); choose one with --input-format or the open dialog's Format box");
}

bool is_graph_file_name(std::string_view path) {
  const std::string extension = content_extension(path);
  if (extension.empty()) return false;
  bool graph = false;
  for (const auto& format : file_formats()) {
    if (!format.has_extension(extension)) continue;
    if (format.kind != InputKind::Graph) return false;
    graph = true;
  }
  return graph;
}

}  // namespace pathscope
