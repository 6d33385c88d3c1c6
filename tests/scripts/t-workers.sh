#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A store on PostgreSQL (a cluster of the test's own, tests/lib/pg.sh)
# and check --worker in the test web: one worker on SQLite, one on
# PostgreSQL and four on PostgreSQL give the same verdict table; no host
# sees two requests closer than the spacing (a packet capture of the test
# web: the kernel's times, not webd's, which trail the wire); every
# URL is checked once; a worker killed with -9 loses no committed check
# and the others finish its hosts when its lease runs out.  resolve
# --worker: 1 on SQLite, 1 and 4 on PostgreSQL record what plain resolve
# does (a typo found across hosts no one worker holds), and the archive,
# which every worker asks, sees its spacing on the wire.  Many trees in
# one store: a URL two trees cite is checked once, each tree reads its
# own.
# run early: about 2 min, mostly waiting on leases and spacing
. "$(dirname "$0")/../lib/sh.sh"
. "$TESTS/lib/workers.sh"
# Another program's PostgreSQL database is never taken for a store.
FOREIGN=$(newdb foreign)
psql -q "$FOREIGN" -c "CREATE TABLE accounts(id int, name text); INSERT INTO accounts VALUES (1, 'a');"
(cd "$tree" && "$LINKMEND" scan -q --db "$FOREIGN" . > /dev/null 2> "$SCRATCH/foreign.err")
same "scan --db another program's PostgreSQL database exits 2" "$?" "2"
ok "saying it is not a linkmend store" grep -q "is another program's database, not a linkmend store" "$SCRATCH/foreign.err"
same "and its tables are as they were" \
	"$(psql -qtA "$FOREIGN" -c "SELECT string_agg(table_name, ',') FROM information_schema.tables WHERE table_schema = 'public'")" "accounts"
# A store on PostgreSQL at schema 3 (tests/store/schema3.pg.sql, as
# ce5eab2 wrote it) is migrated when opened.
DBM=$(newdb migrated)
psql -q "$DBM" -f "$TESTS/store/schema3.pg.sql" > /dev/null 2>&1
psql -q "$DBM" -c "UPDATE tree SET root = '$tree'; UPDATE meta SET value = '$tree' WHERE key = 'tree/1/root'" > /dev/null
same "a schema-3 PostgreSQL store (the setup works)" \
	"$(psql -qtA "$DBM" -c "SELECT value FROM meta WHERE key = 'schema'")" "3"
"$LINKMEND" report --db "$DBM" --format=json -o "$SCRATCH/m3.json" 2> "$SCRATCH/m3.err"
same "report reads it after migrating it" "$?" "0"
same "which is then schema 8: its host kept, resolve, archive and turns added" \
	"$(psql -qtA "$DBM" -c "SELECT (SELECT value FROM meta WHERE key = 'schema'),
		host, last_ms, next_s, resolve_s, archive_s, turn_by IS NULL FROM host")" \
	"8|a.example-web.org|1700000000123|1700086400|0|0|t"
same "and its occurrences gain owner, owner_why, purpose, purpose_why" \
	"$(psql -qtA "$DBM" -c "SELECT count(*) FROM information_schema.columns
		WHERE table_name = 'occurrence' AND column_name IN
		('owner', 'owner_why', 'purpose', 'purpose_why')")" "4"

# The reference: plain check on a SQLite store.
scan_into "$SCRATCH/ref.db"
run "$LINKMEND" "${CHECK[@]}" --db "$SCRATCH/ref.db" > /dev/null 2>&1
verdicts "$SCRATCH/ref.db" > "$SCRATCH/t-ref"
same "check of the tree gives 168 verdicts (the setup works)" "$(wc -l < "$SCRATCH/t-ref")" "168"
ok "of several kinds: alive, gone, moved, server-error, refused, dns" \
	test "$(cut -f2 "$SCRATCH/t-ref" | sort -u | tr '\n' ' ')" = "alive dns gone moved refused server-error "

# The capture sees what the server sees, and the gap is read from it: one
# host asked twice at once by two plain checks must show a gap below the
# spacing, so that the tests below can fail.
capture
run "$LINKMEND" check -q --allow-private --spacing-ms 0 --db "$SCRATCH/cap-a.db" \
	http://h00.workers-web.org/ok > /dev/null 2>&1 &
run "$LINKMEND" check -q --allow-private --spacing-ms 0 --db "$SCRATCH/cap-b.db" \
	http://h00.workers-web.org/gone > /dev/null 2>&1
wait
gap=$(min_gap)
ok "the capture holds every request webd logged, and two at once are closer than ${SPACING} ms (the setup works: $gap ms)" \
	eval '[ "$gap" != none ] && ! gap_ok "$gap"'

# One worker on SQLite.
scan_into "$SCRATCH/w1.db"
capture
run "$LINKMEND" "${WORKER[@]}" --db "$SCRATCH/w1.db" 2> "$SCRATCH/w1.err"
same "one worker on SQLite finishes" "$?" "0"
gap=$(min_gap)
verdicts "$SCRATCH/w1.db" > "$SCRATCH/t-w1"
ok "one worker on SQLite: the same verdict table as check" cmp -s "$SCRATCH/t-ref" "$SCRATCH/t-w1"
ok "and no host saw two requests closer than ${SPACING} ms on the wire (least gap $gap ms)" gap_ok "$gap"

# One worker on PostgreSQL.
DB1=$(newdb one)
scan_into "$DB1"
run "$LINKMEND" "${WORKER[@]}" --db "$DB1" 2> "$SCRATCH/p1.err"
same "one worker on PostgreSQL finishes" "$?" "0"
verdicts "$DB1" > "$SCRATCH/t-p1"
ok "one worker on PostgreSQL: the same verdict table" cmp -s "$SCRATCH/t-ref" "$SCRATCH/t-p1"

# Four workers on PostgreSQL, each taking a few hosts at a time so that
# they share the hosts between them.
DB4=$(newdb four)
scan_into "$DB4"
capture
pids=()
for i in 1 2 3 4; do
	run "$LINKMEND" "${WORKER[@]}" --claim-hosts 3 --db "$DB4" 2> "$SCRATCH/p4-$i.err" &
	pids+=($!)
done
fails=0
for p in "${pids[@]}"; do wait "$p" || fails=$((fails + 1)); done
same "four workers on PostgreSQL finish" "$fails" "0"
gap=$(min_gap)
workers=$(cat "$SCRATCH"/p4-*.err | grep -c "URLs checked on")
busy=$(grep -h -o "^check: worker [^ ]*: [1-9][0-9]* URLs" "$SCRATCH"/p4-*.err | wc -l)
ok "the work was shared: $busy of $workers workers checked URLs" test "$busy" -ge 2
verdicts "$DB4" > "$SCRATCH/t-p4"
ok "four workers on PostgreSQL: the same verdict table" cmp -s "$SCRATCH/t-ref" "$SCRATCH/t-p4"
ok "no host saw two requests closer than ${SPACING} ms across workers on the wire (least gap $gap ms)" \
	gap_ok "$gap"
left=$(sed -n 's/.*; \([0-9]*\) left for a later claim.*/\1/p' "$SCRATCH"/p4-*.err | awk '{ n += $1 } END { print n + 0 }')
same "every URL was checked exactly once ($left hops given up and asked again)" \
	"$(psql -qtA "$DB4" -c "SELECT count(*), count(DISTINCT url_id) FROM checks")" "168|168"
same "and every lease was given back" \
	"$(psql -qtA "$DB4" -c "SELECT count(*) FROM host WHERE owner IS NOT NULL")" "0"

# Hops given up: with a 5 s lease a hop waits at most 1.25 s for a host
# another worker holds.  A worker that is not there ("blocker") holds the
# hub for 4 s, so the hops there are given up, their links left for
# later claims; still each URL is checked once, with the same verdicts
# and the spacing kept.
DB5=$(newdb gaveup)
scan_into "$DB5"
psql -q "$DB5" -c "UPDATE host SET owner = 'blocker:1',
	until_ms = (extract(epoch FROM clock_timestamp()) * 1000)::bigint + 4000
	WHERE host = 'hub.workers-web.org'"
capture
pids=()
for i in 1 2 3 4; do
	run "$LINKMEND" "${WORKER[@]}" --claim-hosts 3 --lease 5 --db "$DB5" 2> "$SCRATCH/p5-$i.err" &
	pids+=($!)
done
fails=0
for p in "${pids[@]}"; do wait "$p" || fails=$((fails + 1)); done
gap=$(min_gap)
left=$(sed -n 's/.*; \([0-9]*\) left for a later claim.*/\1/p' "$SCRATCH"/p5-*.err | awk '{ n += $1 } END { print n + 0 }')
same "four workers with a 5 s lease finish" "$fails" "0"
ok "hops to a host another worker held were given up ($left)" test "$left" -gt 0
same "and asked again later: every URL checked exactly once" \
	"$(psql -qtA "$DB5" -c "SELECT count(*), count(DISTINCT url_id) FROM checks")" "168|168"
verdicts "$DB5" > "$SCRATCH/t-p5"
ok "the same verdict table" cmp -s "$SCRATCH/t-ref" "$SCRATCH/t-p5"
ok "no host saw two requests closer than ${SPACING} ms (least gap $gap ms)" gap_ok "$gap"

# kill -9 mid-run: two workers on slow hosts, one killed while it holds
# hosts.  What it committed stays; the other takes its hosts when the
# lease (5 s) runs out, and the run finishes with every URL checked.
DBK=$(newdb killed)
scan_into "$DBK"
capture
run "$LINKMEND" "${WORKER[@]}" --claim-hosts 8 --lease 5 --db "$DBK" 2> /dev/null &
victim=$!
holding() {	# it holds hosts and has committed a check
	[ "$(psql -qtA "$DBK" -c "SELECT count(*) FROM host WHERE owner IS NOT NULL")" -gt 0 ] &&
	[ "$(psql -qtA "$DBK" -c "SELECT count(*) FROM checks")" -gt 0 ]
} 2> /dev/null
wait_for 30 holding
held=$(psql -qtA "$DBK" -c "SELECT count(*) FROM host WHERE owner IS NOT NULL")
ok "the first worker holds hosts when it is killed (the setup works: $held)" test "$held" -gt 0
web_pkill 9 "--claim-hosts 8 --lease 5"; wait "$victim" 2> /dev/null
psql -qtA "$DBK" -c "SELECT url_id, at, verdict FROM checks" | sort > "$SCRATCH/k-before"
ok "it had committed checks before it died ($(wc -l < "$SCRATCH/k-before"))" test -s "$SCRATCH/k-before"
t0=$(date +%s)
run "$LINKMEND" "${WORKER[@]}" --lease 5 --db "$DBK" 2> "$SCRATCH/k.err"
same "a second worker finishes the run" "$?" "0"
ok "after waiting for the dead worker's lease ($(($(date +%s) - t0)) s)" grep -q "with nothing to claim" "$SCRATCH/k.err"
psql -qtA "$DBK" -c "SELECT url_id, at, verdict FROM checks" | sort > "$SCRATCH/k-after"
ok "no committed check was lost" test -z "$(comm -23 "$SCRATCH/k-before" "$SCRATCH/k-after")"
same "and every URL is checked once" \
	"$(psql -qtA "$DBK" -c "SELECT count(*), count(DISTINCT url_id) FROM checks")" "168|168"
gap=$(min_gap)
ok "no host saw two requests closer than ${SPACING} ms across the takeover on the wire (least gap $gap ms)" \
	gap_ok "$gap"
verdicts "$DBK" > "$SCRATCH/t-k"
ok "the verdict table is the same" cmp -s "$SCRATCH/t-ref" "$SCRATCH/t-k"

# resolve --worker.  The archive is asked over plain HTTP so that the
# capture can read its requests; 50 ms apart.
RESOLVE=(resolve --confirm 1 --trust-network --allow-private --timeout 3
	 --wayback http://web.archive.org --archive-spacing 50)
# resolutions DB: every decision recorded, one line each, sorted.
resolutions() {
	local q="SELECT t.name || ' ' || u.url || ' ' || r.path || ' ' ||
		 r.start || ' ' || r.kind || ' ' || coalesce(r.replacement, '-') ||
		 ' ' || r.evidence FROM resolution r JOIN url u ON u.id = r.url_id
		 JOIN tree t ON t.id = r.tree_id"
	case $1 in
	postgresql:*) psql -qtA "$1" -c "$q" ;;
	*) sqlite3 "$1" "$q" ;;
	esac | sort
}
run "$LINKMEND" "${RESOLVE[@]}" --no-output --db "$SCRATCH/ref.db" 2> /dev/null
resolutions "$SCRATCH/ref.db" > "$SCRATCH/r-ref"
kinds=$(awk '{ print $5 }' "$SCRATCH/r-ref" | sort -u | tr '\n' ' ')
ok "plain resolve decides $(wc -l < "$SCRATCH/r-ref") occurrences (the setup works): archived, moved, typo, unresolved ($kinds)" \
	test "$kinds" = "archived moved typo unresolved "
run "$LINKMEND" "${RESOLVE[@]}" --worker --db "$SCRATCH/w1.db" 2> "$SCRATCH/rw1.err"
same "one resolve worker on SQLite finishes" "$?" "0"
resolutions "$SCRATCH/w1.db" > "$SCRATCH/r-w1"
ok "and records what plain resolve does" cmp -s "$SCRATCH/r-ref" "$SCRATCH/r-w1"
run "$LINKMEND" "${RESOLVE[@]}" --worker --db "$DB1" 2> "$SCRATCH/rp1.err"
same "one resolve worker on PostgreSQL finishes" "$?" "0"
resolutions "$DB1" > "$SCRATCH/r-p1"
ok "and records what plain resolve does" cmp -s "$SCRATCH/r-ref" "$SCRATCH/r-p1"
capture
pids=()
for i in 1 2 3 4; do
	run "$LINKMEND" "${RESOLVE[@]}" --worker --claim-hosts 3 --db "$DB4" 2> "$SCRATCH/rp4-$i.err" &
	pids+=($!)
done
fails=0
for p in "${pids[@]}"; do wait "$p" || fails=$((fails + 1)); done
same "four resolve workers on PostgreSQL finish" "$fails" "0"
"$WEB/capture" -n "$NAME" stop "$SCRATCH/wire.pcap" > "$SCRATCH/wire"
busy=$(grep -h -o "^resolve: worker [^ ]*: [1-9][0-9]* hosts" "$SCRATCH"/rp4-*.err | wc -l)
ok "the work was shared: $busy of 4 workers resolved hosts" test "$busy" -ge 2
resolutions "$DB4" > "$SCRATCH/r-p4"
ok "four resolve workers record what plain resolve does" cmp -s "$SCRATCH/r-ref" "$SCRATCH/r-p4"
asked=$(grep -c " web.archive.org " "$SCRATCH/wire")
gap=$(awk '$2 == "web.archive.org"' "$SCRATCH/wire" | sort -n | awk '
	NR > 1 { g = ($1 - last) * 1000; if (g < m) m = g } { last = $1 }
	BEGIN { m = 1e9 } END { printf "%.2f", m }')
ok "the archive, asked $asked times by four workers, never saw two requests closer than 50 ms (least gap $gap ms)" \
	awk -v g="$gap" -v n="$asked" 'BEGIN { exit !(n > 10 && g >= 50) }'
same "and every resolve lease was given back" \
	"$(psql -qtA "$DB4" -c "SELECT count(*) FROM host WHERE owner IS NOT NULL")" "0"

# archive --worker.  The reference: plain archive of the SQLite store
# the first resolve used; the captures are the live links, once each.
ARCHIVE=(archive --allow-private --timeout 3 --spacing-ms 50 -q)
# captures DB DIR: each record kept in DIR, "URL request|kept STATUS"
# (which of two equal payloads is the response and which the revisit
# depends on who came first).
captures() {
	local q="SELECT url || ' ' || CASE type WHEN 'request' THEN 'request'
		 ELSE 'kept' END || ' ' || status FROM capture
		 WHERE dir = '$(realpath "$2")'"
	case $1 in
	postgresql:*) psql -qtA "$1" -c "$q" ;;
	*) sqlite3 "$1" "$q" ;;
	esac | sort
}
whole() {	# whole DIR: every file closed and every gzip member sound
	! ls "$1"/*.open > /dev/null 2>&1 && for f in "$1"/*.warc.gz; do
		gzip -t "$f" || return 1
	done
}
run "$LINKMEND" "${ARCHIVE[@]}" -o "$SCRATCH/c-ref" --db "$SCRATCH/ref.db" 2> /dev/null
captures "$SCRATCH/ref.db" "$SCRATCH/c-ref" > "$SCRATCH/a-ref"
live=$(grep -c "	alive	" "$SCRATCH/t-ref")
same "plain archive keeps each live link (the setup works)" \
	"$(grep -c " kept 200$" "$SCRATCH/a-ref")" "$live"
run "$LINKMEND" "${ARCHIVE[@]}" --worker -o "$SCRATCH/c-w1" --db "$SCRATCH/w1.db" 2> "$SCRATCH/aw1.err"
same "one archive worker on SQLite finishes" "$?" "0"
captures "$SCRATCH/w1.db" "$SCRATCH/c-w1" > "$SCRATCH/a-w1"
ok "and keeps what plain archive does" cmp -s "$SCRATCH/a-ref" "$SCRATCH/a-w1"
pids=()
for i in 1 2 3 4; do
	run "$LINKMEND" "${ARCHIVE[@]}" --worker --claim-hosts 3 -o "$SCRATCH/c-p4" \
		--db "$DB4" 2> "$SCRATCH/ap4-$i.err" &
	pids+=($!)
done
fails=0
for p in "${pids[@]}"; do wait "$p" || fails=$((fails + 1)); done
same "four archive workers on PostgreSQL, one collection, finish" "$fails" "0"
captures "$DB4" "$SCRATCH/c-p4" > "$SCRATCH/a-p4"
ok "and keep what plain archive does, each link once" cmp -s "$SCRATCH/a-ref" "$SCRATCH/a-p4"
ok "in files of their own, all closed and whole ($(ls "$SCRATCH/c-p4"/*.warc.gz | wc -l) files)" \
	whole "$SCRATCH/c-p4"
if ! whole "$SCRATCH/c-p4" 2> /dev/null; then	# what went wrong
	ls -l "$SCRATCH/c-p4" | sed 's/^/# /'
	for f in "$SCRATCH/c-p4"/*.warc.gz; do gzip -t "$f" 2>&1 | sed 's/^/# /'; done
	sed 's/^/# /' "$SCRATCH"/ap4-*.err | head -20
fi
same "the index holds every capture" "$(wc -l < "$SCRATCH/c-p4/index.cdxj")" \
	"$(wc -l < "$SCRATCH/a-p4")"
# A worker killed while writing: its file stays open; the next worker's
# recovery cuts it after its last counted record, and never touches the
# open file of a worker still running.
DBA=$(newdb archived)
scan_into "$DBA"
run "$LINKMEND" "${CHECK[@]}" --db "$DBA" > /dev/null 2>&1
SLOW=(--spacing-ms 400 --lease 5 -o "$SCRATCH/c-k" --db "$DBA")
run "$LINKMEND" "${ARCHIVE[@]}" --worker --claim-hosts 2 "${SLOW[@]}" 2> /dev/null &
wait_for 30 eval 'ls "$SCRATCH"/c-k/*.open > /dev/null 2>&1'
ok "a worker writing holds its file open (the setup works)" \
	eval 'ls "$SCRATCH"/c-k/*.open > /dev/null 2>&1'
run "$LINKMEND" "${ARCHIVE[@]}" --worker --claim-hosts 3 "${SLOW[@]}" 2> "$SCRATCH/ak2.err" &
second=$!
# Killed once the second holds hosts beside it (its start-up is over).
owners() { [ "$(psql -qtA "$DBA" -c "SELECT count(DISTINCT owner) FROM host")" -ge 2 ]; } 2> /dev/null
wait_for 30 owners
web_pkill 9 "--worker --claim-hosts 2 --spacing-ms 400"
wait "$second"
same "a second worker started beside it finishes" "$?" "0"
ok "and did not touch the first's open file while it ran" \
	eval '! grep -q "left open by an interrupted run" "$SCRATCH/ak2.err"'
run "$LINKMEND" "${ARCHIVE[@]}" --worker -o "$SCRATCH/c-k" --db "$DBA" --lease 5 \
	2> "$SCRATCH/ak3.err"
same "after the first was killed with -9, a third worker finishes" "$?" "0"
ok "recovering the dead worker's file" grep -q "left open by an interrupted run" "$SCRATCH/ak3.err"
captures "$DBA" "$SCRATCH/c-k" | grep " kept " | sort -u > "$SCRATCH/a-k"
same "every live link kept" "$(wc -l < "$SCRATCH/a-k")" "$live"
ok "and every file closed and whole" whole "$SCRATCH/c-k"

# Many trees in one store.
DBT=$(newdb trees)
other=$SCRATCH/other
mkdir -p "$other"
printf '/* http://h00.workers-web.org/ok and http://h01.workers-web.org/ok */\n' > "$other/b.c"
scan_into "$DBT" linux
"$LINKMEND" scan -q --no-output --db "$DBT" --tree other --tree-version 2.0 "$other"
same "two trees in one store, each with its version" \
	"$(psql -qtA "$DBT" -c "SELECT name, version FROM tree ORDER BY name" | tr '\n' ' ')" \
	"linux|$(git -C "$tree" rev-parse HEAD) other|2.0 "
run "$LINKMEND" "${CHECK[@]}" --db "$DBT" --tree other > "$SCRATCH/other.out" 2> /dev/null
same "check --tree other checks that tree's two URLs" "$(wc -l < "$SCRATCH/other.out")" "2"
run "$LINKMEND" "${CHECK[@]}" --db "$DBT" --tree linux > /dev/null 2>&1
same "a URL both trees cite is checked once" \
	"$(psql -qtA "$DBT" -c "SELECT count(*) FROM checks c JOIN url u ON u.id = c.url_id WHERE u.url = 'http://h00.workers-web.org/ok'")" "1"
"$LINKMEND" report --db "$DBT" --format=json -o "$SCRATCH/r.json" 2> "$SCRATCH/r.err"
same "report of a store of two trees without --tree fails" "$?" "2"
ok "naming the trees" grep -q "holds 2 trees (linux, other): name one with --tree" "$SCRATCH/r.err"
"$LINKMEND" report --db "$DBT" --tree other --format=json -o "$SCRATCH/r.json"
same "report --tree other reports its two occurrences" \
	"$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["totals"]["occurrences"])' "$SCRATCH/r.json")" "2"

# valgrind: the three workers on a PostgreSQL store leak nothing and make
# no error (sanitizer builds: ASan checks the runs above instead).
if grep -q fsanitize "$(dirname "$0")/../../.build-flags" 2>/dev/null; then
	skip "valgrind finds no leak or error in the workers" \
		"sanitizer build: valgrind cannot run it (ASan checks it instead)"
	exit 0
fi
VG=(valgrind -q --leak-check=full --show-leak-kinds=definite,indirect
    --errors-for-leak-kinds=definite,indirect --error-exitcode=99)
DBV=$(newdb valgrind)
scan_into "$DBV"
# Valgrind slows linkmend tens of times, more on a machine busy with
# other tests: a timeout of 20 s, as no request here is meant to time out.
for job in "check --spacing-ms 50 --per-host 1 --timeout 20 --retries 0" \
	   "resolve --confirm 1 --trust-network --timeout 20 --wayback http://web.archive.org --archive-spacing 20" \
	   "archive --spacing-ms 50 --timeout 20 -q -o $SCRATCH/c-vg"; do
	# shellcheck disable=SC2086
	run "${VG[@]}" "$LINKMEND" $job --worker --allow-private --claim-hosts 8 \
		--db "$DBV" > /dev/null 2> "$SCRATCH/vg.err"
	rc=$?
	same "valgrind: ${job%% *} --worker clean" "$rc" "0"
	[ "$rc" = 0 ] || head -30 "$SCRATCH/vg.err"
done
same "and they did the work: every URL checked" \
	"$(psql -qtA "$DBV" -c "SELECT count(DISTINCT url_id) FROM checks")" "168"
