#pragma once
// Factories of the CPU all-pairs engines; the registry (engine_registry.cpp) is their only user.
#include <memory>

#include "pathscope/apsp/apsp.hpp"

namespace pathscope::detail {

std::unique_ptr<ApspEngine> make_textbook_engine();  // plain k-i-j triple loop, one thread
std::unique_ptr<ApspEngine> make_blocked_engine();   // 3-phase blocked Floyd-Warshall
std::unique_ptr<ApspEngine> make_sparse_engine();    // Dijkstra/BFS from every source
std::unique_ptr<ApspEngine> make_auto_engine();      // picks one of the above

}  // namespace pathscope::detail
