#include "io/content_sample.hpp"

#include <string>

namespace pathscope::io {

SampleStream::Buf::Buf(std::string_view text) {
  char* begin = const_cast<char*>(text.data());  // read only: no put area is ever set
  setg(begin, begin, begin + text.size());
}

SampleStream::Buf::pos_type SampleStream::Buf::seekoff(off_type offset, std::ios_base::seekdir dir,
                                                       std::ios_base::openmode) {
  const off_type base = dir == std::ios_base::beg ? 0 : dir == std::ios_base::cur ? gptr() - eback() : egptr() - eback();
  const off_type target = base + offset;
  if (target < 0 || target > egptr() - eback()) return pos_type(off_type(-1));
  setg(eback(), eback() + target, egptr());
  return pos_type(target);
}

SampleStream::Buf::pos_type SampleStream::Buf::seekpos(pos_type position, std::ios_base::openmode mode) {
  return seekoff(off_type(position), std::ios_base::beg, mode);
}

SampleStream::SampleStream(ContentSample sample) : std::istream(nullptr), buf_(sample.text), whole_(sample.whole) {
  rdbuf(&buf_);
}

bool is_whole_input(const std::istream& in) {
  const auto* sample = dynamic_cast<const SampleStream*>(&in);
  return !sample || sample->whole_;
}

ContentSample content_sample_of(std::string_view text, bool whole) {
  if (!whole) {
    const auto last_newline = text.rfind('\n');
    if (last_newline != std::string_view::npos) text = text.substr(0, last_newline + 1);
  }
  return {text, whole};
}

ContentSample read_content_sample(std::istream& in, std::string& storage) {
  storage.resize(kContentSampleBytes);
  in.read(storage.data(), static_cast<std::streamsize>(storage.size()));
  storage.resize(static_cast<std::size_t>(in.gcount()));
  const bool whole = storage.size() < kContentSampleBytes || in.peek() == std::istream::traits_type::eof();
  in.clear();
  return content_sample_of(storage, whole);
}

}  // namespace pathscope::io
