#include "pathscope/runtime/version.hpp"

namespace pathscope {

const char* pathscope_version() { return PATHSCOPE_VERSION; }

}  // namespace pathscope
