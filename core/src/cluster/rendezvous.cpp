// Which rendezvous a job gets (rendezvous.hpp), and the one of a job of one process.
#include "pathscope/cluster/rendezvous.hpp"

#include "mpi_rendezvous.hpp"

namespace pathscope {
namespace {

class SoloRendezvous final : public Rendezvous {
 public:
  int rank() const override { return 0; }
  int world_size() const override { return 1; }
  std::string transport() const override { return "none (one process)"; }
  Bytes broadcast_from_rank0(const Bytes& blob) override { return blob; }
  std::vector<Bytes> all_gather(const Bytes& mine) override { return {mine}; }
  void barrier() override {}
};

}  // namespace

std::unique_ptr<Rendezvous> join_rendezvous(const ProcessPlacement& placement, const RendezvousOptions& options) {
  if (placement.world_size == 1) return std::make_unique<SoloRendezvous>();
  if (mpi_rendezvous_built() && launched_by_mpi(placement.launcher)) return detail::join_mpi_rendezvous(placement);
  return join_tcp_rendezvous(placement, options);
}

}  // namespace pathscope
