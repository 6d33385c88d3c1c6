#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/wacz.sh: linkmend archive on the kernel demo's links (Debian's
# linux-source-6.1 as make e2e sets it up, its test web from
# tests/kernel/web-gen.py, one check), then the WACZ beside the WARC
# output: its size and the time to write it, against the WARC files and
# the time archive took to fetch and write them, in the same run; then
# --wacz-check, and the static replay page opened in headless Chromium
# (tests/browser/replay.mjs) for three of the archived pages, served by
# a plain static server inside the test web.  Needs root.  Printed, not
# asserted.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
kt=$repo/tests/kernel
linkmend=$repo/linkmend
name=lm-bench-wacz
seed=${SEED:-1}
[ -x "$linkmend" ] || make -C "$repo" all >&2
"$repo/replayweb/fetch.sh"
cache=$(dirname "$("$kt/tree.sh")")
work=$cache/bench-wacz
tree=$work/linux
out=$repo/out/bench-wacz
rm -rf "$out"
mkdir -p "$out"
echo "== $(date +%T) tree"
"$kt/gittree.sh" "$tree"
"$linkmend" scan -q --no-output "$tree"
python3 "$kt/web-gen.py" "$tree/.linkmend/linkmend.db" "$seed" "$out/scenario" "$out/truth" > /dev/null
server=
trap '[ -z "$server" ] || kill $server 2> /dev/null; "$repo/tests/web/down" "$name"' EXIT
state=$("$repo/tests/web/up" "$out/scenario" "$name")
run() { "$repo/tests/web/exec" -n "$name" "$@"; }
NET=(--cacert "$state/ca.crt" --allow-private --timeout 10)
echo "== $(date +%T) check"
run "$linkmend" check -q --no-output --db "$tree/.linkmend/linkmend.db" "${NET[@]}" || [ $? -eq 1 ]
site=$work/site
coll=$site/links
rm -rf "$site"
mkdir -p "$site"
echo "== $(date +%T) archive"
t0=$(date +%s.%N)
(cd "$tree" && run "$linkmend" archive -o "$coll" "${NET[@]}") 2> "$out/archive.err" || true
t1=$(date +%s.%N)
cat "$out/archive.err"
warc_bytes=$(cat "$coll"/*.warc.gz | wc -c)
wacz=$coll/links.wacz
wacz_bytes=$(stat -c %s "$wacz")
wacz_ms=$(sed -n 's/^archive: .*\.wacz: .* bytes in \([0-9]*\) ms.*/\1/p' "$out/archive.err")
t2=$(date +%s.%N)
"$linkmend" archive -q --wacz-check "$wacz" && check=sound || check=faulty
t3=$(date +%s.%N)

# Three pages of it in the browser, from a static server.
port=8941
server=$("$repo/tests/web/static" -n "$name" "$site" "$port")
cases=$(python3 - "$coll/index.cdxj" "$coll" <<'PY'
import gzip, json, re, sys, os
out = []
for line in open(sys.argv[1]):
    key, ts, j = line.split(" ", 2)
    o = json.loads(j)
    if o["mime"] != "text/html" or o["status"] != "200":
        continue
    # The page's text, as archived: what the replay must show.
    with open(os.path.join(sys.argv[2], o["filename"]), "rb") as f:
        f.seek(int(o["offset"]))
        rec = gzip.decompress(f.read(int(o["length"]))).decode("utf-8", "replace")
    body = rec.split("\r\n\r\n", 2)[-1]
    text = re.sub(r"<[^>]*>", " ", body).split()
    if len(text) < 3:
        continue
    out.append({"url": o["url"], "ts": ts, "text": " ".join(text[:4])})
    if len(out) == 3:
        break
print(json.dumps(out))
PY
)
(cd "$repo/tests/browser" && run timeout 300 node replay.mjs --base "http://127.0.0.1:$port/links/" --cases "$cases") | tee "$out/replay.txt"

printf '\nkernel demo collection: %d captures in %d WARC files, %.1f MB of WARC written by archive in %.1f s\n' \
	"$(wc -l < "$coll/index.cdxj")" "$(ls "$coll"/*.warc.gz | wc -l)" "$(echo "$warc_bytes / 1048576" | bc -l)" "$(echo "$t1 - $t0" | bc -l)"
printf 'WACZ: %.1f MB (%.3f x the WARC files), written in %s ms (%.1f %% of archive'"'"'s time); --wacz-check %s in %.1f s\n' \
	"$(echo "$wacz_bytes / 1048576" | bc -l)" "$(echo "$wacz_bytes / $warc_bytes" | bc -l)" "${wacz_ms:-?}" \
	"$(echo "${wacz_ms:-0} / 10 / ($t1 - $t0)" | bc -l)" "$check" "$(echo "$t3 - $t2" | bc -l)"
echo "replay page: $(grep -c '^ok - ' "$out/replay.txt") ok, $(grep -c '^not ok - ' "$out/replay.txt") not ok"
