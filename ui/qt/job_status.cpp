#include "job_status.hpp"

#include <QHBoxLayout>

namespace pathscope::qt {

JobStatus::JobStatus(JobRunner* runner, const QString& name, QWidget* parent) : QWidget(parent) {
  label_ = new QLabel(this);
  bar_ = new QProgressBar(this);
  bar_->setObjectName(name + QStringLiteral("Progress"));
  bar_->setRange(0, 0);  // busy until the first report: loading cannot say how far it is
  bar_->setFixedWidth(140);
  bar_->setMaximumHeight(16);
  cancel_ = new QPushButton(tr("Cancel"), this);
  cancel_->setObjectName(name + QStringLiteral("Cancel"));
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(label_);
  layout->addWidget(bar_);
  layout->addWidget(cancel_);
  hide();
  connect(cancel_, &QPushButton::clicked, runner, &JobRunner::cancel);
  connect(cancel_, &QPushButton::clicked, this, [this] { label_->setText(label_->text() + tr(" (cancelling)")); });
  connect(runner, &JobRunner::started, this, [this](const QString& title) {
    label_->setText(title);
    bar_->setRange(0, 0);
    show();
  });
  connect(runner, &JobRunner::progress, this, [this](double fraction) {
    bar_->setRange(0, 1000);
    bar_->setValue(static_cast<int>(fraction * 1000));
  });
  connect(runner, &JobRunner::finished, this, [this] { hide(); });
}

}  // namespace pathscope::qt
