#!/bin/sh
# Tests in parallel on an Xvfb that resets when its last client leaves (xvfb-run's default):
# programs started through run-with-display.sh must never be refused a connection. Two streams
# of short X clients, each the only one at times, overlap as ctest -j2 overlaps tests; without
# the display holder about 5% of such connections were refused (Qt aborts on that).
# Usage: display_resets.sh RUN_WITH_DISPLAY [CLIENTS_PER_STREAM]
set -u
wrapper=$1
per_stream=${2:-150}
command -v xprop >/dev/null 2>&1 || { echo "display_resets: xprop (x11-utils) is needed"; exit 1; }
number_file=$(mktemp)
failures=$(mktemp)
Xvfb -displayfd 3 -screen 0 640x480x24 -nolisten tcp 3>"$number_file" 2>/dev/null &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$number_file" "$failures"' EXIT
tries=0
while [ ! -s "$number_file" ] && [ $tries -lt 600 ]; do sleep 0.05; tries=$((tries + 1)); done
[ -s "$number_file" ] || { echo "display_resets: Xvfb did not start"; exit 1; }
DISPLAY=:$(tr -d '\n' <"$number_file")
export DISPLAY
stream() {
  i=0
  while [ $i -lt "$per_stream" ]; do
    "$wrapper" xprop -root _NET_SUPPORTED >/dev/null 2>&1 || echo refused >>"$failures"
    i=$((i + 1))
  done
}
stream &
first=$!
stream
wait $first
refused=$(wc -l <"$failures")
echo "display_resets: $refused of $((2 * per_stream)) connections refused"
[ "$refused" -eq 0 ]
