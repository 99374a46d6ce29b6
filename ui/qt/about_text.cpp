#include "about_text.hpp"

#include <QObject>
#include <QtGlobal>

#include "pathscope/apsp/gpu.hpp"
#include "pathscope/runtime/version.hpp"

namespace pathscope::qt {
namespace {

// The source tree carries no LICENSE file yet: this line says so rather than name a licence
// nobody chose; it is the one place to change when one is.
const char* const kLicenceLine = "No licence file has been chosen for pathscope yet; Qt is used under the LGPL v3.";

QString compiler() {
#if defined(__clang__)
  return QStringLiteral("Clang %1.%2.%3").arg(__clang_major__).arg(__clang_minor__).arg(__clang_patchlevel__);
#elif defined(__GNUC__)
  return QStringLiteral("GCC %1.%2.%3").arg(__GNUC__).arg(__GNUC_MINOR__).arg(__GNUC_PATCHLEVEL__);
#else
  return QObject::tr("unknown compiler");
#endif
}

QString gpu_line() {
  const GpuInfo gpu = gpu_info();
  if (!gpu.available) return QObject::tr("none can run here: %1").arg(QString::fromStdString(gpu.reason).toHtmlEscaped());
  return QObject::tr("%1 (compute %2.%3, driver %4, CUDA runtime %5)")
      .arg(QString::fromStdString(gpu.name).toHtmlEscaped())
      .arg(gpu.compute_major)
      .arg(gpu.compute_minor)
      .arg(QString::fromStdString(gpu.driver_version).toHtmlEscaped(),
           QString::fromStdString(gpu.runtime_version).toHtmlEscaped());
}

}  // namespace

QString about_html() {
  return QObject::tr("<h3>pathscope %1</h3>"
                     "<p>See a network, click two nodes, get the shortest path: on the CPU, and on an NVIDIA GPU "
                     "where there is one.</p><table cellpadding='3'>"
                     "<tr><td><b>Build</b></td><td>%2, C++%3, %4</td></tr>"
                     "<tr><td><b>Qt</b></td><td>%5 (built with %6)</td></tr>"
                     "<tr><td><b>GPU</b></td><td>%7</td></tr></table><p>%8</p>")
      .arg(QString::fromLatin1(pathscope_version()), compiler(), QString::number(__cplusplus / 100 % 100),
#ifdef NDEBUG
           QObject::tr("release"),
#else
           QObject::tr("debug"),
#endif
           QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR), gpu_line(),
           QObject::tr(kLicenceLine));
}

}  // namespace pathscope::qt
