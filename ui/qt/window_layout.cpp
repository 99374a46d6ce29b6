#include "window_layout.hpp"

#include <QGuiApplication>
#include <QScreen>
#include <QSettings>
#include <algorithm>

namespace pathscope::qt {
namespace {

const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kDocksKey = QStringLiteral("window/docks");
// Title bar and borders are only known once the window manager framed a shown window; this
// much is left for them, so the frame, not just the client area, fits.
constexpr int kFrameAllowance = 48;

}  // namespace

void fit_window_to_screen(QWidget& window, QSize preferred) {
  const QScreen* screen = window.screen() ? window.screen() : QGuiApplication::primaryScreen();
  if (!screen) {
    window.resize(preferred);
    return;
  }
  const QRect available = screen->availableGeometry();
  const QSize room(std::max(1, available.width() - kFrameAllowance), std::max(1, available.height() - kFrameAllowance));
  const QSize size = preferred.boundedTo(room).expandedTo(window.minimumSize());
  window.resize(size);
  window.move(available.center() - QPoint(size.width() / 2, size.height() / 2));
}

bool restore_window_layout(QMainWindow& window) {
  const QSettings settings;
  const QByteArray geometry = settings.value(kGeometryKey).toByteArray();
  const QByteArray docks = settings.value(kDocksKey).toByteArray();
  // restoreGeometry moves a window saved on a screen that is gone back onto one that is there.
  const bool placed = !geometry.isEmpty() && window.restoreGeometry(geometry);
  const bool docked = !docks.isEmpty() && window.restoreState(docks);
  return placed || docked;
}

void save_window_layout(const QMainWindow& window) {
  QSettings settings;
  settings.setValue(kGeometryKey, window.saveGeometry());
  settings.setValue(kDocksKey, window.saveState());
}

}  // namespace pathscope::qt
