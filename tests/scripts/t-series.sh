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
trap '"$WEB/down" "$NAME"; rm -rf "$SCRATCH"' EXIT
state=$("$WEB/up" "$WEB/cases/series.scn" "$NAME") || { echo "not ok - tests/web/up failed"; exit 0; }
run() { "$WEB/exec" -n "$NAME" "$@"; }
NET=(--cacert "$state/ca.crt" --allow-private --timeout 2)
export LINKMEND_NOW=1700000000

T=$SCRATCH/repo
mkdir -p "$T/drivers/foo" "$T/drivers/bar" "$T/Documentation" "$T/arch/baz"
cd "$T" || exit 1
git init -q .
git config user.email dev@linkmend-web.org
git config user.name "A Developer"
cat > MAINTAINERS <<'M'
List of maintainers

Descriptions of section entries and preferred order
	M: *Mail* patches to: FullName <address@domain>

Maintainers List
----------------

FOO DRIVER
M:	Foo Maintainer <foo@linkmend-web.org>
L:	foo-devel@lists.linkmend-web.org
S:	Maintained
F:	drivers/foo/

BAR DRIVERS
M:	Bar Maintainer <bar@linkmend-web.org>
R:	Bar Reviewer <rev@linkmend-web.org>
S:	Maintained
F:	drivers/bar/
F:	Documentation/bar.rst

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
 * The foo driver.  Manual: http://www.foo-vendor.org/docs/old.html
 * Spec at http://www.foo-vendor.org/pdf/spec.pdf.
 */
static int foo;
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
commit "MAINTAINERS: start" MAINTAINERS
commit "foo: add the foo driver" drivers/foo
commit "bar: add the bar driver" drivers/bar Documentation
commit "baz: add the entry code" arch
base=$(git rev-parse HEAD)

"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q --confirm 1 "${NET[@]}" > /dev/null 2>&1
run "$LINKMEND" resolve -q --confirm 1 "${NET[@]}" --archive-spacing 0 > "$SCRATCH/resolved" 2>&1
same "seven replacements resolved" "$(grep -cv '	unresolved	' "$SCRATCH/resolved")" "7"
# By default only what a maintainer takes without asking: moved links.
"$LINKMEND" series -o "$SCRATCH/default" --signoff --from "Link Mender <mender@linkmend-web.org>" 2> /dev/null
same "by default the series has no archived patch" "$(ls "$SCRATCH/default" | tr '\n' ' ')" \
	"0000-cover-letter.patch 0001-foo-update-moved-web-links.patch "
"$LINKMEND" series -o "$SCRATCH/out" --archived --signoff --from "Link Mender <mender@linkmend-web.org>" 2> "$SCRATCH/series.err"
same "series exits 0" "$?" "0"
ls "$SCRATCH/out" > "$SCRATCH/files"
same "--archived adds archived patches of their own" "$(cat "$SCRATCH/files" | tr '\n' ' ')" \
	"0000-cover-letter.patch 0001-bar-replace-dead-web-links-with-archived-copies.patch 0002-foo-update-moved-web-links.patch 0003-baz-replace-dead-web-links-with-archived-copies.patch "
same "subjects name the area and are numbered" "$(grep -h '^Subject:' "$SCRATCH/out"/*.patch | tr '\n' '|')" \
	"Subject: [PATCH 0/3] Update moved and dead web links|Subject: [PATCH 1/3] bar: replace dead web links with archived copies|Subject: [PATCH 2/3] foo: update moved web links|Subject: [PATCH 3/3] baz: replace dead web links with archived copies|"
ok "To and Cc come from the section" grep -q "^To: Foo Maintainer <foo@linkmend-web.org>" "$SCRATCH/out/0002-foo-update-moved-web-links.patch"
ok "lists and reviewers are Cc" bash -c "grep -A1 '^Cc: ' '$SCRATCH/out/0001-bar-replace-dead-web-links-with-archived-copies.patch' | grep -q 'Bar Reviewer'"
ok "the commit message has each link's evidence" grep -q "^drivers/bar/bar.c:3:   archived: gone (HTTP 404); 1 check 2023-11-14..2023-11-14, 1 failing counted; capture 20050101000000, the nearest before 2006-06-01 (git blame" "$SCRATCH/out/0001-bar-replace-dead-web-links-with-archived-copies.patch"
ok "and a sign-off" grep -q "^Signed-off-by: Link Mender <mender@linkmend-web.org>" "$SCRATCH/out/0002-foo-update-moved-web-links.patch"
# Every claim from the evidence: one check on one day, dates from one commit.
B=$SCRATCH/out/0001-bar-replace-dead-web-links-with-archived-copies.patch
tr '\n' ' ' < "$B" > "$SCRATCH/b.flat"
tr '\n' ' ' < "$SCRATCH/out/0000-cover-letter.patch" > "$SCRATCH/cover.flat"
ok "the message says how many checks failed, and when" grep -q "These web links are dead: each failed the one check made, on 2023-11-14\." "$SCRATCH/b.flat"
ok "it claims no repeated checks that were not made" bash -c "! grep -qi 'repeated checks' '$SCRATCH/b.flat' '$SCRATCH/cover.flat'"
ok "it names the one commit the lines' dates come from" grep -q "nearest the commit that brought its line into this tree's history ([0-9a-f]\{12\}, for all of them)" "$SCRATCH/b.flat"
ok "the cover letter's account is the evidence's" grep -q "The dead links archived here each failed the one check made, on 2023-11-14" "$SCRATCH/cover.flat"
ok "and says only comments and documentation change" grep -q "Only comments and documentation change\." "$SCRATCH/cover.flat"
ok "the work tree is untouched by series" git diff --quiet
# The e2e's own reader of claims (tests/kernel/claims.py, none of
# linkmend's code) finds every claim true, and a doctored one false.
python3 "$TESTS/kernel/claims.py" --tree "$T" "$SCRATCH"/out/*.patch > "$SCRATCH/claims"
ok "claims.py reads claims in the series" grep -q "^claims_checked: [1-9]" "$SCRATCH/claims"
same "no claim of the series contradicts its evidence" "$(sed -n 's/^claims_contradicted: //p' "$SCRATCH/claims")" "0"
mkdir -p "$SCRATCH/doctored"
cp "$SCRATCH"/out/*.patch "$SCRATCH/doctored/"
sed -i 's/1 check 2023-11-14\.\.2023-11-14/2 checks 2023-11-11..2023-11-14/' "$SCRATCH/doctored/$(basename "$B")"
python3 "$TESTS/kernel/claims.py" "$SCRATCH"/doctored/*.patch > "$SCRATCH/claims2"
same "a message whose evidence was doctored is caught" "$(sed -n 's/^claims_contradicted: //p' "$SCRATCH/claims2")" "1"

for p in "$SCRATCH"/out/000[1-9]*.patch; do
	out=$(perl "$KTREE/scripts/checkpatch.pl" --no-tree "$p" 2>&1)
	if grep -q "total: 0 errors, 0 warnings" <<<"$out"; then
		echo "ok - checkpatch.pl: $(basename "$p") is clean"
	else
		echo "not ok - checkpatch.pl: $(basename "$p") is clean"
		echo "$out" | head -20
	fi
done

git clone -q "$T" "$SCRATCH/clone"
(cd "$SCRATCH/clone" && git am -q "$SCRATCH"/out/000[1-9]*.patch) > "$SCRATCH/am" 2>&1
same "git am applies the series" "$?" "0"
"$LINKMEND" verify -q --base "$base" "$SCRATCH/clone" > "$SCRATCH/verify"
same "verify passes on the applied series" "$?" "0"
cat "$SCRATCH/verify"
ok "no line the series adds ends in white space" bash -c "! git -C '$SCRATCH/clone' diff '$base' | grep -q '^+.*[[:space:]]$'"
ok "the wrapped URL is whole again, on a line of its own past 100 columns" bash -c "grep -A1 '^ \\* Rev 2:$' '$SCRATCH/clone/drivers/bar/bar.c' | grep -q '^ \\* https://web.archive.org/web/20050101000000/http://www.bar-chips.org/wrapped/long/path/datasheet-rev2.pdf$'"
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
ok "fix gives the tree the series gives" diff -r -x .git -x .linkmend "$T" "$SCRATCH/clone"
"$LINKMEND" verify -q --base "$base" . > /dev/null
same "verify passes after fix" "$?" "0"
cp -a "$T" "$SCRATCH/after1"
"$LINKMEND" fix --archived > /dev/null 2> "$SCRATCH/fix2"
ok "a second fix changes nothing" diff -r -x .linkmend "$T" "$SCRATCH/after1"
ok "and says so" grep -q "^fix: 0 edits in 0 files" "$SCRATCH/fix2"

# More patches than --max: several series, each with its cover letter.
"$LINKMEND" series -o "$SCRATCH/split" --archived --max 2 --signoff --base "$base" \
	--from "Link Mender <mender@linkmend-web.org>" 2> /dev/null
same "--max 2 splits three patches into two series" "$(cd "$SCRATCH/split" && ls */ | tr '\n' ' ')" \
	"series-1/: 0000-cover-letter.patch 0001-bar-replace-dead-web-links-with-archived-copies.patch 0002-foo-update-moved-web-links.patch  series-2/: 0000-cover-letter.patch 0001-baz-replace-dead-web-links-with-archived-copies.patch "
git clone -q "$T" "$SCRATCH/clone2"
git -C "$SCRATCH/clone2" reset -q --hard "$base"
(cd "$SCRATCH/clone2" && git am -q "$SCRATCH"/split/series-1/000[1-9]*.patch "$SCRATCH"/split/series-2/000[1-9]*.patch) > /dev/null 2>&1
same "the series apply one after the other" "$?" "0"

# verify: a Kconfig comment broken over two lines is still a comment; a
# statement changed is not.
git clone -q "$T" "$SCRATCH/clone3"
git -C "$SCRATCH/clone3" reset -q --hard "$base"
sed -i 's|^# SPDX-License-Identifier: GPL-2.0$|# SPDX-License-Identifier: GPL-2.0\n# See\n# https://example.org/a/long/page for the Bar chips.|' "$SCRATCH/clone3/drivers/bar/Kconfig"
"$LINKMEND" verify -q --base "$base" "$SCRATCH/clone3" > /dev/null
same "verify passes a Kconfig comment that gained a line" "$?" "0"
sed -i 's|tristate "Bar chips"|tristate "Bar chips (new)"|' "$SCRATCH/clone3/drivers/bar/Kconfig"
"$LINKMEND" verify -q --base "$base" "$SCRATCH/clone3" > "$SCRATCH/v3"
same "and fails a changed statement" "$?" "1"
