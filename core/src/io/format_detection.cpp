// Choosing a file's format from the format table: by name, by extension, by content.
#include <filesystem>

#include "io/input_file.hpp"
#include "pathscope/error.hpp"
#include "pathscope/file_formats.hpp"

namespace pathscope {

namespace {

// A test that cannot read its way through the content (a line over the reader's limit) has
// not recognised it.
bool sniff_accepts(const FileFormat& format, std::istream& in) {
  in.clear();
  in.seekg(0);
  try {
    return format.sniff(in);
  } catch (const Error&) {
    return false;
  }
}

bool has_text(std::istream& in) {
  in.clear();
  in.seekg(0);
  for (char c; in.get(c);) {
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return true;
  }
  return false;
}

std::string extension_list(const FileFormat& format) {
  std::string list;
  for (const auto& extension : format.extensions) list += (list.empty() ? "" : " ") + extension;
  return list;
}

}  // namespace

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

const FileFormat* sniff_graph_format(std::istream& in) {
  for (const FileFormat* format : file_formats_of(InputKind::Graph)) {
    if (format->sniff && sniff_accepts(*format, in)) return format;
  }
  return nullptr;
}

const FileFormat& detect_graph_format(const std::string& path) {
  const std::string extension = file_extension(path);
  std::vector<const FileFormat*> claimants;
  for (const FileFormat* format : file_formats_of(InputKind::Graph)) {
    if (!extension.empty() && format->has_extension(extension)) claimants.push_back(format);
  }
  if (claimants.size() == 1) return *claimants.front();
  auto in = io::open_input_file(path);
  if (!claimants.empty()) {
    for (const FileFormat* format : claimants) {
      if (format->sniff && sniff_accepts(*format, in)) return *format;
    }
    // Content of a format known by another extension (an LGL graph saved as .txt) is read as
    // what it is, rather than by a reader that would find another graph in it.
    if (const FileFormat* sniffed = sniff_graph_format(in)) return *sniffed;
    return *claimants.back();
  }
  if (const FileFormat* sniffed = sniff_graph_format(in)) return *sniffed;
  if (!has_text(in)) throw Error(path + " is empty: there is no graph in it");
  std::string known;
  for (const FileFormat* format : file_formats_of(InputKind::Graph)) {
    known += (known.empty() ? "" : ", ") + format->name + " (" + extension_list(*format) + ")";
  }
  const std::string name_part =
      extension.empty() ? std::string("the name has no extension") : "no format uses the extension " + extension;
  throw Error(path + ": cannot tell the graph format: " + name_part + " and the content matches none of them (" + known +
              "); choose one with --format or the open dialog's Format box");
}

bool is_graph_file_name(std::string_view path) {
  const std::string extension = file_extension(path);
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
