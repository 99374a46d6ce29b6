#pragma once
// Bookkeeping behind AtomicFile's temporaries: the list a fatal signal clears, and the removal
// of temporaries that processes which no longer run left behind.
#include <string>

namespace pathscope::output {

// Adds a temporary to the signal-safe list; returns its slot, or -1 when the list is full (the
// file is then only removed by its destructor, or later as a leftover of a dead process).
int register_temporary(const std::string& path) noexcept;
void unregister_temporary(int slot) noexcept;

// Removes "<target>.tmp-<pid>-<k>" beside target for every pid that is not a live process.
// Nothing else is touched; errors are ignored (a leftover is only wasted space).
void remove_dead_process_temporaries(const std::string& target) noexcept;

}  // namespace pathscope::output
