#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The MAINTAINERS section linkmend chooses for 50 paths of Debian's 6.1
# tree (every 150th file holding a URL, in sorted order) equals the first
# that scripts/get_maintainer.pl --no-keywords --sections prints; where
# sections tie (it then orders them by Perl's hash order, which changes
# from run to run) its first must be one of those linkmend ranks as high.
set -u
here=$(cd "$(dirname "$0")" && pwd)
linkmend=$here/../../linkmend
tree=$("$here/tree.sh") || exit 2
cd "$tree" || exit 2
mapfile -t paths < <(rg -l -uuu -I '://' . 2>/dev/null | sed 's|^\./||' | LC_ALL=C sort | awk 'NR % 150 == 1' | head -50)
"$linkmend" series --which-section "${paths[@]}" > /tmp/lm-sections.$$
fail=0
n=0
while IFS=$'\t' read -r p ours ties; do
	# get_maintainer.pl orders sections of equal depth by Perl's hash
	# order, new in every run: its first must be one of the sections
	# linkmend ranks as high, and linkmend's choice one of them.
	theirs=$(perl scripts/get_maintainer.pl --no-keywords --no-git \
		--no-git-fallback --sections -f "$p" 2>/dev/null | head -1)
	n=$((n + 1))
	if ! tr '|' '\n' <<<"$ties" | grep -qxF "$theirs" ||
	   ! tr '|' '\n' <<<"$ties" | grep -qxF "$ours"; then
		echo "differs: $p: linkmend '$ours' of '$ties', get_maintainer.pl '$theirs'"
		fail=$((fail + 1))
	fi
done < /tmp/lm-sections.$$
rm -f /tmp/lm-sections.$$
echo "maintainers: $((n - fail)) of $n paths agree with get_maintainer.pl"
[ "$fail" -eq 0 ]
