// TSPLIB instances (as instance and as graph) and tours.
#include "fuzz_harness.hpp"
#include "pathscope/io/read_stream.hpp"
#include "pathscope/io/tsplib.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = fuzz::text(data, size);
  fuzz::expect_clean([&] {
    std::istringstream in(input);
    pathscope::read_graph_stream(in, "fuzz.tsp", "tsplib", fuzz::small_limits());
  });
  fuzz::expect_clean([&] {
    std::istringstream in(input);
    pathscope::read_tsplib_tour(in, "fuzz.tour");
  });
  return 0;
}
