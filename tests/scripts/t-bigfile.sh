#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Files over 4 MB are first searched in 1 MB chunks: a "://" across a
# chunk seam, or at the very end, must still make the file be read whole.
. "$(dirname "$0")/../lib/sh.sh"
T=$SCRATCH/tree
mkdir -p "$T"
filler() { head -c "$1" /dev/zero | tr '\0' 'a'; }
# "http" ends at byte 1048574 (0-based), so ':' '/' '/' straddle the seam.
{ filler 1048570; printf ' http://seam.kernel.org/ '; filler 4194304; } > "$T/seam.h"
{ filler 5000000; printf '\nhttp://end.kernel.org/'; } > "$T/end.h"
{ filler 5000000; printf '\n'; } > "$T/none.h"
"$LINKMEND" scan "$T" > "$SCRATCH/out" 2> "$SCRATCH/err"
ok "a URL across the 1 MB seam of a big file is found" grep -q "^seam.h	1	1048572	http://seam.kernel.org/	code	-$" "$SCRATCH/out"
ok "a URL at the end of a big file is found" grep -q "^end.h	2	1	http://end.kernel.org/	code	-$" "$SCRATCH/out"
same "a big file with no URL gives nothing" "$(grep -c none.h "$SCRATCH/out")" "0"
ok "and every big file counts as read" grep -q "3 files (3 read" "$SCRATCH/err"
