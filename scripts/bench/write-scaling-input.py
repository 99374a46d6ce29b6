#!/usr/bin/env python3
"""Writes one generated input of a graph format for scripts/bench/load-scaling.sh: N nodes of a
4-regular ring with chords (node u's neighbours are u+-1 and u+-7), written as each format's
usual writer writes it (positions, names, attributes where the format carries them), and
prints the path to load. For tsplib, N is the number of arcs of the complete graph wanted;
for dense, the number of matrix entries.
usage: write-scaling-input.py FORMAT N DIR
formats: dimacs metis json tsplib mtx dense graphml gexf gml pajek codex neuprint lgl edge-table"""
import math
import os
import sys

FORMATS = ["dimacs", "metis", "json", "tsplib", "mtx", "dense", "graphml", "gexf", "gml", "pajek", "codex",
           "neuprint", "lgl", "edge-table"]
STEPS = (1, -1, 7, -7)


def neighbours(u, n):
    return [(u + s) % n for s in STEPS]


def edges(n):  # each undirected edge of the ring once: steps +1 and +7
    for u in range(n):
        yield u, (u + 1) % n
        yield u, (u + 7) % n


class Out:
    """Buffered text output: a list of pieces flushed every ~8 MB."""

    def __init__(self, path):
        self.f = open(path, "w")
        self.parts = []
        self.size = 0

    def add(self, text):
        self.parts.append(text)
        self.size += len(text)
        if self.size > 8 << 20:
            self.f.write("".join(self.parts))
            self.parts, self.size = [], 0

    def close(self):
        self.f.write("".join(self.parts))
        self.f.close()


def dimacs(n, d):
    gr, co = Out(f"{d}/g.gr"), Out(f"{d}/g.co")
    gr.add(f"p sp {n} {4 * n}\n")
    co.add(f"p aux sp co {n}\n")
    for u in range(n):
        gr.add("".join(f"a {u + 1} {v + 1} {1 + (u * 31 + k) % 997}\n" for k, v in enumerate(neighbours(u, n))))
        co.add(f"v {u + 1} {u * 13 % 100003} {u * 17 % 99991}\n")
    gr.close(), co.close()
    return f"{d}/g.gr"


def metis(n, d):
    graph, xyz = Out(f"{d}/g.graph"), Out(f"{d}/g.xyz")
    graph.add(f"{n} {2 * n}\n")
    for u in range(n):
        graph.add(" ".join(str(v + 1) for v in neighbours(u, n)) + "\n")
        xyz.add(f"{u % 1000} {u // 1000} 0\n")
    graph.close(), xyz.close()
    return f"{d}/g.graph"


def node_link_json(n, d):  # as networkx's json.dump(node_link_data(G)) writes it, one line
    out = Out(f"{d}/g.json")
    out.add('{"directed": false, "multigraph": false, "graph": {}, "nodes": [')
    for u in range(n):
        out.add(f'{", " if u else ""}{{"x": {u % 1000}.5, "y": {u // 1000}.25, "kind": "t{u % 30}", "id": {u}}}')
    out.add('], "links": [')
    for i, (u, v) in enumerate(edges(n)):
        out.add(f'{", " if i else ""}{{"weight": {1 + u % 9}, "source": {u}, "target": {v}}}')
    out.add("]}\n")
    out.close()
    return f"{d}/g.json"


def tsplib(arcs, d):
    k = max(3, round(math.sqrt(arcs)))
    out = Out(f"{d}/g.tsp")
    out.add(f"NAME: scaling\nTYPE: TSP\nDIMENSION: {k}\nEDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n")
    for i in range(1, k + 1):
        out.add(f"{i} {i * 37 % 10007} {i * 91 % 10009}\n")
    out.add("EOF\n")
    out.close()
    return f"{d}/g.tsp"


def mtx(n, d):
    out = Out(f"{d}/g.mtx")
    out.add(f"%%MatrixMarket matrix coordinate real general\n{n} {n} {4 * n}\n")
    for u in range(n):
        out.add("".join(f"{u + 1} {v + 1} {1 + u % 13}.5\n" for v in neighbours(u, n)))
    out.close()
    return f"{d}/g.mtx"


def dense(entries, d):
    k = max(2, round(math.sqrt(entries)))
    out = Out(f"{d}/g.txt")
    for i in range(k):  # sparse, as connection matrices are: most entries say "no arc"
        out.add(" ".join(str(1 + (i + j) % 9) if (i * 7 + j * 3) % 10 == 0 else "0" for j in range(k)) + "\n")
    out.close()
    return f"{d}/g.txt"


def graphml(n, d):  # networkx's layout of keys
    out = Out(f"{d}/g.graphml")
    out.add('<?xml version="1.0" encoding="utf-8"?>\n<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n'
            '<key id="d0" for="node" attr.name="x" attr.type="double"/>\n'
            '<key id="d1" for="node" attr.name="y" attr.type="double"/>\n'
            '<key id="d2" for="node" attr.name="kind" attr.type="string"/>\n'
            '<key id="d3" for="edge" attr.name="weight" attr.type="double"/>\n<graph edgedefault="undirected">\n')
    for u in range(n):
        out.add(f'<node id="{u}"><data key="d0">{u % 1000}.5</data><data key="d1">{u // 1000}.25</data>'
                f'<data key="d2">t{u % 30}</data></node>\n')
    for u, v in edges(n):
        out.add(f'<edge source="{u}" target="{v}"><data key="d3">{1 + u % 9}</data></edge>\n')
    out.add("</graph>\n</graphml>\n")
    out.close()
    return f"{d}/g.graphml"


def gexf(n, d):  # Gephi's layout
    out = Out(f"{d}/g.gexf")
    out.add('<?xml version="1.0" encoding="UTF-8"?>\n<gexf xmlns="http://gexf.net/1.3" '
            'xmlns:viz="http://gexf.net/1.3/viz" version="1.3">\n<graph defaultedgetype="undirected">\n'
            '<attributes class="node"><attribute id="0" title="kind" type="string"/></attributes>\n<nodes>\n')
    for u in range(n):
        out.add(f'<node id="{u}" label="n{u}"><attvalues><attvalue for="0" value="t{u % 30}"/></attvalues>'
                f'<viz:position x="{u % 1000}.5" y="{u // 1000}.25" z="0.0"/></node>\n')
    out.add("</nodes>\n<edges>\n")
    for i, (u, v) in enumerate(edges(n)):
        out.add(f'<edge id="{i}" source="{u}" target="{v}" weight="{1 + u % 9}"/>\n')
    out.add("</edges>\n</graph>\n</gexf>\n")
    out.close()
    return f"{d}/g.gexf"


def gml(n, d):  # networkx's write_gml
    out = Out(f"{d}/g.gml")
    out.add("graph [\n  directed 0\n")
    for u in range(n):
        out.add(f'  node [\n    id {u}\n    label "n{u}"\n    kind "t{u % 30}"\n'
                f"    graphics [ x {u % 1000}.5 y {u // 1000}.25 ]\n  ]\n")
    for u, v in edges(n):
        out.add(f"  edge [\n    source {u}\n    target {v}\n    weight {1 + u % 9}\n  ]\n")
    out.add("]\n")
    out.close()
    return f"{d}/g.gml"


def pajek(n, d):
    out = Out(f"{d}/g.net")
    out.add(f"*Vertices {n}\n")
    for u in range(n):
        out.add(f'{u + 1} "n{u}" {u % 1000}.5 {u // 1000}.25 0.0\n')
    out.add("*Edges\n")
    for u, v in edges(n):
        out.add(f"{u + 1} {v + 1} {1 + u % 9}\n")
    out.close()
    return f"{d}/g.net"


def codex(n, d):  # each pair over two neuropil rows (summed), 64-bit root ids, classification beside
    connections, classification = Out(f"{d}/connections.csv"), Out(f"{d}/classification.csv")
    connections.add("pre_root_id,post_root_id,neuropil,syn_count,nt_type\n")
    classification.add("root_id,flow,super_class,class,sub_class,cell_type,hemibrain_type,hemilineage,side,nerve\n")
    base = 720575940000000000
    for u in range(n):
        for k, v in enumerate(neighbours(u, n)):
            for neuropil in ("AL_L", "LH_R"):
                connections.add(f"{base + u},{base + v},{neuropil},{3 + (u + k) % 5},ACH\n")
        classification.add(f"{base + u},intrinsic,central,,,T{u % 300},,,left,\n")
    connections.close(), classification.close()
    return f"{d}/connections.csv"


def neuprint(n, d):  # traced-roi-connections (ROIs summed) and traced-neurons beside
    connections, neurons = Out(f"{d}/traced-roi-connections.csv"), Out(f"{d}/traced-neurons.csv")
    connections.add("bodyId_pre,bodyId_post,roi,weight\n")
    neurons.add("bodyId,type,instance\n")
    for u in range(n):
        for k, v in enumerate(neighbours(u, n)):
            for roi in ("EB", "PB"):
                connections.add(f"{1000000 + u},{1000000 + v},{roi},{3 + (u + k) % 5}\n")
        neurons.add(f"{1000000 + u},T{u % 300},T{u % 300}_L{u % 7}\n")
    connections.close(), neurons.close()
    return f"{d}/traced-roi-connections.csv"


def lgl(n, d):
    out = Out(f"{d}/g.lgl")
    for u in range(n):
        out.add(f"# gene_{u}\ngene_{(u + 1) % n} {1 + u % 9}\ngene_{(u + 7) % n} {1 + u % 5}\n")
    out.close()
    return f"{d}/g.lgl"


def edge_table(n, d):
    out = Out(f"{d}/g.csv")
    out.add("source,target,weight\n")
    for u, v in edges(n):
        out.add(f"{u},{v},{1 + u % 50}\n")
    out.close()
    return f"{d}/g.csv"


WRITERS = dict(zip(FORMATS, [dimacs, metis, node_link_json, tsplib, mtx, dense, graphml, gexf, gml, pajek, codex,
                             neuprint, lgl, edge_table]))

if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in WRITERS:
        sys.exit(__doc__)
    os.makedirs(sys.argv[3], exist_ok=True)
    print(WRITERS[sys.argv[1]](int(sys.argv[2]), sys.argv[3]))
