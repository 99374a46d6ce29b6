#pragma once
// Opening an input file, with the one message every reader gives when it cannot.
#include <fstream>
#include <string>

namespace pathscope::io {

// Throws Error naming the path when it is a folder, missing or unreadable.
std::ifstream open_input_file(const std::string& path);

}  // namespace pathscope::io
