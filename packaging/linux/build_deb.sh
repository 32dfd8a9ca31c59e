#!/bin/sh
# The .deb from the PyInstaller bundle in dist/pos-app: the bundle under /opt/pos-app, a `pos-app`
# launcher in /usr/bin, a menu entry and its icon; the store server from the same bundle: `pos-store` in
# /usr/bin, its systemd unit (installed, not enabled) and its settings /etc/pos-store/store.conf (a conffile).
# Run by `make package` after PyInstaller.
set -eu
cd "$(dirname "$0")/../.."
VERSION=$(sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml | head -n 1)
ARCH=$(dpkg --print-architecture)
[ -x dist/pos-app/pos-app ] || { echo "build_deb: no bundle in dist/pos-app (run PyInstaller first)" >&2; exit 1; }

root=build/deb/pos-app_${VERSION}_${ARCH}
rm -rf "$root"
mkdir -p "$root/DEBIAN" "$root/opt" "$root/usr/bin" "$root/usr/share/applications" \
         "$root/usr/share/icons/hicolor/256x256/apps" "$root/lib/systemd/system" "$root/etc/pos-store"
cp -a dist/pos-app "$root/opt/pos-app"
install -m 0755 packaging/linux/pos-app.sh "$root/usr/bin/pos-app"
install -m 0755 packaging/linux/pos-store.sh "$root/usr/bin/pos-store"
install -m 0644 packaging/linux/pos-store.service "$root/lib/systemd/system/pos-store.service"
install -m 0644 packaging/linux/store.conf "$root/etc/pos-store/store.conf"
echo /etc/pos-store/store.conf > "$root/DEBIAN/conffiles"
for script in postinst prerm postrm; do
    install -m 0755 "packaging/linux/$script" "$root/DEBIAN/$script"
done
install -m 0644 packaging/linux/pos-app.desktop "$root/usr/share/applications/pos-app.desktop"
install -m 0644 resources/icons/pos-app.png "$root/usr/share/icons/hicolor/256x256/apps/pos-app.png"
size=$(du -sk "$root/opt" "$root/usr" "$root/lib" "$root/etc" | awk '{ total += $1 } END { print total }')
sed -e "s/@VERSION@/$VERSION/" -e "s/@ARCH@/$ARCH/" -e "s/@SIZE@/$size/" packaging/linux/control \
    > "$root/DEBIAN/control"
# xz at its fastest level: about 10% larger than the default level, and minutes sooner on two cores.
dpkg-deb --root-owner-group -Zxz -z1 --build "$root" "dist/pos-app_${VERSION}_${ARCH}.deb" >/dev/null
echo "dist/pos-app_${VERSION}_${ARCH}.deb"
