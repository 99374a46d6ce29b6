#pragma once
// From table rows to the vectors whose dot products are the coefficients. Shared by the CPU
// engines and the host side of the GPU engine, so every engine applies the same row rule.
#include <cstdint>
#include <vector>

#include "pathscope/correlate/correlate.hpp"

namespace pathscope::correlate {

enum class RowProblem { none, missing, constant };
RowProblem row_problem(const double* x, int m);

// Twice the centred mid-rank of each value: 2*rank - (m+1), where tied values share the mean
// of their ranks. The result is an integer in [-(m-1), m-1], which is what makes the int8
// product exact. `order` is scratch.
void twice_centred_midranks(const double* x, int m, std::vector<int>& order, int* out);

// Spearman with m <= 127: the GPU multiplies int8 exactly; the CPU multiplies the same
// integers held in float, also exactly (every partial sum stays below 2^24).
bool uses_exact_integers(CorrelationMethod method, int m);
const char* arithmetic_name(CorrelationMethod method, int m, bool gpu);

// Applies the row rule to a chunk: records used rows in the catalog and returns the chunk
// indices of the rows to use.
void admit_rows(const TableChunk& chunk, RowCatalog& catalog, std::vector<std::int64_t>& used);

// rho(i, j) = double(dot(values_i, values_j)) * scale[i] * scale[j], clamped to [-1, 1].
// Exact path: values are twice-centred mid-ranks and scale = 1/sqrt(sum of their squares).
// Float path: values are the centred row divided by its norm and scale = 1.
struct PreparedRows {
  std::int32_t samples = 0;
  std::int32_t stride = 0;  // values per row, samples padded with zeros
  bool exact = false;
  std::int32_t rows = 0;
  std::vector<float> values;
  std::vector<double> scale;
  std::vector<float> scale_f;  // float copy for the cheap first test against the cut-off
};

// Reads the whole source, keeping only the prepared rows (never the raw table).
// rows_multiple: the row count is padded with zero rows to a multiple of it.
// Uses options.method, ranks on options.threads and refuses (OverBudget) rows that would not
// fit effective_memory_budget(options).
PreparedRows prepare_rows(RowSource& source, const CorrelateOptions& options, int stride_multiple, int rows_multiple,
                          RowCatalog& catalog, const JobContext& job);

// The cut-off as the engines test it: a float pre-test a little below the exact one.
inline float loose_cutoff(double cutoff) { return cutoff > 0 ? static_cast<float>(cutoff) - 1e-5f : -1.0f; }

inline double exact_rho(double dot, double scale_i, double scale_j) {
  const double rho = dot * scale_i * scale_j;
  return rho > 1 ? 1 : (rho < -1 ? -1 : rho);
}

// The check every engine makes before allocating per-row storage.
void check_row_count(std::int64_t rows);

}  // namespace pathscope::correlate
