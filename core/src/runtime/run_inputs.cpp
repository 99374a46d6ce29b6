// The inputs of the current run, by device and inode, and the check AtomicFile makes against
// them (atomic_file.hpp, RunInputs).
#include <sys/stat.h>

#include <mutex>
#include <string>
#include <vector>

#include "pathscope/runtime/atomic_file.hpp"

namespace pathscope {
namespace {

struct Input {
  dev_t device;
  ino_t inode;
  std::string path;  // as first named, for the message
};

// Inputs are opened by loader threads (the explorer's jobs, Python's job thread) while the
// run's front end may be checking an output.
std::mutex inputs_mutex;
int open_scopes = 0;
std::vector<Input> inputs;

}  // namespace

RunInputs::RunInputs() {
  std::lock_guard lock(inputs_mutex);
  ++open_scopes;
}

RunInputs::~RunInputs() {
  std::lock_guard lock(inputs_mutex);
  if (--open_scopes == 0) inputs.clear();
}

void note_input(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return;
  std::lock_guard lock(inputs_mutex);
  if (open_scopes == 0) return;
  for (const Input& known : inputs)
    if (known.device == info.st_dev && known.inode == info.st_ino) return;
  inputs.push_back({info.st_dev, info.st_ino, path});
}

void refuse_output_onto_input(const std::string& path) {
  struct stat info {};
  // stat follows symlinks: a link to an input is that input. A missing target is no input.
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return;
  std::lock_guard lock(inputs_mutex);
  for (const Input& known : inputs) {
    if (known.device != info.st_dev || known.inode != info.st_ino) continue;
    const std::string same = known.path == path ? std::string() : " (the same file as " + known.path + ")";
    throw OutputIsInput("refusing to write " + path + ": it is an input of this command" + same +
                        ", and writing it would destroy what the output is made from; choose another output name");
  }
}

}  // namespace pathscope
