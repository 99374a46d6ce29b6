// The CPU information-flow engine against a straightforward simulation written here (its own
// shares, one repetition at a time, a plain queue, the shared draw), on fresh random graphs of
// awkward sizes with strengths, masks, step limits and seed sets; and the cases whose layers
// are known without a draw.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <queue>
#include <vector>

#include "flow_graphs.hpp"
#include "fresh_seed.hpp"
#include "pathscope/flow/detail/traversal_draw.hpp"
#include "pathscope/flow/information_flow.hpp"
#include "pathscope/runtime/error.hpp"

using namespace pathscope;

namespace {

struct Reference {
  std::vector<double> mean, deviation;
  std::vector<std::int32_t> reached;
};

// The model as docs/information-flow.md states it, written out plainly.
Reference simulate(const Graph& g, const FlowOptions& o) {
  const auto kept_node = [&](std::int32_t v) { return o.mask.node_kept.empty() || o.mask.node_kept[v]; };
  const auto kept_arc = [&](std::int64_t a, std::int32_t u) {
    return (o.mask.arc_kept.empty() || o.mask.arc_kept[a]) && kept_node(u) && kept_node(g.heads[a]);
  };
  const auto strength = [&](std::int64_t a) { return g.arc_strengths.empty() ? 1.0 : g.arc_strengths[a]; };
  std::vector<double> input(g.n, 0), chance(g.heads.size(), 0);
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (kept_arc(a, u)) input[g.heads[a]] += strength(a);
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      if (!kept_arc(a, u)) continue;
      const double share = strength(a) / input[g.heads[a]];
      if (share > o.min_share) chance[a] = std::min(1.0, share / o.saturation_share);
    }
  std::vector<std::vector<std::int32_t>> layers(g.n);
  for (std::int32_t run = 0; run < o.repetitions; ++run) {
    std::vector<std::int32_t> layer(g.n, 0);
    std::queue<std::int32_t> queue;
    for (const std::int32_t s : o.seeds)
      if (kept_node(s) && layer[s] == 0) {
        layer[s] = 1;
        queue.push(s);
      }
    while (!queue.empty()) {
      const std::int32_t u = queue.front();
      queue.pop();
      if (o.max_steps > 0 && layer[u] >= o.max_steps) continue;
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
        const std::int32_t v = g.heads[a];
        if (layer[v] != 0 || chance[a] <= 0) continue;
        if (detail::traversal_draw(o.seed, static_cast<std::uint32_t>(run), static_cast<std::uint64_t>(a)) < chance[a]) {
          layer[v] = layer[u] + 1;
          queue.push(v);
        }
      }
    }
    for (std::int32_t v = 0; v < g.n; ++v)
      if (layer[v] != 0) layers[v].push_back(layer[v]);
  }
  Reference r;
  for (std::int32_t v = 0; v < g.n; ++v) {
    const auto& l = layers[v];
    r.reached.push_back(static_cast<std::int32_t>(l.size()));
    if (l.empty()) {
      r.mean.push_back(NAN);
      r.deviation.push_back(NAN);
      continue;
    }
    double sum = 0;
    for (const auto x : l) sum += x;
    const double mean = sum / static_cast<double>(l.size());
    double squares = 0;
    for (const auto x : l) squares += (x - mean) * (x - mean);
    r.mean.push_back(mean);
    r.deviation.push_back(std::sqrt(squares / static_cast<double>(l.size())));
  }
  return r;
}

void expect_matches(const FlowResult& got, const Reference& want, const std::string& text) {
  ASSERT_EQ(got.mean_layer.size(), want.mean.size()) << text;
  int wrong = 0;
  for (std::size_t v = 0; v < want.mean.size() && wrong < 5; ++v) {
    const bool ok = got.times_reached[v] == want.reached[v] && flow_test::same_bits(got.mean_layer[v], want.mean[v]) &&
                    (std::isnan(want.deviation[v]) ? std::isnan(got.layer_deviation[v])
                                                   : std::fabs(got.layer_deviation[v] - want.deviation[v]) <= 1e-12);
    if (ok) continue;
    ++wrong;
    ADD_FAILURE() << text << ": node " << v << " reached " << got.times_reached[v] << " (reference "
                  << want.reached[v] << "), mean " << got.mean_layer[v] << " (" << want.mean[v] << "), sd "
                  << got.layer_deviation[v] << " (" << want.deviation[v] << ")";
  }
}

}  // namespace

TEST(FlowLayers, CpuEqualsStraightforwardSimulationOnRandomGraphs) {
  const std::uint64_t seed = test_support::fresh_seed();
  int case_number = 0;
  for (const std::int32_t n : {1, 2, 3, 17, 64, 131, 509}) {
    for (const std::int32_t repetitions : {1, 7, 65, 203}) {
      const auto c = flow_test::random_flow_case(seed + 1000 * static_cast<std::uint64_t>(case_number++), n, repetitions);
      FlowOptions o = c.options;
      o.threads = 1 + case_number % 3;
      const FlowResult got = make_flow_engine("cpu")->run(c.graph, o, {});
      expect_matches(got, simulate(c.graph, c.options), c.text);
      EXPECT_EQ(got.repetitions, repetitions);
    }
  }
}

// The same seed gives the same layers whatever the thread count; another seed other layers.
TEST(FlowLayers, LayersDependOnTheSeedOnly) {
  const auto c = flow_test::random_flow_case(test_support::fresh_seed(), 400, 300);
  FlowOptions one = c.options, many = c.options;
  one.threads = 1;
  many.threads = 5;
  const FlowResult a = make_flow_engine("cpu")->run(c.graph, one, {});
  const FlowResult b = make_flow_engine("cpu")->run(c.graph, many, {});
  EXPECT_EQ(a.times_reached, b.times_reached) << c.text;
  for (std::size_t v = 0; v < a.mean_layer.size(); ++v) {
    EXPECT_TRUE(flow_test::same_bits(a.mean_layer[v], b.mean_layer[v])) << c.text << " node " << v;
    EXPECT_TRUE(flow_test::same_bits(a.layer_deviation[v], b.layer_deviation[v])) << c.text << " node " << v;
  }
  // "auto" runs the GPU engine where one is usable, which must give these layers too.
  const FlowResult automatic = make_flow_engine("auto")->run(c.graph, c.options, {});
  EXPECT_EQ(automatic.times_reached, a.times_reached) << c.text;
}

// Every share at or above the saturation share: each arc out of a frontier crosses, so the
// layers are the BFS levels (seeds at 1), the same in every repetition.
TEST(FlowLayers, CertainCrossingsGiveBfsLevels) {
  const std::uint64_t seed = test_support::fresh_seed();
  for (const std::int32_t n : {5, 97, 333}) {
    SplitMix64 rng(seed + static_cast<std::uint64_t>(n));
    const Graph g = flow_test::random_flow_graph(n, 1.5, false, rng);
    FlowOptions o;
    o.seeds = {static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(n)))};
    o.repetitions = 9;
    o.saturation_share = 1e-9;  // every share is at least 1 / n
    o.seed = rng.next();
    std::vector<std::int32_t> level(n, 0);
    std::queue<std::int32_t> queue;
    level[o.seeds[0]] = 1;
    queue.push(o.seeds[0]);
    while (!queue.empty()) {
      const std::int32_t u = queue.front();
      queue.pop();
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
        if (level[g.heads[a]] == 0) {
          level[g.heads[a]] = level[u] + 1;
          queue.push(g.heads[a]);
        }
    }
    const FlowResult r = make_flow_engine("cpu")->run(g, o, {});
    for (std::int32_t v = 0; v < n; ++v) {
      if (level[v] == 0) {
        EXPECT_EQ(r.times_reached[v], 0) << "n=" << n << " node " << v;
        EXPECT_TRUE(std::isnan(r.mean_layer[v]));
        continue;
      }
      EXPECT_EQ(r.times_reached[v], o.repetitions) << "n=" << n << " node " << v;
      EXPECT_EQ(r.mean_layer[v], level[v]) << "n=" << n << " node " << v;
      EXPECT_EQ(r.layer_deviation[v], 0) << "n=" << n << " node " << v;
    }
  }
}

// An arc whose share is at or below the minimum share never crosses, however certain the rest.
TEST(FlowLayers, SharesAtOrBelowTheMinimumNeverCross) {
  // 0 -> 2 (strength 1) and 1 -> 2 (strength 3): shares 1/4 and 3/4; 0 -> 3 alone: share 1.
  Graph g;
  g.n = 4;
  g.offsets = {0, 2, 3, 3, 3};
  g.heads = {2, 3, 2};
  g.weights = {1, 1, 1};
  g.arc_strengths = {1, 5, 3};
  FlowOptions o;
  o.seeds = {0};
  o.repetitions = 500;
  o.seed = test_support::fresh_seed();
  o.saturation_share = 0.01;
  o.min_share = 0.25;
  const FlowResult r = make_flow_engine("cpu")->run(g, o, {});
  EXPECT_EQ(r.times_reached[2], 0);
  EXPECT_EQ(r.times_reached[3], 500);
  o.min_share = 0.2499;
  EXPECT_EQ(make_flow_engine("cpu")->run(g, o, {}).times_reached[2], 500);
}

TEST(FlowLayers, StepLimitBoundsTheLayers) {
  // A chain 0 -> 1 -> 2 -> 3 -> 4, every crossing certain.
  Graph g;
  g.n = 5;
  g.offsets = {0, 1, 2, 3, 4, 4};
  g.heads = {1, 2, 3, 4};
  g.weights = {1, 1, 1, 1};
  FlowOptions o;
  o.seeds = {0};
  o.repetitions = 3;
  o.max_steps = 3;
  const FlowResult r = make_flow_engine("cpu")->run(g, o, {});
  EXPECT_EQ(r.times_reached, (std::vector<std::int32_t>{3, 3, 3, 0, 0}));
  EXPECT_EQ(r.mean_layer[2], 3);
}

TEST(FlowLayers, BadRequestsAreRefusedWithAReason) {
  SplitMix64 rng(5);
  const Graph g = flow_test::random_flow_graph(10, 2, true, rng);
  const auto engine = make_flow_engine("cpu");
  const auto refused = [&](FlowOptions o, const std::string& words) {
    try {
      engine->run(g, o, {});
      ADD_FAILURE() << "accepted; expected: " << words;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  FlowOptions o;
  o.seeds = {1};
  refused(FlowOptions{}, "no seed");
  FlowOptions bad = o;
  bad.seeds = {10};
  refused(bad, "out of range");
  bad = o;
  bad.repetitions = 0;
  refused(bad, "repetitions");
  for (const double share : {0.0, 1.5, std::nan("")}) {
    bad = o;
    bad.saturation_share = share;
    refused(bad, "saturation share");
  }
  bad = o;
  bad.min_share = 1;
  refused(bad, "minimum share");
  bad = o;
  bad.mask.node_kept.assign(10, 1);
  bad.mask.node_kept[1] = 0;
  refused(bad, "filter drops every one");
  bad = o;
  bad.mask.arc_kept.assign(3, 1);
  refused(bad, "arc mask");
  EXPECT_THROW(make_flow_engine("no-such"), Error);
}

TEST(FlowLayers, CancelStopsTheRunAndProgressRisesToOne) {
  const auto c = flow_test::random_flow_case(test_support::fresh_seed(), 300, 400);
  std::atomic<bool> cancel{true};
  EXPECT_THROW(make_flow_engine("cpu")->run(c.graph, c.options, JobContext({}, &cancel)), Cancelled);
  std::vector<double> seen;
  make_flow_engine("cpu")->run(c.graph, c.options, JobContext([&](double f) { seen.push_back(f); }, nullptr));
  ASSERT_FALSE(seen.empty());
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
  EXPECT_EQ(seen.back(), 1.0);
}

TEST(FlowLayers, EngineListHoldsCpuGpuAndAuto) {
  EXPECT_EQ(flow_engine_names(), (std::vector<std::string>{"cpu", "gpu", "auto"}));
}
