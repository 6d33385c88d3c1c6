#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# check --worker when things go wrong around it: a shared host that
# answers in 5 s, PostgreSQL stopped for 10 s mid-run, and one worker's
# wall clock stepped 120 s forward or back mid-run.  Three workers on
# PostgreSQL each time; in each case no host sees two requests closer
# than the spacing on the wire, every URL is checked once, with the
# verdicts plain check gives, every lease is given back, and no worker is
# held up longer than its lease: PostgreSQL logs no lock wait of a second
# (log_lock_waits), a stepped clock costs the run less than a lease, and
# a worker that waited for the store says so and for how long.
# run alone: it judges time on a busy PostgreSQL (no lock wait of a
# second, a stepped clock's run within 10 s of the undisturbed one's),
# which tests beside it would slow.
. "$(dirname "$0")/../lib/sh.sh"
WORKERS_SLOW=3
WORKERS_HOSTS=12
. "$TESTS/lib/workers.sh"
FAKETIME_LIB=$(ls /usr/lib/*/faketime/libfaketimeMT.so.1 2> /dev/null | head -1)
if [ -z "$FAKETIME_LIB" ]; then
	echo "not ok - libfaketime is not installed (make check installs it)"
	exit 0
fi

TIMEOUT=(--timeout 8 --retries 0 --spacing-ms "$SPACING" --per-host 1)
# workers DB LEASE TAG [ENV...]: three workers on DB with a lease of LEASE
# seconds, their stderr in TAG-N.err; the first runs under env ENV...
# Sets fails and took (seconds, to 0.1).
workers() {
	local db=$1 lease=$2 tag=$3 t0 i pids=()
	shift 3
	t0=$(date +%s.%N)
	for i in 1 2 3; do
		if [ "$i" = 1 ] && [ $# -gt 0 ]; then
			run env "$@" "$LINKMEND" check --worker --allow-private "${TIMEOUT[@]}" \
				--claim-hosts 3 --lease "$lease" --db "$db" 2> "$SCRATCH/$tag-$i.err" &
		else
			run "$LINKMEND" check --worker --allow-private "${TIMEOUT[@]}" \
				--claim-hosts 3 --lease "$lease" --db "$db" 2> "$SCRATCH/$tag-$i.err" &
		fi
		pids+=($!)
	done
	fails=0
	for i in "${pids[@]}"; do wait "$i" || fails=$((fails + 1)); done
	took=$(echo "$(date +%s.%N) - $t0" | bc | xargs printf "%.1f")
}
once() {	# once DB: "checks|distinct URLs|leases still held"
	psql -qtA "$1" -c "SELECT (SELECT count(*) FROM checks),
		(SELECT count(DISTINCT url_id) FROM checks),
		(SELECT count(*) FROM host WHERE owner IS NOT NULL)"
}
lock_waits() {	# lock waits of a second or more logged so far
	grep -c "still waiting for" "$PGDIR/server.log"
}

# The reference: plain check on a SQLite store.
scan_into "$SCRATCH/ref.db"
run "$LINKMEND" check -q --allow-private "${TIMEOUT[@]}" --db "$SCRATCH/ref.db" \
	> /dev/null 2>&1
verdicts "$SCRATCH/ref.db" > "$SCRATCH/t-ref"
urls=$(wc -l < "$SCRATCH/t-ref")
want="$urls|$urls|0"
same "plain check of the tree gives 81 verdicts (the setup works)" "$urls" "81"
ok "the links through the slow host are moved, not timed out (the setup works)" \
	test "$(grep -c "^http://q[0-9].workers-web.org/go	moved" "$SCRATCH/t-ref")" = 3
slow=$("$WEB/exec" -n "$NAME" curl -s -o /dev/null -w '%{time_total}' \
	http://slow.workers-web.org/s0)
ok "the shared host answers in 5 s (the setup works: $slow s)" \
	awk -v t="$slow" 'BEGIN { exit !(t >= 5) }'

# A 5 s-slow host every worker asks (three links move there): its answers
# hold no worker's transaction, so no worker waits on another's lock.
DBS=$(newdb slow)
scan_into "$DBS"
waits0=$(lock_waits)
capture
workers "$DBS" 10 slow
gap=$(min_gap)
same "three workers with a 5 s-slow shared host finish" "$fails" "0"
same "every URL checked once, every lease given back" "$(once "$DBS")" "$want"
verdicts "$DBS" > "$SCRATCH/t-slow"
ok "the same verdict table as plain check" cmp -s "$SCRATCH/t-ref" "$SCRATCH/t-slow"
ok "no host saw two requests closer than ${SPACING} ms on the wire (least gap $gap ms)" \
	gap_ok "$gap"
same "no worker waited a second for another's lock (PostgreSQL's log)" \
	"$(lock_waits)" "$waits0"
base=$took

# PostgreSQL stopped for 10 s, 3 s into the run: the workers hold what
# they found, send nothing that needs a turn, wait for the store with
# back-off, and go on when it is back.
DBP=$(newdb outage)
scan_into "$DBP"
capture
# The outage's 10 s are what is tested (back-off over many tries, under a
# lease); it starts once the run is under way, a check committed.
checked() { [ "$(psql -qtA "$DBP" -c "SELECT count(*) FROM checks")" -gt 0 ]; } 2> /dev/null
(wait_for 60 checked; pg_stop "$PGDIR"; sleep 10; pg_start "$PGDIR") &
outage=$!
workers "$DBP" 30 pg
wait "$outage"
gap=$(min_gap)
same "three workers finish although PostgreSQL was stopped for 10 s" "$fails" "0"
ok "the outage reached them: a worker said the store was back" \
	grep -q "the store is back" "$SCRATCH"/pg-*.err
same "every URL checked once, every lease given back" "$(once "$DBP")" "$want"
verdicts "$DBP" > "$SCRATCH/t-pg"
ok "the same verdict table as plain check" cmp -s "$SCRATCH/t-ref" "$SCRATCH/t-pg"
ok "no host saw two requests closer than ${SPACING} ms on the wire (least gap $gap ms)" \
	gap_ok "$gap"
longest=$(sed -n 's/.*the store is back after \([0-9.]*\) s$/\1/p' "$SCRATCH"/pg-*.err |
	sort -n | tail -1)
ok "no worker waited for the store longer than its lease (30 s; longest ${longest:-none} s)" \
	awk -v t="${longest:-none}" 'BEGIN { exit !(t != "none" && t < 30) }'

# One worker's wall clock stepped 2 s into the run (libfaketime; its
# monotonic clock runs on, as an NTP step leaves it): leases and turns are
# timed by the store's clock, so the others neither wait for it nor take
# its hosts.
# Under ASan the clock cases add time, not coverage (the same code as the
# run above): the plain build's run of the suite has them.
if grep -q fsanitize "$(dirname "$0")/../../.build-flags" 2>/dev/null; then
	skip "one worker's clock stepped +120 and -120 s" \
		"sanitizer build: the plain build's run checks it"
	exit 0
fi
for step in +120 -120; do
	clock=$SCRATCH/clock$step
	echo "+0" > "$clock"
	FT=(LD_PRELOAD="$FAKETIME_LIB" FAKETIME_TIMESTAMP_FILE="$clock"
	    FAKETIME_NO_CACHE=1 DONT_FAKE_MONOTONIC=1)
	DBC=$(newdb "clock$([ "$step" = +120 ] && echo fwd || echo back)")
	scan_into "$DBC"
	capture
	# Stepped once the run is under way, a check committed.
	checked() { [ "$(psql -qtA "$DBC" -c "SELECT count(*) FROM checks")" -gt 0 ]; } 2> /dev/null
	(wait_for 60 checked; echo "${step}s" > "$clock") &
	workers "$DBC" 10 "c$step" "${FT[@]}"
	gap=$(min_gap)
	off=$(( $(env "${FT[@]}" date +%s) - $(date +%s) ))
	ok "the first worker's clock was stepped $step s (the setup works: $off s)" \
		test "$off" -ge $((step - 2)) -a "$off" -le $((step + 2))
	same "clock stepped $step s: three workers finish" "$fails" "0"
	same "every URL checked once, every lease given back" "$(once "$DBC")" "$want"
	verdicts "$DBC" > "$SCRATCH/t-c"
	ok "the same verdict table as plain check" cmp -s "$SCRATCH/t-ref" "$SCRATCH/t-c"
	ok "no host saw two requests closer than ${SPACING} ms on the wire (least gap $gap ms)" \
		gap_ok "$gap"
	ok "and the run took less than a lease (10 s) longer than the undisturbed one (${took} s against ${base} s)" \
		awk -v t="$took" -v b="$base" 'BEGIN { exit !(t < b + 10) }'
done
