#include <bit>
#include <string>
#include <utility>

#include "pathscope/apsp/detail/row_hash.hpp"
#include "pathscope/apsp/npy_writer.hpp"
#include "pathscope/closure/closure.hpp"
#include "pathscope/runtime/atomic_file.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope {

BitMatrix::BitMatrix(std::int32_t n)
    : n_(n), words_per_row_(words_for(n)), words_(static_cast<std::size_t>(n) * static_cast<std::size_t>(words_for(n)), 0) {
  if (n < 0) throw Error("a bit matrix needs a node count >= 0, got " + std::to_string(n));
}

BitMatrix::BitMatrix(std::int32_t n, ResultVector<std::uint64_t> words)
    : n_(n), words_per_row_(words_for(n)), words_(std::move(words)) {
  if (n < 0 || words_.size() != static_cast<std::size_t>(n) * static_cast<std::size_t>(words_per_row_))
    throw Error("a bit matrix of " + std::to_string(n) + " nodes needs " +
                std::to_string(static_cast<std::int64_t>(n) * words_per_row_) + " words, got " +
                std::to_string(words_.size()));
}

std::int64_t BitMatrix::row_count(std::int32_t i) const {
  std::int64_t count = 0;
  const std::uint64_t* r = row(i);
  for (std::int64_t w = 0; w < words_per_row_; ++w) count += std::popcount(r[w]);
  return count;
}

std::uint64_t closure_bytes(std::int64_t n) { return BitMatrix::bytes_for(n); }

void require_closure_within_budget(const Graph& g, const ClosureOptions& options) {
  require_within_budget(closure_bytes(g.n), effective_memory_budget(options),
                        "reachability closure of " + std::to_string(g.n) + " nodes");
}

bool closure_fits_budget(const Graph& g, const ClosureOptions& options) {
  return closure_bytes(g.n) <= effective_memory_budget(options);
}

std::uint64_t closure_checksum(const BitMatrix& r) {
  // Same mixing step as matrix_checksum(), over the packed words: rows carry no padding bits.
  using detail::row_hash_mix;
  std::uint64_t h = row_hash_mix(0xC105u, static_cast<std::uint64_t>(r.size()));
  for (std::uint64_t w : r.words()) h = row_hash_mix(h, w);
  return h;
}

void write_closure_npy(const std::string& path, const BitMatrix& r) {
  const std::string head = npy_preamble("<u8", r.size(), r.words_per_row());
  AtomicFile out(path);
  out.write(head);
  // The words are written as this machine holds them; '<u8' promises little-endian.
  static_assert(std::endian::native == std::endian::little, "the .npy writer assumes a little-endian host");
  out.write(r.words().data(), r.words().size() * sizeof(std::uint64_t));
  out.commit();
}

}  // namespace pathscope
