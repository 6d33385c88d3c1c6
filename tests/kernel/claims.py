#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Does every claim of a series hold against its own evidence?

usage: claims.py [--tree DIR] PATCH...

Reads the patches (and cover letters) as a maintainer would, with none of
linkmend's code, and checks each sentence that states a fact against the
evidence lines the messages carry:
  - "each failed the one check made, on D": every archived link's
    evidence says 1 check, D..D;
  - "each failed at least K checks between A and B": every one counts K
    or more failing checks, all within A..B;
  - "nearest the commit that ... (SHA, for all of them)": every one was
    dated by SHA (git log of its URL, or git blame of its line);
    "nearest D, the date of the tree's first commit (SHA), which holds
    all of these lines": every one was dated by that commit, the
    history's first, on D (the commit named by the release it imports,
    or not named, where upstream cannot look it up); "(one commit, for
    all of them)": every one dated by git; "nearest the date given for the tree": every
    one by --date;
  - "capture TS, the nearest before D": TS is not after D, and the
    replacement is the capture of TS;
  - a cover letter's counts by kind and per patch are the patches';
    "Only comments and documentation change": no changed line of a
    source file is code (with --tree, the tree the patches apply to: a
    line inside a C block comment is a comment whatever it begins with).
Prints claims_checked and claims_contradicted (messages with one or more
claims their evidence contradicts), then the first contradictions.
"""
import re
import sys
from collections import defaultdict

# A link in a message: "PATH:LINE: URL -> NEW" (or "PATH:LINE:" with
# "  URL" and "  -> NEW" on the next lines); its evidence below the
# "---" line: "PATH:LINE: KIND: EVIDENCE" whose continuation lines are
# indented by four.
LINK = re.compile(r"^(\S+):(\d+): (\S+://\S+) -> (\S+)$")
LOC = re.compile(r"^(\S+):(\d+):$")
LONE = re.compile(r"^  (?:-> )?(\S+://\S+)$")
# Or, too long for one line, "PATH:LINE: URL" and "PATH:LINE: -> NEW".
PLACED = re.compile(r"^(\S+):(\d+): (\S+://\S+)$")
PLACED_NEW = re.compile(r"^(\S+):(\d+): -> (\S+)$")
EVID = re.compile(r"^(\S+):(\d+): (moved|archived|upgrade|canonical|typo|migrated):(?: (.*))?$")
HIST = re.compile(r"; (\d+) checks? (\d{4}-\d\d-\d\d)\.\.(\d{4}-\d\d-\d\d), (\d+) failing counted")
CAPTURE = re.compile(r"capture (\d{14}), the nearest (before|after) (\d{4}-\d\d-\d\d)")
CODE_EXT = re.compile(r"\.(c|h|S|sh|py|pl|awk|rb)$|(^|/)(Makefile|Kbuild)[^/]*$")
# A comment leader, or one after code (C, shell, assembler "@" and ";").
COMMENT = re.compile(r"^\s*(\*|/\*|//|#|;|@|--|!|%|REM\b)|/\*|//\s|\s[#@;]\s")

checked = 0
bad = defaultdict(list)
few = 0         # archived links whose evidence counts fewer than 3 failures


def parse(path):
    """The subject, the commit message, the evidence (between the
    "---" line and the diffstat) and the diff."""
    text = open(path, encoding="utf-8", errors="replace").read()
    head, _, rest = text.partition("\n\n")
    body, _, after = rest.partition("\n---\n")
    notes, _, diff = after.partition("\n\n")
    if not notes.startswith("The evidence for each link:"):
        notes, diff = "", after
    subject = " ".join(re.findall(r"^Subject: (.*(?:\n .*)*)", head, re.M))
    return subject, body, notes, diff


def claim(path, ok, what):
    global checked
    checked += 1
    if not ok:
        bad[path].append(what)


def check_patch(path):
    subject, body, notes, diff = parse(path)
    flat = " ".join(body.split())
    # The links of the message, in order: (path, line, old, new).
    links = []
    lines = body.splitlines()
    i = 0
    while i < len(lines):
        m = LINK.match(lines[i])
        if m:
            links.append(m.groups())
            i += 1
            continue
        m = PLACED.match(lines[i])
        n = PLACED_NEW.match(lines[i + 1]) if m and i + 1 < len(lines) else None
        if n and n.group(1, 2) == m.group(1, 2):
            links.append(m.groups() + (n.group(3),))
            i += 2
            continue
        m = LOC.match(lines[i])
        if m and i + 2 < len(lines) and LONE.match(lines[i + 1]) and \
                lines[i + 2].startswith("  -> "):
            links.append((m.group(1), m.group(2), LONE.match(lines[i + 1]).group(1),
                          LONE.match(lines[i + 2]).group(1)))
            i += 3
            continue
        i += 1
    # ev: (path, line, kind, evidence), each matched to its link's new URL.
    ev, ats = [], {}
    lines = notes.splitlines()
    i = 0
    while i < len(lines):
        e = EVID.match(lines[i])
        i += 1
        if not e:
            continue
        text = e.group(4) or ""
        while i < len(lines) and lines[i].startswith("    "):
            text += (" " if text else "") + lines[i].strip()
            i += 1
        ev.append((e.group(1), e.group(2), e.group(3), text))
        k = len(ev) - 1
        ats[k] = links[k][3] if k < len(links) and links[k][:2] == (e.group(1), e.group(2)) else ""
    if links or ev:
        claim(path, len(ev) == len(links) and all(a[:2] == b[:2] for a, b in zip(links, ev)),
              "%d links in the message, %d with evidence below ---" % (len(links), len(ev)))
    arch = [e for e in ev if e[2] == "archived"]
    global few
    for e in arch:
        h = HIST.search(e[3])
        few += not h or int(h.group(4)) < 3
    m = re.search(r"each failed the one check made, on (\d{4}-\d\d-\d\d)", flat)
    if m and arch:
        hs = [HIST.search(e[3]) for e in arch]
        claim(path, all(h and h.group(1) == "1" and h.group(2) == h.group(3) == m.group(1)
                        for h in hs), "'the one check made, on %s'" % m.group(1))
    m = re.search(r"each failed at least (\d+) checks? between (\S+) and (\S+?)[.;]", flat)
    if m and arch:
        k, a, b = int(m.group(1)), m.group(2), m.group(3)
        hs = [HIST.search(e[3]) for e in arch]
        claim(path, all(h and int(h.group(4)) >= k and a <= h.group(2) and h.group(3) <= b
                        for h in hs), "'at least %d checks between %s and %s'" % (k, a, b))
    m = re.search(r"\(([0-9a-f]{12}), for all of them\)", flat)
    if m and arch:
        claim(path, all("(git blame " + m.group(1) in e[3] or "(git log " + m.group(1) in e[3]
                        for e in arch),
              "'nearest the commit %s, for all of them'" % m.group(1))
    if "(one commit, for all of them)" in flat and arch:
        claim(path, all("(git blame" in e[3] or "(git log" in e[3] for e in arch),
              "'nearest the commit ... (one commit, for all of them)'")
    # The first commit named by its hash, by the release it imports
    # ("Linux 6.1.192", a local commit upstream cannot look up), or not.
    m = re.search(r"nearest (\d{4}-\d\d-\d\d), the date of the tree's first commit"
                  r"(?: \(([^)]+)\))?, which holds all of these lines", flat)
    if m and arch:
        day, name = m.groups()
        named = "" if not name else (" " + name if re.fullmatch(r"[0-9a-f]{12}", name)
                                     else " of " + name)
        claim(path, all(("(git blame%s, the history's first commit)" % named in e[3] or
                         "(git log%s, the history's first commit)" % named in e[3]) and
                        re.search(r"the nearest (before|after) %s " % day, e[3]) for e in arch),
              "'nearest %s, the date of the tree\'s first commit (%s)'" % (day, name))
    if "nearest the date given for the tree" in flat and arch:
        claim(path, all("(--date)" in e[3] for e in arch), "'the date given for the tree'")
    for i, e in enumerate(ev):
        if e[2] != "archived":
            continue
        c = CAPTURE.search(e[3])
        if not c:
            continue
        ts, side, day = c.groups()
        d = ts[:4] + "-" + ts[4:6] + "-" + ts[6:8]
        claim(path, (d <= day) if side == "before" else (d >= day),
              "%s:%s capture %s is not %s %s" % (e[0], e[1], ts, side, day))
        url = ats.get(i, "")
        claim(path, "/web/%s/" % ts in url, "%s:%s replacement is not the capture %s" % (e[0], e[1], ts))
    return subject, ev, diff


TREE = None
_comment_lines = {}


def comment_lines(path):
    """Line numbers (1-based) of path in TREE that hold a C comment or lie
    inside one: a block comment's lines whatever they begin with."""
    if path in _comment_lines:
        return _comment_lines[path]
    lines = set()
    try:
        text = open(TREE + "/" + path, encoding="utf-8", errors="replace").read()
    except OSError:
        _comment_lines[path] = None
        return None
    i, n, line, inblock, quote = 0, len(text), 1, False, None
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
            quote = None if quote != "`" else quote
            if inblock:
                lines.add(line)
            i += 1
            continue
        if inblock:
            lines.add(line)
            if text.startswith("*/", i):
                inblock = False
                i += 2
                continue
        elif quote:
            if ch == "\\":
                i += 2
                continue
            if ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
        elif text.startswith("/*", i):
            inblock = True
            lines.add(line)
            i += 2
            continue
        elif text.startswith("//", i):
            lines.add(line)
        i += 1
    _comment_lines[path] = lines
    return lines


def code_lines(diff):
    """Changed lines of source files that are code, not comments."""
    n, path, old = 0, None, 0
    for line in diff.splitlines():
        if line == "-- ":
            break               # git format-patch's signature
        if line.startswith("+++ "):
            path = line[6:]
            continue
        m = re.match(r"^@@ -(\d+)", line)
        if m:
            old = int(m.group(1))
            continue
        if line.startswith("---"):
            continue
        if line.startswith("-"):
            if path and CODE_EXT.search(path):
                cl = comment_lines(path) if TREE and re.search(r"\.[chS]$", path) else None
                if cl is not None:
                    if old not in cl:
                        n += 1
                elif not COMMENT.search(line[1:]):
                    n += 1
            old += 1
        elif line.startswith(" "):
            old += 1
    return n


args = sys.argv[1:]
if args[:1] == ["--tree"]:
    TREE, args = args[1], args[2:]
series = defaultdict(list)
for p in args:
    d = p.rsplit("/", 1)[0]
    series[d].append(p)
for d, ps in sorted(series.items()):
    cover = [p for p in ps if p.endswith("0000-cover-letter.patch")]
    info = {}
    for p in sorted(ps):
        if p in cover:
            continue
        info[p] = check_patch(p)
    for cp in cover:
        _, body, _, _ = parse(cp)
        flat = " ".join(body.split())
        kinds = defaultdict(int)
        for subject, ev, diff in info.values():
            for e in ev:
                kinds["strings" if "in strings" in subject else
                      "archived" if e[2] == "archived" else
                      "upgrade" if e[2] == "upgrade" else "moved"] += 1
        for k in ("moved", "upgrade", "archived", "strings"):
            m = re.search(r"^  %s: +(\d+)$" % k, body, re.M)
            if m:
                claim(cp, int(m.group(1)) == kinds[k], "%s: %s, the patches %d" % (k, m.group(1), kinds[k]))
        if "Only comments and documentation change." in flat:
            n = sum(code_lines(diff) for _, _, diff in info.values())
            claim(cp, n == 0, "'only comments and documentation' but %d code lines change" % n)
print("claims_checked: %d" % checked)
print("claims_contradicted: %d" % len(bad))
print("dead_on_fewer_than_3_checks: %d" % few)
for p, whats in list(bad.items())[:10]:
    print("  %s: %s" % (p.rsplit("/", 2)[-1], "; ".join(whats[:3])))
