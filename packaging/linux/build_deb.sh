#!/bin/sh
# The .deb from the PyInstaller bundle in dist/pos-app: the bundle under /opt/pos-app, a `pos-app`
# launcher in /usr/bin, a menu entry and its icon. Run by `make package` after PyInstaller.
set -eu
cd "$(dirname "$0")/../.."
VERSION=$(sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml | head -n 1)
ARCH=$(dpkg --print-architecture)
[ -x dist/pos-app/pos-app ] || { echo "build_deb: no bundle in dist/pos-app (run PyInstaller first)" >&2; exit 1; }

root=build/deb/pos-app_${VERSION}_${ARCH}
rm -rf "$root"
mkdir -p "$root/DEBIAN" "$root/opt" "$root/usr/bin" "$root/usr/share/applications" \
         "$root/usr/share/icons/hicolor/256x256/apps"
cp -a dist/pos-app "$root/opt/pos-app"
install -m 0755 packaging/linux/pos-app.sh "$root/usr/bin/pos-app"
install -m 0644 packaging/linux/pos-app.desktop "$root/usr/share/applications/pos-app.desktop"
install -m 0644 resources/icons/pos-app.png "$root/usr/share/icons/hicolor/256x256/apps/pos-app.png"
size=$(du -sk "$root/opt" "$root/usr" | awk '{ total += $1 } END { print total }')
sed -e "s/@VERSION@/$VERSION/" -e "s/@ARCH@/$ARCH/" -e "s/@SIZE@/$size/" packaging/linux/control \
    > "$root/DEBIAN/control"
dpkg-deb --root-owner-group -Zxz --build "$root" "dist/pos-app_${VERSION}_${ARCH}.deb" >/dev/null
echo "dist/pos-app_${VERSION}_${ARCH}.deb"
