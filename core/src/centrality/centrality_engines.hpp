#pragma once
// The pieces the CPU centrality engine is made of, shared inside core/src/centrality only:
// the measures that need no search (degrees, strengths, PageRank) and the engine itself.
#include <memory>

#include "pathscope/centrality/centrality.hpp"

namespace pathscope::centrality {

// In and out degree and strength of every kept node, NaN for dropped ones, as networkx counts
// them (a self-loop adds 1 to in and out degree of a DiGraph, 2 to a Graph's degree). Fills the
// vectors of the measures asked.
void compute_degrees(const Graph& g, const CentralityOptions& options, CentralityResult& result);

// networkx.pagerank on the kept nodes and arcs (weight: the arc's strength where the graph has
// strengths, else 1). Throws Error when it does not converge within the iterations.
void compute_pagerank(const Graph& g, const CentralityOptions& options, CentralityResult& result, const JobContext& job);

// Checks every engine does before its work: options in range, the mask sized for the graph.
void check_centrality_options(const Graph& g, const CentralityOptions& options);

std::unique_ptr<CentralityEngine> make_cpu_centrality_engine();

}  // namespace pathscope::centrality
