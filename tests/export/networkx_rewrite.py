#!/usr/bin/env python3
"""Reads a graph file pathscope wrote with networkx and writes it again with networkx, in the same
format, as a user who opens an export, edits it and saves it does. tests/unit/io/
test_file_round_trip.cpp loads the result with pathscope and compares it with the graph it
exported. GEXF is written as 1.2draft whatever it was read as (networkx 2.8 writes no 1.3).
usage: networkx_rewrite.py FORMAT IN OUT   (FORMAT: graphml, gexf, gml, node-link)"""
import json
import os
import sys

import networkx as nx

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_export import read_gexf_13  # noqa: E402  (networkx 2.8 reads no 1.3 of its own)


def main():
    kind, source, target = sys.argv[1:4]
    if kind == "graphml":
        nx.write_graphml(nx.read_graphml(source), target)
    elif kind == "gexf":
        with open(source, encoding="utf-8") as f:
            version_13 = 'version="1.3"' in f.read(400)
        nx.write_gexf(read_gexf_13(source) if version_13 else nx.read_gexf(source), target)
    elif kind == "gml":
        # pathscope writes each node's id as its label, which networkx keys nodes by.
        nx.write_gml(nx.read_gml(source), target)
    elif kind == "node-link":
        with open(source, encoding="utf-8") as f:
            G = nx.node_link_graph(json.load(f))
        with open(target, "w", encoding="utf-8") as f:
            json.dump(nx.node_link_data(G), f)
    else:
        sys.exit(f"networkx_rewrite.py: unknown format {kind}")


if __name__ == "__main__":
    main()
