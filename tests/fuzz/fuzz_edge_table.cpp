// Edge tables and typed connection tables under each cost rule, and node tables applied to
// a graph with names and to one with integer ids.
#include "fuzz_harness.hpp"
#include "pathscope/io/read_stream.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = fuzz::text(data, size);
  auto options = fuzz::small_limits();
  // The input's length picks the rule, so the corpus explores all of them.
  const pathscope::EdgeCostRule rules[] = {pathscope::EdgeCostRule::Weight, pathscope::EdgeCostRule::Hops,
                                           pathscope::EdgeCostRule::Inverse, pathscope::EdgeCostRule::MaxMinus};
  options.cost_rule = rules[size % 4];
  options.force_undirected = size % 3 == 0;
  options.min_weight = size % 5 == 0 ? 2 : 0;
  fuzz::expect_clean([&] {
    std::istringstream in(input);
    pathscope::read_graph_stream(in, "fuzz.csv", "edge-table", options);
  });
  for (const char* graph_text : {"AVAL,AVAR,1\nAVAR,DA01,2\n", "10 20 1\n20 30 2\n"}) {
    fuzz::expect_clean([&] {
      std::istringstream graph(graph_text);
      auto loaded = pathscope::read_graph_stream(graph, "fixed.csv", "edge-table", options);
      std::istringstream table(input);
      pathscope::apply_node_table_stream(table, "fuzz-nodes.csv", loaded, options);
    });
  }
  return 0;
}
