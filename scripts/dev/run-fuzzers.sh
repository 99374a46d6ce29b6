#!/usr/bin/env bash
# Builds every libFuzzer target (tests/fuzz/fuzz_*.cpp) with clang in build-fuzz and runs each
# for SECONDS seconds (PATHSCOPE_JOBS of them at once, default 2), seeded with the good and bad
# reader test files in tests/data/readers.
# New corpus entries stay in build-fuzz/corpus; a crash leaves its input in build-fuzz/artifacts
# and makes this script exit non-zero.
#   usage: scripts/dev/run-fuzzers.sh SECONDS
set -euo pipefail

seconds="${1:-}"
if [[ ! "$seconds" =~ ^[0-9]+$ ]] || (( seconds < 1 )); then
  echo "usage: $0 SECONDS   (run time per fuzz target)" >&2
  exit 2
fi
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${PATHSCOPE_FUZZ_BUILD_DIR:-$root/build-fuzz}"
jobs="${PATHSCOPE_JOBS:-2}"

source "$root/scripts/dev/compiler-cache.sh"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++ -DPATHSCOPE_FUZZ=ON -DPATHSCOPE_CUDA=OFF -DPATHSCOPE_GUI=OFF \
  "${compiler_cache_flags[@]}" >/dev/null

targets=()
for source in "$root"/tests/fuzz/fuzz_*.cpp; do
  targets+=("$(basename "$source" .cpp)")
done
ninja -C "$build" -j"$jobs" "${targets[@]}"

# The compressed fuzzer's seeds: every good reader sample, gzip- and zstd-compressed here
# (compressed files are not kept in the repository).
compressed_seeds="$build/seeds/compressed"
mkdir -p "$compressed_seeds"
for sample in "$root"/tests/data/readers/*/good_*; do
  name="$(basename "$(dirname "$sample")")_$(basename "$sample")"
  gzip -c "$sample" >"$compressed_seeds/$name.gz"
  if command -v zstd >/dev/null; then zstd -q -f -c "$sample" >"$compressed_seeds/$name.zst"; fi
done

# Which test-data folders seed which target.
seeds_for() {
  case "$1" in
    fuzz_dimacs) echo dimacs ;;
    fuzz_metis) echo metis ;;
    fuzz_edge_table) echo "edge_table node_table" ;;
    fuzz_json) echo json ;;
    fuzz_tsplib) echo tsplib ;;
    fuzz_mtx) echo mtx ;;
    fuzz_dense) echo dense ;;
    fuzz_lgl) echo edge_table ;;
    fuzz_connectome) echo connectome ;;
    fuzz_compressed) echo compressed ;;
    fuzz_graphml) echo graphml ;;
    fuzz_gexf) echo gexf ;;
    fuzz_gml) echo gml ;;
    fuzz_pajek) echo pajek ;;
    *) echo "" ;;
  esac
}

# One target's run; its verdict goes to logs/TARGET.status, its summary to logs/TARGET.summary.
fuzz_one() {
  local target=$1
  local binary corpus artifacts log summary
  binary="$(find "$build" -type f -name "$target" -perm -u+x | head -n 1)"
  corpus="$build/corpus/$target"
  artifacts="$build/artifacts/$target"
  log="$build/logs/$target.log"
  summary="$build/logs/$target.summary"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  local seed_dirs=()
  for folder in $(seeds_for "$target"); do
    if [[ "$folder" == compressed ]]; then seed_dirs+=("$compressed_seeds"); else seed_dirs+=("$root/tests/data/readers/$folder"); fi
  done
  echo "== $target: ${seconds}s, seeds: ${seed_dirs[*]:-none}" >"$summary"
  # The first folder receives new inputs; the seed folders are only read.
  if "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
      -artifact_prefix="$artifacts/" "$corpus" "${seed_dirs[@]}" >"$log" 2>&1; then
    { grep -E "^(#[0-9]+\s+DONE|Done)" "$log" | tail -n 1 || true; } >>"$summary"
    echo ok >"$build/logs/$target.status"
  else
    { echo "!! $target found a crash; input and log:"; ls "$artifacts" || true; tail -n 40 "$log"; } >>"$summary"
    echo failed >"$build/logs/$target.status"
  fi
}

# As many targets at once as there are jobs: each runs its own time, so the budget per target is
# what SECONDS says and the whole run takes SECONDS times targets / jobs.
for target in "${targets[@]}"; do
  while (( $(jobs -rp | wc -l) >= jobs )); do wait -n || true; done
  rm -f "$build/logs/$target.status"
  fuzz_one "$target" &
done
wait
failed=()
for target in "${targets[@]}"; do
  cat "$build/logs/$target.summary"
  [[ "$(cat "$build/logs/$target.status" 2>/dev/null)" == ok ]] || failed+=("$target")
done

if (( ${#failed[@]} > 0 )); then
  echo "fuzzing failed: ${failed[*]}" >&2
  exit 1
fi
echo "fuzzing passed: ${#targets[@]} targets, ${seconds}s each"
