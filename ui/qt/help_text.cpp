#include "help_text.hpp"

#include <QObject>

namespace pathscope::qt {

QString shortcuts_help_html() {
  return QObject::tr(
      "<h3>Keyboard and mouse</h3><table cellpadding='3'>"
      "<tr><td><b>Click</b></td><td>source, then target: the shortest path; a third click starts over</td></tr>"
      "<tr><td><b>Shift+click</b></td><td>add or remove a tour stop</td></tr>"
      "<tr><td><b>Drag / wheel</b></td><td>pan / zoom about the cursor</td></tr>"
      "<tr><td><b>Hover</b></td><td>the node's details in the Inspector</td></tr>"
      "<tr><td><b>F</b></td><td>fit the graph to the view</td></tr>"
      "<tr><td><b>P</b></td><td>fit the path to the view</td></tr>"
      "<tr><td><b>T</b></td><td>best tour through the stops</td></tr>"
      "<tr><td><b>R / U</b></td><td>what the source reaches / what reaches it</td></tr>"
      "<tr><td><b>A / K</b></td><td>all shortest paths / the k shortest paths between the pair (Paths panel)</td></tr>"
      "<tr><td><b>[ / ]</b></td><td>previous / next path of the set</td></tr>"
      "<tr><td><b>Alt+1 / 2 / 3</b></td><td>labels: all that fit / the path's only / none</td></tr>"
      "<tr><td><b>Ctrl+Z / Ctrl+Shift+Z, Ctrl+Y</b></td><td>undo / redo the last choice or query (Edit menu)</td></tr>"
      "<tr><td><b>Esc</b></td><td>clear the selection (undoable); a running job is cancelled by its own Cancel</td></tr>"
      "<tr><td><b>Ctrl+O</b></td><td>open a graph with reader options</td></tr>"
      "<tr><td><b>Ctrl+F</b></td><td>find a node by id or name (Enter: go there; focus returns to the map), or "
      "every node of a cell type or other attribute value (listed in the Found panel, highlighted on the map)</td></tr>"
      "<tr><td><b>Ctrl+Q</b></td><td>quit</td></tr></table>");
}

QString how_to_help_html() {
  return QObject::tr(
      "<h3>How to</h3>"
      "<p><b>Find a shortest path.</b> Click the source, then the target. The Path panel lists every hop with "
      "its cost (and the arc's strength, such as a synapse count, when the file has one); click a row to ring "
      "that hop on the map, click a header to sort.</p>"
      "<p><b>Compare CPU and GPU.</b> Compute › Run Both runs the blocked CPU engine and the GPU engine on the "
      "same graph; the Timing panel shows both. GPU actions are greyed, with the reason, where no GPU can run.</p>"
      "<p><b>Best tour.</b> Shift-click two or more stops, then T.</p>"
      "<p><b>Reachability.</b> Click a node, set the hop limit in the toolbar (0: no limit), then R (downstream) "
      "or U (upstream).</p>"
      "<p><b>Connectomes.</b> File › Open… sets the edge-cost rule (hops, 1/strength, max − strength + 1) and "
      "a minimum weight (\"no minimum\" keeps every row); the toolbar changes them and reloads.</p>"
      "<p><b>Whole brains.</b> Type a neuron's id or name, or a cell type, in the find box (names and types "
      "complete as you type): a type lists its neurons in the Found panel and highlights them; pick one and Use "
      "as Source / Target. File › Open Distance Table… opens a table saved by <tt>pathscope-cli apsp FILE --out "
      "D.npy</tt> (or <tt>--out D.zarr</tt>: pick the folder's <tt>.zarray</tt>): every pair is then answered from it "
      "at once. A or K lists every shortest path or the k "
      "shortest in the Paths panel; [ and ] step through them, each hop with its cell type and synapse "
      "count.</p>"
      "<p><b>Correlation networks.</b> File › Correlation Network from Table… correlates every pair of a "
      "table's rows (Spearman or Pearson, |rho| and p cut-offs; CPU, and GPU too where there is one) and shows the "
      "network as the graph: rows are nodes, surviving pairs arcs of cost 1/|rho|; the Timing panel lists each "
      "engine's row pairs per second.</p>"
      "<p><b>Big graphs.</b> Zoomed out, nodes are thinned to one per point and short arcs are left out; zoom "
      "in for every node and label. View › Labels switches labels to the path's only, or off.</p>"
      "<p><b>Export.</b> File › Export writes the path or tour as JSON, and the view as PNG.</p>");
}

}  // namespace pathscope::qt
