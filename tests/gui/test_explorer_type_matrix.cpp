// View › Type-to-Type in a real window under Xvfb: every cell of the heat map equals
// `pathscope-cli path-lengths` for the same graph and groups (shortest hops, pair counts), and a
// click on a cell chooses a pair of those two cell types whose path has the cell's length.
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <random>

#include "cli_binary.hpp"
#include "explorer_fixture.hpp"
#include "fresh_seed.hpp"
#include "main_window.hpp"
#include "type_matrix_panel.hpp"

using pathscope::qt::MainWindow;
using pathscope::qt::TypeMatrixController;
using pathscope::qt::TypeMatrixPanel;
using test_support::wait_for;

class ExplorerTypeMatrixTest : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void cells_equal_path_lengths_and_a_click_shows_a_shortest_pair() {
    // Sparse, with many small types: cells from one hop to several, some without a path.
    const std::uint64_t seed = test_support::fresh_seed() % 100000;
    const std::string spec =
        "connectome:n=" + std::to_string(500 + seed % 200) + ",seed=" + std::to_string(seed) + ",deg=2,types=60";
    pathscope::LoadOptions hops;
    hops.cost_rule = pathscope::EdgeCostRule::Hops;  // so a path's cost is its hop count, the matrix's unit
    auto window = test_support::open_explorer(QString::fromStdString(spec), {.size = {1400, 1000}, .load = hops});
    QVERIFY(window);
    const pathscope::Graph& g = window->session()->graph();

    auto* action = window->findChild<QAction*>(QStringLiteral("typeMatrixAction"));
    QVERIFY(action);
    action->trigger();
    auto* panel = window->findChild<TypeMatrixPanel*>();
    QVERIFY(panel);
    QCOMPARE(panel->attribute_box()->currentText(), QStringLiteral("cell_type"));
    QCOMPARE(panel->values_field()->text(), QStringLiteral("top:12"));
    QSignalSpy ready(panel->controller(), &TypeMatrixController::matrix_ready);
    QTest::mouseClick(panel->findChild<QPushButton*>(QStringLiteral("typeMatrixCompute")), Qt::LeftButton);
    QVERIFY(wait_for(ready, 120000));

    const auto cli = test_support::run_cli(
        {"path-lengths", spec, "--cost-rule", "hops", "--from", "top:12", "--to", "top:12", "--json"}, 120);
    QVERIFY2(cli.exited && cli.code == 0, cli.describe().c_str());
    const auto doc = nlohmann::json::parse(cli.out);
    const auto names = doc["sources"].get<std::vector<std::string>>();
    QCOMPARE(doc["targets"].get<std::vector<std::string>>(), names);
    QTableWidget* table = panel->table();
    const int size = static_cast<int>(names.size());
    QCOMPARE(size, 12);
    QCOMPARE(table->rowCount(), size);
    QCOMPARE(table->columnCount(), size);
    const auto* matrix = panel->controller()->matrix();
    QVERIFY(matrix);
    std::vector<std::pair<int, int>> with_path;
    for (int r = 0; r < size; ++r) {
      QVERIFY(table->verticalHeaderItem(r)->text().startsWith(QString::fromStdString(names[r]) + QStringLiteral(" (")));
      QCOMPARE(matrix->groups[r].name, names[r]);
      for (int c = 0; c < size; ++c) {
        const QString where = QStringLiteral("%1 -> %2").arg(QString::fromStdString(names[r]), QString::fromStdString(names[c]));
        const QStringList lines = table->item(r, c)->text().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 2);
        const auto& min = doc["min"][r][c];
        if (min.is_null()) {
          QVERIFY2(lines[0] == QStringLiteral("no path"), qPrintable(where));
        } else {
          QVERIFY2(lines[0] == QString::number(min.get<double>()), qPrintable(where + QStringLiteral(": ") + lines[0]));
          with_path.emplace_back(r, c);
        }
        const QString counts = QStringLiteral("%1/%2")
                                   .arg(doc["reachable_pairs"][r][c].get<long long>())
                                   .arg(doc["pairs"][r][c].get<long long>());
        QVERIFY2(QString(lines[1]).remove(QLatin1Char(',')) == counts, qPrintable(where + QStringLiteral(": ") + lines[1]));
      }
    }
    QVERIFY(!with_path.empty());

    if (qEnvironmentVariableIsSet("PATHSCOPE_SCREENSHOTS")) {
      auto* dock = window->findChild<QDockWidget*>(QStringLiteral("typeMatrixDock"));
      dock->setFloating(true);
      dock->resize(1250, 620);
      QTRY_VERIFY(dock->isVisible());
      QTest::qWait(100);
      dock->grab().save(qEnvironmentVariable("PATHSCOPE_SCREENSHOTS") + QStringLiteral("/type-matrix.png"));
      dock->setFloating(false);
    }

    // Clicks on cells with a path: the pair is of the row's and the column's type, and its
    // path is as short as the cell says.
    const pathscope::AttributeColumn* type = g.node_attributes.find("cell_type");
    QVERIFY(type);
    std::mt19937_64 rng(seed);
    std::shuffle(with_path.begin(), with_path.end(), rng);
    with_path.resize(std::min<std::size_t>(with_path.size(), 5));
    for (const auto& [r, c] : with_path) {
      QSignalSpy shown(panel->controller(), &TypeMatrixController::pair_shown);
      table->scrollToItem(table->item(r, c));
      QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualItemRect(table->item(r, c)).center());
      QVERIFY(wait_for(shown, 60000));
      const int s = shown.first()[0].toInt(), t = shown.first()[1].toInt();
      QCOMPARE(type->to_text(static_cast<std::size_t>(s)), names[r]);
      QCOMPARE(type->to_text(static_cast<std::size_t>(t)), names[c]);
      QVERIFY(s != t);
      QCOMPARE(window->selection()->source(), s);
      QCOMPARE(window->selection()->target(), t);
      const auto& path = window->current_path();
      QVERIFY(path.reachable);
      QCOMPARE(path.distance, doc["min"][r][c].get<double>());
      QCOMPARE(static_cast<double>(path.nodes.size() - 1), doc["min"][r][c].get<double>());
    }
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(ExplorerTypeMatrixTest)

#include "test_explorer_type_matrix.moc"
