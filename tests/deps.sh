#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Install what building and testing linkmend needs on Debian 12.  Packages
# already present are not fetched again; nothing is installed from outside
# Debian's archive.
set -eu
pkgs=(build-essential pkg-config git libcurl4-openssl-dev libsqlite3-dev
      libjansson-dev sqlite3 valgrind python3 ripgrep time xz-utils bc
      dnsmasq-base iproute2 openssl libssl-dev chromium
      zlib1g-dev libpcre2-dev wget clang libclang-rt-14-dev vsftpd
      libpq-dev postgresql tcpdump faketime libpsl-dev b4 libzip-dev unzip)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	SUDO=
	[ "$(id -u)" -eq 0 ] || SUDO=sudo
	echo "installing: ${missing[*]}"
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
		--no-install-recommends "${missing[@]}"
	# vsftpd serves only inside the test web, started by tests/web/up.
	$SUDO systemctl disable --now vsftpd > /dev/null 2>&1 || true
fi
# The report tests' tools from the npm registry, as the lock file pins
# them: playwright-core (it drives Debian's chromium; it downloads no
# browser), ajv, and Microsoft's SARIF multitool.
browser=$(cd "$(dirname "$0")" && pwd)/browser
if command -v npm > /dev/null && [ ! -d "$browser/node_modules/playwright-core" ]; then
	(cd "$browser" && npm ci --no-audit --no-fund --loglevel=error)
fi
# ReplayWeb.page for archive's replay page and its browser test.
"$(dirname "$0")/../replayweb/fetch.sh" || echo "deps: no ReplayWeb.page (replayweb/fetch.sh)" >&2
tool=$browser/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
[ ! -f "$tool" ] || chmod u+x "$tool"
# The non-kernel trees whose scans tests/samples/ checked by hand: Debian's
# own packages, unpacked (not installed) under the cache, as they were.
trees=${XDG_CACHE_HOME:+$XDG_CACHE_HOME/linkmend}
trees=${trees:-/var/cache/linkmend}/trees
samples=$(cd "$(dirname "$0")" && pwd)/samples/trees.txt
while IFS=$'\t' read -r name pkg sub; do
	case $name in '#'* | '') continue ;; esac
	[ -d "$trees/$name/$sub" ] && continue
	tmp=$(mktemp -d)
	chmod 755 "$tmp"	# apt's download user writes here
	if (cd "$tmp" && apt-get download -qq "$pkg" > /dev/null 2>&1); then
		mkdir -p "$trees/$name"
		dpkg-deb -x "$tmp"/*.deb "$trees/$name"
	else
		echo "deps: cannot download $pkg (tests/samples)" >&2
	fi
	rm -rf "$tmp"
done < "$samples"
