#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/requests.sh [REV...]: what resolve asks the Wayback Machine on the
# kernel, build beside build in one run.  The tree and web are make e2e's
# (Debian's linux-source-6.1 as one commit, tests/kernel/web-gen.py, two
# checks back-dated 6 and 3 days and one now); then, for each build, on
# its own copy of that store, resolve --refresh with the run's options
# (--date 6.1's release day, no spacing in the test web).  Counted from
# the test web's log, archive requests: CDX look-ups of pages, of sites'
# first captures (limit=1), of a page's captures with the redirects the
# archive saw (a statuscode filter that lets a 3xx through), of a site's
# or a path's captures (matchType prefix, host or domain), and replays of
# captures; per dead link looked up, and the time they would take at the default spacing of
# 1 s a request (issue 45's budget: 2.0 a looked-up link).  And the
# requests to the sites themselves that resolve makes: probes of random
# paths (linkmend-probe-), and the rest (candidates checked, pages
# fetched to compare their content), per looked-up link too.
#
# NAME (lm-bench-req) names the test web and the work directory, so that
# two runs can share the machine; REUSE=1 takes the tree and checks of
# the last run when its seed and web-gen.py were the same.  Each build's
# requests are kept in out/bench-requests/REV.requests.log.
# AGAIN=DAYS: each build then resolves its store once more, DAYS later
# (LINKMEND_NOW) and without --refresh, as a janitor's next run does: a
# row REV+DAYSd counts that run's requests (the archive's from the look-up
# cache, the hosts' within their freshness).
# REV is a commit (built under the cache) or "work" (this checkout's
# build); by default 4c80606, before resolve decided what no patch
# changes and grouped look-ups, then work.  Scan and checks use the last.  Needs root (the test
# web is a network namespace).  Printed, not asserted.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
kt=$repo/tests/kernel
seed=${SEED:-1}
name=${NAME:-lm-bench-req}
[ $# -gt 0 ] || set -- 4c80606 work
[ -x "$repo/linkmend" ] || make -C "$repo" all >&2
cache=$(dirname "$("$kt/tree.sh")")
work=$cache/bench-requests${NAME:+-$NAME}
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

db=$tree/.linkmend/linkmend.db
# REUSE=1: the tree and checks of the last run (its web-gen and seed).
reuse=
if [ -n "${REUSE:-}" ] && [ -f "$work/checked.db" ] && [ -f "$work/checked.seed" ] &&
	[ "$(cat "$work/checked.seed")" = "$seed $(sha1sum < "$kt/web-gen.py")" ]; then
	reuse=1
	echo "== $(date +%T) the tree and checks of the last run"
	cp "$work/checked.db" "$db"
else
	echo "== $(date +%T) tree"
	"$kt/gittree.sh" "$tree"
	"$lm" scan -q --no-output "$tree"
fi
python3 "$kt/web-gen.py" "$db" "$seed" "$out/scenario" "$out/truth" > /dev/null
trap '"$repo/tests/web/down" "$name"' EXIT
state=$("$repo/tests/web/up" "$out/scenario" "$name")
NET=(--cacert "$state/ca.crt" --allow-private --timeout 10)
now=$(date +%s)
for back in 6 3 0; do
	[ -z "$reuse" ] || break
	echo "== $(date +%T) check, $back days ago"
	LINKMEND_NOW=$((now - back * 86400)) "$repo/tests/web/exec" -n "$name" \
		"$lm" check -q --no-output --db "$db" "${NET[@]}" --retry-wait 200 ||
		[ $? -eq 1 ]	# dead links found
done
cp "$db" "$work/checked.db"
echo "$seed $(sha1sum < "$kt/web-gen.py")" > "$work/checked.seed"

printf '%-10s %8s %6s %7s %6s %6s %6s %6s %8s %9s %9s %10s %6s %7s %9s\n' \
	build resolve dead looked cdx first redir site replays archive \
	per_link at_1s_min probes fetches site_per_link > "$out/table.txt"
runs=()
for rev in "$@"; do
	runs+=("$rev")
	[ -z "${AGAIN:-}" ] || runs+=("$rev+${AGAIN}d")
done
for run in "${runs[@]}"; do
	rev=${run%+*}
	echo "== $(date +%T) resolve, $run"
	if [ "$run" = "$rev" ]; then
		cp "$db" "$work/$rev.db"
		fresh=--refresh when=$now
	else	# the same store again, AGAIN days later, from the caches
		fresh= when=$((now + AGAIN * 86400))
	fi
	: > "$state/requests.log"
	t0=$(date +%s.%N)
	(cd "$tree" && LINKMEND_NOW=$when "$repo/tests/web/exec" -n "$name" \
		"$(bin "$rev")" resolve -q --db "$work/$rev.db" "${NET[@]}" $fresh \
		--date 2022-12-11 --archive-spacing 0 > "$out/$run.tsv" 2> "$out/$run.err") || true
	t1=$(date +%s.%N)
	log=$state/requests.log
	cp "$log" "$out/$run.requests.log"
	# Each request of the log in one class (the first that fits).
	awk '
	function cls(h, t) {
		if (h == "web.archive.org" || h == "archive.org") {
			if (t ~ /^\/cdx\//) {
				if (t ~ /matchType=(prefix|host|domain)/) return "site"
				# a statuscode filter that lets a 3xx through
				if (t ~ /statuscode(:|%3[Aa])[^&]*(30[0-9]|3\.\.|3%5[Bb]|\[3)/) return "redir"
				if (t ~ /&limit=1$/) return "first"
				return "cdx"
			}
			if (t ~ /^\/web\/[0-9]+id_\//) return "replays"
			return "archive_other"
		}
		if (h == "timetravel.mementoweb.org") return "archive_other"
		if (t ~ /linkmend-probe-/) return "probes"
		return "fetches"
	}
	{ n[cls($2, $6)]++ }
	END { for (k in n) print k, n[k] }' "$log" > "$out/$run.classes"
	c() { awk -v k="$1" '$1 == k { print $2 }' "$out/$run.classes" | grep . || echo 0; }
	cdx=$(c cdx) first=$(c first) redir=$(c redir) site=$(c site)
	replays=$(c replays) other=$(c archive_other)
	probes=$(c probes) fetches=$(c fetches)
	dead=$(sqlite3 "$work/$rev.db" "SELECT count(DISTINCT url_id) FROM resolution WHERE kind IN ('archived', 'unresolved')")
	kept=$(sqlite3 "$work/$rev.db" "SELECT count(DISTINCT url_id) FROM resolution WHERE evidence LIKE '%: not looked up'")
	# The links looked up: the dead ones archived or unresolved but those
	# left alone (no patch would change them), and the dead ones (by
	# their newest check) resolved to a successor.
	moved_dead=$(sqlite3 "$work/$rev.db" "SELECT count(DISTINCT r.url_id) FROM resolution r
		WHERE r.kind IN ('moved', 'migrated', 'canonical')
		AND (SELECT c.verdict FROM checks c WHERE c.url_id = r.url_id ORDER BY c.at DESC LIMIT 1)
			IN ('gone', 'soft-404', 'dns', 'dns-error', 'refused', 'timeout', 'tls', 'server-error', 'parked')
		AND r.url_id NOT IN (SELECT url_id FROM resolution WHERE kind IN ('archived', 'unresolved'))")
	looked=$((dead - kept + moved_dead))
	all=$((cdx + first + redir + site + replays + other))
	printf '%-10s %7.1fs %6d %7d %6d %6d %6d %6d %8d %9d %9.2f %10d %6d %7d %9.2f\n' "$run" \
		"$(echo "$t1 - $t0" | bc)" "$dead" "$looked" "$cdx" "$first" \
		"$redir" "$site" "$replays" "$all" \
		"$(echo "scale=2; $all / $looked" | bc)" "$((all / 60))" \
		"$probes" "$fetches" \
		"$(echo "scale=2; ($probes + $fetches) / $looked" | bc)" >> "$out/table.txt"
done
echo
cat "$out/table.txt"
