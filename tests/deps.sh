#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Install what building and testing linkmend needs on Debian 12.  Packages
# already present are not fetched again; nothing is installed from outside
# Debian's archive.
set -eu
pkgs=(build-essential pkg-config git libcurl4-openssl-dev libsqlite3-dev
      libjansson-dev sqlite3 valgrind python3 ripgrep time xz-utils bc
      dnsmasq-base iproute2 openssl libssl-dev chromium
      zlib1g-dev libpcre2-dev wget clang libclang-rt-14-dev vsftpd)
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
tool=$browser/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
[ ! -f "$tool" ] || chmod u+x "$tool"
