#pragma once
// Slurm's compressed lists, as srun passes them to each task.
#include <optional>
#include <string>

namespace pathscope::detail {

// The first host of a node list ("gpu[07-12,15],login3" -> "gpu07", zero padding kept, every
// bracket of a name expanded to its first value); nothing for an empty or malformed list.
std::optional<std::string> first_slurm_host(const std::string& node_list);

// Tasks on node `node` (0-based, SLURM_NODEID) from SLURM_STEP_TASKS_PER_NODE ("2(x3),1": three
// nodes of 2, then one of 1); nothing when the list is malformed or shorter.
std::optional<int> slurm_tasks_on_node(const std::string& tasks_per_node, int node);

}  // namespace pathscope::detail
