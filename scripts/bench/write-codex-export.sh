#!/usr/bin/env bash
# Writes the connectome generator's brain in FlyWire Codex's download layout, gzip-compressed as
# Codex ships it (connections.csv.gz split over neuropils, classification.csv.gz,
# consolidated_cell_types.csv.gz, names.csv.gz, coordinates.csv.gz), then loads it back with
# `pathscope-cli info` and prints the load time, so the Codex reader is exercised at full size.
#   usage: scripts/bench/write-codex-export.sh FOLDER [N] [SEED]     (N defaults to 139255, FlyWire 783's count)
#   PATHSCOPE_CLI names the binary (default build/app/pathscope-cli).
set -euo pipefail

folder="${1:-}"
n="${2:-139255}"
seed="${3:-1}"
if [[ -z "$folder" || ! "$n" =~ ^[0-9]+$ || ! "$seed" =~ ^[0-9]+$ ]]; then
  echo "usage: $0 FOLDER [N] [SEED]" >&2
  exit 2
fi
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cli="${PATHSCOPE_CLI:-$root/build/app/pathscope-cli}"
[[ -x "$cli" ]] || { echo "no pathscope-cli at $cli (build it, or set PATHSCOPE_CLI)" >&2; exit 2; }

# Every connected pair, as Codex's no-threshold export; the reader applies its own threshold.
"$cli" export-codex "connectome:n=$n,seed=$seed" "$folder" --seed "$seed"
if command -v pigz >/dev/null; then pack=(pigz -f -6); else pack=(gzip -f -6); fi
for table in connections classification consolidated_cell_types names coordinates; do
  "${pack[@]}" "$folder/$table.csv"
done
ls -l "$folder"
echo "== loading $folder/connections.csv.gz (Codex's default threshold of 5 synapses)"
start=$(date +%s.%N)
"$cli" info "$folder/connections.csv.gz" --cost-rule hops
end=$(date +%s.%N)
echo "load and info: $(echo "$end - $start" | bc) s"
