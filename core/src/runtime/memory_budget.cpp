#include "pathscope/runtime/memory_budget.hpp"

#include <unistd.h>

#include <cctype>
#include <cmath>
#include <cstdio>

#include "pathscope/runtime/error.hpp"

namespace pathscope {

std::uint64_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page_size);
}

std::uint64_t default_memory_budget() {
  const std::uint64_t ram = physical_memory_bytes();
  // The rest is left to the OS, the file cache, the GUI and the graph itself.
  return ram ? ram / 10 * 6 : (std::uint64_t{4} << 30);
}

void require_within_budget(std::uint64_t need, std::uint64_t budget, const std::string& what) {
  if (need > budget)
    throw OverBudget(what + " needs " + format_bytes(need) + ", more than the memory budget of " +
                     format_bytes(budget));
}

std::string format_bytes(std::uint64_t bytes) {
  static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024 && u < 5) {
    v /= 1024;
    ++u;
  }
  char buf[32];
  if (u == 0)
    std::snprintf(buf, sizeof buf, "%llu B", static_cast<unsigned long long>(bytes));
  else
    std::snprintf(buf, sizeof buf, v < 10 ? "%.2f %s" : v < 100 ? "%.1f %s" : "%.0f %s", v, units[u]);
  return buf;
}

std::uint64_t parse_bytes(const std::string& text) {
  std::size_t pos = 0;
  double value = 0;
  try {
    value = std::stod(text, &pos);
  } catch (const std::exception&) {
    throw Error("'" + text + "' is not a size (examples: 2GiB, 512MiB, 1.5G, 1000000)");
  }
  std::string unit;
  for (std::size_t i = pos; i < text.size(); ++i)
    if (!std::isspace(static_cast<unsigned char>(text[i]))) unit += static_cast<char>(std::tolower(text[i]));
  double scale = 1;
  if (unit.empty() || unit == "b") scale = 1;
  else if (unit == "k" || unit == "kib" || unit == "kb") scale = 1024.0;
  else if (unit == "m" || unit == "mib" || unit == "mb") scale = 1024.0 * 1024;
  else if (unit == "g" || unit == "gib" || unit == "gb") scale = 1024.0 * 1024 * 1024;
  else if (unit == "t" || unit == "tib" || unit == "tb") scale = 1024.0 * 1024 * 1024 * 1024;
  else throw Error("'" + text + "' has an unknown unit (use B, KiB, MiB, GiB or TiB)");
  if (!(value >= 0) || !std::isfinite(value)) throw Error("'" + text + "' is not a valid size");
  // llround of a value past 2^63 is undefined; no machine has that much memory anyway.
  if (value * scale >= 0x1p63) throw Error("'" + text + "' is larger than any memory");
  return static_cast<std::uint64_t>(std::llround(value * scale));
}

}  // namespace pathscope
