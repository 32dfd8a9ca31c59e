#!/usr/bin/env bash
# Builds dist/pos-app.app (signed ad hoc) and dist/pos-app-<version>.dmg on macOS, from a fresh checkout.
# PYTHON: a Python 3.11 or later (default python3); the build runs in .venv.
set -euo pipefail
cd "$(dirname "$0")/../.."

[ "$(uname -s)" = Darwin ] || { echo "build.sh: run this on macOS" >&2; exit 1; }
PYTHON=${PYTHON:-python3}
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
    || { echo "build.sh: needs Python 3.11 or later (set PYTHON=...)" >&2; exit 1; }
VERSION=$("$PYTHON" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')

[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet --constraint requirements.lock -e '.[package]'

# The translations the app loads (.qm) are built from the .ts sources, as `make` does on Linux.
for ts in resources/translations/*.ts; do
    .venv/bin/pyside6-lrelease -silent "$ts" -qm "${ts%.ts}.qm"
done

.venv/bin/pyinstaller --noconfirm --clean --distpath dist --workpath build packaging/pos-app.spec

codesign --force --deep -s - dist/pos-app.app
codesign --verify --deep --strict dist/pos-app.app

hdiutil create -volname pos-app -srcfolder dist/pos-app.app -ov -format UDZO "dist/pos-app-$VERSION.dmg"
echo "built dist/pos-app.app and dist/pos-app-$VERSION.dmg"
