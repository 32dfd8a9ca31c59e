#!/bin/sh
# CI's installer check: unpack the .deb into a clean folder, check what it installs, start the installed
# app offscreen in training mode, run one scripted sale (pos-app --self-test), remove everything.
set -eu
deb=${1:?usage: smoke.sh dist/pos-app_VERSION_ARCH.deb [screenshot.png]}
shot=${2:-}
root=$(mktemp -d)
home=$(mktemp -d)
trap 'rm -rf "$root" "$home"' EXIT
dpkg-deb --info "$deb" >/dev/null
dpkg-deb -x "$deb" "$root"
for path in opt/pos-app/pos-app usr/bin/pos-app usr/share/applications/pos-app.desktop \
            usr/share/icons/hicolor/256x256/apps/pos-app.png opt/pos-app/_internal/resources/translations/pos_app_mn.qm; do
    [ -e "$root/$path" ] || { echo "smoke: the package lacks /$path" >&2; exit 1; }
done
grep -q '^Exec=pos-app$' "$root/usr/share/applications/pos-app.desktop"
grep -q 'exec /opt/pos-app/pos-app' "$root/usr/bin/pos-app"
if find "$root/opt" -name '*.ts' -o -name 'test_*.py' -o -name conftest.py | grep -q .; then
    echo "smoke: the package carries sources or tests it does not need" >&2; exit 1
fi
POS_APP_HOME="$home" QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" \
    "$root/opt/pos-app/pos-app" --self-test ${shot:+--screenshot "$shot"}
[ -s "$home/data/journal-training.sqlite3" ] || { echo "smoke: no journal was written" >&2; exit 1; }
echo "smoke: $(basename "$deb") installs, starts and sells"
