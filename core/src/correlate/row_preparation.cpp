#include "pathscope/correlate/detail/row_preparation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/memory_budget.hpp"

namespace pathscope::correlate {
namespace {

constexpr std::size_t kExamplesPerKind = 10;

int round_up(int value, int multiple) { return (value + multiple - 1) / multiple * multiple; }

}  // namespace

RowProblem row_problem(const double* x, int m) {
  for (int k = 0; k < m; ++k)
    if (std::isnan(x[k])) return RowProblem::missing;
  for (int k = 1; k < m; ++k)
    if (x[k] != x[0]) return RowProblem::none;
  return RowProblem::constant;
}

void twice_centred_midranks(const double* x, int m, std::vector<int>& order, int* out) {
  order.resize(m);
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [x](int a, int b) { return x[a] < x[b]; });
  for (int start = 0; start < m;) {
    int end = start + 1;
    while (end < m && x[order[end]] == x[order[start]]) ++end;
    // 1-based ranks start+1..end share their mean (start+1+end)/2; twice that minus (m+1).
    const int twice_centred = start + 1 + end - (m + 1);
    for (int k = start; k < end; ++k) out[order[k]] = twice_centred;
    start = end;
  }
}

bool uses_exact_integers(CorrelationMethod method, int m) { return method == CorrelationMethod::spearman && m <= 127; }

const char* arithmetic_name(CorrelationMethod method, int m, bool gpu) {
  if (uses_exact_integers(method, m)) return gpu ? "int8 tensor cores, exact" : "integers in float, exact";
  return "float";
}

void check_row_count(std::int64_t rows) {
  if (rows >= std::numeric_limits<std::int32_t>::max() - 1024)
    throw Error("the table has " + std::to_string(rows) + " usable rows; at most 2^31 - 1025 are supported");
}

void admit_rows(const TableChunk& chunk, RowCatalog& catalog, std::vector<std::int64_t>& used) {
  used.clear();
  const std::int64_t rows = chunk.rows();
  // Testing the rows is the only per-value work here: on all cores, since the loaders around it
  // are parallel and a 10-million-row table spent a third of a second in this loop on one.
  std::vector<RowProblem> problems(static_cast<std::size_t>(rows));
  std::int64_t refused = 0;
#pragma omp parallel for schedule(static) reduction(+ : refused)
  for (std::int64_t r = 0; r < rows; ++r) {
    problems[static_cast<std::size_t>(r)] = row_problem(chunk.row(r), chunk.columns);
    refused += problems[static_cast<std::size_t>(r)] != RowProblem::none;
  }
  if (refused == 0) {  // the usual chunk: every row, in order, without a branch a row
    used.resize(static_cast<std::size_t>(rows));
    std::iota(used.begin(), used.end(), std::int64_t{0});
    const std::size_t before = catalog.table_row.size();
    catalog.table_row.resize(before + static_cast<std::size_t>(rows));
    std::iota(catalog.table_row.begin() + static_cast<std::ptrdiff_t>(before), catalog.table_row.end(), chunk.first_row);
    if (catalog.has_names)
      catalog.names.insert(catalog.names.end(), chunk.row_names.begin(), chunk.row_names.begin() + rows);
  } else {
    for (std::int64_t r = 0; r < rows; ++r) {
      const RowProblem problem = problems[static_cast<std::size_t>(r)];
      const std::int64_t table_row = chunk.first_row + r;
      if (problem == RowProblem::none) {
        used.push_back(r);
        catalog.table_row.push_back(table_row);
        if (catalog.has_names) catalog.names.push_back(chunk.row_names[r]);
        continue;
      }
      auto& count = problem == RowProblem::missing ? catalog.skipped_missing : catalog.skipped_constant;
      if (static_cast<std::size_t>(count) < kExamplesPerKind)
        catalog.skipped_examples.push_back({table_row, chunk.lines.empty() ? 0 : chunk.lines[r],
                                            chunk.row_names.empty() ? std::string() : chunk.row_names[r],
                                            problem == RowProblem::missing ? "missing value" : "constant"});
      ++count;
    }
  }
  catalog.rows_read += rows;
  check_row_count(catalog.used());
}

PreparedRows prepare_rows(RowSource& source, const CorrelateOptions& options, int stride_multiple, int rows_multiple,
                          RowCatalog& catalog, const JobContext& job) {
  const CorrelationMethod method = options.method;
  const int threads = effective_threads(options);
  const TableLayout& layout = source.layout();
  const int m = layout.columns();
  catalog = RowCatalog{};
  catalog.samples = m;
  catalog.has_names = layout.has_row_names;
  PreparedRows prepared;
  prepared.samples = m;
  prepared.stride = round_up(std::max(m, 1), stride_multiple);
  prepared.exact = uses_exact_integers(method, m);
  // Per row: its values, both scales and its catalog entry. Checked against the row count the
  // source announces, and again before each chunk is kept, for sources that announce none.
  const std::uint64_t budget = effective_memory_budget(options);
  auto require_room_for = [&](std::int64_t rows) {
    require_within_budget(static_cast<std::uint64_t>(rows) * (prepared.stride * sizeof(float) + 12 + 8), budget,
                          "the ranked rows");
  };
  if (const auto hint = source.row_count_hint(); hint > 0) {
    check_row_count(hint);
    require_room_for(hint);
    prepared.values.reserve(static_cast<std::size_t>(hint) * prepared.stride);
  }

  std::vector<std::int64_t> used;
  std::vector<float> chunk_values;
  std::vector<double> chunk_scale;
  for (TableChunk chunk; source.next(chunk);) {
    job.check_cancel();
    admit_rows(chunk, catalog, used);
    const auto count = static_cast<std::int64_t>(used.size());
    require_room_for(catalog.used());
    chunk_values.assign(static_cast<std::size_t>(count) * prepared.stride, 0.0f);
    chunk_scale.assign(static_cast<std::size_t>(count), 1.0);
#pragma omp parallel num_threads(threads)
    {
      std::vector<int> order, ranks(m);
      std::vector<double> centred(m);
#pragma omp for schedule(static)
      for (std::int64_t u = 0; u < count; ++u) {
        const double* x = chunk.row(used[u]);
        float* out = chunk_values.data() + u * prepared.stride;
        if (method == CorrelationMethod::spearman) {
          twice_centred_midranks(x, m, order, ranks.data());
          for (int k = 0; k < m; ++k) centred[k] = ranks[k];
        } else {
          double mean = 0;
          for (int k = 0; k < m; ++k) mean += x[k];
          mean /= m;
          for (int k = 0; k < m; ++k) centred[k] = x[k] - mean;
        }
        double squares = 0;
        for (int k = 0; k < m; ++k) squares += centred[k] * centred[k];
        if (prepared.exact) {
          for (int k = 0; k < m; ++k) out[k] = static_cast<float>(centred[k]);
          chunk_scale[u] = 1 / std::sqrt(squares);
        } else {
          const double norm = std::sqrt(squares);
          for (int k = 0; k < m; ++k) out[k] = static_cast<float>(centred[k] / norm);
        }
      }
    }
    prepared.values.insert(prepared.values.end(), chunk_values.begin(), chunk_values.end());
    prepared.scale.insert(prepared.scale.end(), chunk_scale.begin(), chunk_scale.end());
  }
  prepared.rows = catalog.used();
  const int padded = round_up(std::max(prepared.rows, 1), rows_multiple);
  prepared.values.resize(static_cast<std::size_t>(padded) * prepared.stride, 0.0f);
  prepared.scale.resize(padded, 0.0);
  prepared.scale_f.resize(padded);
  for (int r = 0; r < padded; ++r) prepared.scale_f[r] = static_cast<float>(prepared.scale[r]);
  return prepared;
}

}  // namespace pathscope::correlate
