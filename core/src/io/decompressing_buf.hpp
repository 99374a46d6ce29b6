#pragma once
// Compressed input read as it comes: a stream buffer that inflates gzip (zlib), zstd (libzstd),
// xz (liblzma) or bzip2 (libbz2) in fixed-size pieces, so a compressed file is never inflated
// whole into memory or onto disk. Corrupt or truncated data is a ParseError naming the file
// and the line the decompressed text had reached; so is content that inflates past its limit
// (a compression bomb), before the reader has stored more than that much text.
#include <cstdint>
#include <memory>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

namespace pathscope::io {

enum class Compression { None, Gzip, Zstd, Xz, Bzip2 };

// By magic number: gzip 1f 8b, zstd 28 b5 2f fd, xz fd 37 7a 58 5a 00, bzip2 "BZh" and a
// digit. Fewer bytes than a magic: None.
Compression compression_of_content(std::string_view first_bytes);
// The bytes compression_of_content needs to tell every kind.
inline constexpr std::size_t kCompressionMagicBytes = 6;
// By name: ".gz" -> Gzip, ".zst" -> Zstd, ".xz" -> Xz, ".bz2" -> Bzip2 (any case), else None.
Compression compression_of_name(std::string_view path);
// The suffixes compression_of_name knows, each with its dot: ".gz", ".zst", ".xz", ".bz2".
const std::vector<std::string>& compression_suffixes();
// "gzip", "zstd", "xz", "bzip2", "uncompressed".
const char* compression_name(Compression kind);

// How far a compressed input may inflate. Real tables and graph files shrink 3 to 20 times
// (the FlyWire connections table: about 7 times); a gzip bomb of identical rows shrinks 1,000
// times, and zstd's far more. Content past the limit is refused before it is parsed.
struct DecompressionLimit {
  // Bytes of content allowed; 0: the default rule below.
  std::int64_t max_bytes = 0;
  // The compressed input's size in bytes when known (a regular file), else -1: then the rule
  // applies to the compressed bytes read so far.
  std::int64_t compressed_bytes = -1;
};
// The default rule: kDefaultRatio times the compressed size, and never less than
// kDefaultFloorBytes, so that any small file inflates freely.
inline constexpr std::int64_t kDefaultDecompressionRatio = 100;
inline constexpr std::int64_t kDefaultDecompressionFloorBytes = std::int64_t{64} << 20;

class DecompressingBuf : public std::streambuf {
 public:
  // `source` gives the compressed bytes and must outlive this buffer. `name` is the file
  // named in messages.
  DecompressingBuf(std::streambuf& source, Compression kind, std::string name, DecompressionLimit limit = {});
  ~DecompressingBuf() override;
  DecompressingBuf(const DecompressingBuf&) = delete;
  DecompressingBuf& operator=(const DecompressingBuf&) = delete;

 protected:
  int_type underflow() override;

 private:
  struct Codec;
  bool refill_input();
  std::size_t inflate_gzip(std::size_t available);
  std::size_t inflate_zstd(std::size_t available);
  std::size_t inflate_xz(std::size_t available);
  std::size_t inflate_bzip2(std::size_t available);
  bool rest_is_zero_padding();
  enum class AfterMember { Another, Finished, NeedInput };
  AfterMember after_member(std::size_t available, std::size_t magic_bytes, bool (*starts_member)(std::string_view),
                           const char* format, const char* member);
  void check_limit(std::size_t produced);
  [[noreturn]] void fail(const std::string& message) const;

  std::streambuf& source_;
  Compression kind_;
  std::string name_;
  DecompressionLimit limit_;
  std::unique_ptr<Codec> codec_;
  std::vector<char> in_, out_;
  std::size_t in_begin_ = 0, in_end_ = 0;
  bool source_done_ = false;
  bool finished_ = false;  // the last stream ended, and what followed was padding
  std::int64_t compressed_read_ = 0;
  std::int64_t produced_total_ = 0;
  std::int64_t newlines_ = 0;  // in the text handed out so far: the line an error is on
};

}  // namespace pathscope::io
