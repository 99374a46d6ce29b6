// Help texts and dialog filters, written from the format table.
#include <algorithm>

#include "pathscope/io/file_formats.hpp"

namespace pathscope {

namespace {

std::string joined(const std::vector<std::string>& items, const char* separator) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : separator) + item;
  return out;
}

std::string padded(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text + "  ";
}

const char* heading(InputKind kind) {
  switch (kind) {
    case InputKind::Graph: return "Graph files (format by extension, else by content; --input-format NAME chooses one):";
    case InputKind::NodeTable: return "Node tables (--node-table FILE):";
    case InputKind::Table: return "Numeric tables:";
  }
  return "";
}

const char* files_title(InputKind kind) {
  switch (kind) {
    case InputKind::Graph: return "Graph files";
    case InputKind::NodeTable: return "Node tables";
    case InputKind::Table: return "Numeric tables";
  }
  return "";
}

std::string patterns(const std::vector<std::string>& extensions) {
  std::vector<std::string> globs;
  for (const auto& extension : extensions) globs.push_back("*" + extension);
  return joined(globs, " ");
}

}  // namespace

std::string input_formats_help(InputKind kind) {
  const auto formats = file_formats_of(kind);
  std::size_t name_width = 0;
  for (const FileFormat* format : formats) name_width = std::max(name_width, format->name.size());
  const std::string indent(2 + name_width + 2, ' ');
  std::string text = std::string(heading(kind)) + "\n";
  std::vector<std::string> sniffed;
  for (const FileFormat* format : formats) {
    text += "  " + padded(format->name, name_width) + format->title + " (" + joined(format->extensions, " ");
    for (const auto& sibling : format->siblings) text += "; with NAME" + sibling.extension + ": " + sibling.role;
    if (!format->companions.empty()) text += "; with " + joined(format->companions, ", ") + " in its folder: neuron tables";
    text += ")\n" + indent + format->description + "\n";
    if (format->sniff) sniffed.push_back(format->name);
  }
  if (!sniffed.empty()) text += "  Other extensions: recognised by content (" + joined(sniffed, ", ") + ").\n";
  std::vector<const InputGenerator*> generators;
  for (const auto& generator : input_generators()) {
    if (generator.kind == kind) generators.push_back(&generator);
  }
  if (!generators.empty()) {
    std::size_t syntax_width = 0;
    for (const auto* generator : generators) syntax_width = std::max(syntax_width, generator->syntax.size());
    text += "Generators, in place of a file:\n";
    for (const auto* generator : generators) {
      text += "  " + padded(generator->syntax, syntax_width) + generator->description + "\n";
    }
  }
  return text + "\n";
}

std::string file_dialog_filter(InputKind kind) {
  const auto formats = file_formats_of(kind);
  std::vector<std::string> all;
  for (const FileFormat* format : formats) {
    for (const auto& extension : format->extensions) {
      if (std::find(all.begin(), all.end(), extension) == all.end()) all.push_back(extension);
    }
  }
  std::vector<std::string> filters = {std::string(files_title(kind)) + " (" + patterns(all) + ")"};
  if (formats.size() > 1) {
    for (const FileFormat* format : formats) filters.push_back(format->title + " (" + patterns(format->extensions) + ")");
  }
  filters.push_back("All files (*)");
  return joined(filters, ";;");
}

}  // namespace pathscope
