// The NCCL transport: one communicator per rank from ncclCommInitAll (one process, a thread
// per GPU), each grouped step one ncclGroupStart/End of ncclSend/ncclRecv on the rank's stream.
// Built only when CMake found NCCL; otherwise several-GPU runs say why they cannot run.
#include <atomic>
#include <cstdlib>

#include "common/communicator.hpp"

#ifdef PATHSCOPE_HAVE_NCCL
#include <nccl.h>

#include "common/cuda_check.hpp"
#endif

namespace pathscope::gpu {

#ifdef PATHSCOPE_HAVE_NCCL
namespace {

void nccl_check(ncclResult_t status, const char* what) {
  if (status != ncclSuccess && status != ncclInProgress)
    throw Error(std::string("NCCL error in ") + what + ": " + ncclGetErrorString(status));
}

class NcclCommunicator final : public Communicator {
 public:
  NcclCommunicator(ncclComm_t comm, int rank, int size, int device, const std::atomic<bool>& aborted)
      : Communicator(rank, size, device), comm_(comm), aborted_(aborted) {}
  void exchange(const Exchange& step, cudaStream_t stream) override {
    if (step.empty()) return;
    if (aborted_) throw RanksAborted();
    nccl_check(ncclGroupStart(), "ncclGroupStart");
    for (const auto& s : step.sends) nccl_check(ncclSend(s.data, s.bytes, ncclUint8, s.peer, comm_, stream), "ncclSend");
    for (const auto& r : step.receives)
      nccl_check(ncclRecv(r.data, r.bytes, ncclUint8, r.peer, comm_, stream), "ncclRecv");
    nccl_check(ncclGroupEnd(), "ncclGroupEnd");
  }
  ncclComm_t comm() const { return comm_; }

 private:
  ncclComm_t comm_;
  const std::atomic<bool>& aborted_;
};

class NcclGroup final : public RankGroup {
 public:
  explicit NcclGroup(std::vector<int> devices) : RankGroup(std::move(devices)) {
    // NVLink multicast (NVLS) can put a shared host's GPUs out of service; these runs need
    // only point-to-point transfers.
    setenv("NCCL_NVLS_ENABLE", "0", 1);
    std::vector<ncclComm_t> comms(size());
    nccl_check(ncclCommInitAll(comms.data(), size(), this->devices().data()), "ncclCommInitAll");
    for (int r = 0; r < size(); ++r)
      ranks_.push_back(std::make_unique<NcclCommunicator>(comms[r], r, size(), this->devices()[r], aborted_));
  }
  ~NcclGroup() override {
    if (!aborted_)
      for (auto& r : ranks_) ncclCommDestroy(r->comm());
  }
  Communicator& rank(int r) override { return *ranks_[r]; }
  std::string transport() const override { return "NCCL"; }
  void abort() override {
    RankGroup::abort();
    if (aborted_.exchange(true)) return;
    // Ends the transfers a failed rank's peers wait for on the device.
    for (auto& r : ranks_) ncclCommAbort(r->comm());
  }

 private:
  std::atomic<bool> aborted_{false};
  std::vector<std::unique_ptr<NcclCommunicator>> ranks_;
};

}  // namespace

std::string nccl_unavailable_reason() { return {}; }

std::shared_ptr<RankGroup> make_nccl_group(const std::vector<int>& devices) {
  return std::make_shared<NcclGroup>(devices);
}

#else

std::string nccl_unavailable_reason() {
  return "this build of pathscope has no NCCL, which runs on several distinct GPUs need (a device listed "
         "more than once, as in --gpus 0+0, runs logical ranks without it)";
}

std::shared_ptr<RankGroup> make_nccl_group(const std::vector<int>&) { throw Error(nccl_unavailable_reason()); }

#endif

}  // namespace pathscope::gpu
