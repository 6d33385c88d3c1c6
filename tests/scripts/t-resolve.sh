#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# linkmend resolve inside the test web, on a git fixture whose commits have
# known dates: moves, upgrades, the capture nearest before the blame date
# (200 only, a parked capture rejected), after it when none is before,
# Memento when the Wayback has nothing, did-you-mean, a look-up that times
# out (not cached), --date for a tree with no history, a domain migration,
# an old mail-archive link made a lore.kernel.org one.  No archived URL
# ever holds '*'.  A replacement keeps the URL as written (host case,
# port, fragment).  Where a dead page lives now (successor.scn): the
# redirect the archive saw, the host its root moved to; and the refused
# candidates (a title that differs, a home page, a catch-all's landing).
# What the tree and the site know (successor-siblings.scn): a host one
# letter off, the project on its new host, the same document linked
# elsewhere, the rewrite two sibling moves agree on, a text alike.
. "$(dirname "$0")/../lib/sh.sh"
if [ "$(id -u)" -ne 0 ] || ! command -v dnsmasq > /dev/null; then
	echo "not ok - the test web needs root and dnsmasq (make check installs it)"
	exit 0
fi
WEB=$TESTS/web
NAME=lm-resolve-$$
trap '"$WEB/down" "$NAME"; [ -n "${KEEP_SCRATCH:-}" ] || rm -rf "$SCRATCH"' EXIT
state=$("$WEB/up" "$WEB/cases/resolve.scn" "$NAME") || { echo "not ok - tests/web/up failed"; exit 0; }
run() { "$WEB/exec" -n "$NAME" "$@"; }
NET=(--cacert "$state/ca.crt" --allow-private --timeout 2)

T=$SCRATCH/repo
mkdir -p "$T"
cd "$T" || exit 1
git init -q .
git config user.email dev@linkmend-web.org
git config user.name dev
commit() {	# commit DATE MESSAGE
	git add -A
	GIT_AUTHOR_DATE="$1T12:00:00Z" GIT_COMMITTER_DATE="$1T12:00:00Z" \
		git commit -qm "$2"
}
cat > b.c <<'C'
/* Early: http://gone.linkmend-web.org/early */
C
commit 2000-01-01 "add b.c"
cat > a.c <<'C'
/*
 * Doc: http://gone.linkmend-web.org/doc#intro
 * Parked: http://gone.linkmend-web.org/parked-copy
 * Memento: http://gone.linkmend-web.org/memento-only
 * Slow: http://gone.linkmend-web.org/slow-lookup
 * Star: http://gone.linkmend-web.org/files/*.tar.gz
 * Moved: http://moved.linkmend-web.org/old
 * Vendor: http://vendor.linkmend-web.org/products/x200.pdf
 * Same: http://same.linkmend-web.org/page
 * Diff: http://diff.linkmend-web.org/page
 * Simtec: http://armlinux.simtec.co.uk/page and http://armlinux.simnte.co.uk/page
 * Cut: http://gone.linkmend-web.org/very/long/...
 * Alive: http://gone.linkmend-web.org/alive
 * Maxim: http://www.maxim-lm.com/a.html http://www.maxim-lm.com/b.html
 * Maxim: http://www.maxim-lm.com/c.html
 * LKML: https://lkml.org/lkml/2010/9/20/1
 * Late: http://born-late.linkmend-web.org/doc.html
 * Written: http://GONE.linkmend-web.org:80/doc#Intro
 */
C
commit 2006-06-01 "add a.c"
# A dead link only in a copyright line: no patch will change it, so it is
# neither dated nor looked up.
cat > c.c <<'C'
/*
 * Copyright (C) 2006 Someone, http://gone.linkmend-web.org/copyright-only
 */
C
commit 2006-06-02 "add c.c"
# Five links to one host: its plain pages are asked in one CDX query, the
# page with a query alone.
cat > d.c <<'C'
/*
 * Many: http://many.linkmend-web.org/one.html
 * Many: http://many.linkmend-web.org/two.html#s2
 * Many: https://www.many.linkmend-web.org/two.html#s3
 * Many: http://many.linkmend-web.org/none
 * Many: http://many.linkmend-web.org/q?id=3
 */
C
commit 2006-06-03 "add d.c"
export LINKMEND_NOW=1700000000	# 2023-11-14: the evidence names dates
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q --confirm 1 "${NET[@]}" > "$SCRATCH/check" 2>&1
RESOLVE=("$LINKMEND" resolve --confirm 1 "${NET[@]}" --archive-spacing 0
	 --wayback https://web.archive.org
	 --memento http://timetravel.mementoweb.org/timemap/link/)
: > "$state/requests.log"
run "${RESOLVE[@]}" --upgrade --lore > "$SCRATCH/got" 2> "$SCRATCH/err"
same "resolve exits 0" "$?" "0"
ok "a dead link only a copyright line holds is resolved (the setup works)" \
	grep -q "^http://gone.linkmend-web.org/copyright-only	unresolved	-	gone (HTTP 404)" "$SCRATCH/got"
ok "but not looked up" bash -c "! grep -q 'copyright-only' '$state/requests.log'"
ok "and says why" grep -q "^http://gone.linkmend-web.org/copyright-only	.*; kept as it is (a copyright line): not looked up$" "$SCRATCH/got"
if diff -u "$WEB/cases/resolve.expect" "$SCRATCH/got" > "$SCRATCH/diff"; then
	echo "ok - every rule gives its exact replacement and evidence"
else
	echo "not ok - every rule gives its exact replacement and evidence"
	cat "$SCRATCH/diff"
fi
same "no archived URL holds '*'" "$(awk -F'\t' '$2 == "archived" && $3 ~ /\*/' "$SCRATCH/got" | wc -l)" "0"
# The archive is asked gently: one query for a host's plain pages.
# (Not the search of the host's captures by name: that is a site's.)
cdx_many() { grep -E "cdx/search/cdx\?url=https?%3A%2F%2F(www\.)?many\.linkmend-web\.org%2F${1:-}" "$state/requests.log" | grep -v "&matchType=host&" | grep -vc "&limit=1 "; }
same "five links to one host: two CDX queries (its plain pages together, the one with a query alone)" "$(cdx_many)" "2"
same "the plain pages in one prefix query" "$(cdx_many '&matchType=prefix&')" "1"
# www.many. is gone: its root is looked up in that query, and says the
# site's first capture.
same "no look-up of the site's first capture for many. and www.many.: its root came with its pages" \
	"$(grep -cE "cdx/search/cdx\?url=https?%3A%2F%2F(www\.)?many\.linkmend-web\.org%2F&.*&limit=1 " "$state/requests.log")" "0"
ok "the root's key in the prefix query of the gone www.many.'s pages" grep -qF \
	"%5E%28org%5C%2Clinkmend%5C-web%5C%2Cmany%5C%29%5C%2F%7C" "$state/requests.log"
same "a group the archive does not answer (one page stalls) is asked again page by page" \
	"$(grep -oE "url=http%3A%2F%2Fgone.linkmend-web.org%2F(&matchType=prefix|early&)" "$state/requests.log" | tr '\n' ' ')" \
	"url=http%3A%2F%2Fgone.linkmend-web.org%2F&matchType=prefix url=http%3A%2F%2Fgone.linkmend-web.org%2Fearly& "
ok "an archived capture is verified by replaying it" grep -q "web.archive.org [0-9]* GET https /web/20010101000000id_/http://gone.linkmend-web.org/doc " "$state/requests.log"
ok "the parked capture was replayed and rejected" grep -q "/web/20050101000000id_/http://gone.linkmend-web.org/parked-copy" "$state/requests.log"
ok "a capture older than the site's first one is not offered" grep -q "^http://born-late.linkmend-web.org/doc.html	archived	https://web.archive.org/web/20120101000000/http://born-late.linkmend-web.org/doc.html	.*capture 20120101000000, the nearest after 2006-06-01 .*; 1 older capture predates the site's first capture (20100101): not offered$" "$SCRATCH/got"
ok "the migration is reported" grep -q "domain migration www.maxim-lm.com -> www.analog-lm.com (2 of 3 checked URLs moved there)" "$SCRATCH/err"
same "every occurrence's resolution is stored" "$(sqlite3 .linkmend/linkmend.db 'select count(*) from resolution')" "$(wc -l < "$SCRATCH/got")"

# Guesses are reported, never written: a typo host and a migrated one.
same "the store holds a typo and a migrated guess (the setup works)" \
	"$(sqlite3 .linkmend/linkmend.db "select group_concat(kind, ' ') from (select kind from resolution where kind in ('typo', 'migrated') order by kind)")" "migrated typo"
"$LINKMEND" fix --dry-run --archived -q > "$SCRATCH/fix" 2>&1
ok "fix writes the other replacements (the setup works)" grep -q '^+.*web.archive.org' "$SCRATCH/fix"
ok "fix writes no typo guess" bash -c "! grep -q '^+.*Simtec:.* and https*://armlinux.simtec' '$SCRATCH/fix'"
ok "nor a migrated one" bash -c "! grep -q '^+.*analog-lm.com/c.html' '$SCRATCH/fix'"
"$LINKMEND" fix --dry-run --kinds moved,typo > /dev/null 2> "$SCRATCH/fixerr"
same "asking fix for typo replacements is an error" "$?" "2"
ok "that says they are guesses" grep -q "typo replacements are guesses" "$SCRATCH/fixerr"

# A glob is an example, never archived (issue 44: a '*' left hanging).
ok "the glob's line stays" bash -c "! grep -q '^+.*Star:' '$SCRATCH/fix'"
# Lines that must stay: [keep] line of .linkmend.conf keeps one.
ok "without it the Memento line changes (the setup works)" grep -q '^+.*Memento:' "$SCRATCH/fix"
printf '[keep]\nline = "Memento:"\n' > .linkmend.conf
"$LINKMEND" fix --dry-run --archived > "$SCRATCH/fixkeep" 2>&1
ok "with it the Memento line stays" bash -c "! grep -q '^+.*Memento:' '$SCRATCH/fixkeep'"
ok "and the summary counts it" grep -q "fix: 1 kept as they are (kept by .linkmend.conf 1)" "$SCRATCH/fixkeep"
ok "while the others change" grep -q '^+.*Doc:' "$SCRATCH/fixkeep"
rm .linkmend.conf

# A second run: the answers are cached, the failed look-up is asked again.
: > "$state/requests.log"
run "${RESOLVE[@]}" > "$SCRATCH/got2" 2>&1
same "a look-up that answered is not asked again" "$(grep -c 'cdx.*url=http%3A%2F%2Fgone.linkmend-web.org%2Fdoc&' "$state/requests.log")" "0"
same "a look-up that failed is asked again" "$(grep -c 'cdx.*slow-lookup' "$state/requests.log")" "1"
ok "without --upgrade, no upgrade" bash -c "! grep -q '	upgrade	' '$SCRATCH/got2'"
run "${RESOLVE[@]}" --format=json > "$SCRATCH/j" 2>/dev/null
same "JSON names where the date came from" "$(python3 -c 'import json,sys; print(sorted({o["date_source"][:8] for o in json.load(open(sys.argv[1])) if o["kind"] == "archived"}))' "$SCRATCH/j")" "['git log ']"

# No history: --date gives the day the links entered the tree.
N=$SCRATCH/tarball
mkdir -p "$N"
printf '/* http://gone.linkmend-web.org/doc */\n' > "$N/x.c"
(cd "$N" && "$LINKMEND" scan -q . > /dev/null && run "$LINKMEND" check -q --confirm 1 "${NET[@]}" > /dev/null 2>&1)
(cd "$N" && run "${RESOLVE[@]}" --date 2009-01-01) > "$SCRATCH/got3" 2>&1
ok "--date chooses the capture nearest before it" grep -q "web/20080101000000/http://gone.linkmend-web.org/doc	.*nearest before 2009-01-01 (--date)" "$SCRATCH/got3"
(cd "$N" && run "${RESOLVE[@]}") > "$SCRATCH/got4" 2>&1
ok "with no date at all the evidence says so" grep -q "no date known" "$SCRATCH/got4"

# valgrind: a resolve run leaks nothing (not in a sanitizer build).
if ! grep -q fsanitize "$TESTS/../.build-flags" 2>/dev/null && command -v valgrind > /dev/null; then
	run valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
		--errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
		"${RESOLVE[@]}" --upgrade --lore --refresh > /dev/null 2> "$SCRATCH/vg"
	rc=$?
	same "valgrind: a resolve run is clean" "$rc" "0"
	[ "$rc" = 0 ] || grep -v "^error: \|^resolve: " "$SCRATCH/vg" | head -40
elif ! command -v valgrind > /dev/null; then
	skip "valgrind: a resolve run is clean" "valgrind is not installed"
else
	skip "valgrind: a resolve run is clean" "a sanitizer build, which valgrind cannot run"
fi

# An archive that never answers costs the run two timeouts, not one per
# look-up: then it is asked no more this run, said once, and its links
# are left unresolved, to be asked again (not "no archived copy").
state=$("$WEB/up" "$WEB/cases/silent-archive.scn" "$NAME") ||
	{ echo "not ok - tests/web/up failed"; exit 0; }
S=$SCRATCH/silent
mkdir -p "$S"
for h in 1 2 3 4 5 6; do echo "/* http://d$h.linkmend-web.org/a */"; done > "$S/x.c"
(cd "$S" && "$LINKMEND" scan -q . > /dev/null &&
	run "$LINKMEND" check -q --confirm 1 "${NET[@]}" > /dev/null 2>&1)
: > "$state/requests.log"
t0=$(date +%s.%N)
(cd "$S" && run "${RESOLVE[@]}" --date 2009-01-01) > "$SCRATCH/silent.out" 2> "$SCRATCH/silent.err"
took=$(echo "$(date +%s.%N) - $t0" | bc)
# Under 8 s: halfway between two timeouts (4 s) and six (12 s), so that a
# machine busy with other tests does not tip it.
ok "a silent archive costs resolve two timeouts of 2 s, not one per look-up (six): $took s" \
	awk -v t="$took" 'BEGIN { exit !(t < 8) }'
same "two look-ups reached it" "$(grep -c ' web.archive.org ' "$state/requests.log")" "2"
same "said once" "$(grep -c '^resolve: web.archive.org answered no request of this run, and 2 timed out after 2000 ms: not asked again this run' "$SCRATCH/silent.err")" "1"
same "every link left unresolved, to be asked again, not \"no archived copy\"" \
	"$(grep -c '	unresolved	-	.*archive look-up failed (.*): to be asked again$' "$SCRATCH/silent.out")" "6"
# The same with Wayback answering (no capture) and the Memento aggregator
# silent: no answer is no "no archived copy" either.
: > "$state/requests.log"
(cd "$S" && run "$LINKMEND" resolve --confirm 1 "${NET[@]}" --archive-spacing 0 \
	--wayback https://archive.org --memento http://timetravel.mementoweb.org/timemap/link/ \
	--date 2009-01-01) > "$SCRATCH/silent2.out" 2> "$SCRATCH/silent2.err"
same "(archive.org answered the look-ups: the setup works)" \
	"$(grep -c ' archive.org .*/cdx/' "$state/requests.log")" "6"
same "two requests reached the silent Memento aggregator" \
	"$(grep -c ' timetravel.mementoweb.org ' "$state/requests.log")" "2"
same "its links left unresolved, to be asked again, not \"no archived copy\"" \
	"$(grep -c '	unresolved	-	.*archive look-up failed (.*): to be asked again$' "$SCRATCH/silent2.out")" "6"

# Where a dead page lives now (issue 45): a successor from evidence, each
# refused candidate a suggestion (tests/web/cases/successor.scn).
state=$("$WEB/up" "$WEB/cases/successor.scn" "$NAME") ||
	{ echo "not ok - tests/web/up failed"; exit 0; }
M=$SCRATCH/successor
mkdir -p "$M"
sed -n 's/^expect //p' "$WEB/cases/successor.scn" > "$SCRATCH/succ.expect"
# Two subsystems, two patches: a cover letter says how the links were
# found.
mkdir -p "$M/media" "$M/docs"
{ echo '/*'; cut -f1 "$SCRATCH/succ.expect" | grep -v linuxtv | sed 's/^/ * /'
  echo ' * http://gone-vendor.linkmend-web.org/p/two.html'; echo ' */'; } > "$M/docs/links.c"
printf '/*\n * %s\n */\n' "$(cut -f1 "$SCRATCH/succ.expect" | grep linuxtv)" > "$M/media/links.c"
(cd "$M" && git init -q . && git add -A &&
	GIT_AUTHOR_DATE=2017-01-01T12:00:00Z GIT_COMMITTER_DATE=2017-01-01T12:00:00Z \
	git -c user.email=dev@linkmend-web.org -c user.name=dev commit -qm links &&
	"$LINKMEND" scan -q . > /dev/null &&
	run "$LINKMEND" check -q --confirm 1 "${NET[@]}" > /dev/null 2>&1)
: > "$state/requests.log"
(cd "$M" && run "${RESOLVE[@]}" --format=json) > "$SCRATCH/succ.json" 2> "$SCRATCH/succ.err"
same "resolve exits 0 (successors)" "$?" "0"
same_resolutions "$SCRATCH/succ.json" "$SCRATCH/succ.expect"
ev() { evidence_of "$SCRATCH/succ.json" "$1"; }
ok "the evidence says what the archive saw, and when" grep -qF \
	"the Web Archive saw https://git.linuxtv.org/media_tree.git/ redirect permanently (301) to https://git.linuxtv.org/media.git/ on 2019-05-02 (capture 20190502000000); https://git.linuxtv.org/media.git/ answers 200 now, titled \"Linux media subsystem tree\" as the capture 20150101000000 of the old page was" <<< "$(ev https://git.linuxtv.org/media_tree.git/)"
ok "and that the host moved" grep -qF \
	"the site's root http://www.osdl.org/ redirects permanently (301) to https://www.linuxfoundation.org/" <<< "$(ev http://www.osdl.org/lab_activities/kernel_testing/stp/)"
ok "a page titled otherwise is a suggestion" grep -qF \
	"suggestion: https://software-dl.ti.com/tisci/esd/latest/ (the Web Archive saw http://processors.wiki.ti.com/index.php/TISCI redirect permanently (301) to https://software-dl.ti.com/tisci/esd/latest/ on 2020-01-01 (capture 20200101000000); its title \"TISCI User Guide\" is not the old page's \"TISCI - Texas Instruments Wiki\")" <<< "$(ev http://processors.wiki.ti.com/index.php/TISCI)"
ok "a home page is no deeper page's successor, its title the same" grep -qF \
	"https://www.analog.com/en/index.html is a home page, no deeper page's successor)" <<< "$(ev http://www.maxim-ic.com/quick_view2.cfm/qv_pk/4517)"
ok "nor where a random path of the host lands" grep -qF \
	"a random path of legacy.linkmend-web.org redirects there too)" <<< "$(ev http://legacy.linkmend-web.org/docs/a.html)"
ok "nor where the archive saw two pages of a host redirect" grep -qF \
	"1 other page of gone-vendor.linkmend-web.org redirected there too)" <<< "$(ev http://gone-vendor.linkmend-web.org/p/one.html)"
same "the store tags each resolution with its evidence (report --format json)" \
	"$(cd "$M" && "$LINKMEND" report --format json | python3 -c 'import json, sys
r = json.load(sys.stdin)
def occs(x):
    if isinstance(x, dict):
        if "resolution" in x and "href" in x:
            yield x
        for v in x.values():
            yield from occs(v)
    elif isinstance(x, list):
        for v in x:
            yield from occs(v)
print(" ".join(sorted({o["resolution"]["via"] for o in occs(r) if o["resolution"]})))')" \
	"archive-redirect host-redirect site-search wayback"
ok "a PDF by its bytes, on the host the site's root moved to" grep -qF \
	"the site's root redirects permanently to sourceforge.net, where the Web Archive has a page of the same name, https://sourceforge.net/projects/tomoyo/files/docs/lca2009-takeda.pdf (captured 20230101000000); https://sourceforge.net/projects/tomoyo/files/docs/lca2009-takeda.pdf answers 200 now, the same bytes as the capture 20150101000000 of the old page" <<< "$(ev https://osdn.jp/projects/tomoyo/docs/lca2009-takeda.pdf)"
ok "a page of the same name elsewhere on the site" grep -qF \
	"the Web Archive has a page of the same name elsewhere on docs.linkmend-web.org, http://docs.linkmend-web.org/manual/v2/setup-guide.html (captured 20200101000000); http://docs.linkmend-web.org/manual/v2/setup-guide.html answers 200 now, titled \"Setup guide\"" <<< "$(ev http://docs.linkmend-web.org/old/setup-guide.html)"
ev https://osdn.jp/projects/tomoyo/docs/lca2009-takeda.pdf > "$SCRATCH/succ.osdn"
ok "a candidate that does not answer is no suggestion" \
	bash -c "! grep -q 'suggestion: https://sourceforge.net/projects/tomoyo/docs/' '$SCRATCH/succ.osdn'"
# The archive's share: per page one CDX look-up (its copies and the
# redirects it saw, in one), a replay of each link's copy (9) and of each
# captured redirect (6), the old page's title read from the copy already
# replayed; one search of the captures of each host searched (2); nothing
# asked twice.
same "15 replays of captures for 9 dead links, 6 of them redirects" \
	"$(grep -c ' web.archive.org .* /web/[0-9]*id_/' "$state/requests.log")" "15"
same "two searches of a host's captures by name" \
	"$(grep -c ' web.archive.org .*/cdx/search/cdx?url=http%3A%2F%2F[a-z.-]*%2F&matchType=host&.*urlkey' "$state/requests.log")" "2"
same "no request to the archive made twice" \
	"$(awk '$2 == "web.archive.org" { print $6 }' "$state/requests.log" | sort | uniq -d | wc -l)" "0"
# A capture is fixed: a re-run replays none of the copies again (issue 47).
cp "$state/requests.log" "$SCRATCH/succ.requests"
: > "$state/requests.log"
(cd "$M" && run "${RESOLVE[@]}" --format=json) > "$SCRATCH/succ2.json" 2> "$SCRATCH/succ2.err"
same "a re-run replays no capture again (the first replayed 15)" \
	"$(grep -c ' web.archive.org .* /web/[0-9]*id_/' "$state/requests.log")" "0"
ok "and says how many it knew" grep -q "^resolve: 15 capture replays known from an earlier run, not asked again$" "$SCRATCH/succ2.err"
same "and decides the same" "$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])) == json.load(open(sys.argv[2])))' "$SCRATCH/succ.json" "$SCRATCH/succ2.json")" "True"
# A host's answers for its root and a random path are reused within 3
# days (issue 47), asked again after.
roots() { awk '$2 != "web.archive.org" && $6 == "/"' "$1" | wc -l; }
probes() { grep -c 'linkmend-probe-' "$1"; }
ok "the first run asked hosts' roots and random paths (the setup works)" \
	test "$(roots "$SCRATCH/succ.requests")" -gt 0 -a "$(probes "$SCRATCH/succ.requests")" -gt 0
same "a re-run asks no host's root or random path again" \
	"$(roots "$state/requests.log") $(probes "$state/requests.log")" "0 0"
ok "and says how many answers it knew" grep -q "^resolve: $(($(roots "$SCRATCH/succ.requests") + $(probes "$SCRATCH/succ.requests"))) host answers (a root, a random path) known from an earlier run of the last 3 days, not asked again$" "$SCRATCH/succ2.err"
: > "$state/requests.log"
(cd "$M" && LINKMEND_NOW=$(($(date +%s) + 4 * 86400)) run "${RESOLVE[@]}" --format=json) > "$SCRATCH/succ3.json" 2> "$SCRATCH/succ3.err"
same "4 days later it asks them again" \
	"$(roots "$state/requests.log") $(probes "$state/requests.log")" \
	"$(roots "$SCRATCH/succ.requests") $(probes "$SCRATCH/succ.requests")"
# The series says how its moved links were found, by their evidence.
(cd "$M" && "$LINKMEND" series -q -o "$SCRATCH/succ-series" \
	--from "Link Mender <mender@linkmend-web.org>") > /dev/null 2> "$SCRATCH/succ-series.err"
cat "$SCRATCH"/succ-series/*.patch 2> /dev/null | tr -s ' \n' '  ' > "$SCRATCH/succ-series.txt"
ok "the series patches the two successors (the setup works)" \
	grep -q "git.linuxtv.org/media.git/.*linuxfoundation.org/lab_activities\|linuxfoundation.org/lab_activities.*git.linuxtv.org/media.git/" "$SCRATCH/succ-series.txt"
ok "its cover says the Web Archive's redirect was followed, and checked" grep -qF \
	"Where the Web Archive captured a dead link's permanent redirect, the link follows it to a live page that is not a home page and has the title (or the bytes) of the old page's last good capture." "$SCRATCH/succ-series.txt"
ok "and that the host moved" grep -qF \
	"Where a dead link's site root now redirects permanently to another host, the link is the same path there" "$SCRATCH/succ-series.txt"
ok "and that a page of the same name was found on the site" grep -qF \
	"Where the Web Archive has a page of the same name elsewhere on a dead link's site, the link is that page" "$SCRATCH/succ-series.txt"
ok "not that live redirects were followed (none were)" bash -c "! grep -qF 'Moved links follow permanent redirects' '$SCRATCH/succ-series.txt'"

# What the tree and the site's other links know, and a text alike though
# titled otherwise (issue 45; tests/web/cases/successor-siblings.scn).
SC=$WEB/cases/successor-siblings.scn
state=$("$WEB/up" "$SC" "$NAME") || { echo "not ok - tests/web/up failed"; exit 0; }
K=$SCRATCH/siblings
mkdir -p "$K/net" "$K/mm" "$K/doc"
sed -n 's/^expect //p' "$SC" > "$SCRATCH/sib.expect"
# Two subsystems, two patches: a cover letter says how links were found.
{ echo '/*'; grep 'tree-knows$' "$SCRATCH/sib.expect" | cut -f1 | sed 's/^/ * /'; echo ' */'; } > "$K/net/links.c"
{ echo '/*'; grep -v 'tree-knows$' "$SCRATCH/sib.expect" | cut -f1 | sed 's/^/ * /'; echo ' */'; } > "$K/mm/links.c"
{ echo '/*'; sed -n 's/^# in the tree: / * /p' "$SC"; echo ' */'; } > "$K/doc/more.c"
(cd "$K" && git init -q . && git add -A &&
	GIT_AUTHOR_DATE=2017-01-01T12:00:00Z GIT_COMMITTER_DATE=2017-01-01T12:00:00Z \
	git -c user.email=dev@linkmend-web.org -c user.name=dev commit -qm links &&
	"$LINKMEND" scan -q . > /dev/null &&
	run "$LINKMEND" check -q --confirm 1 "${NET[@]}" > /dev/null 2>&1)
: > "$state/requests.log"
(cd "$K" && run "${RESOLVE[@]}" --format=json) > "$SCRATCH/sib.json" 2> "$SCRATCH/sib.err"
same "resolve exits 0 (the tree and the site's pattern)" "$?" "0"
same_resolutions "$SCRATCH/sib.json" "$SCRATCH/sib.expect"
sev() { evidence_of "$SCRATCH/sib.json" "$1"; }
ok "a typo'd host: the tree links the same page, one letter off" grep -qF \
	"the tree links the same page at http://www.unicode.org/reports/tr15/ (doc/more.c:2), on www.unicode.org, one letter off the dead host www.uniicode.org; http://www.unicode.org/reports/tr15/ answers 200 now, titled \"UAX 15: Unicode Normalization Forms\" as the capture 20120101000000 of the old page was" <<< "$(sev http://www.uniicode.org/reports/tr15/)"
ok "a typo'd host with no capture to compare: a suggestion, and a typo's guess" grep -qF \
	"suggestion: http://www.unicode.org/reports/tr29/ (the tree links www.unicode.org, one letter off the dead host www.unicoode.org; the same path there; no capture of the old page to compare with)" <<< "$(sev http://www.unicoode.org/reports/tr29/)"
ok "a typo'd host whose page was captured: its title matched" grep -qF \
	"the tree links www.unicode.org, one letter off the dead host www.uniicode.org; the same path there; http://www.unicode.org/reports/tr44/ answers 200 now, titled \"UAX 44: Unicode Character Database\" as the capture 20120101000000 of the old page was" <<< "$(sev http://www.uniicode.org/reports/tr44/)"
ok "the project on its new host, which the tree links" grep -qF \
	"the tree links the project \"nbd\" on github.com too, at https://github.com/NetworkBlockDevice/nbd/blob/master/doc/proto.md (doc/more.c:" <<< "$(sev http://nbd.sourceforge.net/)"
ok "the same document linked elsewhere in the tree, by its title" grep -qF \
	"the tree links https://wiki.linuxfoundation.org/networking/napi (doc/more.c:" <<< "$(sev http://www.linuxfoundation.org/collaborate/workgroups/networking/napi)"
ok "the site's pattern names the sibling moves that taught it" grep -qF \
	"2 other links of www.ibm.com moved the same way, as http://www.ibm.com/developerworks/linux/library/l-kprobes.html to https://developer.ibm.com/articles/l-kprobes/ and http://www.ibm.com/developerworks/linux/library/l-rcu.html to https://developer.ibm.com/articles/l-rcu/; https://developer.ibm.com/articles/l-linux-kernel/ answers 200 now, titled \"Anatomy of the Linux kernel\"" <<< "$(sev http://www.ibm.com/developerworks/linux/library/l-linux-kernel.html)"
ok "a pattern's page titled otherwise is a suggestion" grep -qF \
	"suggestion: https://developer.ibm.com/articles/l-scheduler/ (2 other links of www.ibm.com moved the same way" <<< "$(sev http://www.ibm.com/developerworks/linux/library/l-scheduler.html)"
ok "a pattern's page that is a home page, titled as the old page, is refused" grep -qF \
	"suggestion: https://developer.ibm.com/ (2 other links of www.ibm.com moved the same way, as http://www.ibm.com/developerworks/linux/library/l-kprobes.html to https://developer.ibm.com/articles/l-kprobes/ and http://www.ibm.com/developerworks/linux/library/l-rcu.html to https://developer.ibm.com/articles/l-rcu/; https://developer.ibm.com/ is a home page, no deeper page's successor)" <<< "$(sev http://www.ibm.com/developerworks/linux/library/l-overview.html)"
ok "a text alike, titled otherwise, is the page (the measured threshold)" grep -qE \
	"https://wireless.wiki.kernel.org/en/users/drivers/iwlwifi answers 200 now, its visible text 0\.[0-9]+ alike to the capture 20120101000000 of the old page's \(shingled words; 0\.62 needed\)" <<< "$(sev http://linuxwireless.org/en/users/Drivers/iwlwifi)"
ok "another text, titled otherwise, is a suggestion that says how alike" grep -qE \
	"suggestion: https://wireless.wiki.kernel.org/en/users/drivers/ath5k \(.*its title \"en:users:drivers:ath5k \[Linux Wireless\]\" is not the old page's \"en/users/Drivers/ath5k - Linux Wireless\", and its text is 0\.[0-9]+ alike to the old page's \(0\.62 needed\)\)" <<< "$(sev http://linuxwireless.org/en/users/Drivers/ath5k)"
same "the store tags each resolution with its evidence (report --format json)" \
	"$(cd "$K" && "$LINKMEND" report --format json | python3 -c 'import json, sys
r = json.load(sys.stdin)
def occs(x):
    if isinstance(x, dict):
        if "resolution" in x and "href" in x:
            yield x
        for v in x.values():
            yield from occs(v)
    elif isinstance(x, list):
        for v in x:
            yield from occs(v)
print(" ".join(sorted({o["resolution"]["via"] for o in occs(r) if o["resolution"]})))')" \
	"archive-host-redirect archive-redirect site-pattern tree-knows typo wayback"
ok "a gone host's root last captured redirecting: the same path there" grep -qF \
	"the Web Archive's last capture of the dead host's root https://www.oldforge.linkmend-web.org/ (2016-01-01, capture 20160101000000) redirects permanently (301) to https://forge.linkmend-web.org/; the same path there; https://forge.linkmend-web.org/projects/frobnicator/manual.html answers 200 now, titled \"Frobnicator manual\" as the capture 20120101000000 of the old page was" <<< "$(sev http://www.oldforge.linkmend-web.org/projects/frobnicator/manual.html)"
ok "or the page of the same name the archive has on that host" grep -qF \
	"the Web Archive's last capture of the dead host's root http://docs.oldvendor.linkmend-web.org/ (2017-06-01, capture 20170601000000) redirects permanently (301) to https://support.newvendor.linkmend-web.org/, where the Web Archive has a page of the same name, https://support.newvendor.linkmend-web.org/downloads/xr1200-datasheet.html (captured 20200101000000); https://support.newvendor.linkmend-web.org/downloads/xr1200-datasheet.html answers 200 now" <<< "$(sev http://docs.oldvendor.linkmend-web.org/pub/xr1200-datasheet.html)"
ok "a gone host's new host's home page, titled as the old page, is refused" grep -qF \
	"suggestion: https://www.buyer.linkmend-web.org/ (the Web Archive's last capture of the dead host's root http://www.acquired.linkmend-web.org/ (2018-01-01, capture 20180101000000) redirects permanently (301) to https://www.buyer.linkmend-web.org/; the same path there; https://www.buyer.linkmend-web.org/ is a home page, no deeper page's successor)" <<< "$(sev http://www.acquired.linkmend-web.org/products/widget-9.html)"
ok "and so is its catch-all's landing, titled as the old page" grep -qF \
	"redirects permanently (301) to https://newproject.linkmend-web.org/; the same path there; a random path of its host redirects there too)" <<< "$(sev http://wiki.oldproject.linkmend-web.org/HowToBuild)"
ok "a root that served its pages again after its redirect is no move" \
	bash -c '! grep -qF elsewhere.linkmend-web.org' <<< "$(sev http://www.backagain.linkmend-web.org/notes/tuning-guide.html)"
# The archive's share: a look-up of each dead page (grouped by host), a
# first capture of each host's home page, a replay of each link's copy
# and of each redirect captured; the old page's copy already replayed
# is not asked again; nothing asked twice.  A gone host's root is
# looked up with its pages, in one CDX query, which says its first
# capture too; one replay of the redirect its captures end with (4, the
# https root's where both were captured) for a site whose dead links
# have a copy to compare and no redirect the archive saw.
same "no request to the archive made twice" \
	"$(awk '$2 == "web.archive.org" { print $6 }' "$state/requests.log" | sort | uniq -d | wc -l)" "0"
same "a gone host's root asked with its page: one CDX query a host, no first capture asked" \
	"$(for h in oldforge oldvendor acquired oldproject backagain; do
		grep -c " web.archive.org .*/cdx/search/cdx?url=https\?%3A%2F%2F[a-z.]*$h\." "$state/requests.log"; done | tr '\n' ' ')" \
	"1 1 1 1 1 "
ok "the root's key in that query" grep -qF \
	"%5E%28org%5C%2Clinkmend%5C-web%5C%2Coldforge%5C%29%5C%2F%7C" "$state/requests.log"
same "one replay of the redirect a gone host's root ended with, a site, https first (and nbd's own copy)" \
	"$(grep -oE ' web.archive.org .* /web/[0-9]+id_/https?://[a-z0-9.-]+/ ' "$state/requests.log" |
		sed -E 's|.*/web/[0-9]+id_/||; s| $||' | sort | tr '\n' ' ')" \
	"http://docs.oldvendor.linkmend-web.org/ http://nbd.sourceforge.net/ http://wiki.oldproject.linkmend-web.org/ http://www.acquired.linkmend-web.org/ https://www.oldforge.linkmend-web.org/ "
# The series says how its moved links were found.
(cd "$K" && "$LINKMEND" series -q -o "$SCRATCH/sib-series" \
	--from "Link Mender <mender@linkmend-web.org>") > /dev/null 2> "$SCRATCH/sib-series.err"
cat "$SCRATCH"/sib-series/*.patch 2> /dev/null | tr -s ' \n' '  ' > "$SCRATCH/sib-series.txt"
ok "its cover says the tree knew where some links went" grep -qF \
	"Where the tree itself links a dead link's page elsewhere" "$SCRATCH/sib-series.txt"
ok "and that a site's pattern placed others" grep -qF \
	"Where two or more of a site's links moved the same way" "$SCRATCH/sib-series.txt"
ok "and that a gone host's root last redirected to another host" grep -qF \
	"Where a dead link's host is gone and the Web Archive's last capture of its root redirects permanently to another host, the link is the same path there" "$SCRATCH/sib-series.txt"
