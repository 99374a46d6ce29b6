// File › Correlation Network from Table, driven through its dialog: a fresh random table of
// awkward size (tied values, a constant row) is correlated in the background, and the network
// the explorer then shows must hold exactly the pairs a brute-force Spearman or Pearson written
// here keeps, with their names, costs (1/|rho|) and strengths (rho); the timing panel lists the
// run with its rate, and the status bar says what made the graph.
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "explorer_fixture.hpp"
#include "correlation_network.hpp"
#include "main_window.hpp"

using pathscope::qt::MainWindow;

namespace {

using test_support::wait_for;

std::vector<double> mid_ranks(const std::vector<double>& v) {
  std::vector<std::size_t> order(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  std::vector<double> rank(v.size());
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
    for (std::size_t k = i; k <= j; ++k) rank[order[k]] = (static_cast<double>(i + j) / 2) + 1;
    i = j + 1;
  }
  return rank;
}

double pearson(const std::vector<double>& x, const std::vector<double>& y) {
  const double m = static_cast<double>(x.size());
  double mx = 0, my = 0;
  for (std::size_t c = 0; c < x.size(); ++c) mx += x[c], my += y[c];
  mx /= m, my /= m;
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t c = 0; c < x.size(); ++c) {
    sxy += (x[c] - mx) * (y[c] - my);
    sxx += (x[c] - mx) * (x[c] - mx);
    syy += (y[c] - my) * (y[c] - my);
  }
  return sxy / std::sqrt(sxx * syy);
}

struct RandomTable {
  std::vector<std::string> names;
  std::vector<std::vector<double>> rows;
};

// Rows driven by a few shared factors plus noise, so that some pairs pass a high cut-off;
// whole numbers on a few levels for Spearman (ties, mid-ranks), fine decimals for Pearson;
// one row is constant (no coefficient: skipped, not a node).
RandomTable make_table(std::mt19937_64& rng, bool ties) {
  std::uniform_int_distribution<int> row_count(37, 61), col_count(9, 14), factor_count(2, 4);
  std::normal_distribution<double> normal;
  const int rows = row_count(rng), cols = col_count(rng), factors = factor_count(rng);
  std::vector<std::vector<double>> factor(factors, std::vector<double>(cols));
  for (auto& f : factor)
    for (auto& v : f) v = normal(rng);
  RandomTable t;
  const int constant_row = std::uniform_int_distribution<int>(0, rows - 1)(rng);
  for (int r = 0; r < rows; ++r) {
    t.names.push_back("g" + std::to_string(r) + (r % 3 ? "" : "_x"));
    const int k = std::uniform_int_distribution<int>(0, factors - 1)(rng);
    const double noise = std::uniform_real_distribution<double>(0.1, 1.2)(rng);
    const double sign = rng() % 4 == 0 ? -1 : 1;
    std::vector<double> row(cols);
    for (int c = 0; c < cols; ++c) {
      const double v = sign * factor[k][c] + noise * normal(rng);
      row[c] = r == constant_row ? 3 : ties ? std::round(2 * v) : std::round(v * 1e6) / 1e6;
    }
    t.rows.push_back(row);
  }
  return t;
}

void write_table(const RandomTable& t, const QString& file) {
  std::FILE* f = std::fopen(file.toLocal8Bit().constData(), "w");
  QVERIFY(f);
  std::fprintf(f, "gene");
  for (std::size_t c = 0; c < t.rows[0].size(); ++c) std::fprintf(f, "\ts%zu", c + 1);
  std::fprintf(f, "\n");
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    std::fprintf(f, "%s", t.names[r].c_str());
    for (double v : t.rows[r]) std::fprintf(f, "\t%.17g", v);
    std::fprintf(f, "\n");
  }
  QCOMPARE(std::fclose(f), 0);
}

using PairKey = std::pair<std::string, std::string>;  // names, the smaller first

PairKey key(std::string a, std::string b) { return a < b ? PairKey{a, b} : PairKey{b, a}; }

}  // namespace

class ExplorerCorrelationTest : public QObject {
  Q_OBJECT

 private Q_SLOTS:
  void network_equals_brute_force_data() {
    QTest::addColumn<QString>("method");
    QTest::newRow("spearman") << QStringLiteral("spearman");
    QTest::newRow("pearson") << QStringLiteral("pearson");
  }

  void network_equals_brute_force() {
    QFETCH(QString, method);
    const bool spearman = method == QLatin1String("spearman");
    const auto seed = std::random_device{}();
    qInfo("seed %u", seed);
    std::mt19937_64 rng(seed);
    const RandomTable table = make_table(rng, spearman);
    const double cutoff = std::uniform_real_distribution<double>(0.6, 0.85)(rng);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("expression.tsv"));
    write_table(table, file);

    // The reference: every pair of non-constant rows, |rho| against the cut-off with the
    // engines' allowance for a coefficient equal to it (survival_cutoff's 1e-12).
    std::vector<std::vector<double>> values;
    std::vector<std::string> used;
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
      const auto& row = table.rows[r];
      if (std::all_of(row.begin(), row.end(), [&](double v) { return v == row[0]; })) continue;
      values.push_back(spearman ? mid_ranks(row) : row);
      used.push_back(table.names[r]);
    }
    std::map<PairKey, double> expected;
    for (std::size_t i = 0; i < values.size(); ++i)
      for (std::size_t j = i + 1; j < values.size(); ++j) {
        const double rho = pearson(values[i], values[j]);
        if (std::fabs(rho) >= cutoff - 1e-12) expected[key(used[i], used[j])] = rho;
      }
    QVERIFY2(!expected.empty(), "the random table should give some strong pairs");

    MainWindow window;
    window.set_apsp_engine(QString());  // the network's own timings only
    window.resize(1000, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    // The dialog's fields make the request the window runs.
    pathscope::qt::CorrelationDialog dialog(&window);
    dialog.findChild<QLineEdit*>(QStringLiteral("correlationTable"))->setText(file);
    dialog.findChild<QComboBox*>(QStringLiteral("correlationMethod"))->setCurrentText(method);
    dialog.findChild<QDoubleSpinBox*>(QStringLiteral("correlationMinAbsRho"))->setDecimals(6);
    dialog.findChild<QDoubleSpinBox*>(QStringLiteral("correlationMinAbsRho"))->setValue(cutoff);
    auto* gpu = dialog.findChild<QCheckBox*>(QStringLiteral("correlationWithGpu"));
    QVERIFY(gpu);
    QCOMPARE(gpu->isEnabled(), pathscope::qt::gpu_correlation_unavailable_reason().isEmpty());
    if (!gpu->isEnabled()) QVERIFY(!gpu->toolTip().isEmpty());  // greyed, saying why
    const auto request = dialog.request();
    QCOMPARE(request.table, file);
    QCOMPARE(request.method, method);
    QVERIFY(!request.max_p);

    QSignalSpy ready(&window, &MainWindow::correlation_ready);
    QSignalSpy failed(&window, &MainWindow::load_failed);
    window.set_scripted(true);  // an error ends the wait with its text, no modal box
    QSignalSpy script_failed(&window, &MainWindow::script_failed);
    window.start_correlation(request);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() > 0 || script_failed.count() > 0, 120000);
    QVERIFY2(script_failed.isEmpty(), script_failed.isEmpty() ? "" : qPrintable(script_failed.first().first().toString()));
    QVERIFY(failed.isEmpty());

    // The network: nodes = the used rows by name, one edge per expected pair.
    const auto& g = window.session()->graph();
    QCOMPARE(g.n, static_cast<std::int32_t>(used.size()));
    QVERIFY(!g.directed);
    for (std::int32_t u = 0; u < g.n; ++u) QCOMPARE(g.label(u), used[u]);
    QVERIFY(g.has_arc_strengths());
    std::map<PairKey, double> found;
    for (std::int32_t u = 0; u < g.n; ++u)
      for (auto a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
        const std::int32_t v = g.heads[a];
        const double rho = g.arc_strengths[a];
        QVERIFY2(std::fabs(g.weights[a] - 1 / std::fabs(rho)) <= 1e-9 * g.weights[a], "cost = 1/|rho|");
        if (u < v) found[key(g.label(u), g.label(v))] = rho;
      }
    QCOMPARE(found.size(), expected.size());
    for (const auto& [pair, rho] : expected) {
      const auto it = found.find(pair);
      QVERIFY2(it != found.end(), qPrintable(QStringLiteral("missing %1 - %2").arg(
                                      QString::fromStdString(pair.first), QString::fromStdString(pair.second))));
      QVERIFY2(std::fabs(it->second - rho) <= 1e-6, "strength = rho");
    }

    // The timing panel: a correlation row per engine that ran, with its like-for-like rate.
    const auto* panel = window.timing_panel()->table();
    int correlation_rows = 0;
    for (int r = 0; r < panel->rowCount(); ++r) {
      if (!panel->item(r, 6) || panel->item(r, 6)->text() != QLatin1String("correlation")) continue;
      ++correlation_rows;
      const QString rate = panel->item(r, 5)->text();
      QVERIFY2(rate.endsWith(QLatin1String(" row pairs/s")), qPrintable(rate));
      QVERIFY2(rate.split(QLatin1Char(' ')).first().toDouble() > 0, qPrintable(rate));
      QVERIFY(panel->item(r, 0)->text() == QLatin1String("cpu") || panel->item(r, 0)->text() == QLatin1String("gpu"));
    }
    QCOMPARE(correlation_rows, request.with_gpu ? 2 : 1);
    QVERIFY2(window.status_text().contains(method + QStringLiteral(" network of expression.tsv")),
             qPrintable(window.status_text()));
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(ExplorerCorrelationTest)

#include "test_explorer_correlation.moc"
