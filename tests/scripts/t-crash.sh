#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# kill -9 at random moments, 50 times each: during fix every file is its
# old or its new content, never half, the store passes PRAGMA
# integrity_check and the next run finishes the job and records it;
# during series the output directory is the old series or the new, whole.
# Also: one fix at a time (.linkmend/fix.lock), nothing written through a
# symlinked directory, a full disk and an unwritable store leave
# everything as it was, with a clear error.
# run early: the longest script (about 4 min alone: 150 kills and runs)
. "$(dirname "$0")/../lib/sh.sh"
RUNS=${CRASH_RUNS:-50}
P=$SCRATCH/pristine
mkdir -p "$P/d"
cd "$P" || exit 1
git init -q . && git config user.email t@linkmend-web.org && git config user.name t
for i in $(seq 1 120); do
	printf '/*\n * See http://old.linkmend-web.org/page/%d for the details\n * and http://old.linkmend-web.org/spec/%d too.\n */\nint f%d;\n' \
		"$i" "$i" "$i" > "d/f$i.c"
done
cat > MAINTAINERS <<'M'
Maintainers List
----------------

FILES
M:	A <a@linkmend-web.org>
F:	d/
M
git add -A && git commit -qm base
cd "$SCRATCH" || exit 1
prepare() {	# prepare DIR: the tree, scanned, with resolutions as resolve leaves them
	rm -rf "$1"
	cp -a "$P" "$1"
	(cd "$1" && "$LINKMEND" scan -q . > /dev/null)
	sqlite3 "$1/.linkmend/linkmend.db" "INSERT INTO resolution(tree_id, url_id, path, start, kind, replacement, evidence, at)
		SELECT o.tree_id, o.url_id, o.path, o.start, 'moved', replace(u.url, 'old.', 'new.'), 'test', 0
		FROM occurrence o JOIN url u ON u.id = o.url_id"
}
# What a whole run writes.
W=$SCRATCH/whole
prepare "$W"
(cd "$W" && "$LINKMEND" fix -q)
same "a whole fix writes every file" "$(grep -l 'new.linkmend-web.org' "$W"/d/*.c | wc -l)" "120"

prepare "$SCRATCH/timing"
t0=$(date +%s%N)
(cd "$SCRATCH/timing" && "$LINKMEND" fix -q)
span=$(( ($(date +%s%N) - t0) / 1000000 ))	# ms
[ "$span" -gt 20 ] || span=20

bad=0 integrity=0 unfinished=0 partial=0
for run in $(seq 1 "$RUNS"); do
	K=$SCRATCH/k
	prepare "$K"
	(cd "$K" && exec "$LINKMEND" fix -q) 2> /dev/null &
	pid=$!
	sleep "$(awk -v s="$span" -v r="$RANDOM" 'BEGIN { printf "%.3f", (r % s) / 1000 }')"
	kill -9 "$pid" 2> /dev/null
	wait "$pid" 2> /dev/null
	for f in "$K"/d/*.c; do
		b=${f#"$K"/}
		cmp -s "$f" "$P/$b" || cmp -s "$f" "$W/$b" || { bad=$((bad + 1)); echo "  half-written: $b (run $run)"; }
	done
	n=$(grep -l 'new.linkmend-web' "$K"/d/*.c | wc -l)
	[ "$n" -gt 0 ] && [ "$n" -lt 120 ] && partial=$((partial + 1))
	[ "$(sqlite3 "$K/.linkmend/linkmend.db" 'PRAGMA integrity_check')" = ok ] || integrity=$((integrity + 1))
	(cd "$K" && "$LINKMEND" fix -q) 2> /dev/null
	if ! diff -r -q -x .linkmend -x .git "$K" "$W" > /dev/null ||
	   [ "$(sqlite3 "$K/.linkmend/linkmend.db" 'SELECT count(*) FROM resolution WHERE applied = 0')" != 0 ]; then
		unfinished=$((unfinished + 1))
		echo "  run $run: the next fix did not finish the job"
		diff -r -q -x .linkmend -x .git "$K" "$W" | head -3
	fi
done
same "fix killed $RUNS times: every file old or new, never half" "$bad" "0"
same "fix killed $RUNS times: the store passes its integrity check" "$integrity" "0"
same "fix killed $RUNS times: the next run finishes and records everything" "$unfinished" "0"
echo "# fix: $partial of $RUNS kills landed mid-run (some files written, some not)"

# One fix at a time.
L=$SCRATCH/lock
prepare "$L"
# Another holds the lock until the one with --wait is seen waiting for it.
flock "$L/.linkmend/fix.lock" sh -c 'until [ -e "$0" ]; do sleep 0.05; done' \
	"$SCRATCH/release" &
holder=$!
held() { ! flock -n "$L/.linkmend/fix.lock" true; }
wait_for 30 held
(cd "$L" && "$LINKMEND" fix -q) 2> "$SCRATCH/err"
same "a second fix is refused while one runs" "$?" "2"
ok "naming the lock" grep -q "another linkmend fix is writing this tree (.*fix.lock); --wait waits for it" "$SCRATCH/err"
(cd "$L" && exec "$LINKMEND" fix -q --wait) 2> /dev/null &
waiter=$!
waiting() {	# the kernel lists fix --wait as blocked on the lock
	grep -q -- "-> FLOCK .* $waiter [^ ]*:$(stat -c %i "$L/.linkmend/fix.lock") " /proc/locks
}
ok "--wait waits for the lock" wait_for 30 waiting
same "(writing nothing meanwhile)" "$(grep -l 'new.linkmend-web.org' "$L"/d/*.c | wc -l)" "0"
touch "$SCRATCH/release"
wait "$waiter"
same "--wait waits, then fixes" "$(grep -l 'new.linkmend-web.org' "$L"/d/*.c | wc -l)" "120"
wait "$holder"

# A symlinked directory out of the tree: nothing written through it.
S=$SCRATCH/sym
prepare "$S"
mkdir -p "$SCRATCH/outside"
printf '/* http://old.linkmend-web.org/x */\n' > "$SCRATCH/outside/o.c"
ln -s "$SCRATCH/outside" "$S/link"
sqlite3 "$S/.linkmend/linkmend.db" "INSERT INTO occurrence(tree_id, path, start, end, line, col, url_id, text, context, flags)
	SELECT 1, 'link/o.c', 3, 31, 1, 4, id, url, 'c-comment', 0 FROM url LIMIT 1;
	INSERT INTO resolution(tree_id, url_id, path, start, kind, replacement, evidence, at)
	SELECT tree_id, url_id, 'link/o.c', 3, 'moved', 'http://new.linkmend-web.org/x', 'test', 0 FROM occurrence WHERE path = 'link/o.c'"
(cd "$S" && "$LINKMEND" fix -q) 2> "$SCRATCH/err"
ok "fix names the file it will not write through a symlink" grep -q "skipped 'link/o.c': its directory is outside the tree" "$SCRATCH/err"
same "the file outside the tree is untouched" "$(cat "$SCRATCH/outside/o.c")" "/* http://old.linkmend-web.org/x */"

# A full disk: a small tmpfs, filled up.
if mount -t tmpfs -o size=2m linkmend-full "$SCRATCH/full" 2> /dev/null || { mkdir -p "$SCRATCH/full" && mount -t tmpfs -o size=2m linkmend-full "$SCRATCH/full"; }; then
	# The tree on the full disk, its store elsewhere: the files cannot
	# be written.
	cp -a "$P/." "$SCRATCH/full/"
	DB=$SCRATCH/full-store.db
	(cd "$SCRATCH/full" && "$LINKMEND" scan -q --db "$DB" . > /dev/null)
	sqlite3 "$DB" "INSERT INTO resolution(tree_id, url_id, path, start, kind, replacement, evidence, at)
		SELECT o.tree_id, o.url_id, o.path, o.start, 'moved', replace(u.url, 'old.', 'new.'), 'test', 0
		FROM occurrence o JOIN url u ON u.id = o.url_id"
	dd if=/dev/zero of="$SCRATCH/full/filler" bs=64k 2> /dev/null
	(cd "$SCRATCH/full" && "$LINKMEND" fix -q --db "$DB") > /dev/null 2> "$SCRATCH/err"
	same "fix on a full disk exits 2 (files that cannot be written)" "$?" "2"
	ok "naming each file and the cause" grep -q "cannot write '.*d/f1.c.linkmend-.*': No space left on device" "$SCRATCH/err"
	same "every file as it was" "$(cd "$SCRATCH/full" && for f in d/*.c; do cmp -s "$f" "$P/$f" || echo "$f"; done)" ""
	same "no temporary file left" "$(find "$SCRATCH/full" -name '*.linkmend-*' | wc -l)" "0"
	same "nothing recorded as written" "$(sqlite3 "$DB" 'SELECT count(*) FROM resolution WHERE applied = 1')" "0"
	# The store on the full disk too: it cannot even be opened for writing.
	rm -f "$SCRATCH/full/filler"
	(cd "$SCRATCH/full" && "$LINKMEND" scan -q . > /dev/null)
	dd if=/dev/zero of="$SCRATCH/full/filler" bs=4k 2> /dev/null
	(cd "$SCRATCH/full" && "$LINKMEND" scan -q . ) > /dev/null 2> "$SCRATCH/err"
	same "a store on a full disk is an error" "$?" "2"
	ok "that says so" grep -qE "disk I/O error|database or disk is full|No space left" "$SCRATCH/err" ||
		sed 's/^/  /' "$SCRATCH/err"
	umount "$SCRATCH/full"
else
	echo "not ok - cannot mount a tmpfs for the full-disk test (needs root)"
fi

# An unwritable store (a read-only bind mount of its directory).
R=$SCRATCH/ro
prepare "$R"
if mount --bind "$R/.linkmend" "$R/.linkmend" && mount -o remount,bind,ro "$R/.linkmend"; then
	(cd "$R" && "$LINKMEND" fix -q) > /dev/null 2> "$SCRATCH/err"
	same "fix with a read-only store exits 2" "$?" "2"
	ok "naming the store" grep -q "linkmend.db" "$SCRATCH/err"
	same "and writes no file" "$(grep -l 'new.linkmend-web.org' "$R"/d/*.c | wc -l)" "0"
	umount "$R/.linkmend"
else
	echo "not ok - cannot make a read-only bind mount (needs root)"
fi

# series killed at random: the output directory is the old series, whole,
# or the new one, whole; the next run leaves no staging directory.
Q=$SCRATCH/series
prepare "$Q"
(cd "$Q" && "$LINKMEND" series -o "$SCRATCH/out" --from "t <t@linkmend-web.org>" 2> /dev/null)
ls "$SCRATCH/out" > "$SCRATCH/out.list"
whole() {	# whole DIR: the same files as a finished run, each a whole patch
	[ -d "$1" ] && cmp -s <(ls "$1") "$SCRATCH/out.list" &&
	{ [ ! -e "$1/0000-cover-letter.patch" ] ||
	  tr '\n' ' ' < "$1/0000-cover-letter.patch" |
		grep -q 'Each patch lists its links, their evidence below its "---" line\.  base-commit: [0-9a-f]\{40\} $'; } &&
	ls "$1"/0[0-9][0-9][1-9]-*.patch > /dev/null 2>&1 &&
	for f in "$1"/0[0-9][0-9][1-9]-*.patch; do tail -c 200 "$f" | grep -q '^-- $' || return 1; done
}
ok "a finished series is whole" whole "$SCRATCH/out"
t0=$(date +%s%N)
(cd "$Q" && "$LINKMEND" series -o "$SCRATCH/out" --from "t <t@linkmend-web.org>" 2> /dev/null)
sspan=$(( ($(date +%s%N) - t0) / 1000000 ))
broken=0
for run in $(seq 1 "$RUNS"); do
	(cd "$Q" && exec "$LINKMEND" series -o "$SCRATCH/out" --from "t <t@linkmend-web.org>") 2> /dev/null &
	pid=$!
	sleep "$(awk -v s="$sspan" -v r="$RANDOM" 'BEGIN { printf "%.3f", (r % s) / 1000 }')"
	kill -9 "$pid" 2> /dev/null
	wait "$pid" 2> /dev/null
	whole "$SCRATCH/out" || { broken=$((broken + 1)); echo "  run $run: the series directory is not whole"; }
done
same "series killed $RUNS times: the output is always a whole series" "$broken" "0"
left=$(cd "$Q" && { git for-each-ref refs/linkmend/; ls "$(git rev-parse --git-dir)" | grep -E '^(linkmend-marks-|fast_import_crash_)'; } | wc -l)
(cd "$Q" && "$LINKMEND" series -o "$SCRATCH/out" --from "t <t@linkmend-web.org>" 2> /dev/null)
same "the next run leaves the repository's refs and files as they were" \
	"$(cd "$Q" && { git for-each-ref refs/linkmend/; ls "$(git rev-parse --git-dir)" | grep -E '^(linkmend-marks-|fast_import_crash_)'; } | wc -l)" "0"
echo "# (the kills had left $left refs and files in the repository)"
same "the next run leaves no staging directory" "$(ls -d "$SCRATCH"/out.linkmend-* 2> /dev/null | wc -l)" "0"
ok "and a whole series" whole "$SCRATCH/out"

# check killed at random in the test web: no finished check is lost
# (the next run does not ask for it again), the store stays whole.
if [ "$(id -u)" -eq 0 ] && command -v dnsmasq > /dev/null; then
	WEB=$TESTS/web
	NAME=lm-crash-$$
	trap '"$WEB/down" "$NAME"; rm -rf "$SCRATCH"' EXIT
	{ echo "slow.linkmend-web.org latency 20-60"
	  for i in $(seq 1 60); do echo "slow.linkmend-web.org /p$i 200 page $i"; done; } > "$SCRATCH/c.scn"
	state=$("$WEB/up" "$SCRATCH/c.scn" "$NAME")
	C=$SCRATCH/check
	mkdir -p "$C"
	for i in $(seq 1 60); do echo "/* http://slow.linkmend-web.org/p$i */"; done > "$C/c.c"
	lost=0 integrity=0 repeated=0 mid=0
	for run in $(seq 1 "$RUNS"); do
		rm -rf "$C/.linkmend"
		(cd "$C" && "$LINKMEND" scan -q . > /dev/null)
		: > "$state/requests.log"
		(cd "$C" && exec "$WEB/exec" -n "$NAME" "$LINKMEND" check -q --no-output \
			--allow-private --cacert "$state/ca.crt" --per-host 4 --spacing-ms 10) 2> /dev/null &
		pid=$!
		sleep "$(awk -v r="$RANDOM" 'BEGIN { printf "%.3f", 0.1 + (r % 900) / 1000 }')"
		pkill -KILL -f "linkmend check -q --no-output --allow-private --cacert $state/ca.crt --per-host 4" 2> /dev/null
		wait "$pid" 2> /dev/null
		[ "$(sqlite3 "$C/.linkmend/linkmend.db" 'PRAGMA integrity_check')" = ok ] || integrity=$((integrity + 1))
		sqlite3 "$C/.linkmend/linkmend.db" "SELECT u.url FROM url u JOIN checks c ON c.url_id = u.id" | sort > "$SCRATCH/kept"
		n=$(wc -l < "$SCRATCH/kept")
		[ "$n" -gt 0 ] && [ "$n" -lt 60 ] && mid=$((mid + 1))
		: > "$state/requests.log"
		(cd "$C" && "$WEB/exec" -n "$NAME" "$LINKMEND" check -q --no-output \
			--allow-private --cacert "$state/ca.crt") 2> /dev/null
		# A kept check is fresh: the next run asks for none of them.
		while read -r u; do
			grep -q " ${u#http://slow.linkmend-web.org}[ ?]" "$state/requests.log" &&
				repeated=$((repeated + 1))
		done < "$SCRATCH/kept"
		[ "$(sqlite3 "$C/.linkmend/linkmend.db" 'SELECT count(DISTINCT url_id) FROM checks')" = 60 ] || lost=$((lost + 1))
	done
	same "check killed $RUNS times: the store passes its integrity check" "$integrity" "0"
	same "check killed $RUNS times: no finished check is asked again" "$repeated" "0"
	same "check killed $RUNS times: the next run completes the set" "$lost" "0"
	echo "# check: $mid of $RUNS kills landed mid-run (some checks kept, some not)"
	"$WEB/down" "$NAME"
else
	echo "not ok - the check crash test needs root and dnsmasq"
fi
