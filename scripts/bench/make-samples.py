#!/usr/bin/env python3
"""Writes the bundled samples in resources/samples/. Deterministic: the same files on every run
and every machine (own SplitMix64 generator, integer arithmetic for everything written).

  grid-city.gr + grid-city.co   a road-like city in DIMACS-9 format: a jittered street grid with
                                missing blocks, one-way streets, two diagonal avenues and a ring
                                road; arc cost = length in metres (rounded up), coordinates in metres.
  ring-towns.tsp                a small TSPLIB EUC_2D instance: 60 towns on a noisy ring.

Usage: scripts/bench/make-samples.py [OUTPUT_DIR]   (default: the repository's resources/samples)
"""
import math
import os
import sys

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, bound):
        return ((self.next() >> 32) * bound) >> 32

    def unit(self):
        return (self.next() >> 11) / float(1 << 53)


def grid_city(out_dir):
    rng = SplitMix64(20261121)
    cols, rows, block = 64, 48, 120  # 3,072 intersections, 120 m blocks
    def node(c, r):
        return r * cols + c + 1  # DIMACS ids are 1-based
    xy = {}
    for r in range(rows):
        for c in range(cols):
            # Streets are not ruler-straight: each intersection moves up to a quarter block.
            jx = rng.below(block // 2) - block // 4
            jy = rng.below(block // 2) - block // 4
            xy[node(c, r)] = (c * block + jx, r * block + jy)
    # A park and a river bend: blocks with no streets at all.
    def removed(c, r):
        park = 20 <= c <= 27 and 14 <= r <= 21
        river = abs(r - (rows / 2 + 9 * math.sin(c / 7.0))) < 0.8 and c % 9 != 4  # bridges every 9th column
        return park or river
    arcs = {}
    def street(u, v, one_way):
        (x1, y1), (x2, y2) = xy[u], xy[v]
        cost = int(math.ceil(math.hypot(x2 - x1, y2 - y1)))
        arcs[(u, v)] = cost
        if not one_way:
            arcs[(v, u)] = cost
    for r in range(rows):
        for c in range(cols):
            if removed(c, r):
                continue
            for dc, dr in ((1, 0), (0, 1)):
                c2, r2 = c + dc, r + dr
                if c2 >= cols or r2 >= rows or removed(c2, r2):
                    continue
                if rng.below(100) < 7:  # a few dead ends and closed streets
                    continue
                one_way = rng.below(100) < 12
                if one_way and rng.below(2):
                    street(node(c2, r2), node(c, r), True)
                else:
                    street(node(c, r), node(c2, r2), one_way)
    # Two diagonal avenues, the fast way across town.
    for start_c, step in ((0, 1), (cols - 1, -1)):
        c, r = start_c, 0
        while 0 <= c + step < cols and r + 1 < rows:
            u, v = node(c, r), node(c + step, r + 1)
            if not removed(c, r) and not removed(c + step, r + 1):
                street(u, v, False)
            c, r = c + step, r + 1
    # A ring road around the centre, every intersection on it joined to the next.
    ring = []
    for k in range(96):
        a = 2 * math.pi * k / 96
        c = int(round(cols / 2 + 0.42 * cols * math.cos(a)))
        r = int(round(rows / 2 + 0.42 * rows * math.sin(a)))
        c, r = min(max(c, 0), cols - 1), min(max(r, 0), rows - 1)
        if not removed(c, r) and (not ring or ring[-1] != node(c, r)):
            ring.append(node(c, r))
    for u, v in zip(ring, ring[1:] + ring[:1]):
        if u != v:
            street(u, v, False)
    n = cols * rows
    lines = ["c grid-city: a synthetic road network written by scripts/bench/make-samples.py",
             "c jittered 64 x 48 street grid, 120 m blocks, a park, a river with bridges,",
             "c one-way streets, two diagonal avenues and a ring road; costs in metres",
             "p sp %d %d" % (n, len(arcs))]
    lines += ["a %d %d %d" % (u, v, w) for (u, v), w in sorted(arcs.items())]
    with open(os.path.join(out_dir, "grid-city.gr"), "w", newline="\n") as f:
        f.write("\n".join(lines) + "\n")
    co = ["c grid-city coordinates in metres (x east, y north), see grid-city.gr",
          "p aux sp co %d" % n]
    co += ["v %d %d %d" % (u, x, y) for u, (x, y) in sorted(xy.items())]
    with open(os.path.join(out_dir, "grid-city.co"), "w", newline="\n") as f:
        f.write("\n".join(co) + "\n")


def ring_towns(out_dir):
    rng = SplitMix64(42)
    n = 60
    lines = ["NAME : ring-towns", "COMMENT : 60 towns on a noisy ring, written by scripts/bench/make-samples.py",
             "TYPE : TSP", "DIMENSION : %d" % n, "EDGE_WEIGHT_TYPE : EUC_2D", "NODE_COORD_SECTION"]
    for i in range(n):
        a = 2 * math.pi * i / n
        radius = 500 + rng.below(160) - 80
        x = int(round(600 + radius * math.cos(a)))
        y = int(round(600 + radius * math.sin(a)))
        lines.append("%d %d %d" % (i + 1, x, y))
    lines.append("EOF")
    with open(os.path.join(out_dir, "ring-towns.tsp"), "w", newline="\n") as f:
        f.write("\n".join(lines) + "\n")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "resources", "samples")
    os.makedirs(out_dir, exist_ok=True)
    grid_city(out_dir)
    ring_towns(out_dir)


if __name__ == "__main__":
    main()
