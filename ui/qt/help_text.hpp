#pragma once
// The Help menu's pages: every shortcut of the window, and a short "how to" per task.
#include <QString>

namespace pathscope::qt {

QString shortcuts_help_html();
QString how_to_help_html();

}  // namespace pathscope::qt
