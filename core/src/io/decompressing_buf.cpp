#include "io/decompressing_buf.hpp"

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>

#include "io/text_fields.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::io {

namespace {

constexpr std::size_t kPieceBytes = std::size_t{1} << 16;
// More than xz -9 needs (65 MiB); a header asking for more is damaged or hostile.
constexpr std::uint64_t kXzMemoryLimit = std::uint64_t{1} << 30;

bool has_prefix(std::string_view bytes, std::initializer_list<unsigned char> magic) {
  if (bytes.size() < magic.size()) return false;
  std::size_t k = 0;
  for (unsigned char byte : magic)
    if (static_cast<unsigned char>(bytes[k++]) != byte) return false;
  return true;
}

bool starts_with_gzip(std::string_view bytes) { return has_prefix(bytes, {0x1f, 0x8b}); }
bool starts_with_zstd(std::string_view bytes) { return has_prefix(bytes, {0x28, 0xb5, 0x2f, 0xfd}); }
bool starts_with_xz(std::string_view bytes) { return has_prefix(bytes, {0xfd, '7', 'z', 'X', 'Z', 0x00}); }
bool starts_with_bzip2(std::string_view bytes) {
  return has_prefix(bytes, {'B', 'Z', 'h'}) && bytes.size() >= 4 && bytes[3] >= '1' && bytes[3] <= '9';
}

const char* bzip2_error_name(int code) {
  switch (code) {
    case BZ_DATA_ERROR: return "data error";
    case BZ_DATA_ERROR_MAGIC: return "not bzip2 data";
    case BZ_MEM_ERROR: return "out of memory";
    case BZ_PARAM_ERROR: return "parameter error";
    default: return "error";
  }
}

const char* xz_error_name(lzma_ret code) {
  switch (code) {
    case LZMA_DATA_ERROR: return "data error";
    case LZMA_FORMAT_ERROR: return "not xz data";
    case LZMA_OPTIONS_ERROR: return "unsupported options";
    case LZMA_MEM_ERROR: return "out of memory";
    case LZMA_MEMLIMIT_ERROR: return "it needs more than 1 GiB of memory to decompress";
    default: return "error";
  }
}

}  // namespace

Compression compression_of_content(std::string_view first_bytes) {
  if (starts_with_gzip(first_bytes)) return Compression::Gzip;
  if (starts_with_zstd(first_bytes)) return Compression::Zstd;
  if (starts_with_xz(first_bytes)) return Compression::Xz;
  if (starts_with_bzip2(first_bytes)) return Compression::Bzip2;
  return Compression::None;
}

const std::vector<std::string>& compression_suffixes() {
  static const std::vector<std::string> suffixes{".gz", ".zst", ".xz", ".bz2"};
  return suffixes;
}

Compression compression_of_name(std::string_view path) {
  const auto ends_with = [&](std::string_view suffix) {
    return path.size() > suffix.size() && iequals(path.substr(path.size() - suffix.size()), suffix);
  };
  if (ends_with(".gz")) return Compression::Gzip;
  if (ends_with(".zst")) return Compression::Zstd;
  if (ends_with(".xz")) return Compression::Xz;
  if (ends_with(".bz2")) return Compression::Bzip2;
  return Compression::None;
}

const char* compression_name(Compression kind) {
  switch (kind) {
    case Compression::Gzip: return "gzip";
    case Compression::Zstd: return "zstd";
    case Compression::Xz: return "xz";
    case Compression::Bzip2: return "bzip2";
    case Compression::None: break;
  }
  return "uncompressed";
}

// One of the four decoders; which one is the buffer's kind.
struct DecompressingBuf::Codec {
  z_stream zlib{};
  bool zlib_ready = false;
  bool member_done = false;  // gzip, bzip2: between members (a file may hold several, as `cat a.gz b.gz`)
  ZSTD_DStream* zstd = nullptr;
  std::size_t zstd_hint = 0;  // zstd: 0 when the last frame ended, else mid-frame
  lzma_stream xz = LZMA_STREAM_INIT;
  bool xz_ready = false;
  bz_stream bzip2{};
  bool bzip2_ready = false;

  ~Codec() {
    if (zlib_ready) inflateEnd(&zlib);
    if (zstd) ZSTD_freeDStream(zstd);
    if (xz_ready) lzma_end(&xz);
    if (bzip2_ready) BZ2_bzDecompressEnd(&bzip2);
  }
  bool start_bzip2() {
    if (bzip2_ready) BZ2_bzDecompressEnd(&bzip2);
    bzip2 = bz_stream{};
    bzip2_ready = BZ2_bzDecompressInit(&bzip2, 0, 0) == BZ_OK;
    return bzip2_ready;
  }
};

DecompressingBuf::DecompressingBuf(std::streambuf& source, Compression kind, std::string name,
                                   DecompressionLimit limit)
    : source_(source), kind_(kind), name_(std::move(name)), limit_(limit), codec_(std::make_unique<Codec>()),
      in_(kPieceBytes), out_(kPieceBytes) {
  Codec& c = *codec_;
  switch (kind_) {
    case Compression::Gzip:
      // 16 + MAX_WBITS: gzip framing only, so a zlib or raw deflate stream is an error.
      if (inflateInit2(&c.zlib, 16 + MAX_WBITS) != Z_OK) throw Error("cannot start zlib to read " + name_);
      c.zlib_ready = true;
      break;
    case Compression::Zstd:
      c.zstd = ZSTD_createDStream();
      if (!c.zstd || ZSTD_isError(ZSTD_initDStream(c.zstd))) throw Error("cannot start zstd to read " + name_);
      break;
    case Compression::Xz:
      // Concatenated: `cat a.xz b.xz` is one input, and xz's own stream padding is allowed.
      if (lzma_stream_decoder(&c.xz, kXzMemoryLimit, LZMA_CONCATENATED) != LZMA_OK)
        throw Error("cannot start liblzma to read " + name_);
      c.xz_ready = true;
      break;
    case Compression::Bzip2:
      if (!c.start_bzip2()) throw Error("cannot start libbz2 to read " + name_);
      break;
    case Compression::None: throw Error("internal: DecompressingBuf for uncompressed " + name_);
  }
  setg(out_.data(), out_.data(), out_.data());
}

DecompressingBuf::~DecompressingBuf() = default;

void DecompressingBuf::fail(const std::string& message) const {
  throw ParseError(name_, newlines_ + 1, message);
}

bool DecompressingBuf::refill_input() {
  if (source_done_) return false;
  if (in_begin_ == in_end_) in_begin_ = in_end_ = 0;
  if (in_begin_ > 0) {  // keep unread bytes (a gzip magic split across reads)
    std::memmove(in_.data(), in_.data() + in_begin_, in_end_ - in_begin_);
    in_end_ -= in_begin_;
    in_begin_ = 0;
  }
  const auto got = source_.sgetn(in_.data() + in_end_, static_cast<std::streamsize>(in_.size() - in_end_));
  if (got <= 0) {
    source_done_ = true;
    return false;
  }
  in_end_ += static_cast<std::size_t>(got);
  compressed_read_ += got;
  return true;
}

// tar and some archivers pad a compressed file with zero bytes up to a block size; gzip(1)
// and bzip2(1) ignore them, and so does this reader. Anything else after the data is damage.
bool DecompressingBuf::rest_is_zero_padding() {
  for (;;) {
    for (std::size_t k = in_begin_; k < in_end_; ++k)
      if (in_[k] != 0) return false;
    in_begin_ = in_end_;
    if (!refill_input()) return true;
  }
}

// What follows the end of a gzip member or bzip2 stream: the next one, zero padding up to the
// end (finished), or too few bytes yet to tell. Anything else is damage.
DecompressingBuf::AfterMember DecompressingBuf::after_member(std::size_t available, std::size_t magic_bytes,
                                                             bool (*starts_member)(std::string_view),
                                                             const char* format, const char* member) {
  if (available == 0) {
    finished_ = true;
    return AfterMember::Finished;
  }
  if (available < magic_bytes && refill_input()) return AfterMember::NeedInput;
  if (in_[in_begin_] == 0 && rest_is_zero_padding()) {
    finished_ = true;
    return AfterMember::Finished;
  }
  if (!starts_member(std::string_view(in_.data() + in_begin_, in_end_ - in_begin_)))
    fail(std::string("data after the end of the ") + format + " stream is neither another " + member +
         " nor zero padding: the file is damaged");
  return AfterMember::Another;
}

std::size_t DecompressingBuf::inflate_gzip(std::size_t available) {
  Codec& c = *codec_;
  if (c.member_done) {
    const AfterMember next = after_member(available, 2, starts_with_gzip, "gzip", "gzip member");
    if (next != AfterMember::Another) return 0;
    inflateReset(&c.zlib);
    c.member_done = false;
  }
  if (available == 0) fail("the gzip stream ends early: the file is truncated");
  c.zlib.next_in = reinterpret_cast<Bytef*>(in_.data() + in_begin_);
  c.zlib.avail_in = static_cast<uInt>(available);
  c.zlib.next_out = reinterpret_cast<Bytef*>(out_.data());
  c.zlib.avail_out = static_cast<uInt>(out_.size());
  const int status = inflate(&c.zlib, Z_NO_FLUSH);
  in_begin_ += available - c.zlib.avail_in;
  const std::size_t produced = out_.size() - c.zlib.avail_out;
  if (status == Z_STREAM_END) {
    c.member_done = true;
  } else if (status == Z_BUF_ERROR) {
    // No progress: more input needed. At the end of the file that means truncation.
    if (in_begin_ == in_end_ && !refill_input() && produced == 0) fail("the gzip stream ends early: the file is truncated");
  } else if (status != Z_OK) {
    fail(std::string("corrupt gzip data (") + (c.zlib.msg ? io::quoted(c.zlib.msg) : std::to_string(status)) +
         "): the file is damaged");
  }
  return produced;
}

std::size_t DecompressingBuf::inflate_zstd(std::size_t available) {
  Codec& c = *codec_;
  if (available == 0) {
    if (c.zstd_hint != 0) fail("the zstd stream ends early: the file is truncated");
    finished_ = true;
    return 0;
  }
  if (c.zstd_hint == 0 && in_[in_begin_] == 0) {
    if (!rest_is_zero_padding())
      fail("data after the end of the zstd stream is neither another zstd frame nor zero padding: the file is damaged");
    finished_ = true;
    return 0;
  }
  ZSTD_inBuffer input{in_.data() + in_begin_, available, 0};
  ZSTD_outBuffer output{out_.data(), out_.size(), 0};
  const std::size_t status = ZSTD_decompressStream(c.zstd, &output, &input);
  if (ZSTD_isError(status)) fail(std::string("corrupt zstd data (") + ZSTD_getErrorName(status) + "): the file is damaged");
  in_begin_ += input.pos;
  c.zstd_hint = status;
  return output.pos;
}

std::size_t DecompressingBuf::inflate_xz(std::size_t available) {
  Codec& c = *codec_;
  // Concatenated streams end only when told there is no more input.
  const lzma_action action = available == 0 ? LZMA_FINISH : LZMA_RUN;
  c.xz.next_in = reinterpret_cast<const std::uint8_t*>(in_.data() + in_begin_);
  c.xz.avail_in = available;
  c.xz.next_out = reinterpret_cast<std::uint8_t*>(out_.data());
  c.xz.avail_out = out_.size();
  const lzma_ret status = lzma_code(&c.xz, action);
  in_begin_ += available - c.xz.avail_in;
  const std::size_t produced = out_.size() - c.xz.avail_out;
  if (status == LZMA_STREAM_END) {
    finished_ = true;
  } else if (status == LZMA_BUF_ERROR) {
    fail("the xz stream ends early: the file is truncated");
  } else if (status != LZMA_OK) {
    fail(std::string("corrupt xz data (") + xz_error_name(status) + "): the file is damaged");
  }
  return produced;
}

std::size_t DecompressingBuf::inflate_bzip2(std::size_t available) {
  Codec& c = *codec_;
  if (c.member_done) {
    const AfterMember next = after_member(available, 4, starts_with_bzip2, "bzip2", "bzip2 stream");
    if (next != AfterMember::Another) return 0;
    if (!c.start_bzip2()) throw Error("cannot start libbz2 to read " + name_);
    c.member_done = false;
  }
  if (available == 0) fail("the bzip2 stream ends early: the file is truncated");
  c.bzip2.next_in = in_.data() + in_begin_;
  c.bzip2.avail_in = static_cast<unsigned>(available);
  c.bzip2.next_out = out_.data();
  c.bzip2.avail_out = static_cast<unsigned>(out_.size());
  const int status = BZ2_bzDecompress(&c.bzip2);
  in_begin_ += available - c.bzip2.avail_in;
  const std::size_t produced = out_.size() - c.bzip2.avail_out;
  if (status == BZ_STREAM_END) {
    c.member_done = true;
  } else if (status != BZ_OK) {
    fail(std::string("corrupt bzip2 data (") + bzip2_error_name(status) + "): the file is damaged");
  }
  return produced;
}

// Checked piece by piece, so a bomb is refused after at most one piece past its limit, before
// the reader has stored what it would become.
void DecompressingBuf::check_limit(std::size_t produced) {
  produced_total_ += static_cast<std::int64_t>(produced);
  const bool fixed = limit_.max_bytes > 0;
  const std::int64_t compressed = limit_.compressed_bytes >= 0 ? limit_.compressed_bytes : compressed_read_;
  const std::int64_t allowed =
      fixed ? limit_.max_bytes
            : std::max(kDefaultDecompressionFloorBytes,
                       compressed > INT64_MAX / kDefaultDecompressionRatio ? INT64_MAX
                                                                          : kDefaultDecompressionRatio * compressed);
  if (produced_total_ <= allowed) return;
  const std::string rule =
      fixed ? std::string("the limit given")
            : "the default limit, " + std::to_string(kDefaultDecompressionRatio) + " times the compressed size and at least " +
                  format_bytes(static_cast<std::uint64_t>(kDefaultDecompressionFloorBytes));
  fail(std::string(compression_name(kind_)) + " content inflates past " +
       format_bytes(static_cast<std::uint64_t>(allowed)) + " (" + rule +
       "): a compression bomb or a damaged file; if it is real, raise the limit (--max-decompressed SIZE, "
       "Python max_decompressed_bytes=)");
}

DecompressingBuf::int_type DecompressingBuf::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  std::size_t produced = 0;
  while (produced == 0) {
    if (finished_) return traits_type::eof();
    if (in_begin_ == in_end_) refill_input();
    const std::size_t available = in_end_ - in_begin_;
    switch (kind_) {
      case Compression::Gzip: produced = inflate_gzip(available); break;
      case Compression::Zstd: produced = inflate_zstd(available); break;
      case Compression::Xz: produced = inflate_xz(available); break;
      case Compression::Bzip2: produced = inflate_bzip2(available); break;
      case Compression::None: return traits_type::eof();
    }
  }
  check_limit(produced);
  newlines_ += std::count(out_.data(), out_.data() + produced, '\n');
  setg(out_.data(), out_.data(), out_.data() + produced);
  return traits_type::to_int_type(*gptr());
}

}  // namespace pathscope::io
