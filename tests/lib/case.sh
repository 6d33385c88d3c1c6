#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Run one data-driven scan case (tests/cases/*.case) and report whether
# linkmend's output equals the expected output, byte for byte.
#
# A case file is a description, then sections:
#   === file PATH        the file's bytes follow, up to the next section
#                        (the newline before "===" ends the last line)
#   === expect           the exact TSV that "linkmend scan" must print
#   === args             optional: extra arguments for linkmend scan
set -u
case_file=$1
linkmend=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tree"

"$(dirname "$0")/case-unpack.sh" "$case_file" "$work"

args=()
if [ -f "$work/args" ]; then
	read -r -a args < "$work/args"
fi
touch "$work/expect"
"$linkmend" scan -q --db "$work/db" "${args[@]}" "$work/tree" > "$work/got" 2> "$work/err"
rc=$?
if [ $rc -gt 1 ]; then
	echo "linkmend exited $rc:"
	cat "$work/err"
	exit 1
fi
if ! diff -u "$work/expect" "$work/got"; then
	exit 1
fi
exit 0
