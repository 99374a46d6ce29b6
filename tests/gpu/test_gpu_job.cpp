// gpu-blocked as a job of processes, one GPU each, started the way torchrun starts them (RANK,
// WORLD_SIZE, MASTER_ADDR, MASTER_PORT on 127.0.0.1): the job's checksum and its Zarr table,
// written by every process in its own chunks, against the CPU `sparse` engine's .npy of the
// same graph (Dijkstra from every node, no GPU code). Awkward sizes: n not a multiple of the
// 128-cell tile, chunk sides that cut tiles and process rows. Needs two GPUs at least: on a
// machine with one, it says so and is skipped.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "free_port.hpp"
#include "fresh_seed.hpp"
#include "launched_ranks.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/apsp/gpu_width.hpp"
#include "pathscope/apsp/saved_table.hpp"
#include "scratch_folder.hpp"

namespace {

using namespace std::chrono_literals;
using test_support::describe;
using test_support::Process;

int visible_gpus() {
  const pathscope::GpuInfo gpu = pathscope::gpu_info();
  return gpu.available ? gpu.device_count : 0;
}

// The last line of a process's stdout that is a JSON document.
nlohmann::json last_json(const Process& p) {
  const auto start = p.out.rfind("\n{");
  return nlohmann::json::parse(start == std::string::npos ? p.out : p.out.substr(start + 1));
}

struct Case {
  std::string graph;  // a generator spec
  std::string dist;
  int processes;
  int chunk;
  std::uint64_t gpu_memory = 0;  // --gpu-mem of every process; 0: the default
};

void check_job_against_sparse(const Case& c) {
  SCOPED_TRACE(c.graph + " " + c.dist + " over " + std::to_string(c.processes) + " processes, chunk " +
               std::to_string(c.chunk));
  test_support::ScratchFolder scratch;
  const std::string table = (scratch.path() / "job.zarr").string(), reference = (scratch.path() / "sparse.npy").string();
  std::vector<std::string> args{"apsp", c.graph, "--engine", "gpu-blocked", "--dist", c.dist, "--out", table,
                                "--chunk", std::to_string(c.chunk), "--json"};
  if (c.gpu_memory) args.insert(args.end(), {"--gpu-mem", std::to_string(c.gpu_memory)});
  const auto job = test_support::run_processes(test_support::torchrun_job(c.processes, test_support::free_port()), args,
                                               300s);
  for (const Process& p : job) ASSERT_EQ(p.code, 0) << describe(job);
  for (std::size_t r = 1; r < job.size(); ++r) EXPECT_EQ(job[r].out, "") << "only rank 0 prints";
  // In int32 whatever the job's type (the CPU engines have no hop16): the checksum depends on
  // the distances alone, and whole distances are the same in every type.
  const auto one = test_support::run_processes(
      {{}}, {"apsp", c.graph, "--engine", "sparse", "--dist", "int32", "--out", reference, "--json"}, 300s);
  ASSERT_EQ(one[0].code, 0) << describe(one);
  const nlohmann::json spread = last_json(job[0]), alone = last_json(one[0]);
  EXPECT_EQ(spread["checksum"], alone["checksum"]);
  EXPECT_NE(spread["device"].get<std::string>().find("of a job of " + std::to_string(c.processes) + " processes"),
            std::string::npos)
      << spread.dump();
  EXPECT_EQ(spread["device"].get<std::string>().find("out of core on every rank") != std::string::npos,
            c.gpu_memory != 0)
      << spread.dump();

  const pathscope::SavedTable got(table), want(reference);
  ASSERT_EQ(got.n(), want.n());
  for (std::int64_t u = 0; u < want.n(); ++u)
    for (std::int64_t v = 0; v < want.n(); ++v) ASSERT_EQ(got.cell(u, v), want.cell(u, v)) << u << " -> " << v;
}

TEST(GpuJob, ProcessesWriteOneTableEqualToDijkstra) {
  const int gpus = visible_gpus();
  if (gpus < 2) GTEST_SKIP() << "a job of processes needs a GPU each, and this machine has " << gpus;
  std::mt19937_64 random(test_support::fresh_seed());
  std::vector<int> sizes{2};
  if (gpus >= 3) sizes.push_back(3);
  if (gpus >= 4) sizes.push_back(4);
  for (const int processes : sizes) {
    const int n = 300 + int(random() % 1500);
    const std::string seed = std::to_string(random() % 100000);
    check_job_against_sparse({"random:n=" + std::to_string(n) + ",deg=6,seed=" + seed, "int32", processes,
                              40 + int(random() % 400)});
    check_job_against_sparse({"random:n=" + std::to_string(n + 77) + ",deg=3,seed=" + seed + ",unweighted", "hop16",
                              processes, 128 * (1 + int(random() % 3))});
    // Whole costs in float are exact, so their checksum is the int32 reference's (the GPU's
    // hash of a float cell against the host's).
    if (processes == sizes.back())
      check_job_against_sparse({"random:n=" + std::to_string(n / 2 + 1) + ",deg=4,seed=" + seed, "float", processes,
                                64 + int(random() % 200)});
  }
}

// A budget of about each process's block (below the block and its panels in GPU memory):
// every process streams its block from a pinned copy of its own, and the rows it hands on come
// from there.
TEST(GpuJob, ProcessesStreamBlocksThatDoNotFit) {
  const int gpus = visible_gpus();
  if (gpus < 2) GTEST_SKIP() << "a job of processes needs a GPU each, and this machine has " << gpus;
  std::mt19937_64 random(test_support::fresh_seed());
  std::vector<int> sizes{2};
  if (gpus >= 4) sizes.push_back(4);
  for (const int processes : sizes) {
    const int n = 2900 + int(random() % 400);
    const pathscope::GpuGrid grid = pathscope::gpu_grid_for_ranks(processes);
    const std::uint64_t tiles = (std::uint64_t(n) + 127) / 128;
    const std::uint64_t block = (tiles + grid.rows - 1) / grid.rows * 128 * ((tiles + grid.cols - 1) / grid.cols * 128);
    const std::string seed = std::to_string(random() % 100000);
    check_job_against_sparse({"random:n=" + std::to_string(n) + ",deg=4,seed=" + seed, "int32", processes,
                              100 + int(random() % 300), 4 * block});
    // hop16: one and a half times the block's bytes, since the panels of even 128 columns
    // outweigh a quarter of a small block.
    check_job_against_sparse({"random:n=" + std::to_string(n) + ",deg=3,seed=" + seed + ",unweighted", "hop16",
                              processes, 128, 3 * block});
  }
}

// bench apsp in a job: every process runs each repeat, rank 0 prints the table, whose checksum
// is the one-process engine's.
TEST(GpuJob, BenchInAJobAgreesWithOneGpu) {
  const int gpus = visible_gpus();
  if (gpus < 2) GTEST_SKIP() << "a job of processes needs a GPU each, and this machine has " << gpus;
  std::mt19937_64 random(test_support::fresh_seed());
  const std::string graph = "random:n=" + std::to_string(500 + random() % 2000) + ",deg=5,seed=" + std::to_string(random() % 1000);
  const auto job = test_support::run_processes(
      test_support::torchrun_job(2, test_support::free_port()),
      {"bench", "apsp", graph, "--engines", "gpu-blocked", "--dist", "int32", "--repeat", "2", "--json"}, 300s);
  for (const Process& p : job) ASSERT_EQ(p.code, 0) << describe(job);
  const auto one = test_support::run_processes(
      {{}}, {"bench", "apsp", graph, "--engines", "sparse", "--dist", "int32", "--repeat", "1", "--json"}, 300s);
  ASSERT_EQ(one[0].code, 0) << describe(one);
  EXPECT_EQ(last_json(job[0])["results"][0]["checksum"], last_json(one[0])["results"][0]["checksum"]);
  EXPECT_EQ(last_json(job[0])["processes"], 2);
}

}  // namespace
