#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Lines a patch must never change, read from a diff with none of
linkmend's code.

usage: never-touch.py DIFF [TREE BASE]

DIFF is a unified diff (git diff, or patches cat'ed together). Each
removed line is judged twice:
- by the line alone (never_touch_*: a copyright, author or licence line,
  CREDITS or MAINTAINERS, a translation);
- with TREE and BASE, by its comment paragraph in the file at BASE
  (never_touch_block_lines_changed): the run of lines of the same kind
  (comment or not) between blank ones, never past a block comment's
  ends, that holds a copyright or licence notice or an attribution
  (funded/sponsored by, Thanks to, Contributed/Written by, Author:).
"""
import re
import subprocess
import sys

NOTICE = re.compile(
    r"copyright|\(c\) [12]|\u00a9|spdx-license-identifier|licensed under|"
    r"all rights reserved|permission is hereby granted|"
    r"redistribution and use|general public license|advertising clause|"
    r"license\.change", re.I)
CREDIT = re.compile(
    r"\bfunded by|\bsponsored by|\bfunded\b|\bsponsored\b|\bthanks to|"
    r"\bcontributed by|\bwritten by|\bbased on code|\boriginally written|"
    r"module_author|(?<!be )\b(?:downloaded|taken|copied|adapted) from", re.I)
# (\b: "overwritten by" is not "written by")
# "Author:" opens a credits block in a comment (in an rst reading list,
# ":Author:" names a reference's author: that entry's URL is prose).
AUTHOR = re.compile(r"^\s*(/\*|\*|//|#|;|%)+\s*authors?\b", re.I)
LEADER = re.compile(r"^[\s/*#;!%-]*")
COMMENT = re.compile(r"^\s*(/\*|\*|//|#|;|--|%|!|dnl\b)")


def text(line):
    t = LEADER.sub("", line).strip()
    if t.endswith("*/"):
        t = t[:-2].strip()
    return t


def paragraph(lines, i):
    """The indexes of the comment paragraph around line i."""
    kind = bool(COMMENT.match(lines[i]))
    a = b = i
    if not (kind and "/*" in lines[i]):
        while a > 0:
            prev = lines[a - 1]
            if not text(prev) or bool(COMMENT.match(prev)) != kind or \
                    (kind and "*/" in prev) or \
                    (not kind and prev[:1] in (".", "'")):
                break
            a -= 1
            if kind and "/*" in prev:
                break
            if i - a > 40:
                break
    if not (kind and "*/" in lines[i]):
        while b + 1 < len(lines):
            nxt = lines[b + 1]
            if not text(nxt) or bool(COMMENT.match(nxt)) != kind or \
                    (kind and "/*" in nxt) or \
                    (not kind and nxt[:1] in (".", "'")):
                break
            b += 1
            if kind and "*/" in nxt:
                break
            if b - i > 40:
                break
    return range(a, b + 1)


def base_lines(tree, base, path, cache):
    if path not in cache:
        try:
            out = subprocess.run(["git", "-C", tree, "show",
                                  "%s:%s" % (base, path)],
                                 capture_output=True, check=True).stdout
            cache[path] = out.decode("utf-8", "replace").split("\n")
        except subprocess.CalledProcessError:
            cache[path] = None
    return cache[path]


def main():
    diff = sys.argv[1]
    tree = sys.argv[2] if len(sys.argv) > 3 else None
    base = sys.argv[3] if len(sys.argv) > 3 else None
    path, n, old, hunk = None, {}, 0, False
    left_old = left_new = 0
    block, cache, examples = 0, {}, []
    for line in open(diff, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        if line.startswith("+++ "):
            path = line[6:] if line.startswith("+++ b/") else line[4:]
            hunk = False
            continue
        m = re.match(r"^@@ -(\d+)(?:,(\d+))? \+\d+(?:,(\d+))? @@", line)
        if m:
            # The hunk's own counts end it (a mail's "-- " is no line).
            old = int(m.group(1))
            left_old = int(m.group(2) if m.group(2) is not None else 1)
            left_new = int(m.group(3) if m.group(3) is not None else 1)
            hunk = True
            continue
        if not hunk or (left_old <= 0 and left_new <= 0) or \
                line[:1] not in (" ", "-", "+", "\\", ""):
            hunk = False
            continue
        if line[:1] in (" ", ""):
            old += 1
            left_old -= 1
            left_new -= 1
            continue
        if line[0] == "+":
            left_new -= 1
            continue
        if line[0] != "-":
            continue
        left_old -= 1
        old += 1
        low = line.lower()
        kind = None
        if path in ("CREDITS", "MAINTAINERS"):
            kind = "credits_maintainers"
        elif path.startswith("Documentation/translations/"):
            kind = "translations"
        elif "copyright" in low or re.search(r"\(c\) [12]", low):
            kind = "copyright"
        elif "module_author" in low or re.match(r"-[\s/*#;!%-]*(author|written by)", low):
            kind = "author"
        elif "spdx-license-identifier" in low or "licensed under" in low:
            kind = "license"
        if kind:
            n[kind] = n.get(kind, 0) + 1
        if tree is None:
            continue
        lines = base_lines(tree, base, path, cache)
        i = old - 2
        if lines is None or i < 0 or i >= len(lines):
            continue
        for k in paragraph(lines, i):
            # A credit counts in a comment paragraph (a README's
            # "written by X ..., see <URL>" points the reader on).
            if NOTICE.search(lines[k]) or AUTHOR.match(lines[k]) or \
                    (CREDIT.search(lines[k]) and
                     (k == i or COMMENT.match(lines[k]))):
                block += 1
                if len(examples) < 20:
                    examples.append("%s:%d: %s  [paragraph line %d: %s]" % (
                        path, i + 1, lines[i].strip()[:80], k + 1,
                        lines[k].strip()[:60]))
                break
    for k in ("copyright", "author", "license", "credits_maintainers",
              "translations"):
        print("never_touch_%s: %d" % (k, n.get(k, 0)))
    print("never_touch_lines_changed: %d" % sum(n.values()))
    if tree is not None:
        print("never_touch_block_lines_changed: %d" % block)
        for e in examples:
            print("  block: %s" % e)


main()
