#pragma once
// The numeric options of the GUI programs and the ranges they accept: one home, read by the
// parsers (pathscope, pathscope-demo), their --help texts and the demo's panel, so that what
// the help promises is what is refused.
#include <sstream>
#include <string>

namespace pathscope {

template <typename T>
struct OptionRange {
  T low, high;
  bool contains(T value) const { return low <= value && value <= high; }
  // "2..24", as the help texts write it.
  std::string text() const {
    std::ostringstream out;  // shortest form: "0.5..4", not "0.500000..4.000000"
    out << low << ".." << high;
    return out.str();
  }
};

// --bench-frames N (both programs).
inline constexpr OptionRange<int> kBenchFramesRange{1, 100000};
// --stops K of the demo's tour race: Held-Karp's table grows as 2^K, and 24 still fits a
// laptop's memory and a talk's patience.
inline constexpr OptionRange<int> kTourStopsRange{2, 24};
// Each side of a picture: the explorer's --size (PNG export) and File › Export View.
inline constexpr OptionRange<int> kImageSideRange{16, 16384};
// Each side of the demo's frame (--size): its panels need 64 pixels, its GL target 8192 at most.
inline constexpr OptionRange<int> kDemoFrameSideRange{64, 8192};
// The demo's --ui-scale; 0 (the default) means the monitor's content scale.
inline constexpr OptionRange<double> kUiScaleRange{0.5, 4.0};
// The demo's --min-abs-rho: a correlation's absolute value.
inline constexpr OptionRange<double> kMinAbsRhoRange{0.0, 1.0};

}  // namespace pathscope
