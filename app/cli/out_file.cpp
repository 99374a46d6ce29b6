#include "out_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "exit_codes.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::cli {
namespace {

bool standard_output_taken = false;

[[noreturn]] void standard_output_failed(int error) {
  throw Error(std::string("cannot write standard output: ") + std::strerror(error));
}

std::string private_folder() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/pathscope-stdout-XXXXXX";
  if (!::mkdtemp(pattern.data()))
    throw Error("cannot make a temporary folder for standard output (" + pattern + "): " + std::strerror(errno));
  return pattern;
}

}  // namespace

OutFile::OutFile(std::string option, std::string value, const std::string& ending, bool binary, bool may_stream)
    : option_(std::move(option)), value_(std::move(value)) {
  if (!to_standard_output()) {
    path_ = value_;
    return;
  }
  if (standard_output_taken) throw UsageError(option_ + " -: standard output already holds another output; name a file");
  if (binary && ::isatty(STDOUT_FILENO) == 1)
    throw UsageError(option_ + " -: the output is binary (" + ending.substr(1) +
                     ") and standard output is a terminal; redirect it (> out" + ending + ") or pipe it to a program");
  struct stat target {};
  if (::fstat(STDOUT_FILENO, &target) != 0) standard_output_failed(errno);
  folder_ = private_folder();
  path_ = folder_ + "/standard-output" + ending;
  std::fflush(stdout);
  data_fd_ = ::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  if (data_fd_ < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) standard_output_failed(errno);
  standard_output_taken = true;
  // A pipe or a terminal cannot be renamed onto: written in place through the link, as it goes.
  if (may_stream && (S_ISFIFO(target.st_mode) || S_ISCHR(target.st_mode))) {
    const std::string link = "/proc/self/fd/" + std::to_string(data_fd_);
    if (::symlink(link.c_str(), path_.c_str()) != 0)
      throw Error("cannot link " + path_ + " to standard output: " + std::strerror(errno));
  }
}

OutFile::~OutFile() {
  if (folder_.empty()) return;
  std::error_code ignored;
  std::filesystem::remove_all(folder_, ignored);  // removes the link, not what it points to
}

void OutFile::finish() {
  if (!to_standard_output()) return;
  struct stat written {};
  if (::lstat(path_.c_str(), &written) != 0 || !S_ISREG(written.st_mode)) return;  // streamed through the link
  const int in = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) throw Error("cannot read " + path_ + ": " + std::strerror(errno));
  std::vector<char> buffer(1 << 20);
  for (;;) {
    const ssize_t got = ::read(in, buffer.data(), buffer.size());
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      const int error = errno;
      ::close(in);
      throw Error("cannot read " + path_ + ": " + std::strerror(error));
    }
    if (got == 0) break;
    for (ssize_t sent = 0; sent < got;) {
      const ssize_t put = ::write(data_fd_, buffer.data() + sent, static_cast<std::size_t>(got - sent));
      if (put < 0 && errno == EINTR) continue;
      if (put < 0) {
        const int error = errno;
        ::close(in);
        standard_output_failed(error);
      }
      sent += put;
    }
  }
  ::close(in);
}

}  // namespace pathscope::cli
