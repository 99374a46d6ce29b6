#pragma once
// How the ranks of a several-GPU run talk: grouped point-to-point steps ordered on a stream
// (a panel broadcast along a process row or column is one such step) and a host barrier. Two
// transports behind one interface: NCCL between distinct devices, and device copies between
// logical ranks that share a GPU (each with its own stream and memory), which is how P ranks
// are tested on one GPU. A run drives each rank from its own host thread (run_on_ranks).
#include <cuda_runtime.h>

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "pathscope/runtime/error.hpp"

namespace pathscope {
class ProcessJob;  // pathscope/cluster/process_job.hpp
}

namespace pathscope::gpu {

// Thrown in a rank whose group was aborted because another rank failed; the other rank's
// error is the one the run reports.
class RanksAborted : public Error {
 public:
  RanksAborted() : Error("another GPU rank of this run failed") {}
};

struct PeerTransfer {
  int peer;
  void* data;
  std::size_t bytes;
};

// What one rank sends and receives in one grouped step. Transfers between one pair of ranks
// match in the order they were added.
struct Exchange {
  std::vector<PeerTransfer> sends, receives;
  // The broadcast of `bytes` at `data` from `root` to the other `members` (every member passes
  // its own buffer of the same size); nothing when `me` is not a member or bytes is 0.
  void broadcast(const std::vector<int>& members, int root, void* data, std::size_t bytes, int me);
  bool empty() const { return sends.empty() && receives.empty(); }
};

// One rank's end. exchange() is called by every rank taking part, from its own thread.
class Communicator {
 public:
  Communicator(int rank, int size, int device) : rank_(rank), size_(size), device_(device) {}
  virtual ~Communicator() = default;
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }
  int device() const { return device_; }
  // Enqueues the step on `stream`: work queued there afterwards sees what was received, and
  // may overwrite what was sent. May wait on the host for the peers to reach the same step.
  virtual void exchange(const Exchange& step, cudaStream_t stream) = 0;

 private:
  int rank_, size_, device_;
};

// A barrier of host threads that can be broken: abort() makes every waiter, present and
// future, throw RanksAborted.
class HostBarrier {
 public:
  explicit HostBarrier(int parties) : parties_(parties) {}
  // The last thread to arrive runs `last` (which must not throw) before the others go on.
  void arrive_and_wait(const std::function<void()>& last = {});
  void abort();

 private:
  std::mutex mutex_;
  std::condition_variable released_;
  int parties_, arrived_ = 0;
  long generation_ = 0;
  bool aborted_ = false;
};

// The ranks of one device list, each with its communicator. Made once per process per list
// and kept (rank_group): making NCCL communicators takes longer than a small run.
class RankGroup {
 public:
  explicit RankGroup(std::vector<int> devices) : devices_(std::move(devices)), barrier_(int(devices_.size())) {}
  virtual ~RankGroup() = default;
  int size() const { return int(devices_.size()); }
  const std::vector<int>& devices() const { return devices_; }
  virtual Communicator& rank(int r) = 0;
  // "NCCL" or "device copies".
  virtual std::string transport() const = 0;
  HostBarrier& barrier() { return barrier_; }
  // Wakes every rank waiting in an exchange or the barrier (they throw RanksAborted) and stops
  // transfers in flight. The group cannot be used again; rank_group() then makes a new one.
  virtual void abort() { barrier_.abort(); }
  // Held by a run for its whole length: one run at a time per group.
  std::mutex& run_mutex() { return run_mutex_; }

 private:
  std::vector<int> devices_;
  HostBarrier barrier_;
  std::mutex run_mutex_;
};

// The group for these devices, one rank per entry in order. Distinct devices use NCCL; a list
// that names a device twice uses device copies. Throws Error when NCCL is needed and this build
// has none. NCCL_NVLS_ENABLE=0 is set before any NCCL communicator is made (NVLink multicast
// can put a shared host's GPUs out of service).
std::shared_ptr<RankGroup> rank_group(const std::vector<int>& devices);
// Forgets the kept group of this list (after an abort).
void forget_rank_group(const std::vector<int>& devices);
// Why this build cannot make NCCL communicators, or empty.
std::string nccl_unavailable_reason();

// The transports, for rank_group and the tests.
std::shared_ptr<RankGroup> make_copy_group(const std::vector<int>& devices);
std::shared_ptr<RankGroup> make_nccl_group(const std::vector<int>& devices);

// This process's rank of a job of processes (one GPU each, process_job.hpp), on `device`
// (made current): NCCL's communicator from ncclCommInitRank, rank 0's id shared over the job's
// rendezvous. Every process of the job calls it at the same point. Kept for the job's length,
// like rank_group's groups; forget_job_rank aborts it (after an error, so that transfers this
// process left unmatched do not hold the device). Throws Error when this build has no NCCL.
std::shared_ptr<Communicator> job_rank(ProcessJob& job, int device);
void forget_job_rank(const ProcessJob& job);

// Runs body(rank's communicator) on one thread per rank, with the rank's device current.
// When a body throws, the group is aborted so that the others stop waiting, and forgotten; the
// first error (not a RanksAborted) is rethrown here once every thread has ended.
void run_on_ranks(RankGroup& group, const std::function<void(Communicator&)>& body);

}  // namespace pathscope::gpu
