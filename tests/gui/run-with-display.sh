#!/bin/sh
# GUI tests need an X display: CI's (xvfb-run around ctest), or else a private Xvfb.
#
# An Xvfb started without -noreset resets when its last client leaves and refuses connections
# meanwhile; Qt then aborts at once ("could not connect to display", exit 134, well under a
# second). With tests in parallel (ctest -j2) one test ending can leave the server without
# clients just as the next one connects. So on a display it was given, this script first holds
# a connection of its own (retrying through a reset in progress) and keeps it until the test has
# ended: the server cannot reset while the test, or any program it starts, connects.
set -u

if [ -z "${DISPLAY:-}" ]; then
  # A private server on a display number it picks itself (-displayfd): tests starting together
  # cannot collide on one, as xvfb-run -a's scan of lock files can. -noreset: never refuses.
  number_file=$(mktemp)
  Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp -noreset 3>"$number_file" 2>/dev/null &
  server=$!
  trap 'kill $server 2>/dev/null; rm -f "$number_file"' EXIT
  tries=0
  while [ ! -s "$number_file" ] && kill -0 $server 2>/dev/null && [ $tries -lt 600 ]; do
    sleep 0.05
    tries=$((tries + 1))
  done
  if [ ! -s "$number_file" ]; then
    echo "run-with-display: Xvfb did not start" >&2
    exit 1
  fi
  trap 'exit 143' TERM INT
  DISPLAY=:$(tr -d '\n' <"$number_file")
  export DISPLAY
  "$@"
  exit $?
fi

if ! command -v xprop >/dev/null 2>&1; then
  echo "run-with-display: xprop (x11-utils) not found: running without holding the display" >&2
  exec "$@"
fi
# The holder watches a root property nobody sets: it prints one line once connected, then waits.
holder_out=$(mktemp)
holder=""
trap 'if [ -n "$holder" ]; then kill $holder 2>/dev/null; fi; rm -f "$holder_out"' EXIT
trap 'exit 143' TERM INT
attempt=0
while [ $attempt -lt 200 ]; do
  xprop -root -spy PATHSCOPE_TEST_DISPLAY_HOLD >"$holder_out" 2>/dev/null &
  holder=$!
  while kill -0 $holder 2>/dev/null && [ ! -s "$holder_out" ]; do sleep 0.01; done
  [ -s "$holder_out" ] && break
  holder=""
  attempt=$((attempt + 1))
  sleep 0.05
done
if [ -z "$holder" ]; then
  echo "run-with-display: cannot connect to display $DISPLAY" >&2
  exit 1
fi
"$@"
exit $?
