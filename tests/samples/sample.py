#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Draw the seeded sample of a tree's scan for checking by hand.

usage: sample.py DIR SCAN.tsv [SEED [N]]

DIR is the scanned directory, SCAN.tsv linkmend scan's output on it.  N
(40) occurrences drawn with random.Random(SEED) (18), printed as the rows
of tests/samples/NAME.tsv with the verdict left to write, each followed
by the text around it (a "#" line) for the one who checks it.
"""
import random
import sys

top, tsv = sys.argv[1], sys.argv[2]
seed = int(sys.argv[3]) if len(sys.argv) > 3 else 18
n = int(sys.argv[4]) if len(sys.argv) > 4 else 40
rows = [l.rstrip("\n").split("\t")
        for l in open(tsv, encoding="utf-8", errors="surrogateescape")]
for i in sorted(random.Random(seed).sample(range(len(rows)), n)):
    path, line, col, url, ctx, flags = rows[i]
    with open(f"{top}/{path}", "rb") as f:
        text = f.read().split(b"\n")[int(line) - 1]
    c = int(col) - 1
    around = text[max(0, c - 30):c + len(url.encode()) + 30]
    print("\t".join([path, line, col, url, ctx, flags, "?"]))
    print("#\t" + around.decode("utf-8", "replace").replace("\t", " "))
