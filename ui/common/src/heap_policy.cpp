#include "pathscope_ui_common/heap_policy.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace pathscope {

void keep_freed_memory_for_reuse() {
#if defined(__GLIBC__)
  // Blocks up to 32 MB come from the heap arenas rather than their own mapping, and up to
  // 256 MB of free space at the top of an arena stays mapped.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

}  // namespace pathscope
