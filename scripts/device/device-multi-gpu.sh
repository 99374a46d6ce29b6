#!/usr/bin/env bash
# The several-GPU checks (docs/gpu.md, "Several GPUs") in one call on the lent device machine:
# configure, build the CLI and the GPU tests, run the distributed tests, then the benchmarks.
#
#   OUT=/tmp/out scripts/device/device-multi-gpu.sh one      # one GPU: tests, logical ranks, 1-rank NCCL overhead
#   OUT=/tmp/out scripts/device/device-multi-gpu.sh several  # a machine of 2, 4 or 8 GPUs: the spread runs
#   OUT=/tmp/out scripts/device/device-multi-gpu.sh streamed # the same machine: every rank out of core
# Environment: OUT (log folder, default ./device-out), BUILD (default build-device), JOBS.
# Every bench line is also written as JSON under $OUT; NCCL_NVLS_ENABLE=0 (the program sets it too).
set -uo pipefail
cd "$(dirname "$0")/../.."
what=${1:-one}
OUT=${OUT:-$PWD/device-out}
BUILD=${BUILD:-build-device}
JOBS=${JOBS:-$(nproc)}
export NCCL_NVLS_ENABLE=0
mkdir -p "$OUT"
nvidia-smi -L | tee "$OUT/gpus.txt"
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPATHSCOPE_GUI=OFF -DCMAKE_CUDA_ARCHITECTURES=90a-real \
  >"$OUT/configure.log" 2>&1 || { tail -30 "$OUT/configure.log"; exit 1; }
grep "NCCL" "$OUT/configure.log"
ninja -C "$BUILD" -j"$JOBS" pathscope-cli gpu_test_gpu_distributed \
  >"$OUT/build.log" 2>&1 || { grep -E "error|FAILED" "$OUT/build.log" | head -30; exit 1; }
cli="$BUILD/app/pathscope-cli"
bench() {  # bench NAME args...: one bench line, its table on stdout and its JSON under $OUT
  local name=$1
  shift
  echo "== bench $name: $*"
  "$cli" bench "$@" --json >"$OUT/$name.json" 2>"$OUT/$name.err" || tail -5 "$OUT/$name.err"
  python3 - "$OUT/$name.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for r in d.get("results", d.get("backends", [])):
    print("  %-40s %10.4f s  %s  %s" % (r.get("engine", r.get("backend")), r.get("seconds", 0),
          r.get("checksum", r.get("survivors", "")), r.get("device", "")))
print("  all equal:", d.get("checksums_equal", d.get("all_equal")))
PY
}
if [ "$what" = one ]; then
  "$BUILD/tests/gpu_test_gpu_distributed" 2>&1 | tee "$OUT/test-distributed.log" | grep -E "^\[  (PASSED|FAILED|  OK|SKIPPED)|Failure|error" | head -40
  bench apsp-30000 apsp random:n=30000,deg=20,seed=1 --engines gpu-blocked --dist int32 --gpus 0,1,0,1,0+0,0+0+0+0 --repeat 3 --warmup 1
  for n in 4097 12529; do
    bench "apsp-$n" apsp "random:n=$n,deg=20,seed=1" --engines gpu-blocked --dist int32 --gpus 0,1,0+0,0+0+0+0 --repeat 3 --warmup 1
  done
  bench apsp-12529-hop16 apsp random:n=12529,deg=20,seed=1,unweighted --engines gpu-blocked --dist hop16 --gpus 0,1,0+0+0+0 --repeat 3 --warmup 1
  bench apsp-12529-float apsp random:n=12529,deg=20,seed=1 --engines gpu-blocked --dist float --gpus 0,1,0+0+0+0 --repeat 3 --warmup 1
  bench correlate-1m correlate random-table:rows=1000000,cols=30,seed=1 --min-abs-rho 0.9 --backends gpu --gpus 0,0+0,0+0+0+0 --repeat 3 --warmup 1
elif [ "$what" = several ]; then
  g=$(nvidia-smi -L | wc -l)
  sweep=1,2; [ "$g" -ge 4 ] && sweep=1,2,4; [ "$g" -ge 8 ] && sweep=1,2,4,8
  bench apsp-65536 apsp random:n=65536,deg=20,seed=1 --engines gpu-blocked --dist int32 --gpus 0,$sweep --repeat 3 --warmup 1
  bench correlate-9.9m correlate random-table:rows=9879896,cols=30,seed=1 --max-p 0.05 --count-only --backends gpu --gpus 0,$g --repeat 1
  [ "$g" -ge 4 ] && bench apsp-200000 apsp random:n=200000,deg=20,seed=1 --engines gpu-blocked --dist int32 --gpus 4 --repeat 1
elif [ "$what" = streamed ]; then
  # Out of core on every rank (docs/gpu.md): the tests over distinct GPUs, the checksum of a
  # streamed n = 65,536 against the in-core one, then issue #29's n = 250,000 over 4 GPUs with
  # each rank's budget below its 62.5 GB block (host memory: 250 GB for the result).
  ninja -C "$BUILD" -j"$JOBS" gpu_test_gpu_ranks_out_of_core >>"$OUT/build.log" 2>&1
  "$BUILD/tests/gpu_test_gpu_ranks_out_of_core" 2>&1 | tee "$OUT/test-ranks-out-of-core.log" | grep -E "^\[  (PASSED|FAILED|SKIPPED)|Failure" | head -20
  g=$(nvidia-smi -L | wc -l)
  bench apsp-65536-streamed apsp random:n=65536,deg=20,seed=1 --engines gpu-blocked --dist int32 --gpus $g --gpu-mem 3GiB --repeat 1
  [ "$g" -ge 4 ] && bench apsp-250000-streamed apsp random:n=250000,deg=20,seed=1 --engines gpu-blocked --dist int32 --gpus 4 --gpu-mem 40GiB --repeat 1
fi
