#!/usr/bin/env bash
# The main job on a bundled sample: install what is missing, build, then open the explorer on
# the sample with a shortest path highlighted (with no display, its script mode exports the view
# to out/sample-path.png offscreen), and print the same path and a CPU-vs-GPU benchmark from
# the command line.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
"$root/scripts/user/install-deps.sh"
"$root/scripts/user/build.sh" "$root/build"
sample="$root/resources/samples/grid-city.gr"
mkdir -p "$root/out"
cli="$root/build/app/pathscope-cli"
"$cli" info "$sample"
"$cli" path "$sample" 1 3000
"$cli" bench apsp "$sample" --engines blocked,sparse,gpu-blocked
app="$root/build/app/pathscope/pathscope"
if [ -x "$app" ]; then
  if [ -n "${DISPLAY:-}" ]; then
    "$app" "$sample" --path 1 3000
  else
    "$app" "$sample" --path 1 3000 \
      --export-json "$root/out/sample-path.json" --export-png "$root/out/sample-path.png" --size 1600x1200 --quit
    echo "no display: the explorer's view was written to out/sample-path.png"
  fi
fi
