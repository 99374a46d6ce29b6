#!/usr/bin/env bash
# The GPU centrality engine on the lent device machine: build its test and the timing tool,
# run the test, a compute-sanitizer memcheck of a small case, then the acceptance runs
# (docs/gpu.md, "Centrality"): exact betweenness of the generated 139,255-neuron brain with hop
# and inverse-synapse costs, Luxembourg's roads, PageRank of the brain; each big run is then
# checked against the CPU engine from 64 sampled sources. Logs under $OUT, a summary last.
#
#   OUT=/tmp/out scripts/device/device-centrality.sh [tests|bench|exact|cli|all]
# all = tests and bench (sampled brain runs, exact Luxembourg, PageRank); exact = the two exact
# brain runs, each up to 10 minutes; cli = the same questions through pathscope-cli (bench
# centrality side by side, metrics of the brain at Codex's >= 5 synapses, flow from one type).
# Environment: OUT, BUILD (default build-device, configured as device-check.sh does),
# PATHSCOPE_SHARED_DATA (folder holding luxembourg.osm.graph and .xyz), JOBS.
set -uo pipefail
cd "$(dirname "$0")/../.."
what=${1:-all}
OUT=${OUT:-$PWD/device-out}
BUILD=${BUILD:-build-device}
DATA=${PATHSCOPE_SHARED_DATA:-$PWD/../shared/data}
JOBS=${JOBS:-$(nproc)}
mkdir -p "$OUT"
summary="$OUT/centrality.txt"
: >"$summary"
note() { printf '%-60s %s\n' "$1" "$2" | tee -a "$summary" >/dev/null; }
run() {  # run NAME LOG SECONDS command...: time-limited, logged, pass/fail recorded
  local name=$1 log=$2 limit=$3 t0=$SECONDS
  shift 3
  timeout "$limit" "$@" >"$OUT/$log" 2>&1
  local rc=$?
  note "$name" "$([ $rc -eq 0 ] && echo ok || echo "FAILED rc $rc") $((SECONDS - t0)) s ($log)"
  return $rc
}

configure() {  # configure SOURCE BUILD LOG: the device build (no GUI, sm_90a)
  run "configure $1" "$3" 300 cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPATHSCOPE_GUI=OFF \
    -DCMAKE_CUDA_ARCHITECTURES=90a-real "-DPATHSCOPE_SHARED_DATA=$DATA"
}
[ -f "$BUILD/build.ninja" ] || configure . "$BUILD" centrality-configure.log
run build centrality-build.log 900 ninja -C "$BUILD" -j"$JOBS" gpu_test_gpu_centrality time_centrality pathscope-cli ||
  { tail -40 "$OUT/centrality-build.log"; cat "$summary"; exit 1; }
tool="$BUILD/tests/time_centrality"

if [ "$what" = tests ] || [ "$what" = all ]; then
  run "ctest gpu.test_gpu_centrality" centrality-ctest.log 900 \
    ctest --test-dir "$BUILD" -R 'gpu\.test_gpu_centrality' --output-on-failure --timeout 900
  if command -v compute-sanitizer >/dev/null; then
    run "memcheck (masks, sampled)" centrality-memcheck.log 600 compute-sanitizer --tool memcheck --error-exitcode 1 \
      "$BUILD/tests/gpu_test_gpu_centrality" '--gtest_filter=*Masks*:*Sampled*'
  fi
fi

brain=connectome:n=139255,seed=1
if [ "$what" = bench ] || [ "$what" = all ]; then
  # Sampled runs give the rate (and "every source at this rate") in a fraction of the time.
  run "brain hops: betweenness, 8,192 sampled sources" centrality-brain-hops-sampled.txt 300 \
    "$tool" "$brain" hops betweenness gpu 1 8192 cpu 64
  run "brain inverse: betweenness, 8,192 sampled sources" centrality-brain-inverse-sampled.txt 300 \
    "$tool" "$brain" inverse betweenness gpu 1 8192 cpu 64
  run "brain inverse, near-far without windows: 8,192 sampled" centrality-brain-inverse-near-far.txt 300 \
    env PATHSCOPE_GPU_CENTRALITY_WINDOWED=0 "$tool" "$brain" inverse betweenness gpu 1 8192
  run "brain inverse, windows with 16 lanes a node: 8,192 sampled" centrality-brain-inverse-16-lanes.txt 300 \
    env PATHSCOPE_GPU_CENTRALITY_LANES=16 "$tool" "$brain" inverse betweenness gpu 1 8192
  run "brain inverse, no live ends nor hub bounds: 8,192 sampled" centrality-brain-inverse-no-ends.txt 300 \
    env PATHSCOPE_GPU_CENTRALITY_LIVE_ENDS=0 PATHSCOPE_GPU_CENTRALITY_HUB_BOUNDS=0 "$tool" "$brain" inverse betweenness gpu 1 8192
  # Another revision's tree (prepare-device-carry.sh COMPARE=...), timed in the same call.
  compare="$DATA/compare"
  if [ -f "$compare/CMakeLists.txt" ]; then
    cp -r .devdeps "$compare/" 2>/dev/null
    configure "$compare" build-compare centrality-compare-configure.log &&
      run "build the compared tree" centrality-compare-build.log 900 ninja -C build-compare -j"$JOBS" time_centrality &&
      run "compared tree, brain inverse: 8,192 sampled" centrality-brain-inverse-compared.txt 300 \
        build-compare/tests/time_centrality "$brain" inverse betweenness gpu 1 8192 cpu 16
  fi
  run "Luxembourg: exact betweenness (<= 20 s)" centrality-luxembourg.txt 300 \
    "$tool" "$DATA/luxembourg.osm.graph" weight betweenness gpu 1 0 cpu 64
  run "brain: PageRank (<= 0.2 s)" centrality-pagerank.txt 300 "$tool" "$brain" inverse pagerank gpu 5 0 cpu 0
  run "brain hops, blocks of 512 threads: 8,192 sampled" centrality-brain-hops-512.txt 300 \
    env PATHSCOPE_GPU_CENTRALITY_THREADS=512 "$tool" "$brain" hops betweenness gpu 1 8192
  run "brain inverse, blocks of 256 threads: 8,192 sampled" centrality-brain-inverse-256.txt 300 \
    env PATHSCOPE_GPU_CENTRALITY_THREADS=256 "$tool" "$brain" inverse betweenness gpu 1 8192
fi
if [ "$what" = exact ]; then
  run "brain hops: exact betweenness (<= 60 s)" centrality-brain-hops.txt 600 \
    "$tool" "$brain" hops betweenness gpu 1 0 cpu 64
  run "brain inverse: exact betweenness (<= 60 s)" centrality-brain-inverse.txt 600 \
    "$tool" "$brain" inverse betweenness gpu 1 0 cpu 64
fi
if [ "$what" = cli ]; then
  cli="$BUILD/app/pathscope-cli"
  run "bench centrality rome99, cpu vs gpu" centrality-cli-bench-rome.txt 300 "$cli" bench centrality \
    "$DATA/rome99.gr" --engines cpu,gpu --measures betweenness,closeness,harmonic,pagerank --repeat 3
  run "bench centrality brain >= 5 synapses, hops, 4,096 sampled" centrality-cli-bench-brain.txt 300 "$cli" bench \
    centrality "$brain" --min-synapses 5 --cost-rule hops --engines gpu,cpu --measures betweenness --samples 4096
  for cost in hops inverse; do
    run "metrics brain >= 5 synapses, $cost, exact betweenness" "centrality-cli-metrics-$cost.txt" 400 "$cli" metrics \
      "$brain" --min-synapses 5 --cost-rule "$cost" --measures betweenness,pagerank --engine gpu --top 3 \
      --out "$OUT/metrics-$cost.csv" --by-type=cell_type
  done
  run "flow brain from ORN1, 1,000 repetitions" centrality-cli-flow.txt 300 "$cli" flow "$brain" --seeds ORN1 \
    --repetitions 1000 --engine gpu --top 5 --by-type=cell_type
  rm -f "$OUT"/metrics-*.csv
fi
echo "==== centrality summary ===="
cat "$summary"
for f in "$OUT"/centrality-*.txt; do
  [ -f "$f" ] && { echo "---- $(basename "$f")"; tail -n 12 "$f"; }
done
exit 0
