#pragma once
// Opening an input (a file or standard input) with the one message every reader gives when it
// cannot, and compressed input made plain: gzip, zstd, xz and bzip2 are recognised by magic
// number and decompressed as they are read, within a limit on the bytes they inflate to; a name
// that says .gz, .zst, .xz or .bz2 over other content is refused. The first bytes of the content
// are kept for the content tests (content_sample.hpp). A cancel request (the job's flag) stops
// every reader between two pieces of input, whatever its format, as Cancelled.
#include <cstdint>
#include <fstream>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "io/content_sample.hpp"
#include "io/decompressing_buf.hpp"
#include "pathscope/runtime/job.hpp"

namespace pathscope::io {

// What the load that opens an input asks of it.
struct InputControls {
  JobContext job;  // its cancel flag is checked before each piece of input is read
  std::int64_t max_decompressed_bytes = 0;  // 0: the default rule (decompressing_buf.hpp)
};

// The content of an input, read once from the start. Reading throws ParseError (file and
// line) on corrupt or truncated compressed data: the stream's exception mask has badbit.
class InputStream : public std::istream {
 public:
  // A file; throws Error naming the path when it is a folder, missing, unreadable, or named
  // .gz/.zst while its content is not that.
  explicit InputStream(const std::string& path, InputControls controls = {});
  // A stream buffer it does not own (standard input), named `name` in messages.
  InputStream(std::streambuf& borrowed, std::string name, InputControls controls = {});
  ~InputStream() override;

  const std::string& name() const { return name_; }
  Compression compression() const { return compression_; }
  // The first bytes of the content. Valid until the stream is read past them.
  ContentSample sample() const { return sample_; }
  // The content's size in bytes when known (whole sample, or a plain regular file); else -1.
  std::int64_t content_bytes() const { return content_bytes_; }

 private:
  // Serves `held` bytes first, then the rest of `upstream`.
  class ChainBuf : public std::streambuf {
   public:
    ChainBuf() = default;
    void reset(std::string held, std::streambuf* upstream, const JobContext* job = nullptr);
    const std::string& held() const { return held_; }

   protected:
    int_type underflow() override;

   private:
    std::string held_;
    std::streambuf* upstream_ = nullptr;
    const JobContext* job_ = nullptr;  // asked before each read from upstream
    std::vector<char> buffer_;
    bool on_upstream_ = false;
  };

  void start(std::streambuf& raw, bool named_file, std::int64_t compressed_bytes);

  std::string name_;
  InputControls controls_;
  std::filebuf file_;
  ChainBuf raw_;  // the magic number's bytes, then the rest of the file
  std::unique_ptr<DecompressingBuf> inflate_;
  ChainBuf content_;  // the sample, then the rest of the content
  Compression compression_ = Compression::None;
  ContentSample sample_;
  std::int64_t content_bytes_ = -1;
};

std::unique_ptr<InputStream> open_input_file(const std::string& path, const InputControls& controls = {});
// "-": standard input, under the name "standard input".
std::unique_ptr<InputStream> open_standard_input(const InputControls& controls = {});
// A file, or standard input for "-": the inputs a command names.
std::unique_ptr<InputStream> open_input(const std::string& path_or_dash, const InputControls& controls = {});

// The content's size when `in` is an InputStream that knows it, else -1.
std::int64_t known_content_bytes(const std::istream& in);

}  // namespace pathscope::io
