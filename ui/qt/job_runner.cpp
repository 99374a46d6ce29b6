#include "job_runner.hpp"

#include <QMetaObject>
#include <QPointer>
#include <algorithm>

#include "pathscope/runtime/error.hpp"
#include "pathscope_ui_common/background_priority.hpp"

namespace pathscope::qt {

JobRunner::JobRunner(QObject* parent) : QObject(parent) {}

JobRunner::~JobRunner() {
  abandon_current();
  for (auto& thread : abandoned_) {
    if (thread) thread->wait();  // their posted results die with this object, unseen
  }
}

void JobRunner::abandon_current() {
  if (!thread_) return;
  cancel_->store(true);
  connect(thread_, &QThread::finished, thread_, &QObject::deleteLater);
  if (thread_->isFinished()) thread_->deleteLater();
  abandoned_.erase(std::remove(abandoned_.begin(), abandoned_.end(), nullptr), abandoned_.end());
  abandoned_.emplace_back(thread_);
  thread_ = nullptr;
}

void JobRunner::wait() {
  if (thread_) thread_->wait();
}

void JobRunner::cancel() {
  if (cancel_) cancel_->store(true);
}

void JobRunner::run(const QString& title, Work work, std::function<void()> on_success) {
  abandon_current();
  const std::uint64_t generation = ++generation_;
  cancel_ = std::make_shared<std::atomic<bool>>(false);
  title_ = title;
  auto cancel = cancel_;
  // The destructor waits for the thread, so the raw pointer outlives every posted call; the
  // QPointer inside the posted calls guards against on_success deleting the runner.
  JobRunner* runner = this;
  // Progress is throttled to whole per-mille steps so a chatty engine cannot flood the queue.
  auto last_permille = std::make_shared<std::atomic<int>>(-1);
  JobContext context(
      [runner, last_permille, generation](double fraction) {
        const int permille = static_cast<int>(fraction * 1000);
        if (last_permille->exchange(permille) == permille) return;
        QMetaObject::invokeMethod(
            runner, [runner, fraction, generation] {
              if (runner->generation_ == generation) Q_EMIT runner->progress(fraction);
            },
            Qt::QueuedConnection);
      },
      cancel.get());

  thread_ = QThread::create([runner, work = std::move(work), on_success = std::move(on_success), context, cancel,
                             generation, title] {
    bool cancelled = false;
    QString error;
    run_this_thread_in_background();
    try {
      work(context);
      cancelled = cancel->load();
    } catch (const Cancelled&) {
      cancelled = true;
    } catch (const std::bad_alloc&) {
      error = QStringLiteral("out of memory");
    } catch (const std::exception& e) {
      error = QString::fromStdString(e.what());
    }
    QMetaObject::invokeMethod(
        runner, [self = QPointer<JobRunner>(runner), generation, title, cancelled, error, on_success] {
          if (!self || self->generation_ != generation) return;  // superseded: drop quietly
          self->thread_->wait();
          self->thread_->deleteLater();
          self->thread_ = nullptr;
          QString failure = error;
          if (!cancelled && failure.isEmpty() && on_success) {
            try {
              on_success();
            } catch (const std::exception& e) {
              failure = QString::fromStdString(e.what());
            }
          }
          if (!self) return;
          if (!failure.isEmpty()) Q_EMIT self->failed(title, failure);
          Q_EMIT self->finished(title, cancelled, failure);
        },
        Qt::QueuedConnection);
  });
  Q_EMIT started(title);
  thread_->start(QThread::LowPriority);
}

}  // namespace pathscope::qt
