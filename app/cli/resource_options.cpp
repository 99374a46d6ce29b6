#include "resource_options.hpp"

#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::cli {

namespace {

// 0 is how the options record says "the default"; typed explicitly it would refuse every run.
std::uint64_t parse_budget(const std::string& flag, const std::string& text, const std::string& default_text) {
  if (text.empty()) return 0;
  const std::uint64_t bytes = parse_bytes(text);
  if (bytes == 0) throw Error(flag + " " + text + " leaves no memory for any run; leave the flag out for " + default_text);
  return bytes;
}

// Runs the core's rule on one typed value while the command line is parsed, so that every
// command refuses it, also those that use the resource only on some paths (path --engine).
CLI::Validator resource_check(void (*apply)(const std::string& text, EngineResources& r)) {
  return CLI::Validator(
      [apply](std::string& text) -> std::string {
        try {
          EngineResources r;
          apply(text, r);
          validate_resources(r);
          return {};
        } catch (const Error& e) {
          return e.what();
        }
      },
      "", "");
}

// The sets of a bench sweep: comma-separated, none empty.
std::vector<GpuSet> parse_gpu_sweep(const std::string& text) {
  std::vector<GpuSet> sets;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t end = text.find(',', begin);
    const std::string item = text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
    if (item.empty()) throw Error("--gpus " + text + ": an empty set in the list");
    sets.push_back(parse_gpu_set(item));
    if (end == std::string::npos) return sets;
    begin = end + 1;
  }
}

}  // namespace

void ResourceFlags::add_to(CLI::App& command, const std::string& use) {
  command.add_option("--threads", threads, "CPU threads (0 = all)")
      ->check(resource_check([](const std::string& text, EngineResources& r) { r.threads = parse_thread_count(text); }));
  command.add_option("--memory-budget", memory_budget, "Host memory for " + use + " (default 60% of RAM), e.g. 4GiB")
      ->check(resource_check([](const std::string& text, EngineResources& r) {
        r.memory_budget = parse_budget("--memory-budget", text, "the default (60% of RAM)");
      }));
  command.add_option("--gpu-mem", gpu_memory, "GPU memory for " + use + " (default: free memory less a margin), e.g. 2GiB")
      ->check(resource_check([](const std::string& text, EngineResources& r) {
        r.gpu_memory_budget = parse_budget("--gpu-mem", text, "the default (free GPU memory less a margin)");
      }));
}

void ResourceFlags::add_gpus_to(CLI::App& command, bool sweep) {
  sweep_ = sweep;
  const std::string what =
      "GPUs for the GPU engines: all (gpu-blocked: as many as its cost model predicts fastest, one included), "
      "N (the first N; 0 = one GPU, the default) or a list of device numbers "
      "(a device listed twice holds two ranks, exchanging by device copies)";
  auto* option = command.add_option(
      "--gpus", gpus, sweep ? what + "; comma-separated sets run in turn, lists joined by '+', e.g. 0,1,2,0+0" : what);
  if (sweep) {
    option->check(CLI::Validator(
        [](std::string& text) -> std::string {
          try {
            for (const GpuSet& set : parse_gpu_sweep(text)) {
              EngineResources r;
              r.gpus = set;
              validate_resources(r);
            }
            return {};
          } catch (const Error& e) {
            return e.what();
          }
        },
        "", ""));
  } else {
    option->check(resource_check([](const std::string& text, EngineResources& r) { r.gpus = parse_gpu_set(text); }));
  }
}

std::vector<GpuSet> ResourceFlags::gpu_sweep() const {
  if (gpus.empty()) return {GpuSet{}};
  return sweep_ ? parse_gpu_sweep(gpus) : std::vector<GpuSet>{parse_gpu_set(gpus)};
}

EngineResources ResourceFlags::resources() const {
  EngineResources r;
  r.threads = threads;
  if (!sweep_ && !gpus.empty()) r.gpus = parse_gpu_set(gpus);
  r.memory_budget = parse_budget("--memory-budget", memory_budget, "the default (60% of RAM)");
  r.gpu_memory_budget = parse_budget("--gpu-mem", gpu_memory, "the default (free GPU memory less a margin)");
  validate_resources(r);
  return r;
}

}  // namespace pathscope::cli
