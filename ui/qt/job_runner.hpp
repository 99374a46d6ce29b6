#pragma once
// Runs one long task at a time off the GUI thread. The task gets a JobContext whose cancel
// flag the Cancel button sets; progress and the outcome come back to the GUI thread as
// queued calls, so widgets are only ever touched from there.
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThread>
#include <atomic>
#include <functional>
#include <memory>
#include <vector>

#include "pathscope/runtime/job.hpp"

namespace pathscope::qt {

class JobRunner : public QObject {
  Q_OBJECT
 public:
  using Work = std::function<void(const JobContext&)>;
  explicit JobRunner(QObject* parent = nullptr);
  ~JobRunner() override;  // cancels and waits: a task never outlives the data it borrows

  // on_success runs on the GUI thread after work returned. Errors and Cancelled are caught
  // and reported through failed() / finished(); they never escape the worker thread.
  // A running task is cancelled first and its outcome dropped.
  void run(const QString& title, Work work, std::function<void()> on_success);
  bool busy() const { return thread_ != nullptr; }
  QString title() const { return title_; }
  // Blocks until the current task is over (tests, shutdown).
  void wait();

 public Q_SLOTS:
  void cancel();

 Q_SIGNALS:
  void started(const QString& title);
  void progress(double fraction);
  // cancelled: stopped by request; error: empty unless it failed.
  void finished(const QString& title, bool cancelled, const QString& error);
  void failed(const QString& title, const QString& error);

 private:
  // A superseded task is asked to cancel and left to finish on its own, so starting a new
  // one never blocks the GUI on an old one that cannot stop early (a file being read).
  void abandon_current();
  QThread* thread_ = nullptr;
  std::vector<QPointer<QThread>> abandoned_;
  std::shared_ptr<std::atomic<bool>> cancel_;
  QString title_;
  std::uint64_t generation_ = 0;
};

}  // namespace pathscope::qt
