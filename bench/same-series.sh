#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/same-series.sh [-q] DIR_A DIR_B: are two series output directories
# (the -o of linkmend series or run) the same patches?  Every file is
# compared byte for byte, except for what says when or which run made it,
# masked in both before the comparison:
#
#   From <40 hex> Mon Sep 17 00:00:00 2001   the mbox line's commit id (a
#                          commit's id changes with its dates)
#   Date:                  in a mail's header (from that From line to the
#                          first empty line)
#   Message-Id, In-Reply-To, References:  in a mail's header, with their
#                          folded lines
#   change-id:             b4's, at the start of a line anywhere
#
# Nothing else: a diff's "index" line names blobs, which depend only on
# the content.  Prints each file that differs (with its first lines of
# difference unless -q) or is in one directory only; exit status 0 when
# they are the same, 1 when not, 2 on a usage error.
set -u
quiet=
[ "${1:-}" = -q ] && { quiet=1; shift; }
if [ $# -ne 2 ] || [ ! -d "$1" ] || [ ! -d "$2" ]; then
	echo "usage: bench/same-series.sh [-q] DIR_A DIR_B (two series directories)" >&2
	exit 2
fi
a=$1
b=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mask() {	# mask FILE: its text with dates and ids masked (POSIX awk: mawk
	# knows no {40})
	LC_ALL=C awk '
	/^From [0-9a-f]+ Mon Sep 17 00:00:00 2001$/ && length($2) == 40 {
		print "From <commit-id> Mon Sep 17 00:00:00 2001"
		head = 1; folded = 0; next
	}
	head && /^$/ { head = 0 }
	head && folded && /^[ \t]/ { next }
	{ folded = 0 }
	head && /^Date: / { print "Date: <date>"; next }
	head && tolower($0) ~ /^(message-id|in-reply-to|references):/ {
		sub(/:.*/, ": <id>"); print; folded = 1; next
	}
	/^change-id: / { print "change-id: <id>"; next }
	{ print }' "$1"
}

(cd "$a" && find . -type f | sort) > "$work/a.list"
(cd "$b" && find . -type f | sort) > "$work/b.list"
differ=0
while read -r f; do
	echo "only in $a: ${f#./}"
	differ=$((differ + 1))
done < <(comm -23 "$work/a.list" "$work/b.list")
while read -r f; do
	echo "only in $b: ${f#./}"
	differ=$((differ + 1))
done < <(comm -13 "$work/a.list" "$work/b.list")
same=0
while read -r f; do
	if cmp -s "$a/$f" "$b/$f"; then
		same=$((same + 1))
		continue
	fi
	mask "$a/$f" > "$work/ma"
	mask "$b/$f" > "$work/mb"
	if cmp -s "$work/ma" "$work/mb"; then
		same=$((same + 1))
		continue
	fi
	echo "differs: ${f#./}"
	[ -n "$quiet" ] || diff -u --label "a/${f#./}" --label "b/${f#./}" \
		"$work/ma" "$work/mb" | sed -n '3,14s/^/    /p'
	differ=$((differ + 1))
done < <(comm -12 "$work/a.list" "$work/b.list")
echo "same-series: $same files the same, $differ differ (dates and ids masked)"
[ "$differ" -eq 0 ]
