#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Compare linkmend scan with ripgrep on one tree.

Every URL that `rg -uuu -o '(https?|ftp)://[^\\s<>"]+'` finds must be found
by linkmend at the same path, line and column, unless a boundary rule of
linkmend's says otherwise; each such exception is classified.  Prints the
counts per class and exits 1 if any rg URL is unexplained.

usage: scan-vs-rg.py ROOT LINKMEND.tsv
"""
import os
import re
import subprocess
import sys
from collections import Counter

root, tsv = sys.argv[1], sys.argv[2]
ours = {}
with open(tsv, encoding="utf-8", errors="surrogateescape") as f:
    for line in f:
        path, ln, col, url, ctx, flags = line.rstrip("\n").split("\t")
        ours[(path, int(ln), int(col))] = (url, ctx, flags)

rg = subprocess.run(
    ["rg", "-uuu", "-o", "-n", "--column", "--with-filename", "--no-heading",
     "--null", r'(https?|ftp)://[^\s<>"]+', "."],
    cwd=root, capture_output=True)
out = rg.stdout.decode("utf-8", "surrogateescape")
why = Counter()
missed = []
binary_files = set()
for rec in out.splitlines():
    if "\0" not in rec:
        continue
    path, rest = rec.split("\0", 1)
    path = os.path.normpath(path)
    ln, col, text = rest.split(":", 2)
    key = (path, int(ln), int(col))
    if key in ours:
        why["found"] += 1
        continue
    full = os.path.join(root, path)
    with open(full, "rb") as fh:
        head = fh.read(8000)
        if b"\0" in head:
            binary_files.add(path)
            why["binary file (skipped)"] += 1
            continue
        fh.seek(0)
        lines = fh.read().split(b"\n")
    line = lines[int(ln) - 1]
    c = int(col) - 1
    before = line[:c]
    # A scheme glued to a word ("sftp://", "xhttp://") is another scheme.
    if before and (chr(before[-1]).isalnum() or before[-1] in b"+-."):
        why["scheme part of a longer word (sftp://...)"] += 1
        continue
    rest = text.split("://", 1)[1]
    stripped = re.sub(r"[.,;:!?')\]}*\\]+$", "", re.split(r"[\\`'|^]", rest)[0])
    if not stripped or not re.match(r"[\w\[%$<{]", stripped):
        why["no host after the scheme"] += 1
        continue
    missed.append((path, ln, col, text))
    why["MISSED"] += 1

for k, v in sorted(why.items(), key=lambda kv: -kv[1]):
    print(f"{v:7d}  {k}")
extra = len(ours) - why["found"]
print(f"{extra:7d}  found by linkmend only (wrapped joins, other schemes)")
for m in missed[:40]:
    print("missed: %s:%s:%s: %s" % m)
sys.exit(1 if missed else 0)
