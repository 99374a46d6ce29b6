#include "deadline_socket.hpp"

#include <cerrno>
#include <cstring>
#include <utility>

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "pathscope/runtime/error.hpp"

namespace pathscope::detail {

std::string seconds_text(std::chrono::milliseconds span) {
  return std::to_string((span.count() + 999) / 1000) + " s";
}

void make_nonblocking(int fd) {
  const int flags = ::fcntl(fd, F_GETFL, 0);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0 || ::fcntl(fd, F_SETFD, FD_CLOEXEC) < 0)
    throw Error(std::string("rendezvous: cannot set up a socket: ") + std::strerror(errno));
}

void put_u32(std::byte* out, std::uint32_t value) {
  for (int i = 0; i < 4; ++i) out[i] = std::byte((value >> (8 * i)) & 0xff);
}

std::uint32_t get_u32(const std::byte* in) {
  std::uint32_t value = 0;
  for (int i = 0; i < 4; ++i) value |= std::uint32_t(in[i]) << (8 * i);
  return value;
}

DeadlineSocket::DeadlineSocket(int fd, std::string peer, const std::atomic<bool>* cancel)
    : fd_(fd), peer_(std::move(peer)), cancel_(cancel) {
  make_nonblocking(fd_);
}

DeadlineSocket::DeadlineSocket(DeadlineSocket&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), peer_(std::move(other.peer_)), cancel_(other.cancel_) {}

DeadlineSocket& DeadlineSocket::operator=(DeadlineSocket&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    peer_ = std::move(other.peer_);
    cancel_ = other.cancel_;
  }
  return *this;
}

DeadlineSocket::~DeadlineSocket() {
  if (fd_ >= 0) ::close(fd_);
}

bool poll_until(int fd, short events, Clock::time_point deadline, const std::atomic<bool>* cancel) {
  for (;;) {
    if (cancel != nullptr && cancel->load()) throw Cancelled();
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return false;
    const long long slice = std::min<long long>(left + 1, cancel != nullptr ? 100 : 60'000);
    pollfd entry{fd, events, 0};
    const int ready = ::poll(&entry, 1, static_cast<int>(slice));
    if (ready > 0) return true;  // readable, writable, or an error that the next call reports
    if (ready < 0 && errno != EINTR) throw Error(std::string("rendezvous: poll: ") + std::strerror(errno));
  }
}

void DeadlineSocket::wait_for(short events, Clock::time_point deadline, const std::string& what) {
  if (!poll_until(fd_, events, deadline, cancel_))
    throw Error("rendezvous: " + peer_ + " did not answer in time during " + what);
}

void DeadlineSocket::send_all(const void* data, std::size_t size, Clock::time_point deadline, const std::string& what) {
  const auto* bytes = static_cast<const char*>(data);
  while (size > 0) {
    const ssize_t sent = ::send(fd_, bytes, size, MSG_NOSIGNAL);
    if (sent > 0) {
      bytes += sent;
      size -= static_cast<std::size_t>(sent);
      continue;
    }
    if (sent < 0 && errno == EINTR) continue;
    if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      wait_for(POLLOUT, deadline, what);
      continue;
    }
    if (errno == EPIPE || errno == ECONNRESET)
      throw Error("rendezvous: " + peer_ + " closed its connection during " + what +
                  " (it stopped or failed; its own output says why)");
    throw Error("rendezvous: sending to " + peer_ + " during " + what + ": " + std::strerror(errno));
  }
}

void DeadlineSocket::receive_exact(void* data, std::size_t size, Clock::time_point deadline, const std::string& what) {
  auto* bytes = static_cast<char*>(data);
  while (size > 0) {
    const ssize_t got = ::recv(fd_, bytes, size, 0);
    if (got > 0) {
      bytes += got;
      size -= static_cast<std::size_t>(got);
      continue;
    }
    if (got == 0 || errno == ECONNRESET)
      throw Error("rendezvous: " + peer_ + " closed its connection during " + what +
                  " (it stopped or failed; its own output says why)");
    if (errno == EINTR) continue;
    if (errno == EAGAIN || errno == EWOULDBLOCK) {
      wait_for(POLLIN, deadline, what);
      continue;
    }
    throw Error("rendezvous: receiving from " + peer_ + " during " + what + ": " + std::strerror(errno));
  }
}

}  // namespace pathscope::detail
