#!/bin/sh
# Installs ask from this archive as `make install` does: every file under bin/ and share/ beside
# this script goes to the same path under PREFIX (default /usr/local), with DESTDIR, when set,
# before it for a staged install. --uninstall removes exactly those files (directories stay).
#
#   ./install.sh ~/.local                 ask in ~/.local/bin, its man page and completions
#   sudo ./install.sh                     the same under /usr/local
#   ./install.sh --uninstall ~/.local     remove them again
set -eu

usage="usage: $0 [--uninstall] [PREFIX]   (PREFIX defaults to /usr/local)"
uninstall=no
case ${1-} in
    --uninstall) uninstall=yes; shift ;;
    -h | --help) echo "$usage"; exit 0 ;;
    -*) echo "$usage" >&2; exit 2 ;;
esac
[ $# -le 1 ] || { echo "$usage" >&2; exit 2; }
root=${DESTDIR-}${1:-/usr/local}
# A relative PREFIX is taken from where the script was started, not from the archive.
case $root in /*) ;; *) root=$(pwd)/$root ;; esac

cd "$(dirname "$0")"
# The archive's own file names: no spaces, no newlines.
for file in $(find bin share -type f | LC_ALL=C sort); do
    if [ "$uninstall" = yes ]; then
        [ ! -e "$root/$file" ] || { rm -f "$root/$file" && echo "removed $root/$file"; }
        continue
    fi
    case $file in bin/*) mode=755 ;; *) mode=644 ;; esac
    install -d "$root/${file%/*}"
    install -m "$mode" "$file" "$root/$file"
    echo "$root/$file"
done
