#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# case-unpack.sh CASE DIR: the one reader of the case format (see
# case.sh): each "=== file PATH" section into DIR/tree/PATH, "=== expect"
# into DIR/expect, "=== args" into DIR/args.
set -u
case_file=$1
work=$2
mkdir -p "$work/tree"
awk -v dir="$work" '
function flush() {
	if (out != "") {
		printf "%s", body > out
		close(out)
	}
	out = ""; body = ""
}
/^=== / {
	flush()
	if ($2 == "file") {
		out = dir "/tree/" substr($0, 10)
		d = out; sub(/\/[^\/]*$/, "", d)
		system("mkdir -p \"" d "\"")
	} else if ($2 == "expect") {
		out = dir "/expect"
	} else if ($2 == "args") {
		out = dir "/args"
	}
	next
}
out != "" { body = body $0 "\n" }
END { flush() }
' "$case_file"
