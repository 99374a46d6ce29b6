#include "apsp/zarr_chunks.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::detail {
namespace {

// Metadata files are a few hundred bytes; anything far larger is not ours.
constexpr std::size_t kMaxMetadataBytes = 1 << 16;
// As the writer's limit (zarr_table.cpp): a chunk is held whole.
constexpr std::uint64_t kMaxChunkBytes = std::uint64_t{2} << 30;
// Decompressed chunks kept: at least a band of chunks (one row's worth) and two more, up to this.
constexpr std::size_t kMaxBudgetBytes = std::size_t{4} << 30;
// Mapped plain chunks kept: far below the kernel's default of 65,530 maps a process.
constexpr std::size_t kMaxMaps = 4096;

}  // namespace

struct ZarrChunks::Chunk {
  const unsigned char* cells = nullptr;
  std::vector<unsigned char> decoded;  // zstd
  void* map = nullptr;                 // plain
  std::size_t bytes = 0;
  ~Chunk() {
    if (map) ::munmap(map, bytes);
  }
};

ZarrChunks::ZarrChunks(std::string folder) : folder_(std::move(folder)) {
  const std::string array_file = folder_ + "/" + kZarrArrayFile;
  const auto array_text = read_small_file(array_file, kMaxMetadataBytes);
  if (!array_text)
    throw Error(folder_ + " is a folder without " + kZarrArrayFile +
                ": not a Zarr table, or one still being written (its metadata is written last)");
  note_input(array_file);
  info_ = parse_zarray(*array_text, array_file);
  value_bytes_ = dist_type_bytes(info_.dist);
  const auto cells = static_cast<std::uint64_t>(info_.chunk_rows) * static_cast<std::uint64_t>(info_.chunk_cols);
  if (cells > kMaxChunkBytes / value_bytes_)
    throw Error(array_file + ": chunks of " + std::to_string(info_.chunk_rows) + " x " + std::to_string(info_.chunk_cols) +
                " cells are more than " + std::to_string(kMaxChunkBytes >> 30) + " GiB each; rechunk the table");
  if (const auto attrs_text = read_small_file(folder_ + "/" + kZarrAttrsFile, kMaxMetadataBytes))
    attrs_ = parse_zattrs(*attrs_text, folder_ + "/" + kZarrAttrsFile);
  grid_cols_ = info_.n == 0 ? 0 : (info_.n + info_.chunk_cols - 1) / info_.chunk_cols;
  const std::size_t chunk_bytes = static_cast<std::size_t>(cells) * value_bytes_;
  budget_bytes_ = std::min(kMaxBudgetBytes, chunk_bytes * static_cast<std::size_t>(grid_cols_)) + 2 * chunk_bytes;
}

ZarrChunks::~ZarrChunks() = default;

std::shared_ptr<const ZarrChunks::Chunk> ZarrChunks::load(std::int64_t i, std::int64_t j) const {
  const std::string name = std::to_string(i) + info_.separator + std::to_string(j);
  const std::string path = folder_ + "/" + name;
  const std::size_t want = static_cast<std::size_t>(info_.chunk_rows * info_.chunk_cols) * value_bytes_;
  const std::string kind = std::to_string(info_.chunk_rows) + " x " + std::to_string(info_.chunk_cols) + " " +
                           dist_type_name(info_.dist) + " chunk";
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT)
      throw Error(folder_ + ": chunk " + name + " is missing (the table is incomplete; pathscope writes every chunk)");
    throw Error("cannot open chunk " + name + " of " + folder_ + ": " + std::strerror(errno));
  }
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
    throw Error("cannot read chunk " + name + " of " + folder_ + ": not a regular file");
  const auto file_bytes = static_cast<std::uint64_t>(st.st_size);
  auto chunk = std::make_shared<Chunk>();
  if (!info_.zstd) {
    if (file_bytes != want)
      throw Error(folder_ + ": chunk " + name + " holds " + std::to_string(file_bytes) + " bytes; a plain " + kind +
                  " holds " + std::to_string(want));
    void* map = ::mmap(nullptr, want, PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) throw Error("cannot map chunk " + name + " of " + folder_ + ": " + std::strerror(errno));
    chunk->map = map;
    chunk->bytes = want;
    chunk->cells = static_cast<const unsigned char*>(map);
    return chunk;
  }
  if (file_bytes > ZSTD_compressBound(want))
    throw Error(folder_ + ": chunk " + name + " holds " + std::to_string(file_bytes) +
                " bytes, more than any zstd frame of a " + kind + " (" + std::to_string(want) + " bytes)");
  std::vector<unsigned char> packed(static_cast<std::size_t>(file_bytes));
  std::size_t got = 0;
  while (got < packed.size()) {
    const ssize_t n = ::pread(fd, packed.data() + got, packed.size() - got, static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw Error("cannot read chunk " + name + " of " + folder_ + ": " + (n < 0 ? std::strerror(errno) : "cut short"));
    got += static_cast<std::size_t>(n);
  }
  const unsigned long long content = ZSTD_getFrameContentSize(packed.data(), packed.size());
  if (content == ZSTD_CONTENTSIZE_ERROR) throw Error(folder_ + ": chunk " + name + " is not zstd data, as .zarray says");
  if (content != ZSTD_CONTENTSIZE_UNKNOWN && content != want)
    throw Error(folder_ + ": chunk " + name + " decompresses to " + std::to_string(content) + " bytes; a " + kind +
                " is " + std::to_string(want));
  chunk->decoded.resize(want);
  const std::size_t out = ZSTD_decompress(chunk->decoded.data(), want, packed.data(), packed.size());
  if (ZSTD_isError(out)) throw Error(folder_ + ": chunk " + name + " is damaged (zstd: " + ZSTD_getErrorName(out) + ")");
  if (out != want)
    throw Error(folder_ + ": chunk " + name + " decompresses to " + std::to_string(out) + " bytes; a " + kind + " is " +
                std::to_string(want));
  chunk->bytes = want;
  chunk->cells = chunk->decoded.data();
  return chunk;
}

std::shared_ptr<const ZarrChunks::Chunk> ZarrChunks::chunk(std::int64_t i, std::int64_t j) const {
  const std::int64_t key = i * grid_cols_ + j;
  {
    std::lock_guard<std::mutex> guard(lock_);
    if (const auto it = held_.find(key); it != held_.end()) {
      recent_.splice(recent_.begin(), recent_, it->second.place);
      return it->second.chunk;
    }
  }
  // Loaded outside the lock: other threads keep reading chunks already held meanwhile.
  auto loaded = load(i, j);
  std::lock_guard<std::mutex> guard(lock_);
  if (const auto it = held_.find(key); it != held_.end()) return it->second.chunk;
  recent_.push_front(key);
  held_.emplace(key, Held{loaded, recent_.begin()});
  held_bytes_ += loaded->decoded.size();
  while (recent_.size() > 1 && (held_bytes_ > budget_bytes_ || held_.size() > kMaxMaps)) {
    const auto last = held_.find(recent_.back());
    held_bytes_ -= last->second.chunk->decoded.size();
    held_.erase(last);
    recent_.pop_back();
  }
  return loaded;
}

void ZarrChunks::copy_cell(std::int64_t u, std::int64_t v, void* out) const {
  const auto c = chunk(u / info_.chunk_rows, v / info_.chunk_cols);
  const std::size_t at = static_cast<std::size_t>((u % info_.chunk_rows) * info_.chunk_cols + v % info_.chunk_cols);
  std::memcpy(out, c->cells + at * value_bytes_, value_bytes_);
}

void ZarrChunks::copy_row(std::int64_t u, void* out) const {
  auto* to = static_cast<unsigned char*>(out);
  const std::int64_t i = u / info_.chunk_rows, r = u % info_.chunk_rows;
  for (std::int64_t j = 0; j < grid_cols_; ++j) {
    const auto c = chunk(i, j);
    const std::int64_t cols = std::min(info_.chunk_cols, info_.n - j * info_.chunk_cols);
    std::memcpy(to + static_cast<std::size_t>(j * info_.chunk_cols) * value_bytes_,
                c->cells + static_cast<std::size_t>(r * info_.chunk_cols) * value_bytes_,
                static_cast<std::size_t>(cols) * value_bytes_);
  }
}

}  // namespace pathscope::detail
