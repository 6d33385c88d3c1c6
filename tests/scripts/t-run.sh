#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# linkmend run as a janitor uses it: over three simulated days a dead link
# waits for its confirmation (three failed checks three days apart) and
# run says when to come back; only then is it archived, and only with
# --archived.  A network that cannot reach the project's own hosts, or
# most hosts, stops the run before resolve.
. "$(dirname "$0")/../lib/sh.sh"
web_up "$TESTS/web/cases/run.scn"
NET=(--cacert "$state/ca.crt" --allow-private --timeout 2)
D0=1700000000		# 2023-11-14 22:13 UTC
DAY=86400

T=$SCRATCH/tree
mkdir -p "$T/drivers/foo"
cd "$T" || exit 1
git init -q .
git config user.email dev@linkmend-web.org
git config user.name "A Developer"
cat > drivers/foo/foo.c <<'C'
// SPDX-License-Identifier: GPL-2.0
/*
 * The foo driver.  Manual: http://www.foo-vendor.org/docs/old.html
 * Data sheet: http://www.bar-chips.org/datasheet.pdf
 * Still there: http://www.foo-vendor.org/alive.html
 */
C
git add -A
GIT_AUTHOR_DATE=2006-06-01T12:00:00Z GIT_COMMITTER_DATE=2006-06-01T12:00:00Z \
	git commit -qm "foo: add the foo driver"

day() {		# day N: linkmend run on day N into $SCRATCH/dN
	LINKMEND_NOW=$((D0 + $1 * DAY)) run "$LINKMEND" run . -o "$SCRATCH/d$1" \
		--archived "${NET[@]}" --archive-spacing 0 --signoff \
		--from "Link Mender <mender@linkmend-web.org>" > /dev/null 2> "$SCRATCH/d$1.err"
}
day 0
same "day 0: run exits 0" "$?" "0"
ok "day 0: the moved link is patched" bash -c "ls '$SCRATCH/d0' | grep -q '^0001-foo-update-moved-web-link'"
ok "day 0: the dead link waits: no archived patch" bash -c "! ls '$SCRATCH/d0' | grep -q archived"
ok "day 0: run says one link waits and when to run again" \
	grep -q "^check: 1 failing link waits for confirmation (3 failed checks at least 3 days apart make a link dead); run again after 2023-11-17 22:13 UTC$" "$SCRATCH/d0.err"
day 1
ok "day 1: too soon to check again: the day to come back stays" \
	grep -q "run again after 2023-11-17 22:13 UTC$" "$SCRATCH/d1.err"
day 3
ok "day 3: two of three: still waiting" bash -c "! ls '$SCRATCH/d3' | grep -q archived"
ok "day 3: run again after day 6" grep -q "run again after 2023-11-20 22:13 UTC$" "$SCRATCH/d3.err"
day 6
same "day 6: run exits 0" "$?" "0"
# One patch per file (issue 44): the dead link goes with the file's move.
A=$(ls "$SCRATCH"/d6/0001-foo-update-moved-and-dead-web-links.patch 2> /dev/null)
ok "day 6: confirmed dead, it is archived in the file's one patch, beside its move" \
	bash -c "test -f '$A' && grep -q '^+.*web.archive.org/web/' '$A' && [ \$(ls '$SCRATCH'/d6/*.patch | wc -l) = 1 ]"
# The fixture's first commit is its own: upstream cannot look it up.
ok "day 6: the message says the lines' date is the tree's first commit's, naming no local commit" \
	bash -c "tr '\n' ' ' < '$A' | grep -q 'nearest 2006-06-01, the date of the tree.s first commit, which holds all of these lines'"
python3 "$TESTS/kernel/claims.py" "$SCRATCH"/d6/*.patch > "$SCRATCH/claims"
ok "day 6: claims.py reads its claims" grep -q "^claims_checked: [1-9]" "$SCRATCH/claims"
same "day 6: none contradicts the evidence" "$(sed -n 's/^claims_contradicted: //p' "$SCRATCH/claims")" "0"
ok "day 6: nothing waits any more" bash -c "! grep -q 'wait.* for confirmation' '$SCRATCH/d6.err'"
LINKMEND_NOW=$((D0 + 6 * DAY)) run "$LINKMEND" run . -o "$SCRATCH/d6b" "${NET[@]}" \
	--archive-spacing 0 > /dev/null 2>&1
ok "without --archived the archived copy stays out" bash -c "! ls '$SCRATCH/d6b' | grep -q archived"

# The project's own host unreachable: the network is at fault.
echo " * Thread: https://lore.kernel.org/r/20221201.foo@example.org/" >> drivers/foo/foo.c
git commit -qam "foo: cite the thread"
LINKMEND_NOW=$((D0 + 7 * DAY)) run "$LINKMEND" run . -o "$SCRATCH/lore" "${NET[@]}" \
	> /dev/null 2> "$SCRATCH/lore.err"
same "a core host unreachable: run exits 2" "$?" "2"
ok "and says the network is broken, naming the host" \
	grep -q "^error: the network looks broken, not the tree's links: the project's own hosts are unreachable: lore.kernel.org (refused); resolve waits for a check that reaches them (--trust-network to go on)$" "$SCRATCH/lore.err"
ok "it stops before resolve" bash -c "grep -q '^run: check' '$SCRATCH/lore.err' && ! grep -q '^run: resolve' '$SCRATCH/lore.err'"
LINKMEND_NOW=$((D0 + 7 * DAY)) run "$LINKMEND" resolve "${NET[@]}" > /dev/null 2> "$SCRATCH/res.err"
same "resolve alone refuses too" "$?" "2"
same "in one line that says why" "$(cat "$SCRATCH/res.err")" \
	"error: the last check found the network broken (the project's own hosts are unreachable: lore.kernel.org (refused)): nothing resolved; check again once it works, or --trust-network"
LINKMEND_NOW=$((D0 + 7 * DAY)) run "$LINKMEND" resolve --trust-network "${NET[@]}" --archive-spacing 0 > /dev/null 2>&1
same "--trust-network goes on" "$?" "0"

share_tree() {	# share_tree DIR N X: 6 working hosts, N that never resolve
	mkdir -p "$1"
	cd "$1" || exit 1
	for i in 1 2 3 4 5 6; do echo "http://h$i.share-web.org/"; done > links.txt
	for i in $(seq 1 "$2"); do echo "http://$3$i.gone-web.org/"; done >> links.txt
	"$LINKMEND" scan -q . > /dev/null
}
# Most hosts unreachable: 18 of 24 do not resolve.
share_tree "$SCRATCH/share" 18 d
run "$LINKMEND" check -q --no-output "${NET[@]}" 2> "$SCRATCH/share.err"
same "18 of 24 hosts unreachable: check exits 2" "$?" "2"
ok "and says how many" grep -q "18 of the 24 hosts checked are unreachable (more than 50%)" "$SCRATCH/share.err"
run "$LINKMEND" resolve -q --no-output "${NET[@]}" --archive-spacing 0 2> /dev/null
same "resolve refuses after it" "$?" "2"
run "$LINKMEND" check -q --no-output --force --suspect-share 80 "${NET[@]}" 2> /dev/null
same "--suspect-share 80 accepts it" "$?" "0"
run "$LINKMEND" resolve -q --no-output "${NET[@]}" --archive-spacing 0 2> /dev/null
same "and a check that finds the network working clears the suspicion" "$?" "0"
# 22 hosts that never resolve beside 6 that work, accepted once; three
# days on only the 22 are asked again (the 6 are fresh): hosts never
# reached say nothing of the network, which still works.
share_tree "$SCRATCH/share2" 22 e
LINKMEND_NOW=$D0 run "$LINKMEND" check -q --no-output --suspect-share 90 "${NET[@]}" 2> /dev/null
same "22 of 28 hosts unreachable, accepted by --suspect-share 90 (the setup works)" "$?" "0"
LINKMEND_NOW=$((D0 + 3 * DAY)) run "$LINKMEND" check --no-output "${NET[@]}" 2> "$SCRATCH/share3.err"
same "three days on, the 22 never reached do not make the network look broken" "$?" "0"
ok "(they were asked again)" grep -q "^check: 28 URLs, 22 checked now" "$SCRATCH/share3.err"

# A later check asks again only what failed.  An ftp:// link of a core
# host refused (no FTP there) while its https:// one works: judged alone
# on day 3, the refusal would make the host, and so the network, look
# down.  The host's working link is asked again with it.
K=$SCRATCH/canary
mkdir -p "$K"
cd "$K" || exit 1
printf '%s\n' "https://www.kernel.org/doc/" "ftp://www.kernel.org/pub/old.tar.gz" > links.txt
"$LINKMEND" scan -q . > /dev/null
LINKMEND_NOW=$D0 run "$LINKMEND" check -q --no-output --confirm 3 "${NET[@]}" 2> "$SCRATCH/k0.err"
same "day 0: one link refused, one alive: the network works" "$?" "0"
LINKMEND_NOW=$((D0 + 3 * DAY)) run "$LINKMEND" check --no-output --confirm 3 "${NET[@]}" 2> "$SCRATCH/k3.err"
same "day 3: asking the refused one again, the network still works" "$?" "0"
ok "with the host's working link asked again beside it" \
	grep -q "^check: 2 URLs, 2 checked now, 0 fresh from the store" "$SCRATCH/k3.err"

# -q is quiet: no summary and no "waits for confirmation" line, from run
# or from check (a dead link waits here).
Q=$SCRATCH/quiet
mkdir -p "$Q"
cd "$Q" || exit 1
printf '/* Data sheet: http://www.bar-chips.org/datasheet.pdf */\n' > q.c
git init -q . && git add q.c && git -c user.email=dev@linkmend-web.org \
	-c user.name=dev commit -qm q
run "$LINKMEND" run -q . -o "$SCRATCH/qo" "${NET[@]}" --archive-spacing 0 \
	> /dev/null 2> "$SCRATCH/q.err"
same "run -q exits 0 and prints nothing" "$? $(cat "$SCRATCH/q.err")" "0 "
run "$LINKMEND" check -q --no-output --force "${NET[@]}" 2> "$SCRATCH/qc.err"
same "check -q exits 0 and prints nothing" "$? $(cat "$SCRATCH/qc.err")" "0 "
run "$LINKMEND" check --no-output --force "${NET[@]}" 2> "$SCRATCH/qc2.err"
ok "(without -q it says the link waits)" grep -q "waits for confirmation" "$SCRATCH/qc2.err"
