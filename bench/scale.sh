#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/scale.sh: check --worker on a PostgreSQL store in the test web,
# 1, 2, 4 and 8 workers side by side against the politeness bound; then
# kill -9 of one of four workers mid-run.  As root (the test web and the
# cluster: tests/lib/pg.sh).
#
# 50,000 URLs on 5,000 hosts (10 each), every reply after 50-200 ms.  The
# bound is bench/check.sh's, for N workers: the larger of the busiest
# host's requests x mean latency / per-host concurrency and all requests x
# mean latency / (N x requests at once), with the requests counted by the
# server (its log) and the mean latency 125 ms.  Spacing is read from a
# packet capture of the test web (tests/web/capture: the kernel's time of
# each request on the wire): the least time between two requests to one
# host, and how many pairs came closer than --spacing-ms; webd's log,
# whose times trail the wire when the machine is busy, is shown beside it.
# Printed, not asserted.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
linkmend=${LINKMEND:-$repo/linkmend}
. "$repo/tests/lib/pg.sh"
hosts=${HOSTS:-5000}
per=${PER_HOST_URLS:-10}
counts=${WORKERS:-1 2 4 8}
jobs=${JOBS:-64}
spacing=${SPACING_MS:-50}
lease=${LEASE:-10}
name=lm-scale
work=$(mktemp -d)
pgdir=$(mktemp -d)
trap '"$repo/tests/web/down" "$name"; pg_down "$pgdir"; rm -rf "$work"' EXIT
[ -x "$linkmend" ] || make -C "$repo" all >&2

python3 - "$hosts" "$per" "$work" <<'PY'
import os, sys
hosts, per, work = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
os.makedirs(f"{work}/tree")
with open(f"{work}/scale.scn", "w") as s:
    for h in range(hosts):
        name = f"s{h:05d}.scale-web.org"
        s.write(f"{name} latency 50-200\n")
        for p in range(per):
            s.write(f"{name} /doc/{p}.html 200 page {p} of {name}\n")
# The tree: files of 100 links each, in C comments.
n = 0
out = None
for h in range(hosts):
    for p in range(per):
        if n % 100 == 0:
            if out:
                out.close()
            out = open(f"{work}/tree/f{n // 100:05d}.c", "w")
        out.write(f"/* http://s{h:05d}.scale-web.org/doc/{p}.html */\n")
        n += 1
out.close()
PY
state=$("$repo/tests/web/up" "$work/scale.scn" "$name")
pg=$(pg_up "$pgdir")
newdb() {
	runuser -u postgres -- "$(pg_bindir)/createdb" -h "$pgdir" "$1"
	echo "postgresql:///$1?host=$pgdir&user=postgres"
}
worker() {	# worker DB LOG: one worker in the test web, in the background
	"$repo/tests/web/exec" -n "$name" "$linkmend" check --worker \
		--allow-private -j "$jobs" --spacing-ms "$spacing" --lease "$lease" \
		--db "$1" 2> "$2" &
}
# From a list of "SECONDS HOST ...": requests, busiest host, least gap
# (ms), pairs of requests to one host closer than the spacing.
gaps() {
	sort -k2,2 -k1,1n "$1" | awk -v sp="$spacing" '
		{ n[$2]++; t++
		  if ($2 == h) { g = ($1 - last) * 1000; if (g < m) m = g; if (g < sp) c++ }
		  h = $2; last = $1 }
		BEGIN { m = 1e9; c = 0 }
		END { for (x in n) if (n[x] > b) b = n[x]; printf "%d %d %.2f %d\n", t, b, m, c }'
}
capture_start() {
	: > "$state/requests.log"
	"$repo/tests/web/capture" -n "$name" start "$work/wire.pcap"
}
# The wire's figures, then webd's least gap and pairs closer (its log).
capture_stop() {
	"$repo/tests/web/capture" -n "$name" stop "$work/wire.pcap" > "$work/wire"
	read -r total busiest gap closer < <(gaps "$work/wire")
	read -r _ _ loggap logcloser < <(gaps "$state/requests.log")
}

urls=$((hosts * per))
echo "bench/scale.sh: $urls URLs on $hosts hosts, replies after 50-200 ms;"
echo "each worker -j $jobs, --per-host 2, --spacing-ms $spacing; PostgreSQL $("$(pg_bindir)/postgres" --version | awk '{print $3}')"
echo "least_gap_ms and closer: on the wire (webd's log in brackets)"
printf '%-8s %9s %9s %10s %8s %20s %12s %12s\n' workers wall_s urls/s bound_s x_bound least_gap_ms closer checks
for n in $counts; do
	db=$(newdb "w$n")
	"$linkmend" scan -q --no-output --db "$db" --tree scale "$work/tree"
	capture_start
	t0=$(date +%s.%N)
	pids=()
	for i in $(seq "$n"); do
		worker "$db" "$work/w$n-$i.err"
		pids+=($!)
	done
	for p in "${pids[@]}"; do wait "$p" || echo "worker $p failed: $(tail -1 "$work"/w$n-*.err)" >&2; done
	t1=$(date +%s.%N)
	wall=$(echo "$t1 - $t0" | bc -l)
	capture_stop
	checks=$(psql -qtA "$db" -c "SELECT count(DISTINCT url_id) FROM checks")
	bound=$(echo "b = $busiest * 0.125 / 2; g = $total * 0.125 / ($jobs * $n); if (b > g) b else g" | bc -l)
	printf '%-8s %9.2f %9.0f %10.2f %8.2f %20s %12s %12s\n' "$n" "$wall" \
		"$(echo "$urls / $wall" | bc -l)" "$bound" "$(echo "$wall / $bound" | bc -l)" \
		"$gap ($loggap)" "$closer ($logcloser)" "$checks/$urls"
done

# kill -9 of one of four workers, a third of the way through.
db=$(newdb killed)
"$linkmend" scan -q --no-output --db "$db" --tree scale "$work/tree"
capture_start
t0=$(date +%s.%N)
pids=()
for i in 1 2 3 4; do
	worker "$db" "$work/k-$i.err"
	pids+=($!)
done
while [ "$(psql -qtA "$db" -c "SELECT count(*) FROM checks")" -lt $((urls / 3)) ]; do
	sleep 0.5
done
# The victim: the worker holding the most hosts now (owner is host:pid).
victim=$(psql -qtA "$db" -c "SELECT owner FROM host WHERE owner IS NOT NULL GROUP BY owner ORDER BY count(*) DESC LIMIT 1")
victim=${victim##*:}
victim_hosts=$(psql -qtA "$db" -c "SELECT count(*) FROM host WHERE owner LIKE '%:$victim'")
kill -9 "$victim"
wait "$victim" 2> /dev/null || true
held=$(psql -qtA "$db" -c "SELECT count(*) FROM host WHERE owner IS NOT NULL")
psql -qtA "$db" -c "SELECT url_id || ' ' || at || ' ' || verdict FROM checks" | sort > "$work/before"
for p in "${pids[@]}"; do
	[ "$p" = "$victim" ] || wait "$p" || echo "worker $p failed" >&2
done
t1=$(date +%s.%N)
psql -qtA "$db" -c "SELECT url_id || ' ' || at || ' ' || verdict FROM checks" | sort > "$work/after"
lost=$(comm -23 "$work/before" "$work/after" | wc -l)
capture_stop
checks=$(psql -qtA "$db" -c "SELECT count(DISTINCT url_id) FROM checks")
printf 'kill -9 of 1 of 4 workers after %s checks, holding %s of the %s hosts leased then;\n' \
	"$(wc -l < "$work/before")" "$victim_hosts" "$held"
printf '  the other 3 finished in %.2f s in all (lease %s s); committed checks lost: %s;\n' \
	"$(echo "$t1 - $t0" | bc -l)" "$lease" "$lost"
printf '  URLs checked %s of %s; requests %s (one soft-404 probe a host, and what was in\n  flight when the worker died, asked again);\n' \
	"$checks" "$urls" "$total"
printf '  least gap between two requests to one host %s ms on the wire (%s by webd'"'"'s log);\n' \
	"$gap" "$loggap"
printf '  pairs closer than %s ms: %s on the wire (%s by webd'"'"'s log)\n' \
	"$spacing" "$closer" "$logcloser"
