#!/usr/bin/env bash
# gpu-blocked as a job of processes, one GPU each (docs/gpu.md, "Running on several processes
# and hosts"), on a lent machine of 2 or 4 GPUs: the processes are started by hand the way
# torchrun starts them (RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR, MASTER_PORT), since the
# machine has no mpirun. Logs and JSON under $OUT.
#
#   OUT=/tmp/out scripts/device/device-job.sh tests   # build, gpu_test_gpu_job, gpu_test_gpu_distributed
#   OUT=/tmp/out scripts/device/device-job.sh bench   # n = 12,529 (int32, hop16) and 65,536 int32: one process vs the job
#   OUT=/tmp/out scripts/device/device-job.sh table   # n = 65,536 as a Zarr table by the job vs a .npy from one GPU
#   OUT=/tmp/out scripts/device/device-job.sh efficiency  # n = 65,536: hop16 checksums, int32 warm runs, --gpus all
# Environment: OUT, BUILD (default build-device), JOBS.
set -uo pipefail
cd "$(dirname "$0")/../.."
what=${1:-tests}
OUT=${OUT:-$PWD/device-out}
BUILD=${BUILD:-build-device}
JOBS=${JOBS:-$(nproc)}
export NCCL_NVLS_ENABLE=0
export PATHSCOPE_GPU_TRACE=1  # host-side steps of each run on stderr (run_trace.hpp)
mkdir -p "$OUT"
gpus=$(nvidia-smi -L | wc -l)
cli="$BUILD/app/pathscope-cli"
if [ ! -x "$cli" ] || [ "$what" = tests ]; then
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPATHSCOPE_GUI=OFF -DCMAKE_CUDA_ARCHITECTURES=90a-real \
    >"$OUT/configure.log" 2>&1 || { tail -30 "$OUT/configure.log"; exit 1; }
  ninja -C "$BUILD" -j"$JOBS" pathscope-cli gpu_test_gpu_job gpu_test_gpu_distributed check_npy_rows \
    >"$OUT/build.log" 2>&1 || { grep -E "error|FAILED" "$OUT/build.log" | head -30; exit 1; }
fi

# job P NAME args...: the CLI in P processes at once; rank r's stdout in $OUT/NAME.r, stderr in NAME.r.err.
port=29600
job() {
  local p=$1 name=$2
  shift 2
  port=$((port + 1))
  local pids=()
  for r in $(seq 0 $((p - 1))); do
    RANK=$r WORLD_SIZE=$p LOCAL_RANK=$r LOCAL_WORLD_SIZE=$p MASTER_ADDR=127.0.0.1 MASTER_PORT=$port \
      "$cli" "$@" >"$OUT/$name.$r" 2>"$OUT/$name.$r.err" &
    pids+=($!)
  done
  local rc=0
  for pid in "${pids[@]}"; do wait "$pid" || rc=1; done
  [ $rc -eq 0 ] || { echo "job $name failed:"; tail -3 "$OUT/$name".*.err; }
  grep -h "^trace" "$OUT/$name.0.err" | tail -2
  return $rc
}
rows() {  # rows FILE: engine, seconds, checksum of each bench row
  python3 - "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for r in d["results"]:
    print("  %-36s %9.4f s  compute %8.4f  transfer %7.4f  %s  %s" % (r.get("label", r.get("engine")), r["seconds"],
          r.get("compute_seconds", 0), r.get("transfer_seconds", 0), r.get("checksum"), r.get("device", "")))
PY
}

case $what in
tests)
  "$BUILD/tests/gpu_test_gpu_job" 2>&1 | tee "$OUT/test-job.log" | grep -E "^\[  (PASSED|FAILED|  OK|SKIPPED)|Failure|error" | head -30
  [ "${JOB_TESTS_ONLY:-0}" = 1 ] || "$BUILD/tests/gpu_test_gpu_distributed" 2>&1 | tee "$OUT/test-distributed.log" | grep -E "^\[  (PASSED|FAILED)|Failure" | head -20
  ;;
bench)
  for spec in "random:n=12529,deg=20,seed=1 int32 3 1" "random:n=12529,deg=20,seed=1,unweighted hop16 3 1" \
              "random:n=65536,deg=20,seed=1 int32 1 0"; do
    set -- $spec
    graph=$1 dist=$2 repeat=$3 warmup=$4
    tag=$(echo "$graph-$dist" | tr ':=,' '___')
    echo "== $graph $dist: one process (--gpus 0 = one GPU, 1 = one NCCL rank, $gpus = threads), then a job of $gpus processes"
    "$cli" bench apsp "$graph" --engines gpu-blocked --dist "$dist" --gpus "0,1,$gpus" --repeat "$repeat" --warmup "$warmup" \
      --json >"$OUT/one-$tag.json" 2>"$OUT/one-$tag.err" || tail -3 "$OUT/one-$tag.err"
    rows "$OUT/one-$tag.json"
    job "$gpus" "job-$tag" bench apsp "$graph" --engines gpu-blocked --dist "$dist" --repeat "$repeat" --warmup "$warmup" --json &&
      rows "$OUT/job-$tag.0"
  done
  ;;
efficiency)
  # Warm runs (a warm-up first, so no NCCL set-up is timed): seconds(--gpus 1) / (P seconds(P)).
  g=random:n=65536,deg=20,seed=1
  echo "== $g int32, warm: one process --gpus 1,$gpus, then a job of $gpus"
  "$cli" bench apsp $g --engines gpu-blocked --dist int32 --gpus 1,$gpus --repeat 1 --warmup 1 --json \
    >"$OUT/warm-one.json" 2>"$OUT/warm-one.err" && rows "$OUT/warm-one.json"
  job "$gpus" warm-job bench apsp $g --engines gpu-blocked --dist int32 --repeat 2 --warmup 1 --json && rows "$OUT/warm-job.0"
  echo "== $g,unweighted hop16: one GPU, then a job of $gpus"
  "$cli" bench apsp $g,unweighted --engines gpu-blocked --dist hop16 --repeat 1 --warmup 0 --json \
    >"$OUT/hop16-one.json" 2>"$OUT/hop16-one.err" && rows "$OUT/hop16-one.json"
  job "$gpus" hop16-job bench apsp $g,unweighted --engines gpu-blocked --dist hop16 --repeat 1 --warmup 0 --json &&
    rows "$OUT/hop16-job.0"
  echo "== --gpus all and the model's prediction"
  for sweep in "12529 0,all" "65536 all"; do
    set -- $sweep
    "$cli" bench apsp random:n=$1,deg=20,seed=1 --engines gpu-blocked --dist int32 --gpus $2 --repeat 1 --warmup 1 \
      >"$OUT/all-$1.txt" 2>&1; grep -E "gpu-blocked|predicted" "$OUT/all-$1.txt"
  done
  ;;
table)
  graph=random:n=65536,deg=20,seed=1
  dir=${TABLE_DIR:-/tmp/job-table}
  rm -rf "$dir" && mkdir -p "$dir"
  t0=$SECONDS
  job "$gpus" table apsp "$graph" --engine gpu-blocked --dist int32 --out "$dir/job.zarr" --json &&
    echo "job of $gpus wrote the Zarr table in $((SECONDS - t0)) s: $(cat "$OUT/table.0")"
  t0=$SECONDS
  "$cli" apsp "$graph" --engine gpu-blocked --dist int32 --out "$dir/one.npy" --json >"$OUT/one-table.json" 2>&1 &&
    echo "one GPU wrote the .npy in $((SECONDS - t0)) s: $(cat "$OUT/one-table.json")"
  du -sh "$dir/job.zarr" "$dir/one.npy"
  python3 tests/tools/zarr_check.py "$dir/one.npy" "$dir/job.zarr" 2>&1 | tail -3
  "$BUILD/tests/check_npy_rows" "$graph" "$dir/one.npy" 64 7 2>&1 | tail -2
  ;;
esac
