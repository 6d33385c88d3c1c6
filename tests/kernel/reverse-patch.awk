# SPDX-License-Identifier: GPL-2.0-or-later
# The reverse of a git format-patch file: its hunks with + and - swapped,
# so that checkpatch.pl sees the original lines as the added ones.
/^diff --git/ { body = 1 }
/^-- $/ { body = 0 }
body && /^@@ / {
	split($0, a, " ")
	$2 = "-" substr(a[3], 2)
	$3 = "+" substr(a[2], 2)
	print
	next
}
body && /^(\+\+\+|---) / { print; next }
body && /^\+/ { print "-" substr($0, 2); next }
body && /^-/ { print "+" substr($0, 2); next }
{ print }
