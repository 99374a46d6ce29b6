#!/usr/bin/env python3
"""Reads pathscope's graph exports back with the tools people use and compares them with what
the graph holds (an expectation file written by tests/unit/export/test_export_roundtrip.cpp).

GraphML: networkx and python-igraph. GEXF (1.2draft and 1.3): networkx. Node-link JSON:
networkx. CSV: Python's csv module, converting cells by the declared types. GML: networkx and
python-igraph. Pajek: networkx and python-igraph (labels and weights only). Parallel edges are
compared as a multiset per node pair; graph attributes where the format holds them. Exit 0 when
every file matches; otherwise every difference is printed and the exit status is 1.

Usage: check_export.py EXPECTED.json
"""
import csv
import html
import io
import json
import math
import re
import sys
import warnings
from collections import defaultdict

import igraph
import networkx as nx

problems = []
# igraph 0.10 warns of each numeric character reference it leaves as written (GML's non-ASCII
# text, decoded by check_gml_igraph); the warning is no difference.
warnings.filterwarnings("ignore", message=".*unknown entities.*")


def problem(where, text):
    problems.append(f"{where}: {text}")


def same_value(kind, expected, found):
    if kind == "real":
        if found is None:
            return False
        found = float(found)
        if math.isnan(expected):
            return math.isnan(found)
        return found == expected
    if kind == "position":  # stored as float32, written in float's shortest form
        return found is not None and math.isclose(float(found), expected, rel_tol=1e-6, abs_tol=1e-30)
    if kind == "integer":
        return found is not None and float(found) == float(expected) and (not isinstance(found, float) or found.is_integer())
    if kind == "boolean":  # GML has no booleans: 1 and 0 (igraph: 1.0 and 0.0)
        return isinstance(found, (bool, int, float)) and found in (0, 1) and bool(found) == expected
    return found == expected


def compare_attributes(where, expected_values, types, found_values, missing=None, ignore=()):
    """expected_values: present values only. found_values: dict-like of what the tool read.
    missing(kind, found): whether a value the tool read stands for "no value"."""
    for name, kind in types.items():
        if name in ignore:
            continue
        found = found_values.get(name, None)
        if missing is not None and name not in expected_values and missing(kind, found):
            found = None
        if name in expected_values:
            if not same_value(kind, expected_values[name], found):
                problem(where, f"{name}: expected {expected_values[name]!r} ({kind}), read {found!r}")
        elif found is not None:
            problem(where, f"{name}: expected no value, read {found!r}")


def edge_key(directed, u, v):
    return (u, v) if directed else tuple(sorted((u, v)))


def check_edges(where, expected, found_edges, read_value, missing=None, types=None):
    """found_edges: list of (u, v, data). Edges between the same two nodes (parallel edges) are
    matched as a multiset: each expected one to a read one with the same values."""
    directed = expected["directed"]
    types = types if types is not None else expected["edge_types"]
    want = defaultdict(list)
    for e in expected["edges"]:
        want[edge_key(directed, e[0], e[1])].append(e[2])
    seen = defaultdict(list)
    for u, v, data in found_edges:
        seen[edge_key(directed, str(u), str(v))].append(data)
    if len(found_edges) != len(expected["edges"]):
        problem(where, f"{len(found_edges)} edges read, {len(expected['edges'])} written")
    for key, wanted in want.items():
        found = seen.get(key, [])
        if len(found) != len(wanted):
            problem(where, f"edge {key}: {len(found)} read, {len(wanted)} written")
            continue
        if len(wanted) == 1:
            compare_attributes(f"{where} edge {key}", wanted[0], types,
                               {name: read_value(found[0], name) for name in types}, missing)
            continue
        unmatched = list(found)
        for values in wanted:
            for i, data in enumerate(unmatched):
                mark = len(problems)
                compare_attributes("", values, types, {name: read_value(data, name) for name in types}, missing)
                matched = len(problems) == mark
                del problems[mark:]
                if matched:
                    del unmatched[i]
                    break
            else:
                problem(f"{where} edge {key}", f"no parallel edge read with the values {values!r}")
    for key in seen:
        if key not in want:
            problem(where, f"edge {key} read but never written")


def check_graph_attributes(where, expected, found, missing=None):
    compare_attributes(f"{where} graph", expected["graph_attributes"], expected["graph_types"], found, missing)


def node_types(expected, drop=()):
    return {k: v for k, v in expected["node_types"].items() if k not in drop}


def check_networkx(where, expected, g, node_id=str, drop=(), extra_node_check=None):
    if g.is_directed() != expected["directed"]:
        problem(where, f"directed {g.is_directed()}, expected {expected['directed']}")
    ids = {node_id(u): u for u in g.nodes}
    if set(ids) != set(expected["nodes"]):
        problem(where, f"{len(ids)} nodes read, {len(expected['nodes'])} written; "
                       f"first differences {sorted(set(ids) ^ set(expected['nodes']))[:5]}")
    for key, values in expected["nodes"].items():
        if key not in ids:
            continue
        data = g.nodes[ids[key]]
        compare_attributes(f"{where} node {key}", values, node_types(expected, drop), data)
        if extra_node_check:
            extra_node_check(key, values, data)
    inverse = {u: k for k, u in ids.items()}
    check_edges(where, expected, [(inverse[u], inverse[v], d) for u, v, d in g.edges(data=True)],
                lambda data, name: data.get(name))


def check_graphml_networkx(expected):
    g = nx.read_graphml(expected["files"]["graphml"])
    check_networkx("GraphML/networkx", expected, g)
    check_graph_attributes("GraphML/networkx", expected, g.graph)


def check_graphml_igraph(expected):
    where = "GraphML/igraph"
    g = igraph.Graph.Read_GraphML(expected["files"]["graphml"])
    if g.is_directed() != expected["directed"]:
        problem(where, f"directed {g.is_directed()}, expected {expected['directed']}")
    ids = g.vs["id"] if g.vcount() else []
    if sorted(ids) != sorted(expected["nodes"]):
        problem(where, f"{g.vcount()} nodes read, {len(expected['nodes'])} written")
    # igraph keeps numbers as doubles and marks a missing one NaN, a missing string "", and has
    # no missing boolean at all: a node without the key reads False.
    def missing(kind, found):
        if found is None:
            return True
        if kind == "text":
            return found == ""
        if kind == "boolean":
            return found is False
        return isinstance(found, float) and math.isnan(found)
    index = {key: i for i, key in enumerate(ids)}
    names = g.vs.attributes()
    for key, values in expected["nodes"].items():
        if key not in index:
            continue
        vertex = g.vs[index[key]]
        compare_attributes(f"{where} node {key}", values, node_types(expected),
                           {n: vertex[n] for n in names}, missing)
    edge_names = g.es.attributes()
    check_edges(where, expected, [(ids[e.source], ids[e.target], {n: e[n] for n in edge_names}) for e in g.es],
                lambda data, name: data.get(name), missing)
    check_graph_attributes(where, expected, {n: g[n] for n in g.attributes()}, missing)


def read_gexf_13(path):
    versions = getattr(nx.readwrite.gexf.GEXF, "versions", {})
    if "1.3" in versions:
        return nx.read_gexf(path, version="1.3")
    # networkx before 3.0 (Debian bookworm ships 2.8) knows GEXF only up to 1.2draft. The
    # elements written are the same in 1.2 and 1.3, so the 1.3 file is read under the 1.2
    # namespace; everything else about it is checked as written.
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = text.replace("http://gexf.net/1.3/viz", "http://www.gexf.net/1.2draft/viz")
    text = text.replace("http://gexf.net/1.3", "http://www.gexf.net/1.2draft").replace('version="1.3"', 'version="1.2"')
    return nx.read_gexf(io.BytesIO(text.encode("utf-8")), version="1.2draft")


def check_gexf_file(where, expected, g):
    def viz_check(key, values, data):
        node_where = f"{where} node {key}"
        if data.get("label") != expected["labels"][key]:
            problem(node_where, f"label {data.get('label')!r}, expected {expected['labels'][key]!r}")
        position = data.get("viz", {}).get("position")
        if "x" in values:
            if not position:
                problem(node_where, "no viz:position")
            else:
                for axis in ("x", "y", "z"):
                    if axis in values and not same_value("position", values[axis], position.get(axis)):
                        problem(node_where, f"viz:position {axis} {position.get(axis)!r}, expected {values[axis]!r}")
        if "highlight" in values and "color" not in data.get("viz", {}):
            problem(node_where, "no viz:color on a marked export")

    check_networkx(where, expected, g, drop=("x", "y", "z"), extra_node_check=viz_check)


def check_gexf(expected):
    # The default, 1.2draft, is read as any networkx user would: no version named.
    check_gexf_file("GEXF/networkx", expected, nx.read_gexf(expected["files"]["gexf"]))


def check_gexf_13(expected):
    check_gexf_file("GEXF 1.3/networkx", expected, read_gexf_13(expected["files"]["gexf13"]))


def check_node_link(expected):
    with open(expected["files"]["node-link"], encoding="utf-8") as f:
        data = json.load(f)
    if data["multigraph"] != expected["multigraph"]:
        problem("node-link", f"multigraph {data['multigraph']}, expected {expected['multigraph']}")
    g = nx.node_link_graph(data, directed=data["directed"], multigraph=data["multigraph"])
    to_key = {str(v): k for k, v in expected["node_link_ids"].items()}
    drop = ("name",) if expected["names_as_ids"] else ()
    check_networkx("node-link/networkx", expected, g, node_id=lambda u: to_key.get(str(u), "?" + str(u)), drop=drop)
    if g.is_multigraph():  # networkx's keys: 0, 1, ... per node pair
        pairs = defaultdict(list)
        for u, v, k in g.edges(keys=True):
            pairs[edge_key(g.is_directed(), str(u), str(v))].append(k)
        for pair, keys in pairs.items():
            if sorted(keys) != list(range(len(keys))):
                problem("node-link/networkx", f"edge {pair}: keys {sorted(keys)}")
    graph = {k: v for k, v in g.graph.items() if k not in ("source", "marked")}
    check_graph_attributes("node-link/networkx", expected, graph)


def typed(kind, cell):
    if cell == "":
        return None
    if kind == "boolean":
        return {"true": True, "false": False}.get(cell, cell)
    if kind == "integer":
        return int(cell)
    if kind in ("real", "position"):
        return float(cell)
    return cell


def check_csv(expected):
    where = "CSV/csv module"
    nodes_file, edges_file = expected["files"]["csv"]
    with open(nodes_file, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    found = {row["id"]: row for row in rows}
    if len(rows) != len(expected["nodes"]) or set(found) != set(expected["nodes"]):
        problem(where, f"{len(rows)} node rows, {len(expected['nodes'])} nodes written")
    types = node_types(expected)
    for key, values in expected["nodes"].items():
        if key in found:
            compare_attributes(f"{where} node {key}", values, types,
                               {n: typed(types[n], found[key].get(n, "")) for n in types})
    with open(edges_file, newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    edge_types = expected["edge_types"]
    check_edges(where, expected, [(r["source"], r["target"], r) for r in rows],
                lambda data, name: typed(edge_types[name], data.get(name, "")))
    graph_file = expected["files"].get("csv_graph")
    if expected["graph_types"]:
        with open(graph_file, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        if len(rows) != 1:
            problem(where, f"{len(rows)} rows in the graph table")
        else:
            types = expected["graph_types"]
            check_graph_attributes(where, expected, {n: typed(types[n], rows[0].get(n, "")) for n in types})


def gml_keys(names, reserved):
    """GML keys as the writer promises them: letters, digits and _, led by a letter, unique."""
    used, keys = set(reserved), {}
    for name in names:
        key = re.sub(r"[^0-9A-Za-z_]", "_", name)
        if not key or not key[0].isalpha() or not key[0].isascii():
            key = "a_" + key
        candidate, k = key, 2
        while candidate in used:
            candidate, k = f"{key}_{k}", k + 1
        used.add(candidate)
        keys[name] = candidate
    return keys


def renamed(section, keys):
    """A section of the expectation with GML's key names."""
    return {keys[name]: value for name, value in section.items()}


def gml_expectation(expected):
    """The expectation as GML names its keys (the rest of the checks then apply unchanged)."""
    node_keys = gml_keys(expected["node_types"], {"id", "label"})
    edge_keys = gml_keys(expected["edge_types"], {"source", "target"} | ({"key"} if expected["multigraph"] else set()))
    graph_keys = gml_keys(expected["graph_types"], {"directed", "multigraph", "node", "edge"})
    gml = dict(expected)
    gml["node_types"] = renamed(expected["node_types"], node_keys)
    gml["edge_types"] = renamed(expected["edge_types"], edge_keys)
    gml["graph_types"] = renamed(expected["graph_types"], graph_keys)
    gml["graph_attributes"] = renamed(expected["graph_attributes"], graph_keys)
    gml["nodes"] = {k: renamed(v, node_keys) for k, v in expected["nodes"].items()}
    gml["edges"] = [[u, v, renamed(values, edge_keys)] for u, v, values in expected["edges"]]
    return gml


def check_gml_networkx(expected):
    gml = gml_expectation(expected)
    g = nx.read_gml(expected["files"]["gml"])
    check_networkx("GML/networkx", gml, g)
    check_graph_attributes("GML/networkx", gml, g.graph)


def check_gml_igraph(expected):
    where = "GML/igraph"
    gml = gml_expectation(expected)
    g = igraph.Graph.Read_GML(expected["files"]["gml"])
    if g.is_directed() != expected["directed"]:
        problem(where, f"directed {g.is_directed()}, expected {expected['directed']}")
    # igraph 0.10 decodes named entities only: numeric references (non-ASCII text, line
    # breaks) stay as written, so its text is decoded here as a reader of GML would.
    def text(value):
        return html.unescape(value) if isinstance(value, str) else value

    def missing(kind, found):
        if found is None:
            return True
        if kind == "text":
            return found == ""
        return isinstance(found, float) and math.isnan(found)

    ids = [text(label) for label in g.vs["label"]] if g.vcount() else []
    if sorted(ids) != sorted(expected["nodes"]):
        problem(where, f"{g.vcount()} nodes read, {len(expected['nodes'])} written")
    index = {key: i for i, key in enumerate(ids)}
    for key, values in gml["nodes"].items():
        if key in index:
            vertex = g.vs[index[key]]
            compare_attributes(f"{where} node {key}", values, gml["node_types"],
                               {n: text(vertex[n]) for n in g.vs.attributes()}, missing)
    check_edges(where, gml, [(ids[e.source], ids[e.target], {n: text(e[n]) for n in g.es.attributes()}) for e in g.es],
                lambda data, name: data.get(name), missing)
    check_graph_attributes(where, gml, {n: text(g[n]) for n in g.attributes()}, missing)


def check_pajek(expected):
    """Labels and weights: all Pajek holds."""
    weight = expected["weight_name"]
    pajek = dict(expected)
    pajek["node_types"] = {}
    pajek["edge_types"] = {"weight": "real"}
    pajek["edges"] = [[u, v, {"weight": values[weight]}] for u, v, values in expected["edges"]]
    labels = expected["pajek_labels"]
    to_key = {label: key for key, label in labels.items()}
    g = nx.read_pajek(expected["files"]["pajek"])
    where = "Pajek/networkx"
    if g.is_directed() != expected["directed"]:
        problem(where, f"directed {g.is_directed()}, expected {expected['directed']}")
    if set(g.nodes) != set(labels.values()):
        problem(where, f"{g.number_of_nodes()} nodes read, {len(labels)} written")
    check_edges(where, pajek, [(to_key.get(u, "?"), to_key.get(v, "?"), d) for u, v, d in g.edges(data=True)],
                lambda data, name: data.get(name))
    where = "Pajek/igraph"
    h = igraph.Graph.Read_Pajek(expected["files"]["pajek"])
    if h.is_directed() != expected["directed"]:
        problem(where, f"directed {h.is_directed()}, expected {expected['directed']}")
    names = h.vs["id"] if h.vcount() and "id" in h.vs.attributes() else []
    if sorted(names) != sorted(labels.values()):
        problem(where, f"{h.vcount()} nodes read, {len(labels)} written")
        return
    check_edges(where, pajek, [(to_key[names[e.source]], to_key[names[e.target]], {"weight": e["weight"]}) for e in h.es],
                lambda data, name: data.get(name))


def main():
    failed = False
    for expected_file in sys.argv[1:]:
        with open(expected_file, encoding="utf-8") as f:
            expected = json.load(f)
        for check in (check_graphml_networkx, check_graphml_igraph, check_gexf, check_gexf_13, check_node_link, check_csv,
                      check_gml_networkx, check_gml_igraph, check_pajek):
            del problems[:]
            try:
                check(expected)
            except Exception as error:  # a reader that refuses the file is a failure, with its message
                problem(check.__name__, f"{type(error).__name__}: {error}")
            for line in problems[:10]:
                print(line)
            if problems:
                failed = True
                print(f"{len(problems)} differences in {check.__name__} ({expected.get('case', '')})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
