#!/usr/bin/env bash
# gpu-sparse in one device call: configure (no GUI, sm_90a), build the CLI and the all-pairs GPU
# tests, run gpu.test_gpu_sparse_apsp and gpu.test_gpu_apsp_to_file, a compute-sanitizer
# memcheck of the sparse tests' small cases, and the bench lines of docs/gpu.md ("gpu-sparse"):
# rome99 (int32, float, hop counts) and random sparse graphs, gpu-sparse beside gpu-blocked and
# the CPU engine, each line's checksums compared in the same run.
#
#   OUT=/tmp/out PATHSCOPE_SHARED_DATA=$PWD/.devdata scripts/device/device-sparse.sh
# (carry .devdeps and .devdata: scripts/device/prepare-device-carry.sh)
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-$PWD/device-out}
BUILD=${BUILD:-build-device}
DATA=${PATHSCOPE_SHARED_DATA:-$PWD/../shared/data}
mkdir -p "$OUT"
summary="$OUT/summary.txt"
: >"$summary"
note() { printf '%-48s %s\n' "$1" "$2" | tee -a "$summary" >/dev/null; }
step() {  # step NAME LOG command...: runs, logs, records pass/fail and seconds
  local name=$1 log=$2
  shift 2
  local t0=$SECONDS
  "$@" >"$OUT/$log" 2>&1
  local rc=$?
  note "$name" "$([ $rc -eq 0 ] && echo ok || echo "FAILED (rc $rc, see $log)") $((SECONDS - t0)) s"
  return $rc
}

note "device" "$(nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader 2>/dev/null | head -1)"
step configure configure.log cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPATHSCOPE_GUI=OFF \
  -DCMAKE_CUDA_ARCHITECTURES=90a-real "-DPATHSCOPE_SHARED_DATA=$DATA" || { cat "$summary"; exit 1; }
step build build.log ninja -C "$BUILD" pathscope-cli gpu_test_gpu_sparse_apsp gpu_test_gpu_apsp_to_file ||
  { tail -40 "$OUT/build.log"; cat "$summary"; exit 1; }
step "ctest sparse + to_file" ctest.log ctest --test-dir "$BUILD" -R 'test_gpu_sparse_apsp|test_gpu_apsp_to_file' \
  --output-on-failure --timeout 600
step "memcheck (small cases)" memcheck.log compute-sanitizer --tool memcheck --error-exitcode 9 \
  "$BUILD/tests/gpu_test_gpu_sparse_apsp" --gtest_filter='*Refuses*:*BitForBit*'
grep -E "ERROR SUMMARY" "$OUT/memcheck.log" | tail -1 | tee -a "$summary" >/dev/null

cli="$BUILD/app/pathscope-cli"
bench() {  # bench LOG args...: one `bench apsp` line, its table in LOG.txt
  local log=$1
  shift
  step "bench $log" "$log.txt" "$cli" bench apsp "$@"
}
bench rome99-int32 "$DATA/rome99.gr" --engines sparse,gpu-blocked,gpu-sparse --dist int32 --repeat 5 --warmup 1
bench rome99-float "$DATA/rome99.gr" --engines sparse,gpu-sparse --dist float --repeat 5 --warmup 1
bench rome99-hops "$DATA/rome99.gr" --cost-rule hops --engines gpu-blocked,gpu-sparse --dist hop16 --repeat 5 --warmup 1
bench n12529-deg3 random:n=12529,deg=3,seed=1 --engines gpu-blocked,gpu-sparse --dist int32 --repeat 5 --warmup 1
bench n40000-deg3 random:n=40000,deg=3,seed=1 --engines gpu-blocked,gpu-sparse --dist int32 --repeat 1 --warmup 1
PATHSCOPE_GPU_TRACE=1 "$cli" bench apsp "$DATA/rome99.gr" --engines gpu-sparse --repeat 3 --warmup 1 >"$OUT/trace.txt" 2>&1
echo "==== summary ====" && cat "$summary"
for f in "$OUT"/*-*.txt; do echo "== $(basename "$f")" && grep -vE '^\s*$' "$f" | tail -8; done
