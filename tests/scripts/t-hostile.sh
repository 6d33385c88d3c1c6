#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A hostile web (tests/web/cases/hostile.scn): bad status lines, folded
# and duplicate headers, invalid Locations, a huge Retry-After, a header
# flood, a gzip bomb, a server that trickles a byte a second, redirects to
# file: and gopher:, short and invalid UTF-8 bodies, a 50 MB body, CDX
# replies that are not CDX.  Every URL gets a verdict with its reason, no
# crash, and memory stays under its cap.  SSRF: by default nothing is
# requested from loopback, private or metadata addresses, whether a DNS
# answer or a redirect leads there.
# run alone: a 50 MB body and a 200 MB gzip bomb must be read within
# --timeout 3 (so that only the trickle times out): tests beside it on a
# small machine take the CPU that needs.
. "$(dirname "$0")/../lib/sh.sh"
web_up "$TESTS/web/cases/hostile.scn"
CA=(--cacert "$state/ca.crt")
cd "$SCRATCH" || exit 1

expect() {	# expect URL VERDICT DETAIL-PATTERN  (from $SCRATCH/got)
	local line
	line=$(awk -F'\t' -v u="$1" '$1 == u' got)
	if [ "$(printf %s "$line" | cut -f2)" = "$2" ] &&
	   printf %s "$line" | cut -f5 | grep -q -- "$3"; then
		echo "ok - $1: $2 ($3)"
	else
		echo "not ok - $1: $2 ($3)"
		echo "  got: $line"
	fi
}
E=http://evil.linkmend-web.org
cat > urls <<U
$E/bad-status
$E/not-http
$E/folded
$E/dup-location
$E/bad-location
$E/utf8-location
$E/huge-retry-after
$E/header-flood
$E/gzip-bomb
$E/trickle
$E/redirect-file
$E/redirect-gopher
$E/short-body
$E/utf8-body
$E/big
U
run /usr/bin/time -f %M -o rss "$LINKMEND" check --allow-private "${CA[@]}" --timeout 3 \
	--retries 0 --confirm 1 urls > got 2> err
same "check survives every hostile reply (exit 1: dead links found)" "$?" "1"
same "a verdict for every URL" "$(wc -l < got)" "15"
expect $E/bad-status server-error "Unsupported HTTP version"
expect $E/not-http server-error "HTTP/0.9"
expect $E/folded alive "HTTP 200"
expect $E/dup-location moved "301 -> $E/one"
expect $E/bad-location server-error "not a URL libcurl can request"
expect $E/utf8-location gone "HTTP 404"
expect $E/huge-retry-after blocked "Retry-After .* is over 300"
expect $E/header-flood server-error "cut off: more than 200 header lines or 65536 header bytes"
expect $E/gzip-bomb alive "HTTP 200"
expect $E/trickle timeout "timed out after 3000 ms"
expect $E/redirect-file unsafe "302 to file: not followed"
expect $E/redirect-gopher unsafe "302 to gopher: not followed"
expect $E/short-body server-error "bytes remaining"
expect $E/utf8-body gone "HTTP 404"
expect $E/big alive "HTTP 200"
ok "memory stayed under 100 MB (a 50 MB body, a 200 MB gzip bomb)" test "$(tail -1 rss)" -lt 102400
ok "the trickling server was cut off by the total time" \
	bash -c "grep -q 'timed out after 3000 ms, 1 try' got"

# SSRF, by default (no --allow-private).
P=http://public.linkmend-web.org
printf '%s\n' $P/page $P/to-metadata $P/to-loopback http://rebind.linkmend-web.org/page > ssrf
: > "$state/requests.log"
run "$LINKMEND" check "${CA[@]}" --timeout 3 --retries 0 ssrf > got 2> err
expect $P/page alive "HTTP 200"
expect $P/to-metadata unsafe "not requested: 169.254.169.254 is a link-local (cloud metadata) address"
expect $P/to-loopback unsafe "not requested: 127.0.0.1 is a loopback address"
expect http://rebind.linkmend-web.org/page unsafe "not requested: 127.0.0.1 is a loopback address"
same "the loopback host was never asked" "$(grep -c 'rebind.linkmend-web.org\|/admin' "$state/requests.log")" "0"
run "$LINKMEND" check "${CA[@]}" --allow-private --timeout 3 --retries 0 http://rebind.linkmend-web.org/page > got 2> err
expect http://rebind.linkmend-web.org/page alive "HTTP 200"
ok "an unsafe URL is no evidence of death" bash -c "! grep -q 'failed check' <(awk -F'\t' '\$2 == \"unsafe\"' got)"

# Archive replies that are not CDX: each an unresolved link with a reason.
mkdir tree && cd tree || exit 1
printf '/* http://gone.linkmend-web.org/%s */\n' a b c d > x.c
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q --no-output --allow-private "${CA[@]}" --confirm 1
run "$LINKMEND" resolve --allow-private "${CA[@]}" --confirm 1 --archive-spacing 0 \
	--wayback https://web.archive.org > got 2> err
same "resolve survives broken CDX replies" "$?" "0"
same "each is unresolved, the look-up failed, to be asked again" \
	"$(grep -c 'unresolved.*archive look-up failed (not a CDX reply): to be asked again' got)" "4"
same "a broken CDX reply's error names the link it was asked about" \
	"$(grep -c "^error: the CDX reply for 'http://gone.linkmend-web.org/[a-d]' " err)" "4"

# resolve and archive refused by the address rule say so, with the address.
run "$LINKMEND" resolve "${CA[@]}" --confirm 1 --archive-spacing 0 \
	--wayback https://web.archive.org > got 2> err
same "resolve names the refused address" \
	"$(grep -c 'archive look-up failed (not requested: 127.0.0.1 is a loopback address' got)" "4"
run "$LINKMEND" archive -o coll --only all "${CA[@]}" > got 2> err
same "archive names the refused address" \
	"$(grep -c "^error: 'http://gone.linkmend-web.org/[a-d]': not archived: not requested: 127.0.0.1 is a loopback address" err)" "4"

# Special-purpose ranges: a name answering in 198.18.0.0/15 is refused.
# (Each part below in a directory of its own: no answer from another's store.)
mkdir "$SCRATCH/ranges" && cd "$SCRATCH/ranges" || exit 1
run "$LINKMEND" check "${CA[@]}" --timeout 3 --retries 0 http://bench.linkmend-web.org/page > got 2> err
expect http://bench.linkmend-web.org/page unsafe "not requested: 198.18.0.1 is a benchmarking (198.18.0.0/15) address"

# A 1 MiB header line: libcurl's "Out of memory" is named for what it is.
run "$LINKMEND" check "${CA[@]}" --allow-private --timeout 3 --retries 0 \
	http://evil.linkmend-web.org/huge-header-line > got 2> err
expect http://evil.linkmend-web.org/huge-header-line server-error \
	"cut off: a response header line over libcurl's limit of 102400 bytes"

# Proxies.  The public host serves what a proxy forwards and tunnels what
# it is asked to (CONNECT), logging both: it is the proxy here.
PX=http://public.linkmend-web.org:80
mkdir "$SCRATCH/env-proxy" && cd "$SCRATCH/env-proxy" || exit 1
printf '%s\n' $P/page http://rebind.linkmend-web.org/page http://127.0.0.1/admin \
	http://bench.linkmend-web.org/page > proxied
: > "$state/requests.log"
run env http_proxy=$PX HTTP_PROXY=$PX https_proxy=$PX all_proxy=$PX no_proxy= \
	"$LINKMEND" check "${CA[@]}" --timeout 3 --retries 0 proxied > got 2> err
expect $P/page alive "HTTP 200"
expect http://rebind.linkmend-web.org/page unsafe "not requested: 127.0.0.1 is a loopback address"
same "proxy variables in the environment are not used" \
	"$(grep -c ' http://' "$state/requests.log")" "0"
mkdir "$SCRATCH/proxy" && cd "$SCRATCH/proxy" || exit 1
: > "$state/requests.log"
run "$LINKMEND" check "${CA[@]}" --timeout 3 --retries 0 --proxy $PX ../env-proxy/proxied > got 2> err
expect $P/page alive "HTTP 200"
same "--proxy sends the request through the proxy (a tunnel to the address checked)" \
	"$(grep -c " CONNECT tunnel 11.0.0.7:80>11.0.0.7 " "$state/requests.log")" "1"
expect http://rebind.linkmend-web.org/page unsafe \
	"not requested: rebind.linkmend-web.org resolves to 127.0.0.1, a loopback address"
expect http://127.0.0.1/admin unsafe "not requested: 127.0.0.1 is a loopback address"
expect http://bench.linkmend-web.org/page unsafe \
	"resolves to 198.18.0.1, a benchmarking (198.18.0.0/15) address"
same "no refused target reached the proxy" \
	"$(grep -c 'rebind\|127.0.0.1\|bench' "$state/requests.log")" "0"
