// The device-copy transport: ranks in one process exchange through mailboxes of device
// pointers and events, and the receiver copies (cudaMemcpyPeerAsync, a plain device copy when
// both ranks share a GPU). A send returns once its receiver has queued the copy, and its
// stream then waits for that copy, as an NCCL send's stream would.
#include <deque>
#include <map>
#include <utility>

#include "common/communicator.hpp"
#include "common/cuda_check.hpp"

namespace pathscope::gpu {
namespace {

struct Message {
  const void* data = nullptr;
  int device = 0;
  std::size_t bytes = 0;
  cudaEvent_t ready = nullptr;   // the sender's stream reached the send
  cudaEvent_t copied = nullptr;  // the receiver's stream finished the copy
  bool taken = false;
};

cudaEvent_t new_event() {
  cudaEvent_t e = nullptr;
  CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  return e;
}

class CopyGroup;

class CopyCommunicator final : public Communicator {
 public:
  CopyCommunicator(CopyGroup& group, int rank, int size, int device) : Communicator(rank, size, device), group_(group) {}
  void exchange(const Exchange& step, cudaStream_t stream) override;

 private:
  CopyGroup& group_;
};

class CopyGroup final : public RankGroup {
 public:
  explicit CopyGroup(std::vector<int> devices) : RankGroup(std::move(devices)) {
    for (int r = 0; r < size(); ++r) ranks_.push_back(std::make_unique<CopyCommunicator>(*this, r, size(), this->devices()[r]));
  }
  Communicator& rank(int r) override { return *ranks_[r]; }
  std::string transport() const override { return "device copies"; }
  void abort() override {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      aborted_ = true;
    }
    changed_.notify_all();
    RankGroup::abort();
  }

  void post(int from, int to, std::shared_ptr<Message> m) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      mailbox_[{from, to}].push_back(std::move(m));
    }
    changed_.notify_all();
  }
  std::shared_ptr<Message> take(int from, int to) {
    std::unique_lock<std::mutex> lock(mutex_);
    auto& box = mailbox_[{from, to}];
    changed_.wait(lock, [&] { return !box.empty() || aborted_; });
    if (aborted_) throw RanksAborted();
    auto m = std::move(box.front());
    box.pop_front();
    return m;
  }
  void mark_taken(Message& m) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      m.taken = true;
    }
    changed_.notify_all();
  }
  void wait_taken(const Message& m) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return m.taken || aborted_; });
    if (!m.taken) throw RanksAborted();
  }

 private:
  std::vector<std::unique_ptr<CopyCommunicator>> ranks_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<std::pair<int, int>, std::deque<std::shared_ptr<Message>>> mailbox_;
  bool aborted_ = false;
};

void CopyCommunicator::exchange(const Exchange& step, cudaStream_t stream) {
  // Every send is posted before any receive waits, so two ranks that send to each other in one
  // step cannot wait for each other.
  std::vector<std::shared_ptr<Message>> sent;
  for (const auto& s : step.sends) {
    auto m = std::make_shared<Message>();
    m->data = s.data;
    m->device = device();
    m->bytes = s.bytes;
    m->ready = new_event();
    CUDA_CHECK(cudaEventRecord(m->ready, stream));
    group_.post(rank(), s.peer, m);
    sent.push_back(std::move(m));
  }
  for (const auto& r : step.receives) {
    const auto m = group_.take(r.peer, rank());
    if (m->bytes != r.bytes)
      throw Error("GPU rank " + std::to_string(rank()) + " expected " + std::to_string(r.bytes) + " bytes from rank " +
                  std::to_string(r.peer) + " and was sent " + std::to_string(m->bytes));
    CUDA_CHECK(cudaStreamWaitEvent(stream, m->ready, 0));
    if (m->device == device())
      CUDA_CHECK(cudaMemcpyAsync(r.data, m->data, r.bytes, cudaMemcpyDeviceToDevice, stream));
    else
      CUDA_CHECK(cudaMemcpyPeerAsync(r.data, device(), m->data, m->device, r.bytes, stream));
    m->copied = new_event();
    CUDA_CHECK(cudaEventRecord(m->copied, stream));
    group_.mark_taken(*m);
  }
  for (const auto& m : sent) {
    group_.wait_taken(*m);
    CUDA_CHECK(cudaStreamWaitEvent(stream, m->copied, 0));
    // Destroying an event with waits queued on it is allowed; it goes once they are done.
    cudaEventDestroy(m->ready);
    cudaEventDestroy(m->copied);
  }
}

}  // namespace

std::shared_ptr<RankGroup> make_copy_group(const std::vector<int>& devices) {
  return std::make_shared<CopyGroup>(devices);
}

}  // namespace pathscope::gpu
