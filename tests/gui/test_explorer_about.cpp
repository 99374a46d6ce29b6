// Help › About pathscope: what a bug report needs, each line checked against its source (the
// project version, the Qt library running, the GPU the core finds or why there is none).
#include <QDialog>
#include <QTextBrowser>
#include <QtTest>

#include "explorer_fixture.hpp"
#include "pathscope/apsp/gpu.hpp"
#include "pathscope/runtime/version.hpp"

using pathscope::qt::MainWindow;

class ExplorerAboutTest : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void about_names_version_build_qt_and_gpu() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* about = window.findChild<QAction*>(QStringLiteral("helpAboutAction"));
    QVERIFY(about);
    about->trigger();
    QDialog* dialog = nullptr;
    QTRY_VERIFY((dialog = window.findChild<QDialog*>(QStringLiteral("helpDialog"))) != nullptr);
    QCOMPARE(dialog->windowTitle(), QStringLiteral("About pathscope"));
    const QString text = dialog->findChild<QTextBrowser*>(QStringLiteral("helpText"))->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("pathscope ") + QString::fromLatin1(pathscope::pathscope_version())), qPrintable(text));
    QVERIFY2(text.contains(QString::fromLatin1(qVersion())), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("GCC")) || text.contains(QStringLiteral("Clang")), qPrintable(text));
    const pathscope::GpuInfo gpu = pathscope::gpu_info();
    const QString gpu_words = QString::fromStdString(gpu.available ? gpu.name : gpu.reason);
    QVERIFY2(!gpu_words.isEmpty() && text.contains(gpu_words), qPrintable(text + QStringLiteral("\nexpected: ") + gpu_words));
    QVERIFY2(text.contains(QStringLiteral("licence"), Qt::CaseInsensitive), qPrintable(text));
    if (qEnvironmentVariableIsSet("PATHSCOPE_SCREENSHOTS")) {
      dialog->grab().save(qEnvironmentVariable("PATHSCOPE_SCREENSHOTS") + QStringLiteral("/explorer-about.png"));
    }
    dialog->close();
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(ExplorerAboutTest)

#include "test_explorer_about.moc"
