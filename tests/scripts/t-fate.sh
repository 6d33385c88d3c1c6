#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Every release, once (issue 47): the store remembers what series wrote,
# what was sent (linkmend sent), applied upstream or refused (linkmend
# refuse); a re-run proposes only what is owed; series --resend sends the
# pending edits as RESEND or v2 in reply to the first mail; a refusal per
# link survives its line moving, and goes to another store by a file; a
# tree that moved on since the scan stops series before it writes.  The
# fixture is the kernel's own lines (linux-source-6.1: atp.c, vortex.rst)
# with resolutions put in the store, so no web is needed.
. "$(dirname "$0")/../lib/sh.sh"
KSRC=/var/cache/linkmend/linux-source-6.1
if [ ! -f "$KSRC/drivers/net/ethernet/realtek/atp.c" ]; then
	echo "ok - fates # SKIP no linux-source-6.1 tree for the fixture"
	exit 0
fi
export LINKMEND_NOW=1790000000	# 2026-09-21
T=$SCRATCH/t
mkdir -p "$T/drivers/net/ethernet/realtek" "$T/Documentation/networking"
cd "$T" || exit 1
git init -q .
git config user.email dev@linkmend-web.org
git config user.name "A Developer"
sed -n 1,40p "$KSRC/drivers/net/ethernet/realtek/atp.c" > drivers/net/ethernet/realtek/atp.c
sed -n 286,316p "$KSRC/Documentation/networking/device_drivers/ethernet/3com/vortex.rst" > Documentation/networking/vortex.rst
# A history of one-line changes: the project's normal patch is one file,
# one line, so the two files' edits are two patches (series/group.c).
for i in $(seq 1 24); do
	echo "note $i" > NOTES
	git add NOTES
	git commit -qm "notes: note $i"
done
git add -A
git commit -qm "the release"

# Each scanned link resolved: http://www.scyld.com/X moved to https.
resolve() {	# resolve: every occurrence without a resolution gets one
	sqlite3 .linkmend/linkmend.db "INSERT OR IGNORE INTO resolution(tree_id, url_id, path, start, kind, replacement, evidence, at) SELECT tree_id, url_id, path, start, 'moved', replace(text, 'http://www.scyld.com/', 'https://www.scyld.com/'), 'the site redirects permanently', 1 FROM occurrence WHERE text LIKE 'http://www.scyld.com/%'"
}
"$LINKMEND" scan -q --no-output .
resolve
q() { sqlite3 .linkmend/linkmend.db "$1"; }
S=$SCRATCH/s
mkdir -p "$S"

# Written: each edit recorded with its patch; each mail has a Message-Id.
"$LINKMEND" series -q -o "$S/1" 2> "$SCRATCH/e1"
same "series writes a cover and two patches (the setup works)" \
	"$?:$(ls "$S/1" | grep -c '\.patch$')" "0:3"
same "every link written is recorded, with its patch and directory" \
	"$(q "SELECT count(*), count(DISTINCT patch), min(state), max(state), min(dir) FROM fate")" \
	"6|2|written|written|$(realpath "$S/1")"
same "with the line as the patch makes it" \
	"$(q "SELECT line_after FROM fate WHERE path = 'drivers/net/ethernet/realtek/atp.c'")" \
	"	https://www.scyld.com/network/atp.html"
cover_id=$(sed -n 's/^Message-Id: //p' "$S/1/0000-cover-letter.patch")
ok "the cover letter has a Message-Id" test -n "$cover_id"
same "each patch its own, in reply to the cover" \
	"$(cat "$S"/1/000[12]-*.patch | grep -c "^In-Reply-To: $cover_id$"):$(cat "$S"/1/000[12]-*.patch | grep '^Message-Id: ' | sort -u | wc -l)" "2:2"
"$LINKMEND" series -q -o "$S/1b" 2> /dev/null
same "written but not sent: proposed again" "$(ls "$S/1b" | grep -c '\.patch$')" "3"
"$LINKMEND" sent "$S/1" 2> "$SCRATCH/sent0"
same "the series written over by a later one is not the one sent: exit 1" \
	"$?:$(cat "$SCRATCH/sent0")" "1:sent: no patch there holds an edit written and not yet sent"

# Sent: each link then pending, with its mail's Message-Id.
cover_id=$(sed -n 's/^Message-Id: //p' "$S/1b/0000-cover-letter.patch")
"$LINKMEND" sent "$S/1b" 2> "$SCRATCH/sent"
same "sent records the links of the series' patches" "$?:$(cat "$SCRATCH/sent")" \
	"0:sent: 6 links in 2 patches recorded as sent on 2026-09-21"
doc=$(grep -l vortex.rst "$S"/1b/000[12]-*.patch)
same "with its patch's Message-Id, its thread the cover's" \
	"$(q "SELECT DISTINCT message_id, first_id, state FROM fate WHERE path LIKE 'Documentation/%'")" \
	"$(sed -n 's/^Message-Id: //p' "$doc")|$cover_id|sent"
"$LINKMEND" sent "$S/1b" 2> "$SCRATCH/sent2"
same "sent twice records nothing more, exit 1" "$?" "1"

# A re-run proposes nothing sent and not applied, and says why.
LINKMEND_NOW=1796000000 "$LINKMEND" series -o "$S/2" 2> "$SCRATCH/e2"
same "a re-run with only pending links writes nothing" \
	"$?:$(test -e "$S/2" && echo written)" "0:"
ok "and says they are pending, sent on the day, and how to resend" \
	grep -qx 'series: 6 links sent on 2026-09-21, pending: `series --resend` to send them again' "$SCRATCH/e2"

# Refused per link, with a reason.
"$LINKMEND" refuse -q --reason "the maintainer keeps Becker's address" \
	--file drivers/net/ethernet/realtek/atp.c http://www.scyld.com/network/atp.html
same "refuse per link takes the replacement proposed" \
	"$(q "SELECT path, old_url, new_url, reason FROM refusal")" \
	"drivers/net/ethernet/realtek/atp.c|http://www.scyld.com/network/atp.html|https://www.scyld.com/network/atp.html|the maintainer keeps Becker's address"

# The tree moves on: lines above the refused link, a new dead link, and
# upstream takes one of the sent edits as sent, changes another line and
# removes a third.
sed -i '1a /* A line above the refused link. */\n/* And another. */' drivers/net/ethernet/realtek/atp.c
sed -i 's|^\tSupport information and updates available at$|&\n\tThe old page: http://www.scyld.com/network/updates.html|' drivers/net/ethernet/realtek/atp.c
sed -i 's|http://www.scyld.com/vortex.html|https://www.scyld.com/vortex.html|' Documentation/networking/vortex.rst
sed -i 's|http://www.scyld.com/network.html|https://www.linkmend-web.org/becker/network.html|' Documentation/networking/vortex.rst
sed -i '/wakeonlan.html/d' Documentation/networking/vortex.rst
git commit -qam "the next release"
"$LINKMEND" series -o "$S/3" > /dev/null 2> "$SCRATCH/e3"
same "series in a tree that moved on since the scan stops, exit 1" \
	"$?:$(test -e "$S/3" && echo written)" "1:"
same "in one line, before anything is written" "$(wc -l < "$SCRATCH/e3"):$(grep -c '^fatal:' "$SCRATCH/e3")" "1:0"
ok "saying what changed and what to do" grep -q "^series: the tree changed since the scan; run linkmend scan and resolve again: scanned at [0-9a-f]*, HEAD is [0-9a-f]*, 2 of the 2 files to edit changed; nothing written$" "$SCRATCH/e3"

"$LINKMEND" scan --no-output . 2> "$SCRATCH/scan3"
ok "the rescan prunes the resolutions of links no longer where they were" \
	grep -qx "scan: 6 resolutions of links no longer in the tree pruned" "$SCRATCH/scan3"
same "none is left without its occurrence" \
	"$(q "SELECT count(*) FROM resolution r WHERE NOT EXISTS (SELECT 1 FROM occurrence o WHERE o.tree_id = r.tree_id AND o.path = r.path AND o.start = r.start AND o.url_id = r.url_id)")" "0"
resolve
same "the refused link's line moved (the setup works)" \
	"$(q "SELECT line FROM occurrence WHERE text = 'http://www.scyld.com/network/atp.html'")" "29"
"$LINKMEND" series -o "$S/3" 2> "$SCRATCH/e3"
same "a re-run proposes the one new link alone" \
	"$?:$(cat "$S"/3/*.patch | grep -c '^+.*https://www.scyld.com/')" "0:1"
ok "the new one" grep -q '^+	The old page: https://www.scyld.com/network/updates.html$' "$S"/3/0001-*.patch
ok "refused per link stays refused after the line moves" \
	grep -qx "drivers/net/ethernet/realtek/atp.c:29: http://www.scyld.com/network/atp.html -> https://www.scyld.com/network/atp.html: refused: the maintainer keeps Becker's address" "$S/3/HELD"
same "applied upstream: found, as sent, changed or removed, and recorded" \
	"$(q "SELECT old_url, how FROM fate WHERE state = 'applied' ORDER BY old_url")" \
	"http://www.scyld.com/network.html|changed
http://www.scyld.com/vortex.html|as sent
http://www.scyld.com/wakeonlan.html|removed"
ok "and said" grep -qx "series: 3 edits found applied at HEAD (1 as sent, 1 on a line changed upstream, 1 whose line was removed)" "$SCRATCH/e3"
ok "the pending ones are held, with the day they were sent" \
	grep -qx 'series: 2 links sent on 2026-09-21, pending: `series --resend` to send them again' "$SCRATCH/e3"
ok "the patch's cover letter would say so too (one patch: none), HELD lists them" \
	test "$(grep -c ': pending (sent on 2026-09-21)$' "$S/3/HELD")" = 2

# The report says each edit's fate and what to do, in every form.
"$LINKMEND" report --format json -o "$SCRATCH/r3.json"
jq() { python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); f = r["fates"]
'"$1" "$SCRATCH/r3.json"; }
same "the JSON report gives each edit its fate" \
	"$(jq 'import collections; c = collections.Counter(e["fate"] for e in f["edits"]); print(" ".join("%s %d" % kv for kv in sorted(c.items())))')" \
	"applied 3 pending 2 refused 1 written 1"
same "a pending one: when it was sent, its Message-Id and thread" \
	"$(jq 'e = [e for e in f["edits"] if e["fate"] == "pending"][0]; print(e["sent"]["at"], e["sent"]["message_id"], e["sent"]["thread"], e["sent"]["version"])')" \
	"2026-09-21T14:13:20Z $(sed -n 's/^Message-Id: //p' "$doc") $cover_id 1"
same "an applied one how, a refused one why" \
	"$(jq 'print(sorted(e["how"] for e in f["edits"] if e["fate"] == "applied"), [e["reason"] for e in f["edits"] if e["fate"] == "refused"])')" \
	"['as sent', 'changed', 'removed'] [\"the maintainer keeps Becker's address\"]"
same "and a line per count with the command that acts on it" \
	"$(jq 'print("\n".join("%s|%s|%s" % (s["fate"], s["says"], s["command"]) for s in f["summary"]))')" \
	"written|1 link written in $(realpath "$S/3"), not recorded as sent: \`linkmend sent $(realpath "$S/3")\` once it is mailed|linkmend sent $(realpath "$S/3")
pending|2 links sent on 2026-09-21, pending: \`series --resend\` to send them again|linkmend series --resend
applied|3 links applied at a later revision: not proposed again|None
refused|1 link refused: never proposed until the refusal is withdrawn (linkmend refuse --withdraw)|linkmend refuse --withdraw"
"$LINKMEND" report -o "$SCRATCH/r3.md"
ok "the markdown report says what was left out and why" \
	grep -qx -- '- 2 links sent on 2026-09-21, pending: &#96;series --resend&#96; to send them again' "$SCRATCH/r3.md"
ok "and each edit's fate" \
	grep -qx -- "- drivers/net/ethernet/realtek/atp.c: http://www.scyld.com/network/atp.html &rarr; https://www.scyld.com/network/atp.html: refused, sent on 2026-09-21T14:13:20Z as $(sed -n 's/^Message-Id: //p' "$(grep -l atp.c "$S"/1b/000[12]-*.patch)" | sed 's/[<>]/\&#&;/g; s/&#<;/\&#60;/; s/&#>;/\&#62;/'): the maintainer keeps Becker's address" "$SCRATCH/r3.md"
"$LINKMEND" report -o "$SCRATCH/r3.sarif"
same "the SARIF log carries them in the run's properties" \
	"$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["runs"][0]["properties"]["fates"]["edits"]))' "$SCRATCH/r3.sarif")" "7"
"$LINKMEND" report -o "$SCRATCH/r3.html"
ok "the HTML report has them, and a place that shows them" \
	bash -c "grep -q 'id=\"fates-summary\"' '$SCRATCH/r3.html' && grep -qF '2 links sent on 2026-09-21, pending' '$SCRATCH/r3.html'"

# Refused per patch file, then withdrawn: proposed again.
p3=$(ls "$S"/3/0001-*.patch)
"$LINKMEND" refuse -q --reason "not this one" "$p3"
"$LINKMEND" series -q -o "$S/4" 2> /dev/null
same "a patch refused is not proposed again" "$(test -e "$S/4" && echo written)" ""
"$LINKMEND" refuse -q --withdraw "$p3"
"$LINKMEND" series -q -o "$S/4" 2> /dev/null
same "its refusal withdrawn, it is proposed again" "$(cat "$S"/4/*.patch | grep -c '^+.*https://www.scyld.com/')" "1"

# --resend: the pending edits alone, RESEND in reply to the first mail.
"$LINKMEND" series -q --resend -o "$S/5" 2> /dev/null
same "series --resend writes the pending links only" \
	"$?:$(cat "$S"/5/*.patch | grep '^+.*https://www.scyld.com/' | sort | tr -d '\t ' | tr '\n' ' ')" \
	"0:+https://www.scyld.com/ethercard_diag.html +https://www.scyld.com/ethercard_diag.html#mii-diag "
r5=$(ls "$S"/5/0001-*.patch)
same "as RESEND, in reply to the first mail" \
	"$(grep -E '^(Subject|In-Reply-To|References):' "$r5")" \
	"In-Reply-To: $cover_id
References: $cover_id
Subject: [PATCH RESEND] Update moved web links in vortex.rst"
ok "saying below --- that it is resent unchanged" \
	grep -qx "Resent unchanged (sent first in v1, not applied)." "$r5"

# Handed to b4 (a copy of the store: b4's branch counts as sent), a resend
# is marked as b4 can mark it, RESEND or its version; b4 send has no
# In-Reply-To, which series says in one line.
b4_resend() {	# b4_resend NAME: series --resend --b4, then b4 send's subjects
	sqlite3 .linkmend/linkmend.db ".backup '$SCRATCH/$1.db'"
	"$LINKMEND" series --db "$SCRATCH/$1.db" -q --resend --b4 \
		--to "A Maintainer <maint@linkmend-web.org>" -o "$S/$1" 2> "$SCRATCH/$1.err" ||
		echo "series failed: $(cat "$SCRATCH/$1.err")"
	git worktree add -q "$SCRATCH/wt-$1" b4/linkmend
	(cd "$SCRATCH/wt-$1" && b4 -q send --no-sign -o "$SCRATCH/$1.eml" > /dev/null 2>&1)
	grep -h '^Subject:' "$SCRATCH/$1.eml"/*
	git worktree remove --force "$SCRATCH/wt-$1"
	git branch -q -D b4/linkmend
}
if command -v b4 > /dev/null; then
	same "a resend handed to b4 is sent as RESEND" "$(b4_resend b4-resend)" \
		"Subject: [PATCH RESEND] Update moved web links in vortex.rst"
	same "said in one line: a new thread, the patch files in reply to the first mail" \
		"$(grep b4/ "$SCRATCH/b4-resend.err")" \
		"warning: b4/linkmend: b4 sends it as a new thread, not in reply to $cover_id (b4 send has no In-Reply-To); the patch files in $S/b4-resend reply to it"
else
	skip "a resend handed to b4" "no b4 here"
fi

# A changed resolution of a pending link: v2, with its changelog.
q "UPDATE resolution SET replacement = 'https://www.linkmend-web.org/becker/diag.html' WHERE path = 'Documentation/networking/vortex.rst' AND start = (SELECT min(start) FROM occurrence WHERE text = 'http://www.scyld.com/ethercard_diag.html')"
LINKMEND_NOW=1796000000 "$LINKMEND" series -o "$S/6" 2> "$SCRATCH/e6"
ok "without --resend a changed pending link is held, said so" \
	grep -qx 'series: 1 link sent on 2026-09-21, pending, resolved anew since: `series --resend` sends them as the next version' "$SCRATCH/e6"
"$LINKMEND" series -q --resend -o "$S/7" 2> /dev/null
r7=$(ls "$S"/7/0001-*.patch)
same "pending re-sent as v2 with In-Reply-To of the first mail" \
	"$(grep -E '^(Subject|In-Reply-To):' "$r7")" \
	"In-Reply-To: $cover_id
Subject: [PATCH v2] Update moved web links in vortex.rst"
ok "and a changelog below the --- line" bash -c "sed -n '/^---$/,\$p' '$r7' | grep -qx 'Changes in v2:' &&
	sed -n '/^---$/,\$p' '$r7' | grep -q '^- Documentation/networking/vortex.rst:[0-9]*: http://www.scyld.com/ethercard_diag.html now becomes https://www.linkmend-web.org/becker/diag.html (v1: https://www.scyld.com/ethercard_diag.html)$'"
if command -v b4 > /dev/null; then
	same "a changed one handed to b4 is sent as v2" "$(b4_resend b4-v2)" \
		"Subject: [PATCH v2] Update moved web links in vortex.rst"
fi
"$LINKMEND" series -q --resend -o "$S/7b" 2> /dev/null
ok "written again before it is sent, it is still v2, with its changelog" \
	bash -c "grep -q '^Subject: \[PATCH v2\]' '$S'/7b/0001-*.patch && grep -qx 'Changes in v2:' '$S'/7b/0001-*.patch"
mv "$S/7b" "$S/7moved"
"$LINKMEND" sent "$S/7moved" 2> "$SCRATCH/sent7"
same "a series directory moved is found by its Message-Ids" "$?:$(cat "$SCRATCH/sent7")" \
	"0:sent: 2 links in 1 patch recorded as sent on 2026-09-21"
same "v2 sent: the thread stays the first mail's" \
	"$(q "SELECT state, version, first_id FROM fate WHERE new_url = 'https://www.linkmend-web.org/becker/diag.html'"):$(q "SELECT state FROM fate WHERE new_url = 'https://www.scyld.com/ethercard_diag.html'")" \
	"sent|2|$cover_id:replaced"

# Refusals go to a file the tree carries and into another store.
"$LINKMEND" refuse --export .linkmend-refused
same "export writes the refusal" "$(grep -vc '^#' .linkmend-refused)" "1"
cp -a "$T" "$SCRATCH/u"
cd "$SCRATCH/u" || exit 1
rm -rf .linkmend
"$LINKMEND" scan -q --no-output .
resolve
"$LINKMEND" series -q -o "$S/8" 2> "$SCRATCH/e8"
ok "a fresh store proposes the refused link: the tree's file is not imported unasked" \
	grep -q '^+	https://www.scyld.com/network/atp.html$' "$S"/8/*.patch
same "series says in one line that the tree carries refusals not imported" \
	"$(grep -c 'refus' "$SCRATCH/e8"):$(grep 'refus' "$SCRATCH/e8")" \
	"1:series: the tree carries 1 refusal in .linkmend-refused that this store has not: \`linkmend refuse --import .linkmend-refused\` records them"
"$LINKMEND" refuse --import .linkmend-refused 2> "$SCRATCH/imp"
same "import records it" "$?:$(cat "$SCRATCH/imp")" "0:refuse: 1 refusal imported"
"$LINKMEND" series -q -o "$S/9" 2> "$SCRATCH/e9"
ok "imported, series no longer says so" bash -c "! grep -q 'carries' '$SCRATCH/e9'"
ok "a refusal exported and imported in another store holds there" \
	bash -c "! grep -q 'https://www.scyld.com/network/atp.html' '$S'/9/*.patch && grep -q 'atp.html.*refused' '$S/9/HELD'"
printf 'drivers/x.c\thttp://a/\n' > "$SCRATCH/bad"
"$LINKMEND" refuse --import "$SCRATCH/bad" 2> "$SCRATCH/bad.err"
same "a bad line is an error naming the file and line" "$?:$(cat "$SCRATCH/bad.err")" \
	"2:error: $SCRATCH/bad:1: not a refusal (path, URL, replacement, when, why: tab-separated)"
ok "the cover letter says what was left out and why" \
	bash -c "sed -n '/^Not in this series:$/,/^\$/p;/^Not in this series:$/{n;n;p}' '$S/9/0000-cover-letter.patch' | grep -qx '  1 link refused: never proposed until the refusal is withdrawn (linkmend refuse --withdraw)'"

# Upstream renames the files (as 6.12 moved Documentation/arch/ and the
# arm dts): the sent and the refused links follow them, none proposed.
"$LINKMEND" sent -q "$S/9"
sent9=$(q "SELECT count(*) FROM fate WHERE state = 'sent'")
mkdir -p drivers/net/ethernet/atp Documentation/networking/3com
git mv drivers/net/ethernet/realtek/atp.c drivers/net/ethernet/atp/atp.c
git mv Documentation/networking/vortex.rst Documentation/networking/3com/vortex.rst
git commit -qm "the files move"
"$LINKMEND" scan -q --no-output .
resolve
"$LINKMEND" series -o "$S/10" 2> "$SCRATCH/e10"
same "in renamed files, sent and refused links are not proposed again" \
	"$?:$(test -e "$S/10" && echo written)" "0:"
ok "said: followed to their files' new paths" \
	grep -qx "series: $((sent9 + 1)) links sent or refused followed to their file's new path (renamed at HEAD)" "$SCRATCH/e10"
ok "the refusal holds at the new path" \
	grep -qx "series: 1 link refused: never proposed until the refusal is withdrawn (linkmend refuse --withdraw)" "$SCRATCH/e10"
ok "the sent ones are pending at the new path" \
	grep -qx "series: $sent9 links sent on 2026-09-21, pending: \`series --resend\` to send them again" "$SCRATCH/e10"
"$LINKMEND" series -q --resend -o "$S/11" 2> /dev/null
same "--resend sends them at the new path, in reply to the first mail" \
	"$(cat "$S"/11/0*.patch | grep -c '^+++ b/Documentation/networking/3com/vortex.rst$'):$(ls "$S"/11/0*.patch | head -1 | xargs grep -c "^In-Reply-To: $(q "SELECT first_id FROM fate WHERE path = 'Documentation/networking/vortex.rst' LIMIT 1")$")" \
	"1:1"

# Upstream rewrites a file as another beside it (a binding's .txt become
# .yaml in 6.12): its lines are others, the pending links follow it.
sed 's/^/    /' Documentation/networking/3com/vortex.rst > Documentation/networking/3com/vortex.txt
git rm -q Documentation/networking/3com/vortex.rst
git add Documentation/networking/3com/vortex.txt
git commit -qm "the doc rewritten"
"$LINKMEND" scan -q --no-output .
resolve
"$LINKMEND" series -o "$S/12" 2> "$SCRATCH/e12"
same "a file rewritten beside the old one: its pending links are not proposed" \
	"$?:$(test -e "$S/12" && echo written)" "0:"
ok "they are held pending" \
	grep -q '^series: [0-9]* links sent on 2026-09-21, pending: `series --resend` to send them again$' "$SCRATCH/e12"

# New links in two files beside the pending and refused ones: the cover
# letter says what was left out and why, as the report does.
sed -i 's|^\tSupport information and updates available at$|&\n\tThe errata: http://www.scyld.com/network/errata.html|' drivers/net/ethernet/atp/atp.c
printf '    Mirror: http://www.scyld.com/network/mirror.html\n' >> Documentation/networking/3com/vortex.txt
git commit -qm "the errata" drivers/net/ethernet/atp/atp.c
git commit -qm "the mirror" Documentation/networking/3com/vortex.txt
for i in $(seq 25 48); do	# one file a patch again (series/group.c)
	echo "note $i" > NOTES
	git commit -qam "notes: note $i"
done
"$LINKMEND" scan -q --no-output .
resolve
"$LINKMEND" series -o "$S/13" 2> "$SCRATCH/e13"
same "two new links, two patches and a cover letter (the setup works)" \
	"$(ls "$S/13" | grep -c '\.patch$'):$(test -f "$S/13/0000-cover-letter.patch" && echo cover)" "3:cover"
ok "some links are held pending and refused (the setup works)" \
	bash -c "grep -q '^series: [0-9]* links sent on 2026-09-21, pending: \`series --resend\` to send them again\$' '$SCRATCH/e13' &&
		grep -q '^series: 1 link refused: ' '$SCRATCH/e13'"
same "the cover letter says what was left out and why, as series did" \
	"$(sed -n '/^Not in this series:$/,/^-- $/p' "$S/13/0000-cover-letter.patch" | sed -n 's/^  \([0-9]\)/\1/p')" \
	"$(grep -E '^series: [0-9]+ links? (refused|sent on)' "$SCRATCH/e13" | sed 's/^series: //')"

# The same fates on PostgreSQL: written, sent, held, refused and
# withdrawn, resent in reply to the first mail.
. "$TESTS/lib/pg.sh"
PGDIR=$SCRATCH/pg
chmod 755 "$SCRATCH"	# the server runs as postgres
cd "$SCRATCH" || exit 1
if url=$(pg_up "$PGDIR" 2> "$SCRATCH/pg.err"); then
	trap 'pg_down "$PGDIR" > /dev/null 2>&1; [ -n "${KEEP_SCRATCH:-}" ] || rm -rf "$SCRATCH"' EXIT
	P=$SCRATCH/p
	mkdir -p "$P" && cd "$P" || exit 1
	git init -q . && git config user.email dev@linkmend-web.org && git config user.name "A Developer"
	sed -n 1,40p "$KSRC/drivers/net/ethernet/realtek/atp.c" > atp.c
	git add -A && git commit -qm "the release"
	"$LINKMEND" scan -q --no-output --db "$url" .
	psql -qtA "$url" -c "INSERT INTO resolution(tree_id, url_id, path, start, kind, replacement, evidence, at) SELECT tree_id, url_id, path, start, 'moved', replace(text, 'http://www.scyld.com/', 'https://www.scyld.com/'), 'the site redirects permanently', 1 FROM occurrence WHERE text LIKE 'http://www.scyld.com/%'"
	"$LINKMEND" series --db "$url" -q -o "$S/p1" 2> /dev/null
	"$LINKMEND" sent --db "$url" -q "$S/p1"
	same "PostgreSQL: written, then sent" \
		"$(psql -qtA "$url" -c "SELECT state, message_id = first_id FROM fate")" "sent|t"
	"$LINKMEND" series --db "$url" -q -o "$S/p2" 2> /dev/null
	same "PostgreSQL: a pending link is not proposed again" "$(test -e "$S/p2" && echo written)" ""
	"$LINKMEND" refuse --db "$url" -q --file atp.c --reason no http://www.scyld.com/network/atp.html &&
	"$LINKMEND" refuse --db "$url" -q --withdraw --file atp.c http://www.scyld.com/network/atp.html
	same "PostgreSQL: a refusal recorded and withdrawn" "$?:$(psql -qtA "$url" -c "SELECT count(*) FROM refusal")" "0:0"
	"$LINKMEND" series --db "$url" -q --resend -o "$S/p3" 2> /dev/null
	same "PostgreSQL: resent in reply to the first mail" \
		"$(sed -n 's/^In-Reply-To: //p' "$S"/p3/0001-*.patch)" "$(sed -n 's/^Message-Id: //p' "$S"/p1/0001-*.patch)"
else
	skip "fates on PostgreSQL" "no PostgreSQL server here ($(head -1 "$SCRATCH/pg.err"))"
fi
