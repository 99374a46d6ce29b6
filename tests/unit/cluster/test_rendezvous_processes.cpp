// The TCP rendezvous between real processes on this machine: P forked ranks (P = 1, 2, 3, 5)
// with torchrun's variables on 127.0.0.1 and a port the OS gave, started in a random order
// (rank 0 last in one run). Every rank must get rank 0's random blob and the same gathered
// table as the records the test handed out; a rank that never comes, a rank 0 that never comes,
// and a rank that dies give their error, never a hang.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "free_port.hpp"
#include "fresh_seed.hpp"
#include "pathscope/apsp/row_share.hpp"
#include "pathscope/cluster/process_job.hpp"
#include "pathscope/cluster/rank_table.hpp"
#include "pathscope/cluster/rendezvous.hpp"
#include "pathscope/runtime/error.hpp"

namespace {

using namespace std::chrono_literals;
using pathscope::Bytes;

using test_support::free_port;

std::string hex(const Bytes& bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string text;
  for (std::byte b : bytes) {
    text += digits[std::to_integer<int>(b) >> 4];
    text += digits[std::to_integer<int>(b) & 15];
  }
  return text;
}

std::string record_line(const pathscope::RankRecord& r) {
  return std::to_string(r.rank) + " " + r.host + " " + std::to_string(r.local_rank) + " " +
         std::to_string(r.local_size) + " " + std::to_string(r.device_count);
}

struct Job {
  int world_size = 1;
  int port = 0;
  std::chrono::milliseconds timeout = 20s;
  Bytes blob;                     // rank 0's
  std::vector<int> device_count;  // what each rank says it sees
  int dies_after_joining = -1;    // this rank exits right after it joined
  std::uint64_t agreements_seed = 0;  // not 0: the ranks join a ProcessJob and check its agreements
};

// Rank r's values in the agreements check, which every rank can work out for every other.
std::vector<std::uint64_t> rank_words(std::uint64_t seed, int rank) {
  std::mt19937_64 random(seed + std::uint64_t(rank));
  // One rank sends more than the rendezvous carries in one message, so the gather takes steps.
  const std::size_t words = rank == 1 ? pathscope::kMaxRendezvousMessage / 8 * 2 + random() % 1000 : random() % 3000;
  std::vector<std::uint64_t> values(words);
  for (auto& v : values) v = random();
  return values;
}

// The agreements of a ProcessJob against what they must give; "" when all hold.
std::string check_agreements(pathscope::ProcessJob& job, std::uint64_t seed) {
  const int rank = job.rank(), size = job.world_size();
  std::mt19937_64 shared(seed);
  const int chosen = int(shared() % std::uint64_t(size));
  std::vector<std::int64_t> numbers;
  std::vector<double> reals;
  for (int r = 0; r < size; ++r) {
    numbers.push_back(std::int64_t(shared() % 2000) - 1000);
    reals.push_back(double(shared() % 1000) / 7.0);
  }
  std::string wrong;
  if (!job.any(rank == chosen)) wrong += "any missed rank " + std::to_string(chosen) + "'s true; ";
  if (job.any(false)) wrong += "any of all false was true; ";
  if (job.min(numbers[std::size_t(rank)]) != *std::min_element(numbers.begin(), numbers.end())) wrong += "min; ";
  if (job.max(reals[std::size_t(rank)]) != *std::max_element(reals.begin(), reals.end())) wrong += "max; ";
  std::vector<std::uint64_t> expected;
  for (int r = 0; r < size; ++r) {
    const auto words = rank_words(seed, r);
    expected.insert(expected.end(), words.begin(), words.end());
  }
  if (job.all_gather(rank_words(seed, rank)) != expected) wrong += "all_gather; ";
  if (!job.all_gather({}).empty()) wrong += "all_gather of nothing; ";
  if (job.local_index() != rank || job.local_count() != size) wrong += "local index or count; ";
  // A matrix every rank can make: each hashes only its share's rows, and the agreed checksum
  // must be the whole matrix's.
  const std::int64_t n = 50 + std::int64_t(shared() % 400), band = 1 + std::int64_t(shared() % 60);
  std::vector<std::int32_t> cells(std::size_t(n * n));
  for (auto& c : cells) c = std::int32_t(shared() % 1000);
  pathscope::RowChecksums all_rows(n, pathscope::DistType::Int32), share_rows(n, pathscope::DistType::Int32);
  all_rows.add(0, n, cells.data());
  for (const auto& range : pathscope::RowShare{rank, size, band}.ranges(n))
    share_rows.add(range.first, range.count, cells.data() + range.first * n);
  if (pathscope::job_matrix_checksum(job, share_rows, n, band) != all_rows.total()) wrong += "job_matrix_checksum; ";
  return wrong;
}

// The agreements check in a forked rank.
std::string agreements_report(const pathscope::ProcessPlacement& placement, const Job& job, int rank) {
  const auto joined = pathscope::join_process_job(placement, job.device_count[std::size_t(rank)], {job.timeout});
  const std::string wrong = check_agreements(*joined, job.agreements_seed);
  if (!wrong.empty()) throw std::runtime_error("wrong: " + wrong);
  return "agreements hold\n";
}

// Writes a rank's report to `out` and returns its exit code.
int finish_report(const std::string& report, int code, int out) {
  for (std::size_t written = 0; written < report.size();) {
    const ssize_t n = ::write(out, report.data() + written, report.size() - written);
    if (n <= 0) break;
    written += std::size_t(n);
  }
  return code;
}

// What one rank does, in the forked child: the report goes to `out`, the exit code says ok.
int run_rank(const Job& job, int rank, int out) {
  std::string report;
  int code = 0;
  try {
    const auto placement = pathscope::read_process_placement(pathscope::environment_from(
        {{"RANK", std::to_string(rank)}, {"WORLD_SIZE", std::to_string(job.world_size)},
         {"LOCAL_RANK", std::to_string(rank)}, {"LOCAL_WORLD_SIZE", std::to_string(job.world_size)},
         {"MASTER_ADDR", "127.0.0.1"}, {"MASTER_PORT", std::to_string(job.port)}}));
    if (job.agreements_seed != 0) return finish_report(agreements_report(placement, job, rank), 0, out);
    auto rendezvous = pathscope::join_rendezvous(placement, {job.timeout});
    if (rank == job.dies_after_joining) ::_exit(3);
    const Bytes got = rendezvous->broadcast_from_rank0(rank == 0 ? job.blob : Bytes{});
    const auto records = pathscope::gather_rank_records(
        *rendezvous, pathscope::this_rank_record(placement, job.device_count[std::size_t(rank)]));
    rendezvous->barrier();
    report = "blob " + hex(got) + "\n";
    for (const auto& r : records) report += record_line(r) + "\n";
  } catch (const std::exception& e) {
    report = std::string("error: ") + e.what() + "\n";
    code = 1;
  }
  return finish_report(report, code, out);
}

struct RankOutcome {
  int exit_code = -1;  // -1: killed (a hang past the limit, or a crash)
  std::string report;
};

// Starts the ranks in `start_order` (a pause before each of `pause`), waits for all, and kills
// any still running `limit` after the start: a hang fails the test instead of stalling it.
std::vector<RankOutcome> run_job(const Job& job, const std::vector<int>& start_order,
                                 std::chrono::milliseconds pause_before_rank0 = 0ms) {
  std::vector<pid_t> pids(std::size_t(job.world_size), -1);
  std::vector<int> pipes(std::size_t(job.world_size), -1);
  for (int rank : start_order) {
    if (rank == 0) std::this_thread::sleep_for(pause_before_rank0);
    int ends[2];
    if (::pipe(ends) != 0) throw std::runtime_error("pipe");
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::close(ends[0]);
      ::_exit(run_rank(job, rank, ends[1]));
    }
    ::close(ends[1]);
    pids[std::size_t(rank)] = pid;
    pipes[std::size_t(rank)] = ends[0];
  }
  std::vector<RankOutcome> outcomes(std::size_t(job.world_size));
  const auto limit = std::chrono::steady_clock::now() + job.timeout + 30s;
  for (int rank : start_order) {
    int status = 0;
    const pid_t pid = pids[std::size_t(rank)];
    while (::waitpid(pid, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > limit) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        break;
      }
      std::this_thread::sleep_for(10ms);
    }
    auto& outcome = outcomes[std::size_t(rank)];
    if (WIFEXITED(status)) outcome.exit_code = WEXITSTATUS(status);
    char buffer[4096];
    for (ssize_t n; (n = ::read(pipes[std::size_t(rank)], buffer, sizeof buffer)) > 0;)
      outcome.report.append(buffer, std::size_t(n));
    ::close(pipes[std::size_t(rank)]);
  }
  return outcomes;
}

Job random_job(std::mt19937_64& random, int world_size) {
  Job job;
  job.world_size = world_size;
  job.port = free_port();
  job.blob.resize(128);  // NCCL's unique id is 128 bytes
  for (auto& b : job.blob) b = std::byte(random() & 0xff);
  for (int r = 0; r < world_size; ++r) job.device_count.push_back(int(random() % 9));
  return job;
}

TEST(RendezvousProcesses, EveryRankGetsTheBlobAndTheTable) {
  std::mt19937_64 random(test_support::fresh_seed());
  char name[256] = {};
  ::gethostname(name, sizeof name - 1);
  for (int world_size : {1, 2, 3, 5}) {
    const Job job = random_job(random, world_size);
    std::vector<int> order(static_cast<std::size_t>(world_size));
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), random);
    // The largest job starts rank 0 last, after the others have begun knocking.
    auto pause = 0ms;
    if (world_size == 5) {
      std::rotate(order.begin(), std::find(order.begin(), order.end(), 0), order.end());
      std::rotate(order.begin(), order.begin() + 1, order.end());
      pause = 400ms;
    }
    std::string expected = "blob " + hex(job.blob) + "\n";
    for (int r = 0; r < world_size; ++r)
      expected += record_line({r, name, r, world_size, job.device_count[std::size_t(r)]}) + "\n";
    const auto outcomes = run_job(job, order, pause);
    for (int r = 0; r < world_size; ++r) {
      EXPECT_EQ(outcomes[std::size_t(r)].exit_code, 0) << "P=" << world_size << " rank " << r << ": "
                                                      << outcomes[std::size_t(r)].report;
      EXPECT_EQ(outcomes[std::size_t(r)].report, expected) << "P=" << world_size << " rank " << r;
    }
  }
}

// A job's agreements (any, min, max, a gather longer than one rendezvous message) give every
// rank the same answer, the one worked out from all ranks' values.
TEST(RendezvousProcesses, JobAgreementsGiveEveryRankTheSameAnswer) {
  std::mt19937_64 random(test_support::fresh_seed());
  for (int world_size : {2, 3 + int(random() % 2)}) {
    Job job = random_job(random, world_size);
    job.agreements_seed = random() | 1;
    job.device_count.assign(std::size_t(world_size), int(random() % 3));  // a sane launch: every rank alike
    std::vector<int> order(static_cast<std::size_t>(world_size));
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), random);
    const auto outcomes = run_job(job, order);
    for (int r = 0; r < world_size; ++r) {
      EXPECT_EQ(outcomes[std::size_t(r)].exit_code, 0) << "P=" << world_size << " rank " << r << ": "
                                                      << outcomes[std::size_t(r)].report;
      EXPECT_EQ(outcomes[std::size_t(r)].report, "agreements hold\n") << "P=" << world_size << " rank " << r;
    }
  }
}

TEST(RendezvousProcesses, ARankThatNeverComesEndsAtTheDeadline) {
  std::mt19937_64 random(test_support::fresh_seed());
  Job job = random_job(random, 3);
  job.timeout = 1500ms;
  const auto outcomes = run_job(job, {1, 0});  // rank 2 is never started
  EXPECT_EQ(outcomes[0].exit_code, 1);
  EXPECT_NE(outcomes[0].report.find("rank 0 heard from 2 of 3 ranks within 2 s"), std::string::npos)
      << outcomes[0].report;
  EXPECT_NE(outcomes[0].report.find("missing rank 2 "), std::string::npos) << outcomes[0].report;
  // Rank 1 sees rank 0 go, or its own deadline pass first: both end it with rank 0 named.
  EXPECT_EQ(outcomes[1].exit_code, 1);
  EXPECT_NE(outcomes[1].report.find("rank 0 (127.0.0.1:" + std::to_string(job.port) + ")"), std::string::npos)
      << outcomes[1].report;
}

TEST(RendezvousProcesses, ARank0ThatNeverComesEndsAtTheDeadline) {
  std::mt19937_64 random(test_support::fresh_seed());
  Job job = random_job(random, 2);
  job.timeout = 1s;
  const auto outcomes = run_job(job, {1});
  EXPECT_EQ(outcomes[1].exit_code, 1);
  EXPECT_NE(outcomes[1].report.find("rank 1 could not reach rank 0 at 127.0.0.1:" + std::to_string(job.port) +
                                    " (from MASTER_ADDR, MASTER_PORT) within 1 s"),
            std::string::npos)
      << outcomes[1].report;
}

TEST(RendezvousProcesses, ARankThatDiesIsNamed) {
  std::mt19937_64 random(test_support::fresh_seed());
  Job job = random_job(random, 4);
  job.dies_after_joining = 2;
  const auto outcomes = run_job(job, {0, 1, 2, 3});
  EXPECT_EQ(outcomes[2].exit_code, 3);
  EXPECT_EQ(outcomes[0].exit_code, 1);
  EXPECT_NE(outcomes[0].report.find("rank 2 closed its connection"), std::string::npos) << outcomes[0].report;
  for (int r : {1, 3}) {
    EXPECT_EQ(outcomes[std::size_t(r)].exit_code, 1);
    EXPECT_NE(outcomes[std::size_t(r)].report.find("rank 0 (127.0.0.1"), std::string::npos)
        << outcomes[std::size_t(r)].report;
    // The deadline (20 s) was not what ended it.
    EXPECT_EQ(outcomes[std::size_t(r)].report.find("in time"), std::string::npos) << outcomes[std::size_t(r)].report;
  }
}

// A person's Ctrl-C (the front end's cancel flag) ends a wait long before its deadline, on
// rank 0 waiting for the others and on a rank knocking at a rank 0 that is not there.
TEST(RendezvousProcesses, CancelEndsTheWait) {
  for (int rank : {0, 1}) {
    std::atomic<bool> cancel{false};
    const auto placement = pathscope::read_process_placement(pathscope::environment_from(
        {{"RANK", std::to_string(rank)}, {"WORLD_SIZE", "2"}, {"MASTER_ADDR", "127.0.0.1"},
         {"MASTER_PORT", std::to_string(free_port())}}));
    std::thread person([&] {
      std::this_thread::sleep_for(300ms);
      cancel = true;
    });
    const auto start = std::chrono::steady_clock::now();
    EXPECT_THROW(pathscope::join_tcp_rendezvous(placement, {600s, &cancel}), pathscope::Cancelled) << "rank " << rank;
    person.join();
    // Not a timing claim: only that the ten-minute deadline was not what ended it.
    EXPECT_LT(std::chrono::steady_clock::now() - start, 300s) << "rank " << rank;
  }
}

TEST(RendezvousProcesses, ManyRanksWithoutAnAddressAreRefused) {
  const auto placement = pathscope::read_process_placement(
      pathscope::environment_from({{"OMPI_COMM_WORLD_RANK", "1"}, {"OMPI_COMM_WORLD_SIZE", "3"}}));
  try {
    pathscope::join_tcp_rendezvous(placement, {});
    FAIL() << "no error";
  } catch (const pathscope::Error& e) {
    EXPECT_NE(std::string(e.what()).find("set PATHSCOPE_RENDEZVOUS=host:port, or MASTER_ADDR and MASTER_PORT"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
