#include "apsp/zarr_metadata.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "pathscope/apsp/npy_writer.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::detail {
namespace {

using nlohmann::json;

constexpr const char* kAttrsKey = "pathscope";
constexpr const char* kAttrsContent = "all-pairs distances";

// zarr's JSON for the unreachable value: a number, or "Infinity" for float (JSON has no inf).
json unreachable_json(DistType dist) {
  switch (dist) {
    case DistType::Int32: return kUnreachableI32;
    case DistType::Int64: return kUnreachableI64;
    case DistType::Hop16: return kUnreachableU16;
    case DistType::Float32: return "Infinity";
  }
  return nullptr;
}

std::string shown(const json& value) {
  std::string text = value.dump();
  return text.size() > 80 ? text.substr(0, 77) + "..." : text;
}

std::int64_t whole_number(const json& doc, const char* key, const std::string& file) {
  const auto it = doc.find(key);
  if (it == doc.end() || !it->is_number_integer())
    throw Error(file + ": '" + key + "' must be a whole number" + (it == doc.end() ? "" : " (it is " + shown(*it) + ")"));
  return it->get<std::int64_t>();
}

// A 2-D [a, b] of whole numbers from 0 (shape) or 1 (chunks) to int32's largest.
std::pair<std::int64_t, std::int64_t> pair_of(const json& doc, const char* key, std::int64_t least, const std::string& file) {
  const auto it = doc.find(key);
  const auto fit = [&](const json& x) {
    return x.is_number_integer() && x.get<std::int64_t>() >= least && x.get<std::int64_t>() <= std::numeric_limits<std::int32_t>::max();
  };
  if (it == doc.end() || !it->is_array() || it->size() != 2 || !fit((*it)[0]) || !fit((*it)[1]))
    throw Error(file + ": '" + key + "' must be two whole numbers from " + std::to_string(least) +
                " (an all-pairs table is a 2-D array)" + (it == doc.end() ? "" : "; it is " + shown(*it)));
  return {(*it)[0].get<std::int64_t>(), (*it)[1].get<std::int64_t>()};
}

}  // namespace

std::string zarray_text(const ZarrTableLayout& layout) {
  json compressor = nullptr;
  if (layout.zstd_level > 0) compressor = {{"id", "zstd"}, {"level", layout.zstd_level}};
  const json doc = {{"chunks", {layout.chunk, layout.chunk}},
                    {"compressor", compressor},
                    {"dimension_separator", "."},
                    {"dtype", npy_descr(layout.dist)},
                    {"fill_value", unreachable_json(layout.dist)},
                    {"filters", nullptr},
                    {"order", "C"},
                    {"shape", {layout.n, layout.n}},
                    {"zarr_format", 2}};
  return doc.dump(4) + "\n";
}

std::string zattrs_text(const ZarrTableLayout& layout) {
  json entry = {{"content", kAttrsContent}, {"version", 1}, {"nodes", layout.n},
                {"dist", dist_type_name(layout.dist)}, {"unreachable", unreachable_json(layout.dist)}};
  if (!layout.graph_sha256.empty()) entry["graph_sha256"] = layout.graph_sha256;
  return json{{kAttrsKey, entry}}.dump(4) + "\n";
}

std::string zarr_chunk_name(std::int64_t i, std::int64_t j) { return std::to_string(i) + "." + std::to_string(j); }

bool is_zarr_chunk_file_name(const std::string& name) {
  std::size_t at = 0;
  const auto digits = [&] {
    const std::size_t from = at;
    while (at < name.size() && name[at] >= '0' && name[at] <= '9') ++at;
    return at > from;
  };
  if (!digits() || at >= name.size() || name[at++] != '.' || !digits()) return false;
  return at == name.size() || name.compare(at, 5, ".tmp-") == 0;
}

ZarrArrayInfo parse_zarray(const std::string& text, const std::string& file) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::exception& e) {
    throw Error(file + ": not JSON (" + e.what() + ")");
  }
  if (!doc.is_object()) throw Error(file + ": not a Zarr array's metadata (a JSON object)");
  if (whole_number(doc, "zarr_format", file) != 2) throw Error(file + ": zarr_format must be 2 (pathscope reads Zarr v2)");
  ZarrArrayInfo info;
  const auto [rows, cols] = pair_of(doc, "shape", 0, file);
  if (rows != cols) throw Error(file + ": an all-pairs table is square, n by n; its shape is " + shown(doc["shape"]));
  info.n = rows;
  std::tie(info.chunk_rows, info.chunk_cols) = pair_of(doc, "chunks", 1, file);
  const auto dtype = doc.find("dtype");
  const std::string descr = dtype != doc.end() && dtype->is_string() ? dtype->get<std::string>() : "";
  if (descr == "<u2" || descr == "|u2") {
    info.dist = DistType::Hop16;
  } else if (descr == "<i4") {
    info.dist = DistType::Int32;
  } else if (descr == "<i8") {
    info.dist = DistType::Int64;
  } else if (descr == "<f4") {
    info.dist = DistType::Float32;
  } else {
    throw Error(file + ": values of dtype " + (dtype == doc.end() ? "(none)" : shown(*dtype)) +
                " are not all-pairs distances (pathscope reads <u2 hop16, <i4 int32, <i8 int64 or <f4 float)");
  }
  const auto order = doc.find("order");
  if (order == doc.end() || *order != "C")
    throw Error(file + ": order must be \"C\" (rows stored one after another)" +
                (order == doc.end() ? "" : "; it is " + shown(*order)));
  const auto filters = doc.find("filters");
  if (filters != doc.end() && !filters->is_null() && !(filters->is_array() && filters->empty()))
    throw Error(file + ": filters " + shown(*filters) + " are not read by pathscope (it reads chunks without filters)");
  const auto compressor = doc.find("compressor");
  if (compressor != doc.end() && !compressor->is_null()) {
    if (!compressor->is_object() || compressor->value("id", json()) != "zstd")
      throw Error(file + ": compressor " + shown(*compressor) + " is not one pathscope reads (null or zstd)");
    info.zstd = true;
  }
  const auto separator = doc.find("dimension_separator");
  if (separator != doc.end()) {
    if (*separator == ".") {
      info.separator = '.';
    } else if (*separator == "/") {
      info.separator = '/';
    } else {
      throw Error(file + ": dimension_separator must be \".\" or \"/\"; it is " + shown(*separator));
    }
  }
  return info;
}

std::optional<ZarrTableAttrs> parse_zattrs(const std::string& text, const std::string& file) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::exception& e) {
    throw Error(file + ": not JSON (" + e.what() + ")");
  }
  if (!doc.is_object() || !doc.contains(kAttrsKey)) return std::nullopt;
  const json& entry = doc[kAttrsKey];
  if (!entry.is_object() || entry.value("content", json()) != kAttrsContent)
    throw Error(file + ": its '" + kAttrsKey + "' entry is not an all-pairs table's (" + shown(entry) + ")");
  ZarrTableAttrs attrs;
  attrs.nodes = whole_number(entry, "nodes", file + " (pathscope.nodes)");
  const auto dist = entry.find("dist");
  try {
    if (dist == entry.end() || !dist->is_string()) throw Error("");
    attrs.dist = parse_dist_type(dist->get<std::string>());
  } catch (const Error&) {
    throw Error(file + ": pathscope.dist must be int32, int64, float or hop16" +
                (dist == entry.end() ? std::string() : " (it is " + shown(*dist) + ")"));
  }
  if (const auto sha = entry.find("graph_sha256"); sha != entry.end()) {
    const std::string hex = sha->is_string() ? sha->get<std::string>() : "";
    if (hex.size() != 64 || hex.find_first_not_of("0123456789abcdef") != std::string::npos)
      throw Error(file + ": pathscope.graph_sha256 must be 64 hex digits (it is " + shown(*sha) + ")");
    attrs.graph_sha256 = hex;
  }
  return attrs;
}

std::optional<std::string> read_small_file(const std::string& path, std::size_t max_bytes) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return std::nullopt;
    throw Error("cannot read " + path + ": " + std::strerror(errno));
  }
  if (!S_ISREG(st.st_mode)) throw Error("cannot read " + path + ": not a regular file");
  if (static_cast<std::uint64_t>(st.st_size) > max_bytes)
    throw Error(path + ": " + std::to_string(st.st_size) + " bytes, more than such a file ever holds (" +
                std::to_string(max_bytes) + ")");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot open " + path + ": " + std::strerror(errno));
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace pathscope::detail
