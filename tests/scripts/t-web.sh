#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# linkmend check inside the test web (tests/web): every behaviour of
# tests/web/cases/behaviours.scn gets its exact verdict and evidence; the
# namespace cannot reach another machine; the store keeps the history,
# confirms deaths over days, reuses fresh results, survives Ctrl-C; scan's
# placeholder, example, identifier and licence URLs are never requested;
# per-host concurrency and Retry-After are obeyed.
. "$(dirname "$0")/../lib/sh.sh"
if [ "$(id -u)" -ne 0 ] || ! command -v dnsmasq > /dev/null; then
	echo "not ok - the test web needs root and dnsmasq (make check installs it)"
	exit 0
fi
WEB=$TESTS/web
NAME=lm-test-$$
trap '"$WEB/down" "$NAME"; rm -rf "$SCRATCH"' EXIT
state=$("$WEB/up" "$WEB/cases/behaviours.scn" "$NAME") || { echo "not ok - tests/web/up failed"; exit 0; }
run() { "$WEB/exec" -n "$NAME" "$@"; }
CHECK=("$LINKMEND" check -q --cacert "$state/ca.crt" --allow-private
       --timeout 2 --retry-wait 100 --retries 2)

# Nothing in the namespace reaches beyond it.  First the proof that the
# namespace works, so that the failures below are the web's answers and
# not a broken tests/web/exec.
run true
same "tests/web/exec runs a command in the namespace" "$?" "0"
run getent hosts www.alive.test > /dev/null
same "a name of the test web resolves there" "$?" "0"
run bash -c 'exec 3<>/dev/tcp/www.alive.test/80' 2> /dev/null
same "a connection to a server of the test web succeeds" "$?" "0"
same "the namespace has no route but loopback" "$(run ip route | grep -vc '^$')" "0"
run bash -c 'exec 3<>/dev/tcp/1.1.1.1/80' 2> /dev/null
ok "a connection to a public address fails" test $? -ne 0
ok "a real name does not resolve (NXDOMAIN)" bash -c "! '$WEB/exec' -n '$NAME' getent hosts kernel.org"

: > "$state/requests.log"
# The scenario holds its expectations: one "expect" line per behaviour.
sed -n 's/^expect //p' "$WEB/cases/behaviours.scn" > "$SCRATCH/expect"
cut -f1 "$SCRATCH/expect" > "$SCRATCH/urls"
same "the scenario expects something (the setup works)" "$(wc -l < "$SCRATCH/urls")" "74"
run "${CHECK[@]}" --confirm 1 "$SCRATCH/urls" > "$SCRATCH/got" 2> "$SCRATCH/err"
same "check exits 1: it found dead links" "$?" "1"
while IFS= read -r want; do
	url=${want%%	*}
	rest=${want#*	}
	got=$(awk -F'\t' -v u="$url" '$1 == u' "$SCRATCH/got")
	same "$url: ${rest%%	*}, with its status, final URL and evidence" "$got" "$want"
done < "$SCRATCH/expect"
# Evidence of manners, from webd's request log.
maxpar=$(awk '{ if ($3 > m[$2]) m[$2] = $3 } END { for (h in m) if (m[h] > x) x = m[h]; print x }' "$state/requests.log")
ok "no host ever saw more than 2 requests at once (got $maxpar)" test "$maxpar" -le 2
t=$(awk '$2 == "www.alive.test" && $6 == "/busy" { print $1 }' "$state/requests.log" | head -2 | tr '\n' ' ')
ok "the retry after 429 waited for Retry-After: 1 ($t)" awk -v a="${t% * }" -v b="${t#* }" 'BEGIN { exit !(b - a >= 0.95) }'
ok "a check is a GET: a HEAD answer can contradict it" grep -q " GET http /doc " "$state/requests.log"
ok "and never a HEAD" bash -c "! grep -q ' HEAD ' '$state/requests.log'"
ok "the User-Agent names linkmend" grep -q " GET http /doc linkmend/" "$state/requests.log"
same "a soft-404 host is probed once" "$(grep -c 'softy.test .* /linkmend-probe-' "$state/requests.log")" "1"

# From a scan: only checkable URLs are requested.
T=$SCRATCH/tree
mkdir -p "$T"
cat > "$T/a.c" <<'C'
/* http://docs.linkmend-web.org/doc http://docs.linkmend-web.org/gone */
/* http://www.example.com/never http://%s.linkmend-web.org/never */
/* http://docs.linkmend-web.org/<name>/never http://docs.linkmend-web.org/trunc... */
// SPDX-License-Identifier: GPL-2.0 http://docs.linkmend-web.org/licence-never
C
printf '$id: http://docs.linkmend-web.org/schema-never#\n' > "$T/b.yaml"
"$LINKMEND" scan -q "$T" > /dev/null
: > "$state/requests.log"
# Not -q: the line that says when to come back is no error, -q hides it.
(cd "$T" && LINKMEND_NOW=1000000000 run "$LINKMEND" check "${CHECK[@]:3}") > "$SCRATCH/got2" 2> "$SCRATCH/err2"
same "check with no arguments checks the store's checkable URLs" "$(cut -f1,2 "$SCRATCH/got2" | tr '\t\n' ' ')" "http://docs.linkmend-web.org/doc alive http://docs.linkmend-web.org/gone gone "
same "and says when the failing one can next count" "$(grep -v '^check: [0-9]* URLs' "$SCRATCH/err2")" \
	"check: 1 failing link waits for confirmation (3 failed checks at least 3 days apart make a link dead); run again after 2001-09-12 01:46 UTC"
same "placeholder, example, truncated, licence and identifier URLs are never requested" "$(grep -c never "$state/requests.log")" "0"
same "the store keeps the check" "$(sqlite3 "$T/.linkmend/linkmend.db" 'select count(*) from checks')" "2"

# Confirmation over days: dead after 3 failed checks 3 days apart.
: > "$state/requests.log"
(cd "$T" && LINKMEND_NOW=1000086400 run "${CHECK[@]}") > "$SCRATCH/d1" 2>&1
same "a day later nothing is fetched again" "$(wc -l < "$state/requests.log")" "0"
ok "and the gone URL is still unconfirmed" grep -q "unconfirmed: 1 of 3 failed checks" "$SCRATCH/d1"
(cd "$T" && LINKMEND_NOW=1000259200 run "${CHECK[@]}") > "$SCRATCH/d3" 2>&1
ok "three days later, 2 of 3" grep -q "unconfirmed: 2 of 3 failed checks" "$SCRATCH/d3"
ok "an alive URL within its TTL is not refetched" bash -c "! grep -q 'docs.linkmend-web.org .* /doc ' '$state/requests.log'"
(cd "$T" && LINKMEND_NOW=1000518400 run "${CHECK[@]}") > "$SCRATCH/d6" 2>&1
ok "six days later it is dead" grep -q "gone.*(dead: 3 failed checks)" "$SCRATCH/d6"
(cd "$T" && LINKMEND_NOW=1000518400 run "${CHECK[@]}" --format=json) > "$SCRATCH/j" 2>/dev/null
same "JSON says dead with its history" "$(python3 -c 'import json,sys; print([(o["verdict"], o["dead"], o["checks"]) for o in json.load(open(sys.argv[1]))])' "$SCRATCH/j")" "[('alive', False, 1), ('gone', True, 3)]"

# Ctrl-C: finished checks are kept, the next run does only the rest.
printf 'http://www.alive.test/doc\nhttp://www.alive.test/slow\n' > "$SCRATCH/two"
"$WEB/exec" -n "$NAME" "$LINKMEND" check -q --db "$SCRATCH/c.db" --cacert "$state/ca.crt" --allow-private --timeout 20 "$SCRATCH/two" > "$SCRATCH/int" 2>&1 &
pid=$!
# Interrupted once the fast check is committed and the slow one asked.
one_done() {
	[ -s "$SCRATCH/c.db" ] && grep -q 'www.alive.test .* /slow ' "$state/requests.log" &&
	[ "$(sqlite3 -readonly "$SCRATCH/c.db" 'select verdict from checks' 2> /dev/null)" = alive ]
}
wait_for 20 one_done
kill -INT $pid
wait $pid
same "Ctrl-C exits 130" "$?" "130"
same "the finished check is in the store" "$(sqlite3 "$SCRATCH/c.db" "select verdict from checks")" "alive"
ok "the store is intact" test "$(sqlite3 "$SCRATCH/c.db" 'pragma integrity_check')" = ok
: > "$state/requests.log"
run "$LINKMEND" check --db "$SCRATCH/c.db" --cacert "$state/ca.crt" --allow-private --timeout 1 --retries 0 "$SCRATCH/two" > "$SCRATCH/int2" 2> "$SCRATCH/int2e"
ok "the next run checks only what was left" grep -q "2 URLs, 1 checked now, 1 fresh" "$SCRATCH/int2e"

# valgrind: a check run leaks nothing and touches no bad memory (not in a
# sanitizer build, which valgrind cannot run).
if ! grep -q fsanitize "$TESTS/../.build-flags" 2>/dev/null && command -v valgrind > /dev/null; then
	head -12 "$SCRATCH/urls" > "$SCRATCH/vg.urls"
	run valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
		--errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
		"${CHECK[@]}" --confirm 1 "$SCRATCH/vg.urls" > /dev/null 2> "$SCRATCH/vg"
	rc=$?
	# 1: it found dead links; 99: valgrind found something.
	same "valgrind: a check run is clean" "$rc" "1"
	[ "$rc" = 1 ] || head -40 "$SCRATCH/vg"
elif ! command -v valgrind > /dev/null; then
	skip "valgrind: a check run is clean" "valgrind is not installed"
else
	skip "valgrind: a check run is clean" "a sanitizer build, which valgrind cannot run"
fi
