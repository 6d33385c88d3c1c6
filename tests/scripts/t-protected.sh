#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A tree's config is not the user's (issue 35): a .linkmend.conf may not
# say where data, requests or credentials go (the store, the proxy, the
# User-Agent, the archives): each such key is refused, nothing written,
# nothing sent; the user's own file may set them.  A database that is
# another program's is never taken for a store.  A memento is used only
# when it is an http(s) URL on a named host that replays.  Save Page Now
# keys go only over https.  A file past the size cap is not read whole.
# Mail goes nowhere the tree says (issue 42): every text setting is one
# line of printable characters; series --b4 sends exactly whom its
# patches name, never replaces the user's own b4 branch, and cleans up
# after a run killed with -9.
. "$(dirname "$0")/../lib/sh.sh"
web_up "$TESTS/web/cases/protected.scn"
NET=(--cacert "$state/ca.crt" --allow-private --timeout 2)
export XDG_CONFIG_HOME=$SCRATCH/xdg

T=$SCRATCH/t
mkdir -p "$T/drivers"
cd "$T" || exit 1
git init -q . && git config user.email dev@linkmend-web.org && git config user.name dev
cat > drivers/a.c <<'C'
/*
 * Manual: http://www.foo-vendor.org/docs/old.html
 * JS: http://www.gone-vendor.org/js.html
 * Private: http://www.gone-vendor.org/private.html
 * Missing: http://www.gone-vendor.org/missing.html
 * Good: http://www.gone-vendor.org/good.html
 */
C
git add -A && git commit -qm init
"$LINKMEND" scan -q . > /dev/null

# Another tree with its own store, which a hostile config would aim at.
O=$SCRATCH/other
mkdir -p "$O"
echo "http://www.foo-vendor.org/alive.html" > "$O/notes.txt"
"$LINKMEND" scan -q "$O" > /dev/null
other_before=$(sqlite3 "$O/.linkmend/linkmend.db" "select path from occurrence")

# A listener where a hostile config points PostgreSQL: it must see nothing.
run python3 -c '
import socket, sys
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 5433)); s.listen(5); s.settimeout(300)
open(sys.argv[1] + ".ready", "w").close()
try:
    c, _ = s.accept(); open(sys.argv[1], "w").write("connected\n")
except socket.timeout:
    pass' "$SCRATCH/pg-connected" &
listener=$!
wait_for 30 test -e "$SCRATCH/pg-connected.ready"

hostile() {	# hostile NAME TEXT COMMAND...: refused, naming the key
	local name=$1 text=$2
	shift 2
	printf '%s\n' "$text" > .linkmend.conf
	: > "$state/requests.log"
	"$@" > /dev/null 2> "$SCRATCH/err" < /dev/null
	same "a tree's $name is refused (exit 2)" "$?" "2"
	ok "in one line naming the key and where it may be set" \
		grep -q "^fatal: .*\.linkmend\.conf:2: .* is not a tree's to set: it says where data, requests or credentials go (give it on the command line, or in \$XDG_CONFIG_HOME/linkmend/config)$" "$SCRATCH/err"
	same "and nothing was sent ($name)" "$(wc -l < "$state/requests.log")" "0"
}
hostile "[store] url (another tree's store)" "[store]
url = $O/.linkmend/linkmend.db" "$LINKMEND" scan -q .
same "the other tree's store is as it was" \
	"$(sqlite3 "$O/.linkmend/linkmend.db" "select path from occurrence")" "$other_before"
hostile "[store] url (a path that is not there)" "[store]
url = $SCRATCH/made-by-a-tree.db" "$LINKMEND" scan -q .
ok "no file was made there" test ! -e "$SCRATCH/made-by-a-tree.db"
hostile "[store] url (PostgreSQL)" "[store]
url = postgresql://victim@127.0.0.1:5433/links" run "$LINKMEND" scan -q .
hostile "[check] proxy" "[check]
proxy = http://127.0.0.1:3128" run "$LINKMEND" check --force "${NET[@]}"
hostile "[check] user-agent" "[check]
user-agent = linkmend (tree's own)" run "$LINKMEND" check --force "${NET[@]}"
hostile "[resolve] wayback" "[resolve]
wayback = http://web.archive.org" run "$LINKMEND" resolve "${NET[@]}"
hostile "[resolve] memento" "[resolve]
memento = http://127.0.0.1/timemap/" run "$LINKMEND" resolve "${NET[@]}"
rm .linkmend.conf
kill $listener 2> /dev/null
wait $listener 2> /dev/null
ok "the PostgreSQL listener saw no connection" test ! -e "$SCRATCH/pg-connected"

# Every setting a tree may set is one line of printable characters, and
# not a long one (issue 42): a [subject "PATH"] prefix or a [tree "NAME"]
# tag goes into each mail's Subject:, where a newline or a CR starts a
# header of the tree's choosing (To:, Bcc:).  Each is refused naming the
# key, whichever way the character comes (an escape, a raw byte).
# The tree's text keys: those 'linkmend help config' shows with no
# number range and not as user only (a number is refused as one already).
"$LINKMEND" help config | awk '
	/^\[/ { if (k != "" && !skip) print k; k = $0; skip = 0; next }
	/user only|^    [0-9]+ to [0-9]+/ { skip = 1 }
	END { if (k != "" && !skip) print k }' > "$SCRATCH/tree-keys"
ok "(the tree's text keys, from 'linkmend help config', hold [subject] prefix and [tree] tag)" \
	bash -c "grep -qx '\[subject \"NAME\"\] prefix' '$SCRATCH/tree-keys' && grep -qx '\[tree \"NAME\"\] tag' '$SCRATCH/tree-keys'"
long=$(head -c 10240 /dev/zero | tr '\0' a)
re='^\[([a-z-]+)( "NAME")?\] ([a-z-]+)$'
while read -r line; do
	[[ $line =~ $re ]] || { echo "not ok - cannot read '$line'"; continue; }
	section=${BASH_REMATCH[1]} key=${BASH_REMATCH[3]} sub=
	[ -n "${BASH_REMATCH[2]}" ] && sub=' "drivers"'
	for bad in newline cr nul long; do
		{
			printf '[%s%s]\n%s = ' "$section" "$sub" "$key"
			case $bad in
			newline) printf '"docs:\\nTo: x@evil.example"\n';;
			cr) printf 'docs:\rBcc: x@evil.example\n';;
			nul) printf 'docs:\0Cc: x@evil.example\n';;
			long) printf '%s\n' "$long";;
			esac
		} > .linkmend.conf
		"$LINKMEND" scan -q . > /dev/null 2> "$SCRATCH/err"
		same "[$section] $key with a $bad is refused (exit 2)" "$?" "2"
		ok "in one line naming the key ([$section] $key, $bad)" \
			bash -c "[ \"\$(wc -l < '$SCRATCH/err')\" = 1 ] && grep -qF '.linkmend.conf:2: [$section] $key: ' '$SCRATCH/err'"
	done
done < "$SCRATCH/tree-keys"
printf '[subject "drivers\\nCc: x@evil.example"]\nprefix = docs:\n' > .linkmend.conf
"$LINKMEND" scan -q . > /dev/null 2> "$SCRATCH/err"
same "a subsection with a newline is refused (exit 2)" "$?" "2"
ok "naming the key" grep -qF '.linkmend.conf:2: [subject] prefix: a control character (U+000A) in its subsection' "$SCRATCH/err"
rm .linkmend.conf

# The user's own file may set them.
mkdir -p "$XDG_CONFIG_HOME/linkmend"
printf '[check]\nuser-agent = "linkmend (the user'"'"'s own)"\n' > "$XDG_CONFIG_HOME/linkmend/config"
: > "$state/requests.log"
run "$LINKMEND" check -q --force "${NET[@]}" > /dev/null 2>&1
same "the user's own file sets the User-Agent" \
	"$(grep -c "linkmend_(the_user's_own)$" "$state/requests.log")" "$(wc -l < "$state/requests.log")"
printf '[check]\nuser-agent = "a\\rb"\n' > "$XDG_CONFIG_HOME/linkmend/config"
run "$LINKMEND" check -q --force "${NET[@]}" > /dev/null 2> "$SCRATCH/err"
same "a User-Agent with a CR, from anywhere, is refused (exit 2)" "$?" "2"
rm "$XDG_CONFIG_HOME/linkmend/config"

# Another program's SQLite database is never taken for a store.
sqlite3 "$SCRATCH/places.sqlite" "CREATE TABLE moz_places(id INTEGER, url TEXT); INSERT INTO moz_places VALUES (1, 'https://example.org/');"
sum_before=$(sha256sum < "$SCRATCH/places.sqlite")
"$LINKMEND" scan -q --db "$SCRATCH/places.sqlite" . > /dev/null 2> "$SCRATCH/err"
same "scan --db another program's database exits 2" "$?" "2"
ok "saying it is not a linkmend store" grep -q "places.sqlite' is another program's database, not a linkmend store" "$SCRATCH/err"
same "and the database is as it was, byte for byte" "$(sha256sum < "$SCRATCH/places.sqlite")" "$sum_before"
"$LINKMEND" scan -q --db "$SCRATCH/new.db" . > /dev/null
same "a store it makes carries linkmend's application_id" \
	"$(sqlite3 "$SCRATCH/new.db" "PRAGMA application_id")" "1282100580"

# Mementos: only an http(s) URL on a named host that replays.
run "$LINKMEND" check -q "${NET[@]}" > /dev/null 2>&1
run "$LINKMEND" resolve --confirm 1 "${NET[@]}" --archive-spacing 0 \
	--memento http://timetravel.mementoweb.org/timemap/link/ > "$SCRATCH/res" 2> /dev/null
same "a javascript: memento is never a replacement" "$(grep -c 'js.html	archived' "$SCRATCH/res")" "0"
same "nor one at an IP address (127.0.0.1)" "$(grep -c '127.0.0.1' "$SCRATCH/res")" "0"
same "nor one that does not replay" "$(grep -c 'missing.html	archived' "$SCRATCH/res")" "0"
ok "a memento that replays is used" \
	grep -q "^http://www.gone-vendor.org/good.html	archived	https://arquivo.pt/wayback/20050101000000/http://www.gone-vendor.org/good.html	" "$SCRATCH/res"
"$LINKMEND" fix -q --archived
ok "fix writes no hostile memento into a comment" bash -c "! grep -q 'javascript\|127.0.0.1' drivers/a.c"
git checkout -q .

# Save Page Now keys go only over https.
: > "$state/requests.log"
LINKMEND_SPN_ACCESS=spnkey LINKMEND_SPN_SECRET=spnsecret run "$LINKMEND" archive \
	-o "$SCRATCH/coll" "${NET[@]}" --request-capture --spn http://web.archive.org \
	> /dev/null 2> "$SCRATCH/err"
same "Save Page Now over http is refused (exit 2)" "$?" "2"
ok "saying why" grep -q "the archive.org key goes only over https" "$SCRATCH/err"
same "and the key went nowhere" "$(grep -c '/save' "$state/requests.log")" "0"

# Retry-After is waited out only up to --max-wait, all waits told.
cd "$T" || exit 1
printf '/* Busy: http://www.busy-vendor.org/busy.html */\n' > drivers/busy.c
git add drivers/busy.c
t0=$(date +%s)
run "$LINKMEND" diff --cached --format=json --cacert "$state/ca.crt" \
	--allow-private --timeout 10 --max-wait 6 > "$SCRATCH/busy.json" 2> /dev/null
took=$(( $(date +%s) - t0 ))
ok "a 429 with Retry-After 5 gives up when the next wait would pass --max-wait 6 ($took s)" \
	test "$took" -lt 10
same "saying so" "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[0]["detail"])' "$SCRATCH/busy.json")" \
	"429, Retry-After 5, gave up after 2 tries (waiting more would pass --max-wait)"
git rm -q --cached drivers/busy.c && rm drivers/busy.c

# A proxy falls under the address rule too; a name only the proxy could
# resolve is not sent through it.
PX=http://public.linkmend-web.org:80
printf '%s\n' http://public.linkmend-web.org/page http://only-the-proxy.test/admin > "$SCRATCH/px"
: > "$state/requests.log"
run "$LINKMEND" check --db "$SCRATCH/px.db" --cacert "$state/ca.crt" --timeout 3 \
	--retries 0 --proxy "$PX" "$SCRATCH/px" > "$SCRATCH/px.out" 2> /dev/null
ok "(a public proxy is used)" grep -q "^http://public.linkmend-web.org/page	alive	" "$SCRATCH/px.out"
ok "a name this machine cannot resolve is not sent through the proxy" \
	grep -q "^http://only-the-proxy.test/admin	unsafe	.*only-the-proxy.test does not resolve here, so its address cannot be checked: not sent through the proxy" "$SCRATCH/px.out"
same "and the proxy never saw it" "$(grep -c 'only-the-proxy' "$state/requests.log")" "0"
: > "$state/requests.log"
run "$LINKMEND" check --db "$SCRATCH/px2.db" --cacert "$state/ca.crt" --timeout 3 \
	--retries 0 --proxy http://www.foo-vendor.org:80 http://public.linkmend-web.org/page \
	> "$SCRATCH/px2.out" 2> /dev/null
ok "a proxy at a loopback address is refused without --allow-private" \
	grep -q "	unsafe	.*127.0.0.1 is a loopback address" "$SCRATCH/px2.out"
same "and nothing reached it" "$(wc -l < "$state/requests.log")" "0"

# DNS rebinding through the proxy: a name answers 11.0.0.7 to linkmend's
# look-up and 127.0.0.1 to the proxy's.  The proxy is asked for a tunnel
# to the address linkmend checked, never to the name.
for u in http://rb-http.linkmend-web.org/page https://rb-https.linkmend-web.org/page; do
	: > "$state/requests.log"
	run "$LINKMEND" check --db "$SCRATCH/rb.db" --cacert "$state/ca.crt" --timeout 3 \
		--retries 0 --proxy "$PX" "$u" > "$SCRATCH/rb.out" 2> /dev/null
	ok "a name that rebinds to 127.0.0.1 reaches no loopback address through the proxy ($u)" \
		bash -c "! grep -q '>127\.\|>::1' '$state/requests.log'"
	ok "the proxy was asked for a tunnel to the address linkmend checked ($u)" \
		grep -q " CONNECT tunnel 11\.0\.0\.7:[0-9]*>11\.0\.0\.7 " "$state/requests.log"
	ok "and the page was checked through it ($u)" grep -q "^$u	alive	" "$SCRATCH/rb.out"
done

# A file past the size cap is not read whole, and scan says so (under a
# memory limit, which a sanitizer build's shadow memory cannot run in).
if grep -q fsanitize "$TESTS/../.build-flags" 2> /dev/null; then
	for t in "scan of an 80 MB text file and a 2 GB sparse file under a 512 MB limit exits 0" \
		 "it says which file it did not read" "and counts it" "the rest is scanned" \
		 "--max-file-size raises the cap"; do
		skip "$t" "a sanitizer build cannot run under ulimit -v"
	done
else
	B=$SCRATCH/big
	mkdir -p "$B"
	{ echo 'see http://big.linkmend-web.org/x for more'; yes 'filler, no link' | head -c 80M; } > "$B/huge.txt"
	printf 'http://small.linkmend-web.org/\n' > "$B/small.txt"
	truncate -s 2G "$B/sparse.bin"
	(ulimit -v 524288; "$LINKMEND" scan "$B" > "$SCRATCH/big.out" 2> "$SCRATCH/big.err")
	same "scan of an 80 MB text file and a 2 GB sparse file under a 512 MB limit exits 0" "$?" "0"
	ok "it says which file it did not read" grep -q "^warning: skipped 'huge.txt': 80.0 MB, past the 64 MB a file may be (scan --max-file-size)$" "$SCRATCH/big.err"
	ok "and counts it" grep -q "1 too big" "$SCRATCH/big.err"
	same "the rest is scanned" "$(cut -f1,4 "$SCRATCH/big.out")" "small.txt	http://small.linkmend-web.org/"
	(ulimit -v 524288; "$LINKMEND" scan --max-file-size 100 "$B" > "$SCRATCH/big2.out" 2> /dev/null)
	same "--max-file-size raises the cap" "$(grep -c 'big.linkmend-web.org' "$SCRATCH/big2.out")" "1"
fi

# A read-only store is read by report; a command that would write says so
# before any work; a damaged store is said at once.
R=$SCRATCH/ro
mkdir -p "$R/drivers"
cp "$T/drivers/a.c" "$R/drivers/"
(cd "$R" && "$LINKMEND" scan -q . > /dev/null)
if mount --bind "$R/.linkmend" "$R/.linkmend" && mount -o remount,bind,ro "$R/.linkmend"; then
	(cd "$R" && "$LINKMEND" report -o "$SCRATCH/ro.json") 2> "$SCRATCH/err"
	same "report reads a store on a read-only mount" "$?" "0"
	same "all of it" "$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["links"]))' "$SCRATCH/ro.json")" "5"
	: > "$state/requests.log"
	(cd "$R" && run "$LINKMEND" check "${NET[@]}") > /dev/null 2> "$SCRATCH/err"
	same "check on it exits 2" "$?" "2"
	ok "before any request, saying why" bash -c "grep -q \"cannot be written here (a read-only mount?)\" '$SCRATCH/err' && [ ! -s '$state/requests.log' ]"
	umount "$R/.linkmend"
else
	echo "not ok - cannot make a read-only bind mount (needs root)"
fi
cp "$R/.linkmend/linkmend.db" "$SCRATCH/damaged.db"
pages=$(sqlite3 "$SCRATCH/damaged.db" "PRAGMA page_count")
dd if=/dev/urandom of="$SCRATCH/damaged.db" bs=4096 seek=$((pages - 1)) count=1 conv=notrunc 2> /dev/null
"$LINKMEND" report --db "$SCRATCH/damaged.db" -o "$SCRATCH/d.json" 2> "$SCRATCH/err"
same "a store with a damaged page is an error at once (exit 2)" "$?" "2"
ok "saying it is damaged" grep -q "damaged.db' is damaged" "$SCRATCH/err"

# Nor does the tree's MAINTAINERS or history: a raw CR in a T: line (a
# -next tree's tag) or in the prefix of its commits' subjects never
# reaches a Subject: line, where it would start a header (issue 42).
M=$SCRATCH/mt
mkdir -p "$M/Documentation"
cd "$M" || exit 1
git init -q . && git config user.email dev@linkmend-web.org && git config user.name dev
printf 'DOCUMENTATION\nM:\tDoc Maintainer <docs@linkmend-web.org>\nS:\tMaintained\nT:\tgit git://git.linkmend-web.org/a/b/foo\rBcc:evil@tag.example,a-next\nF:\tDocumentation/\n' > MAINTAINERS
printf 'The manual: http://www.foo-vendor.org/docs/old.html\n' > Documentation/foo.rst
git add -A && git commit -qm init
for i in 1 2 3; do
	echo "more $i" >> Documentation/foo.rst
	git commit -qam "$(printf 'docs\rBcc:evil@history.example: note %s' "$i")"
done
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q "${NET[@]}" > /dev/null 2>&1
run "$LINKMEND" resolve -q "${NET[@]}" > /dev/null 2>&1
"$LINKMEND" series -q -o "$SCRATCH/mt-out" --signoff --from "Link Mender <mender@linkmend-web.org>" 2> /dev/null
same "(series writes one patch)" "$(find "$SCRATCH/mt-out" -name '0001-*.patch' | wc -l)" "1"
same "no CR of the tree's MAINTAINERS or history is in a mail header" \
	"$(find "$SCRATCH/mt-out" -name '0001-*.patch' -exec sed '/^$/q' {} + | grep -c $'\r')" "0"
cd "$T" || exit 1

# Mail goes only where linkmend's patches say (issue 42).  b4 send mails
# anyone a trailer-like line names anywhere in a patch, diff context
# included, and whom the tree's .b4-config names: series --b4 keeps such
# lines out of the context (or refuses, naming the file), and sets the
# tree's .b4-config send-* settings aside, saying so.  A b4 branch with
# the user's own commits is not replaced; a clone a run killed with -9
# left in $TMPDIR is removed by the next.
if command -v b4 > /dev/null; then
	B=$SCRATCH/b4t
	FROM=(--signoff --from "Link Mender <mender@linkmend-web.org>")
	export TMPDIR=$SCRATCH/tmp
	mkdir -p "$B/Documentation" "$TMPDIR"
	cd "$B" || exit 1
	git init -q . && git config user.email dev@linkmend-web.org && git config user.name dev
	printf 'DOCUMENTATION\nM:\tDoc Maintainer <docs@linkmend-web.org>\nL:\tdocs-list@lists.linkmend-web.org\nS:\tMaintained\nF:\tDocumentation/\n' > MAINTAINERS
	cat > Documentation/foo.rst <<'R'
The foo manual
==============
Signed-off-by: Ghost One <ghost1@evil.example>
 Cc: Ghost Two <ghost2@evil.example>
See the manual:
The manual is at http://www.foo-vendor.org/docs/old.html for now.
Read it all.
Reported-by: ghost3@evil.example
Maintainer: Ghost Four <ghost4@evil.example>
R
	cat > Documentation/bar.rst <<'R'
Bar
	Acked-by: Ghost Five <ghost5@evil.example> # a comment
More at:
http://www.foo-vendor.org/docs/old.html
and on.
Suggested-by: ghost6@evil.example
R
	printf '[b4]\n\tsend-series-to = Evil List <list@evil.example>\n\tsend-series-cc = cc@evil.example\n' > .b4-config
	git add -A && git commit -qm init
	"$LINKMEND" scan -q . > /dev/null
	run "$LINKMEND" check -q "${NET[@]}" > /dev/null 2>&1
	run "$LINKMEND" resolve -q "${NET[@]}" > /dev/null 2>&1
	b4send() {	# b4send OUT: b4 send -o OUT on the b4 branch, as the sender
		git worktree add -q "$SCRATCH/wt" b4/linkmend
		(cd "$SCRATCH/wt" && GIT_CONFIG_COUNT=2 GIT_CONFIG_KEY_0=user.name \
			GIT_CONFIG_VALUE_0="Link Mender" GIT_CONFIG_KEY_1=user.email \
			GIT_CONFIG_VALUE_1=mender@linkmend-web.org \
			b4 -q send --no-sign -o "$1" > /dev/null 2>&1)
		git worktree remove --force "$SCRATCH/wt"
	}
	"$LINKMEND" series -o "$SCRATCH/b4-out" --b4 "${FROM[@]}" > /dev/null 2> "$SCRATCH/b4.err"
	same "series --b4 of a tree whose diff context holds trailer-like lines exits 0" "$?" "0"
	b4send "$SCRATCH/b4-mail"
	python3 "$TESTS/lib/b4-same.py" "$SCRATCH/b4-out" "$SCRATCH/b4-mail" mender@linkmend-web.org
	same "b4 send -o names no one a context line or the tree's .b4-config names" \
		"$(sed '/^$/q' "$SCRATCH"/b4-mail/*.eml 2>&1 | grep -c 'evil\.example\|No such')" "0"
	ok "the .b4-config's send-series-to, set aside, is named" \
		grep -q "^warning: b4/linkmend: the tree's .b4-config sets b4.send-series-to = 'Evil List <list@evil.example>': set aside" "$SCRATCH/b4.err"
	ok "and its send-series-cc" grep -q "sets b4.send-series-cc = 'cc@evil.example': set aside" "$SCRATCH/b4.err"

	# The user's own commit on the branch: refused, the branch as it was.
	git worktree add -q "$SCRATCH/wt" b4/linkmend
	git -C "$SCRATCH/wt" commit -q --allow-empty -m "my own work"
	mine=$(git rev-parse b4/linkmend)
	git worktree remove --force "$SCRATCH/wt"
	"$LINKMEND" series -q -o "$SCRATCH/b4-out" --b4 "${FROM[@]}" > /dev/null 2> "$SCRATCH/b4.err"
	same "series --b4 over a b4 branch with the user's commits exits 2" "$?" "2"
	ok "naming the branch" grep -q "the branch 'b4/linkmend' is not as linkmend left it" "$SCRATCH/b4.err"
	same "and the user's commit is its tip still" "$(git rev-parse b4/linkmend)" "$mine"
	git branch -q -D b4/linkmend

	# kill -9 while b4 runs leaves its clone; the next run removes it,
	# and not one whose process lives.
	mkdir -p "$SCRATCH/fake" "$TMPDIR/linkmend-b4-$$-AbCdEf"
	printf '#!/bin/sh\necho $$ > "%s"\nexec sleep 60\n' "$SCRATCH/fake.pid" > "$SCRATCH/fake/b4"
	chmod +x "$SCRATCH/fake/b4"
	PATH=$SCRATCH/fake:$PATH "$LINKMEND" series -q -o "$SCRATCH/b4-killed" --b4 "${FROM[@]}" > /dev/null 2>&1 &
	pid=$!
	wait_for 10 test -s "$SCRATCH/fake.pid"
	kill -9 "$pid"
	wait "$pid" 2> /dev/null
	kill "$(cat "$SCRATCH/fake.pid")" 2> /dev/null
	left=$(cd "$TMPDIR" && ls -d linkmend-b4-* | grep -v "linkmend-b4-$$-AbCdEf")
	ok "(kill -9 while b4 runs leaves a clone in \$TMPDIR: $left)" test -n "$left"
	"$LINKMEND" series -q -o "$SCRATCH/b4-out" --b4 "${FROM[@]}" > /dev/null 2> "$SCRATCH/b4.err"
	same "the next series --b4 exits 0" "$?" "0"
	same "and removes the clone the killed run left" "$(cd "$TMPDIR" && ls -d linkmend-b4-* | grep -v "linkmend-b4-$$-AbCdEf")" ""
	ok "but not one whose process lives" test -d "$TMPDIR/linkmend-b4-$$-AbCdEf"

	# A .b4-config that is a link: what it leads to is b4's to read, so
	# whatever it may set that sends mail is set aside.
	git rm -q .b4-config
	printf '[b4]\n\tsend-series-to = link@evil.example\n' > Documentation/b4.conf
	ln -s Documentation/b4.conf .b4-config
	git add -A && git commit -qm "b4 config by a link"
	"$LINKMEND" scan -q . > /dev/null
	"$LINKMEND" series -q -o "$SCRATCH/b4-out" --b4 "${FROM[@]}" > /dev/null 2> "$SCRATCH/b4.err"
	same "series --b4 with a .b4-config that is a link exits 0" "$?" "0"
	ok "and sets its send-series-to aside, saying so" \
		grep -q "^warning: b4/linkmend: the tree's .b4-config sets b4.send-series-to = '(whatever the link .b4-config leads to says)': set aside" "$SCRATCH/b4.err"
	git worktree add -q "$SCRATCH/wt" b4/linkmend
	same "b4 on that branch reads send-series-to as empty" \
		"$(cd "$SCRATCH/wt" && "$(sed -n '1s/^#!//p' "$(command -v b4)")" -c 'import b4; print(repr(b4.get_main_config().get("send-series-to")))')" "''"
	git worktree remove --force "$SCRATCH/wt"

	# The user's own diff.context does not widen what b4 send shows.
	C=$SCRATCH/b4ctx
	mkdir -p "$C/Documentation"
	cp MAINTAINERS "$C/"
	printf 'Tested-by: ghost8@evil.example\na\nb\nc\nd\nhttp://www.foo-vendor.org/docs/old.html\n' > "$C/Documentation/ctx.rst"
	(cd "$C" && git init -q . && git config user.email dev@linkmend-web.org &&
		git config user.name dev && git config diff.context 9 &&
		git add -A && git commit -qm init && "$LINKMEND" scan -q . > /dev/null &&
		run "$LINKMEND" check -q "${NET[@]}" > /dev/null 2>&1 &&
		run "$LINKMEND" resolve -q "${NET[@]}" > /dev/null 2>&1 &&
		"$LINKMEND" series -q -o "$SCRATCH/ctx-out" --b4 "${FROM[@]}" > /dev/null 2>&1 &&
		b4send "$SCRATCH/ctx-mail")
	same "b4 send -o with the user's diff.context 9 names no one a farther line names" \
		"$(sed '/^$/q' "$SCRATCH"/ctx-mail/*.eml 2>&1 | grep -c 'evil\.example\|No such')" "0"

	# A trailer-like line next to a change: no context keeps it out.
	printf 'Baz\n Cc: ghost7@evil.example\nhttp://www.foo-vendor.org/docs/old.html\n' > Documentation/baz.rst
	git add -A && git commit -qm baz
	"$LINKMEND" scan -q . > /dev/null
	run "$LINKMEND" check -q "${NET[@]}" > /dev/null 2>&1
	run "$LINKMEND" resolve -q "${NET[@]}" > /dev/null 2>&1
	before=$(git rev-parse b4/linkmend)
	"$LINKMEND" series -q -o "$SCRATCH/b4-out" --b4 "${FROM[@]}" > /dev/null 2> "$SCRATCH/b4.err"
	same "series --b4 with a trailer-like line next to a change exits 2" "$?" "2"
	ok "naming the file and line" grep -q "b4/linkmend: not handed to b4: Documentation/baz.rst:2: ' Cc: ghost7@evil.example' is next to a change" "$SCRATCH/b4.err"
	same "and the b4 branch is as it was" "$(git rev-parse b4/linkmend)" "$before"
	unset TMPDIR
else
	echo "ok - series --b4 # SKIP Debian's b4 is not installed"
fi
