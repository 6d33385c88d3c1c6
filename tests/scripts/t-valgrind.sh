#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# valgrind finds no leak and no error in a scan of a small fixture tree,
# first and incremental.  (Skipped in sanitizer builds, which valgrind
# cannot run.)
. "$(dirname "$0")/../lib/sh.sh"
if grep -q fsanitize "$(dirname "$0")/../../.build-flags" 2>/dev/null; then
	skip "valgrind finds no leak or error in scan" \
		"sanitizer build: valgrind cannot run it (ASan checks it instead)"
	exit 0
fi
if ! command -v valgrind > /dev/null; then
	echo "not ok - valgrind is not installed"
	exit 0
fi
T=$SCRATCH/tree
mkdir -p "$T"
for c in "$TESTS"/cases/*.case; do
	n=$(basename "$c" .case)
	"$TESTS/lib/case-unpack.sh" "$c" "$SCRATCH/cases/$n"
	mv "$SCRATCH/cases/$n/tree" "$T/$n"
done
for run in first incremental; do
	valgrind -q --leak-check=full --show-leak-kinds=definite,indirect \
		--errors-for-leak-kinds=definite,indirect --error-exitcode=99 \
		"$LINKMEND" scan -q "$T" > "$SCRATCH/out" 2> "$SCRATCH/vg"
	rc=$?
	same "valgrind: $run scan clean" "$rc" "0"
	[ "$rc" = 0 ] || head -30 "$SCRATCH/vg"
done
ok "valgrind: the scan found the fixtures' URLs" test "$(wc -l < "$SCRATCH/out")" -gt 50
