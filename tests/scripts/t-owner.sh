#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# series --archived on a tree whose MAINTAINERS section names its own site
# (W:), as the kernel's Ceph, Coccinelle, netfilter, DRBD and KVM sections
# do: a dead link on that site is reported to its owner in the cover
# letter and DIR/LEFT, never archived; a dead bare home page is not
# archived unless --home-pages=1; dead fixed documents are archived.
. "$(dirname "$0")/../lib/sh.sh"
web_up "$TESTS/web/cases/owner.scn"
run() { "$WEB/exec" -n "$NAME" "$@"; }
NET=(--cacert "$state/ca.crt" --allow-private --timeout 2)
export LINKMEND_NOW=1700000000

T=$SCRATCH/repo
mkdir -p "$T/fs/ceph" "$T/drivers/block"
cd "$T" || exit 1
git init -q .
git config user.email dev@linkmend-web.org
git config user.name "A Developer"
cat > MAINTAINERS <<'M'
CEPH DISTRIBUTED FILE SYSTEM CLIENT (CEPH)
M:	Ceph Maintainer <ceph@linkmend-web.org>
S:	Supported
W:	http://www.ceph-fs.org/
T:	git git://git.linkmend-web.org/ceph/ceph-client.git
F:	fs/ceph/

RADOS BLOCK DEVICE (RBD)
M:	Rbd Maintainer <rbd@linkmend-web.org>
S:	Supported
T:	git git://git.linkmend-web.org/ceph/ceph-client.git
F:	drivers/block/rbd.c

THE REST
M:	Linus Torvalds <torvalds@linux-foundation.org>
S:	Buried alive in reporters
F:	*
F:	*/
M
cat > fs/ceph/super.c <<'C'
// SPDX-License-Identifier: GPL-2.0
/*
 * The metadata server: http://www.ceph-fs.org/docs/mds.html
 * The manual: http://www.vendor-x.org/pdf/manual.pdf
 */
static int ceph;
C
cat > drivers/block/rbd.c <<'C'
// SPDX-License-Identifier: GPL-2.0
/*
 * The rbd protocol: http://www.vendor-x.org/pdf/rbd.pdf
 * Vendor: http://www.old-vendor.org/
 */
static int rbd;
C
git add . && GIT_AUTHOR_DATE=2012-06-01T12:00:00Z \
	GIT_COMMITTER_DATE=2012-06-01T12:00:00Z git commit -qm start

"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q --confirm 1 "${NET[@]}" > /dev/null 2>&1
run "$LINKMEND" resolve -q --confirm 1 "${NET[@]}" --archive-spacing 0 > "$SCRATCH/resolved" 2>&1
same "four dead links, each with an archived copy" \
	"$(grep -c '	archived	' "$SCRATCH/resolved")" "4"

FROM=(--signoff --from "Link Mender <mender@linkmend-web.org>")
"$LINKMEND" series -o "$SCRATCH/out" --archived "${FROM[@]}" 2> "$SCRATCH/err"
same "series exits 0" "$?" "0"
O=$SCRATCH/out/ceph-ceph-client
same "one series of two patches and a cover letter (the checks below read them)" \
	"$(cd "$O" 2> /dev/null && ls | tr '\n' ' ')" \
	"0000-cover-letter.patch 0001-ceph-replace-dead-web-link-with-archived-copy-in-sup.patch 0002-rbd-replace-dead-web-link-with-archived-copy.patch "
ok "the section's own site is not archived" \
	bash -c "! grep -h '^+' '$O'/0*.patch | grep -q 'web/[0-9]*/http://www.ceph-fs.org'"
ok "nor the bare home page" \
	bash -c "! grep -h '^+' '$O'/0*.patch | grep -q 'web/[0-9]*/http://www.old-vendor.org'"
ok "the dead fixed documents are archived" \
	grep -q '^+ \* The rbd protocol: https://web.archive.org/web/20120101000000/http://www.vendor-x.org/pdf/rbd.pdf$' "$O"/0*.patch
tr '\n' ' ' < "$O/0000-cover-letter.patch" | tr -s ' ' > "$SCRATCH/cover.flat"
ok "the cover letter tells the owner its own site does not answer" \
	grep -q 'fs/ceph/super.c:3: your own site `http://www.ceph-fs.org/docs/mds.html` does not answer (checked 1 time since 2023-11-14); not replaced by an archived copy: MAINTAINERS: CEPH DISTRIBUTED FILE SYSTEM CLIENT (CEPH): W: http://www.ceph-fs.org/' "$SCRATCH/cover.flat"
ok "and lists the home page left" \
	grep -q 'drivers/block/rbd.c:4: `http://www.old-vendor.org/` does not answer (checked 1 time since 2023-11-14); a bare home page: not archived' "$SCRATCH/cover.flat"
same "DIR/LEFT lists both, nothing dropped silently" \
	"$(grep -v '^#' "$SCRATCH/out/LEFT" | cut -d: -f1,2 | tr '\n' ' ')" \
	"drivers/block/rbd.c:4 fs/ceph/super.c:3 "
ok "stderr counts them by reason" \
	grep -q "^series: 2 left as they are, reported instead (the owner's own site does not answer 1, a bare home page 1)" "$SCRATCH/err"

"$LINKMEND" series -o "$SCRATCH/home" --archived --home-pages=1 "${FROM[@]}" 2> /dev/null
ok "--home-pages=1: the user asks, the home page is archived" \
	grep -q '^+ \* Vendor: https://web.archive.org/web/20010101000000/http://www.old-vendor.org/$' "$SCRATCH"/home/*/0*.patch
ok "but never the section's own site" \
	bash -c "ls '$SCRATCH'/home/*/0001-*.patch > /dev/null && ! grep -h '^+' '$SCRATCH'/home/*/0*.patch | grep -q 'web/[0-9]*/http://www.ceph-fs.org'"
# What each link is for, recorded for the report (schema 5's purpose).
same "the store records each judged link's purpose" \
	"$(sqlite3 .linkmend/linkmend.db "select path || ':' || purpose from occurrence where purpose is not null order by path, start" | tr '\n' ' ')" \
	"drivers/block/rbd.c:fixed document drivers/block/rbd.c:home page fs/ceph/super.c:unknown fs/ceph/super.c:fixed document "
ok "with its evidence: whose site, and why it was left" \
	bash -c "sqlite3 .linkmend/linkmend.db \"select purpose_why from occurrence where path = 'fs/ceph/super.c' and purpose = 'unknown'\" | grep -q 'the site of the MAINTAINERS section that owns the file: MAINTAINERS: CEPH DISTRIBUTED FILE SYSTEM CLIENT (CEPH): W: http://www.ceph-fs.org/; left as it is: the owner.s own site does not answer'"
# The report lists what series leaves, and why.
"$LINKMEND" report -o "$SCRATCH/r.md" 2> /dev/null
ok "the report lists what is left, by reason" \
	grep -qx "\*\*Left as they are, reported instead of patched (2)\*\*" "$SCRATCH/r.md"
ok "and tells the owner, place by place" \
	grep -q '^- fs/ceph/super.c:3: your own site &#96;http://www.ceph-fs.org/docs/mds.html&#96; does not answer' "$SCRATCH/r.md"
"$LINKMEND" report -o "$SCRATCH/r.json" 2> /dev/null
same "the JSON model counts them" \
	"$(python3 -c 'import json,sys; m=json.load(open(sys.argv[1])); print(m["left"]["total"], sorted(m["left"]["reasons"].items()))' "$SCRATCH/r.json")" \
	"2 [('a bare home page', 1), (\"the owner's own site does not answer\", 1)]"
# fix leaves the same links, and says how many.
"$LINKMEND" fix --archived 2> "$SCRATCH/fix.err" > /dev/null
ok "fix archives the dead PDFs" \
	grep -q '^ \* The manual: https://web.archive.org/web/20120101000000/http://www.vendor-x.org/pdf/manual.pdf$' fs/ceph/super.c
ok "and leaves the own site and the home page as they are" \
	bash -c "grep -q '^ \* The metadata server: http://www.ceph-fs.org/docs/mds.html$' fs/ceph/super.c && grep -q '^ \* Vendor: http://www.old-vendor.org/$' drivers/block/rbd.c"
ok "and counts them" \
	grep -q "^fix: 2 left as they are, reported instead (the owner's own site does not answer 1, a bare home page 1); linkmend report lists each" "$SCRATCH/fix.err"
