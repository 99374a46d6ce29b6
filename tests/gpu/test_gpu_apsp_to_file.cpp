// The GPU engines writing their rows straight into a .npy file (ApspOptions::sink): in core,
// out of core (rows handed over while later slabs compute), gpu-naive and gpu-sparse (in bands
// under a small budget) give the file that the same engine's matrix in host memory gives, byte
// for byte, with the same checksum, and that matrix equals Dijkstra's distances.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "gpu_apsp_reference.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/apsp/npy_writer.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "scoped_env.hpp"

namespace pathscope::gpu_test {
namespace {

namespace fs = std::filesystem;

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

std::string npy_of(const ApspResult& r) {
  const void* cells = r.dist == DistType::Int32     ? static_cast<const void*>(r.d32.data())
                      : r.dist == DistType::Float32 ? static_cast<const void*>(r.df.data())
                                                    : static_cast<const void*>(r.d16.data());
  return npy_preamble(npy_descr(r.dist), r.n, r.n) +
         std::string(static_cast<const char*>(cells), std::size_t(r.n) * r.n * dist_type_bytes(r.dist));
}

struct Case {
  const char* engine;
  int n;
  DistType dist;
  std::uint64_t gpu_budget;  // 0: in core; else small enough to force out of core
  const char* final_pivots = "";  // PATHSCOPE_GPU_FINAL_PIVOTS (final_row_groups.cuh); empty: by size
};

TEST(GpuApspToFile, RowsStraightIntoTheFileEqualTheHostMatrix) {
  SplitMix64 rng(fresh_seed());
  const fs::path dir = fs::temp_directory_path() / ("pathscope-gpu-npy-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  for (const Case c : {Case{"gpu-blocked", 1, DistType::Int32, 0}, Case{"gpu-blocked", 777, DistType::Hop16, 0},
                       Case{"gpu-blocked", 1301, DistType::Int32, 0}, Case{"gpu-blocked", 999, DistType::Float32, 0},
                       Case{"gpu-blocked", 1301, DistType::Int32, 0, "3"}, Case{"gpu-blocked", 777, DistType::Hop16, 0, "7"},
                       Case{"gpu-blocked", 1999, DistType::Int32, 14u << 20},
                       Case{"gpu-blocked", 2100, DistType::Hop16, 9u << 20}, Case{"gpu-naive", 301, DistType::Int32, 0},
                       Case{"gpu-sparse", 1301, DistType::Int32, 0}, Case{"gpu-sparse", 999, DistType::Float32, 0},
                       Case{"gpu-sparse", 2100, DistType::Hop16, 9u << 20}}) {
    const std::string what = std::string(c.engine) + " n=" + std::to_string(c.n) + " " + dist_type_name(c.dist) +
                             (c.gpu_budget ? " out of core" : "");
    SCOPED_TRACE(what + " " + c.final_pivots);
    const test_support::ScopedEnv final_pivots("PATHSCOPE_GPU_FINAL_PIVOTS", c.final_pivots);
    const bool unit = c.dist == DistType::Hop16, fractional = c.dist == DistType::Float32;
    // gpu-sparse takes costs of 0 or more only: no potentials for it.
    const bool potentials = !unit && std::string(c.engine) != "gpu-sparse";
    const TestGraph t = make_graph({c.n, 2.0 + rng.below(3), unit, fractional, potentials ? 100 : 0}, rng);
    auto engine = make_apsp_engine(c.engine);
    ApspOptions options = options_for(c.dist);
    options.gpu_memory_budget = c.gpu_budget;
    const ApspResult in_memory = engine->run(t.graph, options, {});
    expect_matches(reference_distances(t), in_memory, what);
    EXPECT_FALSE(in_memory.rows_in_sink);

    const fs::path path = dir / "d.npy";
    NpyMatrixWriter writer(path.string(), c.n, c.dist);
    options.sink = &writer;
    const ApspResult streamed = engine->run(t.graph, options, {});
    EXPECT_TRUE(streamed.rows_in_sink);
    EXPECT_TRUE(streamed.d32.empty() && streamed.df.empty() && streamed.d16.empty());
    // The same device; not always the same plan: a small in-memory result takes its rows
    // straight from the kernels, with no bands (pinned_result_memory.hpp).
    const auto device_of = [](const std::string& d) { return d.substr(0, d.find(", ")); };
    EXPECT_EQ(device_of(streamed.timing.device), device_of(in_memory.timing.device));
    writer.commit();
    EXPECT_EQ(read_all(path), npy_of(in_memory));
    EXPECT_EQ(writer.checksum(), matrix_checksum(in_memory));
    fs::remove(path);
  }
  EXPECT_TRUE(fs::is_empty(dir)) << "temporary left in " << dir;
  fs::remove_all(dir);
}

// A cancel that comes while the rows are being written stops the run with Cancelled and
// leaves neither the file nor its temporary.
TEST(GpuApspToFile, CancelWhileWritingLeavesNothing) {
  SplitMix64 rng(fresh_seed());
  const fs::path dir = fs::temp_directory_path() / ("pathscope-gpu-npy-cancel-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const TestGraph t = make_graph({3001, 3.0, true, false, 0}, rng);
  std::atomic<bool> cancel{true};  // already set when the first rows arrive
  cancel_writes_on(&cancel);
  // Pivot by pivot by size, and the last 4 pivots by row groups (their rows leave while the
  // other groups still run: final_row_groups.cuh).
  for (const char* final_pivots : {"", "4"}) {
    const test_support::ScopedEnv pivots("PATHSCOPE_GPU_FINAL_PIVOTS", final_pivots);
    for (const std::uint64_t budget : {std::uint64_t{0}, std::uint64_t{14} << 20}) {
      NpyMatrixWriter writer((dir / "c.npy").string(), t.graph.n, DistType::Hop16);
      ApspOptions options = options_for(DistType::Hop16);
      options.gpu_memory_budget = budget;
      options.sink = &writer;
      EXPECT_THROW(make_apsp_engine("gpu-blocked")->run(t.graph, options, {}), Cancelled)
          << budget << " bytes, final pivots '" << final_pivots << "'";
    }
  }
  cancel_writes_on(nullptr);
  EXPECT_TRUE(fs::is_empty(dir));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace pathscope::gpu_test
