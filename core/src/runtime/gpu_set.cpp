// --gpus: which GPUs a run spreads over, read from text, checked, and turned into ranks.
#include <algorithm>
#include <cctype>

#include "pathscope/runtime/engine.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

const char* const kGpuSetForms =
    "\"all\", a count N (the first N GPUs; 0 = one GPU, the default), or a list of two or more device numbers "
    "separated by ',' or '+' (a device named twice holds two ranks)";

// A whole number in [0, kMaxGpuRanks], or -1.
int small_number(const std::string& text) {
  if (text.empty() || text.size() > 3) return -1;
  if (!std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); })) return -1;
  const int value = std::stoi(text);
  return value <= kMaxGpuRanks ? value : -1;
}

void check_gpu_set(const GpuSet& gpus) {
  if (gpus.count < 0 || gpus.count > kMaxGpuRanks || gpus.devices.size() > std::size_t(kMaxGpuRanks))
    throw Error("--gpus: at most " + std::to_string(kMaxGpuRanks) + " ranks");
  for (int d : gpus.devices)
    if (d < 0 || d >= kMaxGpuRanks)
      throw Error("--gpus: device numbers run from 0 to " + std::to_string(kMaxGpuRanks - 1) + "; got " +
                  std::to_string(d));
}

}  // namespace

GpuSet parse_gpu_set(const std::string& text) {
  GpuSet gpus;
  if (text == "all") {
    gpus.all = true;
    return gpus;
  }
  const auto bad = [&] { return Error("--gpus " + text + ": expected " + kGpuSetForms); };
  if (text.find_first_of(",+") == std::string::npos) {
    const int count = small_number(text);
    if (count < 0) throw bad();
    gpus.count = count;
    return gpus;
  }
  std::size_t begin = 0;
  for (;;) {
    const std::size_t end = text.find_first_of(",+", begin);
    const int device = small_number(text.substr(begin, end == std::string::npos ? std::string::npos : end - begin));
    if (device < 0 || device >= kMaxGpuRanks) throw bad();
    gpus.devices.push_back(device);
    if (gpus.devices.size() > std::size_t(kMaxGpuRanks))
      throw Error("--gpus " + text + ": at most " + std::to_string(kMaxGpuRanks) + " ranks");
    if (end == std::string::npos) break;
    begin = end + 1;
  }
  return gpus;
}

std::string gpu_set_text(const GpuSet& gpus) {
  if (gpus.all) return "all";
  if (gpus.devices.empty()) return std::to_string(gpus.count);
  std::string text;
  for (int d : gpus.devices) text += (text.empty() ? "" : "+") + std::to_string(d);
  return text;
}

std::vector<int> gpu_ranks(const GpuSet& gpus, int device_count) {
  check_gpu_set(gpus);
  std::vector<int> ranks = gpus.devices;
  if (gpus.all || gpus.count > 0) {
    const int wanted = gpus.all ? device_count : gpus.count;
    if (wanted > device_count)
      throw Error("--gpus " + gpu_set_text(gpus) + " asks for " + std::to_string(wanted) + " GPUs; this machine has " +
                  std::to_string(device_count));
    for (int d = 0; d < wanted; ++d) ranks.push_back(d);
  }
  for (int d : ranks)
    if (d >= device_count)
      throw Error("--gpus " + gpu_set_text(gpus) + " names device " + std::to_string(d) + "; this machine has " +
                  std::to_string(device_count) + " (devices 0 to " + std::to_string(device_count - 1) + ")");
  return ranks;
}

}  // namespace pathscope
