// Every CPU closure engine against a depth-first search from every node, on graphs of awkward
// sizes with self-loops, cycles, many components and isolated nodes.
#include <gtest/gtest.h>

#include "closure_graphs.hpp"
#include "fresh_seed.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/closure/detail/strong_components.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/runtime/error.hpp"

using namespace pathscope;
using closure_test::graph_kinds;
using closure_test::reference_closure;
using closure_test::same_closure;

namespace {

const std::int32_t kSizes[] = {1, 2, 63, 64, 65, 127, 129, 1000, 3000};
// The textbook engine is cubic in bytes: beyond this it would dominate the test time.
constexpr std::int32_t kTextbookMax = 1000;

void check_engine(const std::string& engine_name, std::int32_t max_n, std::uint64_t seed) {
  auto engine = make_closure_engine(engine_name);
  for (std::int32_t n : kSizes) {
    if (n > max_n) continue;
    for (const auto& [kind, g] : graph_kinds(n, seed + n)) {
      const auto reference = reference_closure(g);
      const ClosureResult r = engine->run(g, {}, {});
      EXPECT_TRUE(same_closure(r.reach, reference, n)) << engine_name << ", " << kind << ", n=" << n;
      // "auto" reports the engine it chose.
      EXPECT_EQ(r.timing.engine, engine_name == "auto" ? auto_closure_choice(g) : engine_name);
      EXPECT_GE(r.timing.seconds, 0);
    }
  }
}

}  // namespace

TEST(ClosureEngines, TextbookMatchesSearchFromEveryNode) { check_engine("textbook", kTextbookMax, 101); }
TEST(ClosureEngines, BitsetMatchesSearchFromEveryNode) { check_engine("bitset", 3000, 202); }
TEST(ClosureEngines, SccMatchesSearchFromEveryNode) { check_engine("scc", 3000, 303); }
TEST(ClosureEngines, AutoMatchesSearchFromEveryNode) { check_engine("auto", 1000, 404); }

TEST(ClosureEngines, BitsetGivesTheSameBitsOnAnyThreadCount) {
  const auto g = closure_test::random_sparse(777, 2.5, 55);
  const auto reference = reference_closure(g);
  auto engine = make_closure_engine("bitset");
  for (int threads : {1, 2, 3, 7}) {
    ClosureOptions o;
    o.threads = threads;
    EXPECT_TRUE(same_closure(engine->run(g, o, {}).reach, reference, g.n)) << threads << " threads";
  }
}

TEST(ClosureEngines, EmptyGraphHasEmptyClosure) {
  for (const char* name : {"textbook", "bitset", "scc"}) {
    const ClosureResult r = make_closure_engine(name)->run(make_empty_graph(0), {}, {});
    EXPECT_EQ(r.reach.size(), 0) << name;
    EXPECT_TRUE(r.reach.words().empty()) << name;
  }
}

TEST(ClosureEngines, OverBudgetIsRefusedBeforeAllocating) {
  // 3 million nodes: the closure alone would be over a terabyte, so an engine that allocated
  // before checking would fail here with bad_alloc or be killed, not throw OverBudget.
  const Graph huge = make_empty_graph(3'000'000);
  for (const char* name : {"textbook", "bitset", "scc", "auto"})
    EXPECT_THROW(make_closure_engine(name)->run(huge, {}, {}), OverBudget) << name;
  EXPECT_FALSE(closure_fits_budget(huge, {}));

  const auto g = closure_test::random_sparse(500, 2, 7);
  ClosureOptions tight;
  tight.memory_budget = closure_bytes(g.n) - 1;
  for (const char* name : {"textbook", "bitset", "scc"})
    EXPECT_THROW(make_closure_engine(name)->run(g, tight, {}), OverBudget) << name;
  EXPECT_FALSE(closure_fits_budget(g, tight));
  ClosureOptions exact;
  exact.memory_budget = closure_bytes(g.n);
  EXPECT_TRUE(same_closure(make_closure_engine("bitset")->run(g, exact, {}).reach, reference_closure(g), g.n));
}

TEST(ClosureEngines, CancelStopsARun) {
  const auto g = closure_test::random_sparse(3000, 3, 9);
  std::atomic<bool> cancel{true};
  const JobContext job({}, &cancel);
  for (const char* name : {"textbook", "bitset", "scc"})
    EXPECT_THROW(make_closure_engine(name)->run(g, {}, job), Cancelled) << name;
}

TEST(ClosureEngines, UnknownNameIsAClearError) {
  try {
    make_closure_engine("warshal");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("textbook, bitset, scc, gpu, auto"), std::string::npos) << e.what();
  }
}

TEST(ClosureEngines, ChecksumSeparatesClosuresThatDifferInOneBit) {
  const auto g = closure_test::dag_of_cycles(300, 12);
  const BitMatrix a = make_closure_engine("scc")->run(g, {}, {}).reach;
  const BitMatrix b = make_closure_engine("bitset")->run(g, {}, {}).reach;
  EXPECT_EQ(closure_checksum(a), closure_checksum(b));
  SplitMix64 rng(5);
  for (int t = 0; t < 20; ++t) {
    BitMatrix c = a;
    const auto i = static_cast<std::int32_t>(rng.below(300)), j = static_cast<std::int32_t>(rng.below(300));
    c.row(i)[j >> 6] ^= std::uint64_t{1} << (j & 63);
    EXPECT_NE(closure_checksum(a), closure_checksum(c)) << i << "," << j;
  }
}

// random-dag: no cycle (every node its own component), at most deg arcs a node, all of them
// forward in one order, the same graph for the same spec; the engines agree with search.
TEST(ClosureEngines, RandomDagSpecGivesADagOfItsDegree) {
  for (std::int32_t n : {1, 2, 311, 1999}) {
    const std::string spec = "random-dag:n=" + std::to_string(n) + ",deg=7,seed=" +
                             std::to_string(test_support::fresh_seed() % 1000000);
    const Graph g = load_graph(spec).graph;
    ASSERT_EQ(g.n, n) << spec;
    EXPECT_EQ(detail::strong_components(g).count, n) << spec;
    EXPECT_TRUE(g.self_loops.empty());
    for (std::int32_t u = 0; u < n; ++u) EXPECT_LE(g.offsets[u + 1] - g.offsets[u], 7) << spec;
    if (n > 100) EXPECT_GT(g.arc_count(), 5 * n) << spec;
    EXPECT_EQ(load_graph(spec).graph.heads, g.heads) << spec;
    for (const char* engine : {"scc", "bitset"})
      EXPECT_TRUE(same_closure(make_closure_engine(engine)->run(g, {}, {}).reach, reference_closure(g), n))
          << engine << " " << spec;
  }
  EXPECT_THROW(load_graph("random-dag:n=10,deg=2,seed=1,undirected"), Error);
}
