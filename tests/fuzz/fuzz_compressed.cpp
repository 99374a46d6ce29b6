// Compressed input: the bytes as a gzip or zstd stream (damaged, truncated, with trailing
// data), decompressed as load_graph reads a file: content sample, format by content, reader.
#include "fuzz_harness.hpp"
#include "io/format_detection.hpp"
#include "io/input_file.hpp"
#include "pathscope/io/file_formats.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input = fuzz::text(data, size);
  const auto options = fuzz::small_limits();
  fuzz::expect_clean([&] {
    std::stringbuf bytes(input);
    pathscope::io::InputStream in(bytes, "fuzz.gz");
    const pathscope::FileFormat* format = pathscope::io::sniff_graph_sample(in.sample());
    if (format) format->read_graph(in, "fuzz.gz", options, nullptr, "");
  });
  return 0;
}
