#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/trees-voice.py GITDIR PATCH...: does each patch's subject speak as
# the project does?  For each patch, the last 200 non-merge commits that
# touched its files (git log -- FILES), commits imported from another
# project left out (a trailer key ending in -Commit-ID or -Regress-ID, as
# openssh's "upstream:" commits from OpenBSD carry) and releases ("zlib
# 1.3.1": a name and a number), and their prefixes
# ("net: phy: ", lighttpd's "[core] ", "" for none) counted.  A patch matches when its prefix is
# the one most of those subjects have ("" included), and its first word
# after the prefix is capitalised as most of those with that prefix are.
# Judged here, without linkmend's code: a line per patch and
#   voice_match: K of N
#   prefix_used: K of N   (the patch's prefix is one of those subjects')
import re
import subprocess
import sys
from collections import Counter


def prefix_of(s):
    """"net: phy: fix x" -> ("net: phy: ", "fix x"); none: ("", s)."""
    m = re.match(r"\[[^] \[]{1,38}\] ", s)
    if m and not s.startswith(("[PATCH", "[RFC")):
        return s[:m.end()], s[m.end():]
    end = 0
    p = 0
    while True:
        c = s.find(": ", p)
        if c <= p or " " in s[p:c]:
            break
        end = c + 2
        p = end
    if not end or end > 48 or "[" in s[:end]:
        return "", s
    m = re.match(r"\([^ )]+\) ", s[end:])
    if m:
        end += m.end()
    return s[:end], s[end:]


def imported(keys):
    for k in keys.split(","):
        k = k.strip().lower()
        if k.endswith("-commit-id") or k.endswith("-regress-id"):
            return True
    return False


def patch_of(path):
    subj, files = None, []
    text = open(path, encoding="utf-8", errors="replace").read()
    m = re.search(r"^Subject: (.*(?:\n[ \t].*)*)", text, re.M)
    if m:
        subj = re.sub(r"\n[ \t]+", " ", m.group(1))
        subj = re.sub(r"^\[[^]]*\] *", "", subj)
    for m in re.finditer(r"^diff --git a/(\S+) b/", text, re.M):
        if m.group(1) not in files:
            files.append(m.group(1))
    return subj, files


def main():
    gitdir, patches = sys.argv[1], sys.argv[2:]
    match = used = n = 0
    for path in patches:
        subj, files = patch_of(path)
        if not subj or not files:
            continue
        out = subprocess.run(
            ["git", "-C", gitdir, "log", "--no-merges", "-n", "200",
             "--format=%s%x02%(trailers:only,keyonly,separator=%x2c)",
             "HEAD", "--"] + files,
            capture_output=True, text=True).stdout
        prefixes = Counter()
        caps = Counter()
        for line in out.splitlines():
            s, _, keys = line.partition("\x02")
            # A release ("zlib 1.3.1") is a name and a number, no voice.
            if imported(keys) or re.match(r"^\S+ v?\d[\w.-]*\.\S*$", s):
                continue
            p, rest = prefix_of(s)
            prefixes[p] += 1
            if rest[:1].isalpha():
                caps[(p, rest[:1].isupper())] += 1
        mine, rest = prefix_of(subj)
        habit = prefixes.most_common(1)[0][0] if prefixes else None
        cap = rest[:1].isupper()
        cap_habit = caps[(mine, True)] >= caps[(mine, False)]
        ok = habit is not None and mine == habit and cap == cap_habit
        n += 1
        match += ok
        used += mine in prefixes
        print("patch: %s: %r habit %r (%s) %s" % (
            path.rsplit("/", 1)[-1], mine, habit,
            ", ".join("%r %d" % kv for kv in prefixes.most_common(3)),
            "match" if ok else "MISMATCH"))
    print("voice_match: %d of %d" % (match, n))
    print("prefix_used: %d of %d" % (used, n))


if __name__ == "__main__":
    main()
