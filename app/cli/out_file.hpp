#pragma once
// `--out -`: an output that goes to standard output instead of a file named "-", for every
// option that names an output file (--out, --next-out). The core's writers write files by
// name (atomically, choosing the format by the name's ending), so the command hands them a
// name in a private temporary folder:
//  - standard output is a pipe or a terminal: the name is a link to it, which the writers
//    write in place (atomic_file.hpp), streaming;
//  - standard output is a file (or a socket): the writer writes a temporary file, copied to
//    standard output once it is complete, so a failed run leaves nothing half-written there.
// While such an output holds standard output, what the command would print there (its summary,
// notes, --json reports) goes to standard error instead. A binary output (.npy) is refused when
// standard output is a terminal.
#include <string>

namespace pathscope::cli {

class OutFile {
 public:
  // `option` and `value` as given ("--out", "d.npy" or "-"). `ending` is what a file name of
  // this output ends in (".npy", ".graphml"): the writers tell the format by it. Throws
  // UsageError for a binary output to a terminal, or when another output already holds
  // standard output. `may_stream` false: the writer goes back to the file's start at the end
  // (a count in a header), so it always gets a temporary file, copied when complete.
  OutFile(std::string option, std::string value, const std::string& ending, bool binary, bool may_stream = true);
  ~OutFile();
  OutFile(const OutFile&) = delete;
  OutFile& operator=(const OutFile&) = delete;

  // The file name to give the writer ("" when the option was not given).
  const std::string& path() const { return path_; }
  bool to_standard_output() const { return value_ == "-"; }
  // For messages and reports: the file as given, or "standard output".
  std::string shown() const { return to_standard_output() ? "standard output" : value_; }
  // Call once the writer has committed: copies a complete temporary to standard output.
  // Throws Error "cannot write standard output: REASON".
  void finish();

 private:
  std::string option_, value_, path_, folder_;
  int data_fd_ = -1;  // standard output as it was before the command's own prints were moved
};

}  // namespace pathscope::cli
