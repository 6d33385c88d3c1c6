#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/requests.sh [REV...]: what resolve asks the Wayback Machine on the
# kernel, build beside build in one run.  The tree and web are make e2e's
# (Debian's linux-source-6.1 as one commit, tests/kernel/web-gen.py, two
# checks back-dated 6 and 3 days and one now); then, for each build, on
# its own copy of that store, resolve --refresh with the run's options
# (--date 6.1's release day, no spacing in the test web).  Counted from
# the test web's log: CDX look-ups of pages, of sites' first captures,
# and replays of captures; per dead link looked up, and the time they
# would take at the default spacing of 1 s a request.
#
# REV is a commit (built under the cache) or "work" (this checkout's
# build); by default 4c80606, before resolve decided what no patch
# changes and grouped look-ups, then work.  Scan and checks use the last.  Needs root (the test
# web is a network namespace).  Printed, not asserted.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
kt=$repo/tests/kernel
seed=${SEED:-1}
name=lm-bench-req
[ $# -gt 0 ] || set -- 4c80606 work
[ -x "$repo/linkmend" ] || make -C "$repo" all >&2
cache=$(dirname "$("$kt/tree.sh")")
work=$cache/bench-requests
tree=$work/linux
out=$repo/out/bench-requests
rm -rf "$out"
mkdir -p "$out" "$work"

bin() {	# bin REV: the linkmend of that build
	if [ "$1" = work ]; then
		echo "$repo/linkmend"
		return
	fi
	local d=$work/build-$(git -C "$repo" rev-parse --short "$1")
	if [ ! -x "$d/linkmend" ]; then
		rm -rf "$d"
		mkdir -p "$d"
		git -C "$repo" archive "$1" | tar -C "$d" -xf -
		make -C "$d" -j2 all > "$d.log" 2>&1
	fi
	echo "$d/linkmend"
}
for rev in "$@"; do
	bin "$rev" > /dev/null
done
# Scan and check with the last build given.
lm=$(bin "${@: -1}")

echo "== $(date +%T) tree"
"$kt/gittree.sh" "$tree"
"$lm" scan -q --no-output "$tree"
db=$tree/.linkmend/linkmend.db
python3 "$kt/web-gen.py" "$db" "$seed" "$out/scenario" "$out/truth" > /dev/null
trap '"$repo/tests/web/down" "$name"' EXIT
state=$("$repo/tests/web/up" "$out/scenario" "$name")
NET=(--cacert "$state/ca.crt" --allow-private --timeout 10)
now=$(date +%s)
for back in 6 3 0; do
	echo "== $(date +%T) check, $back days ago"
	LINKMEND_NOW=$((now - back * 86400)) "$repo/tests/web/exec" -n "$name" \
		"$lm" check -q --no-output --db "$db" "${NET[@]}" --retry-wait 200 ||
		[ $? -eq 1 ]	# dead links found
done

printf '%-10s %8s %6s %7s %8s %7s %8s %9s %9s %9s\n' build resolve dead \
	looked cdx first replays requests per_link at_1s_min > "$out/table.txt"
for rev in "$@"; do
	echo "== $(date +%T) resolve, $rev"
	cp "$db" "$work/$rev.db"
	: > "$state/requests.log"
	t0=$(date +%s.%N)
	(cd "$tree" && "$repo/tests/web/exec" -n "$name" "$(bin "$rev")" \
		resolve -q --db "$work/$rev.db" "${NET[@]}" --refresh \
		--date 2022-12-11 --archive-spacing 0 > "$out/$rev.tsv" 2> "$out/$rev.err") || true
	t1=$(date +%s.%N)
	log=$state/requests.log
	cdx=$(awk '$2 == "web.archive.org" && $6 ~ /^\/cdx\// && $6 !~ /&limit=1$/' "$log" | wc -l)
	first=$(awk '$2 == "web.archive.org" && $6 ~ /^\/cdx\// && $6 ~ /&limit=1$/' "$log" | wc -l)
	replays=$(awk '$2 == "web.archive.org" && $6 ~ /^\/web\/[0-9]+id_\//' "$log" | wc -l)
	dead=$(sqlite3 "$work/$rev.db" "SELECT count(DISTINCT url_id) FROM resolution WHERE kind IN ('archived', 'unresolved')")
	kept=$(sqlite3 "$work/$rev.db" "SELECT count(DISTINCT url_id) FROM resolution WHERE evidence LIKE '%: not looked up'")
	all=$((cdx + first + replays))
	printf '%-10s %7.1fs %6d %7d %8d %7d %8d %9d %9.2f %9d\n' "$rev" \
		"$(echo "$t1 - $t0" | bc)" "$dead" "$((dead - kept))" "$cdx" \
		"$first" "$replays" "$all" \
		"$(echo "scale=2; $all / ($dead - $kept)" | bc)" "$((all / 60))" >> "$out/table.txt"
done
echo
cat "$out/table.txt"
