#include "io/decompressing_buf.hpp"

#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>

#include "io/text_fields.hpp"
#include "pathscope/error.hpp"

namespace pathscope::io {

namespace {

constexpr std::size_t kPieceBytes = std::size_t{1} << 16;

bool starts_with_gzip(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

bool starts_with_zstd(std::string_view bytes) {
  return bytes.size() >= 4 && static_cast<unsigned char>(bytes[0]) == 0x28 &&
         static_cast<unsigned char>(bytes[1]) == 0xb5 && static_cast<unsigned char>(bytes[2]) == 0x2f &&
         static_cast<unsigned char>(bytes[3]) == 0xfd;
}

}  // namespace

Compression compression_of_content(std::string_view first_bytes) {
  if (starts_with_gzip(first_bytes)) return Compression::Gzip;
  if (starts_with_zstd(first_bytes)) return Compression::Zstd;
  return Compression::None;
}

Compression compression_of_name(std::string_view path) {
  const auto ends_with = [&](std::string_view suffix) {
    return path.size() > suffix.size() && iequals(path.substr(path.size() - suffix.size()), suffix);
  };
  if (ends_with(".gz")) return Compression::Gzip;
  if (ends_with(".zst")) return Compression::Zstd;
  return Compression::None;
}

const char* compression_name(Compression kind) {
  switch (kind) {
    case Compression::Gzip: return "gzip";
    case Compression::Zstd: return "zstd";
    case Compression::None: break;
  }
  return "uncompressed";
}

// One of the two decoders; which one is the buffer's kind.
struct DecompressingBuf::Codec {
  z_stream zlib{};
  bool zlib_ready = false;
  bool member_done = false;  // gzip: between members (a file may hold several, as `cat a.gz b.gz`)
  ZSTD_DStream* zstd = nullptr;
  std::size_t zstd_hint = 0;  // zstd: 0 when the last frame ended, else mid-frame

  ~Codec() {
    if (zlib_ready) inflateEnd(&zlib);
    if (zstd) ZSTD_freeDStream(zstd);
  }
};

DecompressingBuf::DecompressingBuf(std::streambuf& source, Compression kind, std::string name)
    : source_(source), kind_(kind), name_(std::move(name)), codec_(std::make_unique<Codec>()),
      in_(kPieceBytes), out_(kPieceBytes) {
  if (kind_ == Compression::Gzip) {
    // 16 + MAX_WBITS: gzip framing only, so a zlib or raw deflate stream is an error.
    if (inflateInit2(&codec_->zlib, 16 + MAX_WBITS) != Z_OK) throw Error("cannot start zlib to read " + name_);
    codec_->zlib_ready = true;
  } else if (kind_ == Compression::Zstd) {
    codec_->zstd = ZSTD_createDStream();
    if (!codec_->zstd || ZSTD_isError(ZSTD_initDStream(codec_->zstd))) throw Error("cannot start zstd to read " + name_);
  } else {
    throw Error("internal: DecompressingBuf for uncompressed " + name_);
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
  return true;
}

DecompressingBuf::int_type DecompressingBuf::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  std::size_t produced = 0;
  while (produced == 0) {
    if (in_begin_ == in_end_) refill_input();
    const std::size_t available = in_end_ - in_begin_;
    if (kind_ == Compression::Gzip) {
      Codec& c = *codec_;
      if (c.member_done) {
        if (available == 0) return traits_type::eof();
        if (available < 2 && refill_input()) continue;
        if (!starts_with_gzip(std::string_view(in_.data() + in_begin_, in_end_ - in_begin_))) {
          fail("data after the end of the gzip stream is not another gzip member: the file is damaged");
        }
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
      produced = out_.size() - c.zlib.avail_out;
      if (status == Z_STREAM_END) {
        c.member_done = true;
      } else if (status == Z_BUF_ERROR) {
        // No progress: more input needed. At the end of the file that means truncation.
        if (in_begin_ == in_end_ && !refill_input() && produced == 0) {
          fail("the gzip stream ends early: the file is truncated");
        }
      } else if (status != Z_OK) {
        fail(std::string("corrupt gzip data (") + (c.zlib.msg ? io::quoted(c.zlib.msg) : std::to_string(status)) +
             "): the file is damaged");
      }
    } else {
      Codec& c = *codec_;
      if (available == 0) {
        if (c.zstd_hint != 0) fail("the zstd stream ends early: the file is truncated");
        return traits_type::eof();
      }
      ZSTD_inBuffer input{in_.data() + in_begin_, available, 0};
      ZSTD_outBuffer output{out_.data(), out_.size(), 0};
      const std::size_t status = ZSTD_decompressStream(c.zstd, &output, &input);
      if (ZSTD_isError(status)) {
        fail(std::string("corrupt zstd data (") + ZSTD_getErrorName(status) + "): the file is damaged");
      }
      in_begin_ += input.pos;
      produced = output.pos;
      c.zstd_hint = status;
    }
  }
  newlines_ += std::count(out_.data(), out_.data() + produced, '\n');
  setg(out_.data(), out_.data(), out_.data() + produced);
  return traits_type::to_int_type(*gptr());
}

}  // namespace pathscope::io
