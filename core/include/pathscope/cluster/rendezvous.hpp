#pragma once
// The few collective steps a job of several processes needs before NCCL takes over: rank 0
// hands every rank a blob (NCCL's unique id: 128 opaque bytes), the ranks share small
// per-rank records, and they wait for each other. Over MPI when the build has it and an MPI
// launcher started the job, otherwise over TCP with rank 0 at the placement's rendezvous address.
// Every wait has a deadline: a rank that never comes, or one that dies, ends in an Error that
// says which, never in a hang.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "pathscope/cluster/launch_environment.hpp"

namespace pathscope {

using Bytes = std::vector<std::byte>;

// The largest blob or record one step carries: checked before anything is allocated.
inline constexpr std::size_t kMaxRendezvousMessage = std::size_t(1) << 20;

class Rendezvous {
 public:
  virtual ~Rendezvous() = default;
  virtual int rank() const = 0;
  virtual int world_size() const = 0;
  // "tcp gpu07:29500" or "mpi", as `pathscope-cli ranks` prints it.
  virtual std::string transport() const = 0;
  // Rank 0's `blob`, on every rank (the others' argument is ignored).
  virtual Bytes broadcast_from_rank0(const Bytes& blob) = 0;
  // Every rank's `mine`, in rank order, on every rank.
  virtual std::vector<Bytes> all_gather(const Bytes& mine) = 0;
  // Returns once every rank has called it.
  virtual void barrier() = 0;
};

struct RendezvousOptions {
  // The longest any one step waits (joining included) before it fails.
  std::chrono::milliseconds timeout{std::chrono::seconds(60)};
  // When set and true, a wait of the TCP rendezvous ends within a tenth of a second with
  // pathscope::Cancelled (a front end's Ctrl-C). MPI's waits cannot be broken.
  const std::atomic<bool>* cancel = nullptr;
};

// The TCP rendezvous: rank 0 listens on the placement's port (every interface), the others
// connect to its host, retrying until the deadline (rank 0 may start late). Throws Error when
// the placement has no rendezvous address and more than one rank.
std::unique_ptr<Rendezvous> join_tcp_rendezvous(const ProcessPlacement& placement, const RendezvousOptions& options);

// Whether this build has the MPI rendezvous (find_package(MPI) found one).
bool mpi_rendezvous_built();

// MPI when built and the launcher is an MPI one; else TCP; one process needs neither and gets
// a rendezvous that answers at once.
std::unique_ptr<Rendezvous> join_rendezvous(const ProcessPlacement& placement, const RendezvousOptions& options);

}  // namespace pathscope
