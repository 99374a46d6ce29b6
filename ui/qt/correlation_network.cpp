#include "correlation_network.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <cstdio>
#include <filesystem>

#include "pathscope/correlate/correlate.hpp"
#include "pathscope/io/measurement_table.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope/runtime/sha256.hpp"
#include "pathscope_ui_common/correlation_network.hpp"

namespace pathscope::qt {

QString gpu_correlation_unavailable_reason() {
  return QString::fromStdString(make_correlation_engine("gpu")->unavailable_reason());
}

CorrelationOutcome build_correlation_network(const CorrelationRequest& request, const JobContext& job) {
  const std::string table = request.table.toStdString();
  CorrelateOptions options;
  options.method = parse_correlation_method(request.method.toStdString());
  auto run_engine = [&](const std::string& name, PairSink* sink, const JobContext& part) {
    auto source = open_table(table, TableOptions{});
    options.min_abs_rho = combined_rho_cutoff(request.max_p, request.min_abs_rho, source->layout().columns());
    options.count_only = sink == nullptr;
    const CorrelateResult result = make_correlation_engine(name)->run(*source, options, sink, part);
    return CorrelationOutcome::Run{result.timing, static_cast<double>(result.pairs_tested), result.survivors};
  };

  const bool gpu = request.with_gpu && gpu_correlation_unavailable_reason().isEmpty();
  const double cpu_end = gpu ? 0.45 : 0.9;
  CorrelationOutcome outcome;
  // Every survivor; every row with a coefficient, or only the rows a survivor joins.
  CorrelationNetworkSink sink(CorrelationNetworkOptions{.max_arcs = 0, .every_row = !request.drop_isolated});
  outcome.runs.push_back(run_engine("cpu", &sink, job.slice(0, cpu_end)));
  if (gpu) {
    outcome.runs.push_back(run_engine("gpu", nullptr, job.slice(cpu_end, 0.9)));
    if (outcome.runs[1].survivors != outcome.runs[0].survivors)
      throw Error("the GPU engine found " + std::to_string(outcome.runs[1].survivors) + " pairs, the CPU engine " +
                  std::to_string(outcome.runs[0].survivors) + ": the network is not shown");
  }
  LoadedGraph loaded;
  loaded.graph = std::move(sink.network().graph);
  if (loaded.graph.n == 0)
    throw Error(table + ": no row has a coefficient (rows with a missing value or all values equal are skipped)");
  char cutoff[32];
  std::snprintf(cutoff, sizeof cutoff, "%.3f", options.min_abs_rho);
  const std::string method = correlation_method_name(options.method);
  // The layout cache is keyed by the table's content and the question asked of it.
  const std::string key = sha256_hex("correlation " + method + " " + cutoff + (request.drop_isolated ? " joined" : "") +
                                     " " + sha256_file_hex(table));
  outcome.session = session_from_graph(table, LoadOptions{}, std::move(loaded), key, job.slice(0.9, 1));
  outcome.session->made_by = method + " network of " + std::filesystem::path(table).filename().string() +
                             ", |rho| >= " + cutoff + ", by cpu";
  return outcome;
}

CorrelationDialog::CorrelationDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Correlation Network from Table"));
  table_ = new QLineEdit(this);
  table_->setObjectName(QStringLiteral("correlationTable"));
  auto* browse = new QPushButton(tr("Browse…"), this);
  connect(browse, &QPushButton::clicked, this, [this] {
    const QString file = QFileDialog::getOpenFileName(this, tr("Table of measurements"), table_->text(),
                                                      tr("Tables (*.tsv *.csv *.txt);;All files (*)"));
    if (!file.isEmpty()) table_->setText(file);
  });
  auto* file_row = new QHBoxLayout;
  file_row->addWidget(table_, 1);
  file_row->addWidget(browse);

  method_ = new QComboBox(this);
  method_->setObjectName(QStringLiteral("correlationMethod"));
  method_->addItems({QStringLiteral("spearman"), QStringLiteral("pearson")});
  min_abs_rho_ = new QDoubleSpinBox(this);
  min_abs_rho_->setObjectName(QStringLiteral("correlationMinAbsRho"));
  min_abs_rho_->setRange(0, 1);
  min_abs_rho_->setDecimals(3);
  min_abs_rho_->setSingleStep(0.05);
  min_abs_rho_->setValue(0.8);
  use_max_p_ = new QCheckBox(tr("and p at most"), this);
  use_max_p_->setObjectName(QStringLiteral("correlationUseMaxP"));
  max_p_ = new QDoubleSpinBox(this);
  max_p_->setObjectName(QStringLiteral("correlationMaxP"));
  max_p_->setDecimals(6);
  max_p_->setRange(1e-6, 1);
  max_p_->setValue(0.01);
  max_p_->setEnabled(false);
  connect(use_max_p_, &QCheckBox::toggled, max_p_, &QWidget::setEnabled);
  auto* p_row = new QHBoxLayout;
  p_row->addWidget(use_max_p_);
  p_row->addWidget(max_p_, 1);

  with_gpu_ = new QCheckBox(tr("Run both: time the GPU engine too"), this);
  with_gpu_->setObjectName(QStringLiteral("correlationWithGpu"));
  if (const QString why = gpu_correlation_unavailable_reason(); !why.isEmpty()) {
    with_gpu_->setEnabled(false);
    with_gpu_->setToolTip(why);
  } else {
    with_gpu_->setChecked(true);
  }

  drop_isolated_ = new QCheckBox(tr("Leave out rows with no correlation past the cut-off"), this);
  drop_isolated_->setObjectName(QStringLiteral("correlationDropIsolated"));

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* form = new QFormLayout(this);
  form->addRow(tr("Table:"), file_row);
  form->addRow(tr("Method:"), method_);
  form->addRow(tr("Keep |rho| ≥"), min_abs_rho_);
  form->addRow(QString(), p_row);
  form->addRow(QString(), drop_isolated_);
  form->addRow(QString(), with_gpu_);
  form->addRow(buttons);
}

CorrelationRequest CorrelationDialog::request() const {
  CorrelationRequest r;
  r.table = table_->text();
  r.method = method_->currentText();
  r.min_abs_rho = min_abs_rho_->value();
  if (use_max_p_->isChecked()) r.max_p = max_p_->value();
  r.with_gpu = with_gpu_->isEnabled() && with_gpu_->isChecked();
  r.drop_isolated = drop_isolated_->isChecked();
  return r;
}

}  // namespace pathscope::qt
