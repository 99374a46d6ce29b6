#pragma once
// Help › About pathscope: what a bug report needs to name the build (version, compiler, Qt,
// CUDA and the GPU this machine has, or why none runs) and the licence line.
#include <QString>

namespace pathscope::qt {

QString about_html();

}  // namespace pathscope::qt
