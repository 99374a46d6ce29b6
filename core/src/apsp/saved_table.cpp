// Memory-mapped .npy all-pairs tables: the header is read and checked before anything is
// mapped, so a damaged or foreign file is refused with what is wrong with it.
#include "pathscope/apsp/saved_table.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string_view>
#include <utility>

#include "apsp/table_fingerprint.hpp"
#include "apsp/zarr_chunks.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

namespace {

// numpy's own headers are under 200 bytes; a longer one is not a table we wrote.
constexpr std::size_t kMaxHeaderBytes = 1 << 16;

struct Header {
  std::string descr;
  bool fortran_order = false;
  std::vector<std::int64_t> shape;
};

std::string printable(std::string_view text) {
  std::string out;
  for (char c : text.substr(0, 80)) {
    const auto byte = static_cast<unsigned char>(c);
    out += byte >= 32 && byte < 127 ? std::string(1, c) : std::string("?");
  }
  return out;
}

// The value after 'key': in the header dict, from its first character.
std::optional<std::string_view> value_of(std::string_view dict, std::string_view key) {
  const std::string quoted_key = "'" + std::string(key) + "'";
  auto at = dict.find(quoted_key);
  if (at == std::string_view::npos) return std::nullopt;
  at = dict.find(':', at + quoted_key.size());
  if (at == std::string_view::npos) return std::nullopt;
  ++at;
  while (at < dict.size() && dict[at] == ' ') ++at;
  return dict.substr(at);
}

Header parse_header(std::string_view dict, const std::string& path) {
  const auto fail = [&](const std::string& what) {
    return Error(path + ": not an all-pairs table (.npy header " + what + ": \"" + printable(dict) + "\")");
  };
  Header h;
  const auto descr = value_of(dict, "descr");
  if (!descr || descr->empty() || ((*descr)[0] != '\'' && (*descr)[0] != '"')) throw fail("has no 'descr'");
  const auto end = descr->find((*descr)[0], 1);
  if (end == std::string_view::npos) throw fail("has an unclosed 'descr'");
  h.descr = std::string(descr->substr(1, end - 1));
  const auto order = value_of(dict, "fortran_order");
  if (!order) throw fail("has no 'fortran_order'");
  h.fortran_order = order->substr(0, 4) == "True";
  const auto shape = value_of(dict, "shape");
  if (!shape || shape->empty() || (*shape)[0] != '(') throw fail("has no 'shape'");
  const auto close = shape->find(')');
  if (close == std::string_view::npos) throw fail("has an unclosed 'shape'");
  std::string_view dims = shape->substr(1, close - 1);
  while (!dims.empty()) {
    while (!dims.empty() && (dims[0] == ' ' || dims[0] == ',')) dims.remove_prefix(1);
    if (dims.empty()) break;
    std::int64_t value = 0;
    std::size_t digits = 0;
    while (digits < dims.size() && dims[digits] >= '0' && dims[digits] <= '9') {
      if (value > (std::numeric_limits<std::int64_t>::max() - 9) / 10) throw fail("has a dimension too large");
      value = value * 10 + (dims[digits] - '0');
      ++digits;
    }
    if (digits == 0) throw fail("has a shape that is not whole numbers");
    h.shape.push_back(value);
    dims.remove_prefix(digits);
  }
  return h;
}

std::string system_error(int code) { return std::strerror(code); }

std::atomic<std::uint64_t> next_serial{1};

}  // namespace

SavedTable::SavedTable(const std::string& table_path) : path_(table_path), serial_(next_serial++) {
  // A Zarr table named by its metadata file (as a file dialog picks it): the folder is the table.
  if (const auto slash = path_.rfind('/'); slash != std::string::npos && path_.compare(slash, std::string::npos, "/.zarray") == 0)
    path_.erase(slash == 0 ? 1 : slash);
  const std::string& path = path_;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw Error("cannot open " + path + ": " + system_error(errno));
  note_input(path);
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw Error("cannot read " + path + ": " + system_error(errno));
  if (S_ISDIR(st.st_mode)) {
    open_zarr();
    return;
  }
  if (!S_ISREG(st.st_mode)) throw Error(path + ": an all-pairs table must be a regular file to be mapped");
  const auto file_bytes = static_cast<std::uint64_t>(st.st_size);

  unsigned char preamble[12] = {};
  const auto got = ::pread(fd, preamble, sizeof preamble, 0);
  if (got < 10 || std::memcmp(preamble, "\x93NUMPY", 6) != 0)
    throw Error(path + ": not a .npy file (it does not start with the NumPy magic \\x93NUMPY)");
  const int major = preamble[6];
  std::size_t header_bytes = 0, header_at = 0;
  if (major == 1) {
    header_bytes = preamble[8] | (static_cast<std::size_t>(preamble[9]) << 8);
    header_at = 10;
  } else if (major == 2 || major == 3) {
    if (got < 12) throw Error(path + ": the .npy preamble is cut short");
    header_bytes = preamble[8] | (static_cast<std::size_t>(preamble[9]) << 8) |
                   (static_cast<std::size_t>(preamble[10]) << 16) | (static_cast<std::size_t>(preamble[11]) << 24);
    header_at = 12;
  } else {
    throw Error(path + ": .npy format version " + std::to_string(major) + " is not one NumPy writes (1, 2 or 3)");
  }
  if (header_bytes > kMaxHeaderBytes) throw Error(path + ": the .npy header claims " + std::to_string(header_bytes) + " bytes, more than any table's");
  if (header_at + header_bytes > file_bytes) throw Error(path + ": the file ends inside its .npy header");
  std::string dict(header_bytes, '\0');
  if (::pread(fd, dict.data(), header_bytes, static_cast<off_t>(header_at)) != static_cast<ssize_t>(header_bytes))
    throw Error("cannot read the header of " + path + ": " + system_error(errno));

  const Header h = parse_header(dict, path);
  if (h.descr == "<u2" || h.descr == "u2" || h.descr == "|u2") {
    type_ = DistType::Hop16;
  } else if (h.descr == "<i4") {
    type_ = DistType::Int32;
  } else if (h.descr == "<i8") {
    type_ = DistType::Int64;
  } else if (h.descr == "<f4") {
    type_ = DistType::Float32;
  } else {
    throw Error(path + ": values of type '" + printable(h.descr) +
                "' are not all-pairs distances (pathscope writes <u2 hop16, <i4 int32, <i8 int64 or <f4 float)");
  }
  value_bytes_ = dist_type_bytes(type_);
  if (h.fortran_order) throw Error(path + ": the table is stored column by column (fortran_order True); rows are needed");
  if (h.shape.size() != 2 || h.shape[0] != h.shape[1])
    throw Error(path + ": an all-pairs table is square, n by n; this one's shape is not");
  n_ = h.shape[0];
  if (n_ > std::numeric_limits<std::int32_t>::max()) throw Error(path + ": " + std::to_string(n_) + " rows is more than any graph's node count");
  const std::uint64_t data_at = header_at + header_bytes;
  // Checked products: n^2 * 8 passes 2^64 for n above about 1.5e9, and a wrapped product
  // could match a small file and let rows be read far beyond it.
  std::uint64_t need = 0;
  if (__builtin_mul_overflow(static_cast<std::uint64_t>(n_), static_cast<std::uint64_t>(n_), &need) ||
      __builtin_mul_overflow(need, static_cast<std::uint64_t>(value_bytes_), &need))
    throw Error(path + ": the header says " + std::to_string(n_) + " x " + std::to_string(n_) + " " +
                dist_type_name(type_) + " values, more bytes than any file holds");
  if (file_bytes - data_at != need)
    throw Error(path + ": the header says " + std::to_string(n_) + " x " + std::to_string(n_) + " " +
                dist_type_name(type_) + " values (" + std::to_string(need) + " bytes) but the file holds " +
                std::to_string(file_bytes - data_at) + " bytes after it (cut short or still being written?)");
  if (const auto fingerprint = detail::read_table_fingerprint(path)) {
    if (fingerprint->nodes != n_ || fingerprint->dist != type_)
      throw Error(detail::table_fingerprint_path(path) + " describes a " + std::to_string(fingerprint->nodes) + "-node " +
                  dist_type_name(fingerprint->dist) + " table, but " + path + " is a " + std::to_string(n_) + "-node " +
                  dist_type_name(type_) + " table: they do not belong together");
    graph_sha256_ = fingerprint->graph_sha256;
  }
  if (n_ == 0) return;
  map_bytes_ = static_cast<std::size_t>(file_bytes);
  map_ = ::mmap(nullptr, map_bytes_, PROT_READ, MAP_SHARED, fd, 0);
  if (map_ == MAP_FAILED) {
    map_ = nullptr;
    throw Error("cannot map " + path + " into memory: " + system_error(errno));
  }
  data_ = static_cast<const unsigned char*>(map_) + data_at;
}

void SavedTable::open_zarr() {
  zarr_ = std::make_shared<const detail::ZarrChunks>(path_);
  const detail::ZarrArrayInfo& info = zarr_->info();
  n_ = info.n;
  type_ = info.dist;
  value_bytes_ = dist_type_bytes(type_);
  if (const auto& attrs = zarr_->attrs()) {
    if (attrs->nodes != n_ || attrs->dist != type_)
      throw Error(path_ + "/.zattrs describes a " + std::to_string(attrs->nodes) + "-node " + dist_type_name(attrs->dist) +
                  " table, but its .zarray a " + std::to_string(n_) + "-node " + dist_type_name(type_) +
                  " one: they do not belong together");
    graph_sha256_ = attrs->graph_sha256;
  }
}

SavedTable::~SavedTable() { release(); }

void SavedTable::release() noexcept {
  if (map_) ::munmap(map_, map_bytes_);
  map_ = nullptr;
  data_ = nullptr;
}

SavedTable::SavedTable(SavedTable&& other) noexcept { *this = std::move(other); }

SavedTable& SavedTable::operator=(SavedTable&& other) noexcept {
  if (this != &other) {
    release();
    path_ = std::move(other.path_);
    graph_sha256_ = std::move(other.graph_sha256_);
    n_ = std::exchange(other.n_, 0);
    type_ = other.type_;
    value_bytes_ = other.value_bytes_;
    map_ = std::exchange(other.map_, nullptr);
    map_bytes_ = std::exchange(other.map_bytes_, 0);
    data_ = std::exchange(other.data_, nullptr);
    zarr_ = std::move(other.zarr_);
    serial_ = std::exchange(other.serial_, 0);
  }
  return *this;
}

void SavedTable::check_matches(const Graph& g, const std::string& graph_name) const {
  if (n_ != g.n)
    throw Error(path_ + " has " + std::to_string(n_) + " rows but " + graph_name + " has " + std::to_string(g.n) +
                " nodes: the table belongs to another graph (or was computed with other loading options)");
  if (has_fingerprint() && detail::graph_fingerprint(g) != graph_sha256_)
    throw Error(path_ + " was computed on another graph than " + graph_name +
                " (its fingerprint file names other nodes, arcs or costs; the cost rule and --min-weight count too): "
                "compute the table again with apsp --out");
}

std::string SavedTable::unchecked_warning(const std::string& graph_name) const {
  if (has_fingerprint()) return {};
  const std::string place = zarr_ ? "graph fingerprint in " + path_ + "/.zattrs (" : "fingerprint file (" + detail::table_fingerprint_path(path_) + "; ";
  return path_ + " has no " + place +
         "tables written by older versions or other programs have none), so only its node count could be checked "
         "against " + graph_name + "; if it was computed on another graph its answers are wrong: compute it again "
         "with apsp --out to have it checked";
}

void SavedTable::check_range(std::int64_t u, const char* what) const {
  if (u < 0 || u >= n_)
    throw Error(path_ + ": " + what + " " + std::to_string(u) + " is outside the table (0.." + std::to_string(n_ - 1) + ")");
}

const void* SavedTable::row_data(std::int64_t u) const {
  check_range(u, "row");
  if (!zarr_) return data_ + static_cast<std::uint64_t>(u) * static_cast<std::uint64_t>(n_) * value_bytes_;
  struct Gathered {
    std::uint64_t table = 0;
    std::int64_t row = -1;
    std::vector<unsigned char> cells;
  };
  thread_local Gathered gathered;
  if (gathered.table != serial_ || gathered.row != u) {
    gathered.table = 0;  // a failed read leaves no half-gathered row behind
    gathered.cells.resize(static_cast<std::size_t>(n_) * value_bytes_);
    zarr_->copy_row(u, gathered.cells.data());
    gathered.table = serial_;
    gathered.row = u;
  }
  return gathered.cells.data();
}

void SavedTable::copy_cell(std::int64_t u, std::int64_t v, void* out) const {
  check_range(u, "row");
  check_range(v, "column");
  if (zarr_) {
    zarr_->copy_cell(u, v, out);
    return;
  }
  std::memcpy(out, data_ + (static_cast<std::uint64_t>(u) * static_cast<std::uint64_t>(n_) + static_cast<std::uint64_t>(v)) * value_bytes_,
              value_bytes_);
}

double saved_cell_value(DistType type, const void* row, std::int64_t v) {
  switch (type) {
    case DistType::Hop16: {
      std::uint16_t x;
      std::memcpy(&x, static_cast<const unsigned char*>(row) + 2 * v, 2);
      return x == kUnreachableU16 ? std::numeric_limits<double>::infinity() : x;
    }
    case DistType::Int32: {
      std::int32_t x;
      std::memcpy(&x, static_cast<const unsigned char*>(row) + 4 * v, 4);
      return x == kUnreachableI32 ? std::numeric_limits<double>::infinity() : x;
    }
    case DistType::Int64: {
      std::int64_t x;
      std::memcpy(&x, static_cast<const unsigned char*>(row) + 8 * v, 8);
      return x == kUnreachableI64 ? std::numeric_limits<double>::infinity() : static_cast<double>(x);
    }
    case DistType::Float32: {
      float x;
      std::memcpy(&x, static_cast<const unsigned char*>(row) + 4 * v, 4);
      return std::isnan(x) ? std::numeric_limits<double>::infinity() : x;
    }
  }
  return std::numeric_limits<double>::infinity();
}

double SavedTable::cell(std::int64_t u, std::int64_t v) const {
  unsigned char raw[8];
  copy_cell(u, v, raw);
  return saved_cell_value(type_, raw, 0);
}

void SavedTable::row(std::int64_t u, std::vector<double>& out) const {
  const void* r = row_data(u);
  out.resize(static_cast<std::size_t>(n_));
  for (std::int64_t v = 0; v < n_; ++v) out[static_cast<std::size_t>(v)] = saved_cell_value(type_, r, v);
}

}  // namespace pathscope
