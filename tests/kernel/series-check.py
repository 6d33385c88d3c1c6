#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The series as a maintainer receives it, judged with none of linkmend's
code: the tree's own scripts/get_maintainer.pl on every patch.

usage: series-check.py TREE SERIES-DIR

Prints "name: value" figures:
  recipients_match_get_maintainer  patches whose To+Cc are exactly what
      get_maintainer.pl --no-git --no-git-fallback --no-rolestats prints
  patches_without_to               patches with no To: header
  duplicate_summaries              patches whose summary (the subject
      without its [PATCH ...] tag) another patch has too
  series_spanning_trees            directories (series) whose patches have
      no tree (get_maintainer.pl --scm) in common
  message_lines_over_75            commit-message lines over 75 columns,
      but a URL alone (or after its "->"), or a place alone ("path:line:",
      a path longer than that cannot be shorter)
  messages_without_base_commit     cover letters and patches with no
      "base-commit: HASH" line
  covers_without_all_recipients    cover letters missing a recipient of
      one of their patches
then the first differences.
"""
import concurrent.futures
import os
import re
import subprocess
import sys

tree, top = sys.argv[1], sys.argv[2]
GM = ["perl", "scripts/get_maintainer.pl", "--no-git", "--no-git-fallback", "--no-rolestats"]
# A URL alone (or after its "->"), or a link's place alone ("path:line:"):
# nothing shorter exists.
EVIDENCE = re.compile(r"^(\S+:\d+: |  )(moved|archived|upgrade|canonical):( |$)", re.M)
# Or a URL after its place in a folder ("dir/file.c:12: URL", "...: ->
# NEW"): checkpatch.pl's own "filename then :" lines, which may run long.
URL_LINE = re.compile(r"^(  (-> )?[a-z]+://\S+|\S+:\d+:|\S*/\S*:\d+: (-> )?[a-z]+://\S+)$")


def header(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    head, _, body = text.partition("\n\n")
    head = re.sub(r"\n[ \t]+", " ", head)
    fields = {}
    for line in head.splitlines():
        k, _, v = line.partition(": ")
        fields.setdefault(k, []).append(v)
    return fields, body


def mail(addr):
    m = re.search(r"<([^>]+)>", addr)
    return (m.group(1) if m else addr.split()[0]).lower()


# Sections that match equally deep come out in Perl's hash order, which
# changes from run to run (ACPI and ACPICA both list tools/power/acpi/,
# with two addresses of one person: either is "what get_maintainer.pl
# prints"); series fixes the seed, and so does this check.
GM_ENV = dict(os.environ, PERL_HASH_SEED="0", PERL_PERTURB_KEYS="0")


try:
    _doc = open(os.path.join(tree, "Documentation/process/submitting-patches.rst"),
                encoding="utf-8", errors="replace").read()
    _m = re.search(r"\(([^()\s]+@[^()\s]+)\)\s+serves\s+as\s+a\s+maintainer\s+of\s+last\s+resort", _doc)
    LAST_RESORT = _m.group(1).lower() if _m else None
except OSError:
    LAST_RESORT = None


def gm(patch):
    out = subprocess.run(GM + ["--scm", patch], cwd=tree, capture_output=True, text=True,
                         env=GM_ENV).stdout
    people, scm, person = set(), set(), False
    for line in out.splitlines():
        if re.match(r"^(git|quilt|hg|stgit|topgit) ", line):
            scm.add(line.strip())
        elif "@" in line:
            people.add(mail(line))
            person = person or "<" in line
    # Where it names no person, the maintainer of last resort the tree's
    # submitting-patches.rst names is To as well.
    if not person and LAST_RESORT:
        people.add(LAST_RESORT)
    return people, scm


series = {}
for d, _, files in os.walk(top):
    for f in sorted(files):
        if f.endswith(".patch"):
            series.setdefault(d, []).append(os.path.join(d, f))
patches = [p for ps in series.values() for p in ps if not p.endswith("0000-cover-letter.patch")]
with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
    got = dict(zip(patches, ex.map(gm, patches)))

# MAINTAINERS section titles: a line before a section's first "X:\t".
titles = set()
try:
    prev = None
    for line in open(os.path.join(tree, "MAINTAINERS"), encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        if re.match(r"^[A-Z]:\t", line) and prev and not re.match(r"^[A-Z]:\t", prev):
            if len(prev) >= 3 and prev.upper() == prev and re.search(r"[A-Z]{3}", prev):
                titles.add(prev.strip())
        prev = line
except OSError:
    pass
VERB = re.compile(r"\b(update|replace|use|Update|Replace|Use) ")

match, no_to, long_lines, spanning, covers, ev_above = 0, 0, 0, 0, 0, 0
over_75, titled = 0, 0
diffs, summaries = [], {}
for p in patches:
    h, body = header(p)
    have = {mail(a) for k in ("To", "Cc") for a in h.get(k, [])}
    want = got[p][0]
    if have == want:
        match += 1
    elif len(diffs) < 10:
        diffs.append("%s: missing %s, extra %s" % (p[len(top) + 1:], sorted(want - have), sorted(have - want)))
    if not any("<" in a for a in h.get("To", [])):
        no_to += 1
    subj = re.sub(r"^\[[^]]*\] ", "", " ".join(h.get("Subject", [""])))
    summaries.setdefault(subj, []).append(p)
    # The commit's subject (what git log shows): prefix and summary.
    over_75 += len(subj) > 75
    v = VERB.search(subj)
    summary = subj[v.start():] if v else subj
    titled += any(t in summary for t in titles)
    msg = body.split("\n---\n", 1)[0]
    long_lines += sum(1 for l in msg.splitlines() if len(l) > 75 and not URL_LINE.match(l))
    # A link's evidence ("KIND: ..." after its place, or indented alone)
    # belongs below the "---" line, where git am leaves it out.
    ev_above += bool(EVIDENCE.search(msg))
for d, ps in series.items():
    own = [p for p in ps if not p.endswith("0000-cover-letter.patch")]
    trees = [got[p][1] for p in own]
    if trees and not set.intersection(*trees):
        spanning += 1
        diffs.append("%s spans trees: %s" % (d[len(top) + 1:], [sorted(t)[:2] for t in trees[:3]]))
    for c in ps:
        if c.endswith("0000-cover-letter.patch"):
            h, _ = header(c)
            have = {mail(a) for k in ("To", "Cc") for a in h.get(k, [])}
            need = set().union(*[got[p][0] for p in own])
            if not need <= have:
                covers += 1
no_base = sum(1 for ps in series.values() for p in ps
              if not re.search(r"^base-commit: [0-9a-f]{40}$", open(p, errors="replace").read(), re.M))
dups = sum(len(v) for v in summaries.values() if len(v) > 1)
print("recipients_match_get_maintainer: %d of %d" % (match, len(patches)))
print("patches_without_to: %d" % no_to)  # no person in To:
print("duplicate_summaries: %d" % dups)
print("series_spanning_trees: %d of %d" % (spanning, len(series)))
print("message_lines_over_75: %d" % long_lines)
print("messages_without_base_commit: %d" % no_base)
print("covers_without_all_recipients: %d" % covers)
print("messages_with_evidence_above_cut: %d" % ev_above)
print("subjects_over_75: %d" % over_75)
print("summaries_with_maintainers_title: %d" % titled)
for d in diffs[:10]:
    print("  " + d)
