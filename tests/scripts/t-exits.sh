#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The README's exit-status table, true: every command is run into every
# outcome the table names (0, 1, 2, 129, 130), each a test of its own,
# and the table may name no outcome this script does not reach.
. "$(dirname "$0")/../lib/sh.sh"
web_up "$TESTS/web/cases/exits.scn"
NET=(--cacert "$state/ca.crt" --allow-private --timeout 2)
README=$TESTS/../README.md
reached=()

expect() {	# expect COMMAND CODE WHAT -- ARGV...: run, and compare
	local cmd=$1 code=$2 what=$3 rc
	shift 4
	"$@" > "$SCRATCH/out" 2> "$SCRATCH/err" < /dev/null
	rc=$?
	same "$cmd exits $code: $what" "$rc" "$code"
	[ "$rc" = "$code" ] || sed 's/^/  # /' "$SCRATCH/err" | head -5
	reached+=("$cmd $code")
}

interrupt() {	# interrupt COMMAND WHAT LOGPATTERN -- ARGV...: Ctrl-C it
	local cmd=$1 what=$2 pattern=$3 pid rc
	shift 4
	: > "$state/requests.log"
	"$WEB/exec" -n "$NAME" "$@" > "$SCRATCH/out" 2> "$SCRATCH/err" < /dev/null &
	pid=$!
	# Interrupted while it waits: on the slow request, or the slow child
	# it started.
	wait_for 10 eval 'grep -q "$pattern" "$state/requests.log" 2> /dev/null ||
		[ -f "$SCRATCH/started" ]'
	kill -INT $pid
	wait $pid
	rc=$?
	rm -f "$SCRATCH/started"
	same "$cmd exits 130: $what" "$rc" "130"
	[ "$rc" = 130 ] || sed 's/^/  # /' "$SCRATCH/err" | head -5
	reached+=("$cmd 130")
}

mktree() {	# mktree DIR: a git tree of moved, live, dead and slow links
	mkdir -p "$1/drivers/foo"
	(cd "$1" && git init -q . && git config user.email dev@linkmend-web.org &&
	 git config user.name "A Developer")
	cat > "$1/drivers/foo/foo.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/*
 * Manual: http://www.foo-vendor.org/docs/old.html
 * Alive: http://www.foo-vendor.org/alive.html
 * Gone: http://www.foo-vendor.org/gone.html
 */
C
	printf '/* Slow: http://www.slow-vendor.org/slow.html */\n' > "$1/drivers/foo/slow.c"
	(cd "$1" && git add -A && git commit -qm init)
}

T=$SCRATCH/t
mktree "$T"
mkdir "$SCRATCH/empty"
cd "$T" || exit 1

# scan
expect scan 0 "scanned" -- "$LINKMEND" scan .
expect scan 2 "a path that is not there" -- "$LINKMEND" scan "$SCRATCH/nonesuch"
expect scan 129 "bad option" -- "$LINKMEND" scan --bogus .
U=$SCRATCH/n/t
mktree "$U"
chmod 755 "$SCRATCH"
chown -R nobody "$SCRATCH/n"
chmod 000 "$U/drivers/foo/slow.c"
expect scan 1 "files unreadable" -- env HOME=/nonexistent setpriv --reuid=nobody --regid=nogroup \
	--clear-groups "$LINKMEND" scan "$U"

# check
expect check 0 "checked, no link dead yet" -- run "$LINKMEND" check "${NET[@]}"
expect check 1 "dead links found" -- run "$LINKMEND" check --force --confirm 1 "${NET[@]}"
cp "$SCRATCH/out" "$SCRATCH/check1"
same "and says how many" "$(sed -n "s/^check: .*; \([0-9]*\) dead$/\1/p" "$SCRATCH/err")" "$(awk -F"\t" "\$5 ~ /\\(dead: /" "$SCRATCH/check1" | wc -l)"
expect check 2 "a CA file that cannot be used" -- run "$LINKMEND" check --force \
	--allow-private --cacert "$SCRATCH/nonesuch.pem"
expect check 129 "bad option" -- "$LINKMEND" check --bogus
interrupt check "checks made are kept" "slow.html" -- "$LINKMEND" check --force \
	--cacert "$state/ca.crt" --allow-private --timeout 30 --retries 0

# resolve
expect resolve 0 "resolved" -- run "$LINKMEND" resolve "${NET[@]}"
expect resolve 2 "no store" -- bash -c "cd '$SCRATCH/empty' && '$LINKMEND' resolve"
expect resolve 129 "bad option" -- "$LINKMEND" resolve --bogus
interrupt resolve "archive answers are kept" "cdx" -- "$LINKMEND" resolve \
	--confirm 1 --cacert "$state/ca.crt" --allow-private --timeout 30 \
	--archive-spacing 0

# fix and verify
run "$LINKMEND" resolve "${NET[@]}" > /dev/null 2>&1	# the moved link only
expect verify 2 "nothing changed since the base" -- "$LINKMEND" verify
expect fix 0 "edits written" -- "$LINKMEND" fix
expect fix 0 "all made already: a second fix" -- "$LINKMEND" fix
ok "(which calls none of its own edits changed since the scan)" \
	bash -c "! grep -q 'changed since' '$SCRATCH/err'"
expect verify 0 "every change is a link edit" -- "$LINKMEND" verify
sed -i 's/Manual:/Handbook:/' drivers/foo/foo.c
expect verify 1 "a change outside links" -- "$LINKMEND" verify
expect verify 129 "bad option" -- "$LINKMEND" verify --bogus
git checkout -q .
sed -i 's|old.html|old.htm|' drivers/foo/foo.c
expect fix 1 "edits skipped: files changed since the scan" -- "$LINKMEND" fix
git checkout -q .
expect fix 2 "no store" -- bash -c "cd '$SCRATCH/empty' && '$LINKMEND' fix"
expect fix 129 "bad option" -- "$LINKMEND" fix --bogus
# A tree of 300 files with a moved link each: fix cannot write it, then
# fix is interrupted between files.
W=$SCRATCH/w
mkdir -p "$W/d"
(cd "$W" && git init -q . &&
 for i in $(seq -w 1 300); do
	printf '/* Manual: http://www.foo-vendor.org/docs/old.html */\n' > "d/f$i.c"
 done && git add -A && git -c user.email=dev@linkmend-web.org \
	-c user.name=dev commit -qm many &&
 "$LINKMEND" scan -q . > /dev/null &&
 run "$LINKMEND" check -q "${NET[@]}" > /dev/null 2>&1
 run "$LINKMEND" resolve -q "${NET[@]}" > /dev/null 2>&1
 chown -R nobody .linkmend)
expect fix 2 "a file that cannot be written" -- bash -c "cd '$W' && env \
	HOME=/nonexistent setpriv --reuid=nobody --regid=nogroup \
	--clear-groups '$LINKMEND' fix"
same "(and counts only the edits it wrote: none)" \
	"$(grep -c '^fix: 0 edits in 0 files$' "$SCRATCH/err")" "1"
chown -R root "$W/.linkmend"
(cd "$W" && exec "$LINKMEND" fix) > "$SCRATCH/out" 2> "$SCRATCH/err" &
pid=$!
wait_for 10 grep -q new.html "$W/d/f001.c"
kill -INT $pid
wait $pid
same "fix exits 130: stopped between files, saying where" "$?" "130"
reached+=("fix 130")
ok "(it says where it stopped and how far it got)" \
	grep -q "^fix: interrupted before 'd/f[0-9]*.c': [0-9]* of 300 files gone through" "$SCRATCH/err"
same "(every file holds the old link or the new, none half)" \
	"$(cat "$W"/d/*.c | sort | uniq -c | awk '{ n += $1 } END { print n, NR }')" "300 2"
expect fix 0 "all made already: the interrupted run's edits are done" -- \
	bash -c "cd '$W' && '$LINKMEND' fix"
same "(every file fixed)" "$(grep -l new.html "$W"/d/*.c | wc -l)" "300"

# series
expect series 0 "written" -- "$LINKMEND" series -o "$SCRATCH/s0"
mkdir "$SCRATCH/mine"
echo notes > "$SCRATCH/mine/notes.txt"
expect series 2 "a directory that holds files not linkmend's" -- \
	"$LINKMEND" series -o "$SCRATCH/mine"
expect series 129 "bad option" -- "$LINKMEND" series --bogus
sed -i 's|old.html|old.htm|' drivers/foo/foo.c
git commit -qam "the line changed"
expect series 1 "edits skipped: the base changed" -- "$LINKMEND" series -o "$SCRATCH/s1"
git reset -q --hard HEAD~1
# A get_maintainer.pl that takes its time, to be interrupted.
mkdir -p scripts
cat > scripts/get_maintainer.pl <<P
#!/usr/bin/perl
open(my \$f, '>', '$SCRATCH/started'); close(\$f);
sleep 30;
P
chmod +x scripts/get_maintainer.pl
printf 'FOO\nM:\tFoo <foo@linkmend-web.org>\nF:\tdrivers/foo/\n' > MAINTAINERS
git add -A && git commit -qm "maintainers"
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" resolve -q "${NET[@]}" > /dev/null 2>&1
"$LINKMEND" series -o "$SCRATCH/s130" --no-get-maintainer > /dev/null 2>&1
before=$(ls "$SCRATCH/s130")
interrupt series "the directory is as it was" "-" -- "$LINKMEND" series -o "$SCRATCH/s130"
same "(the interrupted series left the directory as it was)" "$(ls "$SCRATCH/s130")" "$before"
ok "(and no staging directory)" bash -c "! ls -d '$SCRATCH'/s130.linkmend-new-* 2> /dev/null"
git rm -q -r scripts MAINTAINERS && git commit -qm "no maintainers"

# report
expect report 0 "written" -- "$LINKMEND" report -o "$SCRATCH/r.json"
expect report 2 "no store" -- bash -c "cd '$SCRATCH/empty' && '$LINKMEND' report"
expect report 129 "bad option" -- "$LINKMEND" report --bogus

# diff
expect diff 0 "no dead link added" -- run "$LINKMEND" diff "${NET[@]}"
printf '/* http://www.foo-vendor.org/gone.html again */\n' > drivers/foo/new.c
git add drivers/foo/new.c
expect diff 1 "a dead link added" -- run "$LINKMEND" diff --cached "${NET[@]}"
git rm -q --cached drivers/foo/new.c && rm drivers/foo/new.c
printf '[check]\nbogus = 1\n' > .linkmend.conf
expect diff 2 "a bad .linkmend.conf" -- run "$LINKMEND" diff "${NET[@]}"
rm .linkmend.conf
expect diff 129 "bad option" -- "$LINKMEND" diff --bogus

# archive
expect archive 0 "archived" -- run "$LINKMEND" archive -o "$SCRATCH/a0" "${NET[@]}"
run "$LINKMEND" check -q --force --cacert "$state/ca.crt" --allow-private \
	--timeout 10 > /dev/null 2>&1	# slow.html alive, given time
expect archive 1 "links that could not be fetched" -- run "$LINKMEND" archive \
	-o "$SCRATCH/a1" --cacert "$state/ca.crt" --allow-private --timeout 1
expect archive 2 "no store" -- bash -c "cd '$SCRATCH/empty' && '$LINKMEND' archive -o x"
expect archive 129 "bad option" -- "$LINKMEND" archive --bogus
interrupt archive "captures made are kept" "slow.html" -- "$LINKMEND" archive \
	-o "$SCRATCH/a130" --cacert "$state/ca.crt" --allow-private --timeout 30

# run
R=$SCRATCH/r
mktree "$R"
cd "$R" || exit 1
expect run 0 "done" -- run "$LINKMEND" run . -o "$SCRATCH/o0" "${NET[@]}"
expect run 1 "a stage's 1" -- bash -c "cd '$U' && '$WEB/exec' -n '$NAME' env HOME=/nonexistent setpriv \
	--reuid=nobody --regid=nogroup --clear-groups '$LINKMEND' run . \
	-o '$SCRATCH/n/o1' ${NET[*]}"
expect run 2 "a stage's 2" -- run "$LINKMEND" run . -o "$SCRATCH/o2" \
	--allow-private --cacert "$SCRATCH/nonesuch.pem"
expect run 129 "bad option" -- "$LINKMEND" run --bogus . -o "$SCRATCH/o129"
interrupt run "a stage's 130" "slow.html" -- "$LINKMEND" run . -o "$SCRATCH/o130" \
	--force --cacert "$state/ca.crt" --allow-private --timeout 30 --retries 0

# sent and refuse, in the first tree, whose series s130 was written last
cd "$T" || exit 1
expect sent 0 "recorded" -- "$LINKMEND" sent "$SCRATCH/s130"
expect sent 1 "no patch there holds an edit written and not yet sent" -- \
	"$LINKMEND" sent "$SCRATCH/s130"
expect sent 2 "no store" -- bash -c "cd '$SCRATCH/empty' && '$LINKMEND' sent x"
expect sent 129 "bad option" -- "$LINKMEND" sent --bogus x
expect refuse 0 "recorded" -- "$LINKMEND" refuse --reason "kept" \
	--file drivers/foo/foo.c http://www.foo-vendor.org/docs/old.html
printf 'not a refusal\n' > "$SCRATCH/refusals"
expect refuse 2 "a line that is no refusal" -- "$LINKMEND" refuse --import "$SCRATCH/refusals"
expect refuse 129 "bad option" -- "$LINKMEND" refuse --bogus

# help
expect help 0 "a command's help" -- "$LINKMEND" help scan
expect help 129 "no such command" -- "$LINKMEND" help nosuch

# The table names exactly what was reached.
table=$(sed -n '/<!-- exit-table/,/<!-- end exit-table/p' "$README" |
	awk -F'|' 'NR > 3 && NF > 6 {
		gsub(/ /, "", $2)
		for (i = 3; i <= 7; i++) {
			c = $i; gsub(/^ +| +$/, "", c)
			if (c != "") print $2, (i == 3 ? 0 : i == 4 ? 1 : i == 5 ? 2 : i == 6 ? 129 : 130)
		}
	}' | sort)
same "the README's exit table names what this script reaches, no more, no less" \
	"$table" "$(printf '%s\n' "${reached[@]}" | sort -u)"
