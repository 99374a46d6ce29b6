#pragma once
// The command line: a file to open, plus the scripted export
//   pathscope FILE --path SRC DST --export-json OUT.json --export-png OUT.png --size 1600x1200 --quit
//   pathscope FILE --tour A,B,C --export-json OUT.json --export-png OUT.png --quit
//   pathscope FILE --reach NODE [--upstream] --export-png OUT.png --quit
//   pathscope FILE --table D.npy --path SRC DST ...  (the path answered from a saved table)
// and the reader options of the CLI (--format, --cost-rule, --min-weight, --node-table,
// --keep-nodes, --keep-arcs).
#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>

#include "pathscope/io/load.hpp"

namespace pathscope::app {

struct ScriptOptions {
  QString file;
  LoadOptions load;
  QString source, target;  // empty: no path
  QStringList tour_stops;  // empty: no tour
  bool tour_all = false;   // --tour all: through every node (TSPLIB: every city, optimum and gap)
  QString table;           // --table D.npy: pairs answered from this saved table
  QString reach_node;      // empty: no reach set
  bool upstream = false;
  QString json_out, png_out, svg_out;
  bool light = false;      // --theme light
  QSize size{1600, 1200};
  bool quit = false;
  QString engine = QStringLiteral("auto");
  // --bench-frames N: draw N frames on a fixed camera path in the shown window, print their
  // median and 95th percentile as JSON, exit.
  int bench_frames = 0;
};

// Throws Error with a message for the person typing the command.
ScriptOptions parse_script_options(const QStringList& arguments);

}  // namespace pathscope::app
