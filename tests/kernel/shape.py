#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The shape of the lines a series changed, from `git diff -U1` alone.

usage: shape.py DIFF

Counts, without any of linkmend's own code:
  lines_grown_past_100: added lines wider than 100 columns (tabs to 8)
      where every line they replace was within 100, but for a line that
      holds only a comment leader and one URL, with at most its
      sentence's closing punctuation ("URL ."): nothing shorter is
      possible for it;
  url_alone_past_100: those lines that hold only a leader and a URL;
  box_misaligned: changed lines of a box comment (a closer such as "*" or
      "|" that ends where a neighbouring line ends) whose closer moved.
"""
import re
import sys

CLOSER = re.compile(r"^(.*\S)[ \t]+([*|#!+=/-]{1,3})[ \t]*$")
# A leader, one URL and at most its sentence's closing punctuation.
URL_ALONE = re.compile(r"^[ \t]*(?:/?\*+|//|#+|;+|-|\+)?[ \t]*\S*://\S+"
                       r"(?:[ \t]+[.,;:!?)]+)?[ \t]*$")


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


grown = alone = misaligned = 0
examples = []


def hunk_done(lines):
    """lines: (tag, text) of one hunk, tags ' ', '-', '+'."""
    global grown, alone, misaligned
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
        if old and max(width(t) for t in old) <= 100:
            for t in new:
                if width(t) > 100:
                    if URL_ALONE.match(t):
                        alone += 1
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
print("lines_grown_past_100: %d" % grown)
print("url_alone_past_100: %d" % alone)
print("box_misaligned: %d" % misaligned)
for e in examples[:10]:
    print("  " + e)
