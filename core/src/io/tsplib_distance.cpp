// TSPLIB95's distance functions, rounding included: published optima are computed with
// exactly these rules, so any deviation shows up as a wrong tour length.
#include <algorithm>
#include <cmath>
#include <limits>

#include "pathscope/io/tsplib.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

namespace {

// TSPLIB's nint: round half up, on values known to be non-negative.
// Saturates instead of overflowing for distances beyond int32 (only possible from callers
// outside the reader, which bounds coordinates).
std::int32_t nint(double x) {
  constexpr double kMax = std::numeric_limits<std::int32_t>::max();
  return x + 0.5 >= kMax ? std::numeric_limits<std::int32_t>::max() : static_cast<std::int32_t>(x + 0.5);
}

// GEO coordinates are DDD.MM, degrees and minutes, truncated to whole degrees first.
double geo_radians(double value) {
  constexpr double kPi = 3.141592;  // TSPLIB's own value, not M_PI
  const double degrees = std::trunc(value);
  const double minutes = value - degrees;
  return kPi * (degrees + 5.0 * minutes / 3.0) / 180.0;
}

}  // namespace

std::int32_t tsplib_distance(const std::string& type, const double* a, const double* b) {
  const double dx = a[0] - b[0], dy = a[1] - b[1];
  if (type == "EUC_2D") return nint(std::sqrt(dx * dx + dy * dy));
  if (type == "CEIL_2D") return nint(std::ceil(std::sqrt(dx * dx + dy * dy)) - 0.5);
  if (type == "EUC_3D") {
    const double dz = a[2] - b[2];
    return nint(std::sqrt(dx * dx + dy * dy + dz * dz));
  }
  if (type == "MAN_2D") return nint(std::fabs(dx) + std::fabs(dy));
  if (type == "MAN_3D") return nint(std::fabs(dx) + std::fabs(dy) + std::fabs(a[2] - b[2]));
  if (type == "MAX_2D") return std::max(nint(std::fabs(dx)), nint(std::fabs(dy)));
  if (type == "MAX_3D") return std::max({nint(std::fabs(dx)), nint(std::fabs(dy)), nint(std::fabs(a[2] - b[2]))});
  if (type == "ATT") {
    // Pseudo-Euclidean: the distance is rounded up whenever nint rounded it down.
    const double r = std::sqrt((dx * dx + dy * dy) / 10.0);
    const std::int32_t t = nint(r);
    return t < r ? t + 1 : t;
  }
  if (type == "GEO") {
    constexpr double kEarthRadius = 6378.388;
    const double lat_a = geo_radians(a[0]), lon_a = geo_radians(a[1]);
    const double lat_b = geo_radians(b[0]), lon_b = geo_radians(b[1]);
    const double q1 = std::cos(lon_a - lon_b), q2 = std::cos(lat_a - lat_b), q3 = std::cos(lat_a + lat_b);
    // Clamped only against rounding just outside acos's domain, which would give NaN.
    const double arg = std::clamp(0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3), -1.0, 1.0);
    return static_cast<std::int32_t>(kEarthRadius * std::acos(arg) + 1.0);
  }
  throw Error("unsupported TSPLIB EDGE_WEIGHT_TYPE '" + type + "'");
}

std::int64_t TsplibInstance::tour_length(const std::vector<std::int32_t>& tour) const {
  std::int64_t total = 0;
  for (std::size_t i = 0; i < tour.size(); ++i) total += cost(tour[i], tour[(i + 1) % tour.size()]);
  return total;
}

}  // namespace pathscope
