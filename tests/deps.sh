#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Install what building and testing linkmend needs on Debian 12.  Packages
# already present are not fetched again; nothing is installed from outside
# Debian's archive.
set -eu
pkgs=(build-essential pkg-config git libcurl4-openssl-dev libsqlite3-dev
      libjansson-dev sqlite3 valgrind python3 ripgrep time xz-utils bc
      dnsmasq-base iproute2 openssl libssl-dev chromium)
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
echo "installing: ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
