#include "script_options.hpp"

#include <QCommandLineParser>
#include <QRegularExpression>

#include "pathscope/apsp/apsp.hpp"
#include "pathscope/io/file_formats.hpp"
#include "pathscope/runtime/error.hpp"
#include "pathscope_ui_common/exit_codes.hpp"
#include "pathscope_ui_common/option_ranges.hpp"

namespace pathscope::app {

namespace {

// Node ids are never negative and names seldom start with a dash: "-" followed by a letter or
// another "-" is taken for an option.
bool looks_like_option(const QString& argument) {
  return argument.size() > 1 && argument[0] == QLatin1Char('-') && !argument[1].isDigit();
}

// --path takes two values, which QCommandLineParser cannot express: they come out here, and
// an option where a value belongs is a usage error, never taken as a node.
QStringList take_path_option(QStringList arguments, QString& source, QString& target) {
  bool seen = false;
  for (int i = 1; i < arguments.size(); ++i) {
    if (arguments[i] != QLatin1String("--path")) continue;
    if (seen) throw Error("--path is given twice");
    seen = true;
    int values = 0;
    while (values < 2 && i + 1 + values < arguments.size() && !looks_like_option(arguments[i + 1 + values])) ++values;
    if (values < 2) {
      throw Error(values == 0 ? std::string("--path is missing its source and target: --path SRC DST")
                              : "--path is missing its target after '" + arguments[i + 1].toStdString() +
                                    "': --path SRC DST");
    }
    source = arguments[i + 1];
    target = arguments[i + 2];
    arguments.remove(i, 3);
    --i;
  }
  return arguments;
}

QString exit_codes_help() {
  return QStringLiteral("\n\nExit codes with --quit: %1 done, %2 failed (file, node, job or export; nothing is written), "
                        "%3 wrong command line, %4 --path found no path (nothing is written).\n\n"
                        "Without a display (DISPLAY and WAYLAND_DISPLAY unset) the exports with --quit run offscreen; "
                        "a window, or --bench-frames, needs a display: without one the explorer says so and exits "
                        "with %2.")
      .arg(kExitOk)
      .arg(kExitFailed)
      .arg(kExitUsage)
      .arg(kExitNoPath);
}

}  // namespace

ScriptOptions parse_script_options(const QStringList& raw_arguments) {
  QString source_key, target_key;
  const QStringList arguments = take_path_option(raw_arguments, source_key, target_key);
  QCommandLineParser parser;
  parser.setApplicationDescription(
      QStringLiteral("pathscope: see a network, click two nodes, get the shortest path.\n\n") +
      QString::fromStdString(input_formats_help(InputKind::Graph) + input_formats_help(InputKind::NodeTable)) +
      exit_codes_help());
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("Graph file or generator spec to open"));
  const QCommandLineOption path({QStringLiteral("path")}, QStringLiteral("Path from SRC to DST (ids or names): --path SRC DST"), QStringLiteral("SRC DST"));
  const QCommandLineOption json({QStringLiteral("export-json")}, QStringLiteral("Write the path or tour as JSON, or with --reach the reach set (as File › Export Reach Set)"), QStringLiteral("OUT.json"));
  const QCommandLineOption png({QStringLiteral("export-png")}, QStringLiteral("Render the view to a PNG"), QStringLiteral("OUT.png"));
  const QCommandLineOption size({QStringLiteral("size")}, QStringLiteral("PNG size, WIDTHxHEIGHT, each side %1 (default 1600x1200)").arg(QString::fromStdString(kImageSideRange.text())), QStringLiteral("WxH"));
  const QCommandLineOption tour({QStringLiteral("tour")}, QStringLiteral("Best closed tour through these stops (ids or names, comma-separated), or 'all' for every node (TSPLIB: with the known optimum and gap)"), QStringLiteral("A,B,C|all"));
  const QCommandLineOption svg({QStringLiteral("export-svg")}, QStringLiteral("Write the view as SVG"), QStringLiteral("OUT.svg"));
  const QCommandLineOption theme({QStringLiteral("theme")}, QStringLiteral("Colours of the PNG and SVG: dark (default) or light"), QStringLiteral("dark|light"));
  const QCommandLineOption reach({QStringLiteral("reach")}, QStringLiteral("Highlight what NODE reaches; counts on stdout"), QStringLiteral("NODE"));
  const QCommandLineOption upstream({QStringLiteral("upstream")}, QStringLiteral("With --reach: what reaches NODE instead"));
  const QCommandLineOption quit({QStringLiteral("quit")}, QStringLiteral("Quit after the exports"));
  const QCommandLineOption format({QStringLiteral("input-format")}, QString::fromStdString("Reader: " + format_names(InputKind::Graph)), QStringLiteral("NAME"));
  const QCommandLineOption cost({QStringLiteral("cost-rule")}, QStringLiteral("Edge tables: weight, hops, inverse, max-minus"), QStringLiteral("RULE"));
  const QCommandLineOption min_weight({QStringLiteral("min-weight")}, QStringLiteral("Edge tables: drop connections weaker than W"), QStringLiteral("W"));
  const QCommandLineOption weight_attribute({QStringLiteral("weight-attribute")}, QStringLiteral("JSON, GraphML, GEXF, GML: the edge attribute that holds the cost (default: weight, if present)"), QStringLiteral("NAME"));
  const QCommandLineOption min_synapses({QStringLiteral("min-synapses")}, QStringLiteral("Connection tables: drop pairs of fewer synapses (default: 5 for FlyWire Codex exports, else 0)"), QStringLiteral("N"));
  const QCommandLineOption node_table({QStringLiteral("node-table")}, QStringLiteral("CSV of node names with positions"), QStringLiteral("FILE"));
  const QCommandLineOption engine({QStringLiteral("engine")}, QStringLiteral("All-pairs engine after loading (default auto)"), QStringLiteral("NAME"));
  const QCommandLineOption bench({QStringLiteral("bench-frames")},
                                 QStringLiteral("Draw N frames (%1) on a fixed pan and zoom path in the window, print "
                                                "their median and 95th percentile times as JSON, exit")
                                     .arg(QString::fromStdString(kBenchFramesRange.text())),
                                 QStringLiteral("N"));
  const QCommandLineOption table({QStringLiteral("table")},
                                 QStringLiteral("Answer pairs from this all-pairs table of FILE (saved by pathscope-cli apsp)"),
                                 QStringLiteral("D.npy"));
  const QCommandLineOption keep_nodes({QStringLiteral("keep-nodes")},
                                      QStringLiteral("Load only the nodes where COND holds, e.g. 'side == left' "
                                                     "(repeat for more; all must hold)"),
                                      QStringLiteral("COND"));
  const QCommandLineOption keep_arcs({QStringLiteral("keep-arcs")},
                                     QStringLiteral("Load only the arcs where COND holds, e.g. 'synapses >= 10' "
                                                    "(repeat for more; all must hold)"),
                                     QStringLiteral("COND"));
  parser.addOptions({path, tour, reach, upstream, json, png, svg, theme, size, quit, format, cost, min_weight,
                     min_synapses, weight_attribute, node_table, engine, bench, table, keep_nodes, keep_arcs});
  if (!parser.parse(arguments)) throw Error(parser.errorText().toStdString());
  if (parser.isSet(QStringLiteral("help"))) {
    parser.showHelp(0);
  }
  if (parser.isSet(QStringLiteral("version"))) parser.showVersion();

  if (parser.isSet(path)) throw Error("--path takes its two values after spaces: --path SRC DST");
  ScriptOptions options;
  const QStringList positional = parser.positionalArguments();
  options.source = source_key;
  options.target = target_key;
  if (positional.size() > 1) throw Error("unexpected argument '" + positional[1].toStdString() + "'");
  if (!positional.isEmpty()) options.file = positional[0];
  if (parser.isSet(table)) {
    if (options.file.isEmpty()) throw Error("--table needs the FILE it was computed for");
    options.table = parser.value(table);
  }
  if (parser.isSet(tour)) {
    if (parser.value(tour).trimmed().compare(QStringLiteral("all"), Qt::CaseInsensitive) == 0) {
      options.tour_all = true;
      options.tour_stops = {QStringLiteral("all")};
    } else {
      options.tour_stops = parser.value(tour).split(QLatin1Char(','), Qt::SkipEmptyParts);
      if (options.tour_stops.size() < 2) throw Error("--tour needs at least two stops, or 'all': --tour A,B,C");
    }
  }
  options.reach_node = parser.value(reach);
  options.upstream = parser.isSet(upstream);
  if (options.upstream && options.reach_node.isEmpty()) throw Error("--upstream goes with --reach NODE");
  if (int(!options.source.isEmpty()) + int(!options.tour_stops.isEmpty()) + int(!options.reach_node.isEmpty()) > 1) {
    throw Error("choose one of --path, --tour and --reach");
  }
  options.json_out = parser.value(json);
  options.png_out = parser.value(png);
  options.svg_out = parser.value(svg);
  if (parser.isSet(theme)) {
    const QString t = parser.value(theme);
    if (t != QLatin1String("dark") && t != QLatin1String("light")) throw Error("--theme is dark or light, not '" + t.toStdString() + "'");
    options.light = t == QLatin1String("light");
  }
  options.quit = parser.isSet(quit);
  if (parser.isSet(size)) {
    const auto m = QRegularExpression(QStringLiteral("^(\\d+)[xX](\\d+)$")).match(parser.value(size));
    if (!m.hasMatch()) throw Error("--size wants WIDTHxHEIGHT, e.g. 1600x1200, not '" + parser.value(size).toStdString() + "'");
    options.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
    if (!kImageSideRange.contains(options.size.width()) || !kImageSideRange.contains(options.size.height())) {
      throw Error("--size wants each side " + kImageSideRange.text() + " pixels, not '" + parser.value(size).toStdString() + "'");
    }
  }
  options.load.format = parser.value(format).toStdString();
  if (parser.isSet(cost)) options.load.cost_rule = parse_edge_cost_rule(parser.value(cost).toStdString());
  if (parser.isSet(min_weight)) {
    bool ok = false;
    options.load.min_weight = parser.value(min_weight).toDouble(&ok);
    if (!ok) throw Error("--min-weight wants a number, not '" + parser.value(min_weight).toStdString() + "'");
  }
  if (parser.isSet(min_synapses)) {
    bool ok = false;
    options.load.min_synapses = parser.value(min_synapses).toLongLong(&ok);
    if (!ok || options.load.min_synapses < 0) {
      throw Error("--min-synapses wants a whole number of synapses, 0 or more, not '" +
                  parser.value(min_synapses).toStdString() + "'");
    }
  }
  const auto conditions = [&](const QCommandLineOption& option, const char* flag) {
    std::vector<AttributeCondition> out;
    for (const auto& text : parser.values(option)) {
      try {
        out.push_back(parse_attribute_condition(text.toStdString()));
      } catch (const Error& e) {
        throw Error(std::string(flag) + ": " + e.what());
      }
    }
    return out;
  };
  options.load.keep.nodes = conditions(keep_nodes, "--keep-nodes");
  options.load.keep.arcs = conditions(keep_arcs, "--keep-arcs");
  options.load.weight_attribute = parser.value(weight_attribute).toStdString();
  options.load.node_table = parser.value(node_table).toStdString();
  if (parser.isSet(engine)) {
    options.engine = parser.value(engine);
    try {
      make_apsp_engine(options.engine.toStdString());  // the registry names the engines it knows
    } catch (const Error& e) {
      throw Error(std::string("--engine: ") + e.what());
    }
  }
  if (parser.isSet(bench)) {
    bool ok = false;
    options.bench_frames = parser.value(bench).toInt(&ok);
    if (!ok || !kBenchFramesRange.contains(options.bench_frames)) {
      throw Error("--bench-frames wants a number of frames " + kBenchFramesRange.text() + ", not '" +
                  parser.value(bench).toStdString() + "'");
    }
    if (options.file.isEmpty()) throw Error("--bench-frames needs a FILE to open");
  }
  if ((!options.json_out.isEmpty() || !options.png_out.isEmpty() || !options.svg_out.isEmpty() || options.quit) &&
      options.file.isEmpty()) {
    throw Error("the exports need a FILE to open");
  }
  if (!options.json_out.isEmpty() && options.source.isEmpty() && options.tour_stops.isEmpty() &&
      options.reach_node.isEmpty()) {
    throw Error("--export-json needs --path SRC DST, --tour A,B,C or --reach NODE");
  }
  return options;
}

}  // namespace pathscope::app
