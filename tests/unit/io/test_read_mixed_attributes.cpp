// One attribute name whose values come with several types reads to the same column from every
// format that can write such a thing (GraphML keys of one name, GEXF attributes of one title,
// JSON values): integers and reals meet as reals; with text among them every value is text,
// numbers shown as the column shows them ("4.250" reads as "4.25"), whatever the format.
#include <gtest/gtest.h>

#include <sstream>

#include "pathscope/io/read_stream.hpp"
#include "reader_checks.hpp"

using namespace pathscope;
using namespace readtest;

namespace {

// Nodes a..e: `level` 3, 2.5, then missing; `mixed` 7, 2.50, seven, 4.250, 12.
const char* const kGraphml = R"(<graphml>
<key id="li" for="node" attr.name="level" attr.type="long"/>
<key id="lr" for="node" attr.name="level" attr.type="double"/>
<key id="mi" for="node" attr.name="mixed" attr.type="int"/>
<key id="mr" for="node" attr.name="mixed" attr.type="double"/>
<key id="ms" for="node" attr.name="mixed" attr.type="string"/>
<graph edgedefault="directed">
<node id="a"><data key="li">3</data><data key="mi">7</data></node>
<node id="b"><data key="lr">2.5</data><data key="mr">2.50</data></node>
<node id="c"><data key="ms">seven</data></node>
<node id="d"><data key="mr">4.250</data></node>
<node id="e"><data key="mi">12</data></node>
<edge source="a" target="b"/>
</graph></graphml>
)";

const char* const kGexf = R"(<gexf version="1.3"><graph defaultedgetype="directed">
<attributes class="node">
<attribute id="li" title="level" type="long"/>
<attribute id="lr" title="level" type="double"/>
<attribute id="mi" title="mixed" type="integer"/>
<attribute id="mr" title="mixed" type="double"/>
<attribute id="ms" title="mixed" type="string"/>
</attributes>
<nodes>
<node id="a"><attvalues><attvalue for="li" value="3"/><attvalue for="mi" value="7"/></attvalues></node>
<node id="b"><attvalues><attvalue for="lr" value="2.5"/><attvalue for="mr" value="2.50"/></attvalues></node>
<node id="c"><attvalues><attvalue for="ms" value="seven"/></attvalues></node>
<node id="d"><attvalues><attvalue for="mr" value="4.250"/></attvalues></node>
<node id="e"><attvalues><attvalue for="mi" value="12"/></attvalues></node>
</nodes>
<edges><edge source="a" target="b"/></edges>
</graph></gexf>
)";

const char* const kJson = R"({"directed": true, "multigraph": false, "graph": {}, "nodes": [
{"id": "a", "level": 3, "mixed": 7},
{"id": "b", "level": 2.5, "mixed": 2.50},
{"id": "c", "mixed": "seven"},
{"id": "d", "mixed": 4.250},
{"id": "e", "mixed": 12}],
"links": [{"source": "a", "target": "b"}]}
)";

void expect_the_one_rule(const char* text, const char* format) {
  SCOPED_TRACE(format);
  std::istringstream in(text);
  const Graph g = read_graph_stream(in, "mixed", format).graph;
  ASSERT_EQ(g.n, 5);
  const AttributeColumn& level = column(g, "level");
  ASSERT_EQ(level.type, AttributeType::Real);
  EXPECT_EQ(level.reals[node_named(g, "a")], 3.0);
  EXPECT_EQ(level.reals[node_named(g, "b")], 2.5);
  EXPECT_FALSE(level.has(node_named(g, "c")));
  const AttributeColumn& mixed = column(g, "mixed");
  ASSERT_EQ(mixed.type, AttributeType::Text);
  const char* const expected[][2] = {{"a", "7"}, {"b", "2.5"}, {"c", "seven"}, {"d", "4.25"}, {"e", "12"}};
  for (const auto& [node, value] : expected) EXPECT_EQ(mixed.to_text(node_named(g, node)), value) << node;
}

}  // namespace

TEST(ReadMixedAttributes, EveryFormatWidensAColumnTheSameWay) {
  expect_the_one_rule(kGraphml, "graphml");
  expect_the_one_rule(kGexf, "gexf");
  expect_the_one_rule(kJson, "json");
}
