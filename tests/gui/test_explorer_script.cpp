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
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <vector>

#include "explorer_fixture.hpp"
#include "fresh_seed.hpp"
#include "pathscope/apsp/apsp.hpp"
#include "pathscope/io/random_graph.hpp"

namespace {

// The exit codes the explorer's --help documents.
constexpr int kOk = 0, kFailed = 1, kUsage = 2, kNoPath = 3;

struct Outcome {
  bool finished = false;
  int exit_code = -1;
  QString out, err;
};

// A hang must fail the test, not block it.
Outcome run_explorer(const QString& dir, const QStringList& arguments) {
  QProcess explorer;
  explorer.setWorkingDirectory(dir);
  auto env = QProcessEnvironment::systemEnvironment();
  env.insert(QStringLiteral("XDG_CACHE_HOME"), dir + QStringLiteral("/cache"));
  env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir + QStringLiteral("/config"));
  explorer.setProcessEnvironment(env);
  explorer.start(QStringLiteral(PATHSCOPE_EXPLORER), arguments);
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
