// The explorer driven as a person would: open, click nodes at their drawn positions, export,
// cancel. Every expected value comes from outside the GUI: the CLI, the core's single-source
// search, the published file digest.
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QJsonArray>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <nlohmann/json.hpp>
#include <cmath>
#include <random>

#include "explorer_fixture.hpp"
#include "main_window.hpp"
#include "min_weight_box.hpp"
#include "open_dialog.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/paths/path.hpp"
#include "shared_data_qt.hpp"

using pathscope::qt::MainWindow;

namespace {

const char* kRomeSha256 = "cbc914b1d02327c2ea788b6f68a332995feadbdc97c1c7890c5e6272152f099d";

using test_support::wait_for;

// A node whose disc is not covered by another, so a click there picks exactly it.
std::int32_t clickable_node(const MainWindow& window, pathscope::SplitMix64& rng, std::int32_t other) {
  const auto* view = window.view();
  for (int attempt = 0; attempt < 10000; ++attempt) {
    const auto u = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(view->node_count())));
    const QPointF p = view->node_screen_position(u);
    if (u != other && view->rect().contains(p.toPoint()) && view->node_at(QPointF(p.toPoint())) == u) return u;
  }
  return -1;
}

void click_node(MainWindow& window, std::int32_t u) {
  QTest::mouseClick(window.view(), Qt::LeftButton, Qt::NoModifier, window.view()->node_screen_position(u).toPoint());
}

nlohmann::json run_cli_path(const QStringList& arguments) {
  QProcess cli;
  cli.start(QStringLiteral(PATHSCOPE_CLI), arguments);
  if (!cli.waitForFinished(300000) || cli.exitCode() != 0) {
    qWarning() << "pathscope-cli failed:" << cli.readAllStandardError();
    return {};
  }
  return nlohmann::json::parse(cli.readAllStandardOutput().toStdString());
}

int count_colour(const QImage& image, pathscope::render::Rgb8 c) {
  int count = 0;
  const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
  for (int y = 0; y < rgb.height(); ++y) {
    const auto* row = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
    for (int x = 0; x < rgb.width(); ++x) {
      if (qRed(row[x]) == c.r && qGreen(row[x]) == c.g && qBlue(row[x]) == c.b) ++count;
    }
  }
  return count;
}

}  // namespace

class ExplorerTest : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir cache_;
  QTemporaryDir out_;
  std::unique_ptr<MainWindow> open_window(const QString& spec, const QString& engine) {
    return test_support::open_explorer(spec, {.apsp_engine = engine});
  }

 private Q_SLOTS:
  void initTestCase() {
    QVERIFY(cache_.isValid() && out_.isValid());
    qputenv("XDG_CACHE_HOME", cache_.path().toLocal8Bit());  // a fresh layout cache every run
  }

  // Click two nodes where they are drawn; the panel must list the same hops as the CLI, and
  // the distance must be the core's single-source distance.
  void clicked_path_matches_cli() {
    REQUIRE_SHARED_DATA_FILE(rome, "rome99.gr");
    auto window = open_window(rome, QStringLiteral("auto"));
    QVERIFY(window);
    QSignalSpy all_pairs(window.get(), &MainWindow::all_pairs_ready);
    QVERIFY(wait_for(all_pairs, 600000));
    const auto& g = window->session()->graph();
    pathscope::SplitMix64 rng(2026);
    for (int round = 0; round < 3; ++round) {
      const auto s = clickable_node(*window, rng, -1);
      const auto t = clickable_node(*window, rng, s);
      QVERIFY(s >= 0 && t >= 0);
      click_node(*window, s);
      click_node(*window, t);
      const auto& path = window->current_path();
      QCOMPARE(path.source, s);
      QCOMPARE(path.target, t);
      QVERIFY(window->current_method().startsWith(QStringLiteral("all-pairs")));

      const auto cli = run_cli_path({QStringLiteral("path"), rome, QString::number(g.display_id(s)),
                                     QString::number(g.display_id(t)), QStringLiteral("--engine"),
                                     QStringLiteral("auto"), QStringLiteral("--json")});
      QVERIFY(!cli.is_null());
      QCOMPARE(cli["reachable"].get<bool>(), path.reachable);  // rome99 is strongly connected
      const auto reference = pathscope::path_single_source(g, s, t);
      QCOMPARE(cli["distance"].get<double>(), reference.distance);

      const auto* table = window->path_panel()->table();
      const auto& hops = cli["nodes"];  // the shared path schema (path_export.hpp)
      QCOMPARE(table->rowCount(), static_cast<int>(hops.size()));
      for (int row = 0; row < table->rowCount(); ++row) {
        QCOMPARE(table->item(row, 1)->text().toLongLong(), hops[row]["id"].get<long long>());
        QCOMPARE(table->item(row, 4)->text().toDouble(), hops[row]["cumulative"].get<double>());
        if (row > 0) QCOMPARE(table->item(row, 3)->text().toDouble(), hops[row]["arc_cost"].get<double>());
      }
      QCOMPARE(table->item(table->rowCount() - 1, 4)->text().toDouble(), reference.distance);
    }
    // The window on screen, not only the export, shows the path in the highlight colour.
    QTest::qWait(100);
    // grabFramebuffer, not QWidget::grab: the latter drops what QPainter drew over the GL.
    const QImage shot = window->view()->grabFramebuffer();
    if (qEnvironmentVariableIsSet("PATHSCOPE_GUI_SNAPSHOT")) shot.save(qEnvironmentVariable("PATHSCOPE_GUI_SNAPSHOT"));
    QVERIFY(count_colour(shot, window->view()->highlight_colour()) > 20);
  }

  // The camera's two projections invert each other, and zooming keeps the point under the
  // cursor in place, for random views of awkward sizes.
  void camera_projection_round_trips() {
    pathscope::SplitMix64 rng(3);
    for (int trial = 0; trial < 200; ++trial) {
      pathscope::render::Camera camera;
      camera.set_viewport(1 + rng.below(3000), 1 + rng.below(2000));
      // From a 1 cm street to a continent, at DIMACS-sized offsets (coordinates in the millions).
      const double span = std::pow(10.0, rng.unit() * 8 - 2);
      const double ox = (rng.unit() - 0.5) * 1e7, oy = (rng.unit() - 0.5) * 1e7;
      camera.fit({ox, oy}, {ox + span * (0.1 + rng.unit()), oy + span * (0.1 + rng.unit())});
      const pathscope::render::Point screen{rng.unit() * camera.viewport_width(), rng.unit() * camera.viewport_height()};
      const auto world = camera.screen_to_world(screen);
      const auto back = camera.world_to_screen(world);
      QVERIFY(std::abs(back.x - screen.x) < 1e-2 && std::abs(back.y - screen.y) < 1e-2);
      camera.zoom_about(screen, 0.25 + rng.unit() * 4);
      const auto still = camera.world_to_screen(world);
      QVERIFY(std::abs(still.x - screen.x) < 1e-2 && std::abs(still.y - screen.y) < 1e-2);
      // Up on screen is up in the world (y grows north), as maps expect.
      QVERIFY(camera.screen_to_world({screen.x, screen.y - 10}).y > world.y);
    }
  }

  // Export: the JSON names the file by its published digest and lists the panel's hops; the
  // PNG shows the highlight colour, which a view without a path does not contain.
  void export_json_and_png() {
    REQUIRE_SHARED_DATA_FILE(rome, "rome99.gr");
    auto window = open_window(rome, QString());
    QVERIFY(window);
    const QString blank_png = out_.filePath(QStringLiteral("blank.png"));
    window->export_png(blank_png, QSize(640, 480));
    const auto colour = window->view()->highlight_colour();
    QCOMPARE(count_colour(QImage(blank_png), colour), 0);

    pathscope::SplitMix64 rng(7);
    const auto s = clickable_node(*window, rng, -1);
    const auto t = clickable_node(*window, rng, s);
    click_node(*window, s);
    click_node(*window, t);
    QVERIFY(window->current_path().reachable);
    QVERIFY(window->current_method().startsWith(QStringLiteral("single-source")));

    const QString json_file = out_.filePath(QStringLiteral("path.json"));
    window->export_json(json_file);
    QFile file(json_file);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const auto doc = nlohmann::json::parse(file.readAll().toStdString());
    QCOMPARE(doc["graph"]["sha256"].get<std::string>(), std::string(kRomeSha256));
    QCOMPARE(doc["graph"]["file"].get<std::string>(), std::string("rome99.gr"));
    QCOMPARE(doc["source"]["index"].get<int>(), s);
    QCOMPARE(doc["target"]["index"].get<int>(), t);
    const auto reference = pathscope::path_single_source(window->session()->graph(), s, t);
    QCOMPARE(doc["distance"].get<double>(), reference.distance);
    const auto* table = window->path_panel()->table();
    QCOMPARE(static_cast<int>(doc["nodes"].size()), table->rowCount());
    for (int row = 0; row < table->rowCount(); ++row) {
      QCOMPARE(doc["nodes"][row]["id"].get<long long>(), table->item(row, 1)->text().toLongLong());
      QVERIFY(doc["nodes"][row]["position"].size() == 2);
    }

    const QString png = out_.filePath(QStringLiteral("path.png"));
    window->export_png(png, QSize(800, 600));
    const QImage image(png);
    QCOMPARE(image.size(), QSize(800, 600));
    QVERIFY2(count_colour(image, colour) > 200, "the exported path is not drawn in the highlight colour");
  }

  // Settings (recent files) are this run's own: in the private folder the shared test main
  // made, never the user's, nor another test's running beside this one.
  void settings_are_private_to_the_run() {
    const QString home = test_support::private_settings_home();
    QVERIFY(!home.isEmpty());
    const QString file = QSettings().fileName();
    QVERIFY2(file.startsWith(home + QLatin1Char('/')), qPrintable(file + QStringLiteral(" is not under ") + home));
  }

  // A broken file: an error box naming the file and line, the previous graph still shown,
  // and the next open works.
  void broken_file_shows_error_and_app_keeps_working() {
    auto window = open_window(QStringLiteral(PATHSCOPE_SAMPLES "/grid-city.gr"), QString());
    QVERIFY(window);
    const int nodes_before = window->view()->node_count();
    const QString broken = out_.filePath(QStringLiteral("broken.gr"));
    {
      QFile f(broken);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write("p sp 4 2\na 1 2 5\na 2 nine 3\n");
    }
    QSignalSpy failed(window.get(), &MainWindow::load_failed);
    window->open_graph(broken);
    QVERIFY(wait_for(failed, 60000));
    QMessageBox* box = nullptr;
    QTRY_VERIFY((box = window->findChild<QMessageBox*>(QStringLiteral("errorBox"))) && box->isVisible());
    QVERIFY2(box->text().contains(QStringLiteral("broken.gr:3")), qPrintable(box->text()));
    box->button(QMessageBox::Ok)->click();
    QTRY_VERIFY(!window->findChild<QMessageBox*>(QStringLiteral("errorBox")));
    QCOMPARE(window->view()->node_count(), nodes_before);

    pathscope::SplitMix64 rng(11);
    const auto s = clickable_node(*window, rng, -1);
    const auto t = clickable_node(*window, rng, s);
    click_node(*window, s);
    click_node(*window, t);
    QCOMPARE(window->current_path().source, s);
    QCOMPARE(window->current_path().target, t);
    QCOMPARE(window->current_path().distance,
             pathscope::path_single_source(window->session()->graph(), s, t).distance);
  }

  // All pairs with the textbook engine on 3000 nodes takes far longer than the test allows;
  // Cancel must end it quickly and leave single-source answers working.
  void cancel_stops_long_job() {
    auto window = open_window(QStringLiteral("random:n=3000,deg=8,seed=1"), QStringLiteral("textbook"));
    QVERIFY(window);
    QVERIFY(window->apsp_job()->busy());
    QSignalSpy progress(window->apsp_job(), &pathscope::qt::JobRunner::progress);
    QVERIFY(wait_for(progress, 120000));
    QSignalSpy finished(window->apsp_job(), &pathscope::qt::JobRunner::finished);
    QPushButton* cancel = window->apsp_status()->cancel_button();
    QVERIFY(cancel->isVisible());
    QElapsedTimer timer;
    timer.start();
    QTest::mouseClick(cancel, Qt::LeftButton);
    QVERIFY(wait_for(finished, 60000));
    QVERIFY2(timer.elapsed() < 30000, "cancel took longer than 30 s");
    QCOMPARE(finished.first().at(1).toBool(), true);
    QVERIFY(!window->apsp_job()->busy());
    QVERIFY(!window->session()->apsp);
    QVERIFY(window->status_text().contains(QStringLiteral("cancelled")));

    window->select_node(5);
    window->select_node(2999);
    QVERIFY(window->current_method().startsWith(QStringLiteral("single-source")));
    QCOMPARE(window->current_path().distance,
             pathscope::path_single_source(window->session()->graph(), 5, 2999).distance);
  }

  // Changing the edge-cost rule and the minimum weight reloads the connectome and keeps the
  // chosen pair; the new path is the one the core finds on the graph loaded that way.
  void cost_controls_update_path() {
    REQUIRE_SHARED_DATA_FILE(csv, "connectome/celegans_varshney2011_NeuronConnect.csv");
    auto window = open_window(csv, QString());
    QVERIFY(window);
    window->select_pair(QStringLiteral("PHAL"), QStringLiteral("SMDVL"));
    QVERIFY(window->current_path().reachable);
    auto* rule = window->findChild<QComboBox*>(QStringLiteral("costRule"));
    auto* min_weight = window->findChild<QDoubleSpinBox*>(QStringLiteral("minWeight"));
    QVERIFY(rule && min_weight);
    for (const auto& [rule_index, threshold] : {std::pair{1, 0.0}, std::pair{2, 3.0}}) {
      QSignalSpy ready(window.get(), &MainWindow::graph_ready);
      min_weight->setValue(threshold);  // reloads when it changes
      rule->setCurrentIndex(rule_index);
      Q_EMIT rule->activated(rule_index);
      QVERIFY(wait_for(ready, 120000));
      while (window->load_job()->busy()) QVERIFY(ready.wait(120000));  // the last reload wins
      pathscope::LoadOptions options;
      options.cost_rule = pathscope::qt::cost_rule_choices()[rule_index].second;
      options.min_weight = threshold;
      const auto reference_graph = pathscope::load_graph(csv.toStdString(), options).graph;
      const auto s = reference_graph.find_node("PHAL"), t = reference_graph.find_node("SMDVL");
      QVERIFY(s && t);
      const auto reference = pathscope::path_single_source(reference_graph, *s, *t);
      QCOMPARE(window->current_path().source, *s);
      QCOMPARE(window->current_path().target, *t);
      QCOMPARE(window->current_path().reachable, reference.reachable);
      if (reference.reachable) QCOMPARE(window->current_path().distance, reference.distance);
      QCOMPARE(window->session()->options.min_weight, threshold);
    }
  }

  // The open dialog and the toolbar start at "no minimum": a table opened through the dialog
  // keeps its negative weights (every row of the file is an arc); a minimum of 0 typed into
  // the toolbar then drops exactly the negative rows, and stepping down from 0 returns to
  // "no minimum".
  void min_weight_defaults_to_no_minimum() {
    pathscope::SplitMix64 rng(std::random_device{}());
    const int n = 20 + static_cast<int>(rng.below(40));
    const QString table = out_.filePath(QStringLiteral("signed.csv"));
    int negative = 0, rows = 0;
    {
      QFile f(table);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write("source,target,weight\n");
      // A chain of distinct arcs, no self-loops, no duplicates: every row must become one arc.
      for (int u = 0; u + 1 < n; ++u) {
        const int w = static_cast<int>(rng.below(19)) - 9;
        negative += w < 0;
        ++rows;
        f.write(QStringLiteral("n%1,n%2,%3\n").arg(u).arg(u + 1).arg(w).toUtf8());
      }
    }
    pathscope::qt::OpenDialog dialog;
    auto* box = dialog.findChild<pathscope::qt::MinWeightBox*>(QStringLiteral("dialogMinWeight"));
    QVERIFY(box);
    QCOMPARE(box->text(), QStringLiteral("no minimum"));
    dialog.findChild<QLineEdit*>(QStringLiteral("dialogFile"))->setText(table);
    QVERIFY(std::isinf(dialog.options().min_weight) && dialog.options().min_weight < 0);

    auto window = std::make_unique<MainWindow>();
    window->set_apsp_engine(QString());
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QSignalSpy ready(window.get(), &MainWindow::graph_ready);
    window->open_graph(dialog.file(), dialog.options());
    QVERIFY(wait_for(ready, 60000));
    QCOMPARE(window->session()->graph().arc_count(), static_cast<std::int64_t>(rows));
    auto* toolbar_box = window->findChild<pathscope::qt::MinWeightBox*>(QStringLiteral("minWeight"));
    QVERIFY(toolbar_box);
    QCOMPARE(toolbar_box->text(), QStringLiteral("no minimum"));

    ready.clear();
    toolbar_box->stepBy(1);  // "no minimum" -> 0, which reloads
    QVERIFY(wait_for(ready, 60000));
    QCOMPARE(window->session()->options.min_weight, 0.0);
    QCOMPARE(window->session()->graph().arc_count(), static_cast<std::int64_t>(rows - negative));
    ready.clear();
    toolbar_box->stepBy(-1);
    QVERIFY(wait_for(ready, 60000));
    QCOMPARE(toolbar_box->text(), QStringLiteral("no minimum"));
    QCOMPARE(window->session()->graph().arc_count(), static_cast<std::int64_t>(rows));
  }

  // Run both: the CPU row has a time; without a GPU the GPU row says unavailable and why.
  void run_both_fills_timing_panel() {
    auto window = open_window(QStringLiteral(PATHSCOPE_SAMPLES "/grid-city.gr"), QString());
    QVERIFY(window);
    QSignalSpy done(window.get(), &MainWindow::all_pairs_ready);
    auto* button = window->timing_panel()->findChild<QPushButton*>(QStringLiteral("runBothButton"));
    QVERIFY(button && button->isEnabled());
    QTest::mouseClick(button, Qt::LeftButton);
    QVERIFY(wait_for(done, 300000));
    const auto* table = window->timing_panel()->table();
    const auto gpu_reason = pathscope::make_apsp_engine("gpu-blocked")->unavailable_reason();
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(table->item(0, 0)->text(), QStringLiteral("blocked"));
    QVERIFY(table->item(0, 2)->text().endsWith(QStringLiteral(" s")));
    // The rate is like for like: node pairs answered per second, n * n over the wall time,
    // whatever work the engine did to get there.
    const QString rate = table->item(0, 5)->text();
    QVERIFY2(rate.endsWith(QStringLiteral(" pairs/s")), qPrintable(rate));
    const double seconds = table->item(0, 2)->text().chopped(2).toDouble();
    const double n = window->session()->graph().n;
    QVERIFY(seconds > 0);
    const QStringList words = rate.split(QLatin1Char(' '));  // "6.91 M pairs/s" or "912 pairs/s"
    const double scale = words.size() == 2 ? 1.0
                         : std::pow(1000.0, QStringLiteral("kMGTP").indexOf(words[1]) + 1);
    QVERIFY2(std::abs(words[0].toDouble() * scale * seconds / (n * n) - 1) < 0.03, qPrintable(rate));
    QCOMPARE(table->item(1, 0)->text(), QStringLiteral("gpu-blocked"));
    if (gpu_reason.empty()) {
      QVERIFY(table->item(1, 2)->text().endsWith(QStringLiteral(" s")));
    } else {
      QVERIFY(table->item(1, 1)->text().contains(QString::fromStdString(gpu_reason)));
    }
    // The run also answers paths now: from the matrix, equal to the single-source distance.
    window->select_node(0);
    window->select_node(window->session()->graph().n - 1);
    QVERIFY(window->current_method().startsWith(QStringLiteral("all-pairs")));
    QCOMPARE(window->current_path().distance,
             pathscope::path_single_source(window->session()->graph(), 0, window->session()->graph().n - 1).distance);
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(ExplorerTest)

#include "test_explorer.moc"
