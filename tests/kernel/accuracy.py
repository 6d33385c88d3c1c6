#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Dead-link precision and recall of a run, against the test web's truth.

usage: accuracy.py STORE TRUTH

STORE is the run's SQLite store, TRUTH the file web-gen.py wrote (url,
expected, fate, capture, successor).  Prints "name: value" lines: true
and false positives and negatives, precision, recall, live URLs rewritten,
identifier or licence URLs rewritten, checks by verdict, resolutions by
kind.  Used by make e2e and bench/trees.sh.
"""
import sqlite3
import sys

db, truth = sys.argv[1:3]
t = {}
for line in open(truth):
    url, exp, fate, cap = line.rstrip("\n").split("\t")[:4]
    t[url] = exp
con = sqlite3.connect(db)
fail = {"gone", "soft-404", "dns", "dns-error", "refused", "timeout", "tls",
        "server-error", "parked"}
got = dict(con.execute(
    "SELECT u.url, c.verdict FROM url u JOIN checks c ON c.url_id = u.id"
    " WHERE c.at = (SELECT max(at) FROM checks d WHERE d.url_id = u.id)"))
tp = sum(1 for u, v in got.items() if v in fail and t.get(u) == "dead")
fp = sum(1 for u, v in got.items() if v in fail and t.get(u) != "dead")
fn = sum(1 for u, e in t.items() if e == "dead" and got.get(u) not in fail)
print("dead_true_positives: %d" % tp)
print("dead_false_positives: %d" % fp)
print("dead_false_negatives: %d" % fn)
print("precision: %.4f" % (tp / (tp + fp) if tp + fp else 1.0))
print("recall: %.4f" % (tp / (tp + fn) if tp + fn else 1.0))
# No live URL rewritten: every replaced URL is dead or moved in the truth.
live_touched = [u for (u,) in con.execute(
    "SELECT DISTINCT u.url FROM resolution r JOIN url u ON u.id = r.url_id"
    " WHERE r.kind != 'unresolved'") if t.get(u) == "alive"]
print("live_urls_rewritten: %d" % len(live_touched))
for u in live_touched[:10]:
    print("  live but rewritten: " + u)
bad = con.execute(
    "SELECT count(*) FROM resolution r JOIN occurrence o ON o.path = r.path"
    " AND o.start = r.start WHERE r.kind != 'unresolved'"
    " AND o.context IN ('identifier', 'license')").fetchone()[0]
print("identifier_or_license_rewritten: %d" % bad)
for k, n in con.execute("SELECT verdict, count(*) FROM checks GROUP BY verdict ORDER BY 2 DESC"):
    print("verdict_%s: %d" % (k, n))
for k, n in con.execute("SELECT kind, count(*) FROM resolution GROUP BY kind ORDER BY 2 DESC"):
    print("resolved_%s: %d" % (k, n))
