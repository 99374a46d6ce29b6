#include "output_temporaries.hpp"

#include <signal.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "pathscope/runtime/atomic_file.hpp"

namespace pathscope::output {
namespace {

// Fixed storage and lock-free flags only: a signal handler may read the list at any moment,
// and it may neither lock nor allocate.
enum SlotState : int { kFree, kFilling, kActive };
constexpr int kSlots = 32;
constexpr std::size_t kPathBytes = 4096;
struct Slot {
  std::atomic<int> state{kFree};
  char path[kPathBytes];
};
std::array<Slot, kSlots> slots;

bool all_digits(const std::string& text) {
  if (text.empty()) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  return true;
}

}  // namespace

int register_temporary(const std::string& path) noexcept {
  if (path.size() >= kPathBytes) return -1;
  for (int k = 0; k < kSlots; ++k) {
    int expected = kFree;
    if (!slots[k].state.compare_exchange_strong(expected, kFilling)) continue;
    std::memcpy(slots[k].path, path.c_str(), path.size() + 1);
    slots[k].state.store(kActive);
    return k;
  }
  return -1;
}

void unregister_temporary(int slot) noexcept {
  if (slot >= 0 && slot < kSlots) slots[slot].state.store(kFree);
}

void remove_dead_process_temporaries(const std::string& target) noexcept {
  try {
    namespace fs = std::filesystem;
    const fs::path target_path(target);
    const fs::path folder = target_path.has_parent_path() ? target_path.parent_path() : fs::path(".");
    const std::string prefix = target_path.filename().string() + ".tmp-";
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
      const std::string name = it->path().filename().string();
      if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
      const std::string rest = name.substr(prefix.size());  // "<pid>-<k>"
      const std::size_t dash = rest.find('-');
      if (dash == std::string::npos || !all_digits(rest.substr(0, dash)) || !all_digits(rest.substr(dash + 1)))
        continue;
      const std::string pid_text = rest.substr(0, dash);
      if (pid_text.size() > 9) continue;
      const pid_t pid = static_cast<pid_t>(std::stol(pid_text));
      // Only a pid that certainly runs nothing: EPERM means a live process of another user. A
      // reused pid keeps its leftover until that process ends too, which errs on the safe side.
      if (pid <= 0 || pid == ::getpid() || ::kill(pid, 0) == 0 || errno != ESRCH) continue;
      std::error_code ignored;
      if (it->is_regular_file(ignored)) fs::remove(it->path(), ignored);
    }
  } catch (...) {
    // Cleaning up after others never stops this write.
  }
}

}  // namespace pathscope::output

namespace pathscope {

void remove_open_temporaries() noexcept {
  for (auto& slot : output::slots)
    if (slot.state.load() == output::kActive) ::unlink(slot.path);
}

}  // namespace pathscope
