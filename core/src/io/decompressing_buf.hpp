#pragma once
// Compressed input read as it comes: a stream buffer that inflates gzip (zlib) or zstd
// (libzstd) in fixed-size pieces, so a compressed file is never inflated whole into memory or
// onto disk. Corrupt or truncated data is a ParseError naming the file and the line the
// decompressed text had reached.
#include <cstdint>
#include <memory>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

namespace pathscope::io {

enum class Compression { None, Gzip, Zstd };

// By magic number: gzip 1f 8b, zstd 28 b5 2f fd. Fewer bytes than a magic: None.
Compression compression_of_content(std::string_view first_bytes);
// By name: ".gz" -> Gzip, ".zst" -> Zstd (any case), else None.
Compression compression_of_name(std::string_view path);
// "gzip", "zstd", "uncompressed".
const char* compression_name(Compression kind);

class DecompressingBuf : public std::streambuf {
 public:
  // `source` gives the compressed bytes and must outlive this buffer. `name` is the file
  // named in messages.
  DecompressingBuf(std::streambuf& source, Compression kind, std::string name);
  ~DecompressingBuf() override;
  DecompressingBuf(const DecompressingBuf&) = delete;
  DecompressingBuf& operator=(const DecompressingBuf&) = delete;

 protected:
  int_type underflow() override;

 private:
  struct Codec;
  bool refill_input();
  [[noreturn]] void fail(const std::string& message) const;

  std::streambuf& source_;
  Compression kind_;
  std::string name_;
  std::unique_ptr<Codec> codec_;
  std::vector<char> in_, out_;
  std::size_t in_begin_ = 0, in_end_ = 0;
  bool source_done_ = false;
  std::int64_t newlines_ = 0;  // in the text handed out so far: the line an error is on
};

}  // namespace pathscope::io
