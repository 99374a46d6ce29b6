#pragma once
// Where this process stands in a job of several processes (one per GPU), as the launcher that
// started it says through the environment: Open MPI's mpirun, MPICH/Hydra or any PMI launcher,
// Slurm's srun, torchrun and its kind (RANK, WORLD_SIZE, MASTER_ADDR, ...), or none (one
// process). The environment comes in as a lookup, so tests need no real one.
//
// Which launcher wins when several have left variables: the innermost one, i.e. the one that
// started this very process, because a launcher's variables are inherited by everything it
// starts, launchers included. Order: torchrun-style, then Open MPI, then MPICH/PMI, then Slurm.
//   - torchrun (or a script setting RANK/WORLD_SIZE) always starts its workers itself, often
//     under srun (one torchrun per node: SLURM_PROCID is then the node, RANK the worker);
//   - mpirun inside a Slurm allocation starts its ranks through daemons that srun started (the
//     ranks see the daemons' SLURM_PROCID, one per node);
//   - srun alone sets only its own variables (with --mpi=pmi2 also PMI_RANK, equal to them).
// Open MPI and PMI are both "the MPI job of this process": when both are set their sizes must
// agree, otherwise the environment is contradictory and refused.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace pathscope {

enum class Launcher { none, torchrun, open_mpi, mpich, slurm };

// "none", "torchrun", "Open MPI", "MPICH/PMI", "Slurm": as `pathscope-cli ranks` prints them.
std::string_view launcher_name(Launcher launcher);

// Whether the launcher is an MPI one, i.e. whether an MPI build shares the id through MPI.
bool launched_by_mpi(Launcher launcher);

// The port a rendezvous uses when none is given: torchrun's default.
inline constexpr int kDefaultRendezvousPort = 29500;

struct ProcessPlacement {
  int rank = 0;
  int world_size = 1;
  int local_rank = 0;
  int local_size = 0;  // processes on this host; 0 when the launcher does not say
  Launcher launcher = Launcher::none;
  // Where rank 0 listens for the TCP rendezvous: empty host when nothing gave one (an MPI
  // launch with no MASTER_ADDR nor PATHSCOPE_RENDEZVOUS; one process needs none).
  std::string rendezvous_host;
  int rendezvous_port = 0;
  std::string rendezvous_source;  // the variable(s) that gave it, for messages and `ranks`
};

// Returns the variable's value, or nothing when it is not set.
using EnvironmentLookup = std::function<std::optional<std::string>(const std::string& name)>;

// A lookup in a fixed set of variables (tests, and callers that build their own).
EnvironmentLookup environment_from(std::map<std::string, std::string> variables);
// A lookup in this process's environment.
EnvironmentLookup process_environment();

// Reads the placement; throws pathscope::Error naming the variable for a value that is not a
// whole number, a negative one, a rank not below its size, a port outside 1..65535, a rank
// given without its size (or the reverse), and sizes that two MPI launchers give differently.
//
// The rendezvous address, first found of:
//   PATHSCOPE_RENDEZVOUS=host:port    (any launcher; [v6addr]:port for IPv6)
//   MASTER_ADDR and MASTER_PORT       (torchrun's; MASTER_PORT alone keeps the Slurm host)
//   Slurm: the first host of SLURM_STEP_NODELIST (else SLURM_JOB_NODELIST), on port
//          kDefaultRendezvousPort + SLURM_JOB_ID % 1000, so that two jobs sharing a node
//          rarely pick the same port
// MASTER_ADDR without MASTER_PORT takes kDefaultRendezvousPort, as torchrun does.
ProcessPlacement read_process_placement(const EnvironmentLookup& environment);

}  // namespace pathscope
