#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# make demo-scale: the kernel's links checked by workers on a shared
# store, in the test web.  Debian's linux-source-6.1 (tests/kernel/tree.sh)
# gets its test web as in make e2e (web-gen.py, the same seed), then its
# URLs are checked three times, each from a new store and a fresh web:
#   1 worker on SQLite, 1 worker on PostgreSQL, 4 workers on PostgreSQL
# (a cluster of its own: tests/lib/pg.sh), with make e2e's check options.
# The three verdict tables must be identical; the wall time of each and
# the least gap between two requests to one host are printed, for plain
# HTTP from a packet capture of the web (tests/web/capture: the kernel's
# times), for HTTPS from webd's log (a TLS connection carries several
# requests the capture cannot tell apart; the log trails the wire when
# the machine is busy).  Exit 1 when the tables differ.  Figures in
# out/e2e/workers.txt.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
linkmend=${LINKMEND:-$repo/linkmend}
. "$repo/tests/lib/pg.sh"
out=$repo/out/e2e
seed=${SEED:-1}
name=lm-workers
mkdir -p "$out"
[ -x "$linkmend" ] || make -C "$repo" all
work=$(mktemp -d)
pgdir=$(mktemp -d)
trap '"$repo/tests/web/down" "$name" 2> /dev/null; pg_down "$pgdir"; rm -rf "$work"' EXIT
say() { echo "$*" | tee -a "$out/workers.txt"; }
: > "$out/workers.txt"

tree=$("$here/tree.sh")
"$linkmend" scan -q --no-output --db "$work/gen.db" --tree linux "$tree"
python3 "$here/web-gen.py" "$work/gen.db" "$seed" "$work/scenario" "$work/truth" > /dev/null
pg=$(pg_up "$pgdir")
newdb() {
	runuser -u postgres -- "$(pg_bindir)/createdb" -h "$pgdir" "$1"
	echo "postgresql:///$1?host=$pgdir&user=postgres"
}
NET=(--allow-private --confirm 1 --timeout 10 --retry-wait 200)

# check DB N: a fresh web, N workers on DB; its verdict table in
# $work/table-DB-name; one line of figures.
check() {
	local db=$1 n=$2 tag=$3 state t0 t1 i pids=()
	state=$("$repo/tests/web/up" "$work/scenario" "$name")
	"$linkmend" scan -q --no-output --db "$db" --tree linux "$tree"
	"$repo/tests/web/capture" -n "$name" start "$work/wire.pcap"
	t0=$(date +%s.%N)
	for i in $(seq "$n"); do
		"$repo/tests/web/exec" -n "$name" "$linkmend" check --worker \
			--cacert "$state/ca.crt" "${NET[@]}" --db "$db" \
			2> "$work/$tag-$i.err" &
		pids+=($!)
	done
	for i in "${pids[@]}"; do
		wait "$i" || { echo "a worker failed:"; cat "$work/$tag"-*.err; exit 1; }
	done
	t1=$(date +%s.%N)
	"$repo/tests/web/capture" -n "$name" stop "$work/wire.pcap" > "$work/wire"
	least() {
		sort -k2,2 -k1,1n | awk '
		$2 == h { g = ($1 - last) * 1000; if (g < m) m = g } { h = $2; last = $1 }
		BEGIN { m = 1e9 } END { printf "%.2f", m }'
	}
	gap=$(least < "$work/wire")
	tlsgap=$(awk '$5 == "https"' "$state/requests.log" | least)
	# The table: what check prints from the store, nothing requested.
	: > "$state/requests.log"
	"$repo/tests/web/exec" -n "$name" "$linkmend" check -q \
		--cacert "$state/ca.crt" "${NET[@]}" --db "$db" | sort > "$work/table-$tag"
	[ ! -s "$state/requests.log" ] || { echo "printing the table asked the web again"; exit 1; }
	"$repo/tests/web/down" "$name"
	say "$(printf '%-22s %6d URLs  %7.1f s  least gap to one host: http %s ms (wire, %d requests), https %s ms (log)' \
		"$tag" "$(wc -l < "$work/table-$tag")" "$(echo "$t1 - $t0" | bc -l)" \
		"$gap" "$(wc -l < "$work/wire")" "$tlsgap")"
}

say "kernel URLs checked by workers (make e2e's web, seed $seed):"
check "$work/one.db" 1 "1-worker-sqlite"
check "$(newdb one)" 1 "1-worker-postgresql"
check "$(newdb four)" 4 "4-workers-postgresql"
status=0
for t in 1-worker-postgresql 4-workers-postgresql; do
	if cmp -s "$work/table-1-worker-sqlite" "$work/table-$t"; then
		say "$t: the same verdict table as 1-worker-sqlite"
	else
		say "$t: verdict tables DIFFER from 1-worker-sqlite:"
		diff "$work/table-1-worker-sqlite" "$work/table-$t" | head -20 | tee -a "$out/workers.txt"
		status=1
	fi
done
say "verdicts: $(cut -f2 "$work/table-1-worker-sqlite" | sort | uniq -c | sort -rn | awk '{ printf "%s %s, ", $2, $1 }' | sed 's/, $//')"
exit $status
