#!/usr/bin/env bash
# The whole GPU check in one call on the lent device machine (or any CUDA machine):
# configure (no GUI, sm_90a), build the CLI and the GPU tests, run `ctest -L gpu`, a
# compute-sanitizer memcheck of small cases, the SASS check of the min-plus kernel, and the
# all-pairs acceptance benchmarks (docs/gpu.md), gpu-sparse's beside them. Every log goes under
# $OUT; a summary table is printed last.
#
#   OUT=/tmp/out scripts/device/device-check.sh [all|tests|bench|quick]
# quick = the tests and the benchmarks of n = 12,529 and rome99 (the CPU engine only beside
# gpu-sparse; no 30k/40k runs).
# Environment: OUT (log folder, default ./device-out), BUILD (default build-device),
# PATHSCOPE_SHARED_DATA (folder holding rome99.gr, default ../shared/data), JOBS.
set -uo pipefail
cd "$(dirname "$0")/../.."
what=${1:-all}
OUT=${OUT:-$PWD/device-out}
BUILD=${BUILD:-build-device}
DATA=${PATHSCOPE_SHARED_DATA:-$PWD/../shared/data}
JOBS=${JOBS:-$(nproc)}
mkdir -p "$OUT"
summary="$OUT/summary.txt"
: >"$summary"
note() { printf '%-44s %s\n' "$1" "$2" | tee -a "$summary" >/dev/null; }
step() {  # step NAME LOG command...: runs, logs, records pass/fail and seconds
  local name=$1 log=$2
  shift 2
  local t0=$SECONDS
  "$@" >"$OUT/$log" 2>&1
  local rc=$?
  note "$name" "$([ $rc -eq 0 ] && echo ok || echo "FAILED (rc $rc, see $log)") $((SECONDS - t0)) s"
  return $rc
}

nvidia-smi >"$OUT/nvidia-smi.txt" 2>&1
note "device" "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)"

step configure configure.log cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPATHSCOPE_GUI=OFF \
  -DCMAKE_CUDA_ARCHITECTURES=90a-real "-DPATHSCOPE_SHARED_DATA=$DATA" || { cat "$summary"; exit 1; }
gpu_tests=$(ninja -C "$BUILD" -t targets all 2>/dev/null | grep -o '^gpu_test_gpu_[A-Za-z0-9_]*' | sort -u)
step build build.log ninja -C "$BUILD" -j"$JOBS" pathscope-cli $gpu_tests || { tail -40 "$OUT/build.log"; cat "$summary"; exit 1; }
cli="$BUILD/app/pathscope-cli"

# The product kernel must use the fused add-min instruction (VIADDMNMX) on sm_90.
obj=$(find "$BUILD" -name 'blocked_in_core.cu.o' | head -1)
if command -v cuobjdump >/dev/null && [ -n "$obj" ]; then
  cuobjdump --dump-sass "$obj" >"$OUT/sass.txt" 2>&1
  note "SASS VIADDMNMX in blocked_in_core" "$(grep -c VIADDMNMX "$OUT/sass.txt") instructions"
fi

if [ "$what" != bench ]; then
  step "ctest -L gpu (all-pairs engines)" ctest-gpu.log ctest --test-dir "$BUILD" -L gpu -R 'test_gpu_' --output-on-failure --timeout 900
  grep -E "tests passed|Failed|\*\*\*" "$OUT/ctest-gpu.log" | tee -a "$summary" >/dev/null
  step "compute-sanitizer memcheck (small case)" memcheck.log compute-sanitizer --tool memcheck --error-exitcode 9 \
    "$BUILD/tests/gpu_test_gpu_apsp_exact" --gtest_filter='*SmallSizes*:*NegativeCycle*'
  grep -E "ERROR SUMMARY" "$OUT/memcheck.log" | tail -1 | tee -a "$summary" >/dev/null
  step "compute-sanitizer memcheck (gpu-sparse)" memcheck-sparse.log compute-sanitizer --tool memcheck --error-exitcode 9 \
    "$BUILD/tests/gpu_test_gpu_sparse_apsp" --gtest_filter='*Refuses*:*BitForBit*'
  grep -E "ERROR SUMMARY" "$OUT/memcheck-sparse.log" | tail -1 | tee -a "$summary" >/dev/null
fi

if [ "$what" != tests ]; then
  bench() {  # bench LOG args...: one `pathscope-cli bench apsp` line; JSON to LOG.json, the rest to LOG.err
    local log=$1 t0=$SECONDS
    shift
    "$cli" bench apsp "$@" --json >"$OUT/$log.json" 2>"$OUT/$log.err"
    local rc=$?
    note "bench $log" "$([ $rc -eq 0 ] && echo ok || echo "FAILED (rc $rc): $(tail -c 300 "$OUT/$log.err")") $((SECONDS - t0)) s"
  }
  fig() {  # fig LOG ENGINE: seconds, % of peak and checksum of one engine's row
    python3 - "$OUT/$1.json" "$2" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except Exception as e:
    print("no result"); sys.exit()
for r in d["results"]:
    if r["engine"] == sys.argv[2]:
        if "unavailable" in r: print("unavailable:", r["unavailable"]); break
        print("%.4f s  %.3g upd/s  %s%%peak  %s  %s" % (r["seconds"], r["updates_per_second"],
              "%.1f" % r.get("percent_of_peak", 0), r["checksum"], r["device"].split(", ", 1)[-1]))
PY
  }
  R1=random:n=12529,deg=20,seed=1
  bench a1-int32-gpu "$R1" --engines gpu-blocked --dist int32 --repeat 5 --warmup 1
  bench a1-float-gpu "$R1" --engines gpu-blocked --dist float --repeat 5 --warmup 1
  bench a2-hop16 "$R1,unweighted" --engines gpu-blocked --dist hop16 --repeat 5 --warmup 1
  bench a2-int32-hops "$R1,unweighted" --engines gpu-blocked --dist int32 --repeat 1
  bench a3-rome99 "$DATA/rome99.gr" --engines gpu-blocked --dist int32 --repeat 5 --warmup 1
  # gpu-sparse beside gpu-blocked and the CPU engine (docs/gpu.md, "gpu-sparse").
  bench s1-rome99 "$DATA/rome99.gr" --engines sparse,gpu-blocked,gpu-sparse --dist int32 --repeat 5 --warmup 1
  bench s2-rome99-float "$DATA/rome99.gr" --engines sparse,gpu-sparse --dist float --repeat 5 --warmup 1
  bench s3-n12529-deg3 random:n=12529,deg=3,seed=1 --engines gpu-blocked,gpu-sparse --dist int32 --repeat 5 --warmup 1
  if [ "$what" != quick ]; then
    bench a4-n30000 random:n=30000,deg=20,seed=2 --engines gpu-blocked --dist int32 --repeat 1
    bench a5-n40000-in-core random:n=40000,deg=20,seed=3 --engines gpu-blocked --dist int32 --repeat 1
    bench a5-n40000-2GiB random:n=40000,deg=20,seed=3 --engines gpu-blocked --dist int32 --gpu-mem 2GiB --repeat 1
    # Last, being the longest: the CPU engine and the naive baseline in the same run.
    bench a1-int32-all "$R1" --engines blocked,gpu-naive,gpu-blocked --dist int32 --repeat 1
  fi
  {
    echo
    echo "all-pairs acceptance                          seconds / rate / % of peak / checksum"
    echo "A1 n=12529 int32 cpu blocked:  $(fig a1-int32-all blocked)"
    echo "A1 n=12529 int32 gpu-naive:    $(fig a1-int32-all gpu-naive)"
    echo "A1 n=12529 int32 gpu-blocked:  $(fig a1-int32-all gpu-blocked)"
    echo "A1 same, median of 5:          $(fig a1-int32-gpu gpu-blocked)   (target <= 0.25 s, >= 30x naive)"
    echo "A1 float, median of 5:         $(fig a1-float-gpu gpu-blocked)"
    echo "A2 hop16 unweighted, median 5: $(fig a2-hop16 gpu-blocked)   (target <= 0.12 s)"
    echo "A2 int32 hop counts:           $(fig a2-int32-hops gpu-blocked)   (checksum must equal hop16's)"
    echo "A3 rome99 int32, median of 5:  $(fig a3-rome99 gpu-blocked)   (target <= 0.010 s)"
    echo "S1 rome99 int32 gpu-sparse:    $(fig s1-rome99 gpu-sparse)   (target <= 0.005 s; checksum of sparse, gpu-blocked)"
    echo "S1 same, gpu-blocked:          $(fig s1-rome99 gpu-blocked)"
    echo "S1 same, cpu sparse:           $(fig s1-rome99 sparse)"
    echo "S2 rome99 float gpu-sparse:    $(fig s2-rome99-float gpu-sparse)   (checksum of cpu sparse: $(fig s2-rome99-float sparse))"
    echo "S3 n=12529 deg 3 gpu-sparse:   $(fig s3-n12529-deg3 gpu-sparse)"
    echo "S3 same, gpu-blocked:          $(fig s3-n12529-deg3 gpu-blocked)"
    echo "A4 n=30000 int32 in-core:      $(fig a4-n30000 gpu-blocked)   (target <= 4 s)"
    echo "A5 n=40000 in-core:            $(fig a5-n40000-in-core gpu-blocked)"
    echo "A5 n=40000 --gpu-mem 2GiB:     $(fig a5-n40000-2GiB gpu-blocked)   (same checksum, >= 50% speed)"
    grep -h '"minplus_peak_updates_per_second"' "$OUT"/a1-int32-gpu.json "$OUT"/a1-float-gpu.json "$OUT"/a2-hop16.json 2>/dev/null |
      sed 's/^ */peak /'
  } >>"$summary"
fi
echo "==== summary ===="
cat "$summary"
