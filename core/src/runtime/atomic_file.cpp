#include "pathscope/runtime/atomic_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "output_temporaries.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {
std::atomic<unsigned> temp_counter{0};
std::atomic<const std::atomic<bool>*> write_cancel_flag{nullptr};

// Large buffers go out in pieces of this size, so a cancel request is seen within one piece.
constexpr std::size_t kWritePiece = 8u << 20;

void throw_if_cancelled() {
  const std::atomic<bool>* flag = write_cancel_flag.load();
  if (flag && flag->load()) throw Cancelled();
}
}  // namespace

void cancel_writes_on(const std::atomic<bool>* flag) { write_cancel_flag.store(flag); }
void throw_if_writes_cancelled() { throw_if_cancelled(); }

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  refuse_output_onto_input(path_);
  struct stat target {};
  if (::stat(path_.c_str(), &target) == 0 && !S_ISREG(target.st_mode)) {
    if (S_ISDIR(target.st_mode)) throw Error("cannot write " + path_ + ": it is a folder");
    // A device or pipe (/dev/stdout, /dev/full, a FIFO) is written in place: renaming onto it
    // would replace the device node itself.
    file_ = std::fopen(path_.c_str(), "wb");
    if (!file_) fail("cannot open", errno);
    return;
  }
  output::remove_dead_process_temporaries(path_);
  // Beside the target, so the final rename stays on one file system and is atomic.
  temp_path_ = path_ + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(temp_counter++);
  // Read and write: a writer may map the file (a shared writable mapping needs both).
  file_ = std::fopen(temp_path_.c_str(), "w+b");
  if (!file_) throw Error("cannot create " + temp_path_ + " (beside " + path_ + "): " + std::strerror(errno));
  registry_slot_ = output::register_temporary(temp_path_);
}

AtomicFile::~AtomicFile() {
  if (file_) std::fclose(file_);
  if (!committed_ && !temp_path_.empty()) std::remove(temp_path_.c_str());
  output::unregister_temporary(registry_slot_);
}

void AtomicFile::fail(const char* what, int error) const {
  throw Error(std::string(what) + " " + path_ + ": " + std::strerror(error));
}

void AtomicFile::write(const void* data, std::size_t bytes) {
  if (!file_) throw Error("cannot write " + path_ + ": it is already closed");
  const char* bytes_left = static_cast<const char*>(data);
  while (bytes > 0) {
    throw_if_cancelled();
    const std::size_t piece = std::min(bytes, kWritePiece);
    errno = 0;
    if (std::fwrite(bytes_left, 1, piece, file_) != piece) {
      const int error = errno ? errno : EIO;
      throw_if_cancelled();
      fail("cannot write", error);
    }
    bytes_left += piece;
    bytes -= piece;
  }
}

void AtomicFile::close() {
  if (!file_) return;
  errno = 0;
  const bool flushed = std::fflush(file_) == 0;
  const int flush_error = errno;
  errno = 0;
  const bool closed = std::fclose(file_) == 0;
  const int close_error = errno;
  file_ = nullptr;
  // The last buffer, and on network file systems the data itself, first fails here.
  if (!flushed) fail("cannot write", flush_error ? flush_error : EIO);
  if (!closed) fail("cannot write", close_error ? close_error : EIO);
}

void AtomicFile::commit() {
  close();
  // A cancel that came while writing wins: nothing new appears under the real name.
  throw_if_cancelled();
  rename_into_place();
}

void AtomicFile::rename_into_place() {
  if (committed_) return;
  if (!temp_path_.empty() && std::rename(temp_path_.c_str(), path_.c_str()) != 0) fail("cannot rename onto", errno);
  committed_ = true;
}

void commit_together(const std::vector<AtomicFile*>& files) {
  for (AtomicFile* file : files) file->close();
  throw_if_cancelled();
  // From here on no cancel is honoured: stopping between two renames would split the pair.
  for (AtomicFile* file : files) file->rename_into_place();
}

}  // namespace pathscope
