#!/bin/sh
# Run a command with the wall clock moved to MOMENT in Ulaanbaatar (libfaketime), running on from there:
#   scripts/timeshift.sh "2026-12-31 23:59:50" .venv/bin/python -m pytest tests/journal
# The clock is moved by a fixed offset, so the processes the command starts see the same time (libfaketime's
# "@start" form would start each of them at MOMENT again). The monotonic clock stays real (timers, timeouts),
# and scripts/timeshift/sitecustomize.py makes Python's time.sleep work under it. Needs the faketime package.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 'YYYY-MM-DD hh:mm:ss' command [args...]" >&2; exit 2; }
moment=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
lib=""
for candidate in /usr/lib/*/faketime/libfaketimeMT.so.1 /usr/lib/faketime/libfaketimeMT.so.1; do
    [ -e "$candidate" ] && { lib=$candidate; break; }
done
[ -n "$lib" ] || { echo "$0: libfaketime is missing (apt-get install faketime)" >&2; exit 2; }
# MOMENT is Ulaanbaatar's time; the command's own zone is TIMESHIFT_TZ (default the same), e.g. UTC for a
# computer set to another zone than the shop's.
offset=$(( $(TZ=Asia/Ulaanbaatar date -d "$moment" +%s) - $(date +%s) ))
TZ=${TIMESHIFT_TZ:-Asia/Ulaanbaatar}
export TZ
echo "timeshift: $* at $moment in Ulaanbaatar (the computer's zone: $TZ)"
status=0
# NO_FAKE_STAT: file times stay real (faking them only slows every import down).
env LD_PRELOAD="$lib" FAKETIME="$(printf '%+d' "$offset")" FAKETIME_DONT_FAKE_MONOTONIC=1 NO_FAKE_STAT=1 \
    PYTHONPATH="$here/timeshift${PYTHONPATH:+:$PYTHONPATH}" "$@" || status=$?
ended=$(env LD_PRELOAD="$lib" FAKETIME="$(printf '%+d' "$offset")" date '+%Y-%m-%d %H:%M:%S')
echo "timeshift: ended at $ended ($TZ), status $status"
exit $status
