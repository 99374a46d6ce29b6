#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "pathscope/io/tsplib.hpp"
#include "pathscope/runtime/memory_budget.hpp"
#include "pathscope/tsp/tsp.hpp"

namespace pathscope {

std::optional<double> tsplib_best_known(const std::string& solutions_path, const std::string& instance_name) {
  std::ifstream in(solutions_path);
  if (!in) return std::nullopt;
  for (std::string line; std::getline(in, line);) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::istringstream name_part(line.substr(0, colon)), value_part(line.substr(colon + 1));
    std::string name;
    double value = 0;
    if (name_part >> name && name == instance_name && value_part >> value) return value;
  }
  return std::nullopt;
}

TspInstance tsp_instance_from_tsplib(const std::string& path, const EngineResources& resources) {
  // The reader refuses a DIMENSION whose matrices (its int32 one and the instance's doubles,
  // both held while one is copied into the other) would not fit, before allocating either.
  LoadOptions limits;
  limits.max_arcs = std::min<std::int64_t>(
      limits.max_arcs, static_cast<std::int64_t>(effective_memory_budget(resources) / (sizeof(std::int32_t) + sizeof(double))));
  TsplibInstance file = read_tsplib(path, limits);
  require_cost_matrix_fits(file.dimension, resources, path);
  TspInstance instance;
  instance.name = file.name.empty() ? std::filesystem::path(path).stem().string() : file.name;
  instance.k = file.dimension;
  instance.cost.assign(file.costs.begin(), file.costs.end());
  file.costs = {};
  for (std::int32_t i = 0; i < instance.k; ++i) {
    instance.cost[static_cast<std::size_t>(i) * instance.k + i] = 0;  // TSPLIB diagonals hold fillers
    instance.stop_names.push_back(std::to_string(i + 1));
  }
  finish_tsp_instance(instance);
  const auto solutions = std::filesystem::path(path).parent_path() / "bestSolutions.txt";
  // Some files' NAME carries the extension ("ulysses16.tsp"); the list uses the bare name.
  instance.known_optimum = tsplib_best_known(solutions.string(), std::filesystem::path(path).stem().string());
  if (!instance.known_optimum) instance.known_optimum = tsplib_best_known(solutions.string(), instance.name);
  return instance;
}

}  // namespace pathscope
