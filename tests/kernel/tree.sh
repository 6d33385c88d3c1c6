#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/kernel/tree.sh [VERSION]: make sure Debian's linux-source-VERSION
# (6.1 by default; make releases takes 6.12 too) is unpacked outside the
# repository and print its path.  The cache is $XDG_CACHE_HOME/linkmend,
# else /var/cache/linkmend as root, else ~/.cache/linkmend.
set -eu
if [ -n "${XDG_CACHE_HOME:-}" ]; then
	cache=$XDG_CACHE_HOME/linkmend
elif [ "$(id -u)" -eq 0 ]; then
	cache=/var/cache/linkmend
else
	cache=$HOME/.cache/linkmend
fi
v=${1:-6.1}
tarball=/usr/src/linux-source-$v.tar.xz
tree=$cache/linux-source-$v
if [ ! -f "$tarball" ]; then
	SUDO=
	[ "$(id -u)" -eq 0 ] || SUDO=sudo
	echo "installing linux-source-$v" >&2
	$SUDO apt-get update -qq >&2
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
		--no-install-recommends linux-source-$v xz-utils >&2
fi
# The stamp records which tarball the tree came from; a partial unpack
# (interrupted) has no stamp and is redone.
stamp=$cache/.linux-source-$v.stamp
want=$(stat -c '%s %Y' "$tarball")
if [ ! -d "$tree" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
	echo "unpacking $tarball into $cache" >&2
	mkdir -p "$cache"
	rm -rf "$tree" "$stamp"
	tar -C "$cache" -xf "$tarball"
	echo "$want" > "$stamp"
fi
echo "$tree"
