#include "io/node_interner.hpp"

#include <algorithm>
#include <functional>

#include <sys/mman.h>

#include "io/text_fields.hpp"

namespace pathscope::io {

namespace {

std::uint32_t mix(std::uint64_t x) {  // splitmix64's finaliser: spreads sequential ids
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  x ^= x >> 31;
  return static_cast<std::uint32_t>(x);
}

}  // namespace

namespace {

// Large tables on 2 MiB pages where the system allows (advice only): a lookup lands on a random
// slot, and with 4 KiB pages each one also missed the TLB once the table outgrew the caches.
void advise_huge_pages(void* data, std::size_t bytes) {
#ifdef MADV_HUGEPAGE
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  const auto begin = (reinterpret_cast<std::uintptr_t>(data) + kHuge - 1) & ~(kHuge - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(kHuge - 1);
  if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
  (void)data, (void)bytes;
#endif
}

}  // namespace

void NodeInterner::grow() {
  const std::size_t capacity = slots_.empty() ? 1024 : slots_.size() * 2;
  std::vector<std::uint64_t> old;
  old.reserve(capacity);  // advised before its pages are first touched
  advise_huge_pages(old.data(), capacity * sizeof(std::uint64_t));
  old.resize(capacity, 0);
  old.swap(slots_);
  const std::size_t mask = capacity - 1;
  for (const std::uint64_t slot : old) {
    if (slot == 0) continue;
    std::size_t at = static_cast<std::size_t>(slot >> 32) & mask;
    while (slots_[at] != 0) at = (at + 1) & mask;
    slots_[at] = slot;
  }
}

namespace {

// A key is a number only when written the one way that number prints: "007", "+7" and "-0"
// are names of their own, so two keys that merely read as the same number stay two nodes.
bool is_canonical_integer(std::string_view key) {
  std::string_view digits = key;
  if (!digits.empty() && digits.front() == '-') digits.remove_prefix(1);
  if (digits.empty() || (digits.front() == '0' && (digits.size() > 1 || digits.size() < key.size()))) return false;
  for (const char c : digits) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

}  // namespace

std::int32_t NodeInterner::lookup(std::string_view key, bool add, std::int64_t max_nodes) {
  key = trim(key);
  return lookup(is_canonical_integer(key) ? to_int64(key) : std::nullopt, key, add, max_nodes);
}

std::int32_t NodeInterner::lookup(std::optional<std::int64_t> number, std::string_view key, bool add,
                                  std::int64_t max_nodes) {
  std::int32_t* direct = nullptr;
  if (number && *number >= 0) {
    const auto wanted = static_cast<std::size_t>(*number) + 1;
    if (add && wanted > direct_.size() && wanted <= 4 * numbers_.size() + 4096) {
      direct_.resize(std::max(wanted, direct_.size() * 2), 0);
    }
    if (static_cast<std::size_t>(*number) < direct_.size()) {
      direct = &direct_[static_cast<std::size_t>(*number)];
      if (*direct > 0) return *direct - 1;
      // Not there: it may still be in the hashed slots, from before the range grew to it.
    }
  }
  const std::uint32_t hash = number ? mix(static_cast<std::uint64_t>(*number))
                                    : mix(std::hash<std::string_view>{}(key) ^ 0x9e3779b97f4a7c15ull);
  if (slots_.empty()) {
    if (!add) return -1;
    grow();
  }
  const std::size_t mask = slots_.size() - 1;
  std::size_t at = hash & mask;
  for (; slots_[at] != 0; at = (at + 1) & mask) {
    if (static_cast<std::uint32_t>(slots_[at] >> 32) != hash) continue;
    const auto index = static_cast<std::int32_t>((slots_[at] & 0xffffffffu) - 1);
    if (number ? name_of_[index] == kNumber && numbers_[index] == *number
               : name_of_[index] != kNumber && names_[name_of_[index]] == key) {
      return index;
    }
  }
  if (!add || static_cast<std::int64_t>(numbers_.size()) >= max_nodes) return -1;
  const auto index = static_cast<std::int32_t>(numbers_.size());
  numbers_.push_back(number.value_or(0));
  if (direct) {
    *direct = index + 1;
    name_of_.push_back(kNumber);
    return index;
  }
  if (number) {
    name_of_.push_back(kNumber);
  } else {
    name_of_.push_back(static_cast<std::uint32_t>(names_.size()));
    names_.emplace_back(key);
  }
  slots_[at] = (static_cast<std::uint64_t>(hash) << 32) | static_cast<std::uint64_t>(index + 1);
  // At most half full: probes stay short.
  if (numbers_.size() * 2 > slots_.size()) grow();
  return index;
}

std::int32_t NodeInterner::intern(std::string_view key, std::int64_t max_nodes) { return lookup(key, true, max_nodes); }

std::int32_t NodeInterner::find(std::string_view key) const {
  return const_cast<NodeInterner*>(this)->lookup(key, false, 0);
}

std::int32_t NodeInterner::find_number(std::int64_t key) const {
  return const_cast<NodeInterner*>(this)->lookup(key, {}, false, 0);
}

std::int32_t NodeInterner::find_text(std::string_view key) const {
  return const_cast<NodeInterner*>(this)->lookup(std::nullopt, key, false, 0);
}

std::string NodeInterner::key_text(std::int32_t index) const {
  return name_of_[index] == kNumber ? std::to_string(numbers_[index]) : names_[name_of_[index]];
}

void NodeInterner::label_graph(Graph& g) const {
  if (all_integers()) {
    g.ids = numbers_;
    return;
  }
  g.names.reserve(numbers_.size());
  for (std::size_t i = 0; i < numbers_.size(); ++i) {
    g.names.push_back(name_of_[i] == kNumber ? std::to_string(numbers_[i]) : names_[name_of_[i]]);
  }
}

}  // namespace pathscope::io
