#pragma once
// Where the explorer's window sits: on a first start, a size that fits the screen it opens on;
// after that, the size, place and dock layout of the person's last run (kept in QSettings, never
// by a scripted run).
#include <QMainWindow>
#include <QSize>

namespace pathscope::qt {

// `preferred`, shrunk to the screen's available geometry less room for the window frame, and
// centred there. Logical pixels throughout, so it fits at any device pixel ratio.
void fit_window_to_screen(QWidget& window, QSize preferred);

// The geometry and dock layout save_window_layout kept; false (the window untouched) when
// there is none or it does not apply.
bool restore_window_layout(QMainWindow& window);
void save_window_layout(const QMainWindow& window);

}  // namespace pathscope::qt
