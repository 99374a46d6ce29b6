#include "pathscope_ui_common/sample_files.hpp"

#include <algorithm>
#include <filesystem>

#include "pathscope/io/file_formats.hpp"

namespace pathscope {

std::vector<std::string> bundled_samples() {
  std::error_code ec;
  const auto binary_folder = std::filesystem::read_symlink("/proc/self/exe", ec).parent_path();
  for (const auto& folder : {binary_folder / ".." / PATHSCOPE_INSTALLED_SAMPLES_DIR,
                             std::filesystem::path(PATHSCOPE_SAMPLES_DIR)}) {
    std::vector<std::string> out;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
      if (entry.is_regular_file(ec) && is_graph_file_name(entry.path().string())) out.push_back(entry.path().string());
    }
    std::sort(out.begin(), out.end());
    if (!out.empty()) return out;
  }
  return {};
}

}  // namespace pathscope
