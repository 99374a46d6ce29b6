#pragma once
// Output files are written under a temporary name beside the target and renamed at the end,
// so a crash or cancel never leaves a half-written file under the real name.
#include <cstdio>
#include <string>

namespace pathscope {

class AtomicFile {
 public:
  explicit AtomicFile(std::string path);  // opens "<path>.tmp-<pid>-<n>"; throws Error
  ~AtomicFile();                          // removes the temporary unless committed
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::FILE* handle() { return file_; }
  void write(const void* data, std::size_t bytes);  // throws Error on a short write
  void write(const std::string& text) { write(text.data(), text.size()); }
  void commit();  // flush, close, rename onto the target; throws Error

 private:
  std::string path_, temp_path_;
  std::FILE* file_ = nullptr;
  bool committed_ = false;
};

}  // namespace pathscope
