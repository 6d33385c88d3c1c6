#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/extract.sh: URL extraction against linkify-it (npm, pinned below),
# side by side on the same files: every file of tests/cases/*.case, whose
# expected URLs were checked by hand (kernel files, README badges, rst,
# markdown, HTML, Python and shell strings, IRIs).  For each tool: URLs
# found exactly as expected (tp), found but not expected (fp), expected
# but not found (fn), and tp / (tp + fp + fn).  linkify-it is given each
# file's whole text with fuzzy links off (a scheme is needed, as for
# linkmend), and its raw match is compared; linkmend's figure is its scan.
# The cases were written for linkmend's rules: read the figures as how the
# two differ on these files, not as a verdict on linkify-it.  Printed,
# never asserted.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$here/..
linkmend=$repo/linkmend
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -x "$linkmend" ] || make -C "$repo" all >&2
export LINKIFY_DIR=$here/peers/linkify
if [ ! -d "$LINKIFY_DIR/node_modules/linkify-it" ]; then
	mkdir -p "$LINKIFY_DIR"
	[ -f "$LINKIFY_DIR/package.json" ] || echo '{"private": true}' > "$LINKIFY_DIR/package.json"
	(cd "$LINKIFY_DIR" && npm install --no-audit --no-fund --loglevel=error \
		--no-save linkify-it@5.0.0 > /dev/null)
fi

n=0
for c in "$repo"/tests/cases/*.case; do
	n=$((n + 1))
	"$repo/tests/lib/case-unpack.sh" "$c" "$work/c$n" > /dev/null
	"$linkmend" scan -q --db "$work/c$n.db" $( [ -f "$work/c$n/args" ] && cat "$work/c$n/args") \
		"$work/c$n/tree" > "$work/c$n.got" || true
done
python3 - "$work" "$n" <<'PY' > "$work/files.json"
import json, os, sys
work, n = sys.argv[1], int(sys.argv[2])
files = []
for i in range(1, n + 1):
    top = f"{work}/c{i}/tree"
    for d, _, names in os.walk(top):
        for name in names:
            p = os.path.join(d, name)
            files.append({"file": f"c{i}:" + os.path.relpath(p, top),
                          "text": open(p, encoding="utf-8", errors="replace").read()})
json.dump(files, sys.stdout)
PY
node "$here/extract.mjs" "$work/files.json" > "$work/linkify.jsonl"
python3 - "$work" "$n" <<'PY'
import collections, json, sys
work, n = sys.argv[1], int(sys.argv[2])
def rows(path):
    out = collections.defaultdict(list)
    for line in open(path, encoding="utf-8", errors="replace"):
        f = line.rstrip("\n").split("\t")
        if len(f) >= 4:
            out[f[0]].append(f[3])
    return out
want, got = {}, {"linkmend": {}, "linkify-it": {}}
for i in range(1, n + 1):
    for p, urls in rows(f"{work}/c{i}/expect").items():
        want[f"c{i}:{p}"] = urls
    for p, urls in rows(f"{work}/c{i}.got").items():
        got["linkmend"][f"c{i}:{p}"] = urls
for line in open(f"{work}/linkify.jsonl"):
    r = json.loads(line)
    got["linkify-it"][r["file"]] = r["urls"]
files = set(want) | set(got["linkify-it"])
total = sum(len(v) for v in want.values())
print(f"{total} expected URLs in {len(want)} files of {n} cases (tests/cases)")
acc = {}
for tool in ("linkmend", "linkify-it"):
    tp = fp = fn = 0
    for f in files:
        w = collections.Counter(want.get(f, []))
        g = collections.Counter(got[tool].get(f, []))
        tp += sum((w & g).values())
        fp += sum((g - w).values())
        fn += sum((w - g).values())
    acc[tool] = tp / (tp + fp + fn) if tp + fp + fn else 0
    print(f"{tool:<11} tp {tp:4d}  fp {fp:4d}  fn {fn:4d}  accuracy {acc[tool]:.3f}")
print(f"linkmend / linkify-it: {acc['linkmend'] / acc['linkify-it']:.2f}x")
PY
