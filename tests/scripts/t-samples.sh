#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# URL extraction beyond the kernel: three trees Debian packages (git's
# documentation, Sphinx's reStructuredText sources, curl's examples and
# markdown), a seeded sample of 40 occurrences each checked by hand
# (tests/samples/NAME.tsv).  linkmend scan of each tree still prints every
# sampled occurrence exactly as it was checked, and no verdict is wrong.
# tests/deps.sh unpacks the packages under the cache.
. "$(dirname "$0")/../lib/sh.sh"
S=$TESTS/samples
trees=${XDG_CACHE_HOME:+$XDG_CACHE_HOME/linkmend}
trees=${trees:-/var/cache/linkmend}/trees
while IFS=$'\t' read -r name pkg sub; do
	case $name in '#'* | '') continue ;; esac
	if [ ! -d "$trees/$name/$sub" ]; then
		skip "$name: the sample is found as checked" "$pkg is not unpacked in $trees (tests/deps.sh)"
		continue
	fi
	"$LINKMEND" scan -q --no-git --db "$SCRATCH/$name.db" "$trees/$name/$sub" > "$SCRATCH/$name.scan"
	grep -v '^#' "$S/$name.tsv" | cut -f1-6 > "$SCRATCH/$name.want"
	same "$name: 40 occurrences in the sample" "$(wc -l < "$SCRATCH/$name.want")" "40"
	same "$name: linkmend scan prints each as it was checked" \
		"$(grep -vxFf "$SCRATCH/$name.scan" "$SCRATCH/$name.want")" ""
	same "$name: no verdict is wrong" \
		"$(grep -v '^#' "$S/$name.tsv" | cut -f7 | grep -c '^wrong')" "0"
done < "$S/trees.txt"
