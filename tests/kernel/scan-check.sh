#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The scan of Debian's linux-source-6.1 finds every URL that ripgrep finds
# (modulo linkmend's boundary rules, each exception classified), and a
# second scan reads no unchanged file.
set -u
here=$(cd "$(dirname "$0")" && pwd)
linkmend=$here/../../linkmend
tree=$("$here/tree.sh") || exit 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
"$linkmend" scan --db "$work/db" "$tree" > "$work/scan.tsv" 2> "$work/err" || fail=1
cat "$work/err"
python3 "$here/scan-vs-rg.py" "$tree" "$work/scan.tsv" || fail=1
"$linkmend" scan --db "$work/db" "$tree" > "$work/scan2.tsv" 2> "$work/err2" || fail=1
if ! grep -q "(0 read, [0-9]* unchanged" "$work/err2"; then
	echo "second scan read files:"; cat "$work/err2"; fail=1
fi
cmp -s "$work/scan.tsv" "$work/scan2.tsv" || { echo "second scan differs"; fail=1; }
[ $fail -eq 0 ] && echo "kernel scan: ok" || echo "kernel scan: FAILED"
exit $fail
