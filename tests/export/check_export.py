#!/usr/bin/env python3
"""Reads pathscope's graph exports back with the tools people use and compares them with what
the graph holds (an expectation file written by tests/unit/export/test_export_roundtrip.cpp).

GraphML: networkx and python-igraph. GEXF: networkx. Node-link JSON: networkx. CSV: Python's
csv module, converting cells by the declared types. Exit 0 when every file matches; otherwise
every difference is printed and the exit status is 1.

Usage: check_export.py EXPECTED.json
"""
import csv
import json
import math
import sys

import igraph
import networkx as nx

problems = []


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
    if kind == "boolean":
        return isinstance(found, (bool, int)) and bool(found) == expected
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


def check_edges(where, expected, found_edges, read_value, missing=None):
    """found_edges: list of (u, v, data)."""
    directed = expected["directed"]
    want = {edge_key(directed, e[0], e[1]): e[2] for e in expected["edges"]}
    seen = {}
    for u, v, data in found_edges:
        key = edge_key(directed, str(u), str(v))
        if key in seen:
            problem(where, f"edge {key} read twice")
        seen[key] = data
    if len(found_edges) != len(expected["edges"]):
        problem(where, f"{len(found_edges)} edges read, {len(expected['edges'])} written")
    for key, values in want.items():
        if key not in seen:
            problem(where, f"edge {key} missing")
            continue
        data = seen[key]
        compare_attributes(f"{where} edge {key}", values, expected["edge_types"],
                           {name: read_value(data, name) for name in expected["edge_types"]}, missing)
    for key in seen:
        if key not in want:
            problem(where, f"edge {key} read but never written")


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
    check_networkx("GraphML/networkx", expected, nx.read_graphml(expected["files"]["graphml"]))


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


def read_gexf(path):
    versions = getattr(nx.readwrite.gexf.GEXF, "versions", {})
    if "1.3" in versions:
        return nx.read_gexf(path, version="1.3")
    # networkx before 3.0 (Debian bookworm ships 2.8) knows GEXF only up to 1.2draft. The
    # elements written here are the same in 1.2 and 1.3, so the file is read under the 1.2
    # namespace; everything else about it is checked as written.
    import io
    with open(path, encoding="utf-8") as f:
        text = f.read()
    text = text.replace("http://gexf.net/1.3/viz", "http://www.gexf.net/1.2draft/viz")
    text = text.replace("http://gexf.net/1.3", "http://www.gexf.net/1.2draft").replace('version="1.3"', 'version="1.2"')
    return nx.read_gexf(io.BytesIO(text.encode("utf-8")), version="1.2draft")


def check_gexf(expected):
    g = read_gexf(expected["files"]["gexf"])

    def viz_check(key, values, data):
        where = f"GEXF/networkx node {key}"
        if data.get("label") != expected["labels"][key]:
            problem(where, f"label {data.get('label')!r}, expected {expected['labels'][key]!r}")
        position = data.get("viz", {}).get("position")
        if "x" in values:
            if not position:
                problem(where, "no viz:position")
            else:
                for axis in ("x", "y", "z"):
                    if axis in values and not same_value("position", values[axis], position.get(axis)):
                        problem(where, f"viz:position {axis} {position.get(axis)!r}, expected {values[axis]!r}")
        if "highlight" in values and "color" not in data.get("viz", {}):
            problem(where, "no viz:color on a marked export")

    check_networkx("GEXF/networkx", expected, g, drop=("x", "y", "z"), extra_node_check=viz_check)


def check_node_link(expected):
    with open(expected["files"]["node-link"], encoding="utf-8") as f:
        data = json.load(f)
    g = nx.node_link_graph(data, directed=data["directed"], multigraph=False)
    to_key = {str(v): k for k, v in expected["node_link_ids"].items()}
    drop = ("name",) if expected["names_as_ids"] else ()
    check_networkx("node-link/networkx", expected, g, node_id=lambda u: to_key.get(str(u), "?" + str(u)), drop=drop)


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


def main():
    failed = False
    for expected_file in sys.argv[1:]:
        with open(expected_file, encoding="utf-8") as f:
            expected = json.load(f)
        for check in (check_graphml_networkx, check_graphml_igraph, check_gexf, check_node_link, check_csv):
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
