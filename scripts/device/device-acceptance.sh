#!/usr/bin/env bash
# GPU checks of the tour, reachability and correlation engines, meant to run
# right after scripts/device/device-check.sh in the same call and build folder: it builds the
# remaining GPU tests, runs them, then each family's acceptance benchmarks. Logs under $OUT.
#
#   OUT=/tmp/out scripts/device/device-acceptance.sh [tests|tsp|closure|correlate|all]...
# Environment: OUT, BUILD (default build-device), PATHSCOPE_SHARED_DATA (folder with tsplib/).
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-$PWD/device-out}
BUILD=${BUILD:-build-device}
DATA=${PATHSCOPE_SHARED_DATA:-$PWD/../shared/data}
mkdir -p "$OUT"
summary="$OUT/acceptance.txt"
cli="$BUILD/app/pathscope-cli"
note() { printf '%-52s %s\n' "$1" "$2" | tee -a "$summary"; }
run() {  # run NAME LOG SECONDS command...: time-limited, logged, pass/fail recorded
  local name=$1 log=$2 limit=$3 t0=$SECONDS
  shift 3
  timeout "$limit" "$@" >"$OUT/$log" 2>&1
  local rc=$?
  note "$name" "$([ $rc -eq 0 ] && echo ok || echo "FAILED rc $rc") $((SECONDS - t0)) s ($log)"
}

wants() { [[ " $* " == *" all "* ]]; }
modes=${*:-all}

if [[ " $modes " == *" tests "* ]] || wants $modes; then
  targets=$(ninja -C "$BUILD" -t targets all 2>/dev/null | grep -oE '^gpu_test_(tsp|closure|correlate)[A-Za-z0-9_]*' | sort -u)
  run "build GPU tests (tsp, closure, correlate)" build-more.log 900 ninja -C "$BUILD" pathscope-cli $targets
  run "ctest -L gpu (tsp, closure, correlate)" ctest-more.log 900 \
    ctest --test-dir "$BUILD" -L gpu -R 'tsp|closure|correlate' --output-on-failure --timeout 600
  grep -E "tests passed|Failed|\*\*\*" "$OUT/ctest-more.log" | tee -a "$summary"
fi

if [[ " $modes " == *" tsp "* ]] || wants $modes; then
  T=$DATA/tsplib
  run "tsp 13 stops brute cpu+gpu" tsp-13.txt 120 "$cli" bench tsp random-stops:k=13,seed=1 --algo brute
  run "tsp 16 stops brute cpu(30 s cap)+gpu" tsp-16.txt 200 "$cli" bench tsp random-stops:k=16,seed=1 --algo brute --cpu-time-limit 30
  run "tsp gr24 held-karp cpu+gpu" tsp-gr24.txt 200 "$cli" bench tsp "$T/gr24.tsp" --algo held-karp
  run "tsp bays29 held-karp gpu" tsp-bays29.txt 300 "$cli" bench tsp "$T/bays29.tsp" --algo held-karp --backends gpu
  for f in berlin52 kroA100 pr1002; do
    run "tsp $f 2opt cpu+gpu" "tsp-$f.txt" 120 "$cli" bench tsp "$T/$f.tsp" --algo 2opt
  done
fi

if [[ " $modes " == *" closure "* ]] || wants $modes; then
  # auto beside the engines it picks from (it should be within 10% of the best); nine runs, as the
  # GPU's lead at this size is a few tenths of a millisecond.
  run "closure n=5000 gpu,scc,auto,bitset" closure-5000.txt 300 "$cli" bench closure random:n=5000,deg=3,seed=1 --engines gpu,scc,auto,bitset --warmup 2 --repeat 9
  run "closure n=50000 gpu,scc" closure-50000.txt 400 "$cli" bench closure random:n=50000,deg=3,seed=1 --engines gpu,scc --warmup 1 --repeat 3
fi

if [[ " $modes " == *" correlate "* ]] || wants $modes; then
  run "correlate 1M rows x 30 |rho|>=0.9 gpu" corr-1m.txt 300 "$cli" bench correlate random-table:rows=1000000,cols=30,seed=1 --min-abs-rho 0.9 --backends gpu
  run "correlate 9,879,896 rows p<=0.05 count, gpu" corr-seed.txt 420 "$cli" correlate random-table:rows=9879896,cols=30,seed=1 --max-p 0.05 --out /dev/null --backend gpu --json
  # The counting kernel (columns loaded a step ahead) beside the one without
  # (docs/correlation.md): same survivors, compute_seconds compared.
  seed_count="random-table:rows=9879896,cols=30,seed=1 --max-p 0.05 --count-only --backends gpu --repeat 1"
  run "correlate 9,879,896 count, default kernel" corr-seed-default.txt 420 "$cli" bench correlate $seed_count --json
  run "correlate 9,879,896 count, columns not loaded ahead" corr-seed-not-ahead.txt 420 \
    env PATHSCOPE_GPU_CORRELATE_PREFETCH=0 "$cli" bench correlate $seed_count --json
fi
echo "==== acceptance summary ===="
cat "$summary"
for f in "$OUT"/tsp-*.txt "$OUT"/closure-*.txt "$OUT"/corr-*.txt; do
  [ -f "$f" ] && { echo "---- $(basename "$f")"; tail -n 14 "$f"; }
done
exit 0
