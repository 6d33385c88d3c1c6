#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A living page told by the archive's own evidence (issue 44): dead links
# from real trees whose URLs carry no sign of what they are.  Their
# captures' digests and text say it: OpenSSL's FAQ (nmap) and unicode's
# MAPPINGS/ listing (nginx), whose text changed over the years, and a
# mapping table in plain text whose digest did, are left and reported,
# not frozen to a copy, nor is OEIS's sequence page (htop), linked after
# its last capture: a copy of its latest state is compared with its
# earliest; a paper (a PDF of one digest) and an HTML article whose
# captures differ only by a date-and-ad line are archived.
. "$(dirname "$0")/../lib/sh.sh"
web_up "$TESTS/web/cases/living.scn"
run() { "$WEB/exec" -n "$NAME" "$@"; }
NET=(--cacert "$state/ca.crt" --allow-private --timeout 2)
export LINKMEND_NOW=1700000000

T=$SCRATCH/repo
mkdir -p "$T/ncat" "$T/contrib/unicode2nginx" "$T/libpcap" "$T/include/uv"
cd "$T" || exit 1
git init -q .
git config user.email dev@linkmend-web.org
git config user.name "A Developer"
# nmap's ncat/ncat_ssl.c:98-99
cat > ncat/ncat_ssl.c <<'C'
/* Required for windows compilation to Eliminate APPLINK errors.
   See http://www.openssl.org/support/faq.html#PROG2 */
static int ssl;
C
# nginx's contrib/README:11-13
cat > contrib/README <<'C'
	The perl script to convert unicode mappings ( available
	at http://www.unicode.org/Public/MAPPINGS/ ) to the nginx
	configuration file format.
C
# nginx's contrib/unicode2nginx/unicode-to-nginx.pl:7-9
cat > contrib/unicode2nginx/unicode-to-nginx.pl <<'C'
# Convert unicode mappings to nginx configuration file format.
#
# http://www.unicode.org/Public/MAPPINGS/VENDORS/MISC/KOI8-R.TXT
C
# nmap's libpcap/optimize.c:179-180
cat > libpcap/optimize.c <<'C'
/*
	 *	http://supertech.csail.mit.edu/papers/debruijn.pdf
 */
static int optimize;
C
# htop's Hashtable.c:91
echo '/* https://oeis.org/A014234 */' > Hashtable.c
# libuv's include/uv/win.h:242-243
cat > include/uv/win.h <<'C'
/*
 * (section 3.2) at http://www.cs.wustl.edu/~schmidt/win32-cv-1.html
 */
static int win;
C
git add . && GIT_AUTHOR_DATE=2012-06-01T12:00:00Z \
	GIT_COMMITTER_DATE=2012-06-01T12:00:00Z git commit -qm start

"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q --confirm 1 "${NET[@]}" > /dev/null 2>&1
run "$LINKMEND" resolve -q --confirm 1 "${NET[@]}" --archive-spacing 0 > "$SCRATCH/resolved" 2>&1
same "six dead links, each with a copy near 2012" \
	"$(grep -c '	archived	' "$SCRATCH/resolved")" "6"
ev() {	# the resolution's evidence of the occurrence of url $1
	sqlite3 .linkmend/linkmend.db "select r.evidence from resolution r
		join url u on u.id = r.url_id where u.url = '$1'"
}
ok "OpenSSL's FAQ: its captures' text changed over the years" \
	bash -c "grep -q 'captures of http://www.openssl.org/support/faq.html changed 2 times between 2003 and 2016 (capture 20100304120000.s text is 0.[0-4][0-9] alike to the latest.s, 20161120120000): an archived copy would freeze it' <<< \"\$1\"" - "$(ev 'http://www.openssl.org/support/faq.html#PROG2')"
ok "a mapping table in plain text: its digests alone say it" \
	bash -c "grep -q 'captures of http://www.unicode.org/Public/MAPPINGS/VENDORS/MISC/KOI8-R.TXT changed 2 times between 2005 and 2018 (not HTML: each digest is new content): an archived copy would freeze it' <<< \"\$1\"" - "$(ev 'http://www.unicode.org/Public/MAPPINGS/VENDORS/MISC/KOI8-R.TXT')"
ok "OEIS's page, linked after its last capture: the latest against the earliest" \
	bash -c "grep -q 'captures of https://oeis.org/A014234 changed 2 times between 2003 and 2011 (capture 20111111120000.s text is 0.[0-4][0-9] alike to the earliest.s, 20030303120000): an archived copy would freeze it' <<< \"\$1\"" - "$(ev 'https://oeis.org/A014234')"
ok "the paper kept one digest" \
	bash -c "grep -q 'captures of http://supertech.csail.mit.edu/papers/debruijn.pdf kept one content from 2004 to 2015 (3 captures, one digest)' <<< \"\$1\"" - "$(ev 'http://supertech.csail.mit.edu/papers/debruijn.pdf')"
ok "the article's digests changed, not its text" \
	bash -c "grep -q 'captures of http://www.cs.wustl.edu/~schmidt/win32-cv-1.html changed 2 times between 2003 and 2015, not their text (capture 20090101120000.s is 0.[89][0-9] alike' <<< \"\$1\"" - "$(ev 'http://www.cs.wustl.edu/~schmidt/win32-cv-1.html')"

FROM=(--signoff --from "Link Mender <mender@linkmend-web.org>")
"$LINKMEND" series -o "$SCRATCH/out" --archived "${FROM[@]}" 2> "$SCRATCH/err"
same "series exits 0" "$?" "0"
cat "$SCRATCH"/out/0*.patch > "$SCRATCH/patches" 2> /dev/null
ok "the paper is archived" \
	grep -q '^+	 \*	https://web.archive.org/web/20110101120000/http://supertech.csail.mit.edu/papers/debruijn.pdf$' "$SCRATCH/patches"
ok "the article with a noisy date line is archived" \
	grep -q '^+ \* (section 3.2) at https://web.archive.org/web/20090101120000/http://www.cs.wustl.edu/~schmidt/win32-cv-1.html$' "$SCRATCH/patches"
ok "no living page is frozen to a copy" \
	bash -c "! grep '^+' '$SCRATCH/patches' | grep -q 'web/[0-9]*/http://www.\(openssl\|unicode\).org'"
same "DIR/LEFT lists the four living pages, nothing dropped silently" \
	"$(grep -v '^#' "$SCRATCH/out/LEFT" | cut -d: -f1,2 | sort | tr '\n' ' ')" \
	"Hashtable.c:1 contrib/README:2 contrib/unicode2nginx/unicode-to-nginx.pl:3 ncat/ncat_ssl.c:2 "
tr '\n' ' ' < "$SCRATCH/out/LEFT" | tr -s ' ' > "$SCRATCH/left.flat"
ok "each with the archive's evidence" \
	grep -q 'contrib/README:2: `http://www.unicode.org/Public/MAPPINGS/` does not answer (checked 1 time since 2023-11-14); a living page: captures of http://www.unicode.org/Public/MAPPINGS/ changed 2 times between 2004 and 2019 (capture 20110505120000.s text is 0.[0-9]* alike to the latest.s, 20190707120000): an archived copy would freeze it, only its live successor may replace it' "$SCRATCH/left.flat"
ok "stderr counts them" \
	grep -q "^series: 4 left as they are, reported instead (a living page an archived copy would freeze 4)" "$SCRATCH/err"
same "the store records each occurrence's purpose" \
	"$(sqlite3 .linkmend/linkmend.db "select path || ':' || purpose from occurrence where purpose is not null order by path" | tr '\n' ' ')" \
	"Hashtable.c:living page contrib/README:living page contrib/unicode2nginx/unicode-to-nginx.pl:living page include/uv/win.h:fixed document libpcap/optimize.c:fixed document ncat/ncat_ssl.c:living page "
ok "and why, from the captures" \
	bash -c "sqlite3 .linkmend/linkmend.db \"select purpose_why from occurrence where path = 'include/uv/win.h'\" | grep -q '^a fixed document: captures of http://www.cs.wustl.edu/~schmidt/win32-cv-1.html changed 2 times between 2003 and 2015, not their text'"

# The cost: one more replay, the latest capture's (or the earliest's), for
# each HTML page of several digests (four here), none for the others;
# none on a rerun.
same "replays: each copy offered, and the latest (or earliest) capture of the four HTML pages of several digests" \
	"$(grep -o 'web/[0-9]*id_/[^ ]*' "$state/requests.log" | sort -u | tr '\n' ' ')" \
	"web/20030303120000id_/https://oeis.org/A014234 web/20090101120000id_/http://www.cs.wustl.edu/~schmidt/win32-cv-1.html web/20100304120000id_/http://www.openssl.org/support/faq.html web/20110101120000id_/http://supertech.csail.mit.edu/papers/debruijn.pdf web/20110303120000id_/http://www.unicode.org/Public/MAPPINGS/VENDORS/MISC/KOI8-R.TXT web/20110505120000id_/http://www.unicode.org/Public/MAPPINGS/ web/20111111120000id_/https://oeis.org/A014234 web/20150101120000id_/http://www.cs.wustl.edu/~schmidt/win32-cv-1.html web/20161120120000id_/http://www.openssl.org/support/faq.html web/20190707120000id_/http://www.unicode.org/Public/MAPPINGS/ "
before=$(grep -c 'web.archive.org' "$state/requests.log")
run "$LINKMEND" resolve -q --confirm 1 "${NET[@]}" --archive-spacing 0 > "$SCRATCH/again" 2>&1
same "a rerun asks the archive nothing: the likeness is cached" \
	"$(grep -c 'web.archive.org' "$state/requests.log")" "$before"
same "and decides the same" "$(sort "$SCRATCH/again")" "$(sort "$SCRATCH/resolved")"
