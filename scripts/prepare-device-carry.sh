#!/usr/bin/env bash
# Prepares the two ignored folders a device run carries (the GPU machine has no network, no
# CLI11/fmt headers and no shared/ data): .devdeps/include (Debian's CLI11 and fmt headers, so
# app/CMakeLists.txt finds them there) and .devdata (rome99 and the TSPLIB instances the
# acceptance benchmarks read). Then call the device with carry [".devdeps", ".devdata"] and
#   OUT=$OUT PATHSCOPE_SHARED_DATA=$PWD/.devdata scripts/device-check.sh all
#   OUT=$OUT PATHSCOPE_SHARED_DATA=$PWD/.devdata scripts/device-acceptance.sh all
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
data=${PATHSCOPE_SHARED_DATA:-$root/../shared/data}
mkdir -p "$root/.devdeps/include" "$root/.devdata/tsplib"
cp -r /usr/include/CLI /usr/include/fmt "$root/.devdeps/include/"
cp "$data/rome99.gr" "$data/luxembourg.osm.graph" "$data/luxembourg.osm.xyz" "$root/.devdata/"
for f in gr24 bays29 berlin52 kroA100 pr1002; do cp "$data/tsplib/$f.tsp" "$root/.devdata/tsplib/"; done
cp "$data/tsplib/bestSolutions.txt" "$data/tsplib/OPTIMA.md" "$root/.devdata/tsplib/"
# The demo's real-data races (scripts/device-demo.sh): connectomes and expression tables.
mkdir -p "$root/.devdata/connectome" "$root/.devdata/expression"
cp "$data"/connectome/celegans_* "$data"/connectome/drosophila_* "$root/.devdata/connectome/"
cp "$data"/expression/yeast_*.tsv "$data"/expression/golub_data_set_ALL_AML_train.csv "$root/.devdata/expression/"
du -sh "$root/.devdeps" "$root/.devdata"
