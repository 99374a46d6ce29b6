// Measure names as every front end spells them, and a result's vector per measure.
#include <array>
#include <string>
#include <utility>

#include "pathscope/centrality/centrality.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

constexpr std::array<std::pair<CentralityMeasure, std::string_view>, 8> kNames{{
    {CentralityMeasure::Betweenness, "betweenness"},
    {CentralityMeasure::Closeness, "closeness"},
    {CentralityMeasure::Harmonic, "harmonic"},
    {CentralityMeasure::PageRank, "pagerank"},
    {CentralityMeasure::InDegree, "in-degree"},
    {CentralityMeasure::OutDegree, "out-degree"},
    {CentralityMeasure::InStrength, "in-strength"},
    {CentralityMeasure::OutStrength, "out-strength"},
}};

}  // namespace

std::string_view centrality_measure_name(CentralityMeasure measure) {
  for (const auto& [m, name] : kNames)
    if (m == measure) return name;
  return "unknown";
}

CentralityMeasure parse_centrality_measure(std::string_view name) {
  std::string known;
  for (const auto& [m, spelled] : kNames) {
    if (spelled == name) return m;
    // Column names use '_' ("in_degree"), so both spellings are accepted.
    std::string underscored(spelled);
    for (char& c : underscored)
      if (c == '-') c = '_';
    if (underscored == name) return m;
    known += (known.empty() ? "" : ", ") + std::string(spelled);
  }
  throw UsageError("unknown centrality measure '" + std::string(name) + "' (known: " + known + ")");
}

std::vector<CentralityMeasure> all_centrality_measures() {
  std::vector<CentralityMeasure> out;
  for (const auto& entry : kNames) out.push_back(entry.first);
  return out;
}

const std::vector<double>& CentralityResult::values(CentralityMeasure measure) const {
  return const_cast<CentralityResult*>(this)->values(measure);
}

std::vector<double>& CentralityResult::values(CentralityMeasure measure) {
  switch (measure) {
    case CentralityMeasure::Betweenness: return betweenness;
    case CentralityMeasure::Closeness: return closeness;
    case CentralityMeasure::Harmonic: return harmonic;
    case CentralityMeasure::PageRank: return pagerank;
    case CentralityMeasure::InDegree: return in_degree;
    case CentralityMeasure::OutDegree: return out_degree;
    case CentralityMeasure::InStrength: return in_strength;
    case CentralityMeasure::OutStrength: return out_strength;
  }
  throw Error("internal: unknown centrality measure");
}

}  // namespace pathscope
