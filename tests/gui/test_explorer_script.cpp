// The explorer's script mode (--quit) run as a script runs it: the real binary, its exit code,
// its messages and the files it leaves. A script must be able to trust the exit code: every
// failure is non-zero, and a failed run leaves no output file, not even half of a pair.
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <vector>

#include "explorer_fixture.hpp"
#include "fresh_seed.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/io/random_graph.hpp"
#include "pathscope/runtime/version.hpp"
#include "pathscope_render/renderer.hpp"

namespace {

// The exit codes the explorer's --help documents.
constexpr int kOk = 0, kFailed = 1, kUsage = 2, kNoPath = 3;

struct Outcome {
  bool finished = false;
  int exit_code = -1;
  QString out, err;
};

enum class DisplayAccess { Given, None };

// A hang must fail the test, not block it. DisplayAccess::None: no X server, no Wayland and no
// platform asked for, as in a cron job or on the GPU machine.
Outcome run_program(const QString& program, const QString& dir, const QStringList& arguments,
                    DisplayAccess display = DisplayAccess::Given) {
  QProcess explorer;
  explorer.setWorkingDirectory(dir);
  auto env = QProcessEnvironment::systemEnvironment();
  env.insert(QStringLiteral("XDG_CACHE_HOME"), dir + QStringLiteral("/cache"));
  env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir + QStringLiteral("/config"));
  if (display == DisplayAccess::None) {
    for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) env.remove(QString::fromLatin1(name));
  }
  explorer.setProcessEnvironment(env);
  explorer.start(program, arguments);
  Outcome outcome;
  outcome.finished = explorer.waitForFinished(120000);
  if (!outcome.finished) {
    explorer.kill();
    explorer.waitForFinished(10000);
  }
  outcome.exit_code = explorer.exitStatus() == QProcess::NormalExit ? explorer.exitCode() : -1;
  outcome.out = QString::fromLocal8Bit(explorer.readAllStandardOutput());
  outcome.err = QString::fromLocal8Bit(explorer.readAllStandardError());
  return outcome;
}

Outcome run_explorer(const QString& dir, const QStringList& arguments, DisplayAccess display = DisplayAccess::Given) {
  return run_program(QStringLiteral(PATHSCOPE_EXPLORER), dir, arguments, display);
}

QString describe(const Outcome& o) {
  return QStringLiteral("finished %1, exit code %2\nstdout: %3\nstderr: %4")
      .arg(o.finished)
      .arg(o.exit_code)
      .arg(o.out, o.err);
}

struct Arc {
  int from, to;  // DIMACS ids, from 1
  double cost;
};

void write_dimacs(const QString& file, int n, const std::vector<Arc>& arcs) {
  QFile f(file);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(QStringLiteral("p sp %1 %2\n").arg(n).arg(arcs.size()).toUtf8());
  for (const auto& a : arcs) f.write(QStringLiteral("a %1 %2 %3\n").arg(a.from).arg(a.to).arg(a.cost).toUtf8());
}

// Bellman-Ford on the arc list, written here: the reference the explorer's answer is held to.
double reference_distance(int n, const std::vector<Arc>& arcs, int source, int target) {
  std::vector<double> d(n + 1, std::numeric_limits<double>::infinity());
  d[source] = 0;
  for (int round = 0; round < n; ++round) {
    for (const auto& a : arcs) d[a.to] = std::min(d[a.to], d[a.from] + a.cost);
  }
  return d[target];
}

// Everything in the folder except the inputs: outputs and any temporary left behind.
QStringList outputs_in(const QString& dir, const QStringList& inputs) {
  QStringList found;
  for (const auto& name : QDir(dir).entryList(QDir::Files)) {
    if (!inputs.contains(name)) found << name;
  }
  return found;
}

// The path document without what only one of the two programs adds: where each node is drawn
// (the explorer's layout), how the graph was loaded, timings, the tool's name.
nlohmann::json comparable_path(nlohmann::json doc) {
  for (const char* key : {"tool", "version", "timings", "load"}) doc.erase(key);
  for (const char* end : {"source", "target"}) {
    if (doc.contains(end)) doc[end].erase("position");
  }
  if (doc.contains("nodes")) {
    for (auto& node : doc["nodes"]) node.erase("position");
  }
  return doc;
}

nlohmann::json read_json_file(const QString& file) {
  QFile f(file);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
}

// Breadth-first search written here: the nodes reached from `start` by one arc or more
// (start itself only when it is on a cycle), as DIMACS ids.
std::vector<int> reference_reach(int n, const std::vector<Arc>& arcs, int start, bool upstream) {
  std::vector<std::vector<int>> next(n + 1);
  for (const auto& a : arcs) (upstream ? next[a.to] : next[a.from]).push_back(upstream ? a.from : a.to);
  std::vector<bool> seen(n + 1, false);
  std::vector<int> queue(next[start].begin(), next[start].end());
  for (int v : queue) seen[v] = true;
  for (std::size_t i = 0; i < queue.size(); ++i) {
    for (int w : next[queue[i]]) {
      if (!seen[w]) {
        seen[w] = true;
        queue.push_back(w);
      }
    }
  }
  std::vector<int> reached;
  for (int v = 1; v <= n; ++v) {
    if (seen[v]) reached.push_back(v);
  }
  return reached;
}

}  // namespace

class ExplorerScriptTest : public QObject {
  Q_OBJECT
 private:
  pathscope::SplitMix64 rng_{test_support::fresh_seed()};

  // The explorer must fail with `code` and a message containing `message`, one line with one
  // "pathscope:" prefix, and leave nothing in `dir` but the inputs.
  static void expect_failure(const Outcome& o, int code, const QString& message, const QString& dir,
                             const QStringList& inputs) {
    QVERIFY2(o.finished, qPrintable(describe(o)));
    QVERIFY2(o.exit_code == code, qPrintable(describe(o)));
    QVERIFY2(o.err.contains(message), qPrintable(describe(o)));
    QVERIFY2(o.err.count(QStringLiteral("pathscope:")) == 1, qPrintable(describe(o)));
    QVERIFY2(!o.out.contains(QStringLiteral("wrote")), qPrintable(describe(o)));
    const auto left = outputs_in(dir, inputs);
    QVERIFY2(left.isEmpty(), qPrintable(QStringLiteral("left behind: ") + left.join(QLatin1Char(' '))));
  }

 private Q_SLOTS:
  // The three-node cycle of cost -2, and a random cycle of negative cost with other
  // arcs around it: the search from a node on the cycle fails, and so must the script.
  void negative_cycle_fails_and_writes_nothing() {
    for (int trial = 0; trial < 2; ++trial) {
      QTemporaryDir dir;
      QVERIFY(dir.isValid());
      int n = 3;
      std::vector<Arc> arcs = {{1, 2, 1}, {2, 3, -2}, {3, 1, -1}};
      int source = 1, target = 3;
      if (trial == 1) {
        n = 4 + static_cast<int>(rng_.below(40));
        const int cycle_length = 2 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(n - 1)));
        arcs.clear();
        double cycle_cost = 0;
        for (int i = 1; i < cycle_length; ++i) {
          const double cost = 1 + rng_.below(9);
          arcs.push_back({i, i + 1, cost});
          cycle_cost += cost;
        }
        arcs.push_back({cycle_length, 1, -cycle_cost - 1 - rng_.below(5)});
        for (int i = 0; i < 2 * n; ++i) {
          const int u = 1 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(n)));
          const int v = 1 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(n)));
          if (u != v && (u > cycle_length || v > cycle_length)) arcs.push_back({u, v, 1.0 + rng_.below(20)});
        }
        source = 1 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(cycle_length)));
        target = 1 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(cycle_length)));
      }
      write_dimacs(dir.filePath(QStringLiteral("negcycle.gr")), n, arcs);
      const auto o = run_explorer(dir.path(), {QStringLiteral("negcycle.gr"), QStringLiteral("--path"),
                                               QString::number(source), QString::number(target),
                                               QStringLiteral("--export-json"), QStringLiteral("J.json"),
                                               QStringLiteral("--export-png"), QStringLiteral("P.png"),
                                               QStringLiteral("--quit")});
      expect_failure(o, kFailed, QStringLiteral("negative cycle"), dir.path(), {QStringLiteral("negcycle.gr")});
    }
  }

  // Two components with no arc between them, drawn fresh each run: a pair across them has no
  // path (exit code 3, the CLI's words), a pair inside one has the reference distance.
  void unreachable_pair_exits_with_no_path() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const int first = 2 + static_cast<int>(rng_.below(30)), second = 2 + static_cast<int>(rng_.below(30));
    const int n = first + second;
    std::vector<Arc> arcs;
    for (const auto& [begin, size] : {std::pair{1, first}, std::pair{first + 1, second}}) {
      for (int i = 0; i < size; ++i) arcs.push_back({begin + i, begin + (i + 1) % size, 1.0 + rng_.below(50)});
      for (int i = 0; i < 2 * size; ++i) {
        const int u = begin + static_cast<int>(rng_.below(static_cast<std::uint32_t>(size)));
        const int v = begin + static_cast<int>(rng_.below(static_cast<std::uint32_t>(size)));
        if (u != v) arcs.push_back({u, v, 1.0 + rng_.below(50)});
      }
    }
    write_dimacs(dir.filePath(QStringLiteral("split.gr")), n, arcs);
    const int s = 1 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(first)));
    const int t = first + 1 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(second)));
    const bool backwards = rng_.below(2) == 1;  // either direction crosses the gap
    const int from = backwards ? t : s, to = backwards ? s : t;
    QVERIFY(std::isinf(reference_distance(n, arcs, from, to)));
    const QStringList exports = {QStringLiteral("--export-json"), QStringLiteral("J.json"),
                                 QStringLiteral("--export-png"), QStringLiteral("P.png"), QStringLiteral("--quit")};
    const auto o = run_explorer(dir.path(), QStringList{QStringLiteral("split.gr"), QStringLiteral("--path"),
                                                        QString::number(from), QString::number(to)} + exports);
    expect_failure(o, kNoPath, QStringLiteral("no path from %1 to %2").arg(from).arg(to), dir.path(),
                   {QStringLiteral("split.gr")});

    // Inside the first component (a ring, so always reachable): both files, the reference distance.
    const int t2 = 1 + static_cast<int>((s - 1 + 1 + rng_.below(static_cast<std::uint32_t>(first - 1))) % first);
    const auto ok = run_explorer(dir.path(), QStringList{QStringLiteral("split.gr"), QStringLiteral("--path"),
                                                         QString::number(s), QString::number(t2)} + exports);
    QVERIFY2(ok.finished && ok.exit_code == kOk, qPrintable(describe(ok)));
    QFile json(dir.filePath(QStringLiteral("J.json")));
    QVERIFY(json.open(QIODevice::ReadOnly));
    const auto doc = nlohmann::json::parse(json.readAll().toStdString());
    QCOMPARE(doc["reachable"].get<bool>(), true);
    QCOMPARE(doc["source"]["id"].get<long long>(), static_cast<long long>(s));
    QCOMPARE(doc["target"]["id"].get<long long>(), static_cast<long long>(t2));
    QCOMPARE(doc["distance"].get<double>(), reference_distance(n, arcs, s, t2));
    QVERIFY(!QImage(dir.filePath(QStringLiteral("P.png"))).isNull());
  }

  // The PNG cannot be written (its folder does not exist): the JSON, which could be, must not
  // be left behind either.
  void failed_png_leaves_no_json() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    write_dimacs(dir.filePath(QStringLiteral("line.gr")), 3, {{1, 2, 4}, {2, 3, 5}});
    const auto o = run_explorer(dir.path(), {QStringLiteral("line.gr"), QStringLiteral("--path"), QStringLiteral("1"),
                                             QStringLiteral("3"), QStringLiteral("--export-json"), QStringLiteral("J.json"),
                                             QStringLiteral("--export-png"), QStringLiteral("missing/P.png"),
                                             QStringLiteral("--quit")});
    expect_failure(o, kFailed, QStringLiteral("missing/P.png"), dir.path(), {QStringLiteral("line.gr")});
  }

  // An engine name nobody knows is a usage error that lists the names there are.
  void unknown_engine_is_refused() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    write_dimacs(dir.filePath(QStringLiteral("line.gr")), 3, {{1, 2, 4}, {2, 3, 5}});
    const auto o = run_explorer(dir.path(), {QStringLiteral("line.gr"), QStringLiteral("--path"), QStringLiteral("1"),
                                             QStringLiteral("3"), QStringLiteral("--engine"), QStringLiteral("warp-drive"),
                                             QStringLiteral("--export-json"), QStringLiteral("J.json"), QStringLiteral("--quit")});
    expect_failure(o, kUsage, QStringLiteral("warp-drive"), dir.path(), {QStringLiteral("line.gr")});
    for (const auto& name : pathscope::apsp_engine_names()) {
      QVERIFY2(o.err.contains(QString::fromStdString(name)), qPrintable(describe(o)));
    }
  }

  // --path takes two values that are not options: one value before --quit or --export-json
  // is a usage error naming what is missing, at once (not a window waiting for ever).
  void path_with_one_value_is_a_usage_error() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    write_dimacs(dir.filePath(QStringLiteral("line.gr")), 3, {{1, 2, 4}, {2, 3, 5}});
    const QStringList inputs = {QStringLiteral("line.gr")};
    const auto quit = run_explorer(dir.path(), {QStringLiteral("line.gr"), QStringLiteral("--path"), QStringLiteral("1"),
                                                QStringLiteral("--quit")});
    expect_failure(quit, kUsage, QStringLiteral("--path is missing its target"), dir.path(), inputs);
    const auto json = run_explorer(dir.path(), {QStringLiteral("line.gr"), QStringLiteral("--path"), QStringLiteral("1"),
                                                QStringLiteral("--export-json"), QStringLiteral("x.json"), QStringLiteral("--quit")});
    expect_failure(json, kUsage, QStringLiteral("--path is missing its target"), dir.path(), inputs);
    QVERIFY2(!json.err.contains(QStringLiteral("unexpected argument")), qPrintable(describe(json)));
    const auto none = run_explorer(dir.path(), {QStringLiteral("line.gr"), QStringLiteral("--path"), QStringLiteral("--quit")});
    expect_failure(none, kUsage, QStringLiteral("--path is missing its source and target"), dir.path(), inputs);
  }

  // A device that is always full: both exports must report the failure. A private node of the
  // same device where the test may make one, so that a regression cannot replace the system's
  // /dev/full with a regular file (renaming a temporary onto it, as root).
  void full_device_exports_fail() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    write_dimacs(dir.filePath(QStringLiteral("line.gr")), 3, {{1, 2, 4}, {2, 3, 5}});
    QString full = dir.filePath(QStringLiteral("full"));
    const dev_t full_device = makedev(1, 7);
    if (::mknod(full.toLocal8Bit().constData(), S_IFCHR | 0666, full_device) != 0) {
      if (::access("/dev", W_OK) == 0) QSKIP("cannot make a private full device, and /dev/full is not safe to use here");
      full = QStringLiteral("/dev/full");
    }
    const QStringList inputs = {QStringLiteral("line.gr"), QStringLiteral("full")};
    for (const auto* option : {"--export-json", "--export-png"}) {
      const auto o = run_explorer(dir.path(), {QStringLiteral("line.gr"), QStringLiteral("--path"), QStringLiteral("1"),
                                               QStringLiteral("3"), QString::fromLatin1(option), full, QStringLiteral("--quit")});
      struct stat after {};
      QVERIFY2(::stat(full.toLocal8Bit().constData(), &after) == 0 && S_ISCHR(after.st_mode) && after.st_rdev == full_device,
               qPrintable(full + QStringLiteral(" is no longer the full device")));
      expect_failure(o, kFailed, QStringLiteral("No space left on device"), dir.path(), inputs);
    }
  }

  // An export onto the graph the run opened (by its name, ./name, or a symlink to it) would
  // destroy it: a usage error, the graph left as it was, nothing else written.
  void export_onto_its_own_graph_is_refused() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString graph = dir.filePath(QStringLiteral("line.gr"));
    write_dimacs(graph, 3, {{1, 2, 4}, {2, 3, 5}});
    QFile original(graph);
    QVERIFY(original.open(QIODevice::ReadOnly));
    const QByteArray before = original.readAll();
    original.close();
    QVERIFY(QFile::link(graph, dir.filePath(QStringLiteral("link.gr"))));
    const QStringList inputs = {QStringLiteral("line.gr"), QStringLiteral("link.gr")};
    for (const auto* option : {"--export-json", "--export-png"}) {
      for (const auto* target : {"line.gr", "./line.gr", "link.gr"}) {
        const auto o = run_explorer(dir.path(), {QStringLiteral("line.gr"), QStringLiteral("--path"), QStringLiteral("1"),
                                                 QStringLiteral("3"), QString::fromLatin1(option),
                                                 QString::fromLatin1(target), QStringLiteral("--quit")});
        expect_failure(o, kUsage, QStringLiteral("is an input of this command"), dir.path(), inputs);
        QFile after(graph);
        QVERIFY(after.open(QIODevice::ReadOnly));
        QVERIFY2(after.readAll() == before, qPrintable(QString::fromLatin1(option) + QLatin1Char(' ') + target));
      }
    }
  }

  // A scripted run is not the person's: it opens a graph and writes its exports, and leaves the
  // settings (recent files) as it found them, here an empty private folder.
  void script_mode_leaves_settings_alone() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const int n = 3 + static_cast<int>(rng_.below(20));
    std::vector<Arc> arcs;
    for (int i = 1; i < n; ++i) arcs.push_back({i, i + 1, 1.0 + rng_.below(50)});
    write_dimacs(dir.filePath(QStringLiteral("line.gr")), n, arcs);
    const auto o = run_explorer(dir.path(), {QStringLiteral("line.gr"), QStringLiteral("--path"), QStringLiteral("1"),
                                             QString::number(n), QStringLiteral("--export-json"),
                                             QStringLiteral("p.json"), QStringLiteral("--quit")});
    QVERIFY2(o.finished && o.exit_code == kOk, qPrintable(describe(o)));
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("p.json"))));
    const QDir config(dir.filePath(QStringLiteral("config")));
    const QStringList written = config.exists() ? config.entryList(QDir::AllEntries | QDir::NoDotAndDotDot) : QStringList();
    QVERIFY2(written.isEmpty(), qPrintable(QStringLiteral("script mode wrote settings: ") + written.join(' ')));
  }

  // No X server and no platform asked for: the explorer runs offscreen (the PNG through EGL)
  // instead of aborting in Qt's xcb plugin. A fresh strongly connected graph; the JSON must be
  // the CLI's path, the PNG the size asked for with the path in the highlight colour.
  void no_display_script_writes_json_and_png() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const int n = 20 + static_cast<int>(rng_.below(200));
    std::vector<Arc> arcs;
    for (int i = 1; i <= n; ++i) arcs.push_back({i, i % n + 1, 1.0 + rng_.below(1000000)});
    for (int i = 0; i < 2 * n; ++i) {
      const int u = 1 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(n)));
      const int v = 1 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(n)));
      if (u != v) arcs.push_back({u, v, 1.0 + rng_.below(1000000)});
    }
    write_dimacs(dir.filePath(QStringLiteral("ring.gr")), n, arcs);
    const int s = 1 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(n)));
    const int t = 1 + static_cast<int>((s + rng_.below(static_cast<std::uint32_t>(n - 1))) % n);
    const int width = 400 + static_cast<int>(rng_.below(800)), height = 300 + static_cast<int>(rng_.below(600));
    const auto o = run_explorer(dir.path(),
                                {QStringLiteral("ring.gr"), QStringLiteral("--path"), QString::number(s), QString::number(t),
                                 QStringLiteral("--export-json"), QStringLiteral("J.json"), QStringLiteral("--export-png"),
                                 QStringLiteral("P.png"), QStringLiteral("--size"),
                                 QStringLiteral("%1x%2").arg(width).arg(height), QStringLiteral("--quit")},
                                DisplayAccess::None);
    QVERIFY2(o.finished && o.exit_code == kOk, qPrintable(describe(o)));

    const auto cli = run_program(QStringLiteral(PATHSCOPE_CLI), dir.path(),
                                 {QStringLiteral("path"), QStringLiteral("ring.gr"), QString::number(s), QString::number(t),
                                  QStringLiteral("--json")});
    QVERIFY2(cli.finished && cli.exit_code == kOk, qPrintable(describe(cli)));
    const auto explorer_doc = comparable_path(read_json_file(dir.filePath(QStringLiteral("J.json"))));
    const auto cli_doc = comparable_path(nlohmann::json::parse(cli.out.toStdString()));
    QVERIFY2(explorer_doc == cli_doc, qPrintable(QString::fromStdString("explorer " + explorer_doc.dump() + "\ncli " + cli_doc.dump())));
    QCOMPARE(explorer_doc["distance"].get<double>(), reference_distance(n, arcs, s, t));

    const QImage image(dir.filePath(QStringLiteral("P.png")));
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(width, height));
    const auto highlight = pathscope::render::to_rgb8(pathscope::render::Style{}.path);
    int highlighted = 0;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y) {
      const auto* row = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
      for (int x = 0; x < rgb.width(); ++x) {
        highlighted += qRed(row[x]) == highlight.r && qGreen(row[x]) == highlight.g && qBlue(row[x]) == highlight.b;
      }
    }
    QVERIFY2(highlighted > 50, qPrintable(QStringLiteral("%1 pixels in the highlight colour").arg(highlighted)));
  }

  // A window cannot open without a display: one line that says so, the documented exit code,
  // never Qt's abort. --help and --version need no display.
  void no_display_window_is_refused_with_one_line() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    write_dimacs(dir.filePath(QStringLiteral("line.gr")), 3, {{1, 2, 4}, {2, 3, 5}});
    for (const QStringList& arguments : {QStringList{QStringLiteral("line.gr")},
                                         QStringList{QStringLiteral("line.gr"), QStringLiteral("--bench-frames"), QStringLiteral("3")}}) {
      const auto o = run_explorer(dir.path(), arguments, DisplayAccess::None);
      expect_failure(o, kFailed, QStringLiteral("no display"), dir.path(), {QStringLiteral("line.gr")});
    }
    const auto help = run_explorer(dir.path(), {QStringLiteral("--help")}, DisplayAccess::None);
    QVERIFY2(help.finished && help.exit_code == kOk && help.out.contains(QStringLiteral("--export-png")), qPrintable(describe(help)));
  }

  // --reach with --export-json writes the reach set as File › Export Reach Set does: on a fresh
  // random graph, downstream and upstream, the same nodes as a breadth-first search written here
  // and as pathscope-cli reach. Without a display, as a scheduled job runs it.
  void reach_export_matches_breadth_first_search() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const int n = 10 + static_cast<int>(rng_.below(150));
    std::vector<Arc> arcs;
    const int m = static_cast<int>(n * (1 + rng_.below(3)) / 2);
    for (int i = 0; i < m; ++i) {
      const int u = 1 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(n)));
      const int v = 1 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(n)));
      if (u != v) arcs.push_back({u, v, 1.0 + rng_.below(9)});
    }
    arcs.push_back({1, 2, 1});  // node 1 reaches at least one node
    write_dimacs(dir.filePath(QStringLiteral("sparse.gr")), n, arcs);
    for (const bool upstream : {false, true}) {
      int start = 1 + static_cast<int>(rng_.below(static_cast<std::uint32_t>(n)));
      if (reference_reach(n, arcs, start, upstream).empty()) start = upstream ? 2 : 1;
      QStringList arguments = {QStringLiteral("sparse.gr"), QStringLiteral("--reach"), QString::number(start),
                               QStringLiteral("--export-json"), QStringLiteral("R.json"), QStringLiteral("--quit")};
      if (upstream) arguments << QStringLiteral("--upstream");
      const auto o = run_explorer(dir.path(), arguments, DisplayAccess::None);
      QVERIFY2(o.finished && o.exit_code == kOk, qPrintable(describe(o)));
      const auto doc = read_json_file(dir.filePath(QStringLiteral("R.json")));
      QCOMPARE(doc["kind"].get<std::string>(), std::string("reach"));
      QCOMPARE(doc["direction"].get<std::string>(), std::string(upstream ? "upstream" : "downstream"));
      QCOMPARE(doc["start"]["id"].get<int>(), start);
      std::vector<int> exported;
      for (const auto& node : doc["nodes"]) exported.push_back(node["id"].get<int>());
      std::sort(exported.begin(), exported.end());
      const auto reference = reference_reach(n, arcs, start, upstream);
      QVERIFY2(exported == reference, qPrintable(QStringLiteral("start %1, %2 exported, %3 by the reference")
                                                     .arg(start).arg(exported.size()).arg(reference.size())));
      QCOMPARE(doc["count"].get<std::size_t>(), reference.size());

      QStringList cli_arguments = {QStringLiteral("reach"), QStringLiteral("sparse.gr"), QString::number(start), QStringLiteral("--json")};
      if (upstream) cli_arguments << QStringLiteral("--reverse");
      const auto cli = run_program(QStringLiteral(PATHSCOPE_CLI), dir.path(), cli_arguments);
      QVERIFY2(cli.finished && cli.exit_code == kOk, qPrintable(describe(cli)));
      std::vector<int> by_cli;
      const auto cli_doc = nlohmann::json::parse(cli.out.toStdString());
      for (const auto& node : cli_doc["nodes"]) by_cli.push_back(node["id"].get<int>());
      std::sort(by_cli.begin(), by_cli.end());
      QVERIFY2(by_cli == reference, qPrintable(QStringLiteral("start %1: %2 by pathscope-cli reach, %3 by the reference")
                                                   .arg(start).arg(by_cli.size()).arg(reference.size())));
    }
  }

  // One version string, from one home, in every front end's --version.
  void version_is_the_same_everywhere() {
    const QString version = QString::fromLatin1(pathscope::pathscope_version());
    const auto explorer = run_explorer(QDir::tempPath(), {QStringLiteral("--version")}, DisplayAccess::None);
    QVERIFY2(explorer.finished && explorer.exit_code == kOk, qPrintable(describe(explorer)));
    QCOMPARE(explorer.out.trimmed(), QStringLiteral("pathscope ") + version);
    const auto cli = run_program(QStringLiteral(PATHSCOPE_CLI), QDir::tempPath(), {QStringLiteral("--version")});
    QVERIFY2(cli.finished && cli.exit_code == kOk, qPrintable(describe(cli)));
    QCOMPARE(cli.out.trimmed(), QStringLiteral("pathscope-cli ") + version);
  }

  // Every option --help names (in the list, the formats or the exit codes) is one the explorer
  // accepts: given with a value and --help, it prints the help rather than an unknown-option
  // error. An option nobody knows is a usage error (exit 2).
  void help_names_only_accepted_options() {
    const auto help = run_explorer(QDir::tempPath(), {QStringLiteral("--help")}, DisplayAccess::None);
    QVERIFY2(help.finished && help.exit_code == kOk, qPrintable(describe(help)));
    QSet<QString> named;
    const QRegularExpression option(QStringLiteral("(?<![\\w-])(--[a-z][a-z-]*)"));
    for (auto it = option.globalMatch(help.out); it.hasNext();) named.insert(it.next().captured(1));
    QVERIFY2(named.size() > 15, qPrintable(help.out));
    for (const QString& name : named) {
      // The value after it: two for --path; a flag leaves its dummy as FILE, which --help ignores.
      QStringList arguments = {name, QStringLiteral("1")};
      if (name == QLatin1String("--path")) arguments << QStringLiteral("2");
      arguments << QStringLiteral("--help");
      const auto o = run_explorer(QDir::tempPath(), arguments, DisplayAccess::None);
      QVERIFY2(o.finished && o.exit_code == kOk, qPrintable(name + QStringLiteral(": ") + describe(o)));
    }
    const QString unknown = QStringLiteral("--no-such-option-%1").arg(rng_.below(100000));
    const auto o = run_explorer(QDir::tempPath(), {unknown}, DisplayAccess::None);
    // Qt's parser names it without its dashes.
    QVERIFY2(o.finished && o.exit_code == kUsage && o.err.contains(unknown.mid(2)), qPrintable(describe(o)));
  }

  // Numeric options outside the range their help gives are refused at once, naming the range.
  void numbers_outside_their_range_are_refused() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    write_dimacs(dir.filePath(QStringLiteral("line.gr")), 3, {{1, 2, 4}, {2, 3, 5}});
    const int too_many = 100001 + static_cast<int>(rng_.below(1000000));
    const int side = rng_.below(2) ? static_cast<int>(rng_.below(16)) : 16385 + static_cast<int>(rng_.below(100000));
    const struct {
      QStringList arguments;
      QString range;
    } cases[] = {
        {{QStringLiteral("--bench-frames"), QStringLiteral("0")}, QStringLiteral("1..100000")},
        {{QStringLiteral("--bench-frames"), QString::number(too_many)}, QStringLiteral("1..100000")},
        {{QStringLiteral("--path"), QStringLiteral("1"), QStringLiteral("3"), QStringLiteral("--export-png"),
          QStringLiteral("P.png"), QStringLiteral("--size"), QStringLiteral("%1x600").arg(side), QStringLiteral("--quit")},
         QStringLiteral("16..16384")},
    };
    for (const auto& c : cases) {
      const auto o = run_explorer(dir.path(), QStringList{QStringLiteral("line.gr")} + c.arguments, DisplayAccess::None);
      expect_failure(o, kUsage, c.range, dir.path(), {QStringLiteral("line.gr")});
    }
  }

  // The codes a script sees are documented where a person looks for them.
  void help_lists_exit_codes() {
    const auto o = run_explorer(QDir::tempPath(), {QStringLiteral("--help")});
    QVERIFY2(o.finished && o.exit_code == kOk, qPrintable(describe(o)));
    QVERIFY2(o.out.contains(QStringLiteral("Exit codes")) && o.out.contains(QStringLiteral("%1 --path found no path").arg(kNoPath)),
             qPrintable(describe(o)));
  }
};

PATHSCOPE_EXPLORER_TEST_MAIN(ExplorerScriptTest)

#include "test_explorer_script.moc"
