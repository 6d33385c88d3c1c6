#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Living pages told by their captures (issue 44), against the truth.

usage: living.py STORE TRUTH

The truth's last column says what a dead page's captures show on the
test web (web-gen.py, capture()): fixed (one content), noisy (a fixed
HTML article whose captures differ by a date-and-ad line) or living
(rewritten over the years).  Resolve's evidence for an archived copy
says what it read in them: "... an archived copy would freeze it"
(living), "kept one content" or "not their text" (fixed), or nothing.
Read from the store alone; no code shared with linkmend's rules.
Prints, per truth kind, the dead pages archived and what the evidence
said, then living_precision (of the pages told living, the truth's
living) and living_recall (of the truth's living pages archived, told
living).  A living page whose other captures are not offered (older
than its site's first capture or than the date its address gives: the
web's years are drawn without them) has one copy left and is told
nothing: it counts as missed.
"""
import sqlite3
import sys
from collections import Counter

store, truth_path = sys.argv[1:3]
kind = {}
for line in open(truth_path, encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    if len(f) > 5 and f[1] == "dead" and f[5] != "-":
        kind[f[0]] = f[5]
if not kind:
    print("truth: names no page kinds (an older web-gen.py): nothing judged")
    sys.exit(0)


def told(ev):
    if "captures of " not in ev:
        return "nothing"
    if ": an archived copy would freeze it" in ev:
        return "living"
    if " kept one content " in ev or ", not their text (" in ev:
        return "fixed"
    return "nothing"


con = sqlite3.connect(store)
said = {}
for url, ev in con.execute(
        "SELECT u.url, r.evidence FROM resolution r JOIN url u ON"
        " u.id = r.url_id WHERE r.kind = 'archived'"):
    if url in kind:
        t = told(ev)
        # One page, several occurrences: living if any copy would freeze it.
        if said.get(url) != "living":
            said[url] = t
n = Counter((kind[u], t) for u, t in said.items())
for k in ("fixed", "noisy", "living"):
    tot = sum(v for (a, _), v in n.items() if a == k)
    print("%s: %d archived; told living %d, fixed %d, nothing %d"
          % (k, tot, n[(k, "living")], n[(k, "fixed")], n[(k, "nothing")]))
told_living = sum(v for (a, t), v in n.items() if t == "living")
ok = n[("living", "living")]
living = sum(v for (a, _), v in n.items() if a == "living")
print("living_precision: %.4f (%d of %d told living)"
      % (ok / told_living if told_living else 1.0, ok, told_living))
print("living_recall: %.4f (%d of %d living pages)"
      % (ok / living if living else 1.0, ok, living))
for u, t in sorted(said.items()):
    if t == "living" and kind[u] != "living":
        print("  told living, truth %s: %s" % (kind[u], u))
