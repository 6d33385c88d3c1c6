#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The HTML report's time to interactive in headless Chromium, printed as a
# figure against its goal (1000 ms): how long until the page of the kernel
# run (make demo writes out/e2e/report.html and .json) answers a filter.
# A figure of this machine's load, never a pass/fail test.
set -eu
cd "$(dirname "$0")/.."
html=${1:-out/e2e/report.html}
json=${2:-${html%.html}.json}
[ -f "$html" ] && [ -f "$json" ] ||
	{ echo "bench/report.sh: no $html or $json: run make demo first" >&2; exit 2; }
html=$(realpath "$html")
json=$(realpath "$json")
runs=${RUNS:-3}
for i in $(seq "$runs"); do
	(cd tests/browser && node report.mjs --html "$html" --json "$json" \
		--bench) |
		sed -n 's/^bench: time to interactive \([0-9]*\) ms.*/\1/p'
done | sort -n | awk -v runs="$runs" '
	{ v[NR] = $1 }
	END {
		if (!NR) { print "bench/report.sh: no figure printed"; exit 1 }
		m = v[int((NR + 1) / 2)]
		printf "report time to interactive: median %d ms of %d runs " \
		       "(min %d, max %d); goal 1000 ms: %.2fx the goal\n",
		       m, NR, v[1], v[NR], m / 1000
	}'
