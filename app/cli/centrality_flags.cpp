#include "centrality_flags.hpp"

#include <algorithm>

#include "comma_list.hpp"
#include "exit_codes.hpp"
#include "option_checks.hpp"

namespace pathscope::cli {

std::string centrality_measure_list() {
  std::string list;
  for (const auto m : all_centrality_measures()) list += (list.empty() ? "" : ", ") + std::string(centrality_measure_name(m));
  return list;
}

void check_centrality_engine_name(const std::string& name, const std::string& option) {
  const auto names = centrality_engine_names();
  if (std::find(names.begin(), names.end(), name) != names.end()) return;
  std::string known;
  for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
  throw UsageError(option + " " + name + ": unknown centrality engine (use " + known + ")");
}

void CentralityFlags::add_to(CLI::App& command) {
  command.add_option("--measures", measures, "Comma-separated measures, or all: " + centrality_measure_list())
      ->capture_default_str();
  command.add_flag("--hops", hops, "Every arc costs 1 (breadth-first search) instead of its cost");
  command.add_flag("--raw", raw, "Betweenness as raw pair counts instead of networkx's normalized values");
  command.add_option("--samples", samples,
                     "Betweenness from K sources drawn at random, scaled by n/K, with its error bound (networkx's "
                     "k); 0 = every source (exact)")
      ->capture_default_str()
      ->check(whole_number_in(0, 2147483647, "sources"));
  command.add_option("--seed", seed, "Seed of the sampled sources")
      ->capture_default_str()
      ->check(whole_number_in(0, 0x1p64, "a 64-bit seed"));
  command.add_option("--pagerank-alpha", pagerank_alpha, "PageRank's damping factor (networkx's alpha)")
      ->capture_default_str()
      ->check(number_above(0, 1));
  resources.add_to(command, "the per-node values and the search state of each thread");
}

std::vector<CentralityMeasure> CentralityFlags::chosen_measures() const {
  if (measures == "all") return all_centrality_measures();
  std::vector<CentralityMeasure> chosen;
  for (const auto& name : split_comma_list(measures, "--measures")) {
    const CentralityMeasure m = parse_centrality_measure(name);
    if (std::find(chosen.begin(), chosen.end(), m) == chosen.end()) chosen.push_back(m);
  }
  return chosen;
}

CentralityOptions CentralityFlags::options() const {
  CentralityOptions o = resources.applied_to(CentralityOptions{});
  o.measures = chosen_measures();
  o.hops = hops;
  o.normalized = !raw;
  o.samples = samples;
  o.seed = seed;
  o.pagerank_alpha = pagerank_alpha;
  return o;
}

}  // namespace pathscope::cli
