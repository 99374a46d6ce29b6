#pragma once
// The GPU engines of a program without the CUDA back end: they exist, so menus and `bench`
// list them, and say why they cannot run.
#include <memory>
#include <string>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/correlate/correlate.hpp"

namespace pathscope::detail {

std::unique_ptr<ApspEngine> make_missing_gpu_apsp_engine(std::string name);
std::unique_ptr<ClosureEngine> make_missing_gpu_closure_engine();
std::unique_ptr<CorrelationEngine> make_missing_gpu_correlation_engine();

}  // namespace pathscope::detail
