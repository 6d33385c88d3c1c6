#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/series.sh [TREE]: linkmend series against git format-patch of the
# same commits, side by side in one run, on the kernel tree make demo
# left (/var/cache/linkmend/e2e/linux with its store).  No network: the
# store already holds every resolution.
#
#   series        linkmend series -o DIR --archived (commits, patches,
#                 get_maintainer.pl on each, cover letters)
#   series -j1    the same with one get_maintainer.pl at a time
#   in-process    series --no-get-maintainer: MAINTAINERS and .mailmap
#                 read here by the script's rules, no perl per patch
#   format-patch  git format-patch of each series' commits, as series
#                 made them (their ids are in the patches' From lines)
#   gm            the get_maintainer.pl runs alone (series' share)
# Medians of RUNS (3) runs; printed, never asserted.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
linkmend=$here/../linkmend
tree=${1:-/var/cache/linkmend/e2e/linux}
runs=${RUNS:-3}
[ -f "$tree/.linkmend/linkmend.db" ] ||
	{ echo "bench/series.sh: no store in $tree: run make demo first" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
from="linkmend bench <bench@linkmend.org>"
secs() { local t0 t1; t0=$(date +%s.%N); "$@" > /dev/null 2>&1; t1=$(date +%s.%N); echo "$t1 - $t0" | bc -l; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

: > "$work/s"; : > "$work/s1"; : > "$work/ip"; : > "$work/fp"; : > "$work/gm"
for i in $(seq "$runs"); do
	secs "$linkmend" series -o "$work/out" --archived --signoff --from "$from" \
		--db "$tree/.linkmend/linkmend.db" >> "$work/s"
	secs "$linkmend" series -o "$work/out1" -j 1 --archived --signoff --from "$from" \
		--db "$tree/.linkmend/linkmend.db" >> "$work/s1"
	secs "$linkmend" series -o "$work/outip" --no-get-maintainer --archived --signoff \
		--from "$from" --db "$tree/.linkmend/linkmend.db" >> "$work/ip"
	# The same commits through git format-patch, series by series.
	rm -rf "$work/fp-out"
	mkdir "$work/fp-out"
	t0=$(date +%s.%N)
	for d in "$work"/out/*/; do
		first=$(ls "$d"/0*.patch | grep -v 0000-cover | head -1)
		last=$(ls "$d"/0*.patch | tail -1)
		a=$(head -1 "$first" | cut -d' ' -f2)
		b=$(head -1 "$last" | cut -d' ' -f2)
		git -C "$tree" format-patch -q --cover-letter --numbered -o "$work/fp-out/$(basename "$d")" \
			"$a^..$b" > /dev/null
	done
	t1=$(date +%s.%N)
	echo "$t1 - $t0" | bc -l >> "$work/fp"
	t0=$(date +%s.%N)
	find "$work/fp-out" -name '0*.patch' ! -name '0000-*' -print0 |
		(cd "$tree" && xargs -0 -P "$(nproc)" -n 1 perl scripts/get_maintainer.pl \
			--no-git --no-git-fallback > /dev/null 2>&1)
	t1=$(date +%s.%N)
	echo "$t1 - $t0" | bc -l >> "$work/gm"
done
s=$(median < "$work/s")
s1=$(median < "$work/s1")
ip=$(median < "$work/ip")
fp=$(median < "$work/fp")
gm=$(median < "$work/gm")
n=$(find "$work/out" -name '0*.patch' ! -name '0000-*' | wc -l)
printf 'series of %d patches in %d series, %d cores, median of %d runs\n' \
	"$n" "$(ls -d "$work"/out/*/ | wc -l)" "$(nproc)" "$runs"
printf '%-14s %8.2f s %7.2fx format-patch\n' "series" "$s" "$(echo "$s / $fp" | bc -l)"
printf '%-14s %8.2f s %7.2fx format-patch\n' "series -j1" "$s1" "$(echo "$s1 / $fp" | bc -l)"
printf '%-14s %8.2f s %7.2fx format-patch\n' "in-process" "$ip" "$(echo "$ip / $fp" | bc -l)"
printf '%-14s %8.2f s\n' "format-patch" "$fp"
printf '%-14s %8.2f s (get_maintainer.pl on every patch, %d at a time)\n' "gm" "$gm" "$(nproc)"
printf 'goal: series within 1.5x format-patch; get_maintainer.pl alone is %.2fx\n' \
	"$(echo "$gm / $fp" | bc -l)"
same=0
while IFS= read -r f; do
	a=$(sed -n '/^$/q;/^\(To\|Cc\): /p' "$work/out/$f" | sort)
	b=$(sed -n '/^$/q;/^\(To\|Cc\): /p' "$work/outip/$f" 2> /dev/null | sort)
	[ "$a" = "$b" ] && same=$((same + 1))
done < <(cd "$work/out" && find . -name '*.patch')
printf 'in-process routing: the same To and Cc as get_maintainer.pl on %d of %d patches\n' \
	"$same" "$(find "$work/out" -name '*.patch' | wc -l)"
