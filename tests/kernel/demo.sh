#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# make demo: the main job on a real tree.  For now that is the scan of
# Debian's linux-source-6.1, with the summary by context and by host; the
# records go to a TSV file beside the tree.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
linkmend=$here/../../linkmend
tree=$("$here/tree.sh")
out=$(dirname "$tree")/scan-linux-source-6.1.tsv
echo "scanning $tree" >&2
time "$linkmend" scan --top-hosts 20 "$tree" > "$out"
echo "records: $out ($(wc -l < "$out") occurrences)" >&2
echo "store:   $tree/.linkmend/linkmend.db" >&2
