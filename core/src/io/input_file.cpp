#include "io/input_file.hpp"

#include <filesystem>

#include "pathscope/error.hpp"

namespace pathscope::io {

std::ifstream open_input_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw Error("cannot read " + path + ": it is a folder");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot open " + path + ": no such file or no permission");
  return in;
}

}  // namespace pathscope::io
