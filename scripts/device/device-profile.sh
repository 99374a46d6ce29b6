#!/usr/bin/env bash
# Where the time of one short GPU run goes: per-kernel device times from Nsight Compute
# (summed per kernel name; the device machines have no Nsight Systems) and the host-side
# step times the engines print with PATHSCOPE_GPU_TRACE=1, for the rome99 all-pairs bench and
# the n = 5,000 closure bench. Everything goes to $OUT/profile.txt.
#   OUT=/tmp/out BUILD=build-device PATHSCOPE_SHARED_DATA=.devdata scripts/device/device-profile.sh
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-$PWD/device-out}
BUILD=${BUILD:-build-device}
DATA=${PATHSCOPE_SHARED_DATA:-$PWD/../shared/data}
cli=$BUILD/app/pathscope-cli
report=$OUT/profile.txt
mkdir -p "$OUT"
: >"$report"
cases=("apsp $DATA/rome99.gr --engines gpu-blocked --dist int32"
       "apsp random:n=12529,deg=20,seed=1,unweighted --engines gpu-blocked --dist hop16"
       "closure random:n=5000,deg=3,seed=1 --engines gpu")
for c in "${cases[@]}"; do
  echo "==== bench $c (trace, 5 runs after 1 warm-up)" >>"$report"
  # shellcheck disable=SC2086
  PATHSCOPE_GPU_TRACE=1 "$cli" bench $c --repeat 5 --warmup 1 >>"$report" 2>&1
  if command -v ncu >/dev/null; then
    echo "---- kernels (ncu, one run): name, launches, total us, mean us" >>"$report"
    # shellcheck disable=SC2086
    ncu --clock-control none --metrics gpu__time_duration.sum --csv "$cli" bench $c --repeat 1 --warmup 0 \
      >"$OUT/ncu.csv" 2>/dev/null
    python3 - "$OUT/ncu.csv" >>"$report" <<'PY'
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 5]
if not rows: print("no ncu rows"); sys.exit()
head = rows[0]; k = head.index("Kernel Name"); v = head.index("Metric Value"); u = head.index("Metric Unit")
tot = collections.defaultdict(float); cnt = collections.Counter()
for r in rows[1:]:
    scale = {"nsecond": 1e-3, "usecond": 1, "msecond": 1e3}.get(r[u], 1)
    name = r[k].split("(")[0].split("<")[0].split("::")[-1]
    tot[name] += float(r[v].replace(",", "")) * scale; cnt[name] += 1
for name in sorted(tot, key=lambda n: -tot[n]):
    print("  %-34s %5d %10.1f %8.1f" % (name, cnt[name], tot[name], tot[name] / cnt[name]))
print("  %-34s %5d %10.1f" % ("all", sum(cnt.values()), sum(tot.values())))
PY
  fi
done
cat "$report"
