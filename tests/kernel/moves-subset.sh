#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/kernel/moves-subset.sh [LINKMEND]: the successor figures of make
# e2e in minutes, on a part of the kernel.  The kernel web of web-gen.py
# (SEED, default 1) for the whole tree; a git tree of the files that cite
# a host whose site moved (web-gen's MOVES) and FILES (default 100) others
# picked by the seed; three checks back-dated 6, 3 and 0 days, resolve
# --date 6.1's release day, report --format json; then successors.py and
# truth-check.py.  FULLDB: a scan store of the whole kernel to start from
# (else one is made).  NAME names the test web (default lm-moves).
# Results in out/moves-subset/.  Needs root.  Printed, not asserted.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
lm=$(realpath "${1:-$repo/linkmend}")
seed=${SEED:-1}
name=${NAME:-lm-moves}
out=$repo/out/moves-subset
work=$out/work
rm -rf "$out"
mkdir -p "$work"
pristine=$("$here/tree.sh")
full=$work/full.db
if [ -n "${FULLDB:-}" ]; then
	cp "$FULLDB" "$full"
else
	"$lm" scan -q --no-output --db "$full" "$pristine"
fi
python3 "$here/web-gen.py" "$full" "$seed" "$out/scenario" "$out/truth" > "$out/fates.txt"
python3 - "$full" "$out/truth" "$seed" "${FILES:-100}" > "$work/files" <<'PY'
import random, sqlite3, sys
full, truth, seed, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
moves = {"restructured", "renamed", "forge", "acquired", "catchall-home"}
fate = {l.split("\t")[0]: l.split("\t")[2] for l in open(truth)}
rows = sqlite3.connect(full).execute(
    "SELECT DISTINCT o.path, u.url FROM occurrence o JOIN url u ON u.id = o.url_id")
want, rest = set(), set()
for path, url in rows:
    (want if fate.get(url) in moves else rest).add(path)
rest -= want
random.seed(seed)
print("\n".join(sorted(want | set(random.sample(sorted(rest), min(n, len(rest)))))))
PY
tree=$work/linux
mkdir -p "$tree"
(cd "$pristine" && tar cf - -T "$work/files") | tar -C "$tree" -xf -
(cd "$tree" && git init -q . && git add -A -f &&
 GIT_AUTHOR_DATE=2022-12-11T12:00:00Z GIT_COMMITTER_DATE=2022-12-11T12:00:00Z \
	git -c user.name=e2e -c user.email=e2e@linkmend.org commit -qm subset)
echo "subset: $(wc -l < "$work/files") files"
"$lm" scan -q --no-output "$tree"
db=$tree/.linkmend/linkmend.db
trap '"$repo/tests/web/down" "$name"' EXIT
state=$("$repo/tests/web/up" "$out/scenario" "$name")
NET=(--cacert "$state/ca.crt" --allow-private --timeout 10)
now=$(date +%s)
for back in 6 3 0; do
	LINKMEND_NOW=$((now - back * 86400)) "$repo/tests/web/exec" -n "$name" \
		"$lm" check -q --no-output --db "$db" "${NET[@]}" --retry-wait 200 ||
		[ $? -eq 1 ]	# dead links found
done
: > "$state/requests.log"
(cd "$tree" && "$repo/tests/web/exec" -n "$name" "$lm" resolve -q --db "$db" \
	"${NET[@]}" --date 2022-12-11 --archive-spacing 0 > "$out/resolve.tsv" 2> "$out/resolve.err") || true
cp "$state/requests.log" "$out/resolve-requests.log"
"$lm" report --db "$db" -o "$out/report.json"
python3 "$here/successors.py" "$db" "$out/truth" "$out/report.json" | tee "$out/successors.txt"
"$repo/tests/web/exec" -n "$name" python3 "$here/truth-check.py" "$out/truth" "$state/ca.crt" 300 |
	tee "$out/truth-check.txt" || true
