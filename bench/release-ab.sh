#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/release-ab.sh [-n WEB] [-b DAYS] [-l LOG] TREE REV_A REV_B OUT [RUN-OPTION...]:
# every release, once (issue 47), as a janitor runs it.  In a worktree of
# the git repository TREE (left as it is): release A (REV_A) is run
# (linkmend run, its RUN-OPTIONs), its series recorded as sent; a third
# of its patches (by INDEX order: the first of each three) is then
# applied upstream, a third refused (linkmend refuse), a third left
# pending.  Release B is REV_B with the applied third put on it (git am
# -3; one that does not apply is counted and left pending), 70 days
# later (LINKMEND_NOW); B is run with the same store.  Asserted, from the
# store and B's patches: 0 refused repeats, 0 pending repeats (without
# --resend none is written), 0 applied repeats; then series --resend:
# every patch RESEND or vN, in reply to its first mail.  A repeat is
# counted by (path, old URL, new URL); and, for A's files B no longer
# has, by (old URL, new URL) in any file (the file renamed upstream).  Printed: A's
# and B's patches, links, requests, capture replays known, and time.
# With -n WEB the runs go through tests/web/exec -n WEB (the test web).
# With -b "6 3" each release is scanned and checked first with the clock
# set back 6, then 3 days (the default confirmation, as make demo does),
# with the RUN-OPTIONs check takes (given as --opt=VALUE).  With -l LOG
# (the test web's requests log) each run's requests are kept as
# OUT/A.requests.log and OUT/B.requests.log and the archive's counted.
# For the kernel: REV_A Debian's linux-source-6.1 committed, REV_B 6.12
# committed on top, WEB the demo's with both trees' hosts, RUN-OPTIONs
# as make demo gives them.  Exit status 1 when an assertion fails.
set -u
here=$(cd "$(dirname "$0")" && pwd)
linkmend=${LINKMEND:-$(cd "$here/.." && pwd)/linkmend}
web= back= log=
while getopts n:b:l: o; do
	case $o in
	n) web=$OPTARG ;;
	b) back=$OPTARG ;;
	l) log=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -lt 4 ]; then
	echo "usage: bench/release-ab.sh [-n WEB] [-b DAYS] [-l LOG] TREE REV_A REV_B OUT [RUN-OPTION...]" >&2
	exit 2
fi
tree=$1 rev_a=$2 rev_b=$3 out=$4
shift 4
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
wt=$out/tree
db=$out/store.db
now_a=${LINKMEND_NOW:-$(date +%s)}
now_b=$((now_a + 70 * 86400))
net() { if [ -n "$web" ]; then "$here/../tests/web/exec" -n "$web" "$@"; else "$@"; fi; }
q() { sqlite3 "$db" "$1"; }
fail=0
check() {	# check NAME GOT WANT
	if [ "$2" = "$3" ]; then echo "ok - $1"; else echo "not ok - $1 (got $2, want $3)"; fail=1; fi
}

# check takes of run's options those of the network.
copts=()
for o in "$@"; do
	case $o in --cacert=*|--allow-private|--timeout=*|--retry-wait=*) copts+=("$o") ;; esac
done
# release NAME NOW: scan, the checks back-dated, then run.
release() {
	local name=$1 when=$2 d
	shift 2
	if [ -n "$back" ]; then
		"$linkmend" scan -q --no-output --db "$db" . 2>> "$out/$name.err" || return 2
		for d in $back; do
			LINKMEND_NOW=$((when - d * 86400)) net "$linkmend" check -q --no-output \
				--db "$db" "${copts[@]}" 2>> "$out/$name.err"
			[ $? -le 1 ] || return 2	# 1: dead links found
		done
	fi
	[ -z "$log" ] || : > "$log"
	t0=$(date +%s.%N)
	LINKMEND_NOW=$when net "$linkmend" run . -o "$out/$name" --db "$db" "$@" \
		> "$out/$name.out" 2>> "$out/$name.err"
	t1=$(date +%s.%N)
	[ -z "$log" ] || cp "$log" "$out/$name.requests.log"
	looked > "$out/$name.looked"
}
# The dead links resolve looked up (bench/requests.sh's count): archived
# or unresolved but those no patch would change, and the dead ones
# resolved to a successor.
looked() {
	q "SELECT (SELECT count(DISTINCT url_id) FROM resolution WHERE kind IN ('archived', 'unresolved'))
		- (SELECT count(DISTINCT url_id) FROM resolution WHERE evidence LIKE '%: not looked up')
		+ (SELECT count(DISTINCT r.url_id) FROM resolution r
		   WHERE r.kind IN ('moved', 'migrated', 'canonical')
		   AND (SELECT c.verdict FROM checks c WHERE c.url_id = r.url_id ORDER BY c.at DESC LIMIT 1)
			IN ('gone', 'soft-404', 'dns', 'dns-error', 'refused', 'timeout', 'tls', 'server-error', 'parked')
		   AND r.url_id NOT IN (SELECT url_id FROM resolution WHERE kind IN ('archived', 'unresolved')))"
}
rm -f "$out/A.err" "$out/B.err"

git -C "$tree" worktree add -q --detach "$wt" "$rev_a" || exit 2
trap 'git -C "$tree" worktree remove --force "$wt"' EXIT
cd "$wt" || exit 2
git config user.email janitor@linkmend-web.org
git config user.name "A Janitor"

# Release A: run, send.
release A "$now_a" "$@" || exit 2
t_a=$(echo "$t1 - $t0" | bc)
LINKMEND_NOW=$now_a "$linkmend" sent --db "$db" "$out/A" 2> "$out/A.sent" || exit 2
mapfile -t patches < <(awk '!/^#/ { print $1 }' "$out/A/INDEX" | while read -r d; do
	[ "$d" = . ] && d=
	ls "$out/A${d:+/$d}"/0*.patch | grep -v '/0000-'; done)
applied=() refused=() pending=()
for i in "${!patches[@]}"; do
	case $((i % 3)) in
	0) applied+=("${patches[$i]}") ;;
	1) refused+=("${patches[$i]}") ;;
	2) pending+=("${patches[$i]}") ;;
	esac
done
for p in "${refused[@]}"; do
	"$linkmend" refuse -q --db "$db" --reason "release A/B: refused" "$p" || exit 2
done
# Which edits are of which third: (path, old, new) by patch.
third() { for p in "$@"; do q "SELECT path || '|' || old_url || '|' || new_url FROM fate WHERE patch = '$p'"; done | sort -u; }
third "${applied[@]}" > "$out/applied.keys"
third "${refused[@]}" > "$out/refused.keys"
third "${pending[@]}" > "$out/pending.keys"

# Release B: upstream moved on and took the applied third.
git checkout -q --detach "$rev_b" || exit 2
am_failed=0
for p in "${applied[@]}"; do
	git am -q -3 --empty=drop "$p" > /dev/null 2>&1 || { git am --abort; am_failed=$((am_failed + 1)); }
done
release B "$now_b" "$@" || exit 2
t_b=$(echo "$t1 - $t0" | bc)

# What B wrote, by (path, old, new).
q "SELECT path || '|' || old_url || '|' || new_url FROM fate WHERE substr(patch, 1, length('$out/B/')) = '$out/B/'" | sort -u > "$out/B.keys"
check "0 refused repeats" "$(comm -12 "$out/refused.keys" "$out/B.keys" | wc -l)" 0
check "0 pending repeats (none without --resend)" "$(comm -12 "$out/pending.keys" "$out/B.keys" | wc -l)" 0
check "0 applied repeats" "$(comm -12 "$out/applied.keys" "$out/B.keys" | wc -l)" 0
# A pending link resolved anew is held too (--resend sends it as vN): by
# (path, old) none comes back.  A refusal is of one replacement: a link
# refused and proposed with another is counted, not a repeat.
link() { cut -d'|' -f1,2 "$1" | sort -u; }
check "0 pending repeats by link (any replacement)" "$(comm -12 <(link "$out/pending.keys") <(link "$out/B.keys") | wc -l)" 0
refused_other=$(comm -12 <(link "$out/refused.keys") <(link "$out/B.keys") | wc -l)
# A's edits in files B no longer has (renamed or moved upstream) that B
# proposes again in another file: the same link, the same replacement.
git ls-tree -r --name-only HEAD | sort > "$out/B.files"
gone() { awk -F'|' 'NR == FNR { f[$0] = 1; next } !($1 in f) { print $2 "|" $3 }' "$out/B.files" "$1" | sort -u; }
cut -d'|' -f2- "$out/B.keys" | sort -u > "$out/B.links"
for c in refused pending applied; do
	check "0 $c repeats in files renamed upstream" "$(comm -12 <(gone "$out/$c.keys") "$out/B.links" | wc -l)" 0
done
# series takes of run's options those that choose the edits.
sopts=()
for o in "$@"; do
	case $o in --archived|--strings|--kinds=*|--no-get-maintainer|--home-pages=*|--signoff|--from=*) sopts+=("$o") ;; esac
done
LINKMEND_NOW=$now_b "$linkmend" series --db "$db" --resend -o "$out/B-resend" \
	"${sopts[@]}" 2> "$out/B-resend.err" > /dev/null
if [ -s "$out/pending.keys" ]; then
	check "series --resend writes the pending third" \
		"$([ "$(find "$out/B-resend" -name '0*.patch' ! -name '0000-*' 2> /dev/null | wc -l)" -gt 0 ] && echo yes)" yes
fi
unmarked=0
for p in $(find "$out/B-resend" -name '0*.patch' 2> /dev/null); do
	first=$p
	[ -f "$(dirname "$p")/0000-cover-letter.patch" ] && first=$(dirname "$p")/0000-cover-letter.patch
	grep -q '^Subject: \[PATCH[^]]*\(RESEND\| v[0-9]\)' "$p" && grep -q '^In-Reply-To: ' "$first" ||
		unmarked=$((unmarked + 1))
done
check "every resent patch RESEND or vN, in reply to its first mail" "$unmarked" 0

count() { find "$1" -name '0*.patch' ! -name '0000-*' 2> /dev/null | wc -l; }
links() { find "$1" -name '0*.patch' ! -name '0000-*' -exec grep -h '^+[^+]' {} + 2> /dev/null | wc -l; }
req() { sed -n 's/^resolve: [0-9]* URLs, \([0-9]*\) requests.*/\1/p' "$1" | tail -1; }
kept() { sed -n 's/^resolve: \([0-9]*\) capture replays\? known.*/\1/p' "$1" | tail -1; }
# run's check line: "check: N URLs, M checked now, ..., K fresh from the store"
chk() { grep '^check: [0-9]* URLs, ' "$1" | tail -1 | sed 's/^check: [0-9]* URLs, \([0-9]*\) checked now.* \([0-9]*\) fresh from the store.*/\1 \/ \2/'; }
# The archive's requests in the test web's log: CDX look-ups, replays.
arch() {
	[ -f "$1" ] || { echo "-"; return; }
	awk '$2 == "web.archive.org" || $2 == "archive.org" { if ($6 ~ /^\/cdx\//) c++; else if ($6 ~ /^\/web\/[0-9]+id_\//) r++ }
		END { printf "%d / %d\n", c, r }' "$1"
}
printf '\n%-40s %12s %12s\n' "" "A" "B"
printf '%-40s %12s %12s\n' "URLs checked / fresh from the store" "$(chk "$out/A.err")" "$(chk "$out/B.err")"
printf '%-40s %12s %12s\n' "archive CDX look-ups / capture replays" "$(arch "$out/A.requests.log")" "$(arch "$out/B.requests.log")"
# Archive requests per dead link looked up (bench/requests.sh's figure).
per() {
	[ -f "$out/$1.requests.log" ] || { echo "-"; return; }
	awk -v n="$(cat "$out/$1.looked")" '$2 == "web.archive.org" || $2 == "archive.org" { if ($6 ~ /^\/cdx\// || $6 ~ /^\/web\/[0-9]+id_\//) a++ }
		END { printf "%.2f (%d)\n", n ? a / n : 0, n }' "$out/$1.requests.log"
}
printf '%-40s %12s %12s\n' "archive requests a looked-up link (links)" "$(per A)" "$(per B)"
printf '%-40s %12s %12s\n' "patches" "$(count "$out/A")" "$(count "$out/B")"
printf '%-40s %12s %12s\n' "lines changed" "$(links "$out/A")" "$(links "$out/B")"
printf '%-40s %12s %12s\n' "resolve requests" "$(req "$out/A.err")" "$(req "$out/B.err")"
printf '%-40s %12s %12s\n' "capture replays known, not asked" "$(kept "$out/A.err")" "$(kept "$out/B.err")"
printf '%-40s %12.1f %12.1f\n' "time (s)" "$t_a" "$t_b"
printf '%-40s %12s\n' "A's patches applied / refused / pending" "${#applied[@]} / ${#refused[@]} / ${#pending[@]}"
printf '%-40s %12s\n' "applied ones git am -3 could not apply" "$am_failed"
printf '%-40s %12s\n' "resent patches (series --resend)" "$(count "$out/B-resend")"
printf '%-40s %12s\n' "refused links proposed with another URL" "$refused_other"
grep -h '^series: ' "$out/B.err" | grep -E 'pending|refused|applied' | sed 's/^/B: /'
exit $fail
