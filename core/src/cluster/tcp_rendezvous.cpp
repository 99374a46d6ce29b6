// The TCP rendezvous: a star around rank 0. Every step is a frame (step number, kind, length,
// bytes) from each rank to rank 0 and back, so rank 0 sees a rank that is at another step, and
// every wait ends at the step's deadline.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "deadline_socket.hpp"
#include "pathscope/cluster/rendezvous.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {
namespace {

using detail::Clock;
using detail::DeadlineSocket;

// A joining rank's first bytes: a tag that a stray connection will not send, the protocol's
// version, then its rank and the world size it was started with.
constexpr char kHelloTag[8] = {'p', 's', 'c', 'o', 'p', 'e', 'R', 'V'};
constexpr std::uint32_t kProtocolVersion = 1;
constexpr std::size_t kHelloBytes = sizeof kHelloTag + 12;
// How long rank 0 gives a fresh connection to say hello before it drops it as a stray one.
constexpr auto kHelloWait = std::chrono::seconds(5);

enum class StepKind : std::uint32_t { broadcast = 1, all_gather = 2, barrier = 3 };

const char* step_name(std::uint32_t kind) {
  switch (StepKind(kind)) {
    case StepKind::broadcast: return "the broadcast";
    case StepKind::all_gather: return "the all-gather";
    case StepKind::barrier: return "the barrier";
  }
  return "an unknown step";
}

std::string rank_name(int rank) { return "rank " + std::to_string(rank); }

void send_frame(DeadlineSocket& socket, std::uint32_t step, StepKind kind, const Bytes& body, Clock::time_point deadline) {
  std::byte header[12];
  detail::put_u32(header, step);
  detail::put_u32(header + 4, std::uint32_t(kind));
  detail::put_u32(header + 8, std::uint32_t(body.size()));
  socket.send_all(header, sizeof header, deadline, step_name(std::uint32_t(kind)));
  if (!body.empty()) socket.send_all(body.data(), body.size(), deadline, step_name(std::uint32_t(kind)));
}

// The frame of `step`; a frame of another step or kind means the ranks called different steps.
Bytes receive_frame(DeadlineSocket& socket, std::uint32_t step, StepKind kind, Clock::time_point deadline) {
  const std::string what = step_name(std::uint32_t(kind));
  std::byte header[12];
  socket.receive_exact(header, sizeof header, deadline, what);
  const std::uint32_t their_step = detail::get_u32(header);
  const std::uint32_t their_kind = detail::get_u32(header + 4);
  const std::uint32_t size = detail::get_u32(header + 8);
  if (their_step != step || their_kind != std::uint32_t(kind))
    throw Error("rendezvous: " + socket.peer() + " is at step " + std::to_string(their_step) + " (" +
                step_name(their_kind) + ") while this rank is at step " + std::to_string(step) + " (" + what +
                "): the ranks do not run the same program");
  if (size > kMaxRendezvousMessage)
    throw Error("rendezvous: " + socket.peer() + " sent " + std::to_string(size) + " bytes in " + what +
                "; the most is " + std::to_string(kMaxRendezvousMessage));
  Bytes body(size);
  if (size > 0) socket.receive_exact(body.data(), size, deadline, what);
  return body;
}

// The listening socket on every interface: IPv6 and IPv4 where the host has both, IPv4 alone
// where IPv6 is off.
int listen_on(int port) {
  int error = 0;
  for (const int family : {AF_INET6, AF_INET}) {
    const int fd = ::socket(family, SOCK_STREAM, 0);
    if (fd < 0) {
      error = errno;
      continue;
    }
    const int on = 1, off = 0;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    int bound = -1;
    if (family == AF_INET6) {
      ::setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &off, sizeof off);
      sockaddr_in6 address{};
      address.sin6_family = AF_INET6;
      address.sin6_addr = in6addr_any;
      address.sin6_port = htons(static_cast<std::uint16_t>(port));
      bound = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
    } else {
      sockaddr_in address{};
      address.sin_family = AF_INET;
      address.sin_addr.s_addr = htonl(INADDR_ANY);
      address.sin_port = htons(static_cast<std::uint16_t>(port));
      bound = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
    }
    if (bound == 0 && ::listen(fd, 128) == 0) {
      detail::make_nonblocking(fd);
      return fd;
    }
    error = errno;
    ::close(fd);
    if (error == EADDRINUSE) break;
  }
  if (error == EADDRINUSE)
    throw Error("rendezvous: port " + std::to_string(port) +
                " is taken on rank 0's host (another job?); choose another with MASTER_PORT or "
                "PATHSCOPE_RENDEZVOUS=host:port");
  throw Error("rendezvous: cannot listen on port " + std::to_string(port) + ": " + std::strerror(error));
}

// One connection attempt to every address of host:port, each waiting at most until `until`;
// the connected socket, or -1 with `error` set to why not.
int try_connect(const std::string& host, int port, Clock::time_point until, const std::atomic<bool>* cancel,
                std::string& error) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const int status = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
  if (status != 0) {
    error = std::string("cannot resolve host \"") + host + "\": " + ::gai_strerror(status);
    return -1;
  }
  int connected = -1;
  for (addrinfo* a = found; a != nullptr && connected < 0; a = a->ai_next) {
    const int fd = ::socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd < 0) continue;
    detail::make_nonblocking(fd);
    int result = ::connect(fd, a->ai_addr, a->ai_addrlen);
    if (result < 0 && errno == EINPROGRESS) {
      bool ready = false;
      try {
        ready = detail::poll_until(fd, POLLOUT, until, cancel);
      } catch (...) {
        ::close(fd);
        ::freeaddrinfo(found);
        throw;
      }
      if (ready) {
        int so_error = 0;
        socklen_t length = sizeof so_error;
        ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &so_error, &length);
        result = so_error == 0 ? 0 : -1;
        errno = so_error ? so_error : ETIMEDOUT;
      } else {
        errno = ETIMEDOUT;
      }
    }
    if (result == 0) {
      connected = fd;
    } else {
      error = std::strerror(errno);
      ::close(fd);
    }
  }
  ::freeaddrinfo(found);
  return connected;
}

class TcpRendezvous final : public Rendezvous {
 public:
  TcpRendezvous(const ProcessPlacement& placement, const RendezvousOptions& options)
      : rank_(placement.rank), size_(placement.world_size), timeout_(options.timeout), cancel_(options.cancel),
        address_(placement.rendezvous_host + ":" + std::to_string(placement.rendezvous_port)) {
    if (rank_ == 0) {
      accept_ranks(placement.rendezvous_port);
    } else {
      join_rank0(placement);
    }
  }

  int rank() const override { return rank_; }
  int world_size() const override { return size_; }
  std::string transport() const override { return "tcp " + address_; }

  Bytes broadcast_from_rank0(const Bytes& blob) override {
    const auto deadline = Clock::now() + timeout_;
    const std::uint32_t step = ++step_;
    if (rank_ != 0) return receive_frame(root_, step, StepKind::broadcast, deadline);
    check_size(blob);
    for (auto& peer : peers_) send_frame(peer, step, StepKind::broadcast, blob, deadline);
    return blob;
  }

  std::vector<Bytes> all_gather(const Bytes& mine) override { return gather(mine, StepKind::all_gather); }

  void barrier() override { gather({}, StepKind::barrier); }

 private:
  static void check_size(const Bytes& blob) {
    if (blob.size() > kMaxRendezvousMessage)
      throw Error("rendezvous: a message of " + std::to_string(blob.size()) + " bytes; the most is " +
                  std::to_string(kMaxRendezvousMessage));
  }

  // Each rank's bytes to rank 0, which sends all of them back, lengths first.
  std::vector<Bytes> gather(const Bytes& mine, StepKind kind) {
    check_size(mine);
    const auto deadline = Clock::now() + timeout_;
    const std::uint32_t step = ++step_;
    if (rank_ != 0) {
      send_frame(root_, step, kind, mine, deadline);
      return unpack(receive_frame(root_, step, kind, deadline));
    }
    std::vector<Bytes> all{mine};
    for (auto& peer : peers_) all.push_back(receive_frame(peer, step, kind, deadline));
    const Bytes packed = pack(all);
    for (auto& peer : peers_) send_frame(peer, step, kind, packed, deadline);
    return all;
  }

  Bytes pack(const std::vector<Bytes>& all) const {
    std::size_t total = 4 * all.size();
    for (const auto& one : all) total += one.size();
    if (total > kMaxRendezvousMessage)
      throw Error("rendezvous: the gathered records take " + std::to_string(total) + " bytes; the most is " +
                  std::to_string(kMaxRendezvousMessage));
    Bytes packed(total);
    std::byte* out = packed.data();
    for (const auto& one : all) {
      detail::put_u32(out, std::uint32_t(one.size()));
      out += 4;
      std::copy(one.begin(), one.end(), out);
      out += one.size();
    }
    return packed;
  }

  std::vector<Bytes> unpack(const Bytes& packed) const {
    std::vector<Bytes> all;
    std::size_t at = 0;
    for (int r = 0; r < size_; ++r) {
      if (packed.size() - at < 4) throw Error("rendezvous: rank 0 sent a gathered list cut short");
      const std::size_t length = detail::get_u32(packed.data() + at);
      at += 4;
      if (packed.size() - at < length) throw Error("rendezvous: rank 0 sent a gathered list cut short");
      all.emplace_back(packed.begin() + std::ptrdiff_t(at), packed.begin() + std::ptrdiff_t(at + length));
      at += length;
    }
    if (at != packed.size()) throw Error("rendezvous: rank 0 sent a gathered list longer than the world");
    return all;
  }

  void accept_ranks(int port) {
    const int listener = listen_on(port);
    const auto deadline = Clock::now() + timeout_;
    std::vector<DeadlineSocket> by_rank(static_cast<std::size_t>(size_));
    int joined = 1;
    try {
      while (joined < size_) {
        if (!detail::poll_until(listener, POLLIN, deadline, cancel_)) throw Error(missing_message(by_rank, joined));
        const int fd = ::accept(listener, nullptr, nullptr);
        if (fd < 0) continue;
        // Rank 0 answers each step with a small frame, header and body in two writes: with
        // Nagle's rule the body waits for the peer's delayed ACK, tens of ms a step.
        const int on = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
        DeadlineSocket peer(fd, "a connecting process", cancel_);
        const int rank = read_hello(peer, std::min(deadline, Clock::now() + kHelloWait));
        if (rank < 0) continue;  // a stray connection, not one of ours
        if (by_rank[std::size_t(rank)].open())
          throw Error("rendezvous: two processes say they are rank " + std::to_string(rank) +
                      " (two jobs on one port, or a launcher's variables set by hand?)");
        peer.set_peer(rank_name(rank));
        by_rank[std::size_t(rank)] = std::move(peer);
        ++joined;
      }
    } catch (...) {
      ::close(listener);
      throw;
    }
    ::close(listener);
    for (int r = 1; r < size_; ++r) peers_.push_back(std::move(by_rank[std::size_t(r)]));
  }

  std::string missing_message(const std::vector<DeadlineSocket>& by_rank, int joined) const {
    std::string missing;
    int listed = 0;
    for (int r = 1; r < size_; ++r) {
      if (by_rank[std::size_t(r)].open()) continue;
      if (listed++ == 8) {
        missing += ", ...";
        break;
      }
      missing += (missing.empty() ? "" : ", ") + std::to_string(r);
    }
    return "rendezvous: rank 0 heard from " + std::to_string(joined) + " of " + std::to_string(size_) +
           " ranks within " + detail::seconds_text(timeout_) + " on port " + address_.substr(address_.rfind(':') + 1) +
           "; missing rank" + (size_ - joined > 1 ? "s " : " ") + missing +
           " (not started, started with other variables, or unable to reach " + address_ + ")";
  }

  // The rank a hello names, or -1 for a connection that is not one of ours; throws for one of
  // ours that does not fit this job.
  int read_hello(DeadlineSocket& peer, Clock::time_point deadline) const {
    std::byte hello[kHelloBytes];
    try {
      peer.receive_exact(hello, sizeof hello, deadline, "joining");
    } catch (const Cancelled&) {
      throw;
    } catch (const Error&) {
      return -1;
    }
    if (std::memcmp(hello, kHelloTag, sizeof kHelloTag) != 0) return -1;
    const std::uint32_t version = detail::get_u32(hello + 8);
    const std::uint32_t rank = detail::get_u32(hello + 12);
    const std::uint32_t size = detail::get_u32(hello + 16);
    if (version != kProtocolVersion)
      throw Error("rendezvous: rank " + std::to_string(rank) + " speaks protocol " + std::to_string(version) +
                  ", rank 0 speaks " + std::to_string(kProtocolVersion) + ": every rank must run the same pathscope");
    if (size != std::uint32_t(size_))
      throw Error("rendezvous: rank " + std::to_string(rank) + " was started with a world of " + std::to_string(size) +
                  " ranks, rank 0 with " + std::to_string(size_));
    if (rank == 0 || rank >= std::uint32_t(size_))
      throw Error("rendezvous: a process says it is rank " + std::to_string(rank) + " of " + std::to_string(size_));
    return static_cast<int>(rank);
  }

  void join_rank0(const ProcessPlacement& placement) {
    const auto deadline = Clock::now() + timeout_;
    std::string error = "no attempt";
    int fd = -1;
    // Rank 0 may not listen yet: try again, a little slower each time, until the deadline.
    auto pause = std::chrono::milliseconds(20);
    for (;;) {
      fd = try_connect(placement.rendezvous_host, placement.rendezvous_port,
                       std::min(deadline, Clock::now() + std::chrono::seconds(2)), cancel_, error);
      if (fd >= 0 || Clock::now() + pause >= deadline) break;
      if (cancel_ != nullptr && cancel_->load()) throw Cancelled();
      std::this_thread::sleep_for(pause);
      pause = std::min(pause * 2, std::chrono::milliseconds(500));
    }
    if (fd < 0)
      throw Error("rendezvous: rank " + std::to_string(rank_) + " could not reach rank 0 at " + address_ +
                  " (from " + placement.rendezvous_source + ") within " + detail::seconds_text(timeout_) +
                  ": " + error);
    root_ = DeadlineSocket(fd, "rank 0 (" + address_ + ")", cancel_);
    const int on = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    std::byte hello[kHelloBytes];
    std::memcpy(hello, kHelloTag, sizeof kHelloTag);
    detail::put_u32(hello + 8, kProtocolVersion);
    detail::put_u32(hello + 12, std::uint32_t(rank_));
    detail::put_u32(hello + 16, std::uint32_t(size_));
    root_.send_all(hello, sizeof hello, deadline, "joining");
  }

  int rank_;
  int size_;
  std::chrono::milliseconds timeout_;
  const std::atomic<bool>* cancel_;
  std::string address_;
  std::uint32_t step_ = 0;
  DeadlineSocket root_;                // ranks above 0: the connection to rank 0
  std::vector<DeadlineSocket> peers_;  // rank 0: ranks 1 .. size - 1
};

}  // namespace

std::unique_ptr<Rendezvous> join_tcp_rendezvous(const ProcessPlacement& placement, const RendezvousOptions& options) {
  if (placement.rendezvous_host.empty() || placement.rendezvous_port <= 0)
    throw Error("rendezvous: " + std::to_string(placement.world_size) + " ranks (" +
                std::string(launcher_name(placement.launcher)) +
                ") but no address for rank 0: set PATHSCOPE_RENDEZVOUS=host:port, or MASTER_ADDR and MASTER_PORT, "
                "to a host of the job and a free port");
  if (options.timeout.count() <= 0) throw Error("rendezvous: the timeout must be positive");
  return std::make_unique<TcpRendezvous>(placement, options);
}

}  // namespace pathscope
