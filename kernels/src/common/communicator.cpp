// The transport-independent half of the communicator: the broadcast as point-to-point
// transfers, the breakable barrier, the kept groups, and the rank threads.
#include "common/communicator.hpp"

#include <algorithm>
#include <exception>
#include <map>
#include <set>
#include <thread>

#include "common/cuda_check.hpp"

namespace pathscope::gpu {

void Exchange::broadcast(const std::vector<int>& members, int root, void* data, std::size_t bytes, int me) {
  if (bytes == 0 || std::find(members.begin(), members.end(), me) == members.end()) return;
  if (me == root) {
    for (int peer : members)
      if (peer != root) sends.push_back({peer, data, bytes});
  } else {
    receives.push_back({root, data, bytes});
  }
}

void HostBarrier::arrive_and_wait(const std::function<void()>& last) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (aborted_) throw RanksAborted();
  if (++arrived_ == parties_) {
    if (last) last();
    arrived_ = 0;
    ++generation_;
    released_.notify_all();
    return;
  }
  const long mine = generation_;
  released_.wait(lock, [&] { return generation_ != mine || aborted_; });
  if (generation_ == mine) throw RanksAborted();
}

void HostBarrier::abort() {
  std::lock_guard<std::mutex> lock(mutex_);
  aborted_ = true;
  released_.notify_all();
}

namespace {

std::mutex groups_mutex;
std::map<std::vector<int>, std::shared_ptr<RankGroup>>& kept_groups() {
  static auto* groups = new std::map<std::vector<int>, std::shared_ptr<RankGroup>>;  // outlives exit
  return *groups;
}

}  // namespace

std::shared_ptr<RankGroup> rank_group(const std::vector<int>& devices) {
  std::lock_guard<std::mutex> lock(groups_mutex);
  auto& kept = kept_groups();
  if (auto it = kept.find(devices); it != kept.end()) return it->second;
  const bool distinct = std::set<int>(devices.begin(), devices.end()).size() == devices.size();
  auto group = distinct ? make_nccl_group(devices) : make_copy_group(devices);
  kept[devices] = group;
  return group;
}

void forget_rank_group(const std::vector<int>& devices) {
  std::lock_guard<std::mutex> lock(groups_mutex);
  kept_groups().erase(devices);
}

void run_on_ranks(RankGroup& group, const std::function<void(Communicator&)>& body) {
  std::mutex mutex;
  std::condition_variable changed;
  int running = group.size();
  std::exception_ptr first, first_abort;
  std::vector<std::thread> threads;
  threads.reserve(group.size());
  for (int r = 0; r < group.size(); ++r) {
    threads.emplace_back([&, r] {
      std::exception_ptr error;
      bool aborted = false;
      try {
        Communicator& comm = group.rank(r);
        CUDA_CHECK(cudaSetDevice(comm.device()));
        body(comm);
      } catch (const RanksAborted&) {
        error = std::current_exception();
        aborted = true;
      } catch (...) {
        error = std::current_exception();
      }
      std::lock_guard<std::mutex> lock(mutex);
      if (error && !aborted && !first) first = error;
      if (error && aborted && !first_abort) first_abort = error;
      --running;
      changed.notify_all();
    });
  }
  bool aborted = false;
  {
    std::unique_lock<std::mutex> lock(mutex);
    for (;;) {
      changed.wait(lock, [&] { return running == 0 || ((first || first_abort) && !aborted); });
      if ((first || first_abort) && !aborted) {
        // The others may wait for the failed rank in an exchange, the barrier or on the device.
        aborted = true;
        lock.unlock();
        group.abort();
        lock.lock();
        continue;
      }
      if (running == 0) break;
    }
  }
  for (auto& t : threads) t.join();
  if (aborted) forget_rank_group(group.devices());
  if (first) std::rethrow_exception(first);
  if (first_abort) std::rethrow_exception(first_abort);
}

}  // namespace pathscope::gpu
