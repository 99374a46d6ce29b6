#pragma once
// The flags `metrics` and `bench centrality` share: which measures, hop or weighted costs,
// raw or normalized betweenness, sampled sources, PageRank's damping, and the resources.
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "pathscope/centrality/centrality.hpp"
#include "resource_options.hpp"

namespace pathscope::cli {

struct CentralityFlags {
  std::string measures = "all";
  bool hops = false, raw = false;
  std::int64_t samples = 0;
  std::uint64_t seed = 1;
  double pagerank_alpha = CentralityOptions{}.pagerank_alpha;
  ResourceFlags resources;

  void add_to(CLI::App& command);
  // "all" or a comma list of measure names; throws UsageError naming the known ones.
  std::vector<CentralityMeasure> chosen_measures() const;
  CentralityOptions options() const;
};

// "betweenness, closeness, ..., out-strength" for help texts.
std::string centrality_measure_list();
// Throws UsageError for a name the registry does not know (before any file is read).
void check_centrality_engine_name(const std::string& name, const std::string& option);

}  // namespace pathscope::cli
