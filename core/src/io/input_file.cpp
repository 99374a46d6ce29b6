#include "io/input_file.hpp"

#include <filesystem>
#include <iostream>

#include "io/text_fields.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

constexpr std::size_t kUpstreamPiece = std::size_t{1} << 16;

// Reads up to `count` bytes, fewer only at the end of the input.
std::string read_up_to(std::streambuf& from, std::size_t count) {
  std::string bytes(count, '\0');
  std::size_t got = 0;
  while (got < count) {
    const auto n = from.sgetn(bytes.data() + got, static_cast<std::streamsize>(count - got));
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  bytes.resize(got);
  return bytes;
}

}  // namespace

void InputStream::ChainBuf::reset(std::string held, std::streambuf* upstream, const JobContext* job) {
  held_ = std::move(held);
  upstream_ = upstream;
  job_ = job;
  on_upstream_ = false;
  setg(held_.data(), held_.data(), held_.data() + held_.size());
}

InputStream::ChainBuf::int_type InputStream::ChainBuf::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  if (!on_upstream_) {
    on_upstream_ = true;
    std::string().swap(held_);  // served: its memory goes back
    buffer_.resize(kUpstreamPiece);
  }
  if (!upstream_) return traits_type::eof();
  // One check per piece: every reader, whatever its format, stops within a piece of a cancel.
  if (job_) job_->check_cancel();
  const auto got = upstream_->sgetn(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
  if (got <= 0) return traits_type::eof();
  setg(buffer_.data(), buffer_.data(), buffer_.data() + got);
  return traits_type::to_int_type(*gptr());
}

InputStream::InputStream(const std::string& path, InputControls controls)
    : std::istream(nullptr), name_(path), controls_(std::move(controls)) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw Error("cannot read " + path + ": it is a folder");
  if (!file_.open(path, std::ios::in | std::ios::binary)) {
    throw Error("cannot open " + path + ": no such file or no permission");
  }
  note_input(path);
  // -1 for a pipe or device: file_size fails on anything but a regular file.
  const auto size = std::filesystem::file_size(path, ec);
  const std::int64_t file_bytes = ec ? -1 : static_cast<std::int64_t>(size);
  start(file_, true, file_bytes);
  if (compression_ == Compression::None && !sample_.whole) content_bytes_ = file_bytes;
}

InputStream::InputStream(std::streambuf& borrowed, std::string name, InputControls controls)
    : std::istream(nullptr), name_(std::move(name)), controls_(std::move(controls)) {
  start(borrowed, false, -1);
}

InputStream::~InputStream() = default;

void InputStream::start(std::streambuf& raw, bool named_file, std::int64_t compressed_bytes) {
  std::string magic = read_up_to(raw, kCompressionMagicBytes);
  compression_ = compression_of_content(magic);
  const Compression named = named_file ? compression_of_name(name_) : Compression::None;
  if (named != Compression::None && named != compression_) {
    const std::string found = magic.empty() ? std::string("it is empty")
                              : compression_ == Compression::None
                                  ? "its first bytes are " + io::quoted(magic)
                                  : std::string("it is ") + compression_name(compression_) + "-compressed";
    throw Error(name_ + ": the name says " + compression_name(named) + "-compressed, but " + found +
                "; rename the file to what it holds");
  }
  raw_.reset(std::move(magic), &raw);
  std::streambuf* content = &raw_;
  if (compression_ != Compression::None) {
    inflate_ = std::make_unique<DecompressingBuf>(
        raw_, compression_, name_, DecompressionLimit{controls_.max_decompressed_bytes, compressed_bytes});
    content = inflate_.get();
  }
  std::string head = read_up_to(*content, kContentSampleBytes);
  const bool whole = head.size() < kContentSampleBytes ||
                     content->sgetc() == std::streambuf::traits_type::eof();
  content_.reset(std::move(head), content, &controls_.job);
  sample_ = content_sample_of(content_.held(), whole);
  if (whole) content_bytes_ = static_cast<std::int64_t>(content_.held().size());
  rdbuf(&content_);
  // A decompression error thrown inside the buffer reaches the reader with its message,
  // instead of turning into a bare failbit.
  exceptions(std::ios::badbit);
}

std::unique_ptr<InputStream> open_input_file(const std::string& path, const InputControls& controls) {
  return std::make_unique<InputStream>(path, controls);
}

std::unique_ptr<InputStream> open_standard_input(const InputControls& controls) {
  return std::make_unique<InputStream>(*std::cin.rdbuf(), "standard input", controls);
}

std::unique_ptr<InputStream> open_input(const std::string& path_or_dash, const InputControls& controls) {
  return path_or_dash == "-" ? open_standard_input(controls) : open_input_file(path_or_dash, controls);
}

std::int64_t known_content_bytes(const std::istream& in) {
  const auto* input = dynamic_cast<const InputStream*>(&in);
  return input ? input->content_bytes() : -1;
}

}  // namespace pathscope::io
