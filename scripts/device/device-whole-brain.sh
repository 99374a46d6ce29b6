#!/usr/bin/env bash
# The whole-brain table: `pathscope-cli apsp GRAPH --dist hop16 --out D.npy` at
# n = 139,255 end to end on one GPU, the file checked (sampled rows against BFS, opened with
# numpy.load(mmap_mode='r')) and deleted, then the same graph through `bench apsp`.
#
#   OUT=/tmp/out scripts/device/device-whole-brain.sh [build] [small] [apsp] [bench] [tests] [int32]
# build: configure and build (BUILD, default build-device); small: n = 60,000 written both
# ways (mapping and pwrite) to compare; apsp: the full-size run; bench: `bench apsp` of it;
# tests: ctest -L gpu (all-pairs and closure); int32: int32 distances of the weighted graph
# (INT32_GRAPH) at full size into /dev/null (77.6 GB does not fit a 64 GB disk). Logs under $OUT, the .npy under WORK (default
# ./whole-brain-tmp, never under $OUT), removed after each check. GRAPH and COST (its
# --cost-rule) choose the graph, e.g. GRAPH=connectome:n=139255,seed=1 COST=hops; TYPES=top:100
# also times `path-lengths --table` on each written file.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-$PWD/device-out}
BUILD=${BUILD:-build-device}
WORK=${WORK:-$PWD/whole-brain-tmp}
GRAPH=${GRAPH:-random:n=139255,deg=27,seed=1,unweighted}
INT32_GRAPH=${INT32_GRAPH:-random:n=139255,deg=27,seed=1}
COST=${COST:-}
mkdir -p "$OUT" "$WORK"
summary="$OUT/whole-brain.txt"
note() { echo "$*" | tee -a "$summary"; }
cli="$BUILD/app/pathscope-cli"
checker="$BUILD/tests/check_npy_rows"
cost_flag=()
[ -n "$COST" ] && cost_flag=(--cost-rule "$COST")
timed() {  # timed LOG command...: GNU time -v when present, else Python's wall clock
  local log=$1
  shift
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -v "$@" >"$OUT/$log.out" 2>"$OUT/$log.err"
  else
    python3 - "$@" >"$OUT/$log.out" 2>"$OUT/$log.err" <<'PY'
import resource, subprocess, sys, time
t = time.time()
rc = subprocess.run(sys.argv[1:]).returncode
print("\tElapsed (wall clock) time (s): %.2f" % (time.time() - t), file=sys.stderr)
print("\tMaximum resident set size (kbytes): %d" % resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
sys.exit(rc)
PY
  fi
  local rc=$?
  note "$log: rc $rc; $(grep -E 'Elapsed|Maximum resident' "$OUT/$log.err" | tr -s ' \t' ' ' | tr '\n' ';')"
  return $rc
}
write_and_check() {  # write_and_check NAME GRAPH [env...]: apsp --out, 50 rows vs BFS, numpy, delete
  local name=$1 graph=$2
  shift 2
  rm -f "$WORK"/D.npy*
  timed "$name" env PATHSCOPE_GPU_TRACE=1 "$@" "$cli" apsp "$graph" "${cost_flag[@]}" --engine gpu-blocked \
    --dist hop16 --out "$WORK/D.npy" --json
  grep -E '"(seconds|compute_seconds|transfer_seconds|checksum|device)"' "$OUT/$name.out" | tr -d ' \n' | tee -a "$summary"
  echo | tee -a "$summary"
  grep -h '^trace' "$OUT/$name.err" | tee -a "$summary"
  ls -l "$WORK" | tee -a "$summary"
  "$checker" "$graph" "$WORK/D.npy" 50 "${SEED:-$RANDOM}" $COST 2>&1 | tee -a "$summary"
  python3 - "$WORK/D.npy" <<'PY' 2>&1 | tee -a "$summary"
import sys, time, numpy
t = time.time()
a = numpy.load(sys.argv[1], mmap_mode="r")
print("numpy.load(mmap_mode='r'): %s %s %s in %.3f s; a[0,0]=%d a[-1,-1]=%d row 7 max %d"
      % (type(a).__name__, a.shape, a.dtype, time.time() - t, a[0, 0], a[-1, -1], a[7].max()))
PY
  if [ -n "${TYPES:-}" ]; then  # e.g. top:100, the 100 x 100 type-to-type matrix from the saved table
    timed "$name-path-lengths" "$cli" path-lengths "$graph" "${cost_flag[@]}" --table "$WORK/D.npy" --from "$TYPES" \
      --to "$TYPES" --group-by cell_type --out "$OUT/$name-path-lengths.csv"
  fi
  rm -f "$WORK"/D.npy*
}

note "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)"
note "disk: $(df -h "$WORK" | tail -1); fs $(stat -f -c %T "$WORK"); $(nproc) cores; $(free -g | awk '/Mem/{print $2" GiB RAM"}')"
note "dirty_ratio $(cat /proc/sys/vm/dirty_ratio) background $(cat /proc/sys/vm/dirty_background_ratio) kernel $(uname -r); thp $(cat /sys/kernel/mm/transparent_hugepage/enabled)"

for what in "$@"; do
  case $what in
    build)
      t0=$SECONDS
      cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPATHSCOPE_GUI=OFF \
        -DCMAKE_CUDA_ARCHITECTURES=90a-real >"$OUT/configure.log" 2>&1 || { tail -30 "$OUT/configure.log"; exit 1; }
      gpu_tests=$(ninja -C "$BUILD" -t targets all 2>/dev/null | grep -oE "^gpu_test_(gpu_[A-Za-z0-9_]*|closure_gpu)" | sort -u)
      ninja -C "$BUILD" -j"$(nproc)" pathscope-cli check_npy_rows $gpu_tests >"$OUT/build.log" 2>&1 ||
        { tail -40 "$OUT/build.log"; exit 1; }
      note "build: $((SECONDS - t0)) s"
      ;;
    small)
      write_and_check small-map random:n=60000,deg=27,seed=1,unweighted
      write_and_check small-pwrite random:n=60000,deg=27,seed=1,unweighted PATHSCOPE_NPY_WRITE=pwrite
      ;;
    apsp) write_and_check apsp-hop16 "$GRAPH" ;;
    bench)
      timed bench-hop16 "$cli" bench apsp "$GRAPH" "${cost_flag[@]}" --engines gpu-blocked --dist hop16 --repeat 1 --json
      grep -E '"(seconds|checksum|percent_of_peak)"' "$OUT/bench-hop16.out" | tr -d ' \n' | tee -a "$summary"
      echo | tee -a "$summary"
      ;;
    int32)
      timed apsp-int32 env PATHSCOPE_GPU_TRACE=1 "$cli" apsp "$INT32_GRAPH" --engine gpu-blocked --dist int32 \
        --out /dev/null --json
      grep -E '"(seconds|compute_seconds|checksum|device)"' "$OUT/apsp-int32.out" | tr -d ' \n' | tee -a "$summary"
      echo | tee -a "$summary"
      ;;
    tests)
      t0=$SECONDS
      ctest --test-dir "$BUILD" -L gpu -R 'test_gpu_|test_closure_gpu' --output-on-failure --timeout 600 >"$OUT/ctest-gpu.log" 2>&1
      note "ctest -L gpu: rc $? $((SECONDS - t0)) s; $(grep -E 'tests passed|tests failed' "$OUT/ctest-gpu.log")"
      grep -E '^\s+[0-9]+ - ' "$OUT/ctest-gpu.log" | tee -a "$summary"
      ;;
  esac
done
rm -rf "$WORK"
