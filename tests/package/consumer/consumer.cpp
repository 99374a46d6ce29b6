// Loads a graph, runs one all-pairs engine and prints what the CLI's `apsp --json` prints for
// the same run (n, arcs, checksum), then what the program knows of the GPU back end.
//   consumer GRAPH ENGINE
#include <cstdio>
#include <exception>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/apsp/distance_choice.hpp"
#include "pathscope/apsp/gpu.hpp"
// These two include nlohmann/json.hpp: the package must bring that dependency along.
#include "pathscope/export/path_export.hpp"
#include "pathscope/io/load.hpp"
#include "pathscope/runtime/json_output.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: consumer GRAPH ENGINE\n");
    return 2;
  }
  try {
    const auto loaded = pathscope::load_graph(argv[1]);
    const auto& g = loaded.graph;
    pathscope::ApspOptions options;
    options.dist = pathscope::choose_distance_type(g).type;
    const auto result = pathscope::make_apsp_engine(argv[2])->run(g, options, {});
    std::printf("n %d\nm %lld\nchecksum %s\n", g.n, static_cast<long long>(g.arc_count()),
                pathscope::checksum_hex(pathscope::matrix_checksum(result)).c_str());
    const auto gpu = pathscope::gpu_info();
    std::printf("gpu %s\n", gpu.available ? gpu.name.c_str() : gpu.reason.c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "consumer: %s\n", e.what());
    return 1;
  }
  return 0;
}
