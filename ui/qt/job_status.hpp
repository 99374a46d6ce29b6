#pragma once
// A job's face in the status bar: what runs, a progress bar and a Cancel button; hidden
// while the runner is idle.
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QWidget>

#include "job_runner.hpp"

namespace pathscope::qt {

class JobStatus : public QWidget {
  Q_OBJECT
 public:
  // name: object-name prefix, so tests find "<name>Cancel" and "<name>Progress".
  JobStatus(JobRunner* runner, const QString& name, QWidget* parent = nullptr);
  QPushButton* cancel_button() const { return cancel_; }
  QProgressBar* progress_bar() const { return bar_; }

 private:
  QLabel* label_;
  QProgressBar* bar_;
  QPushButton* cancel_;
};

}  // namespace pathscope::qt
