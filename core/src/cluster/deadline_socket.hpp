#pragma once
// A connected TCP socket whose every send and receive waits at most until a deadline, and
// whose errors say what was being done with which peer.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

namespace pathscope::detail {

using Clock = std::chrono::steady_clock;

// Whole seconds (rounded up) for messages: "within 5 s".
std::string seconds_text(std::chrono::milliseconds span);

class DeadlineSocket {
 public:
  DeadlineSocket() = default;
  // Takes `fd` (made non-blocking); `peer` names the other end in errors ("rank 3"); waits end
  // with pathscope::Cancelled once `cancel` (when given) is true.
  DeadlineSocket(int fd, std::string peer, const std::atomic<bool>* cancel = nullptr);
  DeadlineSocket(DeadlineSocket&& other) noexcept;
  DeadlineSocket& operator=(DeadlineSocket&& other) noexcept;
  DeadlineSocket(const DeadlineSocket&) = delete;
  DeadlineSocket& operator=(const DeadlineSocket&) = delete;
  ~DeadlineSocket();

  bool open() const { return fd_ >= 0; }
  const std::string& peer() const { return peer_; }
  void set_peer(std::string peer) { peer_ = std::move(peer); }

  // Throw pathscope::Error naming the peer and `what` ("the all-gather") on a closed
  // connection, a socket error, or the deadline.
  void send_all(const void* data, std::size_t size, Clock::time_point deadline, const std::string& what);
  void receive_exact(void* data, std::size_t size, Clock::time_point deadline, const std::string& what);

 private:
  // Waits for `events` (POLLIN or POLLOUT) until the deadline; throws when it passes.
  void wait_for(short events, Clock::time_point deadline, const std::string& what);

  int fd_ = -1;
  std::string peer_;
  const std::atomic<bool>* cancel_ = nullptr;
};

// Waits for `events` on `fd` at most until `deadline` (and, with `cancel`, in slices short
// enough to see it, throwing pathscope::Cancelled); true when ready, false when the deadline came.
bool poll_until(int fd, short events, Clock::time_point deadline, const std::atomic<bool>* cancel);

// Sets O_NONBLOCK and FD_CLOEXEC on a descriptor.
void make_nonblocking(int fd);

// Little-endian 32-bit words on the wire, whatever the host's order.
void put_u32(std::byte* out, std::uint32_t value);
std::uint32_t get_u32(const std::byte* in);

}  // namespace pathscope::detail
