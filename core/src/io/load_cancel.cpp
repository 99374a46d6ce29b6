#include "io/load_cancel.hpp"

namespace pathscope::io {
namespace {
const JobContext never_cancelled;
thread_local const JobContext* load_job = nullptr;
}  // namespace

LoadCancelScope::LoadCancelScope(const JobContext& job) : previous_(load_job) { load_job = &job; }
LoadCancelScope::~LoadCancelScope() { load_job = previous_; }

const JobContext& current_load_job() { return load_job ? *load_job : never_cancelled; }

}  // namespace pathscope::io
