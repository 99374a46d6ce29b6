#include "pathscope/atomic_file.hpp"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

#include "pathscope/error.hpp"

namespace pathscope {
namespace {
std::atomic<unsigned> temp_counter{0};
std::string system_error(const std::string& what, const std::string& path) {
  return what + " " + path + ": " + std::strerror(errno);
}
}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
  // Beside the target, so the final rename stays on one file system and is atomic.
  temp_path_ = path_ + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(temp_counter++);
  file_ = std::fopen(temp_path_.c_str(), "wb");
  if (!file_) throw Error(system_error("cannot create", temp_path_));
}

AtomicFile::~AtomicFile() {
  if (file_) std::fclose(file_);
  if (!committed_) std::remove(temp_path_.c_str());
}

void AtomicFile::write(const void* data, std::size_t bytes) {
  if (bytes && std::fwrite(data, 1, bytes, file_) != bytes) throw Error(system_error("cannot write", temp_path_));
}

void AtomicFile::commit() {
  const bool flushed = std::fflush(file_) == 0;
  const bool closed = std::fclose(file_) == 0;
  file_ = nullptr;
  if (!flushed || !closed) throw Error(system_error("cannot write", temp_path_));
  if (std::rename(temp_path_.c_str(), path_.c_str()) != 0) throw Error(system_error("cannot rename onto", path_));
  committed_ = true;
}

}  // namespace pathscope
