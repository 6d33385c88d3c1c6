#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/check.sh: linkmend check in the test web against the politeness
# bound, and against Debian's linkchecker on a subset, in the same run.
#
# 20,000 URLs on 2,000 hosts (10 each), every request answered after
# 50-200 ms.  The bound is the larger of the busiest host's requests x
# latency / per-host concurrency and all requests x latency / global
# concurrency, with the requests counted by the server and the mean
# latency (125 ms).  Printed, not asserted.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
linkmend=$here/../linkmend
hosts=${HOSTS:-2000}
per=${PER_HOST_URLS:-10}
subset=${SUBSET:-2000}
name=lm-bench
work=$(mktemp -d)
trap '"$here/../tests/web/down" "$name"; rm -rf "$work"' EXIT
[ -x "$linkmend" ] || make -C "$here/.." all >&2

python3 - "$hosts" "$per" "$work" <<'PY'
import sys
hosts, per, work = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
with open(f"{work}/bench.scn", "w") as s, open(f"{work}/urls", "w") as u:
    for h in range(hosts):
        name = f"h{h:04d}.bench-web.org"
        s.write(f"{name} latency 50-200\n")
        for p in range(per):
            s.write(f"{name} /doc/{p}.html 200 page {p} of {name}\n")
            u.write(f"http://{name}/doc/{p}.html\n")
PY
# The subset: the first URL of each of the first hosts, so it is spread.
awk -v n="$subset" -v per="$per" 'NR % per == 1 && c < n { print; c++ }' "$work/urls" > "$work/subset"
state=$("$here/../tests/web/up" "$work/bench.scn" "$name")
run() { "$here/../tests/web/exec" -n "$name" "$@"; }

: > "$state/requests.log"
t0=$(date +%s.%N)
run /usr/bin/time -f %M -o "$work/rss" "$linkmend" check -q --db "$work/b.db" \
	--cacert "$state/ca.crt" --allow-private --confirm 1 "$work/urls" > "$work/out" ||
	[ $? -eq 1 ]	# dead links found
t1=$(date +%s.%N)
wall=$(echo "$t1 - $t0" | bc -l)
read -r total busiest < <(awk '{ n[$2]++; t++ } END { for (h in n) if (n[h] > m) m = n[h]; print t, m }' "$state/requests.log")
bound=$(echo "b = $busiest * 0.125 / 2; g = $total * 0.125 / 64; if (b > g) b else g" | bc -l)
alive=$(awk -F'\t' '$2 == "alive"' "$work/out" | wc -l)
echo "linkmend check: $(wc -l < "$work/urls") URLs on $hosts hosts, $total requests (busiest host $busiest)"
printf '  wall %.2f s, politeness bound %.2f s: %.2f x the bound\n' "$wall" "$bound" "$(echo "$wall / $bound" | bc -l)"
echo "  peak RSS $(cat "$work/rss") KB; $alive alive of $(wc -l < "$work/out")"

if command -v linkchecker > /dev/null; then
	# linkchecker checks the links of a page: give it one with the subset.
	# As root it runs as nobody, who must be able to read the page.
	chmod 755 "$work"
	{ echo "<html><body>"; sed 's|.*|<a href="&">&</a>|' "$work/subset"; echo "</body></html>"; } > "$work/subset.html"
	chmod 644 "$work/subset.html"
	t0=$(date +%s.%N)
	run "$linkmend" check -q --db "$work/s.db" --allow-private --confirm 1 "$work/subset" > "$work/s.out" ||
		[ $? -eq 1 ]
	echo "  linkmend: $(awk -F'\t' '$2 == "alive"' "$work/s.out" | wc -l) of $(wc -l < "$work/subset") alive"
	t1=$(date +%s.%N)
	lm=$(echo "$t1 - $t0" | bc -l)
	t0=$(date +%s.%N)
	run linkchecker --no-status --check-extern -r 1 "$work/subset.html" > "$work/lc.out" 2>&1 || true
	t1=$(date +%s.%N)
	lc=$(echo "$t1 - $t0" | bc -l)
	# Make sure it did the work: its own count of links checked.
	grep -o '[0-9]* links in [0-9]* URLs checked' "$work/lc.out" | sed 's/^/  linkchecker: /' || {
		echo "linkchecker did not run:"; tail -5 "$work/lc.out"; }
	printf 'subset of %d URLs: linkmend %.2f s, linkchecker %.2f s: linkmend %.1f x faster\n' \
		"$(wc -l < "$work/subset")" "$lm" "$lc" "$(echo "$lc / $lm" | bc -l)"
else
	echo "linkchecker is not installed (apt-get install linkchecker): no comparison"
fi
