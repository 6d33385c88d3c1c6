#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/series.sh [TREE]: linkmend series on the kernel, cold and warm,
# against what a person runs by hand for the same patches: git
# format-patch of the same commits and the tree's get_maintainer.pl once
# per patch.  TREE is the kernel tree make demo leaves with its store
# (/var/cache/linkmend/e2e/linux); nothing in it is written: the bench
# works on a copy (its files hard links, its .git and store copied),
# mounted at TREE's own path in a mount namespace of its own, where the
# store's root still names it.  No network: the store holds every
# resolution, and series asks nothing of the web.
#
#   cold          linkmend series --archived on a fresh copy of the
#                 store: get_maintainer.pl once per set of alike patches,
#                 -j the CPUs, each run begun as its series is written
#   warm          series again on that store: the script's answers are
#                 the store's (the summary line says how many)
#   in-process    series --no-get-maintainer: MAINTAINERS and .mailmap
#                 read here by the script's rules (IN_PROCESS=0: not run)
#   format-patch  git format-patch of each series' commits, as cold made
#                 them (their ids are in the patches' From lines)
#   gm            get_maintainer.pl --no-git --no-git-fallback on each
#                 of those patches, the CPUs at a time (GM_JOBS)
#   peer          format-patch + gm
# Medians of RUNS (3) runs; printed, never asserted.  Needs root (the
# mount namespace).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
linkmend=${LINKMEND:-$here/../linkmend}
tree=$(cd "${1:-/var/cache/linkmend/e2e/linux}" && pwd)
runs=${RUNS:-3}
jobs=${GM_JOBS:-$(nproc)}
db=$tree/.linkmend/linkmend.db
from="linkmend bench <bench@linkmend.org>"

if [ -z "${BENCH_SERIES_NS:-}" ]; then
	[ -f "$db" ] && [ -d "$tree/.git" ] ||
		{ echo "bench/series.sh: no git tree with a store at $tree: run make demo first" >&2; exit 2; }
	[ "$(id -u)" -eq 0 ] ||
		{ echo "bench/series.sh: needs root (a mount namespace)" >&2; exit 2; }
	work=$(mktemp -d /var/tmp/lm-bench-series.XXXXXX)
	trap 'rm -rf "$work"' EXIT
	echo "bench/series.sh: copying $tree (hard links; .git and store copied)" >&2
	mkdir "$work/linux"
	(cd "$tree" && find . -mindepth 1 -maxdepth 1 ! -name .git ! -name .linkmend \
		-exec cp -al {} "$work/linux/" \;)
	cp -a "$tree/.git" "$work/linux/.git"
	# A consistent copy of a store in WAL mode, whoever has it open.
	sqlite3 "$db" ".backup '$work/store.db'"
	# Cold: none of get_maintainer.pl's answers kept, which the demo's
	# own series leaves in its store (schema 8's routing table).
	if [ -n "$(sqlite3 "$work/store.db" "SELECT name FROM sqlite_master WHERE name = 'routing'")" ]; then
		sqlite3 "$work/store.db" "DELETE FROM routing"
	fi
	BENCH_SERIES_NS=$work unshare -m --propagation private \
		bash -c 'mount --bind "$1/linux" "$2" && exec "$3" "$2"' sh \
		"$work" "$tree" "$here/series.sh"
	exit $?
fi

# In the namespace: $tree is the copy.
work=$BENCH_SERIES_NS
cd "$tree"
# timed NAME COMMAND...: its wall-clock seconds into NAME.t, its CPU
# seconds (user and system, children's too) into NAME.cpu: on a loaded
# machine the second says more of what it costs.
timed() {
	local name=$1 TIMEFORMAT='%R %U %S' t
	shift
	t=$({ time "$@" 2> /dev/null; } 2>&1)
	set -- $t
	echo "$1" >> "$work/$name.t"
	echo "$2 + $3" | bc -l >> "$work/$name.cpu"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
series() {	# series DB DIR [ARGS]: linkmend series, its stderr in DIR.err
	local d=$1 o=$2
	shift 2
	# 1: edits skipped, the tree changed since the scan (said in DIR.err).
	"$linkmend" series -o "$o" --archived --signoff --from "$from" --db "$d" "$@" \
		> /dev/null 2> "$o.err" || [ $? -eq 1 ]
}
peer_fp() {	# the same commits through git format-patch, series by series
	local d first last a b
	rm -rf "$work/fp-out"
	mkdir "$work/fp-out"
	for d in "$work"/cold/*/; do
		first=$(ls "$d"/0*.patch | grep -v 0000-cover | head -1)
		last=$(ls "$d"/0*.patch | tail -1)
		a=$(head -1 "$first" | cut -d' ' -f2)
		b=$(head -1 "$last" | cut -d' ' -f2)
		git format-patch -q --cover-letter --numbered \
			-o "$work/fp-out/$(basename "$d")" "$a^..$b" > /dev/null
	done
}
peer_gm() {	# get_maintainer.pl on each patch, as git send-email --cc-cmd would
	find "$work/fp-out" -name '0*.patch' ! -name '0000-*' -print0 |
		PERL_HASH_SEED=0 xargs -0 -P "$jobs" -n 1 perl scripts/get_maintainer.pl \
			--no-git --no-git-fallback > /dev/null 2>&1
}

for f in cold warm ip fp gm; do : > "$work/$f.t"; : > "$work/$f.cpu"; done
load0=$(cut -d' ' -f1 /proc/loadavg)
for i in $(seq "$runs"); do
	cp "$work/store.db" "$work/run.db"
	rm -rf "$work/cold" "$work/warm"
	timed cold series "$work/run.db" "$work/cold"
	timed warm series "$work/run.db" "$work/warm"
	if [ "${IN_PROCESS:-1}" = 1 ]; then
		cp "$work/store.db" "$work/ip.db"
		rm -rf "$work/ip"
		timed ip series "$work/ip.db" "$work/ip" --no-get-maintainer
	fi
	timed fp peer_fp
	timed gm peer_gm
done
med() { median < "$work/$1.$2"; }
peer=$(echo "$(med fp t) + $(med gm t)" | bc -l)
peer_cpu=$(echo "$(med fp cpu) + $(med gm cpu)" | bc -l)
n=$(find "$work/cold" -name '0*.patch' ! -name '0000-*' | wc -l)
printf 'series of %d patches in %d series, %d CPUs, load %s before, %s after; median of %d runs\n' \
	"$n" "$(ls -d "$work"/cold/*/ | wc -l)" "$(nproc)" "$load0" \
	"$(cut -d' ' -f1 /proc/loadavg)" "$runs"
printf '%-13s %8s %7s %9s %7s\n' "" wall "/peer" CPU "/peer"
line() {	# line LABEL NAME [NOTE]
	printf '%-13s %7.2fs %6.2fx %8.2fs %6.2fx  %s\n' "$1" "$(med "$2" t)" \
		"$(echo "$(med "$2" t) / $peer" | bc -l)" "$(med "$2" cpu)" \
		"$(echo "$(med "$2" cpu) / $peer_cpu" | bc -l)" "${3:-}"
}
line cold cold "$(sed -n 's/^series: recipients of //p' "$work/cold.err")"
line warm warm "$(sed -n 's/^series: recipients of //p' "$work/warm.err")"
[ -s "$work/ip.t" ] && line in-process ip "(--no-get-maintainer)"
line format-patch fp
line gm gm "(get_maintainer.pl on each of $(find "$work/fp-out" -name '0*.patch' ! -name '0000-*' | wc -l) patches, $jobs at a time)"
printf '%-13s %7.2fs %7s %8.2fs %7s  (format-patch + gm)\n' peer "$peer" "" "$peer_cpu" ""
printf 'goal: series <= 60 s (issue 46), wall: cold %s, warm %s\n' \
	"$(echo "$(med cold t) <= 60" | bc -l | sed 's/1/met/;s/0/missed/')" \
	"$(echo "$(med warm t) <= 60" | bc -l | sed 's/1/met/;s/0/missed/')"
hdrs() { sed -n '/^$/q;/^\(To\|Cc\): /p' "$1" | sort; }
same_as() {	# same_as DIR: patches of cold with DIR's To and Cc
	local same=0 f
	while IFS= read -r f; do
		[ "$(hdrs "$work/cold/$f")" = "$(hdrs "$1/$f" 2> /dev/null)" ] && same=$((same + 1))
	done < <(cd "$work/cold" && find . -name '*.patch')
	echo "$same"
}
all=$(find "$work/cold" -name '*.patch' | wc -l)
printf 'warm routing: the same To and Cc as cold on %d of %d patches\n' \
	"$(same_as "$work/warm")" "$all"
[ -d "$work/ip" ] &&
	printf 'in-process routing: the same To and Cc as get_maintainer.pl on %d of %d patches\n' \
		"$(same_as "$work/ip")" "$all"
exit 0
