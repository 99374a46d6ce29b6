#pragma once
// Pixels out of OpenGL and into PNG files: the window's frame for the S key, or the
// offscreen target (pathscope_render/offscreen_target.hpp) of a headless run.
#include <cstdint>
#include <string>
#include <vector>

namespace pathscope::demo {

// The bound framebuffer's pixels, top row first, opaque.
std::vector<std::uint8_t> read_framebuffer_rgba(int width, int height);

// Written to a temporary name and renamed. Throws Error naming the file.
void write_png(const std::string& path, const std::vector<std::uint8_t>& rgba, int width, int height);

}  // namespace pathscope::demo
