#pragma once
// The fields every bench row shares in --json output, so scripts read each bench alike.
#include <nlohmann/json.hpp>

#include "pathscope/job.hpp"

namespace pathscope::cli {

inline nlohmann::json timing_json(const Timing& t) {
  return {{"ran_as", t.engine},
          {"device", t.device},
          {"seconds", t.seconds},
          {"compute_seconds", t.compute_seconds},
          {"transfer_seconds", t.transfer_seconds}};
}

}  // namespace pathscope::cli
