#!/bin/sh
# GUI tests need an X display: use the one CI's xvfb-run provides, or start a private Xvfb.
if [ -n "$DISPLAY" ]; then
  exec "$@"
fi
exec xvfb-run -a -s "-screen 0 1920x1080x24" "$@"
