#!/usr/bin/env bash
# The GPU information-flow engine on the lent device machine: build its test and the timing
# tool, run the test, a compute-sanitizer memcheck of the random cases, then the acceptance run
# (docs/information-flow.md): layers of the generated 139,255-neuron brain from one sensory
# type (ORN1) with 1,000 repetitions (<= 30 s), checked against the CPU engine to the bit with
# 130 repetitions. Logs under $OUT, a summary last.
#
#   OUT=/tmp/out scripts/device/device-flow.sh [tests|bench|all]
# Environment: OUT, BUILD (default build-device, configured as device-check.sh does), JOBS.
set -uo pipefail
cd "$(dirname "$0")/../.."
what=${1:-all}
OUT=${OUT:-$PWD/device-out}
BUILD=${BUILD:-build-device}
JOBS=${JOBS:-$(nproc)}
mkdir -p "$OUT"
summary="$OUT/flow.txt"
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

[ -f "$BUILD/build.ninja" ] || run configure flow-configure.log 300 cmake -S . -B "$BUILD" -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DPATHSCOPE_GUI=OFF -DCMAKE_CUDA_ARCHITECTURES=90a-real
run build flow-build.log 900 ninja -C "$BUILD" -j"$JOBS" gpu_test_gpu_flow unit_test_flow_layers unit_test_flow_statistics unit_test_flow_seeds time_flow ||
  { tail -40 "$OUT/flow-build.log"; cat "$summary"; exit 1; }

if [ "$what" != bench ]; then
  run "ctest flow (gpu and unit)" flow-ctest.log 900 \
    ctest --test-dir "$BUILD" -R 'test_gpu_flow|test_flow_' --output-on-failure --timeout 900
  if command -v compute-sanitizer >/dev/null; then
    run "memcheck (random graphs, batches)" flow-memcheck.log 600 compute-sanitizer --tool memcheck --error-exitcode 1 \
      "$BUILD/tests/gpu_test_gpu_flow" '--gtest_filter=*Random*:*Batches*'
  fi
fi

if [ "$what" != tests ]; then
  run "brain from ORN1: 1,000 repetitions (<= 30 s), vs cpu" flow-brain.txt 600 \
    "$BUILD/tests/time_flow" connectome:n=139255,seed=1 ORN1 1000 gpu 3 cpu 130
fi
echo "==== flow summary ===="
cat "$summary"
for f in "$OUT"/flow-*.txt; do
  [ -f "$f" ] && { echo "---- $(basename "$f")"; tail -n 12 "$f"; }
done
exit 0
