// FlyWire Codex and neuPrint exports: the generator's brain written in Codex's layout reads
// back to the same neurons, synapse counts, cell types and positions (plain and gzip alike);
// a pair's rows are summed; 64-bit ids stay exact; Codex's threshold of 5 is the default and
// said so; neuPrint's ROI rows sum to its totals; bad rows fail naming file and line.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "fresh_seed.hpp"
#include "gzip_text.hpp"
#include "pathscope/export/codex_export.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/runtime/error.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using readtest::TempDir;
using readtest::write_text;

namespace {

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Arcs keyed by root ids, with their synapse counts.
std::map<std::pair<std::int64_t, std::int64_t>, double> synapses_by_id(const Graph& g) {
  std::map<std::pair<std::int64_t, std::int64_t>, double> out;
  for (std::int32_t u = 0; u < g.n; ++u)
    for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      out[{g.ids[u], g.ids[g.heads[a]]}] = g.arc_strengths[a];
  return out;
}

std::map<std::int64_t, std::string> text_by_id(const Graph& g, const char* column) {
  std::map<std::int64_t, std::string> out;
  const AttributeColumn* c = g.node_attributes.find(column);
  EXPECT_NE(c, nullptr) << column;
  if (!c) return out;
  for (std::int32_t u = 0; u < g.n; ++u) out[g.ids[u]] = c->to_text(u);
  return out;
}

void expect_parse_error(const std::string& path, std::int64_t line, const std::string& words) {
  try {
    load_graph(path);
    ADD_FAILURE() << path << " was read";
  } catch (const ParseError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(path + ":" + std::to_string(line) + ":"), std::string::npos) << message;
    EXPECT_NE(message.find(words), std::string::npos) << message;
  }
}

}  // namespace

TEST(ReadCodex, GeneratedBrainReadsBackFromItsCodexLayoutPlainAndGzip) {
  const std::uint64_t seed = test_support::fresh_seed();
  const std::string spec = "connectome:n=" + std::to_string(700 + seed % 300) + ",seed=" + std::to_string(seed % 100000);
  LoadOptions options;
  options.cost_rule = EdgeCostRule::Hops;
  options.min_synapses = 0;
  const Graph made = load_graph(spec, options).graph;
  TempDir plain, packed;
  write_codex_export(made, plain.file("export"), seed);
  for (const char* name : {"connections.csv", "classification.csv", "consolidated_cell_types.csv", "names.csv",
                           "coordinates.csv"})
    write_text(packed.file(std::string(name) + ".gz"), test_support::gzip(read_all(plain.file("export/") + name)));

  const auto from_plain = load_graph(plain.file("export/connections.csv"), options);
  const auto from_gzip = load_graph(packed.file("connections.csv.gz"), options);
  for (const auto* loaded : {&from_plain, &from_gzip}) {
    const Graph& g = loaded->graph;
    EXPECT_EQ(loaded->report.format, "codex");
    ASSERT_EQ(g.n, made.n);
    EXPECT_EQ(synapses_by_id(g), synapses_by_id(made));
    for (const char* column : {"cell_type", "super_class", "side", "flow"})
      EXPECT_EQ(text_by_id(g, column), text_by_id(made, column)) << column;
    EXPECT_EQ(text_by_id(g, "primary_type"), text_by_id(made, "cell_type"));
    std::map<std::int64_t, std::int32_t> made_node;
    for (std::int32_t u = 0; u < made.n; ++u) made_node[made.ids[u]] = u;
    const AttributeColumn* nt = g.node_attributes.find("nt_type");
    ASSERT_NE(nt, nullptr);
    ASSERT_EQ(g.coord_dims, 3);
    for (std::int32_t u = 0; u < g.n; ++u) {
      const std::int32_t m = made_node.at(g.ids[u]);
      EXPECT_EQ(g.names[u], made.names[m]);
      for (int d = 0; d < 3; ++d) EXPECT_NEAR(g.coords[3 * u + d], made.coords[3 * m + d], 1e-3);
      // Transmitters are known for neurons with outgoing synapses, and then they are the type's.
      if (made.out_degree(m) > 0) EXPECT_EQ(nt->to_text(u), made.node_attributes.find("nt_type")->to_text(m));
    }
  }
  // The compressed twin is the same graph, arc for arc, in the same node order.
  EXPECT_EQ(from_plain.graph.ids, from_gzip.graph.ids);
  EXPECT_EQ(from_plain.graph.heads, from_gzip.graph.heads);
  EXPECT_EQ(from_plain.graph.arc_strengths, from_gzip.graph.arc_strengths);

  // Without --min-synapses, Codex's own threshold: pairs of 5 synapses or more, and a note says so.
  LoadOptions codex_default;
  codex_default.cost_rule = EdgeCostRule::Hops;
  const auto thresholded = load_graph(packed.file("connections.csv.gz"), codex_default);
  std::map<std::pair<std::int64_t, std::int64_t>, double> strong;
  for (const auto& [pair, count] : synapses_by_id(made))
    if (count >= 5) strong[pair] = count;
  EXPECT_EQ(synapses_by_id(thresholded.graph), strong);
  bool said = false;
  for (const auto& note : thresholded.report.notes) said = said || note.find("Codex's default threshold") != std::string::npos;
  EXPECT_TRUE(said);
}

TEST(ReadCodex, RowsOfOnePairAreSummedAndIdsStayExact) {
  TempDir dir;
  // Ids above 2^53, one apart: a double would merge them.
  const std::string a = "720575940629970489", b = "720575940629970490", c = "720575940629970491";
  write_text(dir.file("connections.csv"),
             "pre_root_id,post_root_id,neuropil,syn_count,nt_type\n" + a + "," + b + ",AL_L,3,GABA\n" + a + "," + b +
                 ",AL_R,4,ACH\n" + a + "," + c + ",LH_L,2,ACH\n" + b + "," + a + ",LH_L,9,GLUT\n" + a + "," + b +
                 ",MB_CA_L,1,GABA\n");
  write_text(dir.file("classification.csv"),
             "root_id,flow,super_class,class,sub_class,cell_type,hemibrain_type,hemilineage,side,nerve\n" + a +
                 ",intrinsic,central,,,EPG,,,left,\n" + c + ",afferent,sensory,,,ORN_DA1,,,right,AN\n"
                 "720575940000000001,efferent,motor,,,MN1,,,left,\n");
  LoadOptions options;
  options.min_synapses = 0;
  options.cost_rule = EdgeCostRule::Inverse;
  const auto loaded = load_graph(dir.file("connections.csv"), options);
  const Graph& g = loaded.graph;
  ASSERT_EQ(g.n, 4);  // three in connections, one more from the classification
  EXPECT_EQ(std::to_string(g.ids[0]), a);
  EXPECT_EQ(std::to_string(g.ids[1]), b);
  EXPECT_EQ(std::to_string(g.ids[2]), c);
  EXPECT_EQ(g.ids[3], 720575940000000001);
  const auto by_id = synapses_by_id(g);
  EXPECT_EQ(by_id.at({g.ids[0], g.ids[1]}), 8);  // 3 + 4 + 1 over three neuropils
  EXPECT_EQ(by_id.at({g.ids[0], g.ids[2]}), 2);
  EXPECT_EQ(by_id.at({g.ids[1], g.ids[0]}), 9);
  EXPECT_EQ(g.arc_count(), 3);
  for (std::int64_t arc = 0; arc < g.arc_count(); ++arc) EXPECT_DOUBLE_EQ(g.weights[arc], 1.0 / g.arc_strengths[arc]);
  const AttributeColumn* nt = g.node_attributes.find("nt_type");
  EXPECT_EQ(nt->to_text(0), "ACH");  // 4 + 2 ACH against 3 + 1 GABA
  EXPECT_EQ(nt->to_text(1), "GLUT");
  EXPECT_FALSE(nt->has(2));          // no outgoing synapses
  const AttributeColumn* type = g.node_attributes.find("cell_type");
  EXPECT_EQ(type->to_text(0), "EPG");
  EXPECT_FALSE(type->has(1));        // not in the classification
  EXPECT_EQ(type->to_text(2), "ORN_DA1");
  EXPECT_EQ(type->to_text(3), "MN1");
  EXPECT_EQ(g.node_attributes.find("nerve")->to_text(2), "AN");
  EXPECT_EQ(g.out_degree(3), 0);
  // Found by id, as the CLI and explorer find neurons.
  EXPECT_EQ(g.find_node(c), std::optional<std::int32_t>(2));
  // Each arc keeps its row of most synapses (neuropil, nt_type) and how many rows it summed.
  std::map<std::pair<std::int32_t, std::int32_t>, std::string> per_arc;
  const AttributeColumn* neuropil = g.arc_attributes.find("neuropil");
  const AttributeColumn* spanned = g.arc_attributes.find("neuropils");
  const AttributeColumn* transmitter = g.arc_attributes.find("nt_type");
  ASSERT_TRUE(neuropil && spanned && transmitter);
  ASSERT_EQ(neuropil->size(), g.arc_attribute_count());
  for (std::int32_t u = 0; u < g.n; ++u) {
    for (auto e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const auto i = static_cast<std::size_t>(e);
      per_arc[{u, g.heads[e]}] = neuropil->to_text(i) + " " + spanned->to_text(i) + " " + transmitter->to_text(i);
    }
  }
  EXPECT_EQ(per_arc.at({0, 1}), "AL_R 3 ACH");
  EXPECT_EQ(per_arc.at({0, 2}), "LH_L 1 ACH");
  EXPECT_EQ(per_arc.at({1, 0}), "LH_L 1 GLUT");
}

TEST(ReadCodex, BadRowsFailNamingFileAndLine) {
  TempDir dir;
  const std::string header = "pre_root_id,post_root_id,neuropil,syn_count,nt_type\n";
  const auto bad = [&](const std::string& name, const std::string& rows, std::int64_t line, const std::string& words) {
    write_text(dir.file(name), header + rows);
    expect_parse_error(dir.file(name), line, words);
  };
  bad("a.csv", "1,2,AL,3,ACH\n1,x2,AL,3,ACH\n", 3, "post_root_id");
  bad("b.csv", "1,2,AL,3,ACH\n1,2,AL,-3,ACH\n", 3, "syn_count");
  bad("c.csv", "1,2,AL,3.5,ACH\n", 2, "syn_count");
  bad("d.csv", "1,2,AL,3,ACH\n1,2\n", 3, "truncated");
  bad("e.csv", "1,2,AL,3,ACH\n1,2,\"AL,3,ACH\n", 3, "quote");
  bad("f.csv", "99999999999999999999,2,AL,3,ACH\n", 2, "pre_root_id");
  // Limits are checked before anything grows past them.
  write_text(dir.file("many.csv"), header + "1,2,AL,5,ACH\n3,4,AL,5,ACH\n5,6,AL,5,ACH\n");
  LoadOptions small;
  small.max_nodes = 3;
  EXPECT_THROW(load_graph(dir.file("many.csv"), small), ParseError);
  // A neuron table with a bad id names its own file and line.
  std::filesystem::create_directories(dir.file("good"));
  write_text(dir.file("good/connections.csv"), header + "1,2,AL,5,ACH\n");
  write_text(dir.file("good/classification.csv"), "root_id,cell_type\n1,EPG\nabc,PEN\n");
  try {
    load_graph(dir.file("good/connections.csv"));
    ADD_FAILURE() << "a bad neuron table was joined";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find(dir.file("good/classification.csv") + ":3:"), std::string::npos) << e.what();
  }
}

TEST(ReadNeuprint, RoiRowsSumToTheTotalsAndNeuronsGetTypesAndNames) {
  const std::uint64_t seed = test_support::fresh_seed();
  SplitMix64 rng(seed);
  TempDir total, roi;
  std::string totals = "bodyId_pre,bodyId_post,weight\n", rois = "bodyId_pre,bodyId_post,roi,weight\n";
  std::map<std::pair<int, int>, int> expected;
  for (int row = 0; row < 200; ++row) {
    const int u = 1 + static_cast<int>(rng.below(40)), v = 1 + static_cast<int>(rng.below(40));
    if (u == v || expected.count({u, v})) continue;
    const int parts = 1 + static_cast<int>(rng.below(3));
    int sum = 0;
    for (int p = 0; p < parts; ++p) {
      const int w = 1 + static_cast<int>(rng.below(20));
      sum += w;
      rois += std::to_string(1000000000 + u) + "," + std::to_string(1000000000 + v) + ",ROI" + std::to_string(p) + "," +
              std::to_string(w) + "\n";
    }
    expected[{u, v}] = sum;
    totals += std::to_string(1000000000 + u) + "," + std::to_string(1000000000 + v) + "," + std::to_string(sum) + "\n";
  }
  std::string neurons = "bodyId,type,instance\n";
  for (int u = 1; u <= 45; ++u)
    neurons += std::to_string(1000000000 + u) + ",T" + std::to_string(u % 4) + ",T" + std::to_string(u % 4) + "_" +
               std::to_string(u) + "\n";
  write_text(total.file("traced-total-connections.csv"), totals);
  write_text(total.file("traced-neurons.csv"), neurons);
  write_text(roi.file("traced-roi-connections.csv"), rois);
  write_text(roi.file("traced-neurons.csv"), neurons);
  LoadOptions options;
  options.cost_rule = EdgeCostRule::Hops;
  const auto a = load_graph(total.file("traced-total-connections.csv"), options);
  const auto b = load_graph(roi.file("traced-roi-connections.csv"), options);
  EXPECT_EQ(a.report.format, "neuprint");
  EXPECT_EQ(synapses_by_id(a.graph), synapses_by_id(b.graph));
  std::map<std::pair<std::int64_t, std::int64_t>, double> want;
  for (const auto& [pair, sum] : expected) want[{1000000000 + pair.first, 1000000000 + pair.second}] = sum;
  EXPECT_EQ(synapses_by_id(a.graph), want);
  for (const auto* loaded : {&a, &b}) {
    const Graph& g = loaded->graph;
    EXPECT_EQ(g.n, 45);  // neurons without connections are there too
    for (std::int32_t u = 0; u < g.n; ++u) {
      const auto body = g.ids[u] - 1000000000;
      EXPECT_EQ(g.node_attributes.find("type")->to_text(u), "T" + std::to_string(body % 4));
      EXPECT_EQ(g.names[u], "T" + std::to_string(body % 4) + "_" + std::to_string(body));
    }
  }
}
