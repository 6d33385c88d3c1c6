#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/peers.sh: the verdicts of linkmend and three other link checkers
# on the same real-world server habits, in the same run, in the test web
# (tests/web/cases/behaviours.scn: one URL per habit, with the verdict
# linkmend must give).  The peers are Debian's linkchecker and, from the
# npm registry, markdown-link-check and linkinator (installed here under
# bench/peers/, versions pinned below).  Prints one table, a row per URL
# and a column per tool (ok or dead as each tool says, "-" where it said
# nothing), then for each tool how many live links it called dead and
# how many dead ones live.  Live: the expected verdict is alive, moved,
# redirected or fragment-missing; dead: a failure verdict; the others
# (blocked, unsafe) are left out of the counts.  A peer that runs longer
# than PEER_TIMEOUT (180 s) is stopped; what it printed by then counts.
# Each tool's wall time and exit status too, and linkmend's time as a
# ratio to the fastest peer's.  Printed, not asserted.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$here/..
linkmend=$repo/linkmend
scn=$repo/tests/web/cases/behaviours.scn
name=lm-peers
work=$(mktemp -d)
trap '"$repo/tests/web/down" "$name"; rm -rf "$work"' EXIT
[ -x "$linkmend" ] || make -C "$repo" all >&2
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
if ! command -v linkchecker > /dev/null; then
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq \
		--no-install-recommends linkchecker > /dev/null
fi
peers=$here/peers
if [ ! -x "$peers/node_modules/.bin/linkinator" ]; then
	mkdir -p "$peers"
	(cd "$peers" && npm install --no-audit --no-fund --loglevel=error \
		--no-save markdown-link-check@3.15.0 linkinator@6.1.2 > /dev/null)
fi

sed -n 's/^expect //p' "$scn" > "$work/expect"
cut -f1 "$work/expect" > "$work/urls"
state=$("$repo/tests/web/up" "$scn" "$name")
run() { "$repo/tests/web/exec" -n "$name" "$@"; }
# A peer that hangs on a habit (a HEAD that never answers) is stopped.
peer() {	# peer TOOL COMMAND...: its exit status and wall time kept
	local tool=$1 rc=0 t0
	shift
	t0=$(date +%s.%N)
	run timeout "${PEER_TIMEOUT:-180}" "$@" || rc=$?
	echo "$(date +%s.%N) - $t0" | bc > "$work/$tool.time"
	echo "$rc" > "$work/$tool.rc"
}
chmod 755 "$work"

# linkmend
# The options t-web.sh gives it for the same scenario.
peer linkmend "$linkmend" check -q --db "$work/lm.db" --cacert "$state/ca.crt" \
	--allow-private --timeout 2 --retry-wait 100 --retries 2 --confirm 1 \
	--format=json "$work/urls" > "$work/linkmend.json" 2> /dev/null
python3 - "$work/linkmend.json" > "$work/linkmend.tsv" <<'PY'
import json, sys
fail = {"gone", "soft-404", "dns", "dns-error", "refused", "timeout", "tls",
        "server-error", "parked"}
for o in json.load(open(sys.argv[1])):
    print("%s\t%s" % (o["url"], "dead" if o["verdict"] in fail else "ok"))
PY

# linkchecker: the links of a page.  As root it runs as nobody.
{ echo "<html><body>"; sed 's|.*|<a href="&">&</a>|' "$work/urls"; echo "</body></html>"; } > "$work/links.html"
printf '[checking]\nsslverify=%s\ntimeout=5\n' "$state/ca.crt" > "$work/linkcheckerrc"
chmod 644 "$work/links.html" "$work/linkcheckerrc"
cp "$state/ca.crt" "$work/ca.crt" && chmod 644 "$work/ca.crt"
sed -i "s|$state/ca.crt|$work/ca.crt|" "$work/linkcheckerrc"
peer linkchecker linkchecker -f "$work/linkcheckerrc" --verbose --no-status \
	--check-extern -r 1 -o csv "$work/links.html" > "$work/lc.csv" 2> "$work/lc.err"
python3 - "$work/lc.csv" > "$work/linkchecker.tsv" <<'PY'
import csv, sys
rows = [l for l in open(sys.argv[1], encoding="utf-8", errors="replace") if not l.startswith("#")]
for r in csv.DictReader(rows, delimiter=";"):
    if r.get("parentname", "").endswith("links.html") and r.get("urlname"):
        print("%s\t%s" % (r["urlname"], "ok" if r["valid"] == "True" else "dead"))
PY

# markdown-link-check: the links of a markdown file.
sed 's|.*|- [link](&)|' "$work/urls" > "$work/links.md"
printf '{"timeout": "5s", "retryOn429": false, "aliveStatusCodes": [200, 206]}\n' > "$work/mlc.json"
peer markdown-link-check env NODE_EXTRA_CA_CERTS="$state/ca.crt" \
	"$peers/node_modules/.bin/markdown-link-check" -c "$work/mlc.json" \
	"$work/links.md" > "$work/mlc.out" 2>&1
python3 - "$work/mlc.out" > "$work/markdown-link-check.tsv" <<'PY'
import re, sys
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    m = re.match(r"\s*\[(.)\]\s+(\S+)", line)
    if m and m.group(1) in "✓✖":
        print("%s\t%s" % (m.group(2), "ok" if m.group(1) == "✓" else "dead"))
PY

# linkinator: the links of a page it serves itself.
peer linkinator env NODE_EXTRA_CA_CERTS="$state/ca.crt" \
	"$peers/node_modules/.bin/linkinator" "$work/links.html" --format json \
	--timeout 5000 > "$work/li.json" 2> "$work/li.err"
python3 - "$work/li.json" > "$work/linkinator.tsv" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except ValueError:
    sys.exit(0)
for l in d.get("links", []):
    if l.get("parent", "").endswith("links.html") and l["state"] != "SKIPPED":
        print("%s\t%s" % (l["url"], "ok" if l["state"] == "OK" else "dead"))
PY

python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
tools = ["linkmend", "linkchecker", "markdown-link-check", "linkinator"]
live = {"alive", "moved", "redirected", "fragment-missing"}
fail = {"gone", "soft-404", "dns", "dns-error", "refused", "timeout", "tls",
        "server-error", "parked"}
exp = [l.rstrip("\n").split("\t") for l in open(work + "/expect")]
said = {}
for t in tools:
    said[t] = {}
    for line in open("%s/%s.tsv" % (work, t)):
        u, v = line.rstrip("\n").split("\t")
        said[t][u.rstrip("/")] = v
        said[t][u] = v
w = max(len(e[0]) for e in exp)
print("%-*s  %-16s %s" % (w, "url", "expected", "  ".join("%-10s" % t[:10] for t in tools)))
bad = {t: [0, 0, 0] for t in tools}
for e in exp:
    u, v = e[0], e[1]
    cls = "live" if v in live else "dead" if v in fail else "other"
    row = []
    for t in tools:
        got = said[t].get(u, said[t].get(u.rstrip("/"), said[t].get(u.split("#")[0], "-")))
        row.append(got)
        if got == "-":
            bad[t][2] += 1
        elif cls == "live" and got == "dead":
            bad[t][0] += 1
        elif cls == "dead" and got == "ok":
            bad[t][1] += 1
    print("%-*s  %-16s %s" % (w, u, v, "  ".join("%-10s" % g for g in row)))
print()
nl = sum(1 for e in exp if e[1] in live)
nd = sum(1 for e in exp if e[1] in fail)
for t in tools:
    try:
        rc = open("%s/%s.rc" % (work, t)).read().strip()
    except OSError:
        rc = "0"
    secs = float(open("%s/%s.time" % (work, t)).read())
    print("%-20s live links called dead: %2d of %d; dead links called live: %2d of %d; no answer: %d; %.1f s, exit %s%s"
          % (t, bad[t][0], nl, bad[t][1], nd, bad[t][2], secs, rc,
             " (stopped after PEER_TIMEOUT)" if rc == "124" else ""))
times = {t: float(open("%s/%s.time" % (work, t)).read()) for t in tools}
fastest = min(tools[1:], key=lambda t: times[t])
print("linkmend %.1f s, the fastest peer (%s) %.1f s: %.2fx its time"
      % (times["linkmend"], fastest, times[fastest], times["linkmend"] / times[fastest]))
PY
