#include "apsp/table_fingerprint.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/sha256.hpp"

namespace pathscope::detail {
namespace {

constexpr const char* kFirstLine = "pathscope all-pairs table fingerprint 1";
// Four short lines; anything longer is not a fingerprint file.
constexpr std::int64_t kMaxFingerprintBytes = 4096;

std::string printable(const std::string& text) {
  std::string out;
  for (const char c : text.substr(0, 80)) {
    const auto byte = static_cast<unsigned char>(c);
    out += byte >= 32 && byte < 127 ? c : '?';
  }
  return out;
}

template <typename T>
void hash_vector(Sha256& hash, const std::vector<T>& values) {
  const std::uint64_t count = values.size();
  hash.update(&count, sizeof count);
  hash.update(values.data(), values.size() * sizeof(T));
}

}  // namespace

std::string table_fingerprint_path(const std::string& table_path) { return table_path + ".fingerprint"; }

std::string graph_fingerprint(const Graph& g) {
  Sha256 hash;
  const std::int64_t n = g.n;
  hash.update(&n, sizeof n);
  for (std::int32_t u = 0; u < g.n; ++u) {
    const std::string label = g.label(u);
    const std::uint64_t bytes = label.size();
    hash.update(&bytes, sizeof bytes);
    hash.update(label.data(), label.size());
  }
  hash_vector(hash, g.offsets);
  hash_vector(hash, g.heads);
  hash_vector(hash, g.weights);
  const std::uint64_t loops = g.self_loops.size();
  hash.update(&loops, sizeof loops);
  for (const auto& loop : g.self_loops) {
    hash.update(&loop.node, sizeof loop.node);
    hash.update(&loop.weight, sizeof loop.weight);
  }
  return hash.hex_digest();
}

std::string table_fingerprint_text(const Graph& g, DistType dist) {
  return std::string(kFirstLine) + "\nnodes " + std::to_string(g.n) + "\ndist " + dist_type_name(dist) +
         "\ngraph sha256 " + graph_fingerprint(g) + "\n";
}

std::optional<TableFingerprint> read_table_fingerprint(const std::string& table_path) {
  const std::string path = table_fingerprint_path(table_path);
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return std::nullopt;
    throw Error("cannot read " + path + ": " + std::strerror(errno));
  }
  if (!S_ISREG(st.st_mode)) throw Error("cannot read " + path + ": not a regular file");
  if (st.st_size > kMaxFingerprintBytes)
    throw ParseError(path, 0, "a fingerprint file is a few lines, and this one is " + std::to_string(st.st_size) + " bytes");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot open " + path + ": " + std::strerror(errno));
  std::stringstream text;
  text << in.rdbuf();
  std::istringstream lines(text.str());
  TableFingerprint f;
  bool has_nodes = false, has_dist = false;
  std::string line;
  std::int64_t number = 0;
  while (std::getline(lines, line)) {
    ++number;
    if (number == 1) {
      if (line != kFirstLine)
        throw ParseError(path, 1, "not a pathscope table fingerprint (\"" + printable(line) + "\")");
      continue;
    }
    const auto space = line.find(' ');
    const std::string key = line.substr(0, space), value = space == std::string::npos ? "" : line.substr(space + 1);
    if (key == "nodes") {
      const bool digits = !value.empty() && value.size() <= 10 && value.find_first_not_of("0123456789") == std::string::npos;
      if (!digits) throw ParseError(path, number, "nodes must be a whole number (\"" + printable(value) + "\")");
      f.nodes = std::stoll(value);
      has_nodes = true;
    } else if (key == "dist") {
      try {
        f.dist = parse_dist_type(value);
      } catch (const Error&) {
        throw ParseError(path, number, "unknown distance type \"" + printable(value) + "\"");
      }
      has_dist = true;
    } else if (key == "graph") {
      const std::string prefix = "sha256 ";
      const std::string hex = value.rfind(prefix, 0) == 0 ? value.substr(prefix.size()) : "";
      if (hex.size() != 64 || hex.find_first_not_of("0123456789abcdef") != std::string::npos)
        throw ParseError(path, number, "graph must be \"sha256\" and 64 hex digits (\"" + printable(value) + "\")");
      f.graph_sha256 = hex;
    } else if (!line.empty()) {
      throw ParseError(path, number, "unknown line \"" + printable(line) + "\"");
    }
  }
  if (number == 0) throw ParseError(path, 0, "the fingerprint file is empty");
  if (!has_nodes || !has_dist || f.graph_sha256.empty())
    throw ParseError(path, number, "the fingerprint file lacks its nodes, dist or graph line");
  return f;
}

}  // namespace pathscope::detail
