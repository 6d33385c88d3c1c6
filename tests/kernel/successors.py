#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Successors a run found for dead links, by strategy, against the truth.

usage: successors.py STORE TRUTH [REPORT.json]

STORE is the run's SQLite store, TRUTH the file tests/kernel/web-gen.py
wrote (url, expected, fate, capture, successor).  The strategy of each
resolution is its "via": from REPORT.json (linkmend report --format json)
when given, else the store's resolution.via column, else its kind.
Nothing of linkmend's code is used: the figures are the store's and the
report's words against the truth's.

A dead link is one the truth says is dead and the run resolved.  Its
successor is the replacement of a resolution of kind moved, migrated,
canonical or upgrade (not archived, unresolved or a typo's guess); a URL whose
occurrences name two successors counts as one, wrong unless all match.
A successor is confirmed when it is the truth's (scheme, a trailing /
and the fragment aside).  Prints "name: value" lines:
  dead_links, dead_with_successor (share), successor_<via> (found,
  confirmed, precision; "-" for a strategy absent), successor_precision
  (1.0 required), successor_recall (confirmed of the truth's successors;
  and of those whose old page the archive has, which content can
  confirm), archived_share (of dead links, and of those with a true
  successor), suggestions (evidence "suggestion: URL": candidates
  refused), live_moves (the truth's "moved": live redirects), and the
  first wrong successors.
"""
import json
import re
import sqlite3
import sys
import urllib.parse
from collections import Counter, defaultdict

# The "via" tags of issue 45's strategies, in its order, then those of
# before; a "via" not listed is printed after them.
STRATEGIES = ["archive-redirect", "host-redirect",
              "archive-host-redirect", "site-search", "site-pattern",
              "tree-knows", "redirect", "migration", "lore", "upgrade"]
# A typo is a guess (a host one letter off): a suggestion, never a move.
SUCCESSOR_KINDS = {"moved", "migrated", "canonical", "upgrade"}

store, truth_path = sys.argv[1:3]
report = sys.argv[3] if len(sys.argv) > 3 else None

truth = {}
has_succ = False        # an older web-gen's truth names no successors
for line in open(truth_path, encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    has_succ = has_succ or len(f) > 4
    truth[f[0]] = (f[1], f[2], f[3], f[4] if len(f) > 4 and f[4] != "-" else None)


def norm(u):
    if not u:
        return u
    p = urllib.parse.urlsplit(u.split("#")[0])
    host = (p.hostname or "").lower()
    if p.port and p.port not in (80, 443):
        host += ":%d" % p.port
    path = p.path or "/"
    if len(path) > 1:
        path = path.rstrip("/")
    return host + path + ("?" + p.query if p.query else "")


# url -> [(kind, replacement, via)], one per occurrence; and evidence.
res = defaultdict(list)
evid = defaultdict(list)
if report:
    with open(report, encoding="utf-8") as f:
        rep = json.load(f)
    for link in rep.get("links", []):
        for occ in link.get("occurrences", []):
            r = occ.get("resolution")
            if not r:
                continue
            via = r.get("via") or link.get("via") or r.get("kind")
            res[link["url"]].append((r.get("kind"), r.get("replacement"), via))
            evid[link["url"]].append(r.get("evidence") or "")
else:
    con = sqlite3.connect(store)
    cols = {c[1] for c in con.execute("PRAGMA table_info(resolution)")}
    via = "r.via" if "via" in cols else "r.kind"
    for url, kind, repl, v, e in con.execute(
            "SELECT u.url, r.kind, r.replacement, %s, r.evidence FROM resolution r"
            " JOIN url u ON u.id = r.url_id" % via):
        res[url].append((kind, repl, v or kind))
        evid[url].append(e or "")

found = Counter()
confirmed = Counter()
wrong = []
dead = dead_succ = archived = guessed = suggested = sugg_true = 0
true_succ = true_succ_cap = hit = hit_cap = 0
arch_where_succ = 0
live_found = live_ok = live_truth = 0
for url, occs in sorted(res.items()):
    t = truth.get(url)
    if t is None:
        continue
    exp, fate, cap, succ = t
    succs = [(k, r, v) for k, r, v in occs if k in SUCCESSOR_KINDS and r]
    kinds = {k for k, _, _ in occs}
    if exp == "moved":
        live_truth += 1
        if succs:
            live_found += 1
            live_ok += all(norm(r) == norm(succ) for _, r, _ in succs)
        continue
    if exp != "dead":
        continue
    dead += 1
    guessed += "typo" in kinds
    if succ:
        true_succ += 1
        true_succ_cap += cap == "capture"
    if "archived" in kinds and not succs:
        archived += 1
        arch_where_succ += succ is not None
    # A candidate refused (content, home page, catch-all): a suggestion.
    sugg = {m.group(1) for e in evid[url]
            for m in re.finditer(r"suggestion: (\S+)", e)}
    if sugg:
        suggested += 1
        sugg_true += succ is not None and any(norm(x) == norm(succ) for x in sugg)
    if not succs:
        continue
    dead_succ += 1
    v = Counter(v for _, _, v in succs).most_common(1)[0][0]
    found[v] += 1
    ok = succ is not None and all(norm(r) == norm(succ) for _, r, _ in succs)
    if ok:
        confirmed[v] += 1
        hit += 1
        hit_cap += cap == "capture"
    else:
        wrong.append((v, url, sorted({r for _, r, _ in succs}), succ, fate))


def share(a, b):
    return "%.4f" % (a / b) if b else "-"


if not has_succ:
    print("truth: names no successors (an older web-gen.py): nothing confirmed")
print("dead_links: %d" % dead)
print("dead_with_successor: %d (%s)" % (dead_succ, share(dead_succ, dead)))
for v in STRATEGIES + sorted(set(found) - set(STRATEGIES)):
    if not found[v]:
        print("successor_%s: -" % v)
    else:
        print("successor_%s: %d found, %d confirmed, precision %s"
              % (v, found[v], confirmed[v], share(confirmed[v], found[v])))
print("successor_precision: %s (%d of %d)"
      % (share(hit, dead_succ) if dead_succ else "-", hit, dead_succ))
print("successor_recall: %s (%d of %d true successors; %s of the %d"
      " whose old page the archive has)"
      % (share(hit, true_succ), hit, true_succ, share(hit_cap, true_succ_cap),
         true_succ_cap))
print("archived_share: %s (%d of %d dead links; %s of the %d with a true"
      " successor)" % (share(archived, dead), archived, dead,
                       share(arch_where_succ, true_succ), true_succ))
print("suggestions: %d (candidates refused; %d of them the truth's"
      " successor)" % (suggested, sugg_true))
print("typo_suggestions: %d (guesses, not counted as successors)" % guessed)
print("live_moves: %d of %d found, %d the truth's" % (live_found, live_truth,
                                                      live_ok))
for v, url, got, want, fate in wrong[:20]:
    print("  wrong successor (%s, fate %s): %s -> %s (truth: %s)"
          % (v, fate, url, " ".join(got), want or "none"))
