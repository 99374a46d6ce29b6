// The .npy matrix written as it is computed (NpyMatrixWriter, npy_writer.hpp).
//
// A regular file is made at its full size with fallocate, then mapped: rows are copied
// straight into the page cache by all cores, and the kernel writes them back to the disk in
// the background, also after the process ends. Writing through one stream instead puts a
// 38.8 GB matrix through one thread and one file lock (docs/gpu.md, "whole-brain table").
// PATHSCOPE_NPY_WRITE=pwrite writes the rows with pwrite from all cores instead of the
// mapping, for comparing the two on a given file system.
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "apsp/table_fingerprint.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/apsp/npy_writer.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

enum class Mode { Mapped, Pwrite, Stream };

// Below this a block is copied by the calling thread: a parallel fork costs more.
constexpr std::size_t kParallelBytes = std::size_t{1} << 20;

[[noreturn]] void fail(const std::string& path, const std::string& what, int error) {
  throw Error(what + " " + path + ": " + std::strerror(error));
}

}  // namespace

struct NpyMatrixWriter::Impl {
  Impl(std::string path, std::int32_t n, DistType dist)
      : file(std::move(path)), n(n), dist(dist), row_bytes(std::size_t(n) * dist_type_bytes(dist)),
        header(npy_preamble(npy_descr(dist), n, n)), hashes(n, dist), given(std::size_t(n), 0) {}

  AtomicFile file;
  std::optional<AtomicFile> fingerprint;  // beside a table of a graph written to a regular file
  std::int32_t n;
  DistType dist;
  std::size_t row_bytes;
  std::string header;
  RowChecksums hashes;
  std::vector<unsigned char> given;
  std::int64_t given_count = 0;
  Mode mode = Mode::Stream;
  int fd = -1;
  char* map = nullptr;
  std::size_t map_bytes = 0;
  std::int64_t next_row = 0;                           // Stream: the first row not yet written
  std::map<std::int64_t, std::vector<char>> early;     // Stream: blocks that came before their turn

  void open() {
    if (file.in_place()) {
      mode = Mode::Stream;
      file.write(header);
      return;
    }
    const char* choice = std::getenv("PATHSCOPE_NPY_WRITE");
    mode = choice && std::string(choice) == "pwrite" ? Mode::Pwrite : Mode::Mapped;
    fd = ::fileno(file.handle());
    const std::size_t total = header.size() + std::size_t(n) * row_bytes;
    // Blocks reserved now: a full disk is an error here, not a SIGBUS halfway through the
    // mapping. File systems without fallocate get a sparse file instead.
    if (::fallocate(fd, 0, 0, static_cast<off_t>(total)) != 0) {
      const int error = errno;
      if (error != EOPNOTSUPP && error != ENOSYS) fail(file.path(), "cannot write", error);
      if (::ftruncate(fd, static_cast<off_t>(total)) != 0) fail(file.path(), "cannot write", errno);
    }
    if (mode == Mode::Pwrite) {
      if (const int error = write_at(header.data(), header.size(), 0)) fail(file.path(), "cannot write", error);
      return;
    }
    void* p = ::mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED) fail(file.path(), "cannot map", errno);
    map = static_cast<char*>(p);
    map_bytes = total;
    std::memcpy(map, header.data(), header.size());
  }

  // 0, or the errno of the failed write.
  int write_at(const char* data, std::size_t bytes, std::size_t offset) const {
    while (bytes > 0) {
      const ssize_t done = ::pwrite(fd, data, bytes, static_cast<off_t>(offset));
      if (done < 0 && errno == EINTR) continue;
      if (done <= 0) return done < 0 ? errno : EIO;
      data += done, bytes -= std::size_t(done), offset += std::size_t(done);
    }
    return 0;
  }

  void unmap() {
    if (!map) return;
    const int rc = ::munmap(map, map_bytes);
    map = nullptr;
    if (rc != 0) fail(file.path(), "cannot write", errno);
  }

  void put(std::int64_t row0, std::int64_t rows, const char* cells) {
    throw_if_writes_cancelled();
    if (row0 < 0 || rows < 0 || row0 + rows > n)
      throw Error("rows " + std::to_string(row0) + " to " + std::to_string(row0 + rows) + " are outside the " +
                  std::to_string(n) + "-row matrix written to " + file.path());
    if (rows == 0) return;
    const bool parallel = std::size_t(rows) * row_bytes >= kParallelBytes;
    if (mode == Mode::Stream) {
      hashes.add(row0, rows, cells);
      stream(row0, rows, cells);
    } else {
      // Copy and hash row by row, so the hash reads the row while it is still in cache.
      int error = 0;
#pragma omp parallel for schedule(dynamic, 1) if (parallel)
      for (std::int64_t r = 0; r < rows; ++r) {
        const char* src = cells + std::size_t(r) * row_bytes;
        const std::size_t offset = header.size() + std::size_t(row0 + r) * row_bytes;
        if (mode == Mode::Mapped) {
          std::memcpy(map + offset, src, row_bytes);
        } else if (const int failed = write_at(src, row_bytes, offset)) {
#pragma omp atomic write
          error = failed;
        }
        hashes.set(row0 + r, row_checksum(dist, row0 + r, src, n));
      }
      if (error) fail(file.path(), "cannot write", error);
    }
    for (std::int64_t r = row0; r < row0 + rows; ++r) {
      given_count += given[std::size_t(r)] == 0;
      given[std::size_t(r)] = 1;
    }
  }

  // In place, rows go out in order; a block that comes early is kept until its turn.
  void stream(std::int64_t row0, std::int64_t rows, const char* cells) {
    if (row0 < next_row)
      throw Error("rows of " + file.path() + " came again after being written (a device or pipe cannot be rewritten)");
    if (row0 > next_row) {
      early[row0].assign(cells, cells + std::size_t(rows) * row_bytes);
      return;
    }
    file.write(cells, std::size_t(rows) * row_bytes);
    next_row = row0 + rows;
    for (auto it = early.begin(); it != early.end() && it->first == next_row; it = early.erase(it)) {
      file.write(it->second.data(), it->second.size());
      next_row += std::int64_t(it->second.size() / std::max<std::size_t>(row_bytes, 1));
    }
  }
};

NpyMatrixWriter::NpyMatrixWriter(std::string path, std::int32_t n, DistType dist)
    : MatrixSink(n, dist), impl_(std::make_unique<Impl>(std::move(path), n, dist)) {
  impl_->open();
}

NpyMatrixWriter::NpyMatrixWriter(std::string path, const Graph& g, DistType dist) : NpyMatrixWriter(path, g.n, dist) {
  if (impl_->file.in_place()) return;  // a pipe or device has no "beside"
  impl_->fingerprint.emplace(detail::table_fingerprint_path(path));
  impl_->fingerprint->write(detail::table_fingerprint_text(g, dist));
}

NpyMatrixWriter::~NpyMatrixWriter() {
  if (impl_->map) ::munmap(impl_->map, impl_->map_bytes);
  impl_->map = nullptr;
}

void NpyMatrixWriter::put_rows(std::int64_t row0, std::int64_t rows, const void* cells) {
  impl_->put(row0, rows, static_cast<const char*>(cells));
}

void NpyMatrixWriter::commit() {
  if (impl_->given_count != impl_->n)
    throw Error("cannot finish " + impl_->file.path() + ": " + std::to_string(impl_->n - impl_->given_count) +
                " of its " + std::to_string(impl_->n) + " rows were never computed");
  throw_if_writes_cancelled();
  // The data stays in the page cache; unmapping does not wait for the disk, and the rename
  // makes the whole file visible at once.
  impl_->unmap();
  if (impl_->fingerprint)
    commit_together({&*impl_->fingerprint, &impl_->file});
  else
    impl_->file.commit();
}

std::uint64_t NpyMatrixWriter::checksum() const { return impl_->hashes.total(); }

}  // namespace pathscope
