#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The committed fuzz corpus (tests/fuzz/corpus: the seeds and every input
# that once crashed a harness) replayed through each harness as a plain
# program, in this build: under ASan and UBSan in the sanitizer build.
# A regression of a fixed crash fails here, not only in a fuzzing run.
. "$(dirname "$0")/../lib/sh.sh"
for h in scan url maintainers replies; do
	bin=$TESTS/fuzz/replay-$h
	n=$(ls "$TESTS/fuzz/corpus/$h" | wc -l)
	if [ ! -x "$bin" ]; then
		echo "not ok - replay-$h is built (make unit)"
		continue
	fi
	out=$("$bin" "$TESTS/fuzz/corpus/$h"/* 2>&1)
	rc=$?
	same "fuzz-$h replays its $n corpus inputs with no crash" "$rc $out" "0 replayed $n inputs"
done
