#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# make replayweb: ReplayWeb.page's ui.js and sw.js (the npm package
# replaywebpage, AGPL-3.0-or-later, a program of its own that linkmend
# copies beside each collection, never links), unpacked under
# replayweb/node_modules/replaywebpage.  Only the package's own files are
# needed (its dependencies are bundled into them): npm pack, checked
# against the registry's sha1 pinned here, not npm install.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
version=2.5.3
sha1=062dc5235b25adfcf7313d9ce0c40e9e7bada210
dest=$here/node_modules/replaywebpage
if [ -f "$dest/.version" ] && [ "$(cat "$dest/.version")" = "$version" ]; then
	exit 0
fi
command -v npm > /dev/null || { echo "replayweb: npm is not installed" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "replaywebpage@$version" > /dev/null)
got=$(sha1sum "$tmp/replaywebpage-$version.tgz" | cut -d' ' -f1)
[ "$got" = "$sha1" ] || { echo "replayweb: replaywebpage-$version.tgz has sha1 $got, not $sha1" >&2; exit 1; }
tar -C "$tmp" -xzf "$tmp/replaywebpage-$version.tgz"
rm -rf "$dest"
mkdir -p "$dest"
cp "$tmp/package/ui.js" "$tmp/package/sw.js" "$tmp/package/LICENSE" "$tmp/package/package.json" "$dest/"
echo "$version" > "$dest/.version"
