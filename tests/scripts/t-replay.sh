#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The static replay page linkmend archive writes beside its WACZ, opened
# in headless Chromium (tests/browser/replay.mjs): the collection served
# by a plain static HTTP server (Python's http.server) inside the test
# web, the page opened at the URL resolve --archive-base gives for three
# archived URLs (an HTML page with an image, a PDF, a URL that redirects
# to a page), the archived text shown, and no request anywhere else.
. "$(dirname "$0")/../lib/sh.sh"
BROWSER=$TESTS/browser
RWP=$TESTS/../replayweb/node_modules/replaywebpage
if [ ! -d "$BROWSER/node_modules/playwright-core" ] || ! command -v chromium > /dev/null; then
	skip "the replay page in Chromium" "playwright-core or chromium is missing (tests/deps.sh installs them)"
	exit 0
fi
if [ ! -f "$RWP/ui.js" ]; then
	skip "the replay page in Chromium" "ReplayWeb.page is not installed (make replayweb)"
	exit 0
fi
web_up "$TESTS/web/cases/replay.scn"
NET=(--cacert "$state/ca.crt" --allow-private --timeout 20)

T=$SCRATCH/tree
mkdir -p "$T"
cd "$T" || exit 1
cat > doc.txt <<'T'
The guide: http://docs.linkmend-web.org/guide.html
Its logo: http://docs.linkmend-web.org/logo.svg
The manual: http://docs.linkmend-web.org/manual.pdf
The old guide: http://docs.linkmend-web.org/old-guide.html
Where it went: http://docs.linkmend-web.org/moved.html
T
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q --no-output "${NET[@]}"
SITE=$SCRATCH/site
mkdir -p "$SITE"
C=$SITE/links
run "$LINKMEND" archive -q -o "$C" --only all "${NET[@]}"
same "archive writes the collection (the setup works)" "$?" "0"
ok "the WACZ reads back" "$LINKMEND" archive -q --wacz-check "$C/links.wacz"
ts() { sed -n "s|^org,linkmend-web,docs)/$1 \([0-9]*\) .*|\1|p" "$C/index.cdxj" | head -1; }

# A static server, nothing more: the folder as files.
port=8931
server=$("$WEB/static" -n "$NAME" "$SITE" "$port")
trap 'kill $server 2> /dev/null; "$WEB/down" "$NAME"; rm -rf "$SCRATCH"' EXIT
cases=$(printf '[{"url": "http://docs.linkmend-web.org/guide.html", "ts": "%s", "text": "The archived guide", "image": "logo"},
 {"url": "http://docs.linkmend-web.org/manual.pdf", "ts": "%s", "text": "linkmend archived manual", "pdf": true},
 {"url": "http://docs.linkmend-web.org/old-guide.html", "ts": "%s", "text": "The page the old address sends you to"}]' \
	"$(ts guide.html)" "$(ts manual.pdf)" "$(ts old-guide.html)")
(cd "$BROWSER" && run timeout 300 node replay.mjs --base "http://127.0.0.1:$port/links/" --cases "$cases") > "$SCRATCH/replay.out" 2>&1
grep -E '^(ok|not ok) - |^  # |^# ' "$SCRATCH/replay.out"
grep -qE '^(ok|not ok) - ' "$SCRATCH/replay.out" || { echo "not ok - replay.mjs ran"; sed 's/^/# /' "$SCRATCH/replay.out" | head -20; }
