// METIS .graph, and the same bytes as the .xyz side file of a small fixed graph.
#include "fuzz_harness.hpp"
#include "pathscope/io/read_stream.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = fuzz::text(data, size);
  const auto options = fuzz::small_limits();
  fuzz::expect_clean([&] {
    std::istringstream in(input);
    pathscope::read_graph_stream(in, "fuzz.graph", "metis", options);
  });
  fuzz::expect_clean([&] {
    std::istringstream graph("3 2\n2\n1 3\n2\n"), side(input);
    pathscope::read_graph_stream(graph, "fixed.graph", "metis", options, &side, "fuzz.xyz");
  });
  return 0;
}
