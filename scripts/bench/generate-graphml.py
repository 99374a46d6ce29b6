#!/usr/bin/env python3
"""Writes a random GraphML graph as networkx writes it (typed keys, x/y positions, a name and a
weight per edge), gzip- or zstd-compressed by the output's extension, for timing and peak-memory
checks of the GraphML reader:
    scripts/bench/generate-graphml.py --edges 1000000 --nodes 200000 --seed 1 big.graphml.gz
    /usr/bin/time -v build/app/pathscope-cli info big.graphml.gz
"""
import argparse
import gzip
import random
import subprocess
import sys

parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("--edges", type=int, default=1_000_000)
parser.add_argument("--nodes", type=int, default=200_000)
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--directed", action="store_true")
parser.add_argument("out")
args = parser.parse_args()
rng = random.Random(args.seed)


def lines():
    yield '<?xml version="1.0" encoding="utf-8"?>\n'
    yield ('<graphml xmlns="http://graphml.graphdrawing.org/xmlns" '
           'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n')
    yield '<key id="d0" for="node" attr.name="x" attr.type="double"/>\n'
    yield '<key id="d1" for="node" attr.name="y" attr.type="double"/>\n'
    yield '<key id="d2" for="node" attr.name="kind" attr.type="string"/>\n'
    yield '<key id="d3" for="edge" attr.name="weight" attr.type="double"/>\n'
    yield f'<graph edgedefault="{"directed" if args.directed else "undirected"}">\n'
    kinds = ["a", "b", "c"]
    for u in range(args.nodes):
        yield (f'<node id="{u}"><data key="d0">{rng.uniform(-180, 180):.6f}</data>'
               f'<data key="d1">{rng.uniform(-90, 90):.6f}</data><data key="d2">{kinds[u % 3]}</data></node>\n')
    for _ in range(args.edges):
        u, v = rng.randrange(args.nodes), rng.randrange(args.nodes)
        yield f'<edge source="{u}" target="{v}"><data key="d3">{rng.uniform(1, 1000):.3f}</data></edge>\n'
    yield '</graph>\n</graphml>\n'


if args.out.endswith(".gz"):
    with gzip.open(args.out, "wt", compresslevel=6) as f:
        f.writelines(lines())
elif args.out.endswith(".zst"):
    with subprocess.Popen(["zstd", "-q", "-f", "-o", args.out], stdin=subprocess.PIPE, text=True) as zstd:
        zstd.stdin.writelines(lines())
    sys.exit(zstd.returncode)
else:
    with open(args.out, "w") as f:
        f.writelines(lines())
