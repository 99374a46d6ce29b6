// The NCCL transport: one communicator per rank from ncclCommInitAll (one process, a thread
// per GPU), or from ncclCommInitRank (a job of processes, one rank each), each grouped step
// one ncclGroupStart/End of ncclSend/ncclRecv on the rank's stream.
// Built only when CMake found NCCL; otherwise several-GPU runs say why they cannot run.
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

#include "common/communicator.hpp"
#include "pathscope/cluster/process_job.hpp"

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

// NVLink multicast (NVLS) can put a shared host's GPUs out of service; these runs need only
// point-to-point transfers.
void keep_nvlink_multicast_off() { setenv("NCCL_NVLS_ENABLE", "0", 1); }

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
    keep_nvlink_multicast_off();
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

class JobRank final {
 public:
  JobRank(ProcessJob& job, int device) {
    keep_nvlink_multicast_off();
    ncclUniqueId id{};
    if (job.rank() == 0) nccl_check(ncclGetUniqueId(&id), "ncclGetUniqueId");
    Bytes mine(sizeof id);
    std::memcpy(mine.data(), &id, sizeof id);
    const Bytes shared = job.rendezvous().broadcast_from_rank0(mine);
    if (shared.size() != sizeof id) throw Error("rendezvous: NCCL's id arrived with the wrong length");
    std::memcpy(&id, shared.data(), sizeof id);
    CUDA_CHECK(cudaSetDevice(device));
    ncclComm_t comm = nullptr;
    nccl_check(ncclCommInitRank(&comm, job.world_size(), id, job.rank()), "ncclCommInitRank");
    rank_ = std::make_shared<NcclCommunicator>(comm, job.rank(), job.world_size(), device, aborted_);
  }
  ~JobRank() {
    if (aborted_) ncclCommAbort(rank_->comm());
    else ncclCommDestroy(rank_->comm());
  }
  const std::shared_ptr<NcclCommunicator>& rank() const { return rank_; }
  void abort() { aborted_ = true; }

 private:
  std::atomic<bool> aborted_{false};
  std::shared_ptr<NcclCommunicator> rank_;
};

std::mutex job_ranks_mutex;
std::map<std::uint64_t, std::shared_ptr<JobRank>>& kept_job_ranks() {
  static auto* ranks = new std::map<std::uint64_t, std::shared_ptr<JobRank>>;  // outlives exit
  return *ranks;
}

}  // namespace

std::string nccl_unavailable_reason() { return {}; }

std::shared_ptr<Communicator> job_rank(ProcessJob& job, int device) {
  std::lock_guard<std::mutex> lock(job_ranks_mutex);
  auto& kept = kept_job_ranks();
  auto it = kept.find(job.serial());
  if (it == kept.end()) it = kept.emplace(job.serial(), std::make_shared<JobRank>(job, device)).first;
  if (it->second->rank()->device() != device)
    throw Error("this process's rank of the job runs on GPU " + std::to_string(it->second->rank()->device()) +
                ", not " + std::to_string(device));
  CUDA_CHECK(cudaSetDevice(device));
  return {it->second, it->second->rank().get()};
}

void forget_job_rank(const ProcessJob& job) {
  std::lock_guard<std::mutex> lock(job_ranks_mutex);
  auto& kept = kept_job_ranks();
  if (auto it = kept.find(job.serial()); it != kept.end()) {
    it->second->abort();
    kept.erase(it);
  }
}

std::shared_ptr<RankGroup> make_nccl_group(const std::vector<int>& devices) {
  return std::make_shared<NcclGroup>(devices);
}

#else

std::string nccl_unavailable_reason() {
  return "this build of pathscope has no NCCL, which runs on several distinct GPUs need (a device listed "
         "more than once, as in --gpus 0+0, runs logical ranks without it)";
}

std::shared_ptr<RankGroup> make_nccl_group(const std::vector<int>&) { throw Error(nccl_unavailable_reason()); }

std::shared_ptr<Communicator> job_rank(ProcessJob&, int) { throw Error(nccl_unavailable_reason()); }

void forget_job_rank(const ProcessJob&) {}

#endif

}  // namespace pathscope::gpu
