#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>

#include "export/export_text.hpp"
#include "pathscope/export/distance_export.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

std::string extension(const std::string& file) {
  const auto dot = file.find_last_of('.');
  const auto slash = file.find_last_of('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  std::string ext = file.substr(dot);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

// NumPy format 1.0 for a 1-D array: the header dict padded with spaces so the data starts on a
// 64-byte boundary, ending in a newline.
std::string npy_vector_preamble(std::int64_t n) {
  std::string dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (" + std::to_string(n) + ",), }";
  const std::size_t unpadded = 10 + dict.size() + 1;
  dict.append((64 - unpadded % 64) % 64, ' ');
  dict += '\n';
  std::string out = "\x93NUMPY";
  out += '\x01';
  out += '\x00';
  const auto length = static_cast<std::uint16_t>(dict.size());
  out += static_cast<char>(length & 0xFF);
  out += static_cast<char>(length >> 8);
  return out + dict;
}

}  // namespace

bool is_distance_file_name(const std::string& file) {
  const std::string ext = extension(file);
  return ext == ".npy" || ext == ".tsv" || ext == ".csv";
}

void write_distances(const std::string& file, const Graph& g, const std::vector<double>& distances) {
  const std::string ext = extension(file);
  if (!is_distance_file_name(file))
    throw Error("cannot tell how to write distances to " + file + ": name it .npy, .tsv or .csv");
  if (distances.size() != static_cast<std::size_t>(g.n))
    throw Error("internal: " + std::to_string(distances.size()) + " distances for " + std::to_string(g.n) + " nodes");
  AtomicFile out(file);
  if (ext == ".npy") {
    out.write(npy_vector_preamble(g.n));
    // Little-endian doubles: the machines pathscope builds for are all little-endian.
    out.write(distances.data(), distances.size() * sizeof(double));
    out.commit();
    return;
  }
  const char separator = ext == ".tsv" ? '\t' : ',';
  exporting::OutputBuffer buffer(out);
  std::string& text = buffer.text();
  text += std::string("index") + separator + "id" + (g.names.empty() ? "" : std::string(1, separator) + "name") +
          separator + "distance\n";
  for (std::int32_t u = 0; u < g.n; ++u) {
    text += std::to_string(u) + separator + std::to_string(g.display_id(u));
    if (!g.names.empty()) {
      text += separator;
      if (separator == ',') {
        exporting::append_csv(text, g.names[u]);
      } else {
        std::string name = g.names[u];
        std::replace_if(name.begin(), name.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
        exporting::append_utf8(text, name);
      }
    }
    text += separator;
    text += exporting::real_text(distances[u]);
    text += '\n';
    buffer.flush_if_big();
  }
  buffer.flush();
  out.commit();
}

}  // namespace pathscope
