#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Compare two bench/trees.sh runs line by line.

usage: trees-cmp.py BEFORE-DIR AFTER-DIR [-v]

Each DIR holds out/trees-style folders (NAME and NAME-seedN), each with
its lines.txt and summary.txt.  For every folder both have, prints the
changed lines and patches of each run, how many lines the second no
longer changes and how many it newly changes; with -v, each of those
lines with its old -> new.  A line is its file:line, as lines.txt names
it.  Used to carry a reading of one run over to the next.
"""
import os
import re
import sys


def lines(d):
    f = os.path.join(d, "lines.txt")
    if not os.path.exists(f):
        return None
    out, cur = {}, None
    for line in open(f, errors="replace"):
        m = re.match(r"line: (\S+:\d+) ", line)
        if m:
            cur = m.group(1)
            out[cur] = ""
            continue
        m = re.match(r"\s+([a-z?]+): (.*)", line)
        if cur and m and not out[cur]:
            out[cur] = m.group(1) + ": " + m.group(2)[:150]
    return out


def patches(d):
    f = os.path.join(d, "summary.txt")
    if os.path.exists(f):
        for line in open(f):
            if line.startswith("patches:"):
                return line.split()[1]
    return "?"


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    if len(args) != 2:
        sys.exit(__doc__.strip().splitlines()[2])
    before, after = args
    for name in sorted(os.listdir(before)):
        a = lines(os.path.join(before, name))
        b = lines(os.path.join(after, name))
        if a is None or b is None:
            continue
        gone, new = sorted(set(a) - set(b)), sorted(set(b) - set(a))
        print(f"{name}: before {len(a)} (patches "
              f"{patches(os.path.join(before, name))}), after {len(b)} "
              f"(patches {patches(os.path.join(after, name))}), no longer "
              f"changed {len(gone)}, newly changed {len(new)}")
        if "-v" in sys.argv:
            for g in gone:
                print("   -", g, a[g])
            for g in new:
                print("   +", g, b[g])


if __name__ == "__main__":
    main()
