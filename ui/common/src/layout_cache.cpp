#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>

#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope_ui_common/layout_cache.hpp"

namespace pathscope {
namespace {

// Bumped whenever the algorithm changes, so old caches are not mistaken for new layouts.
constexpr char kMagic[8] = {'P', 'S', 'L', 'A', 'Y', 'O', '3', '\n'};

}  // namespace

std::string layout_cache_dir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/pathscope";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/pathscope";
  return (std::filesystem::temp_directory_path() / "pathscope-cache").string();
}

std::string layout_cache_path(const std::string& file_sha256, const Graph& g, const LayoutOptions& options) {
  return layout_cache_dir() + "/layout-" + file_sha256 + "-n" + std::to_string(g.n) + "-m" +
         std::to_string(g.arc_count()) + "-s" + std::to_string(options.seed) + "-i" +
         std::to_string(options.iterations) + "-t" + std::to_string(static_cast<int>(options.theta * 1000)) +
         ".bin";
}

std::optional<std::vector<float>> read_layout_cache(const std::string& path, std::int32_t n) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) return std::nullopt;
  char magic[8];
  std::int64_t count = 0;
  if (std::fread(magic, 1, 8, file.get()) != 8 || std::memcmp(magic, kMagic, 8) != 0) return std::nullopt;
  if (std::fread(&count, sizeof count, 1, file.get()) != 1 || count != n) return std::nullopt;
  std::vector<float> positions(static_cast<std::size_t>(n) * 2);
  if (std::fread(positions.data(), sizeof(float), positions.size(), file.get()) != positions.size()) {
    return std::nullopt;
  }
  return positions;
}

void write_layout_cache(const std::string& path, const std::vector<float>& positions) {
  std::filesystem::path target(path);
  std::error_code ec;
  if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path(), ec);
  if (ec) throw Error(target.parent_path().string() + ": cannot create cache folder: " + ec.message());
  AtomicFile out(path);
  const std::int64_t count = static_cast<std::int64_t>(positions.size() / 2);
  out.write(kMagic, sizeof kMagic);
  out.write(&count, sizeof count);
  out.write(positions.data(), positions.size() * sizeof(float));
  out.commit();
}

std::vector<float> cached_force_layout(const Graph& g, const std::string& file_sha256,
                                       const LayoutOptions& options, const JobContext& job,
                                       bool* from_cache) {
  const std::string path = layout_cache_path(file_sha256, g, options);
  if (auto cached = read_layout_cache(path, g.n)) {
    if (from_cache) *from_cache = true;
    job.report(1.0);
    return *cached;
  }
  if (from_cache) *from_cache = false;
  auto positions = force_layout(g, options, job);
  try {
    write_layout_cache(path, positions);
  } catch (const Error&) {
    // A read-only home or full disk costs only the next open's speed, not this result.
  }
  return positions;
}

}  // namespace pathscope
