#include "pathscope_demo/capture.hpp"

#include <stb_image_write.h>

#include <filesystem>
#include <unistd.h>

#include "pathscope/runtime/error.hpp"
#include "pathscope_render/offscreen_target.hpp"

namespace pathscope::demo {

std::vector<std::uint8_t> read_framebuffer_rgba(int width, int height) {
  auto rgba = render::read_rgba_top_row_first(width, height);
  // The ImGui panels blend alpha into the target; a PNG viewer would show that as holes.
  for (std::size_t i = 3; i < rgba.size(); i += 4) rgba[i] = 255;
  return rgba;
}

void write_png(const std::string& path, const std::vector<std::uint8_t>& rgba, int width, int height) {
  // stb writes by file name only, so the atomic rename is done here rather than via AtomicFile.
  const std::string temp = path + ".tmp-" + std::to_string(::getpid());
  if (!stbi_write_png(temp.c_str(), width, height, 4, rgba.data(), width * 4)) {
    std::filesystem::remove(temp);
    throw Error(path + ": cannot write the PNG");
  }
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);
  if (ec) {
    std::filesystem::remove(temp);
    throw Error(path + ": cannot write the PNG: " + ec.message());
  }
}

}  // namespace pathscope::demo
