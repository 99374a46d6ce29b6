// Node-link JSON read as a stream of parse events: what a document reader got for free and a
// streaming one must do itself. Keys in any order (links before nodes, "directed" last),
// nested values skipped wherever they are, odd and huge numbers, typed attributes, and the
// limits counted as nodes and links arrive.
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <sstream>

#include "fresh_seed.hpp"
#include "pathscope/io/read_stream.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

namespace {

LoadedGraph read_json(const std::string& text, const LoadOptions& options = {}) {
  std::istringstream in(text);
  return read_graph_stream(in, "t.json", "json", options);
}

void expect_json_error(const std::string& text, std::int64_t line, const std::string& fragment,
                       const LoadOptions& options = {}) {
  expect_parse_error([&] { read_json(text, options); }, "t.json", line, fragment);
}

// Joins "key": value members in the order of `order` (a permutation of their indices).
std::string object(const std::vector<std::string>& members, const std::vector<std::size_t>& order) {
  std::string text = "{";
  for (std::size_t i = 0; i < order.size(); ++i) text += (i ? ", " : "") + members[order[i]];
  return text + "}";
}

std::vector<std::size_t> shuffled(std::size_t count, SplitMix64& rng) {
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), std::size_t{0});
  for (std::size_t i = count; i > 1; --i) std::swap(order[i - 1], order[rng.below(static_cast<std::uint32_t>(i))]);
  return order;
}

}  // namespace

// Random graphs written with every object's keys shuffled, nodes listed in a shuffled order,
// and nested decoys that carry the keys the reader looks for ("id", "source", "weight"): the
// arcs must be the reference's, the node order the "nodes" array's, positions and attributes
// each node's own.
TEST(ReadJsonStream, AnyKeyOrderAndNestedDecoysReadTheWrittenGraph) {
  SplitMix64 rng(test_support::fresh_seed());
  for (const std::int32_t n : awkward_sizes()) {
    for (const bool directed : {true, false}) {
      for (const bool text_ids : {false, true}) {
        std::vector<std::size_t> listed = shuffled(static_cast<std::size_t>(n), rng);  // array position -> node
        const auto label = [&](std::int64_t u) { return text_ids ? "n " + std::to_string(u) : std::to_string(1000 + 7 * u); };
        const auto id = [&](std::int64_t u) { return text_ids ? "\"" + label(u) + "\"" : label(u); };
        std::string nodes = "[";
        for (std::size_t i = 0; i < listed.size(); ++i) {
          const auto u = static_cast<std::int64_t>(listed[i]);
          const std::vector<std::string> members = {
              "\"id\": " + id(u),
              "\"x\": " + std::to_string(u) + ".5",
              "\"y\": -" + std::to_string(u),
              "\"size\": " + std::to_string(u * 3),
              "\"kind\": \"k" + std::to_string(u % 3) + "\"",
              "\"meta\": {\"id\": 12345, \"x\": [1, {\"y\": 2}], \"name\": 7}",
              "\"tags\": [[], {}, [\"id\", {\"source\": 1}], null]"};
          nodes += (i ? ",\n" : "\n") + object(members, shuffled(members.size(), rng));
        }
        nodes += "]";
        ReferenceArcs reference;
        std::string links = "[";
        bool first = true;
        for (const auto& a : random_arcs(rng, n, 2 * n, 1, 40)) {
          const std::vector<std::string> members = {
              "\"source\": " + id(a.u), "\"target\": " + id(a.v), "\"weight\": " + std::to_string(a.w) + ".25",
              "\"extra\": {\"weight\": 99, \"source\": " + id(a.v) + ", \"target\": [" + id(a.u) + "]}"};
          links += (first ? "\n" : ",\n") + object(members, shuffled(members.size(), rng));
          first = false;
          const double w = static_cast<double>(a.w) + 0.25;
          if (directed) reference.add(label(a.u), label(a.v), w);
          else reference.add_edge(label(a.u), label(a.v), w);
        }
        links += "]";
        const bool edges_key = rng.below(2) == 1;
        const std::vector<std::string> top = {
            std::string("\"directed\": ") + (directed ? "true" : "false"), "\"multigraph\": false",
            "\"graph\": {\"nodes\": [1, 2], \"links\": {\"directed\": true}}", "\"nodes\": " + nodes,
            std::string(edges_key ? "\"edges\": " : "\"links\": ") + links};
        const std::string text = object(top, shuffled(top.size(), rng));
        SCOPED_TRACE("n=" + std::to_string(n) + (directed ? " directed" : " undirected") + (text_ids ? " text ids" : ""));

        const Graph g = read_json(text).graph;
        EXPECT_EQ(g.directed, directed);
        ASSERT_EQ(g.n, n);
        EXPECT_EQ(arcs_by_label(g), reference.arcs());
        ASSERT_EQ(g.coord_dims, 2);
        const AttributeColumn* size = g.node_attributes.find("size");
        const AttributeColumn* kind = g.node_attributes.find("kind");
        ASSERT_NE(size, nullptr);
        ASSERT_NE(kind, nullptr);
        EXPECT_EQ(size->type, AttributeType::Integer);
        EXPECT_EQ(kind->type, AttributeType::Text);
        EXPECT_EQ(g.node_attributes.find("meta"), nullptr);
        EXPECT_EQ(g.node_attributes.find("tags"), nullptr);
        for (std::int32_t i = 0; i < n; ++i) {
          const auto u = static_cast<std::int64_t>(listed[i]);
          EXPECT_EQ(g.label(i), label(u)) << "node " << i << " is not the array's " << i << "th";
          EXPECT_EQ(g.coords[2 * i], static_cast<float>(u) + 0.5f);
          EXPECT_EQ(g.coords[2 * i + 1], -static_cast<float>(u));
          EXPECT_EQ(size->integers[i], u * 3);
          EXPECT_EQ(kind->text[i], "k" + std::to_string(u % 3));
        }
      }
    }
  }
}

TEST(ReadJsonStream, HugeAndOddNumbers) {
  // Ids at both ends of 64 bits stay exact; the text "1" and the number 1 are two nodes.
  const Graph g = read_json(
      R"({"directed": true, "nodes": [{"id": 9223372036854775807}, {"id": -9223372036854775808}, {"id": 1}, {"id": "1"}],
          "links": [{"source": 9223372036854775807, "target": -9223372036854775808, "weight": 18446744073709551615},
                    {"source": 1, "target": "1", "weight": 1e300}, {"source": "1", "target": 1, "weight": -0.0},
                    {"source": -9223372036854775808, "target": 1, "weight": 4.9e-324}]})").graph;
  ASSERT_EQ(g.n, 4);
  EXPECT_EQ(g.names, (std::vector<std::string>{"9223372036854775807", "-9223372036854775808", "1", "1"}));
  const auto cost = [&](std::int32_t u, std::int32_t v) -> double {
    for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a)
      if (g.heads[a] == v) return g.weights[a];
    ADD_FAILURE() << "no arc " << u << " -> " << v;
    return NAN;
  };
  EXPECT_EQ(cost(0, 1), 18446744073709551615.0);
  EXPECT_EQ(cost(2, 3), 1e300);
  EXPECT_EQ(cost(3, 2), 0.0);
  EXPECT_EQ(cost(1, 2), 4.9e-324);
  EXPECT_EQ(g.arc_count(), 4);

  const Graph ids = read_json(R"({"nodes": [{"id": -5}, {"id": 0}], "links": [{"source": -5, "target": 0}]})").graph;
  EXPECT_EQ(ids.ids, (std::vector<std::int64_t>{-5, 0}));

  // A position beyond float is kept as infinity rather than wrapped.
  const Graph far = read_json(R"({"nodes": [{"id": 1, "x": 1e300, "y": -1e300}], "links": []})").graph;
  ASSERT_EQ(far.coord_dims, 2);
  EXPECT_EQ(far.coords[0], std::numeric_limits<float>::infinity());
  EXPECT_EQ(far.coords[1], -std::numeric_limits<float>::infinity());

  expect_json_error("{\"nodes\": [{\"id\": 1},\n{\"id\": 18446744073709551615}], \"links\": []}", 2,
                    "node \"id\" 18446744073709551615 is beyond 64-bit integers");
  expect_json_error("{\"nodes\": [{\"id\": 1},\n{\"id\": 1.0}], \"links\": []}", 2,
                    "node \"id\" must be an integer or a string, not number");
  expect_json_error("{\"nodes\": [{\"id\": 1},\n{\"id\": [1]}], \"links\": []}", 2,
                    "node \"id\" must be an integer or a string, not array");
  expect_json_error("{\"nodes\": [{\"id\": 1}], \"links\": [\n{\"source\": 1, \"target\": 18446744073709551615}]}", 2,
                    "link target 18446744073709551615 is not a node id");
  expect_json_error("{\"nodes\": [{\"id\": 1}], \"links\": [\n{\"source\": 1, \"target\": 1, \"weight\": 1e400}]}", 2,
                    "number overflow");
  expect_json_error("{\"nodes\": [{\"id\": 1}], \"links\": [\n{\"source\": 1, \"target\": 1, \"weight\": {\"v\": 1}}]}", 2,
                    "\"weight\" must be a number, not object");
}

TEST(ReadJsonStream, LinksBeforeNodesAreCheckedWhenTheNodesCome) {
  // The first link to a node that never comes is named at its own line.
  expect_json_error("{\"links\": [{\"source\": 1, \"target\": 2},\n{\"source\": 2, \"target\": 9},\n"
                    "{\"source\": 8, \"target\": 1}],\n\"nodes\": [{\"id\": 1}, {\"id\": 2}]}",
                    2, "link target 9 is not a node id");
  expect_json_error("{\"edges\": [\n{\"source\": \"zz\", \"target\": \"a\"}], \"nodes\": [{\"id\": \"a\"}]}", 2,
                    "link source \"zz\" is not a node id");
  expect_json_error("{\"links\": [], \"graph\": {}}", 0, "no \"nodes\" array");
  expect_json_error("{\"nodes\": []}", 0, "no \"links\" (or \"edges\") array");

  // "directed" after the links decides what they were.
  const Graph late = read_json(R"({"links": [{"source": 1, "target": 2, "weight": 3}], "nodes": [{"id": 2}, {"id": 1}],
                                   "directed": true})").graph;
  EXPECT_TRUE(late.directed);
  EXPECT_EQ(late.ids, (std::vector<std::int64_t>{2, 1}));
  EXPECT_EQ(arcs_by_label(late), (ArcMap{{{"1", "2"}, 3.0}}));
  const Graph absent = read_json(R"({"nodes": [{"id": 1}, {"id": 2}], "links": [{"source": 1, "target": 2}]})").graph;
  EXPECT_FALSE(absent.directed);
  EXPECT_EQ(arcs_by_label(absent), (ArcMap{{{"1", "2"}, 1.0}, {{"2", "1"}, 1.0}}));
}

TEST(ReadJsonStream, AmbiguousDocumentsAreRefused) {
  expect_json_error("{\"nodes\": [], \"links\": [],\n\"edges\": []}", 2, "a second array of links");
  expect_json_error("{\"nodes\": [], \"links\": [],\n\"nodes\": []}", 2, "a second \"nodes\" array");
  expect_json_error("{\"nodes\": {\"1\": {}}, \"links\": []}", 1, "\"nodes\" must be an array, not object");
  expect_json_error("{\"directed\": \"yes\", \"nodes\": [], \"links\": []}", 1, "\"directed\" must be true or false");
  expect_json_error("[{\"nodes\": []}]", 1, "expected a JSON object");
  expect_json_error("{\"nodes\": [{\"id\": 1},\n 7], \"links\": []}", 2, "node 1 has no \"id\"");
  expect_json_error("{\"nodes\": [{\"id\": 1}], \"links\": [\n[1, 1]]}", 2, "link 0 needs \"source\" and \"target\"");
  expect_json_error("{\"nodes\": [{\"id\": 1}], \"links\": [{\"source\": 1,\n\"target\": true}]}", 1,
                    "link \"target\" must be an integer or a string, not boolean");
  expect_json_error("{\"nodes\": [{\"id\": 1}]} trailing", 1, "invalid JSON");
}

TEST(ReadJsonStream, AttributesKeepTheirJsonTypes) {
  const Graph g = read_json(R"({"nodes": [
      {"id": 1, "a": 1, "b": 2, "c": true, "d": null, "e": "x", "f": 5, "name": "one"},
      {"id": 2, "a": 2.5, "b": "two", "c": false, "d": 4, "e": "y", "f": 18446744073709551615},
      {"id": 3}], "links": []})").graph;
  ASSERT_EQ(g.n, 3);
  EXPECT_EQ(g.names, (std::vector<std::string>{"one", "2", "3"}));
  const auto column = [&](const char* name) {
    const AttributeColumn* c = g.node_attributes.find(name);
    EXPECT_NE(c, nullptr) << name;
    return c;
  };
  const AttributeColumn* a = column("a");  // integers meeting reals: reals
  ASSERT_EQ(a->type, AttributeType::Real);
  EXPECT_EQ(a->reals[0], 1.0);
  EXPECT_EQ(a->reals[1], 2.5);
  EXPECT_FALSE(a->has(2));
  const AttributeColumn* b = column("b");  // numbers meeting text: text
  ASSERT_EQ(b->type, AttributeType::Text);
  EXPECT_EQ(b->text[0], "2");
  EXPECT_EQ(b->text[1], "two");
  const AttributeColumn* c = column("c");
  ASSERT_EQ(c->type, AttributeType::Boolean);
  EXPECT_EQ(c->integers[0], 1);
  EXPECT_EQ(c->integers[1], 0);
  const AttributeColumn* d = column("d");  // null: no value
  ASSERT_EQ(d->type, AttributeType::Integer);
  EXPECT_FALSE(d->has(0));
  EXPECT_EQ(d->integers[1], 4);
  const AttributeColumn* f = column("f");  // beyond 64 bits: a real
  ASSERT_EQ(f->type, AttributeType::Real);
  EXPECT_EQ(f->reals[1], 18446744073709551615.0);
  EXPECT_EQ(g.node_attributes.find("id"), nullptr);
  EXPECT_EQ(g.node_attributes.find("name"), nullptr);
}

TEST(ReadJsonStream, LimitsAreCountedAsNodesAndLinksArrive) {
  LoadOptions options;
  options.max_nodes = 3;
  options.max_arcs = 4;
  expect_json_error("{\"nodes\": [{\"id\": 1}, {\"id\": 2}, {\"id\": 3},\n{\"id\": 4}], \"links\": []}", 2,
                    "more nodes than the limit of 3", options);
  // Links before nodes name their ends first: too many distinct ends is over the node limit too.
  expect_json_error("{\"links\": [{\"source\": 1, \"target\": 2},\n{\"source\": 3, \"target\": 4}], \"nodes\": []}", 2,
                    "more nodes than the limit of 3", options);
  const std::string three_links =
      "[{\"source\": 1, \"target\": 2},\n{\"source\": 2, \"target\": 3},\n{\"source\": 3, \"target\": 1}]";
  // Undirected known up front: the third link is the fifth and sixth arcs.
  expect_json_error("{\"directed\": false, \"nodes\": [{\"id\": 1}, {\"id\": 2}, {\"id\": 3}], \"links\": " + three_links + "}",
                    3, "3 links, more than the limit of 4 arcs", options);
  // Said after the links: refused when it is said.
  expect_json_error("{\"nodes\": [{\"id\": 1}, {\"id\": 2}, {\"id\": 3}], \"links\": " + three_links +
                        ",\n\n\"directed\": false}",
                    5, "3 links, more than the limit of 4 arcs", options);
  // Never said: undirected, refused at the end.
  expect_json_error("{\"nodes\": [{\"id\": 1}, {\"id\": 2}, {\"id\": 3}], \"links\": " + three_links + "}", 0,
                    "3 links, more than the limit of 4 arcs", options);
  EXPECT_EQ(read_json("{\"directed\": true, \"nodes\": [{\"id\": 1}, {\"id\": 2}, {\"id\": 3}], \"links\": " +
                          three_links + "}",
                      options)
                .graph.arc_count(),
            3);
}
