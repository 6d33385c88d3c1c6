#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/scan.sh [TREE]: linkmend scan against ripgrep on the same tree, in
# the same run.  After one warm-up of each, every command runs three
# times, interleaved; the figures are medians of wall time and the peak
# RSS.  Printed, not asserted: this is a benchmark, not a test.
#
#   rg       rg -uuu -o -I '(https?|ftp)://[^\s<>"]+' TREE
#   cold     linkmend scan with an empty store: every file read
#   warm     linkmend scan again with the store of the previous run
#   cat      a parallel cat of every file: the cost of reading the tree
set -eu
here=$(cd "$(dirname "$0")" && pwd)
linkmend=$here/../linkmend
tree=${1:-$("$here/../tests/kernel/tree.sh")}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -x "$linkmend" ] || make -C "$here/.." all >&2
command -v rg > /dev/null || { echo "bench: ripgrep is not installed" >&2; exit 2; }

measure() {	# measure NAME COMMAND...: append "wall rss" to $work/NAME
	local name=$1 t0 t1
	shift
	t0=$(date +%s.%N)
	/usr/bin/time -f %M -o "$work/rss" "$@" > /dev/null 2>&1
	t1=$(date +%s.%N)
	echo "$(echo "$t1 - $t0" | bc -l) $(cat "$work/rss")" >> "$work/$name"
}
run_rg() { rg -uuu -o -I '(https?|ftp)://[^\s<>"]+' "$tree"; }
run_cold() { rm -f "$work/cold.db"*; "$linkmend" scan -q --db "$work/cold.db" "$tree"; }
run_warm() { "$linkmend" scan -q --db "$work/warm.db" "$tree"; }
run_cat() { (cd "$tree" && find . -type f -print0 | xargs -0 -P2 -n 4000 cat); }
export -f run_rg run_cold run_warm run_cat
export tree linkmend work

# Warm-up: page cache, and the store the warm runs start from.
for f in run_rg run_cold run_warm run_cat; do bash -c $f > /dev/null 2>&1; done
: > "$work/rg"; : > "$work/cold"; : > "$work/warm"; : > "$work/cat"
for i in 1 2 3; do
	measure rg bash -c run_rg
	measure cold bash -c run_cold
	measure warm bash -c run_warm
	measure cat bash -c run_cat
done
median() { sort -n -k"$2" "$work/$1" | sed -n 2p | cut -d' ' -f"$2"; }
rg_t=$(median rg 1)
printf '%-6s %9s %9s %10s\n' what "wall s" "x rg" "peak RSS"
for n in rg cold warm cat; do
	t=$(median "$n" 1)
	printf '%-6s %9.3f %9.2f %7d KB\n' "$n" "$t" "$(echo "$t / $rg_t" | bc -l)" "$(median "$n" 2)"
done
echo "files: $(find "$tree" -type f | wc -l), $(nproc) cores; rg $(rg --version | head -1 | cut -d' ' -f2)"

# One long line: URLs_ON_A_LINE (1,000,000) URLs on one line (a minified
# file) against the same URLs one per line, and ripgrep on each.
n=${URLS_ON_A_LINE:-1000000}
mkdir -p "$work/oneline" "$work/lines"
python3 - "$n" "$work" <<'PY'
import sys
n, work = int(sys.argv[1]), sys.argv[2]
urls = ['"https://h%d.cdn-bench.org/a/%d.js"' % (i % 1000, i) for i in range(n)]
open(work + "/oneline/min.js", "w").write("var u=[" + ",".join(urls) + "];\n")
open(work + "/lines/min.js", "w").write(",\n".join(urls) + "\n")
PY
for d in oneline lines; do
	: > "$work/$d.t"
	for i in 1 2 3; do
		rm -f "$work/$d.db"*
		measure "$d.t" "$linkmend" scan -q --db "$work/$d.db" "$work/$d"
	done
done
one=$(median oneline.t 1)
many=$(median lines.t 1)
printf 'one line: %d URLs in %.2f s; one per line %.2f s: %.2f x (goal 2 x at most)\n' \
	"$n" "$one" "$many" "$(echo "$one / $many" | bc -l)"
