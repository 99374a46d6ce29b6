#pragma once
// How the process's heap treats the results it frees.

namespace pathscope {

// Asks the C library to keep freed memory mapped for the next allocation, up to limits,
// instead of handing every large block back to the kernel at once. A front end that runs the
// same job again and again (bench repeats, "Race again", a click after a click) then gets its
// result buffers back without page faults, which can cost as much as the GPU job itself
// (docs/reachability.md has the measurement). Blocks over
// 32 MB (glibc's ceiling for this) are still mapped and unmapped one by one. Call once, early,
// from main(); a no-op where the C library has no such knobs.
void keep_freed_memory_for_reuse();

}  // namespace pathscope
