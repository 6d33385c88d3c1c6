#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A live permanent redirect to another site is a move only with evidence
# (issue 44; tests/web/cases/offsite.scn, real trees' lines): within one
# site it is trusted; to another, only where the page keeps its name,
# its content is the old page's capture's, or its host was renamed (the
# same name under another top-level domain, or its pages found there).
# Else it is looked up as a dead page (archived, or unresolved), its
# evidence says why, and the series never says "moved" nor that it
# failed its checks.
. "$(dirname "$0")/../lib/sh.sh"
if [ "$(id -u)" -ne 0 ] || ! command -v dnsmasq > /dev/null; then
	echo "not ok - the test web needs root and dnsmasq (make check installs it)"
	exit 0
fi
WEB=$TESTS/web
NAME=lm-offsite-$$
trap '"$WEB/down" "$NAME"; [ -n "${KEEP_SCRATCH:-}" ] || rm -rf "$SCRATCH"' EXIT
SC=$WEB/cases/offsite.scn
state=$("$WEB/up" "$SC" "$NAME") || { echo "not ok - tests/web/up failed"; exit 0; }
run() { "$WEB/exec" -n "$NAME" "$@"; }
NET=(--cacert "$state/ca.crt" --allow-private --timeout 2)
export LINKMEND_NOW=1700000000	# 2023-11-14: the evidence names dates
T=$SCRATCH/tree
mkdir -p "$T/src"
sed -n 's/^expect //p' "$SC" > "$SCRATCH/expect"
# links.c: every link but the gone page; more.c: the gone page and one
# redirected elsewhere, archived in one patch.
{ echo '/*'; cut -f1 "$SCRATCH/expect" | grep -v serialization | sed 's/^/ * /'
  echo ' */'; } > "$T/src/links.c"
{ echo '/*'; cut -f1 "$SCRATCH/expect" | grep /j2se/1.4.2/ | sed 's/^/ * /'
  echo ' */'; } > "$T/src/more.c"
(cd "$T" && git init -q . && git add -A &&
	GIT_AUTHOR_DATE=2017-01-01T12:00:00Z GIT_COMMITTER_DATE=2017-01-01T12:00:00Z \
	git -c user.email=dev@linkmend-web.org -c user.name=dev commit -qm links &&
	"$LINKMEND" scan -q . > /dev/null &&
	run "$LINKMEND" check -q --confirm 1 "${NET[@]}" > "$SCRATCH/check" 2>&1)
(cd "$T" && run "$LINKMEND" resolve --confirm 1 "${NET[@]}" --archive-spacing 0 \
	--wayback https://web.archive.org --format=json) > "$SCRATCH/got.json" 2> "$SCRATCH/err"
same "resolve exits 0" "$?" "0"
same_resolutions "$SCRATCH/got.json" "$SCRATCH/expect"
ev() { evidence_of "$SCRATCH/got.json" "$1"; }
ok "a redirect to another site's page titled otherwise: the evidence says why" grep -qF \
	"suggestion: https://www.nexgen-semi.net/support/docs/mime.html (https://pagure.io/mailcap/blob/master/f/mime.types redirects permanently to https://www.nexgen-semi.net/support/docs/mime.html, another site; its title \"NexGen support: MIME settings\" is not the old page's \"mime.types - mailcap - Pagure.io\"); it redirects permanently to another site, not shown to be the same page" \
	<<< "$(ev https://pagure.io/mailcap/blob/master/f/mime.types)"
ok "one whose page is the old one's: by its title" grep -qF \
	"https://www.nexgen-semi.net/support/docs/mod-nss.html answers 200 now, titled \"mod nss - Pagure.io\" as the capture 20150101000000 of the old page was" \
	<<< "$(ev https://pagure.io/mod_nss.git)"
ok "one that keeps the page's name: said so" grep -qF \
	"; to another site, where the page keeps its name" \
	<<< "$(ev http://java.sun.com/j2se/1.5.0/docs/guide/rmi/spec/rmiTOC.html)"
ok "a renamed host's root: by its pages found there" grep -qF \
	"; to another site, the same path on a host renamed: 1 other page of www.osdl.org is found there by its content (https://www.linuxfoundation.org/lab_activities/kernel_testing/stp/)" \
	<<< "$(ev http://www.osdl.org/)"
ok "a host renamed to another top-level domain: said so" grep -qF \
	"; to another site, the same path on a host renamed: coccinelle.lip6.org is coccinelle.lip6.fr's name under another top-level domain" \
	<<< "$(ev http://coccinelle.lip6.fr/)"
ok "a squatted path with no capture: no successor, and why" grep -qF \
	"suggestion: https://www.jackpot-linkmend.net/bonus/welcome-offer (http://www.keplerproject.org/luafilesystem/ redirects permanently to https://www.jackpot-linkmend.net/bonus/welcome-offer, another site; no capture of the old page to compare with)" \
	<<< "$(ev http://www.keplerproject.org/luafilesystem/)"
# The series: the archived ones are no "dead link that failed its checks".
(cd "$T" && "$LINKMEND" series -q -o "$SCRATCH/series" --archived \
	--from "Link Mender <mender@linkmend-web.org>") > /dev/null 2> "$SCRATCH/series.err"
cat "$SCRATCH"/series/*.patch 2> /dev/null | tr -s ' \n' '  ' > "$SCRATCH/series.txt"
ok "the series archives the page redirected elsewhere (the setup works)" grep -qF \
	"https://web.archive.org/web/20060101000000/http://java.sun.com/j2se/1.4.2/docs/guide/rmi/" "$SCRATCH/series.txt"
ok "and says it no longer leads to its page" grep -qF \
	"This web link no longer leads to its page: it redirects permanently to another site, not shown to serve the same page." "$SCRATCH/series.txt"
ok "and, beside a dead one, which failed its check and which redirects elsewhere" grep -qF \
	"These web links no longer lead to their pages: one failed the one check made, on 2023-11-14, and one redirects permanently to another site, not shown to serve the same page." "$SCRATCH/series.txt"
ok "not that each failed a check" bash -c "! grep -q 'each failed' '$SCRATCH/series.txt'"
ok "no page of another site not shown to be the link's replaces it" \
	bash -c "! grep -qE '^[-+].*(jackpot|parkingcrew|java/technologies|support/docs/mime)' '$SCRATCH'/series/0*.patch"
ok "nor is a moved link's page called unproven" \
	bash -c '! grep -qF "not shown to be the same page"' <<< "$(ev https://pagure.io/mod_nss.git)"
