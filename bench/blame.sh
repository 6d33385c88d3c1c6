#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/blame.sh: what a long history costs resolve.  A tree of FILES (100)
# files and COMMITS (4000) commits over 2008-2025 (bench/history.py: the
# link lines rewritten, moved between files, shifted), every link dead in
# the test web; resolve dates each by git blame (-M -C, one git blame per
# file with every link line's -L), and prints how long that took.  Side by
# side: the whole resolve run, and git log -p of the history (a reading of
# every commit, what blame cannot do better than).  Printed, never asserted.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
linkmend=$here/../linkmend
files=${FILES:-100}
commits=${COMMITS:-4000}
name=lm-blame
work=$(mktemp -d)
trap '"$here/../tests/web/down" "$name" 2> /dev/null; rm -rf "$work"' EXIT
[ -x "$linkmend" ] || make -C "$here/.." all >&2

tree=$work/tree
git init -q -b main "$tree"
python3 "$here/history.py" "$files" "$commits" 1 | git -C "$tree" fast-import --quiet
git -C "$tree" checkout -q main
# The test web: only its Wayback Machine, which has no capture.  Every
# link host is unknown there, which check calls a broken network: resolve
# is told to trust it.
echo "web.archive.org /robots.txt 200 ok" > "$work/blame.scn"
state=$("$here/../tests/web/up" "$work/blame.scn" "$name")
run() { "$here/../tests/web/exec" -n "$name" "$@"; }
net=(--cacert "$state/ca.crt" --allow-private --timeout 2)

cd "$tree"
"$linkmend" scan -q . > /dev/null
run "$linkmend" check -q --confirm 1 "${net[@]}" > /dev/null 2>&1 || true
t0=$(date +%s.%N)
run "$linkmend" resolve --confirm 1 "${net[@]}" --archive-spacing 0 \
	--wayback https://web.archive.org --no-output --trust-network 2> "$work/err" || true
t1=$(date +%s.%N)
t2=$(date +%s.%N)
git log -p > /dev/null
t3=$(date +%s.%N)
line=$(grep '^resolve: .* dated by git blame' "$work/err" || true)
[ -n "$line" ] || { cat "$work/err" >&2; echo "bench/blame.sh: resolve dated nothing" >&2; exit 1; }
read -r lines nfiles secs < <(echo "$line" |
	sed 's/^resolve: \([0-9]*\) lines in \([0-9]*\) files dated by git blame in \([0-9.]*\) s$/\1 \2 \3/')
whole=$(echo "$t1 - $t0" | bc -l)
log=$(echo "$t3 - $t2" | bc -l)
printf 'history: %d commits, %d files, %d dead links in %d files\n' \
	"$(git rev-list --count HEAD)" "$files" "$lines" "$nfiles"
printf '%-16s %8.2f s  %6.1f ms a dead link  %5.2fx git log -p\n' "blame" "$secs" \
	"$(echo "$secs * 1000 / $lines" | bc -l)" "$(echo "$secs / $log" | bc -l)"
printf '%-16s %8.2f s  (blame %.0f%% of it)\n' "resolve" "$whole" \
	"$(echo "$secs * 100 / $whole" | bc -l)"
printf '%-16s %8.2f s\n' "git log -p" "$log"
