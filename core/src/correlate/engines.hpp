#pragma once
#include <memory>

#include "pathscope/correlate.hpp"

namespace pathscope::correlate {

std::unique_ptr<CorrelationEngine> make_cpu_correlation_engine();
std::unique_ptr<CorrelationEngine> make_rerank_correlation_engine();

}  // namespace pathscope::correlate
