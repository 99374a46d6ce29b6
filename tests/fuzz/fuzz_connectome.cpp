// Connectome exports: FlyWire Codex and neuPrint connection tables, and the neuron tables
// joined onto them by id (classification, names, "[x y z]" positions, traced neurons).
#include "fuzz_harness.hpp"
#include "pathscope/io/file_formats.hpp"
#include "pathscope/io/read_stream.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = fuzz::text(data, size);
  const auto options = fuzz::small_limits();
  for (const char* format : {"codex", "neuprint"}) {
    fuzz::expect_clean([&] {
      std::istringstream in(input);
      pathscope::read_graph_stream(in, "fuzz.csv", format, options);
    });
  }
  fuzz::expect_clean([&] {
    std::istringstream graph_text(
        "pre_root_id,post_root_id,syn_count\n720575940629970489,720575940629970490,7\n1001,1002,3\n");
    auto loaded = pathscope::read_graph_stream(graph_text, "graph.csv", "codex", options);
    std::istringstream in(input);
    pathscope::apply_node_table_stream(in, "fuzz-neurons.csv", loaded, options);
  });
  return 0;
}
