// Attributes in the view, driven through the menus and panels a person uses, each checked
// against the graph's own attribute table read independently: colour by cell type gives a
// legend whose values and counts are the table's (the most frequent first) and each node the
// colour of its value; a numeric colouring spans the brute-force minimum and maximum; the filter
// keeps exactly the nodes with the ticked values (drawn nodes, drawn arcs, clicks, the status
// bar's "showing N of M"); labels by attribute show the attribute's values; a PNG export holds
// every legend colour. Fresh seeds each run (printed).
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QListWidget>
#include <QMenu>
#include <QPainter>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>
#include <algorithm>
#include <map>
#include <random>
#include <set>

#include "explorer_fixture.hpp"
#include "fresh_seed.hpp"
#include "main_window.hpp"

using pathscope::AttributeColumn;
using pathscope::Graph;
using pathscope::qt::MainWindow;

namespace {

QString qs(const std::string& s) { return QString::fromStdString(s); }

// Chooses an entry of View › Label by or View › Colour by as a person does: opens the menu
// (which lists the open graph's attributes) and triggers the entry.
void choose_in_menu(MainWindow& w, const char* menu_name, const QString& action_name) {
  auto* menu = w.findChild<QMenu*>(QLatin1String(menu_name));
  QVERIFY(menu);
  Q_EMIT menu->aboutToShow();
  auto* action = menu->findChild<QAction*>(action_name);
  QVERIFY2(action, qPrintable(action_name));
  action->trigger();
}

// Value -> node count over the graph's own column, by a plain scan ("" for missing).
std::map<std::string, std::int64_t> scan_counts(const AttributeColumn& c, std::int32_t n) {
  std::map<std::string, std::int64_t> counts;
  for (std::int32_t u = 0; u < n; ++u) ++counts[c.has(u) ? c.text[u] : std::string()];
  return counts;
}

// A small GraphML of neurons keyed by FlyWire-like root ids and without names: a text
// attribute (some nodes without it), a cell type on most nodes, a real.
struct Neurons {
  QString file;
  std::vector<std::string> kinds, types;
  std::vector<std::int64_t> ids;
};

Neurons write_graphml(const QString& dir, std::mt19937_64& rng) {
  Neurons out;
  const int n = 12 + static_cast<int>(rng() % 8);
  const char* words[] = {"alpha", "beta", "gamma", "delta"};
  const char* types[] = {"EPG", "PEN_a", "KC"};
  QString text = QStringLiteral(
      "<graphml><key id=\"k\" for=\"node\" attr.name=\"kind\" attr.type=\"string\"/>"
      "<key id=\"t\" for=\"node\" attr.name=\"cell_type\" attr.type=\"string\"/>"
      "<key id=\"s\" for=\"node\" attr.name=\"score\" attr.type=\"double\"/><graph edgedefault=\"undirected\">\n");
  out.kinds.assign(n, std::string());
  out.types.assign(n, std::string());
  for (int u = 0; u < n; ++u) {
    out.ids.push_back(720575940600000000 + static_cast<std::int64_t>(rng() % 100000000) * 10 + u % 10);
    text += QStringLiteral("<node id=\"%1\">").arg(out.ids.back());
    if (u % 5 != 4) {
      out.kinds[u] = words[rng() % 4];
      text += QStringLiteral("<data key=\"k\">%1</data>").arg(qs(out.kinds[u]));
    }
    if (u % 3 != 2) {
      out.types[u] = types[rng() % 3];
      text += QStringLiteral("<data key=\"t\">%1</data>").arg(qs(out.types[u]));
    }
    text += QStringLiteral("<data key=\"s\">%1</data></node>\n").arg(static_cast<double>(rng() % 1000) / 10.0);
  }
  for (int u = 0; u < n; ++u)
    text += QStringLiteral("<edge source=\"%1\" target=\"%2\"/>\n").arg(out.ids[u]).arg(out.ids[(u + 1) % n]);
  text += QStringLiteral("</graph></graphml>\n");
  out.file = dir + QStringLiteral("/neurons.graphml");
  QFile file(out.file);
  if (!file.open(QIODevice::WriteOnly)) out.file.clear();
  file.write(text.toUtf8());
  return out;
}

// With PATHSCOPE_SCREENSHOTS set, the window as the docs show it (the GL view drawn in).
void save_screenshot(MainWindow& w, const char* dock, const char* file) {
  if (!qEnvironmentVariableIsSet("PATHSCOPE_SCREENSHOTS")) return;
  if (auto* d = w.findChild<QDockWidget*>(QLatin1String(dock))) {
    d->show();
    d->raise();
    w.resizeDocks({d}, {420}, Qt::Vertical);
  }
  QTest::qWait(300);
  QImage shot = w.grab().toImage();
  QPainter painter(&shot);
  painter.drawImage(w.view()->mapTo(&w, QPoint(0, 0)), w.view()->grabFramebuffer());
  painter.end();
  shot.save(qEnvironmentVariable("PATHSCOPE_SCREENSHOTS") + QLatin1Char('/') + QLatin1String(file));
}

}  // namespace

class ExplorerAttributesTest : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void colour_by_cell_type_legend_counts_the_table() {
    const std::uint64_t seed = test_support::fresh_seed();
    const QString spec = QStringLiteral("connectome:n=%1,seed=%2,types=%3").arg(300 + seed % 500).arg(seed % 100000).arg(4 + seed % 30);
    auto w = test_support::open_explorer(spec);
    QVERIFY(w);
    const Graph& g = w->session()->graph();
    const AttributeColumn* types = g.node_attributes.find("cell_type");
    QVERIFY(types);
    choose_in_menu(*w, "colourByMenu", QStringLiteral("colourBy:cell_type"));
    QCOMPARE(w->selection()->view().colour_attribute, std::string("cell_type"));

    // The table's counts, ranked: most nodes first, ties by value.
    const auto counts = scan_counts(*types, g.n);
    std::vector<std::pair<std::int64_t, std::string>> ranked;
    for (const auto& [value, count] : counts)
      if (!value.empty()) ranked.push_back({-count, value});
    std::sort(ranked.begin(), ranked.end());
    auto* rows = w->colour_legend()->entries();
    const int coloured = std::min<int>(static_cast<int>(ranked.size()), 12);
    std::int64_t rest = 0;
    for (std::size_t k = coloured; k < ranked.size(); ++k) rest += -ranked[k].first;
    QCOMPARE(rows->topLevelItemCount(), coloured + (rest > 0 ? 1 : 0) + (counts.count("") ? 1 : 0));
    std::map<std::string, QColor> colour_of;
    for (int k = 0; k < coloured; ++k) {
      const auto* row = rows->topLevelItem(k);
      QCOMPARE(row->text(0), qs(ranked[k].second));
      QCOMPARE(row->data(1, Qt::UserRole).toLongLong(), -ranked[k].first);
      colour_of[ranked[k].second] = row->data(0, Qt::UserRole).value<QColor>();
    }
    if (rest > 0) {
      QCOMPARE(rows->topLevelItem(coloured)->text(0), QStringLiteral("other"));
      QCOMPARE(rows->topLevelItem(coloured)->data(1, Qt::UserRole).toLongLong(), rest);
    }
    // Each node is drawn in its value's legend colour.
    const auto& colours = w->view()->node_colours();
    QCOMPARE(static_cast<std::int32_t>(colours.size()), g.n);
    for (std::int32_t u = 0; u < g.n; ++u) {
      const auto it = colour_of.find(types->text[u]);
      if (it == colour_of.end()) continue;
      const QColor drawn = QColor::fromRgbF(colours[u].r, colours[u].g, colours[u].b);
      QVERIFY2(drawn == it->second, qPrintable(QStringLiteral("node %1 (%2)").arg(u).arg(qs(types->text[u]))));
    }
    save_screenshot(*w, "legendDock", "explorer-colour-by-cell-type.png");

    // A number: the ramp spans the brute-force degree range.
    choose_in_menu(*w, "colourByMenu", QStringLiteral("colourBy:degree"));
    const auto* colouring = w->attribute_view()->colouring();
    QVERIFY(colouring && colouring->numeric);
    std::vector<std::int64_t> degree(g.n, 0);
    for (std::int32_t u = 0; u < g.n; ++u)
      for (std::int64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) ++degree[u], ++degree[g.heads[a]];
    QCOMPARE(colouring->min, static_cast<double>(*std::min_element(degree.begin(), degree.end())));
    QCOMPARE(colouring->max, static_cast<double>(*std::max_element(degree.begin(), degree.end())));
    QVERIFY(w->colour_legend()->ramp()->isVisibleTo(w->colour_legend()));

    choose_in_menu(*w, "colourByMenu", QStringLiteral("colourBy:"));
    QVERIFY(!w->attribute_view()->colouring());
    QVERIFY(w->view()->node_colours().empty());
  }

  void filter_keeps_exactly_the_ticked_values() {
    const std::uint64_t seed = test_support::fresh_seed();
    std::mt19937_64 rng(seed);
    const QString spec = QStringLiteral("connectome:n=%1,seed=%2,types=%3").arg(300 + seed % 400).arg(seed % 100000).arg(4 + seed % 30);
    auto w = test_support::open_explorer(spec);
    QVERIFY(w);
    const Graph& g = w->session()->graph();
    auto* panel = w->attribute_filter();
    const char* const attributes[] = {"super_class", "cell_type", "side", "nt_type"};
    const char* attribute = attributes[rng() % 4];
    const AttributeColumn* column = g.node_attributes.find(attribute);
    QVERIFY(column);
    panel->attribute_box()->setCurrentIndex(panel->attribute_box()->findData(QLatin1String(attribute)));
    QCOMPARE(w->selection()->view().filter_attribute, std::string(attribute));
    auto* values = panel->values();
    QCOMPARE(values->count(), static_cast<int>(scan_counts(*column, g.n).size()));
    // Untick a random part: the first value stays ticked, the last (when not the first) goes.
    QVERIFY(values->count() > 1);
    std::set<std::string> kept;
    for (int i = 0; i < values->count(); ++i) {
      auto* item = values->item(i);
      const bool keep = i == 0 || (i + 1 < values->count() && rng() % 2);
      if (!keep) item->setCheckState(Qt::Unchecked);
      if (keep) kept.insert(item->data(Qt::UserRole).toString().toStdString());
    }
    std::int64_t expected_shown = 0;
    std::vector<char> shown(g.n, 0);
    for (std::int32_t u = 0; u < g.n; ++u) {
      shown[u] = kept.count(column->has(u) ? column->text[u] : std::string()) > 0;
      expected_shown += shown[u];
      QCOMPARE(w->view()->node_shown(u), bool(shown[u]));
    }
    QVERIFY(w->status_text().contains(
        QStringLiteral("showing %1 of %2 nodes").arg(QLocale().toString(expected_shown), QLocale().toString(g.n))));
    // The arcs drawn are exactly those between shown nodes.
    const auto& all = w->session()->drawn.arcs;
    std::vector<std::int32_t> expected_arcs;
    for (std::size_t a = 0; a + 1 < all.size(); a += 2)
      if (shown[all[a]] && shown[all[a + 1]]) expected_arcs.insert(expected_arcs.end(), {all[a], all[a + 1]});
    QVERIFY(w->view()->drawn_arcs() == expected_arcs);
    // Hidden nodes are drawn transparent and cannot be clicked; shown ones keep their colour.
    const auto colours = w->view()->drawn_colours(pathscope::render::Style{});
    for (std::int32_t u = 0; u < g.n; ++u) QCOMPARE(colours[u].a > 0, bool(shown[u]));
    w->view()->grabFramebuffer();
    for (std::int32_t u = 0; u < g.n; ++u) {
      if (shown[u]) continue;
      QVERIFY(w->view()->node_at(w->view()->node_screen_position(u)) != u);
    }
    for (const auto& t : w->view()->last_label_texts()) QVERIFY(!t.text.isEmpty());
    save_screenshot(*w, "filterDock", "explorer-attribute-filter.png");
    // The find box finds only shown nodes: a kept value all its nodes, a hidden one none.
    const auto counts = scan_counts(*column, g.n);
    for (const auto& [value, count] : counts) {
      if (value.empty()) continue;
      const auto found = w->find_nodes(qs(value)).all_nodes();
      for (const auto u : found) QVERIFY(shown[u]);
      if (!kept.count(value)) QVERIFY2(std::none_of(found.begin(), found.end(), [&](std::int32_t u) {
        return column->has(u) && column->text[u] == value;
      }), value.c_str());
      if (kept.count(value)) QVERIFY2(std::count_if(found.begin(), found.end(), [&](std::int32_t u) {
        return column->has(u) && column->text[u] == value;
      }) == count, value.c_str());
    }

    // "Show every node" clears the filter and the status says so.
    panel->attribute_box()->setCurrentIndex(0);
    QVERIFY(w->selection()->view().filter_attribute.empty());
    for (std::int32_t u = 0; u < g.n; ++u) QVERIFY(w->view()->node_shown(u));
    QVERIFY(!w->status_text().contains(QStringLiteral("showing")));
  }

  void label_by_attribute_and_png_holds_legend_colours() {
    const std::uint64_t seed = test_support::fresh_seed();
    std::mt19937_64 rng(seed);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const Neurons neurons = write_graphml(dir.path(), rng);
    QVERIFY(!neurons.file.isEmpty());
    auto w = test_support::open_explorer(neurons.file);
    QVERIFY(w);
    const Graph& g = w->session()->graph();
    QCOMPARE(g.n, static_cast<std::int32_t>(neurons.kinds.size()));
    // The file's node u, by its id (the reader may order nodes its own way).
    std::map<std::int64_t, int> written;
    for (std::size_t i = 0; i < neurons.ids.size(); ++i) written[neurons.ids[i]] = static_cast<int>(i);
    auto file_index = [&](std::int32_t u) { return written.at(g.display_id(u)); };

    // By name: no names here, so a typed neuron reads "TYPE (…last four digits)", the rest their id.
    std::set<QString> names;
    for (std::int32_t u = 0; u < g.n; ++u) {
      const int i = file_index(u);
      const QString id = QString::number(neurons.ids[i]);
      names.insert(neurons.types[i].empty() ? id : qs(neurons.types[i]) + QStringLiteral(" (\u2026") + id.right(4) + QLatin1Char(')'));
    }
    w->view()->grabFramebuffer();
    QVERIFY(!w->view()->last_label_texts().empty());
    for (const auto& t : w->view()->last_label_texts()) QVERIFY2(names.count(t.text), qPrintable(t.text));

    // The path panel's Name column says the same (the ring's path: every node once).
    w->select_node(0);
    w->select_node(g.n / 2);
    QTRY_VERIFY(w->current_path().reachable);
    auto* hops = w->path_panel()->table();
    QCOMPARE(hops->rowCount(), static_cast<int>(w->current_path().nodes.size()));
    for (int row = 0; row < hops->rowCount(); ++row) {
      const auto u = w->current_path().nodes[static_cast<std::size_t>(row)];
      const int i = file_index(u);
      const QString id = QString::number(neurons.ids[i]);
      const QString expected = neurons.types[i].empty() ? QString() : qs(neurons.types[i]) + QStringLiteral(" (\u2026") + id.right(4) + QLatin1Char(')');
      QCOMPARE(hops->item(row, 2)->text(), expected);
    }

    choose_in_menu(*w, "labelByMenu", QStringLiteral("labelBy:kind"));
    w->view()->grabFramebuffer();
    // Every label is a node's kind, or for a node without one its display name; some are kinds.
    std::set<QString> allowed = names;
    std::set<QString> kind_values;
    for (const auto& k : neurons.kinds)
      if (!k.empty()) kind_values.insert(qs(k));
    allowed.insert(kind_values.begin(), kind_values.end());
    int kind_labels = 0;
    QVERIFY(!w->view()->last_label_texts().empty());
    for (const auto& t : w->view()->last_label_texts()) {
      QVERIFY2(allowed.count(t.text), qPrintable(t.text));
      kind_labels += kind_values.count(t.text) > 0;
    }
    QVERIFY(kind_labels > 0);
    choose_in_menu(*w, "labelByMenu", QStringLiteral("labelBy:(id)"));
    w->view()->grabFramebuffer();
    for (const auto& t : w->view()->last_label_texts()) {
      bool number = false;
      t.text.toLongLong(&number);
      QVERIFY2(number, qPrintable(t.text));
    }

    // Nothing chosen, so no highlight dims the colours in the image.
    w->select_stops({});
    QVERIFY(!w->selection()->has_pair() && w->current_path().nodes.empty());
    choose_in_menu(*w, "colourByMenu", QStringLiteral("colourBy:kind"));
    const auto* colouring = w->attribute_view()->colouring();
    QVERIFY(colouring && !colouring->numeric);
    const QString png = dir.filePath(QStringLiteral("view.png"));
    w->export_png(png, QSize(900, 700));
    const QImage image(png);
    QVERIFY(!image.isNull());
    std::set<QRgb> pixels;
    for (int y = 0; y < image.height(); ++y)
      for (int x = 0; x < image.width(); ++x) pixels.insert(image.pixel(x, y) | 0xff000000u);
    for (const auto& entry : colouring->entries) {
      QVERIFY2(pixels.count(qRgb(entry.colour.r, entry.colour.g, entry.colour.b)), entry.label.c_str());
    }
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(ExplorerAttributesTest)
#include "test_explorer_attributes.moc"
