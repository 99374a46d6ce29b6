// Distance types that hold the answer exactly: "auto" picks int32, int64 or float from the graph,
// every CPU engine computes int64, paths and checksums work on int64 matrices, the .npy writer
// writes '<i8', large whole costs stay whole end to end, and float on whole costs beyond 2^24
// says it rounded. The reference is Floyd-Warshall in __int128, written here.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <sstream>

#include "fresh_seed.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/apsp/distance_choice.hpp"
#include "pathscope/apsp/npy_writer.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/io/read_stream.hpp"
#include "pathscope/paths/path.hpp"

using namespace pathscope;
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kCpuEngines = {"textbook", "blocked", "sparse", "auto"};
constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();

using Wide = __int128;
constexpr Wide kNoPath = std::numeric_limits<Wide>::max();

// Floyd-Warshall on the arcs in 128-bit integers: no overflow for any whole costs up to 2^53.
std::vector<Wide> reference_matrix(const Graph& g) {
  const std::size_t n = static_cast<std::size_t>(g.n);
  std::vector<Wide> d(n * n, kNoPath);
  for (std::size_t u = 0; u < n; ++u) {
    d[u * n + u] = 0;
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const Wide w = static_cast<Wide>(g.weights[a]);
      Wide& cell = d[u * n + static_cast<std::size_t>(g.heads[a])];
      if (w < cell) cell = w;
    }
  }
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < n; ++i) {
      if (d[i * n + k] == kNoPath) continue;
      for (std::size_t j = 0; j < n; ++j)
        if (d[k * n + j] != kNoPath && d[i * n + k] + d[k * n + j] < d[i * n + j])
          d[i * n + j] = d[i * n + k] + d[k * n + j];
    }
  return d;
}

std::string text(Wide v) {
  if (v == kNoPath) return "unreachable";
  const bool negative = v < 0;
  std::string s;
  for (Wide x = negative ? -v : v; s.empty() || x > 0; x /= 10) s.insert(s.begin(), static_cast<char>('0' + x % 10));
  return negative ? "-" + s : s;
}

// Random graph with whole costs near `base` (and some at exactly base), optionally made
// partly negative by node potentials, which keeps every cycle non-negative. A chain through
// every node makes sure that distances pass int32's range.
Graph wide_cost_graph(std::int32_t n, double degree, std::int64_t base, bool negative, std::uint64_t seed) {
  SplitMix64 rng(seed);
  std::vector<std::int64_t> potential(n, 0);
  if (negative)
    for (auto& p : potential) p = 2 * static_cast<std::int64_t>(rng.below(1u << 31));
  GraphBuilder b(n);
  for (std::int32_t u = 0; u + 1 < n; ++u)
    b.add_arc(u, u + 1, static_cast<double>(base + potential[u] - potential[u + 1]));
  for (std::int32_t u = 0; u < n; ++u) {
    const auto arcs = rng.below(static_cast<std::uint32_t>(2 * degree) + 1);
    for (std::uint32_t i = 0; i < arcs; ++i) {
      const auto v = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(n)));
      const std::int64_t cost = rng.below(4) == 0 ? base : base - static_cast<std::int64_t>(rng.below(1000));
      b.add_arc(u, v, static_cast<double>(cost + potential[u] - potential[v]));
    }
  }
  LoadReport report;
  return b.build(true, report);
}

ApspResult run(const std::string& engine, const Graph& g, DistType dist, bool next_hop = false) {
  ApspOptions o;
  o.dist = dist;
  o.next_hop = next_hop;
  return make_apsp_engine(engine)->run(g, o, JobContext{});
}

void expect_int64_matches(const ApspResult& r, const std::vector<Wide>& reference, const std::string& context) {
  ASSERT_EQ(r.dist, DistType::Int64) << context;
  ASSERT_EQ(r.d64.size(), reference.size()) << context;
  std::int64_t wrong = 0;
  for (std::size_t i = 0; i < reference.size(); ++i) {
    const Wide got = r.d64[i] == kUnreachableI64 ? kNoPath : static_cast<Wide>(r.d64[i]);
    if (got == reference[i]) continue;
    if (++wrong <= 5)
      ADD_FAILURE() << context << ": cell " << i / r.n << "," << i % r.n << " is " << text(got) << ", reference "
                    << text(reference[i]);
  }
  EXPECT_EQ(wrong, 0) << context;
}

// The path's arcs exist, join s to t, and cost the reference distance, summed exactly.
void expect_path_exact(const Graph& g, const Path& p, std::int32_t s, std::int32_t t, Wide expected,
                       const std::string& context) {
  ASSERT_EQ(p.reachable, expected != kNoPath) << context;
  if (!p.reachable) return;
  ASSERT_EQ(p.nodes.front(), s) << context;
  ASSERT_EQ(p.nodes.back(), t) << context;
  Wide sum = 0;
  for (std::size_t i = 0; i + 1 < p.nodes.size(); ++i) {
    std::optional<double> cost;
    for (std::int64_t a = g.offsets[p.nodes[i]]; a < g.offsets[p.nodes[i] + 1]; ++a)
      if (g.heads[a] == p.nodes[i + 1]) cost = g.weights[a];
    ASSERT_TRUE(cost.has_value()) << context << ": no arc " << p.nodes[i] << "->" << p.nodes[i + 1];
    sum += static_cast<Wide>(*cost);
  }
  EXPECT_EQ(text(sum), text(expected)) << context << " path " << s << "->" << t;
}

struct Npy {
  std::string header;
  std::string data;
};
Npy read_npy(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), {}};
  EXPECT_EQ(bytes.substr(0, 6), "\x93NUMPY");
  const std::size_t header_len = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
  return {bytes.substr(10, header_len), bytes.substr(10 + header_len)};
}
std::vector<std::int64_t> int64_values(const Npy& npy) {
  std::vector<std::int64_t> v(npy.data.size() / 8);
  std::memcpy(v.data(), npy.data.data(), v.size() * 8);
  return v;
}

fs::path temp_dir() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  auto d = fs::temp_directory_path() / (std::string("pathscope-dist-") + info->name() + "-" +
                                        std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  fs::create_directories(d);
  return d;
}

}  // namespace

TEST(DistanceTypes, AutoPicksInt64WhereInt32OverflowsAndEveryCpuEngineIsExact) {
  const std::uint64_t seed = test_support::fresh_seed();
  std::uint64_t round = 0;
  for (const std::int64_t base : {std::int64_t{1'000'000'000}, kInt32Max})
    for (const std::int32_t n : {3, 31, 33, 65, 97, 130}) {
      const Graph g = wide_cost_graph(n, 2.5, base, false, seed + ++round);
      const std::string context = "n=" + std::to_string(n) + " base=" + std::to_string(base) +
                                  " seed=" + std::to_string(seed) + " round=" + std::to_string(round);
      ASSERT_TRUE(g.integer_weights) << context;
      const DistanceChoice choice = choose_distance_type(g);
      EXPECT_EQ(choice.type, DistType::Int64) << context << ": " << choice.reason;
      EXPECT_TRUE(choice.exact) << context;
      EXPECT_THROW(check_int32_distances(g), Error) << context;
      const auto reference = reference_matrix(g);
      for (const auto& engine : kCpuEngines)
        for (const bool next_hop : {false, true}) {
          const ApspResult r = run(engine, g, choice.type, next_hop);
          expect_int64_matches(r, reference, context + " " + engine + (next_hop ? " with next hops" : ""));
          for (std::int32_t s = 0; s < n; s += 7)
            for (std::int32_t t = 0; t < n; t += 5)
              expect_path_exact(g, path_from_apsp(g, r, s, t), s, t, reference[s * n + t], context + " " + engine);
        }
    }
}

TEST(DistanceTypes, NegativeArcsInInt64) {
  const std::uint64_t seed = test_support::fresh_seed();
  for (const std::int32_t n : {33, 129}) {
    const Graph g = wide_cost_graph(n, 3, 1'000'000'000, true, seed + n);
    ASSERT_TRUE(g.has_negative_weights());
    const std::string context = "n=" + std::to_string(n) + " seed=" + std::to_string(seed);
    ASSERT_EQ(choose_distance_type(g).type, DistType::Int64) << context;
    const auto reference = reference_matrix(g);
    for (const std::string engine : {"textbook", "blocked", "auto"})
      for (const bool next_hop : {false, true})
        expect_int64_matches(run(engine, g, DistType::Int64, next_hop), reference, context + " " + engine);
  }
}

TEST(DistanceTypes, ChoiceFollowsTheCostsAndSaysWhy) {
  LoadReport report;
  GraphBuilder small(4);
  for (std::int32_t v = 0; v < 3; ++v) small.add_arc(v, v + 1, 1000);
  const DistanceChoice int32 = choose_distance_type(small.build(true, report));
  EXPECT_EQ(int32.type, DistType::Int32);
  EXPECT_NE(int32.reason.find("int32"), std::string::npos) << int32.reason;

  GraphBuilder billions(4);
  for (std::int32_t v = 0; v < 3; ++v) billions.add_arc(v, v + 1, 1e9);
  const Graph b = billions.build(true, report);
  const DistanceChoice int64 = choose_distance_type(b);
  EXPECT_EQ(int64.type, DistType::Int64);
  EXPECT_TRUE(int64.exact);
  EXPECT_NE(int64.reason.find("3000000000"), std::string::npos) << int64.reason;  // 3 arcs of 1e9
  try {
    check_int32_distances(b);
    ADD_FAILURE() << "int32 accepted sums of 3e9";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("choose int64"), std::string::npos) << e.what();
  }

  GraphBuilder fractional(2);
  fractional.add_arc(0, 1, 0.5);
  const DistanceChoice f = choose_distance_type(fractional.build(true, report));
  EXPECT_EQ(f.type, DistType::Float32);
  EXPECT_FALSE(f.exact);
  EXPECT_NE(f.reason.find("fractional"), std::string::npos) << f.reason;

  // Whole costs of 2^53 over 300 arcs could reach 2^61.2: beyond int64's headroom too.
  GraphBuilder enormous(301);
  for (std::int32_t v = 0; v < 300; ++v) enormous.add_arc(v, v + 1, 0x1.0p53);
  const Graph e = enormous.build(true, report);
  EXPECT_EQ(choose_distance_type(e).type, DistType::Float32);
  EXPECT_FALSE(choose_distance_type(e).exact);
  EXPECT_THROW(check_int64_distances(e), Error);
  EXPECT_THROW(run("blocked", e, DistType::Int64), Error);

  EXPECT_EQ(parse_dist_type("int64"), DistType::Int64);
  EXPECT_STREQ(dist_type_name(DistType::Int64), "int64");
}

TEST(DistanceTypes, Int64NpyRoundTrip) {
  LoadReport report;
  GraphBuilder b(3);
  b.add_arc(0, 1, 3e12);
  b.add_arc(1, 2, -7);
  const Graph g = b.build(true, report);
  const ApspResult r = run("blocked", g, DistType::Int64);
  const auto path = temp_dir() / "d.npy";
  write_npy(path.string(), r);
  const Npy npy = read_npy(path);
  EXPECT_NE(npy.header.find("'descr': '<i8'"), std::string::npos) << npy.header;
  EXPECT_NE(npy.header.find("'shape': (3, 3)"), std::string::npos) << npy.header;
  const std::vector<std::int64_t> expected = {0,
                                              3'000'000'000'000,
                                              2'999'999'999'993,
                                              kUnreachableI64,
                                              0,
                                              -7,
                                              kUnreachableI64,
                                              kUnreachableI64,
                                              0};
  EXPECT_EQ(int64_values(npy), expected);
}

TEST(DistanceTypes, Int32MaxArcsStayExactFromFileToNpy) {
  const auto dir = temp_dir();
  const auto file = dir / "big.csv";
  {
    std::ofstream out(file);
    out << "from,to,cost\na,b,2147483647\nb,c,2147483647\nc,d,2147483646\n";
  }
  const LoadedGraph loaded = load_graph(file.string());
  const Graph& g = loaded.graph;
  ASSERT_TRUE(g.integer_weights);
  const DistanceChoice choice = choose_distance_type(g);
  ASSERT_EQ(choice.type, DistType::Int64) << choice.reason;
  const auto a = *g.find_node("a"), d = *g.find_node("d");
  for (const auto& engine : kCpuEngines) {
    const ApspResult r = run(engine, g, choice.type);
    write_npy((dir / "d.npy").string(), r);
    const Npy npy = read_npy(dir / "d.npy");
    EXPECT_NE(npy.header.find("<i8"), std::string::npos) << engine;
    const auto values = int64_values(npy);
    ASSERT_EQ(values.size(), 16u) << engine;
    EXPECT_EQ(values[a * 4 + *g.find_node("b")], kInt32Max) << engine;
    EXPECT_EQ(values[a * 4 + d], 3 * kInt32Max - 1) << engine;
    EXPECT_EQ(path_from_apsp(g, r, a, d).distance, 3.0 * kInt32Max - 1) << engine;
  }
}

TEST(DistanceTypes, ChecksumsAgreeAcrossTypesWhereValuesAgree) {
  const Graph small = wide_cost_graph(40, 3, 1000, false, 7);
  const auto i32 = run("blocked", small, DistType::Int32);
  EXPECT_EQ(matrix_checksum(run("blocked", small, DistType::Int64)), matrix_checksum(i32));
  EXPECT_EQ(matrix_checksum(run("sparse", small, DistType::Int64)), matrix_checksum(i32));
  EXPECT_EQ(matrix_checksum(run("blocked", small, DistType::Float32)), matrix_checksum(i32));

  // Whole floats far beyond 2^24 still hash as the same whole number in int64.
  ApspResult wide;
  wide.n = 2;
  wide.dist = DistType::Int64;
  wide.d64 = {0, std::int64_t{1} << 40, kUnreachableI64, 0};
  ApspResult f = wide;
  f.dist = DistType::Float32;
  f.d64.clear();
  f.df = {0, 0x1.0p40f, kUnreachableF32, 0};
  EXPECT_EQ(matrix_checksum(wide), matrix_checksum(f));
  wide.d64[1] += 1;
  EXPECT_NE(matrix_checksum(wide), matrix_checksum(f));
}

TEST(DistanceTypes, FloatOnLargeWholeCostsSaysItRounded) {
  LoadReport report;
  GraphBuilder b(3);
  b.add_arc(0, 1, 2'000'000'008);
  b.add_arc(1, 2, 2'000'000'008);
  const Graph g = b.build(true, report);
  for (const auto& engine : kCpuEngines) {
    const ApspResult f = run(engine, g, DistType::Float32);
    EXPECT_NE(f.distance(0, 2), 4'000'000'016.0) << engine << ": float32 cannot hold it";
    const std::string warning = float_rounding_warning(g, f);
    EXPECT_NE(warning.find("16777216"), std::string::npos) << engine << ": " << warning;
    EXPECT_NE(warning.find("int64"), std::string::npos) << engine << ": " << warning;
    EXPECT_EQ(run(engine, g, DistType::Int64).d64[2], 4'000'000'016) << engine;
  }

  // Whole distances up to 2^24 are exact in float: no warning.
  GraphBuilder exact(3);
  exact.add_arc(0, 1, 8'388'608);
  exact.add_arc(1, 2, 8'388'608);
  const Graph e = exact.build(true, report);
  EXPECT_EQ(float_rounding_warning(e, run("blocked", e, DistType::Float32)), "");
}

// The float matrix alone cannot tell a true 16,777,217 from 2^24 (both are stored as 2^24): the
// check must read the exact costs. Every CPU engine, on an arc of 16,777,217 and one after it.
TEST(DistanceTypes, FloatRoundedDownToTwoToTheTwentyFourIsStillReported) {
  LoadReport report;
  GraphBuilder b(3);
  b.add_arc(0, 1, 16'777'217);
  b.add_arc(1, 2, 1);
  const Graph g = b.build(true, report);
  for (const auto& engine : kCpuEngines) {
    const ApspResult f = run(engine, g, DistType::Float32);
    const std::string warning = float_rounding_warning(g, f);
    EXPECT_NE(warning.find("16777216"), std::string::npos) << engine << ": no warning for " << f.distance(0, 1);
    EXPECT_NE(warning.find("int32"), std::string::npos) << engine << ": " << warning;
  }
}

// On fresh random graphs with costs around 2^22..2^23 (distances on both sides of 2^24, some
// with negative arcs): whenever a float matrix differs from the exact Floyd-Warshall in
// __int128, the warning is given; a matrix with no distance of 2^24 or more gets none.
TEST(DistanceTypes, EveryRoundedFloatMatrixIsReported) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  int rounded_matrices = 0, exact_matrices = 0;
  for (int round = 0; round < 60; ++round) {
    const auto n = static_cast<std::int32_t>(4 + rng.below(10));
    const bool negative = round % 4 == 3;
    std::vector<std::int64_t> potential(static_cast<std::size_t>(n), 0);
    if (negative)
      for (auto& p : potential) p = static_cast<std::int64_t>(rng.below(1u << 22));
    GraphBuilder b(n);
    const std::int64_t base = round % 3 == 0 ? 1 : (std::int64_t{1} << 22);
    for (std::int32_t u = 0; u < n; ++u)
      for (std::int32_t v = 0; v < n; ++v)
        if (u != v && rng.below(3) == 0)
          b.add_arc(u, v, static_cast<double>(base + static_cast<std::int64_t>(rng.below(1u << 23)) + potential[u] -
                                              potential[v]));
    LoadReport report;
    const Graph g = b.build(true, report);
    const auto reference = reference_matrix(g);
    const std::string engine = kCpuEngines[static_cast<std::size_t>(round) % kCpuEngines.size()];
    const ApspResult f = run(engine, g, DistType::Float32);
    bool differs = false;
    Wide largest = 0;
    for (std::int32_t u = 0; u < n; ++u)
      for (std::int32_t v = 0; v < n; ++v) {
        const Wide want = reference[static_cast<std::size_t>(u) * n + v];
        if (want == kNoPath) continue;
        largest = std::max(largest, want < 0 ? -want : want);
        differs = differs || static_cast<double>(want) != f.distance(u, v);
      }
    const std::string warning = float_rounding_warning(g, f);
    if (differs) {
      ++rounded_matrices;
      EXPECT_FALSE(warning.empty()) << "seed " << seed << " round " << round << " (" << engine << ")";
    }
    if (largest < kLargestExactFloat32Integer && !negative) {
      ++exact_matrices;
      EXPECT_EQ(warning, "") << "seed " << seed << " round " << round << " (" << engine << ")";
    }
  }
  EXPECT_GT(rounded_matrices, 0);
  EXPECT_GT(exact_matrices, 0);
}
