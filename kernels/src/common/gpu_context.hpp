#pragma once
// Everything one GPU run works with, made at the run's start and handed down: which device,
// the size of its launches, how much of its memory the run may take, and the stream its work
// is queued on (arrays given that stream come from the device's pool; downloads go through the
// device's staging, staging.hpp). Runs read these here, never from process-wide state, so two
// runs (or two ranks of one run) on different devices or with different budgets cannot see
// each other's choices. No CUDA types, so .cpp files of every family include it (Stream is the
// owning handle of device_memory.hpp).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace pathscope::gpu {

class Stream;

// Puts the calling thread's current device back, as it was when this was made, on leaving the
// scope (exceptions included): a several-GPU run switches devices on the caller's thread.
class KeepCurrentDevice {
 public:
  KeepCurrentDevice();
  ~KeepCurrentDevice();
  KeepCurrentDevice(const KeepCurrentDevice&) = delete;
  KeepCurrentDevice& operator=(const KeepCurrentDevice&) = delete;

 private:
  int device_ = 0;
};

class GpuContext {
 public:
  // A one-GPU run on the device every such run uses, with `requested` as its GPU memory
  // budget (0: the default). Throws Error unless the device can run the engines.
  static GpuContext for_run(std::uint64_t requested);
  // One rank of a several-GPU run on `device`, which `ranks_on_device` ranks share: each takes
  // its share of `requested` (or of the default). Makes `device` current for the caller.
  static GpuContext for_rank(std::uint64_t requested, int device, int ranks_on_device);
  // One context per rank of a several-GPU run, rank r on devices[r] (ranks placed on one device
  // share it), all made before any rank starts so that each rank's budget can be checked first.
  // The caller's current device is left as it was.
  static std::vector<GpuContext> for_ranks(std::uint64_t requested, const std::vector<int>& devices);

  GpuContext(GpuContext&&) noexcept;
  GpuContext& operator=(GpuContext&&) noexcept;
  ~GpuContext();

  int device() const { return device_; }
  // The probed name of device 0; "GPU <index>" for a rank on another device.
  const std::string& device_name() const { return device_name_; }
  int multiprocessors() const { return multiprocessors_; }
  // The bytes of device memory the run may use, by the one rule of device.hpp. Read on first
  // use, where the run used to read it, so that free memory is measured at the same point and
  // a run that never sizes itself by it (a brute-force tour) never refuses over it.
  std::uint64_t memory_budget() const;
  // The stream the run queues its work on; arrays freed in its order must not outlive the
  // context. Side streams a run adds beside it are its own.
  const Stream& stream() const { return *stream_; }

 private:
  GpuContext(int device, std::uint64_t requested, int ranks_on_device);

  int device_ = 0;
  std::string device_name_;
  int multiprocessors_ = 1;
  std::uint64_t requested_budget_ = 0;
  int ranks_on_device_ = 0;  // 0: a one-GPU run, whose refusals name the device
  mutable std::optional<std::uint64_t> memory_budget_;
  std::unique_ptr<Stream> stream_;
};

}  // namespace pathscope::gpu
