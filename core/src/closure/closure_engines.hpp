#pragma once
// Factories of the CPU closure engines and what they share; the registry is their only user.
#include <memory>

#include "pathscope/closure/closure.hpp"

namespace pathscope::detail {

std::unique_ptr<ClosureEngine> make_textbook_closure_engine();  // boolean triple loop, one thread
std::unique_ptr<ClosureEngine> make_bitset_closure_engine();    // packed Warshall, all threads
std::unique_ptr<ClosureEngine> make_scc_closure_engine();       // condensation + DAG bitsets

// The arcs as a bit matrix: bit v of row u for every arc u -> v (self-loops included).
BitMatrix adjacency_bits(const Graph& g);

// Fills the fields every CPU closure engine reports.
void fill_cpu_timing(Timing& t, const std::string& engine, int threads, double start, double compute_start,
                     std::int32_t n);

}  // namespace pathscope::detail
