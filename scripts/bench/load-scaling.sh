#!/usr/bin/env bash
# Load time per input format on generated files at 1x, 10x and 100x the input (every
# reader linear: 10x and 100x the input in at most 12x and 120x the time). Each file is written
# by scripts/bench/write-scaling-input.py, timed by `pathscope-cli bench load` (the least of several
# runs; process CPU seconds, which other work on a shared machine inflates far less than wall
# time), then removed. OpenMP threads wait passively: TSPLIB fills its matrix on all cores from
# 4,096 cities, and threads spinning at the end of that loop would count as reading time.
# Prints per format the seconds at each size, the time ratios beside the input ratios (bytes
# written; arcs for tsplib, whose file lists only the cities) and the 1.2x bound.
#
# usage: scripts/bench/load-scaling.sh [--cli PATH] [--repeat R] [--scale S] [--wall] [FORMAT...]
#   --repeat R  runs per file at 100x (default 3; twice as many at 1x and 10x, the divisors)
#   --scale S   multiplies every base size (0.1 for a quick look; the defaults make the 1x file
#               take about 20 ms or more, so timer noise does not decide a ratio)
#   --wall      ratios of wall seconds instead of CPU seconds
# Exit status 1 when a ratio is over its bound.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
cli="$root/build/app/pathscope-cli"
repeat=3
scale=1
clock=cpu_seconds
formats=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --cli) cli="$2"; shift 2 ;;
    --repeat) repeat="$2"; shift 2 ;;
    --scale) scale="$2"; shift 2 ;;
    --wall) clock=seconds; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) formats+=("$1"); shift ;;
  esac
done
[[ -x "$cli" ]] || { echo "no pathscope-cli at $cli (build it, or give --cli PATH)" >&2; exit 2; }

# Base sizes (1x): nodes of the ring, except tsplib (arcs of the complete graph) and dense
# (matrix entries).
declare -A base=(
  [dimacs]=64000 [metis]=110000 [json]=20000 [tsplib]=1000000 [mtx]=80000 [dense]=1500000
  [graphml]=15000 [gexf]=12000 [gml]=18000 [pajek]=90000 [codex]=13000 [neuprint]=23000
  [lgl]=80000 [edge-table]=110000)
order=(dimacs metis json tsplib mtx dense graphml gexf gml pajek codex neuprint lgl edge-table)
[[ ${#formats[@]} -gt 0 ]] || formats=("${order[@]}")

work="$(mktemp -d "${TMPDIR:-/tmp}/load-scaling.XXXXXX")"
trap 'rm -rf "$work"' EXIT
results="$work/results.tsv"
: > "$results"
for format in "${formats[@]}"; do
  [[ -n "${base[$format]:-}" ]] || { echo "unknown format '$format' (known: ${order[*]})" >&2; exit 2; }
  for factor in 1 10 100; do
    units=$(python3 -c "print(max(2, round(${base[$format]} * $scale * $factor)))")
    dir="$work/$format-$factor"
    file=$(python3 "$root/scripts/bench/write-scaling-input.py" "$format" "$units" "$dir")
    bytes=$(du -sb "$dir" | cut -f1)
    runs=$repeat; (( factor == 100 )) || runs=$(( repeat * 2 ))
    OMP_WAIT_POLICY=passive "$cli" --quiet bench load --input-format "$format" --repeat "$runs" --json "$file" > "$dir.json"
    printf '%s\t%s\t%s\t%s\n' "$format" "$factor" "$bytes" "$dir.json" >> "$results"
    rm -rf "$dir"
  done
done

python3 - "$results" "$clock" <<'EOF'
import json, sys
rows, clock = {}, sys.argv[2]
for line in open(sys.argv[1]):
    format, factor, size, path = line.rstrip("\n").split("\t")
    result = json.load(open(path))["results"][0]
    rows.setdefault(format, {})[int(factor)] = (int(size), result)
print(f"{'format':<11} {'1x MB':>8} {'1x s':>8} {'10x s':>8} {'100x s':>8}   {'10x: input':>10} {'time':>7}"
      f"   {'100x: input':>11} {'time':>7}   bound 1.2x")
over = False
for format, by in rows.items():
    if set(by) != {1, 10, 100}:
        continue
    # TSPLIB lists the cities; the graph (and the work) is the complete graph's arcs.
    size = lambda f: by[f][1]["arcs"] if format == "tsplib" else by[f][0]
    t = {f: by[f][1][clock] for f in by}
    cells, verdict = [], "ok"
    for f in (10, 100):
        input_ratio = size(f) / size(1)
        time_ratio = t[f] / t[1] if t[1] > 0 else float("inf")
        if time_ratio > 1.2 * input_ratio:
            verdict, over = "OVER", True
        cells.append(f"{input_ratio:>10.1f}x {time_ratio:>6.1f}x")
    print(f"{format:<11} {by[1][0] / 1e6:>8.2f} {t[1]:>8.3f} {t[10]:>8.3f} {t[100]:>8.3f}   {cells[0]}   "
          f"{cells[1]:>19}   {verdict}")
sys.exit(1 if over else 0)
EOF
