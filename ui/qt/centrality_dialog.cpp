#include "centrality_dialog.hpp"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QPushButton>
#include <QVBoxLayout>
#include <QStandardItemModel>
#include <algorithm>
#include <cmath>

#include "pathscope/runtime/engine.hpp"

namespace pathscope::qt {
namespace {

// Seconds per arc scanned by one thread and pass. BFS: sampled betweenness from 500 sources on a
// 20,000-neuron generated brain (987,514 arcs) took 15 s on two busy cores, about 15 ns; 10 ns
// for an idle machine. Dijkstra's heap taken as four times that. They only need to tell seconds
// from hours.
constexpr double kBfsArcSeconds = 10e-9, kDijkstraArcSeconds = 40e-9, kPageRankIterations = 50;

bool searches_every_source(CentralityMeasure m) {
  return m == CentralityMeasure::Betweenness || m == CentralityMeasure::Closeness || m == CentralityMeasure::Harmonic;
}

QString duration_text(double seconds) {
  if (seconds < 1) return QObject::tr("under a second");
  if (seconds < 120) return QObject::tr("about %1 s").arg(std::lround(seconds));
  if (seconds < 7200) return QObject::tr("about %1 min").arg(std::lround(seconds / 60));
  return QObject::tr("about %1 h").arg(std::lround(seconds / 3600));
}

}  // namespace

double estimated_cpu_seconds(const Graph& g, const CentralityRequest& request, int threads) {
  const double arcs = static_cast<double>(std::max<std::int64_t>(g.arc_count(), 1)) + g.n;
  const double per_arc = request.hops ? kBfsArcSeconds : kDijkstraArcSeconds;
  if (searches_every_source(request.measure)) {
    const bool sampled = request.measure == CentralityMeasure::Betweenness && request.samples > 0;
    const double sources = sampled ? std::min<double>(static_cast<double>(request.samples), g.n) : g.n;
    // Betweenness walks every arc twice per source (counting forward, dependencies back).
    const double passes = request.measure == CentralityMeasure::Betweenness ? 2 : 1;
    return sources * arcs * per_arc * passes / std::max(threads, 1);
  }
  if (request.measure == CentralityMeasure::PageRank) return kPageRankIterations * arcs * kBfsArcSeconds;
  return arcs * kBfsArcSeconds;
}

CentralityDialog::CentralityDialog(const Graph& g, const CentralityRequest& last, QWidget* parent)
    : QDialog(parent), graph_(g) {
  setObjectName(QStringLiteral("centralityDialog"));
  setWindowTitle(tr("Centrality"));
  measure_ = new QComboBox(this);
  measure_->setObjectName(QStringLiteral("centralityMeasure"));
  for (const auto m : all_centrality_measures()) {
    const auto name = centrality_measure_name(m);
    measure_->addItem(QString::fromUtf8(name.data(), static_cast<int>(name.size())), static_cast<int>(m));
  }
  measure_->setCurrentIndex(std::max(0, measure_->findData(static_cast<int>(last.measure))));
  costs_ = new QComboBox(this);
  costs_->setObjectName(QStringLiteral("centralityCosts"));
  costs_->addItem(tr("Hops (every arc costs 1)"));
  costs_->addItem(tr("The graph's costs"));
  costs_->setCurrentIndex(last.hops ? 0 : 1);
  sampled_ = new QCheckBox(tr("Sampled: from"), this);
  sampled_->setObjectName(QStringLiteral("centralitySampled"));
  samples_ = new QSpinBox(this);
  samples_->setObjectName(QStringLiteral("centralitySamples"));
  samples_->setRange(1, std::max(g.n, 1));
  samples_->setSuffix(tr(" sources"));
  samples_->setToolTip(tr("Betweenness from this many sources drawn at random, scaled to the whole graph; "
                          "the result states its error bound"));
  engine_ = new QComboBox(this);
  engine_->setObjectName(QStringLiteral("centralityEngine"));
  engine_->addItem(tr("CPU"), QStringLiteral("cpu"));
  engine_->addItem(tr("GPU"), QStringLiteral("gpu"));
  engine_->addItem(tr("Both, side by side"), QStringLiteral("both"));
  const std::string gpu_reason = make_centrality_engine("gpu")->unavailable_reason();
  if (!gpu_reason.empty()) {
    // Greyed, not hidden: the reason is what a person needs to see.
    auto* model = qobject_cast<QStandardItemModel*>(engine_->model());
    for (int row : {1, 2}) {
      model->item(row)->setEnabled(false);
      model->item(row)->setToolTip(QString::fromStdString(gpu_reason));
    }
    engine_->setToolTip(tr("GPU: %1").arg(QString::fromStdString(gpu_reason)));
  }
  const int engine_row = engine_->findData(QString::fromStdString(last.engine));
  engine_->setCurrentIndex(engine_row > 0 && !gpu_reason.empty() ? 0 : std::max(engine_row, 0));
  estimate_ = new QLabel(this);
  estimate_->setObjectName(QStringLiteral("centralityEstimate"));
  estimate_->setWordWrap(true);

  // Sampling proposed when exact would be long; a person's last choice otherwise.
  CentralityRequest exact = last;
  exact.samples = 0;
  const double exact_seconds = estimated_cpu_seconds(g, exact, effective_threads({}));
  const bool long_exact = exact.measure == CentralityMeasure::Betweenness && exact_seconds > kLongExactSeconds;
  std::int64_t proposed = last.samples;
  if (proposed <= 0) {
    proposed = long_exact ? static_cast<std::int64_t>(g.n * kSampledTargetSeconds / exact_seconds) : 1000;
  }
  samples_->setValue(static_cast<int>(std::clamp<std::int64_t>(proposed, std::min(100, g.n), std::max(g.n, 1))));
  sampled_->setChecked(last.samples > 0 || long_exact);

  auto* sampled_row = new QHBoxLayout;
  sampled_row->addWidget(sampled_);
  sampled_row->addWidget(samples_, 1);
  auto* form = new QFormLayout;
  form->addRow(tr("Measure:"), measure_);
  form->addRow(tr("Costs:"), costs_);
  form->addRow(tr("Betweenness:"), sampled_row);
  form->addRow(tr("Engine:"), engine_);
  form->addRow(estimate_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Compute"));
  buttons->button(QDialogButtonBox::Ok)->setObjectName(QStringLiteral("centralityCompute"));
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(buttons);
  for (auto* box : {measure_, costs_, engine_}) {
    connect(box, &QComboBox::currentIndexChanged, this, &CentralityDialog::update_estimate);
  }
  connect(sampled_, &QCheckBox::toggled, this, &CentralityDialog::update_estimate);
  connect(samples_, &QSpinBox::valueChanged, this, &CentralityDialog::update_estimate);
  update_estimate();
}

CentralityRequest CentralityDialog::request() const {
  CentralityRequest r;
  r.measure = static_cast<CentralityMeasure>(measure_->currentData().toInt());
  r.hops = costs_->currentIndex() == 0;
  r.samples = r.measure == CentralityMeasure::Betweenness && sampled_->isChecked() ? samples_->value() : 0;
  r.engine = engine_->currentData().toString().toStdString();
  return r;
}

void CentralityDialog::update_estimate() {
  const CentralityRequest r = request();
  const bool betweenness = r.measure == CentralityMeasure::Betweenness;
  sampled_->setEnabled(betweenness);
  samples_->setEnabled(betweenness && sampled_->isChecked());
  CentralityRequest exact = r;
  exact.samples = 0;
  const int threads = effective_threads({});
  const double exact_seconds = estimated_cpu_seconds(graph_, exact, threads);
  QString text = tr("CPU, %1 threads: %2").arg(threads).arg(duration_text(estimated_cpu_seconds(graph_, r, threads)));
  if (r.samples > 0) text += tr(" (exact: %1)").arg(duration_text(exact_seconds));
  estimate_->setText(text);
}

}  // namespace pathscope::qt
