// What each hop of `path` carries: on a road network the per-hop value is the arc's "cost",
// never "synapses"; on a generated connectome every hop names its neuron's cell type and the
// synapses of the arc walked, read here from the graph loaded in-process.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_binary.hpp"
#include "fresh_seed.hpp"
#include "pathscope/io/load.hpp"
#include "shared_data.hpp"

using namespace pathscope;

namespace {

// Every key anywhere in the document.
void collect_keys(const nlohmann::json& j, std::vector<std::string>& keys) {
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      keys.push_back(it.key());
      collect_keys(it.value(), keys);
    }
  } else if (j.is_array()) {
    for (const auto& e : j) collect_keys(e, keys);
  }
}

// The cheapest arc u -> v: the one a shortest path walks.
std::int64_t cheapest_arc(const Graph& g, std::int32_t u, std::int32_t v) {
  std::int64_t best = -1;
  for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
    if (g.heads[a] == v && (best < 0 || g.weights[a] < g.weights[best])) best = a;
  return best;
}

}  // namespace

TEST(CliPathHops, RoadHopsCarryCostNotSynapses) {
  const std::string rome = test_support::shared_data_file("rome99.gr");
  const auto run = test_support::run_cli({"path", rome, "250", "1519", "--json"});
  ASSERT_TRUE(run.exited && run.code == 0) << run.describe();
  const auto doc = nlohmann::json::parse(run.out);
  std::vector<std::string> keys;
  collect_keys(doc, keys);
  EXPECT_EQ(std::count(keys.begin(), keys.end(), "synapses"), 0) << run.out.substr(0, 2000);
  EXPECT_EQ(doc["per_hop"], "cost");
  ASSERT_GT(doc["nodes"].size(), 2u);
  double sum = 0;
  for (std::size_t i = 1; i < doc["nodes"].size(); ++i) {
    const auto& hop = doc["nodes"][i];
    ASSERT_TRUE(hop.contains("cost")) << hop.dump();
    EXPECT_EQ(hop["cost"], hop["arc_cost"]);
    sum += hop["cost"].get<double>();
  }
  EXPECT_EQ(sum, doc["distance"].get<double>());
  // The first node is where the path starts: no hop into it, so no per-hop value.
  EXPECT_FALSE(doc["nodes"][0].contains("cost"));
}

TEST(CliPathHops, ConnectomeHopsCarryCellTypeAndSynapses) {
  const std::uint64_t seed = test_support::fresh_seed() % 100000;
  const std::string spec = "connectome:n=" + std::to_string(400 + seed % 300) + ",seed=" + std::to_string(seed) + ",types=10";
  // Costs 1/synapses: the graph keeps each arc's synapse count beside its cost. (Under the rule
  // 'weight' the cost is the count itself, and the hop's value is that cost.)
  LoadOptions options;
  options.cost_rule = EdgeCostRule::Inverse;
  const Graph g = load_graph(spec, options).graph;
  ASSERT_TRUE(g.has_arc_strengths());
  const AttributeColumn* type = g.node_attributes.find("cell_type");
  ASSERT_NE(type, nullptr);
  // A pair a few hops apart, from the first node with a long enough path.
  int checked_paths = 0;
  for (std::int32_t s = 0; s < g.n && checked_paths < 3; s += 1 + g.n / 7) {
    const std::int32_t t = (s + g.n / 2) % g.n;
    const auto run = test_support::run_cli({"path", spec, g.names[s], g.names[t], "--cost-rule", "inverse", "--json"});
    ASSERT_TRUE(run.exited) << run.describe();
    if (run.code == 3) continue;  // no path between these two
    ASSERT_EQ(run.code, 0) << run.describe();
    const auto doc = nlohmann::json::parse(run.out);
    EXPECT_EQ(doc["per_hop"], "synapses");
    const auto& nodes = doc["nodes"];
    ASSERT_GE(nodes.size(), 2u);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const auto u = nodes[i]["index"].get<std::int32_t>();
      EXPECT_EQ(nodes[i]["attributes"]["cell_type"].get<std::string>(), type->to_text(static_cast<std::size_t>(u)));
      if (i == 0) continue;
      const auto from = nodes[i - 1]["index"].get<std::int32_t>();
      const std::int64_t arc = cheapest_arc(g, from, u);
      ASSERT_GE(arc, 0) << "no arc " << from << " -> " << u;
      EXPECT_EQ(nodes[i]["synapses"].get<double>(), g.arc_strengths[static_cast<std::size_t>(arc)]);
      EXPECT_EQ(nodes[i]["arc_cost"].get<double>(), g.weights[static_cast<std::size_t>(arc)]);
    }
    // The CSV table says the same per hop, under the same name.
    const auto csv = test_support::run_cli({"path", spec, g.names[s], g.names[t], "--cost-rule", "inverse", "--output-format", "csv"});
    ASSERT_TRUE(csv.exited && csv.code == 0) << csv.describe();
    std::istringstream lines(csv.out);
    std::string header;
    std::getline(lines, header);
    EXPECT_EQ(header, "step,index,id,name,cell_type,synapses,arc_cost,cumulative");
    ++checked_paths;
  }
  EXPECT_GT(checked_paths, 0);
}
