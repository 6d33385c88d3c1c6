#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# fix and series on a fixture git tree with a small MAINTAINERS: the series
# applies with git am, every patch passes the kernel's checkpatch.pl
# (Debian's linux-source-6.1) with no error and no warning, verify passes
# on the result, fix gives the same tree, and a second fix changes nothing.
. "$(dirname "$0")/../lib/sh.sh"
if [ "$(id -u)" -ne 0 ] || ! command -v dnsmasq > /dev/null; then
	echo "not ok - the test web needs root and dnsmasq (make check installs it)"
	exit 0
fi
KTREE=$("$TESTS/kernel/tree.sh" 2> /dev/null) || { echo "not ok - no linux-source-6.1 tree for checkpatch.pl"; exit 0; }
WEB=$TESTS/web
NAME=lm-series-$$
trap '"$WEB/down" "$NAME"; [ -n "${KEEP:-}" ] || rm -rf "$SCRATCH"' EXIT
state=$("$WEB/up" "$WEB/cases/series.scn" "$NAME") || { echo "not ok - tests/web/up failed"; exit 0; }
run() { "$WEB/exec" -n "$NAME" "$@"; }
NET=(--cacert "$state/ca.crt" --allow-private --timeout 2)
export LINKMEND_NOW=1700000000

T=$SCRATCH/repo
mkdir -p "$T/drivers/foo" "$T/drivers/bar" "$T/drivers/qux" "$T/drivers/quux" "$T/Documentation" "$T/arch/baz"
cd "$T" || exit 1
git init -q .
git config user.email dev@linkmend-web.org
git config user.name "A Developer"
# Who takes a patch no maintainer does, as the kernel's own text says.
mkdir -p Documentation/process
cat > Documentation/process/submitting-patches.rst <<'R'
Select the recipients for your patch
------------------------------------

If you cannot find a
maintainer for the subsystem you are working on, Andrew Morton
(akpm@linux-foundation.org) serves as a maintainer of last resort.
R
cat > MAINTAINERS <<'M'
List of maintainers

Descriptions of section entries and preferred order
	M: *Mail* patches to: FullName <address@domain>

Maintainers List
----------------

DRIVERS CORE
M:	Core Maintainer <core@linkmend-web.org>
L:	core-list@lists.linkmend-web.org
S:	Maintained
T:	git git://git.linkmend-web.org/pub/scm/core/drivers.git
F:	drivers/

FOO DRIVER
M:	Foo Maintainer <foo@linkmend-web.org>
L:	foo-devel@lists.linkmend-web.org (moderated for non-subscribers)
L:	foo-subs@lists.linkmend-web.org (subscribers-only)
S:	Maintained
T:	git git://git.linkmend-web.org/pub/scm/foo/foo.git
F:	drivers/foo/

BAR DRIVERS (NETWORK)
M:	Bar Maintainer <bar@linkmend-web.org>
R:	Bar Reviewer <rev@linkmend-web.org>
L:	netdev@vger.kernel.org
S:	Maintained
T:	git git://git.kernel.org/pub/scm/linux/kernel/git/netdev/net.git
T:	git git://git.kernel.org/pub/scm/linux/kernel/git/netdev/net-next.git
F:	drivers/bar/
F:	Documentation/bar.rst

QUUX DRIVER
M:	Quux Maintainer <quux@linkmend-web.org>
S:	Maintained
F:	drivers/quux/

QUX DRIVER
M:	Qux Minder <qux@linkmend-web.org>
S:	Obsolete
F:	drivers/qux/

SPEC WATCHERS
M:	Spec Watcher <spec@linkmend-web.org>
S:	Maintained
K:	docs\.foo-vendor\.org

LIST WATCHERS
M:	List Watcher <watcher@linkmend-web.org>
S:	Maintained
K:	foo-devel@

THE REST
M:	Linus Torvalds <torvalds@linux-foundation.org>
L:	linux-kernel@vger.kernel.org
S:	Buried alive in reporters
F:	*
F:	*/
M
cat > drivers/foo/foo.c <<'C'
// SPDX-License-Identifier: GPL-2.0
/*
 * FAQ: http://www.bar-chips.org/faq.html
 * The foo driver.  Manual: http://www.foo-vendor.org/docs/old.html
 * Spec at http://www.foo-vendor.org/pdf/spec.pdf.
 */
static int foo;
C
# A file of the same section whose one link moved: a patch of its own,
# beside foo.c's, whose links moved and died.
cat > drivers/foo/foo.h <<'C'
/* SPDX-License-Identifier: GPL-2.0 */
/* Registers: http://www.foo-vendor.org/docs/old.html */
C
cat > drivers/qux/qux.c <<'C'
// SPDX-License-Identifier: GPL-2.0
/* The qux driver.  Manual: http://www.foo-vendor.org/docs/old.html */
C
# A section with no T: of its own, under one that has: the parent's tree.
cat > drivers/quux/quux.c <<'C'
// SPDX-License-Identifier: GPL-2.0
/* The quux driver.  Datasheet: http://www.foo-vendor.org/docs/old.html */
C
cat > drivers/bar/bar.c <<'C'
// SPDX-License-Identifier: GPL-2.0
/*
 * Datasheet: http://www.bar-chips.org/datasheet.pdf
 * Rev 2: http://www.bar-chips.org/wrapped/long/path/
 *        datasheet-rev2.pdf
 * Still there: http://www.bar-chips.org/alive.html
 */
static int bar(void)
{
	return 0;
}
C
# A long comment without " * " leaders, as via-rhine.c's: a patch read
# alone (checkpatch.pl --no-tree) must show where the comment begins,
# or its lines read as code ("spaces required around that ':'").
{
	echo '// SPDX-License-Identifier: GPL-2.0'
	echo '/*'
	echo 'bar-notes.c: the Bar chip, as the driver sees it.'
	for i in 1 2 3 4 5 6 7 8; do echo "Note $i: the ring is read: one slot at a time."; done
	echo ''
	echo 'References: http://www.bar-chips.org/datasheet.pdf'
	echo ''
	for i in 1 2 3 4 5 6 7 8 9; do echo "Errata $i: the chip: not reliable."; done
	echo '*/'
	echo 'static int bar_notes;'
} > drivers/bar/bar-notes.c
cat > drivers/bar/bar.yaml <<'Y'
# SPDX-License-Identifier: (GPL-2.0-only OR BSD-2-Clause)
%YAML 1.2
---
title: Bar chips

maintainers:
  - Yaml Person <yaml@linkmend-web.org>

description: |
  Datasheet: http://www.bar-chips.org/datasheet.pdf
Y
cat > .mailmap <<'A'
Bar Reviewer <reviewer@linkmend-web.org> <rev@linkmend-web.org>
A
cat > drivers/bar/Kconfig <<'K'
# SPDX-License-Identifier: GPL-2.0
config BAR
	tristate "Bar chips"
	help
	  Support for Bar chips, see
	  <http://www.bar-chips.org/kconfig.html>.
K
cat > Documentation/bar.rst <<'R'
.. SPDX-License-Identifier: GPL-2.0

Bar
===

See `Bar <http://www.bar-chips.org/rst.html>`_.
R
cat > arch/baz/entry.S <<'S'
/* SPDX-License-Identifier: GPL-2.0 */
	nop	@ see http://www.bar-chips.org/asm.html
S
commit() {	# commit MESSAGE PATH...: on 2006-06-01
	local msg=$1
	shift
	git add "$@"
	GIT_AUTHOR_DATE=2006-06-01T12:00:00Z GIT_COMMITTER_DATE=2006-06-01T12:00:00Z \
		git commit -qm "$msg"
}
commit "MAINTAINERS: start" MAINTAINERS .mailmap
commit "foo: add the foo driver" drivers/foo drivers/qux drivers/quux
commit "bar: add the bar driver" drivers/bar Documentation
commit "baz: add the entry code" arch
base=$(git rev-parse HEAD)

"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q --confirm 1 "${NET[@]}" > /dev/null 2>&1
run "$LINKMEND" resolve -q --confirm 1 "${NET[@]}" --archive-spacing 0 > "$SCRATCH/resolved" 2>&1
same "eight replacements resolved" "$(grep -cv '	unresolved	' "$SCRATCH/resolved")" "8"
# By default only what a maintainer takes without asking: moved links.
"$LINKMEND" series -o "$SCRATCH/default" --signoff --from "Link Mender <mender@linkmend-web.org>" 2> /dev/null
same "by default the series has no archived patch" "$(cd "$SCRATCH/default" && ls */ | tr '\n' ' ')" \
	"core-drivers/: 0001-foo-update-moved-datasheet-link-in-quux.c.patch  foo-foo/: 0001-foo-update-moved-web-links.patch "
"$LINKMEND" series -o "$SCRATCH/out" --archived --signoff --from "Link Mender <mender@linkmend-web.org>" 2> "$SCRATCH/series.err"
same "series exits 0" "$?" "0"
O=$SCRATCH/out
# Every edit the plan held is listed with whose text it is (issue 44).
ok "OWNERS.tsv lists foo.c's manual link as the project's prose, patched" \
	grep -qP '^drivers/foo/foo.c\t4\tpatched\tprose\t-\thttp://www.foo-vendor.org/docs/old.html\tthe project.s own text' "$O/OWNERS.tsv"
# bench/same-series.sh, which compares the kernel e2e's series before and
# after a refactor: the same store's series, made again three days later,
# is the same but for dates and ids; one byte more is a difference.
if command -v faketime > /dev/null; then
	# faketime is an LD_PRELOAD library, which ASan (in the sanitizer
	# build) refuses to follow unless told not to check the order.
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0 \
		faketime -f +3d "$LINKMEND" series -o "$SCRATCH/again" \
		--archived --signoff \
		--from "Link Mender <mender@linkmend-web.org>" \
		2> "$SCRATCH/again.err" ||
		sed 's/^/# /' "$SCRATCH/again.err"
	ok "(three days later, the series's dates differ)" \
		bash -c "! diff -r -q '$O' '$SCRATCH/again' > /dev/null"
	"$TESTS/../bench/same-series.sh" -q "$O" "$SCRATCH/again" > "$SCRATCH/same.out"
	same "same-series: the same store's series three days apart are the same but for dates and ids" \
		"$?" "0"
	cp -r "$SCRATCH/again" "$SCRATCH/changed"
	f=$(cd "$SCRATCH/changed" && ls foo-foo/0002-*.patch)
	# One byte more in the patch's first added line.
	awk '!done && /^\+[^+]/ { $0 = $0 " "; done = 1 } 1' "$SCRATCH/again/$f" \
		> "$SCRATCH/changed/$f"
	"$TESTS/../bench/same-series.sh" -q "$O" "$SCRATCH/changed" > "$SCRATCH/same.out"
	same "same-series: a patch with one byte more differs, and is named" \
		"$?:$(grep '^differs: ' "$SCRATCH/same.out")" "1:differs: $f"
else
	skip "same-series compares two series" "faketime is not installed (make check installs it)"
fi
same "one series per tree (MAINTAINERS T:, a parent's where the section has none), files without one last" \
	"$(grep -v '^#' "$O/INDEX" | tr '\t\n' ' |')" \
	"core-drivers 1 git git://git.linkmend-web.org/pub/scm/core/drivers.git|foo-foo 2 git git://git.linkmend-web.org/pub/scm/foo/foo.git|netdev-net-next 1 git git://git.kernel.org/pub/scm/linux/kernel/git/netdev/net-next.git|no-tree 1 -|"
same "--archived: a file's dead links in the patch of its moved ones, a file of one kind alone; one patch is a [PATCH] alone" \
	"$(cd "$O" && ls */ | tr '\n' ' ')" \
	"core-drivers/: 0001-foo-update-moved-datasheet-link-in-quux.c.patch  foo-foo/: 0000-cover-letter.patch 0001-foo-update-moved-web-link.patch 0002-foo-update-moved-and-dead-web-links.patch  netdev-net-next/: 0001-bar-replace-dead-web-links-with-archived-copies.patch  no-tree/: 0001-baz-replace-dead-web-link-with-archived-copy-in-entr.patch "
# Each file in one patch of its series: moved and dead links of foo.c once
# went in two patches of one series.
same "no file is in two patches of one series" \
	"$(for d in "$O"/*/; do grep -h '^+++ b/' "$d"/000[1-9]*.patch | sort | uniq -d; done | wc -l)" "0"
# A place the prefix already names (foo: ... in foo.c) is not repeated.
same "subjects: the area's prefix, what (a datasheet's link, by its line) and where, the tree's tag, numbered in a series" \
	"$(cd "$O" && for f in */*.patch; do sed -n '/^Subject:/{N;s/\n / /;s/\nTo:.*//;s/\nCc:.*//;s/\n.*//;p}' "$f"; done | tr '\n' '|')" \
	"Subject: [PATCH] foo: update moved datasheet link in quux.c|Subject: [PATCH 0/2] foo: update moved and dead web links|Subject: [PATCH 1/2] foo: update moved web link|Subject: [PATCH 2/2] foo: update moved and dead web links|Subject: [PATCH net-next] bar: replace dead web links with archived copies|Subject: [PATCH] baz: replace dead web link with archived copy in entry.S|"
# A cover says what its series does: its one mixed patch may say the same.
same "no two patches' subjects alike" "$(grep -h '^Subject:' "$O"/*/000[1-9]*.patch | sed 's/\[[^]]*\] //' | sort | uniq -d | wc -l)" "0"
ok "an Obsolete section gets no patch, and series says so" \
	grep -q "^series: 1 patch not written: no one maintains its section (Orphan or Obsolete): QUX DRIVER (moved)$" "$SCRATCH/series.err"
ok "no patch touches the Obsolete section's files" bash -c "! grep -q 'drivers/qux' '$O'/*/0*.patch"
F1=$O/foo-foo/0002-foo-update-moved-and-dead-web-links.patch
F2=$O/foo-foo/0001-foo-update-moved-web-link.patch
B=$O/netdev-net-next/0001-bar-replace-dead-web-links-with-archived-copies.patch
Z=$O/no-tree/0001-baz-replace-dead-web-link-with-archived-copy-in-entr.patch
hdr() { sed -n '/^$/q;/^\(To\|Cc\): /p' "$1" | tr '\n' '|'; }
# To: the most specific section's maintainers; a parent's (DRIVERS CORE)
# and a K: keyword's (LIST WATCHERS) Cc, as people send by hand.
same "the file's own section's maintainers To; a parent's, a keyword's and the lists Cc" "$(hdr "$F2")" \
	"To: Foo Maintainer <foo@linkmend-web.org>|Cc: Core Maintainer <core@linkmend-web.org>|Cc: foo-devel@lists.linkmend-web.org|Cc: core-list@lists.linkmend-web.org|Cc: linux-kernel@vger.kernel.org|Cc: List Watcher <watcher@linkmend-web.org>|"
same "a K: keyword the patch holds adds its section" "$(hdr "$F1" | tr '|' '\n' | grep -c 'Spec Watcher')" "1"
same "so does one its own Cc: line holds (get_maintainer.pl reads the header)" \
	"$(hdr "$F1" | tr '|' '\n' | grep -c 'List Watcher')" "1"
same "reviewers are Cc, by the address .mailmap gives" \
	"$(hdr "$B" | tr '|' '\n' | grep '^Cc: Bar Reviewer')" "Cc: Bar Reviewer <reviewer@linkmend-web.org>"
same "the maintainer of a section whose name has brackets is To, whole" \
	"$(hdr "$B" | tr '|' '\n' | grep 'Bar Maintainer')" "To: Bar Maintainer <bar@linkmend-web.org>"
same "a .yaml file's own maintainers are Cc" "$(hdr "$B" | tr '|' '\n' | grep -c '^Cc: Yaml Person <yaml@linkmend-web.org>$')" "1"
ok "a subscribers-only list is left out" bash -c "! grep -q 'foo-subs@' '$O'/*/0*.patch"
same "a patch no maintainer takes goes To the maintainer of last resort the tree names, its list Cc" \
	"$(hdr "$Z")" "To: Andrew Morton <akpm@linux-foundation.org>|Cc: linux-kernel@vger.kernel.org|"
same "the cover letter goes to all its patches' recipients" \
	"$(hdr "$O/foo-foo/0000-cover-letter.patch" | tr '|' '\n' | sort | tr '\n' '|')" \
	"$( (hdr "$F1"; hdr "$F2") | tr '|' '\n' | grep . | sort -u | tr '\n' '|')"
msg_of() {	# msg_of PATCH: its commit message, header and "---" cut off
	awk '!b && /^$/ {b = 1; next} b && /^---$/ {exit} b' "$1"
}
# "path:line: OLD -> NEW" where that fits in 75 columns, else
# "path:line: OLD" and "path:line: -> NEW" for a file in a folder, or
# "path:line:" with OLD and "-> NEW" on lines of their own: each link as
# one line.
links_of() {
	msg_of "$1" | awk '/^[^ ]+:[0-9]+:$/ { p = $0; getline o; getline n
		sub(/^  /, "", o); sub(/^  /, "", n); print p " " o " " n; next }
		/^[^ ]*\/[^ ]*:[0-9]+: [a-z]+:\/\/[^ ]+$/ { p = $1; o = $2
		if ((getline n) > 0 && index(n, p " -> ") == 1) {
			print p " " o " " substr(n, length(p) + 2); next }
		print; print n; next } 1'
}
ok "past 75 columns, the commit message gives old and -> new each after its place" \
	bash -c "tr '\n' ' ' < '$B' | grep -q ' drivers/bar/bar.c:3: http://www.bar-chips.org/datasheet.pdf drivers/bar/bar.c:3: -> https://web.archive.org/web/[0-9]*/http://www.bar-chips.org/datasheet.pdf '"
ok "and checkpatch.pl has no COMMIT_LOG_LONG_LINE for it" \
	bash -c "! perl '$KTREE/scripts/checkpatch.pl' --no-tree --terse --show-types '$B' 2>&1 | grep -q COMMIT_LOG_LONG_LINE"
# The part between "---" and the diffstat, continuation lines joined.
sed -n '/^---$/,/^$/p' "$B" | sed -e ':a' -e 'N' -e '$!ba' -e 's/\n    / /g' > "$SCRATCH/b.evidence"
ok "its evidence is below the '---' line, one entry a link" \
	grep -q '^drivers/bar/bar.c:3: archived: gone (HTTP 404); 1 check 2023-11-14..2023-11-14, 1 failing counted;' "$SCRATCH/b.evidence"
ok "wrapped at 75 columns" bash -c "! sed -n '/^---\$/,/^\$/p' '$B' | awk 'length > 75' | grep -q ."
ok "and not in the commit message" bash -c "! awk '!b && /^\$/ {b = 1; next} b && /^---\$/ {exit} b' '$B' | grep -q 'archived: gone'"
same "no message line over 75 columns but a URL alone (after its arrow or its place)" \
	"$(for f in "$O"/*/0*.patch; do msg_of "$f"; done |
		awk 'length > 75' | grep -Evc '^(  |[^ ]*/[^ ]*:[0-9]+: )(-> )?[a-z]+://[^ ]+$')" "0"
ok "no path is rewritten for a linter (no ./, no _ for ,)" bash -c "! grep -q '^\./\|^[^ ]*_[^ ]*:[0-9]*:' '$O'/*/0*.patch"
ok "and a sign-off" grep -q "^Signed-off-by: Link Mender <mender@linkmend-web.org>" "$F1"
# Every claim from the evidence: one check on one day, dates from one commit.
tr '\n' ' ' < "$B" > "$SCRATCH/b.flat"
tr '\n' ' ' < "$O/foo-foo/0000-cover-letter.patch" > "$SCRATCH/cover.flat"
ok "the message says how many checks failed, and when" grep -q "These web links are dead: each failed the one check made, on 2023-11-14\." "$SCRATCH/b.flat"
ok "one link is 'this link', not 'these'" grep -q "^This web link is dead: it failed the one check made, on 2023-11-14\." "$F1"
# A patch of two kinds says which link is which: each kind's why, then
# its own links.
same "a mixed patch gives each kind's why above its own links" \
	"$(links_of "$F1" | grep -o '^These web links moved\|^This web link is dead\|^drivers/foo/foo.c:[0-9]*: [^ ]* -> https://[a-z.-]*/' | tr '\n' '|')" \
	"These web links moved|drivers/foo/foo.c:4: http://www.foo-vendor.org/docs/old.html -> https://www.foo-vendor.org/|drivers/foo/foo.c:5: http://www.foo-vendor.org/pdf/spec.pdf -> https://docs.foo-vendor.org/|This web link is dead|drivers/foo/foo.c:3: http://www.bar-chips.org/faq.html -> https://web.archive.org/|"
# The dead link is above the moved ones in foo.c: its evidence, below
# the "---" line, is where the message lists it, after theirs.
same "the evidence below '---' is in the message's order" \
	"$(sed -n '/^---$/,/^$/p' "$F1" | grep -o '^drivers/foo/foo.c:[0-9]*:' | tr '\n' ' ')" \
	"$(msg_of "$F1" | grep -v ': -> ' | grep -o '^drivers/foo/foo.c:[0-9]*:' | tr '\n' ' ')"
ok "it claims no repeated checks that were not made" bash -c "! grep -qi 'repeated checks' '$SCRATCH/b.flat' '$SCRATCH/cover.flat'"
# The fixture's commits are its own: no one upstream can look them up.
ok "it says one commit dated the lines, not naming a local one" grep -q "nearest the commit that brought its line into this tree's history (one commit, for all of them)" "$SCRATCH/b.flat"
same "no message, evidence or cover names a local commit but its base-commit" \
	"$(grep -v '^base-commit: \|^From [0-9a-f]\{40\} \|^index [0-9a-f]' "$O"/*/0*.patch | grep -cP '\b(?=[0-9]*[a-f])[0-9a-f]{12,40}\b')" "0"
ok "the cover letter's account is the evidence's" grep -q "The dead link archived here failed the one check made, on 2023-11-14" "$SCRATCH/cover.flat"
ok "and says only comments and documentation change" grep -q "Only comments and documentation change\." "$SCRATCH/cover.flat"
ok "the work tree is untouched by series" git diff --quiet
# The e2e's own reader of claims (tests/kernel/claims.py, none of
# linkmend's code) finds every claim true, and a doctored one false.
python3 "$TESTS/kernel/claims.py" --tree "$T" "$O"/*/*.patch > "$SCRATCH/claims"
ok "claims.py reads claims in the series" grep -q "^claims_checked: [1-9]" "$SCRATCH/claims"
same "no claim of the series contradicts its evidence" "$(sed -n 's/^claims_contradicted: //p' "$SCRATCH/claims")" "0"
mkdir -p "$SCRATCH/doctored"
cp -r "$O"/* "$SCRATCH/doctored/"
sed -i -z 's/1 check\(\s*\)2023-11-14\.\.2023-11-14/2 checks\12023-11-11..2023-11-14/' "$SCRATCH/doctored/netdev-net-next/$(basename "$B")"
python3 "$TESTS/kernel/claims.py" "$SCRATCH"/doctored/*/*.patch > "$SCRATCH/claims2"
same "a message whose evidence was doctored is caught" "$(sed -n 's/^claims_contradicted: //p' "$SCRATCH/claims2")" "1"
# The e2e's reader of subject conventions (tests/kernel/conventions.py,
# none of linkmend's code) takes foo: for FOO DRIVER, and catches a
# prefix that names no part of the owning section.
same "conventions.py finds foo: the owning section's" \
	"$(python3 "$TESTS/kernel/conventions.py" "$T" "$F1" | sed -n 's/^subjects_not_section_convention: //p')" "0"
sed 's/^Subject: \[PATCH 2\/2\] foo: /Subject: [PATCH 2\/2] include: /' "$F1" > "$SCRATCH/doctored/include.patch"
same "and catches include: on the same patch" \
	"$(python3 "$TESTS/kernel/conventions.py" "$T" "$SCRATCH/doctored/include.patch" | sed -n 's/^subjects_not_section_convention: //p')" "1"
# The e2e's reader of what patches change (tests/kernel/series-figures.py,
# none of linkmend's code): no file in two patches here; one copied into
# a second patch is caught, and so are links archived on a host the
# file's own section names (W:), once the fixture's section names one.
python3 "$TESTS/kernel/series-figures.py" "$T" "$O" > "$SCRATCH/figures"
same "series-figures.py: no file in two patches, no link archived on its section's host" \
	"$(sed -n 's/^\(files_in_two_patches\|archived_on_own_hosts\|links_archived_in_patches\): //p' "$SCRATCH/figures" | tr '\n' ' ')" "8 0 0 "
cp "$F1" "$SCRATCH/doctored/foo-foo/0003-copy.patch"
same "and catches foo.c in a second patch of its series" \
	"$(python3 "$TESTS/kernel/series-figures.py" "$T" "$SCRATCH/doctored" | sed -n 's/^files_in_two_patches: //p')" "1"
mkdir -p "$SCRATCH/own-tree/drivers/bar"
sed 's|^F:\tdrivers/bar/$|W:\thttp://www.bar-chips.org/\nF:\tdrivers/bar/|' MAINTAINERS > "$SCRATCH/own-tree/MAINTAINERS"
same "and the dead links of bar's files (each on a line of its own) on the host BAR's W: line names" \
	"$(python3 "$TESTS/kernel/series-figures.py" "$SCRATCH/own-tree" "$O" | sed -n 's/^archived_on_own_hosts: //p')" \
	"$(grep -c '^+[^+].*://web\.archive\.org/web/' "$B")"

# Handed to b4: an enrolled 'b4 prep' branch per series, from which
# 'b4 send -o' writes the patches series wrote, to their people.
# A series handed to b4 is recorded as sent: the runs below, of a first
# send, use the store as it was (the copy B4DB takes the b4 runs' fates).
if command -v b4 > /dev/null; then
	B4DB=$SCRATCH/b4.db
	sqlite3 .linkmend/linkmend.db ".backup '$B4DB'"
	"$LINKMEND" series --db "$B4DB" -o "$SCRATCH/b4-out" --archived --signoff --b4 \
		--from "Link Mender <mender@linkmend-web.org>" 2> "$SCRATCH/b4.err"
	same "series --b4 exits 0" "$?" "0"
	same "each link handed to b4 is recorded as sent, by its branch" \
		"$(sqlite3 "$B4DB" "SELECT DISTINCT state, via FROM fate ORDER BY via" | tr '\n' ' ')" \
		"sent|b4 branch b4/linkmend-core-drivers sent|b4 branch b4/linkmend-foo-foo sent|b4 branch b4/linkmend-netdev-net-next sent|b4 branch b4/linkmend-no-tree "
	same "one b4 branch per series" \
		"$(git for-each-ref --format='%(refname:short)' refs/heads/b4/ | tr '\n' ' ')" \
		"b4/linkmend-core-drivers b4/linkmend-foo-foo b4/linkmend-netdev-net-next b4/linkmend-no-tree "
	ok "the work tree and its branch are as they were" \
		bash -c "git diff --quiet && test \"\$(git symbolic-ref --short HEAD)\" = master -o \"\$(git symbolic-ref --short HEAD)\" = main"
	for d in core-drivers foo-foo netdev-net-next no-tree; do
		git worktree add -q "$SCRATCH/wt-$d" "b4/linkmend-$d"
		(cd "$SCRATCH/wt-$d" && GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=user.name \
			GIT_CONFIG_VALUE_0="Link Mender" GIT_CONFIG_KEY_1=user.email \
			GIT_CONFIG_VALUE_1=mender@linkmend-web.org \
			b4 -q send --no-sign -o "$SCRATCH/b4-$d" > /dev/null 2>&1)
		python3 "$TESTS/lib/b4-same.py" "$SCRATCH/b4-out/$d" "$SCRATCH/b4-$d" \
			mender@linkmend-web.org
		git worktree remove --force "$SCRATCH/wt-$d"
	done
	ok "a patch's own people are below its '---', as Cc: lines b4 reads" \
		grep -q '^Cc: Spec Watcher <spec@linkmend-web.org>$' "$SCRATCH"/b4-foo-foo/0002-*.eml
	ok "git am drops them: they are not in the commit message" \
		bash -c "! sed -n '/^\$/,/^---\$/p' '$SCRATCH'/b4-foo-foo/0002-*.eml | grep -q '^Cc: Spec'"
	"$LINKMEND" series --db "$B4DB" -q -o "$SCRATCH/b4-out" --archived --signoff --b4 \
		--from "Link Mender <mender@linkmend-web.org>" 2> /dev/null
	ok "b4 did not send them (its tips are linkmend's): a second run replaces the branches; the old tips stay in their reflogs" \
		test "$(git reflog show b4/linkmend-foo-foo | wc -l)" -ge 2
	same "and records them sent again, still the first version" \
		"$(sqlite3 "$B4DB" "SELECT DISTINCT state, version FROM fate")" "sent|1"
	# b4 send tags what it sent, sent/linkmend-foo-foo-v1, a commit of
	# the branch's tree: then they were sent, and a third run holds them.
	git tag -m "b4: sent" sent/linkmend-foo-foo-v1 \
		"$(git commit-tree -m 'b4: sent, without the cover' "b4/linkmend-foo-foo^{tree}")"
	"$LINKMEND" series --db "$B4DB" -o "$SCRATCH/b4-out3" --archived --signoff \
		--from "Link Mender <mender@linkmend-web.org>" 2> "$SCRATCH/b4-3.err"
	ok "a branch b4 sent holds its links as pending; the others are proposed again" \
		bash -c "test ! -e '$SCRATCH/b4-out3/foo-foo' && test -d '$SCRATCH/b4-out3/core-drivers' && grep -q 'links sent on .*, pending' '$SCRATCH/b4-3.err'"
else
	echo "ok - series --b4 # SKIP Debian's b4 is not installed"
fi

# Routing by the tree's own scripts/get_maintainer.pl, when it ships one:
# the same recipients as MAINTAINERS read by linkmend, patch by patch.
mkdir -p scripts
cp "$KTREE/scripts/get_maintainer.pl" scripts/
ok "the fixture's get_maintainer.pl answers (the check below is no empty one)" \
	bash -c "perl scripts/get_maintainer.pl --no-tree --no-git --no-git-fallback '$F2' | grep -q '^Core Maintainer <core@linkmend-web.org> (maintainer:DRIVERS CORE)$'"
"$LINKMEND" series -o "$SCRATCH/gm" --archived --signoff --from "Link Mender <mender@linkmend-web.org>" 2> /dev/null
rm -r scripts
for f in "$O"/*/0*.patch; do
	g=$SCRATCH/gm/${f#"$O"/}
	same "get_maintainer.pl and linkmend route $(basename "$f") alike" \
		"$(hdr "$g" | tr '|' '\n' | sort | tr '\n' '|')" "$(hdr "$f" | tr '|' '\n' | sort | tr '\n' '|')"
done
mail_of() { sed 's/.*<\(.*\)>.*/\1/; s/^\(To\|Cc\): //'; }
# ... and, where it names no person, the maintainer of last resort.
for f in "$SCRATCH"/gm/*/000[1-9]*.patch; do
	gm=$(cd "$T" && perl "$KTREE/scripts/get_maintainer.pl" --no-tree --no-git --no-git-fallback --no-rolestats "$f")
	grep -q '<' <<< "$gm" || gm=$(printf '%s\nAndrew Morton <akpm@linux-foundation.org>' "$gm")
	same "get_maintainer.pl on $(basename "$f") as written names exactly its To and Cc" \
		"$(mail_of <<< "$gm" | sort | tr '\n' ' ')" \
		"$(hdr "$f" | tr '|' '\n' | grep . | mail_of | sort | tr '\n' ' ')"
done

# get_maintainer.pl's answers kept in the store (issue 46): a second
# series on the same revision asks the script nothing; MAINTAINERS
# changed, or another commit, asks again.  The script here logs each run
# and hands over to the kernel's.
mkdir -p scripts
cat > scripts/get_maintainer.pl <<P
open(my \$l, '>>', '$SCRATCH/gm-runs'); print \$l "@ARGV\n"; close(\$l);
exec('perl', '$KTREE/scripts/get_maintainer.pl', @ARGV);
P
kept() {	# kept DIR: series into DIR, its stderr in DIR.err; the script's runs
	: > "$SCRATCH/gm-runs"
	"$LINKMEND" series -o "$1" --archived --signoff \
		--from "Link Mender <mender@linkmend-web.org>" 2> "$1.err"
	wc -l < "$SCRATCH/gm-runs"
}
store_line() { sed -n 's/^series: recipients of \([0-9]*\) patch.*: \([0-9]*\) get_maintainer.pl answers\{0,1\} from the store, \([0-9]*\) runs\{0,1\} of it$/\1 \2 \3/p' "$1"; }
runs=$(kept "$SCRATCH/kept1")
ok "a first series on this revision asks the script (the setup works)" test "$runs" -gt 0
# (Its third round of K: keywords may take the second round's answers.)
read -r np nk na <<< "$(store_line "$SCRATCH/kept1.err")"
same "and its summary line says it ran the script" "$((${na:-0} > 0))" "1"
runs=$(kept "$SCRATCH/kept2")
same "a second series on the same store and revision asks get_maintainer.pl nothing" "$runs" "0"
read -r np nk na <<< "$(store_line "$SCRATCH/kept2.err")"
same "its summary line says every answer came from the store, one a patch at least" \
	"$((${nk:-0} >= ${np:-1})) ${na:-x}" "1 0"
same "and the patches' To and Cc are the first run's" \
	"$(cd "$SCRATCH/kept2" && for f in */0*.patch; do echo "$f"; hdr "$f"; echo; done)" \
	"$(cd "$SCRATCH/kept1" && for f in */0*.patch; do echo "$f"; hdr "$f"; echo; done)"
# MAINTAINERS edited in the work tree, not committed: the script reads it.
sed -i 's/^M:\tFoo Maintainer <foo@linkmend-web.org>$/&\nR:\tFoo Reviewer <foo-rev@linkmend-web.org>/' MAINTAINERS
runs=$(kept "$SCRATCH/kept3")
ok "a MAINTAINERS change asks get_maintainer.pl again" test "$runs" -gt 0
ok "and its new answer is the patch's" grep -q '^Cc: Foo Reviewer <foo-rev@linkmend-web.org>$' "$SCRATCH/kept3/foo-foo/0001-foo-update-moved-web-link.patch"
runs=$(kept "$SCRATCH/kept4")
same "which is kept in turn" "$runs" "0"
git checkout -q MAINTAINERS
runs=$(kept "$SCRATCH/kept5")
ok "MAINTAINERS as it was is asked again (one revision is kept)" test "$runs" -gt 0
ok "and the reviewer is gone" bash -c "! grep -q 'Foo Reviewer' '$SCRATCH'/kept5/*/0*.patch"
git commit -q --allow-empty -m "an empty commit: another revision"
runs=$(kept "$SCRATCH/kept6")
ok "another commit at HEAD asks again" test "$runs" -gt 0
# The script reads each series' patches while the next series are made
# (issue 46: its runs are most of a kernel series' time): a git that
# takes its time over format-patch logs each call beside the script's
# runs, and a run comes before the last series' format-patch.
git commit -q --allow-empty -m "another empty commit: nothing kept"
mkdir -p "$SCRATCH/slow-git"
cat > "$SCRATCH/slow-git/git" <<G
#!/bin/bash
for a; do
	[ "\$a" = format-patch ] && { echo format-patch >> '$SCRATCH/gm-runs'; sleep 0.4; break; }
done
exec $(command -v git) "\$@"
G
chmod +x "$SCRATCH/slow-git/git"
PATH=$SCRATCH/slow-git:$PATH kept "$SCRATCH/early" > /dev/null
ok "a series of several series, the script run (the setup works)" \
	bash -c "test $(ls -d "$SCRATCH"/early/*/ | wc -l) -gt 2 && grep -q -- --no-git-fallback '$SCRATCH/gm-runs'"
same "get_maintainer.pl starts before the last series' git format-patch" \
	"$(awk '/^format-patch$/ { fp = NR } /--no-git-fallback/ && !gm { gm = NR } END { print (gm && gm < fp) ? "before" : "after" }' "$SCRATCH/gm-runs")" "before"
same "and the patches are addressed as when the script ran after them all" \
	"$(cd "$SCRATCH/early" && for f in */0*.patch; do echo "$f"; hdr "$f"; echo; done)" \
	"$(cd "$SCRATCH/kept6" && for f in */0*.patch; do echo "$f"; hdr "$f"; echo; done)"
git reset -q --soft HEAD~2
rm -r scripts

# The author is git's user, or --from; with neither, no series.
git config --unset user.name
HOME=$SCRATCH GIT_CONFIG_NOSYSTEM=1 "$LINKMEND" series -o "$SCRATCH/anon" --archived 2> "$SCRATCH/anon.err"
same "no author: series fails and says how to give one" \
	"$? $(cat "$SCRATCH/anon.err")" \
	"2 error: no author: give --from \"Name <mail>\" or set git's user.name and user.email"
ok "and writes nothing" test ! -e "$SCRATCH/anon"
git config user.name "A Developer"
"$LINKMEND" series -o "$SCRATCH/own" 2> /dev/null
ok "without --from the author is git's user" grep -q "^From: A Developer <dev@linkmend-web.org>$" "$SCRATCH/own/foo-foo/0001-foo-update-moved-web-links.patch"

# checkpatch.pl warns on a message line past 75 columns unless it starts
# with a file's name and a colon: a long link is written after its place.
for p in "$O"/*/000[1-9]*.patch; do
	out=$(perl "$KTREE/scripts/checkpatch.pl" --no-tree --show-types "$p" 2>&1)
	if grep -q "total: 0 errors, 0 warnings" <<<"$out"; then
		echo "ok - checkpatch.pl: $(basename "$p") is clean"
	else
		echo "not ok - checkpatch.pl: $(basename "$p") is clean"
		echo "$out" | head -20
	fi
done

git clone -q "$T" "$SCRATCH/clone"
for d in $(grep -v '^#' "$O/INDEX" | cut -f1); do
	(cd "$SCRATCH/clone" && git am -q "$O/$d"/000[1-9]*.patch) > "$SCRATCH/am" 2>&1 || break
done
same "git am applies every series, in the index's order" "$?" "0"
ok "the history keeps each link's old -> new line (the setup works)" bash -c "git -C '$SCRATCH/clone' log --format=%B '$base..' | grep -q ' -> https://'"
ok "and not the evidence below '---'" bash -c "! git -C '$SCRATCH/clone' log --format=%B '$base..' | grep -q 'The evidence for each link'"
"$LINKMEND" verify -q --base "$base" "$SCRATCH/clone" > "$SCRATCH/verify"
same "verify passes on the applied series" "$?" "0"
cat "$SCRATCH/verify"
ok "no line the series adds ends in white space" bash -c "! git -C '$SCRATCH/clone' diff '$base' | grep -q '^+.*[[:space:]]$'"
ok "the wrapped URL is whole again, in its first line's place (past 100 columns: checkpatch exempts it)" grep -q '^ \* Rev 2: https://web.archive.org/web/20050101000000/http://www.bar-chips.org/wrapped/long/path/datasheet-rev2.pdf$' "$SCRATCH/clone/drivers/bar/bar.c"
ok "the Kconfig link keeps its brackets and stop" grep -q "^	  <https://web.archive.org/web/20050101000000/http://www.bar-chips.org/kconfig.html>.$" "$SCRATCH/clone/drivers/bar/Kconfig"
ok "the rst link keeps its construct" grep -q "^See \`Bar <https://web.archive.org/web/20050101000000/http://www.bar-chips.org/rst.html>\`_.$" "$SCRATCH/clone/Documentation/bar.rst"
ok "the live link is untouched" grep -q "Still there: http://www.bar-chips.org/alive.html" "$SCRATCH/clone/drivers/bar/bar.c"

# A file changed since scan is skipped, with a message, by a fix.
cp -p drivers/foo/foo.c "$SCRATCH/foo.c.orig"
echo "/* changed */" >> drivers/foo/foo.c
"$LINKMEND" fix --dry-run --archived > "$SCRATCH/dry" 2> "$SCRATCH/dry.err"
ok "a file changed since scan is skipped with a message" grep -q "^warning: skipped 'drivers/foo/foo.c': changed since the last scan$" "$SCRATCH/dry.err"
ok "--dry-run shows the other files' edits as a diff" grep -q "^+++ b/drivers/bar/bar.c" "$SCRATCH/dry"
ok "and writes nothing" bash -c "git diff --quiet -- drivers/bar"
cp -p "$SCRATCH/foo.c.orig" drivers/foo/foo.c

"$LINKMEND" fix -q --archived
same "fix exits 0" "$?" "0"
# but for the Obsolete section's file, which fix rewrites and series leaves.
ok "fix gives the tree the series gives" diff -r -x .git -x .linkmend -x qux "$T" "$SCRATCH/clone"
"$LINKMEND" verify -q --base "$base" . > /dev/null
same "verify passes after fix" "$?" "0"
cp -a "$T" "$SCRATCH/after1"
"$LINKMEND" fix --archived > /dev/null 2> "$SCRATCH/fix2"
ok "a second fix changes nothing" diff -r -x .linkmend "$T" "$SCRATCH/after1"
ok "and says so" grep -q "^fix: 0 edits in 0 files" "$SCRATCH/fix2"

# More patches than --max: a tree's series in parts, each on the one before.
"$LINKMEND" series -o "$SCRATCH/split" --archived --max 1 --signoff --base "$base" \
	--from "Link Mender <mender@linkmend-web.org>" 2> /dev/null
same "--max 1 splits the foo tree's two patches in two" "$(cd "$SCRATCH/split" && ls -d foo-foo*/ | tr '\n' ' ')" \
	"foo-foo-01/ foo-foo-02/ "
git clone -q "$T" "$SCRATCH/clone2"
git -C "$SCRATCH/clone2" reset -q --hard "$base"
(cd "$SCRATCH/clone2" && git am -q "$SCRATCH"/split/foo-foo-01/000[1-9]*.patch "$SCRATCH"/split/foo-foo-02/000[1-9]*.patch) > /dev/null 2>&1
same "the parts apply one after the other" "$?" "0"
same "--base names the base in every patch" \
	"$(grep -l "^base-commit: $base$" "$SCRATCH"/split/*/0*.patch | wc -l)" \
	"$(ls "$SCRATCH"/split/*/0*.patch | grep -vc 0000-cover)"
ok "and a later part names the earlier one's patches as prerequisites" \
	grep -q "^prerequisite-patch-id: " "$SCRATCH"/split/foo-foo-02/0001-*.patch
same "without --base, every patch and cover letter names its base" \
	"$(grep -l "^base-commit: $base$" "$O"/*/0*.patch | wc -l)" "$(ls "$O"/*/0*.patch | wc -l)"

# verify: edits are in place, so a Kconfig comment broken over two lines
# fails; so does a word added to a comment, and a statement changed.
git clone -q "$T" "$SCRATCH/clone3"
git -C "$SCRATCH/clone3" reset -q --hard "$base"
sed -i 's|^# SPDX-License-Identifier: GPL-2.0$|#\n# SPDX-License-Identifier:\n#   GPL-2.0|' "$SCRATCH/clone3/drivers/bar/Kconfig"
"$LINKMEND" verify -q --base "$base" "$SCRATCH/clone3" > "$SCRATCH/v3s"
same "verify fails a Kconfig comment that gained a line" "$?:$(cat "$SCRATCH/v3s")" \
	"1:drivers/bar/Kconfig: a line was split: edits are made in place"
git -C "$SCRATCH/clone3" checkout -q drivers/bar/Kconfig
sed -i 's|^# SPDX-License-Identifier: GPL-2.0$|# SPDX-License-Identifier: GPL-2.0 (see COPYING)|' "$SCRATCH/clone3/drivers/bar/Kconfig"
"$LINKMEND" verify -q --base "$base" "$SCRATCH/clone3" > "$SCRATCH/v3w"
same "and one that gained words" "$?:$(cat "$SCRATCH/v3w")" \
	"1:drivers/bar/Kconfig: text outside links changed: \"config\" became \"(see\""
git -C "$SCRATCH/clone3" checkout -q drivers/bar/Kconfig
sed -i 's|tristate "Bar chips"|tristate "Bar chips (new)"|' "$SCRATCH/clone3/drivers/bar/Kconfig"
"$LINKMEND" verify -q --base "$base" "$SCRATCH/clone3" > "$SCRATCH/v3"
same "and fails a changed statement" "$?" "1"

# Patches only the top-level tree would take (THE REST's T:) go each on
# its own, never as one catch-all series of unrelated subsystems.
T4=$SCRATCH/top
git clone -q "$T" "$T4"
cd "$T4" || exit 1
git reset -q --hard "$base"
sed -i 's|^F:\t\*$|T:\tgit git://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git\nF:\t*|' MAINTAINERS
mkdir -p arch/qux
echo '/* The qux board.  Manual: http://www.foo-vendor.org/docs/old.html */' > arch/qux/qux.c
# Files of one section in three directories, in a tree with too little
# history to measure its patches: a patch is cut past ten files and 130
# lines, a directory kept whole where it fits.  a/ and b/ change six
# lines a file (144 in all), c/ one.
mkdir -p drivers/foo/a drivers/foo/b drivers/foo/c
for i in 1 2 3 4 5 6 7; do
	for k in 1 2 3 4 5 6; do
		printf 'int part_%s_%s;\n\n' "$i" "$k"
		echo "/* Part $i.$k.  Manual: http://www.foo-vendor.org/docs/old.html */"
	done > drivers/foo/a/p$i.c
done
for i in 1 2 3 4 5; do
	for k in 1 2 3 4 5 6; do
		printf 'int piece_%s_%s;\n\n' "$i" "$k"
		echo "/* Piece $i.$k.  Manual: http://www.foo-vendor.org/docs/old.html */"
	done > drivers/foo/b/q$i.c
done
for i in $(seq 1 12); do
	echo "/* Bit $i.  Manual: http://www.foo-vendor.org/docs/old.html */" > drivers/foo/c/r$i.c
done
# Sixteen drivers whose patches all go to one list: two waves.
for i in $(seq 1 16); do
	mkdir -p drivers/w$i
	echo "/* Manual: http://www.foo-vendor.org/docs/old.html */" > drivers/w$i/w$i.c
	printf '\nWAVE DRIVER %s\nM:\tWave Maintainer <wave@linkmend-web.org>\nL:\twave-list@lists.linkmend-web.org\nS:\tMaintained\nF:\tdrivers/w%s/\n' "$i" "$i" >> MAINTAINERS
done
# The project's own word for a part of its tree.
printf '[subject "drivers/foo/"]\n\tprefix = foo-driver:\n' > .linkmend.conf
git add -A
git commit -qm "qux board, foo parts, wave drivers"
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q --confirm 1 "${NET[@]}" > /dev/null 2>&1
run "$LINKMEND" resolve -q --confirm 1 "${NET[@]}" --archive-spacing 0 > /dev/null 2>&1
"$LINKMEND" series -q -o "$SCRATCH/top-out" --archived > /dev/null 2>&1
ok "two patches only the top-level tree takes (the setup works)" \
	test "$(ls -d "$SCRATCH"/top-out/torvalds-linux*/ | wc -l)" = 2
same "each is a series of its own: one patch, no cover letter" \
	"$(for d in "$SCRATCH"/top-out/torvalds-linux*/; do ls "$d" | grep -c '\.patch$'; done | sort -u)" "1"
files_in() { sed -n 's/^ \([0-9]*\) files\? changed.*/\1/p' "$1"; }
ok "the foo patches are cut (the setup works)" \
	test "$(grep -l 'drivers/foo/a/p1.c' "$SCRATCH"/top-out/*/0*.patch | wc -l)" = 1
lines_in() { sed -n 's/^ [0-9]* files\? changed, \([0-9]*\) insertions.*/\1/p' "$1"; }
same "no patch holds more than ten files and more than 130 lines" \
	"$(for f in "$SCRATCH"/top-out/*/0*.patch; do case $f in */0000-*) continue ;; esac; echo "$(files_in "$f") $(lines_in "$f")"; done | awk '$1 > 10 && 2 * $2 > 130' | wc -l)" "0"
same "each directory whole, in one patch" \
	"$(for d in drivers/foo/a drivers/foo/b drivers/foo/c; do grep -l "^+++ b/$d/" "$SCRATCH"/top-out/*/0*.patch | wc -l; done | tr '\n' ' ')" "1 1 1 "
ok "a patch of more than ten files where its lines are few (b/ and c/)" \
	test "$(files_in "$(grep -l '^+++ b/drivers/foo/c/r1.c' "$SCRATCH"/top-out/*/0*.patch)")" -gt 16
ok "sixteen patches to one list (the setup works)" \
	test "$(grep -l '^Cc: wave-list@lists.linkmend-web.org' "$SCRATCH"/top-out/*/0*.patch | grep -vc '/0000-')" = 16
ok "INDEX sends them in two waves, fifteen at most to a list" \
	bash -c "grep -q '^# Send in 2 waves' '$SCRATCH/top-out/INDEX' && sed -n '/^# wave 2/,\$p' '$SCRATCH/top-out/INDEX' | grep -q '^core-drivers-02'"
same "[subject \"drivers/foo/\"] prefix names the patches of files under it" \
	"$(grep -h '^Subject:' "$SCRATCH"/top-out/foo-foo*/0*.patch | grep -v ' 0/' | sed 's/^Subject: \[[^]]*\] //; s/: .*/:/' | sort -u)" "foo-driver:"
ok "and only those" bash -c "grep -h '^Subject:' '$SCRATCH'/top-out/core-drivers*/0*.patch | grep -q 'quux'"

# A project without MAINTAINERS (issue 46): the list its README names for
# patches; a CONTRIBUTING.md that asks for pull requests instead; else
# the authors of its files' history; --to and --cc always.
T5=$SCRATCH/plain
git clone -q "$T" "$T5"
cd "$T5" || exit 1
git reset -q --hard "$base"
git config user.email dev@linkmend-web.org
git config user.name "A Developer"
git rm -q MAINTAINERS Documentation/process/submitting-patches.rst
# zlib's README names an address for questions, tmux's the list for code.
cat > README <<'R'
Foo tools
=========

Questions about foo should be sent to <help@linkmend-web.org>.

Code contributions are most welcome.  Please send patches by email to:

	foo-devel@lists.linkmend-web.org

Subscribe by sending an email to foo-devel+subscribe@lists.linkmend-web.org.
R
# A link as its file writes it, which linkmend reads otherwise.
echo '/* Manual: http://WWW.Foo-Vendor.org/docs/old.html */' > drivers/foo/case.c
commit "README: where patches go" README drivers/foo/case.c
echo '/* Revision 2. */' >> drivers/foo/foo.h
GIT_AUTHOR_NAME="Foo Author" GIT_AUTHOR_EMAIL=author@linkmend-web.org \
	commit "foo: note the revision" drivers/foo/foo.h
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q --confirm 1 "${NET[@]}" > /dev/null 2>&1
run "$LINKMEND" resolve -q --confirm 1 "${NET[@]}" --archive-spacing 0 > /dev/null 2>&1
FROM=(--from "Link Mender <mender@linkmend-web.org>")
"$LINKMEND" series -o "$SCRATCH/p-mail" --archived "${FROM[@]}" 2> "$SCRATCH/p-mail.err"
P=$SCRATCH/p-mail
ok "no MAINTAINERS: patches are written (the setup works)" \
	test "$(ls "$P"/*.patch "$P"/*/*.patch 2> /dev/null | grep -vc /0000-)" -ge 2
same "every patch and cover letter goes To the list the README names for patches, no one else" \
	"$(for f in $(ls "$P"/*.patch "$P"/*/*.patch 2> /dev/null); do hdr "$f"; echo; done | sort -u)" \
	"To: foo-devel@lists.linkmend-web.org|"
ok "RECIPIENTS says where it came from: the README's line" \
	grep -qP '\tTo\tfoo-devel@lists.linkmend-web.org\tREADME:6: Code contributions are most welcome. Please send patches by email to: foo-devel@lists.linkmend-web.org$' "$P/RECIPIENTS"
ok "and no patch is left with no recipient" bash -c "! grep -q 'no recipient' '$SCRATCH/p-mail.err'"
same "the message quotes the URL as the file has it" \
	"$(for f in $(ls "$P"/*.patch "$P"/*/*.patch 2> /dev/null | grep -v /0000-); do links_of "$f"; done | grep -c '^drivers/foo/case.c:1: http://WWW.Foo-Vendor.org/docs/old.html -> ')" "1"

# CONTRIBUTING is read before README: it asks for pull requests.
printf '# Contributing\n\nWe welcome pull requests on GitHub.\n' > CONTRIBUTING.md
commit "CONTRIBUTING.md: pull requests" CONTRIBUTING.md
pbase=$(git rev-parse HEAD)
"$LINKMEND" series -o "$SCRATCH/p-pull" --archived "${FROM[@]}" 2> /dev/null
P=$SCRATCH/p-pull
same "pull requests: no patch is mailed to anyone" \
	"$(cat "$P"/*.patch "$P"/*/*.patch 2> /dev/null | grep -c '^\(To\|Cc\): ')" "0"
nseries=$(grep -vc '^#' "$P/INDEX")
same "one branch linkmend/DIR per series" \
	"$(git for-each-ref --format='%(refname)' refs/heads/linkmend/ | wc -l)" "$nseries"
same "and a request text beside each" "$(ls "$P"/PULL-REQUEST "$P"/*/PULL-REQUEST 2> /dev/null | wc -l)" "$nseries"
d=$(grep -v '^#' "$P/INDEX" | head -1 | cut -f1)
[ "$d" = . ] && br=linkmend/series || br=linkmend/$d
same "the branch holds the series' patches, on the base" \
	"$(git rev-list --count "$pbase..$br")" "$(grep -v '^#' "$P/INDEX" | head -1 | cut -f2)"
ok "its text says which branch, on what" grep -q "^Branch: $br, on $pbase (base-commit)\.$" "$P/$d/PULL-REQUEST"
ok "INDEX says why: the CONTRIBUTING.md line" grep -q '^# No mail: the project asks for pull requests (CONTRIBUTING.md:3: We welcome pull requests on GitHub.)' "$P/INDEX"
"$LINKMEND" series -o "$SCRATCH/p-given" --archived "${FROM[@]}" --to "Given Person <given@linkmend-web.org>" \
	--cc extra@linkmend-web.org 2> /dev/null
P=$SCRATCH/p-given
same "--to and --cc: mail after all, to them, on every patch and cover" \
	"$(for f in $(ls "$P"/*.patch "$P"/*/*.patch 2> /dev/null); do hdr "$f"; echo; done | sort -u)" \
	"To: Given Person <given@linkmend-web.org>|Cc: extra@linkmend-web.org|"
ok "RECIPIENTS names the option" grep -qP '\tCc\textra@linkmend-web.org\t--cc$' "$P/RECIPIENTS"

# No document says: the authors of the files' commits.
git rm -q README CONTRIBUTING.md
commit "no documents" drivers/foo/foo.h
"$LINKMEND" series -o "$SCRATCH/p-git" --archived "${FROM[@]}" 2> /dev/null
P=$SCRATCH/p-git
fh=$(grep -l '^+++ b/drivers/foo/foo.h' "$P"/*.patch "$P"/*/*.patch 2> /dev/null | head -1)
same "foo.h's patch goes To its files' main author, Cc the other" \
	"$(hdr "$fh")" "To: A Developer <dev@linkmend-web.org>|Cc: Foo Author <author@linkmend-web.org>|"
ok "RECIPIENTS: from git log, with the counts" \
	grep -qP '\tCc\tFoo Author <author@linkmend-web.org>\tgit log: 1 of 3 commits to its files since 2005-06-01$' "$P/RECIPIENTS"
bh=$(grep -l '^+++ b/drivers/bar/bar.c' "$P"/*.patch "$P"/*/*.patch 2> /dev/null | head -1)
same "bar.c's only its own author" "$(hdr "$bh")" "To: A Developer <dev@linkmend-web.org>|"

# CODEOWNERS comes first: its addresses To; a tree whose owners are all
# host user names asks for pull requests, which they review.
mkdir -p .github
printf '# Owners\ndrivers/foo/ owner@linkmend-web.org @foo-team\n' > .github/CODEOWNERS
commit "CODEOWNERS" .github
"$LINKMEND" series -o "$SCRATCH/p-co" --archived "${FROM[@]}" 2> /dev/null
P=$SCRATCH/p-co
fh=$(grep -l '^+++ b/drivers/foo/foo.h' "$P"/*.patch "$P"/*/*.patch 2> /dev/null | head -1)
same "CODEOWNERS: foo.h's patch To the address its line names" \
	"$(hdr "$fh")" "To: owner@linkmend-web.org|"
ok "RECIPIENTS names the CODEOWNERS line" \
	grep -qP '\tTo\towner@linkmend-web.org\t.github/CODEOWNERS:2: drivers/foo/$' "$P/RECIPIENTS"
bh=$(grep -l '^+++ b/drivers/bar/bar.c' "$P"/*.patch "$P"/*/*.patch 2> /dev/null | head -1)
same "a file it does not cover: its history's people still" "$(hdr "$bh")" "To: A Developer <dev@linkmend-web.org>|"
printf '* @all-team\n' > .github/CODEOWNERS
commit "CODEOWNERS: one team" .github
"$LINKMEND" series -o "$SCRATCH/p-co2" --archived "${FROM[@]}" 2> /dev/null
ok "owners by user name only: pull requests" \
	grep -q "^# No mail: the project asks for pull requests (CODEOWNERS names the files' owners" "$SCRATCH/p-co2/INDEX"
git rm -q -r .github
commit "no CODEOWNERS" drivers/foo/foo.h

# A commit that a remote branch holds can be looked up upstream: named.
git clone -q --bare . "$SCRATCH/upstream.git"
git remote set-url origin "$SCRATCH/upstream.git"
git fetch -q origin
"$LINKMEND" series -o "$SCRATCH/p-remote" --archived "${FROM[@]}" 2> /dev/null
ok "a commit upstream holds is named in the evidence" \
	bash -c "cat '$SCRATCH'/p-remote/*.patch 2> /dev/null | tr '\n' ' ' | grep -qP '\(git log\s+[0-9a-f]{12}\)'"

# A kernel tree whose history begins with an import of a release (as the
# e2e's copy of Debian's tree): its local first commit is named by the
# release the Makefile says, which upstream knows.
T6=$SCRATCH/release
mkdir -p "$T6/drivers/bar"
cd "$T6" || exit 1
git init -q .
git config user.email dev@linkmend-web.org
git config user.name "A Developer"
printf '# SPDX-License-Identifier: GPL-2.0\nVERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 192\nEXTRAVERSION =\nNAME = Curry Ramen\n' > Makefile
git -C "$T" show "$base:drivers/bar/bar.c" > drivers/bar/bar.c
commit "Linux 6.1.192" Makefile drivers
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q --confirm 1 "${NET[@]}" > /dev/null 2>&1
run "$LINKMEND" resolve -q --confirm 1 "${NET[@]}" --archive-spacing 0 > /dev/null 2>&1
"$LINKMEND" series -o "$SCRATCH/r-out" --archived "${FROM[@]}" 2> /dev/null
cat "$SCRATCH"/r-out/*.patch "$SCRATCH"/r-out/*/*.patch 2> /dev/null | tr '\n' ' ' | tr -s ' ' > "$SCRATCH/r.flat"
ok "the local first commit is named by the release it imports" \
	grep -q "nearest 2006-06-01, the date of the tree's first commit (Linux 6.1.192), which holds all of these lines" "$SCRATCH/r.flat"
ok "in the evidence too" grep -q "(git log of Linux 6.1.192, the history's first commit)" "$SCRATCH/r.flat"
same "and by no hash" \
	"$(cat "$SCRATCH"/r-out/*.patch "$SCRATCH"/r-out/*/*.patch 2> /dev/null | grep -v '^base-commit: \|^From [0-9a-f]\{40\} \|^index [0-9a-f]' | grep -cP '\b(?=[0-9]*[a-f])[0-9a-f]{12,40}\b')" "0"
python3 "$TESTS/kernel/claims.py" "$SCRATCH"/r-out/*.patch > "$SCRATCH/r-claims"
same "claims.py holds the release's claim to the evidence" \
	"$(sed -n 's/^claims_contradicted: //p' "$SCRATCH/r-claims")" "0"
mkdir -p "$SCRATCH/r-doctored"
for f in "$SCRATCH"/r-out/*.patch; do
	sed 's/first commit (Linux 6\.1\.192)/first commit (Linux 6.1.1)/' "$f" > "$SCRATCH/r-doctored/${f##*/}"
done
python3 "$TESTS/kernel/claims.py" "$SCRATCH"/r-doctored/*.patch > "$SCRATCH/r-claims2"
same "and catches a release its evidence does not name" \
	"$(sed -n 's/^claims_contradicted: //p' "$SCRATCH/r-claims2")" "1"
