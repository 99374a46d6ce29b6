#pragma once
// The core's information-flow engines, made by name through flow_engines().
#include <memory>

#include "pathscope/flow/information_flow.hpp"

namespace pathscope::detail {

// One traversal per repetition, a frontier search with the draws, repetitions spread over threads.
std::unique_ptr<FlowEngine> make_cpu_flow_engine();

}  // namespace pathscope::detail
