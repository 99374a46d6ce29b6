#pragma once
// The status bar's summary, decided in one place from the document's state: the graph, the
// all-pairs matrix (ready, running, or why there is none), the jobs running now, and what
// answered the last query, in the same words the path panel and caption use for it. Nothing
// else writes the summary, so it cannot disagree with them.
#include <QString>

namespace pathscope::qt {

struct StatusFacts {
  bool has_graph = false;
  long long nodes = 0, arcs = 0;
  QString matrix_size;   // e.g. "36.0 MiB"
  QString dist_type;     // e.g. "int32"
  // The all-pairs matrix paths are rebuilt from: its engine and time; empty when none.
  QString matrix_engine;
  double matrix_seconds = 0;
  QString saved_table;       // file name of the saved table pairs are answered from; empty: none
  QString no_matrix_reason;  // why there is none (over budget, unavailable, failed, cancelled)
  QString apsp_running;      // title of the all-pairs job running now ("Run both", ...)
  QString query_running;     // title of the tour or reach job running now
  QString analysis_running;  // titles of the centrality and flow jobs running now
  QString filter;            // what the load's filter kept ("kept 812 of 2,952 nodes ..."); empty: no filter
  QString made_by;           // what made a graph built in memory (a correlation network); empty: a file
  QString last_answer;       // what answered the last query, e.g. "path by all-pairs (blocked)"
  long long shown_nodes = -1;  // nodes the attribute filter leaves in the view; -1: no filter
};

QString status_text(const StatusFacts& facts);

}  // namespace pathscope::qt
