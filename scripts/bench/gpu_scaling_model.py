#!/usr/bin/env python3
"""gpu-blocked's cost model: its calibration against measured runs, and its prediction for many
hosts (docs/gpu.md, "Choosing the width" and "A performance model for many hosts").

The constants live in one place, the block between the BEGIN/END MODEL CONSTANTS lines of
core/src/apsp/gpu_width.cpp; this script reads them from there and mirrors that file's
predict_gpu_blocked. What it adds for many hosts (hosts of 8 GPUs, InfiniBand between them,
memory per host) is stated in ASSUMPTIONS below and printed with the table.

    scripts/bench/gpu_scaling_model.py                 # the many-host table (markdown)
    scripts/bench/gpu_scaling_model.py --calibration   # measured against predicted (markdown)
    scripts/bench/gpu_scaling_model.py --fit           # fit the constants again; prints the block

Python 3 standard library only.
"""
import argparse
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONSTANTS_FILE = ROOT / "core/src/apsp/gpu_width.cpp"
TILE = 128
CELL_BYTES = {"int32": 4, "float": 4, "hop16": 2}
RATE_NAME = {"int32": "kRateInt32", "float": "kRateFloat", "hop16": "kRateHop16"}

# The runs the constants are fitted to (H100 80GB HBM3, bench apsp with a warm-up, medians;
# engine "one" = the one-GPU engine, "ranks" = the several-GPU engine over `devices` GPUs
# (NCCL), "logical" = that engine's ranks all on one GPU). Where each comes from: docs/gpu.md.
MEASURED = [
    # n, dist, engine, ranks, devices, device GiB (0: in core), seconds, where
    (12529, "int32", "one", 1, 1, 0, 0.17, "issue #29 (one GPU)"),
    (65536, "int32", "one", 1, 1, 0, 21.5, "issue #29 (one GPU)"),
    (65536, "int32", "ranks", 1, 1, 0, 21.5, "issue #29 (`--gpus 1`)"),
    (65536, "int32", "ranks", 2, 2, 0, 11.9, "issue #29"),
    (65536, "int32", "ranks", 4, 4, 0, 6.67, "Several GPUs, 2026-11-28 (ranks download at once)"),
    (12529, "int32", "ranks", 4, 4, 0, 0.142, "Several GPUs, 2026-11-28 (ranks download at once)"),
    (200000, "int32", "ranks", 4, 4, 0, 152.5, "issue #29"),
    (12529, "hop16", "one", 1, 1, 0, 0.087, "issue #29"),
    (12529, "float", "one", 1, 1, 0, 0.196, "Final figures (v6)"),
    (3353, "int32", "one", 1, 1, 0, 0.0075, "Final figures (v6), rome99"),
    (4097, "int32", "one", 1, 1, 0, 0.0125, "Measured on one H100"),
    (30000, "int32", "one", 1, 1, 0, 2.07, "Measured on one H100"),
    (40000, "int32", "one", 1, 1, 0, 4.91, "Final figures (v6)"),
    (40000, "int32", "one", 1, 1, 2, 6.46, "Final figures (v6), `--gpu-mem 2GiB`"),
    (139255, "int32", "one", 1, 1, 0, 195.2, "Whole-brain table"),
    (139255, "hop16", "one", 1, 1, 0, 98.5, "Whole-brain table (engine)"),
    (12529, "int32", "logical", 4, 1, 0, 0.1655, "Measured on one H100 (4 logical ranks)"),
    # Every rank streaming its block (not fitted: they check the model's out-of-core terms).
    (12529, "int32", "logical", 2, 1, 400 / 1024, 0.309, "Out of core on every rank, `--gpu-mem 400MiB`"),
    (12529, "int32", "logical", 3, 1, 400 / 1024, 0.376, "Out of core on every rank, `--gpu-mem 400MiB`"),
    (12529, "int32", "logical", 4, 1, 400 / 1024, 0.424, "Out of core on every rank, `--gpu-mem 400MiB`"),
    (40000, "int32", "logical", 2, 1, 4, 6.55, "Out of core on every rank, `--gpu-mem 4GiB`"),
]
# Fitted in --fit from the parts of the table they move: the out-of-core point sets the
# out-of-core efficiency (its pinning time, 1.24 s for 6.4 GB, sets kPinBytesPerSecond).
OUT_OF_CORE_PIN = (40000, 1.24)

ASSUMPTIONS = {
    "gpus_per_host": 8,           # one host's GPUs form a 4 x 2 corner of the process grid
    "host_grid": (4, 2),
    "infiniband_bytes_per_second": 25e9,  # one 200 Gb/s port per GPU
    "infiniband_step_seconds": 30e-6,     # latency of one grouped step between hosts
    "gpu_bytes": 80e9,                    # a rank's block must fit, else it runs out of core
    "host_bytes": 2e12,                   # the result's share of a host must fit its memory
}


def read_constants(path=CONSTANTS_FILE):
    text = path.read_text()
    block = re.search(r"BEGIN MODEL CONSTANTS(.*?)END MODEL CONSTANTS", text, re.S)
    if not block:
        sys.exit(f"{path}: no BEGIN/END MODEL CONSTANTS block")
    found = dict(re.findall(r"constexpr\s+(?:double|int)\s+(k\w+)\s*=\s*([0-9.eE+-]+)\s*;", block.group(1)))
    return {k: float(v) for k, v in found.items()}


def padded(n):
    return -(-max(n, 1) // TILE) * TILE


def grid_for_ranks(ranks):  # gpu_grid_for_ranks
    cols = max(c for c in range(1, ranks + 1) if c * c <= ranks and ranks % c == 0)
    return ranks // cols, cols


def largest_part(n, ranks):  # largest_part: a rank's rows and columns
    tiles = padded(n) // TILE
    pr, pc = grid_for_ranks(ranks)
    return -(-tiles // pr) * TILE, -(-tiles // pc) * TILE


def rank_bytes(n, arcs, dist, ranks):  # gpu_rank_bytes
    s = CELL_BYTES[dist]
    rows, cols = largest_part(n, ranks)
    return rows * cols * s + 2 * TILE * (rows + cols) * (s + 4) + 4 * TILE * TILE * 4 + (n + 1) * 8 + arcs * (4 + s) + 4096


def rank_stream_width(n, arcs, dist, ranks, memory, k):  # rank_out_of_core_width
    s = CELL_BYTES[dist]
    rows, cols = largest_part(n, ranks)
    fixed = 3 * TILE * cols * s + (n + 1) * 8 + arcs * (4 + s) + (1 << 20)
    for w in range(int(k["kMaxRankOutOfCoreWidth"]), TILE - 1, -TILE):
        panels = 2 * w * (rows + cols) * s + (w * rows * 4 if dist == "hop16" else 0) + 4 * w * w * 4 + w * TILE * (2 * s + 4)
        if fixed + panels <= memory:
            return w
    return 0


def predict(k, n, dist, engine, ranks=1, devices=1, device_bytes=0, arcs=0):
    """Seconds of one run, as predict_gpu_blocked gives them (engine "one", "ranks", "logical")."""
    N, s = padded(n), CELL_BYTES[dist]
    pivots, rate = N // TILE, k[RATE_NAME[dist]]
    if engine == "one":
        if device_bytes == 0 or rank_bytes(n, arcs, dist, 1) <= device_bytes:
            return pivots * (TILE * N * N / rate + k["kPivotSeconds"]) + n * n * s / k["kDownloadBytesPerSecond"] + k["kRunSeconds"]
        graph = (n + 1) * 8 + arcs * (4 + s)
        width = min(k["kMaxOutOfCoreWidth"], (device_bytes - 3 * 256 * N * s - graph) // (4 * s * N) // TILE * TILE)
        if width < TILE:
            return math.inf
        streamed = max(pivots * (TILE * N * N / (rate * k["kOutOfCoreEfficiency"]) + k["kPivotSeconds"]),
                       math.ceil(N / width) * n * n * s / k["kHostLinkBytesPerSecond"])
        return streamed + n * n * s / k["kPinBytesPerSecond"] + k["kRunSeconds"]
    pr, pc = grid_for_ranks(ranks)
    phase3 = TILE * N * N / (devices * rate)
    fixed = k["kSpreadSecondsPerGpu"] * devices if devices > 1 else k["kRunSeconds"]
    rank_memory = device_bytes * devices // ranks  # device_bytes is a GPU's; its ranks share it
    if rank_memory and rank_bytes(n, arcs, dist, ranks) > rank_memory:  # every rank streams its block
        width = rank_stream_width(n, arcs, dist, ranks, rank_memory, k)
        if width < TILE:
            return math.inf
        rows, cols = largest_part(n, ranks)
        rounds = math.ceil(N / width) + pr + pc - 2
        link = rows * cols * s * ranks / devices / k["kHostLinkBytesPerSecond"]
        compute = max(pivots * (phase3 / k["kOutOfCoreEfficiency"] + k["kPivotSeconds"]), rounds * link)
        compute += rounds * width * width * (rows + cols) / rate
        return compute + n * n * s / k["kPinBytesPerSecond"] + fixed
    sent = TILE * s * (N / pr * (pc - 1) + N / pc * (pr - 1))  # the diagonal tile's owner, the busiest root
    compute = pivots * (max(phase3, sent / k["kNvlinkBytesPerSecond"]) + k["kPivotSeconds"])
    download = n * n * s / min(devices * k["kDownloadBytesPerSecond"], k["kHostDownloadBytesPerSecond"])
    return compute + download + fixed


def measured_prediction(k, case):
    n, dist, engine, ranks, devices, gib, seconds, _ = case
    arcs = 20 * n
    return predict(k, n, dist, engine, ranks, devices, int(gib * 2**30), arcs)


def fit(k):
    """Least squares of the relative residuals: for a rate on a grid, the per-pivot cost, the
    one-GPU run cost and the several-GPU cost per GPU enter linearly, so they are solved
    exactly (non-negative); then each other type's rate and the out-of-core efficiency."""
    k = dict(k)
    in_core = [c for c in MEASURED if c[5] == 0]
    int32 = [c for c in in_core if c[1] == "int32"]
    best = None
    for step in range(12000, 16600, 5):
        k["kRateInt32"] = step * 1e9
        # The seconds with the three linear constants at zero, and their coefficients.
        rows = []
        for c in int32:
            base = dict(k, kPivotSeconds=0.0, kRunSeconds=0.0, kSpreadSecondsPerGpu=0.0)
            t0 = measured_prediction(base, c)
            pivots = padded(c[0]) // TILE
            spread = c[2] != "one" and c[4] > 1
            rows.append((t0, [pivots, 0 if spread else 1, c[4] if spread else 0], c[6]))
        x = nonnegative_least_squares(rows)
        cost = sum(((t0 + sum(a * b for a, b in zip(coef, x))) / m - 1) ** 2 for t0, coef, m in rows)
        if best is None or cost < best[0]:
            best = (cost, k["kRateInt32"], x)
    _, k["kRateInt32"], (k["kPivotSeconds"], k["kRunSeconds"], k["kSpreadSecondsPerGpu"]) = best
    for dist in ("hop16", "float"):
        cases = [c for c in in_core if c[1] == dist]
        k[RATE_NAME[dist]] = min((sum((measured_prediction(dict(k, **{RATE_NAME[dist]: r * 1e9}), c) / c[6] - 1) ** 2
                                      for c in cases), r * 1e9) for r in range(5000, 40000, 10))[1]
    n, pin_seconds = OUT_OF_CORE_PIN
    k["kPinBytesPerSecond"] = round(n * n * 4 / pin_seconds, -7)
    ooc = [c for c in MEASURED if c[5] > 0 and c[2] == "one"]
    k["kOutOfCoreEfficiency"] = min((sum((measured_prediction(dict(k, kOutOfCoreEfficiency=e / 1000), c) / c[6] - 1) ** 2
                                         for c in ooc), e / 1000) for e in range(500, 1001))[1]
    return k


def nonnegative_least_squares(rows):
    """min sum ((t0 + coef . x) / m - 1)^2 over x >= 0, three unknowns: every subset of free
    unknowns solved by the normal equations, the best feasible one kept."""
    best = None
    for mask in range(8):
        free = [i for i in range(3) if mask >> i & 1]
        x = [0.0] * 3
        if free:
            a = [[sum(c[i] * c[j] / m / m for _, c, m in rows) for j in free] for i in free]
            b = [sum(c[i] * (1 - t0 / m) / m for t0, c, m in rows) for i in free]
            sol = solve(a, b)
            if sol is None or min(sol) < 0:
                continue
            for i, v in zip(free, sol):
                x[i] = v
        cost = sum(((t0 + sum(a * b for a, b in zip(c, x))) / m - 1) ** 2 for t0, c, m in rows)
        if best is None or cost < best[0]:
            best = (cost, x)
    return best[1]


def solve(a, b):
    n = len(b)
    m = [row[:] + [v] for row, v in zip(a, b)]
    for i in range(n):
        p = max(range(i, n), key=lambda r: abs(m[r][i]))
        if abs(m[p][i]) < 1e-300:
            return None
        m[i], m[p] = m[p], m[i]
        for r in range(n):
            if r != i:
                f = m[r][i] / m[i][i]
                m[r] = [x - f * y for x, y in zip(m[r], m[i])]
    return [m[i][n] / m[i][i] for i in range(n)]


def seconds_text(t):
    if math.isinf(t):
        return "-"
    if t >= 3600:
        return f"{t / 3600:.2f} h"
    if t >= 600:
        return f"{t / 60:.1f} min"
    return f"{t:.3g} s" if t < 100 else f"{t:.0f} s"


def calibration_table(k):
    print("| n | dist | run | measured | predicted | residual | from |")
    print("|---|---|---|---|---|---|---|")
    for c in MEASURED:
        n, dist, engine, ranks, devices, gib, seconds, where = c
        run = {"one": "one GPU", "ranks": f"{ranks} rank{'s' if ranks > 1 else ''} on {devices} GPU{'s' if devices > 1 else ''}",
               "logical": f"{ranks} logical ranks on 1 GPU"}[engine]
        if gib:
            run += (f", {gib:g} GiB" if gib >= 1 else f", {gib * 1024:g} MiB") + " (out of core)"
        t = measured_prediction(k, c)
        print(f"| {n:,} | {dist} | {run} | {seconds:g} s | {seconds_text(t)} | {100 * (t / seconds - 1):+.1f}% | {where} |")


def many_hosts(k, n, gpus, ring, fixed_cost):
    """Seconds, and the parts, of int32 gpu-blocked at n over `gpus` GPUs in hosts of 8."""
    a = ASSUMPTIONS
    s, N = 4, padded(n)
    pivots, rate = N // TILE, k["kRateInt32"]
    hosts = max(1, gpus // a["gpus_per_host"])
    pr, pc = grid_for_ranks(gpus)
    hr, hc = a["host_grid"] if gpus >= a["gpus_per_host"] else (pr, pc)
    block = (N / pr) * (N / pc) * s
    out_of_core = block > a["gpu_bytes"]
    host_share = n * n * s / hosts
    # Per pivot a rank receives its rows of the column panel along its process row and its
    # columns of the row panel along its process column; the diagonal tile's owner sends both
    # (to every peer today, once along a ring with ring broadcasts).
    recv_row, recv_col = TILE * s * N / pr, TILE * s * N / pc
    fan_row, fan_col = (1, 1) if ring else (pc - 1, pr - 1)
    row_crosses, col_crosses = pc > hc, pr > hr
    ib, nv = a["infiniband_bytes_per_second"], k["kNvlinkBytesPerSecond"]
    over_ib = recv_row * fan_row * row_crosses + recv_col * fan_col * col_crosses
    over_nv = recv_row * fan_row * (not row_crosses) + recv_col * fan_col * (not col_crosses)
    exchange = over_ib / ib + over_nv / nv
    phase3 = TILE * N * N / (gpus * rate * (k["kOutOfCoreEfficiency"] if out_of_core else 1))
    chain = k["kPivotSeconds"] + (2 * a["infiniband_step_seconds"] if hosts > 1 else 0)
    compute = pivots * (max(phase3, exchange) + chain)
    if out_of_core:
        # As distributed_out_of_core.cu streams and predict_gpu_blocked prices it: per super-block
        # of W, the block up and down over the host link against phase 3, and the diagonal's
        # owner forming both panels (W^2 (rows + cols) updates) while the others wait; the rank's
        # block pinned in host memory first (a host's ranks one after another).
        width = k["kMaxRankOutOfCoreWidth"]
        rounds = math.ceil(N / width) + pr + pc - 2
        compute = max(compute, rounds * block / k["kHostLinkBytesPerSecond"])
        compute += rounds * width * width * (N / pr + N / pc) / rate
        compute += (a["gpus_per_host"] if hosts > 1 else gpus) * block / k["kPinBytesPerSecond"]
    download = 0 if out_of_core else host_share / min(min(gpus, a["gpus_per_host"]) * k["kDownloadBytesPerSecond"],
                                                      k["kHostDownloadBytesPerSecond"])
    fixed = k["kSpreadSecondsPerGpu"] * gpus if fixed_cost else 0
    ideal = N ** 3 / rate
    total = compute + download + fixed
    return {
        "grid": f"{pr}x{pc}", "hosts": hosts, "block": block, "out_of_core": out_of_core,
        "host_fits": host_share <= a["host_bytes"], "host_share": host_share,
        "links": "NVLink" if not (row_crosses or col_crosses) else
                 "IB" if row_crosses and col_crosses else "IB along " + ("rows" if row_crosses else "columns"),
        "recv": recv_row + recv_col, "root_sends": recv_row * fan_row + recv_col * fan_col,
        "phase3": phase3, "exchange": exchange, "seconds": total, "efficiency": ideal / (gpus * total),
    }


def percent_text(fraction):
    return f"{100 * fraction:.2g}%" if fraction < 0.1 else f"{100 * fraction:.0f}%"


def bytes_text(b):
    for unit, size in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6)):
        if b >= size:
            return f"{b / size:.3g} {unit}"
    return f"{b / 1e3:.3g} kB"


def scaling_table(k):
    print("| n | GPUs (hosts, grid) | block a rank | panels over | received a pivot / the root sends | "
          "phase 3 / exchange a pivot | predicted today | efficiency today | ring broadcasts, no per-GPU cost |")
    print("|---|---|---|---|---|---|---|---|---|")
    for n in (200_000, 1_000_000, 4_000_000):
        for gpus in (8, 64, 512):
            today = many_hosts(k, n, gpus, ring=False, fixed_cost=True)
            better = many_hosts(k, n, gpus, ring=True, fixed_cost=False)
            block = bytes_text(today["block"]) + (" (out of core)" if today["out_of_core"] else "")
            if not today["host_fits"]:
                print(f"| {n:,} | {gpus} ({today['hosts']}, {today['grid']}) | {block} | - | - | - | "
                      f"the result, {bytes_text(today['host_share'])} a host, exceeds host memory | - | - |")
                continue
            print(f"| {n:,} | {gpus} ({today['hosts']}, {today['grid']}) | {block} | {today['links']} | "
                  f"{bytes_text(today['recv'])} / {bytes_text(today['root_sends'])} | "
                  f"{today['phase3'] * 1e3:.3g} / {today['exchange'] * 1e3:.3g} ms | {seconds_text(today['seconds'])} | "
                  f"{percent_text(today['efficiency'])} | {seconds_text(better['seconds'])}, {percent_text(better['efficiency'])} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calibration", action="store_true", help="measured against predicted")
    parser.add_argument("--fit", action="store_true", help="fit the constants again from the measured runs")
    args = parser.parse_args()
    k = read_constants()
    if args.fit:
        fitted = fit(k)
        for name in ("kRateInt32", "kRateFloat", "kRateHop16", "kPivotSeconds", "kRunSeconds", "kSpreadSecondsPerGpu",
                     "kPinBytesPerSecond", "kOutOfCoreEfficiency"):
            print(f"{name} = {fitted[name]:.4g}")
        calibration_table(fitted)
    elif args.calibration:
        calibration_table(k)
    else:
        scaling_table(k)


if __name__ == "__main__":
    main()
