#!/bin/sh
# What a make target needs from the system's (Debian's) packages: nothing to do and quick when they are all
# installed (one dpkg-query); else installed, when this runs as root and apt-get is there; else named, with the
# command that installs them, and the target stops before it fails in a less readable way.
#   scripts/system_packages.sh "what needs them" package...
# A system without dpkg (not Debian or Ubuntu) is not checked: its own packages are the owner's to know.
set -u
[ $# -ge 2 ] || { echo "usage: $0 'what needs them' package..." >&2; exit 2; }
what=$1
shift
command -v dpkg-query >/dev/null 2>&1 || exit 0

# Installed: "install ok installed" ("ii " in the short form). A package dpkg has never heard of is missing too.
installed=$(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "$@" 2>/dev/null | awk '$2 == "ii" { print $1 }')
missing=""
for package in "$@"; do
    echo "$installed" | grep -qx -- "$package" || missing="$missing $package"
done
missing=${missing# }
[ -z "$missing" ] && exit 0

install="apt-get install -y $missing"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing what $what needs: $missing"
    if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null; then
        exit 0
    fi
    echo "Could not install what $what needs ($missing). Install it and try again:" >&2
    echo "  $install" >&2
    exit 1
fi
echo "$what needs packages that are not installed: $missing" >&2
echo "Install them (as root) and try again:" >&2
echo "  sudo $install" >&2
exit 1
