#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/archive.sh: linkmend archive against wget --warc-file (Debian's
# wget), fetching the same URLs in the test web, in the same run.
#
# 2,000 pages on 200 hosts (10 each), every reply after 50-200 ms, and
# one 50 MB document.  Both keep one request at a time per host at least
# 50 ms apart (linkmend: --per-host 1 --spacing-ms 50; wget: one request
# at a time, --wait 0.05), so the difference is what linkmend does on
# several hosts at once.  Prints captures/s, MB/s, the ratio, and
# linkmend's peak RSS (the issue's bound: 100 MB).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
linkmend=$here/../linkmend
hosts=${HOSTS:-200}
per=${PER_HOST_URLS:-10}
name=lm-bench-archive
work=$(mktemp -d)
trap '"$here/../tests/web/down" "$name"; rm -rf "$work"' EXIT
[ -x "$linkmend" ] || make -C "$here/.." all >&2
command -v wget > /dev/null || { echo "wget is not installed (apt-get install wget)"; exit 1; }

python3 - "$hosts" "$per" "$work" <<'PY'
import sys
hosts, per, work = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
with open(f"{work}/bench.scn", "w") as s, open(f"{work}/urls", "w") as u, \
     open(f"{work}/tree.c", "w") as t:
    s.write("big.bench-web.org /doc.pdf big 50M\n")
    u.write("http://big.bench-web.org/doc.pdf\n")
    t.write("/* http://big.bench-web.org/doc.pdf */\n")
    for h in range(hosts):
        name = f"h{h:04d}.bench-web.org"
        s.write(f"{name} latency 50-200\n")
        for p in range(per):
            s.write(f"{name} /doc/{p}.html 200 page {p} of {name}\n")
            u.write(f"http://{name}/doc/{p}.html\n")
            t.write(f"/* http://{name}/doc/{p}.html */\n")
PY
state=$("$here/../tests/web/up" "$work/bench.scn" "$name")
run() { "$here/../tests/web/exec" -n "$name" "$@"; }
n=$(wc -l < "$work/urls")

mkdir -p "$work/tree"
mv "$work/tree.c" "$work/tree/"
(cd "$work/tree" && "$linkmend" scan -q . > /dev/null &&
 { run "$linkmend" check -q --no-output --cacert "$state/ca.crt" --allow-private || [ $? -eq 1 ]; })
t0=$(date +%s.%N)
(cd "$work/tree" && run /usr/bin/time -f %M -o "$work/rss" "$linkmend" archive -q \
	-o "$work/coll" --per-host 1 --spacing-ms 50 --cacert "$state/ca.crt" --allow-private)
t1=$(date +%s.%N)
lm=$(echo "$t1 - $t0" | bc -l)
lm_n=$(wc -l < "$work/coll/index.cdxj")
lm_b=$(cat "$work/coll"/*.warc.gz | wc -c)

mkdir -p "$work/wget"
t0=$(date +%s.%N)
(cd "$work/wget" && run wget -q --wait 0.05 --tries 1 --timeout 30 --no-verbose \
	--warc-file=wget --no-warc-keep-log -i "$work/urls" -O /dev/null) || true
t1=$(date +%s.%N)
wg=$(echo "$t1 - $t0" | bc -l)
wg_n=$(zcat "$work/wget/wget.warc.gz" | grep -ac '^WARC-Type: response')
wg_b=$(wc -c < "$work/wget/wget.warc.gz")

printf 'linkmend archive: %d captures in %.2f s: %.1f captures/s, %.1f MB/s of WARC; peak RSS %d KB\n' \
	"$lm_n" "$lm" "$(echo "$lm_n / $lm" | bc -l)" "$(echo "$lm_b / $lm / 1048576" | bc -l)" "$(cat "$work/rss")"
printf 'wget --warc-file:  %d captures in %.2f s: %.1f captures/s, %.1f MB/s of WARC\n' \
	"$wg_n" "$wg" "$(echo "$wg_n / $wg" | bc -l)" "$(echo "$wg_b / $wg / 1048576" | bc -l)"
printf '%d URLs: linkmend %.1f x wget'"'"'s captures per second (bound: 10 x); RSS bound 100 MB with a 50 MB document\n' \
	"$n" "$(echo "($lm_n / $lm) / ($wg_n / $wg)" | bc -l)"
