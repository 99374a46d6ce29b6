#pragma once
// Output files are written under a temporary name beside the target and renamed at the end,
// so a crash or cancel never leaves a half-written file under the real name.
#include <atomic>
#include <cstdio>
#include <string>
#include <vector>

#include "pathscope/runtime/error.hpp"

namespace pathscope {

// An output whose target is one of the run's inputs: writing it would destroy what it was made
// from. Front ends report it as a usage error.
class OutputIsInput : public Error {
 public:
  using Error::Error;
};

// One command's run, for the rule that no output replaces an input of the same run. While a
// RunInputs lives, every file opened through the core's input layer (graphs, their sibling and
// companion files, node tables, numeric tables, saved tables) and every file passed to
// note_input is remembered by device and inode, and AtomicFile refuses a target that is one of
// them (the same path, a hard link, a symlink, "./x" for "x") with OutputIsInput, before
// anything is written. Front ends that run one command per process (the CLI, the explorer's
// script mode) hold one for the whole run; a library user who writes where it read holds none.
class RunInputs {
 public:
  RunInputs();
  ~RunInputs();
  RunInputs(const RunInputs&) = delete;
  RunInputs& operator=(const RunInputs&) = delete;
};
// Remembers `path` as an input when a RunInputs lives; anything but an existing file is ignored.
void note_input(const std::string& path);
// Throws OutputIsInput when `path` is a remembered input: for writers that check before their
// long work, and for those that write other than through AtomicFile.
void refuse_output_onto_input(const std::string& path);

class AtomicFile;
void commit_together(const std::vector<AtomicFile*>& files);

class AtomicFile {
 public:
  // Opens "<path>.tmp-<pid>-<n>", or the target itself when it is a device or pipe (written in
  // place and checked: a device cannot be renamed onto). Removes "<path>.tmp-<pid2>-<k>" files
  // left by processes that no longer run. Throws Error (also for a folder).
  explicit AtomicFile(std::string path);
  ~AtomicFile();  // removes the temporary unless committed
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::FILE* handle() { return file_; }
  // Every write, close and rename failure throws Error naming the target:
  // "cannot write /dev/full: No space left on device".
  void write(const void* data, std::size_t bytes);  // throws Cancelled once cancel_writes_on's flag is set
  void write(const std::string& text) { write(text.data(), text.size()); }
  void close();   // flush and close, leaving the temporary in place; commit() does it when not done
  void commit();  // close, then rename onto the target

  const std::string& path() const { return path_; }
  // True for a device or pipe written in place: no temporary, so it cannot be sized or mapped.
  bool in_place() const { return temp_path_.empty(); }

 private:
  friend void commit_together(const std::vector<AtomicFile*>& files);
  void rename_into_place();
  void fail(const char* what, int error) const;
  std::string path_, temp_path_;  // no temporary: written in place
  std::FILE* file_ = nullptr;
  int registry_slot_ = -1;  // in the list a fatal signal clears
  bool committed_ = false;
};

// Files that are the parts of one output (a table and its graph): all are written and closed
// before any is renamed, then they are renamed in the order given, so the last one listed is
// renamed last. A crash between two of those renames is the only moment where new and old
// files sit side by side.
void commit_together(const std::vector<AtomicFile*>& files);

// Long writes stop with Cancelled once *flag is true (the flag a front end's cancel request
// sets), so a cancelled run also stops while writing its output. Null: never.
void cancel_writes_on(const std::atomic<bool>* flag);
// Throws Cancelled once that flag is set: for writers that fill a file other than through
// AtomicFile::write (a mapped .npy).
void throw_if_writes_cancelled();

// Removes the temporaries of every AtomicFile still open. Async-signal-safe: for a signal
// handler that ends the process at once, when destructors will not run.
void remove_open_temporaries() noexcept;

}  // namespace pathscope
