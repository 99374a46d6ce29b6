#pragma once
// Opening an input (a file or standard input) with the one message every reader gives when it
// cannot, and compressed input made plain: gzip and zstd are recognised by magic number and
// decompressed as they are read; a name that says .gz or .zst over other content is refused.
// The first bytes of the content are kept for the content tests (content_sample.hpp).
#include <cstdint>
#include <fstream>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "io/content_sample.hpp"
#include "io/decompressing_buf.hpp"

namespace pathscope::io {

// The content of an input, read once from the start. Reading throws ParseError (file and
// line) on corrupt or truncated compressed data: the stream's exception mask has badbit.
class InputStream : public std::istream {
 public:
  // A file; throws Error naming the path when it is a folder, missing, unreadable, or named
  // .gz/.zst while its content is not that.
  explicit InputStream(const std::string& path);
  // A stream buffer it does not own (standard input), named `name` in messages.
  InputStream(std::streambuf& borrowed, std::string name);
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
    void reset(std::string held, std::streambuf* upstream);
    const std::string& held() const { return held_; }

   protected:
    int_type underflow() override;

   private:
    std::string held_;
    std::streambuf* upstream_ = nullptr;
    std::vector<char> buffer_;
    bool on_upstream_ = false;
  };

  void start(std::streambuf& raw, bool named_file);

  std::string name_;
  std::filebuf file_;
  ChainBuf raw_;  // the magic number's bytes, then the rest of the file
  std::unique_ptr<DecompressingBuf> inflate_;
  ChainBuf content_;  // the sample, then the rest of the content
  Compression compression_ = Compression::None;
  ContentSample sample_;
  std::int64_t content_bytes_ = -1;
};

std::unique_ptr<InputStream> open_input_file(const std::string& path);
// "-": standard input, under the name "standard input".
std::unique_ptr<InputStream> open_standard_input();

// The content's size when `in` is an InputStream that knows it, else -1.
std::int64_t known_content_bytes(const std::istream& in);

}  // namespace pathscope::io
