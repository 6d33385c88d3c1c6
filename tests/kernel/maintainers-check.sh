#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The MAINTAINERS section linkmend chooses for 50 paths of Debian's 6.1
# tree (every 150th file holding a URL, in sorted order) equals the first
# that scripts/get_maintainer.pl --no-keywords --sections prints (or, where
# sections tie and its output varies from run to run with Perl's hash
# order, one it prints first in one of six runs).
set -u
here=$(cd "$(dirname "$0")" && pwd)
linkmend=$here/../../linkmend
tree=$("$here/tree.sh") || exit 2
cd "$tree" || exit 2
mapfile -t paths < <(rg -l -uuu -I '://' . 2>/dev/null | sed 's|^\./||' | LC_ALL=C sort | awk 'NR % 150 == 1' | head -50)
"$linkmend" series --which-section "${paths[@]}" > /tmp/lm-sections.$$
fail=0
n=0
while IFS=$'\t' read -r p ours; do
	# get_maintainer.pl orders sections of equal depth by Perl's hash
	# order, new in every run: ask it a few times, take any first it gives.
	theirs=$(for run in 1 2 3 4 5 6; do
		perl scripts/get_maintainer.pl --no-keywords --no-git \
			--no-git-fallback --sections -f "$p" 2>/dev/null | head -1
	done | sort -u)
	n=$((n + 1))
	if ! grep -qxF "$ours" <<<"$theirs"; then
		echo "differs: $p: linkmend '$ours', get_maintainer.pl '$(echo $theirs)'"
		fail=$((fail + 1))
	fi
done < /tmp/lm-sections.$$
rm -f /tmp/lm-sections.$$
echo "maintainers: $((n - fail)) of $n paths agree with get_maintainer.pl"
[ "$fail" -eq 0 ]
