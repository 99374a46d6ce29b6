// p-values of correlation coefficients through Student's t and the regularised incomplete
// beta function, and the inverse used to turn --max-p into a |rho| cut-off.
#include <cmath>
#include <limits>
#include <string>

#include "pathscope/correlate/correlate.hpp"
#include "pathscope/correlate/detail/incomplete_beta.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

double regularized_incomplete_beta(double x, double a, double b) {
  if (!(a > 0) || !(b > 0) || !(x >= 0) || !(x <= 1)) throw Error("incomplete beta: arguments out of range");
  const double value = detail::incomplete_beta(x, a, b);
  if (std::isnan(value))
    throw Error("the incomplete beta function did not converge (a=" + std::to_string(a) + ", b=" + std::to_string(b) +
                ", x=" + std::to_string(x) + ")");
  return value;
}

double student_t_two_sided_p(double t, double df) {
  if (!(df > 0)) throw Error("Student's t needs positive degrees of freedom");
  if (std::isinf(t)) return 0;
  const double t2 = t * t;
  // P(|T| >= t) = I_{df/(df+t^2)}(df/2, 1/2); the form below keeps precision for large t.
  return regularized_incomplete_beta(df / (df + t2), df / 2, 0.5);
}

double correlation_p_value(double rho, std::int64_t samples) {
  if (samples < 3) throw Error("a p-value needs at least 3 columns, the table has " + std::to_string(samples));
  const double p = detail::correlation_p(rho, static_cast<double>(samples));
  if (std::isnan(p)) return regularized_incomplete_beta(1 - rho * rho, (samples - 2) / 2.0, 0.5);  // throws
  return p;
}

double rho_cutoff_for_p(double max_p, std::int64_t samples) {
  // p = 0 only for |rho| = 1, so a limit of 0 would keep nothing a person asked for.
  if (!(max_p > 0) || !(max_p <= 1)) throw Error("--max-p must lie in (0, 1]");
  if (samples < 3)
    throw Error("--max-p needs p-values, and a p-value needs at least 3 samples (value columns); the table has " +
                std::to_string(samples) + " (--min-abs-rho works with any number)");
  if (max_p >= 1) return 0;
  double low = 0, high = 1;  // p(low) > max_p >= p(high)
  while (high - low > 0x1p-52) {
    const double middle = 0.5 * (low + high);
    if (middle <= low || middle >= high) break;
    if (correlation_p_value(middle, samples) <= max_p)
      high = middle;
    else
      low = middle;
  }
  return high;
}

double combined_rho_cutoff(std::optional<double> max_p, std::optional<double> min_abs_rho, std::int64_t samples) {
  double cutoff = 0;
  if (min_abs_rho) {
    if (!(*min_abs_rho >= 0) || !(*min_abs_rho <= 1)) throw Error("--min-abs-rho must lie in [0, 1]");
    cutoff = *min_abs_rho;
  }
  if (max_p) cutoff = std::max(cutoff, rho_cutoff_for_p(*max_p, samples));
  return cutoff;
}

CorrelationMethod parse_correlation_method(const std::string& name) {
  if (name == "spearman") return CorrelationMethod::spearman;
  if (name == "pearson") return CorrelationMethod::pearson;
  throw Error("unknown correlation method '" + name + "' (spearman or pearson)");
}

const char* correlation_method_name(CorrelationMethod method) {
  return method == CorrelationMethod::spearman ? "spearman" : "pearson";
}

double survival_cutoff(double min_abs_rho) { return min_abs_rho > 0 ? std::max(0.0, min_abs_rho - 1e-12) : 0.0; }

}  // namespace pathscope
