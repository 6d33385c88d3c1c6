#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The committed fuzz corpus (tests/fuzz/corpus: the seeds and every input
# that once crashed a harness) replayed through each harness as a plain
# program, in this build: under ASan and UBSan in the sanitizer build.
# A regression of a fixed crash fails here, not only in a fuzzing run;
# so does one of a fixed memory blow-up (a hostile MAINTAINERS regex once
# took gigabytes): peak RSS under 256 MB, within 60 s, in 1 GB of
# address space (not under ASan, which maps terabytes of shadow).
. "$(dirname "$0")/../lib/sh.sh"
for h in scan url maintainers replies; do
	bin=$TESTS/fuzz/replay-$h
	n=$(ls "$TESTS/fuzz/corpus/$h" | wc -l)
	if [ ! -x "$bin" ]; then
		echo "not ok - replay-$h is built (make unit)"
		continue
	fi
	asan=0
	grep -q __asan_init "$bin" && asan=1
	cap=$((1 << 20))
	[ $asan = 1 ] && cap=unlimited
	out=$(timeout 60 /usr/bin/time -f 'rss %M' -o "$SCRATCH/rss" \
		bash -c 'ulimit -v "$0"; exec "$@"' "$cap" \
		"$bin" "$TESTS/fuzz/corpus/$h"/* 2>&1)
	rc=$?
	same "fuzz-$h replays its $n corpus inputs with no crash" "$rc $out" "0 replayed $n inputs"
	rss=$(sed -n 's/^rss //p' "$SCRATCH/rss")
	if [ $asan = 0 ]; then
		ok "fuzz-$h: peak RSS ${rss:-?} KB is under 256 MB" test "${rss:-999999}" -lt 262144
	fi
done
