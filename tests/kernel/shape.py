#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The shape of the lines a series changed, from `git diff -U1` alone.

usage: shape.py DIFF

Counts, without any of linkmend's own code:
  lines_split: lines added beyond those they replace (a URL moved to a
      line of its own, a paragraph reflowed): goal 0, edits are in place;
  lines_joined: lines removed beyond those added (a URL the tree had
      wrapped over two comment lines, written whole);
  lines_grown_past_100: added lines wider than 100 columns (tabs to 8)
      that hold no URL, where every line they replace was within 100
      (checkpatch.pl exempts a line that holds a URL from its limit);
  url_lines_past_100: added lines past 100 that hold a URL, and were
      within 100 before: a figure, not a fault;
  box_misaligned: changed lines of a box comment (a closer such as "*" or
      "|" that ends where a neighbouring line ends) whose closer moved.
"""
import re
import sys

CLOSER = re.compile(r"^(.*\S)[ \t]+([*|#!+=/-]{1,3})[ \t]*$")
# checkpatch.pl's own test for a line it exempts from the length limit.
HAS_URL = re.compile(r"\b[a-z][\w.+-]*://\S+", re.I)


def width(s):
    col = 0
    for ch in s:
        col = (col // 8 + 1) * 8 if ch == "\t" else col + 1
    return col


def end_col(s):
    return width(s.rstrip(" \t"))


def closer_end(s):
    m = CLOSER.match(s)
    return end_col(s) if m else None


grown = url_long = misaligned = split = joined = 0
examples = []


def hunk_done(lines):
    """lines: (tag, text) of one hunk, tags ' ', '-', '+'."""
    global grown, url_long, misaligned, split, joined
    i = 0
    while i < len(lines):
        if lines[i][0] == " ":
            i += 1
            continue
        j = i
        while j < len(lines) and lines[j][0] == "-":
            j += 1
        k = j
        while k < len(lines) and lines[k][0] == "+":
            k += 1
        old = [t for _, t in lines[i:j]]
        new = [t for _, t in lines[j:k]]
        before = lines[i - 1][1] if i > 0 and lines[i - 1][0] == " " else None
        after = lines[k][1] if k < len(lines) and lines[k][0] == " " else None
        if len(new) > len(old):
            split += len(new) - len(old)
            examples.append("split: " + (new[0] if new else ""))
        elif len(old) > len(new):
            joined += len(old) - len(new)
        if old and max(width(t) for t in old) <= 100:
            for t in new:
                if width(t) > 100:
                    if HAS_URL.search(t):
                        url_long += 1
                    else:
                        grown += 1
                        examples.append("grown: " + t)
        for o, n in zip(old, new):
            c = closer_end(o)
            if c is None:
                continue
            nb = [x for x in (before, after) if x is not None]
            if not any(end_col(x) == c for x in nb):
                continue        # no box: a one-line comment
            if closer_end(n) != c:
                misaligned += 1
                examples.append("box: " + n)
        i = k if k > i else i + 1


hunk = []
for raw in open(sys.argv[1], encoding="utf-8", errors="replace"):
    line = raw.rstrip("\n")
    if line.startswith("@@") or line.startswith("diff --git"):
        hunk_done(hunk)
        hunk = []
        continue
    if line.startswith("+++ ") or line.startswith("--- "):
        continue
    if line[:1] in (" ", "-", "+"):
        hunk.append((line[0], line[1:]))
hunk_done(hunk)
print("lines_split: %d" % split)
print("lines_joined: %d" % joined)
print("lines_grown_past_100: %d" % grown)
print("url_lines_past_100: %d" % url_long)
print("box_misaligned: %d" % misaligned)
for e in examples[:10]:
    print("  " + e)
