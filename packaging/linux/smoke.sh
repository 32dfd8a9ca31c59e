#!/bin/sh
# CI's installer check: unpack the .deb into a clean folder, check what it installs, start the installed
# app offscreen in training mode, run one scripted sale (pos-app --self-test); then the store server from the
# same bundle: a till's key, the server in training on a free port, its health and the till's login, SIGTERM.
# Removes everything.
set -eu
deb=${1:?usage: smoke.sh dist/pos-app_VERSION_ARCH.deb [screenshot.png]}
shot=${2:-}
root=$(mktemp -d)
home=$(mktemp -d)
trap 'rm -rf "$root" "$home"' EXIT
dpkg-deb --info "$deb" >/dev/null
dpkg-deb -x "$deb" "$root"
for path in opt/pos-app/pos-app usr/bin/pos-app usr/share/applications/pos-app.desktop \
            usr/share/icons/hicolor/256x256/apps/pos-app.png opt/pos-app/_internal/resources/translations/pos_app_mn.qm \
            usr/bin/pos-store lib/systemd/system/pos-store.service etc/pos-store/store.conf \
            opt/pos-app/_internal/pos_app/store/migrations/env.py; do
    [ -e "$root/$path" ] || { echo "smoke: the package lacks /$path" >&2; exit 1; }
done
grep -q '^Exec=pos-app$' "$root/usr/share/applications/pos-app.desktop"
grep -q 'exec /opt/pos-app/pos-app' "$root/usr/bin/pos-app"
grep -q 'exec /opt/pos-app/pos-app store "\$@"' "$root/usr/bin/pos-store"
grep -q '^ExecStart=/usr/bin/pos-store serve' "$root/lib/systemd/system/pos-store.service"
dpkg-deb --info "$deb" conffiles | grep -qx /etc/pos-store/store.conf
ls "$root"/opt/pos-app/_internal/pos_app/store/migrations/versions/0*.py >/dev/null
if find "$root/opt" -name '*.ts' -o -name 'test_*.py' -o -name conftest.py | grep -q .; then
    echo "smoke: the package carries sources or tests it does not need" >&2; exit 1
fi
POS_APP_HOME="$home" QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" \
    "$root/opt/pos-app/pos-app" --self-test ${shot:+--screenshot "$shot"}
[ -s "$home/data/journal-training.sqlite3" ] || { echo "smoke: no journal was written" >&2; exit 1; }

# The store server, as /usr/bin/pos-store runs it (the bundle with `store` first).
store() { POS_STORE_HOME="$home/store" "$root/opt/pos-app/pos-app" store "$@"; }
db="sqlite:///$home/store.sqlite3"
key=$(store add-till T1 --db "$db" | tail -n 1)
printf '%s' "$key" | grep -Eqx '[A-Za-z0-9_-]{43}' || { echo "smoke: add-till printed no key" >&2; exit 1; }
python3 - "$root/opt/pos-app/pos-app" "$db" "$key" <<'EOF'
import base64, json, re, selectors, signal, subprocess, sys, urllib.request
bundle, db, key = sys.argv[1:]
server = subprocess.Popen([bundle, "store", "serve", "--db", db, "--qpay-url", "training", "--port", "0"],
                          stdout=subprocess.PIPE, text=True)
try:
    with selectors.DefaultSelector() as ready:
        ready.register(server.stdout, selectors.EVENT_READ)
        if not ready.select(timeout=30):
            sys.exit("smoke: the store server did not say where it listens within 30 s")
    line = server.stdout.readline()
    found = re.fullmatch(r"store listening on (http://127\.0\.0\.1:\d+)\n", line)
    if not found:
        sys.exit(f"smoke: the store server said {line!r}, not where it listens")
    url = found[1]
    http = urllib.request.build_opener(urllib.request.ProxyHandler({}))   # 127.0.0.1: never through a proxy
    with http.open(f"{url}/store/health", timeout=10) as answer:
        assert answer.status == 200, answer.status
    login = urllib.request.Request(f"{url}/v2/auth/token", method="POST", headers={
        "Authorization": "Basic " + base64.b64encode(f"T1:{key}".encode()).decode()})
    with http.open(login, timeout=10) as answer:
        assert answer.status == 200 and json.load(answer)["access_token"], answer.status
    server.send_signal(signal.SIGTERM)
    try:
        code = server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        sys.exit("smoke: the store server did not end on SIGTERM within 10 s")
    if code != 0:
        sys.exit(f"smoke: the store server ended with {code} on SIGTERM")
finally:
    if server.poll() is None:
        server.kill()
        server.wait()
EOF
echo "smoke: $(basename "$deb") installs, starts and sells; its store server serves a till"
