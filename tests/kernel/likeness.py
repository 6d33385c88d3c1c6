#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Where the text likeness of a moved page lies: the threshold measured.

usage: likeness.py SCENARIO TRUTH

SCENARIO and TRUTH are tests/kernel/web-gen.py's.  For every dead URL
whose old page has a good capture with a body, its likeness (as
src/resolve/likeness.c computes it: the Jaccard index of the visible
text's three-word shingles, lowercased, tags, scripts, styles and the
title left out) to its true successor (the truth's), and to every other
page a candidate of it could be: each page the test web serves with 200
on its own host and on its successor's (another page of the site, a home
page, a catch-all's landing, a page that took the expected place), and
every other captured page of its host.  Prints the counts, the lowest
true likeness, the highest false one, and the thresholds that keep
precision 1.0 (none when the two overlap).
"""
import re
import sys
import urllib.parse
from collections import defaultdict

K = 3
MIN_SHINGLES = 8


def shingles(body):
    body = re.sub(r"(?is)<(script|style|title)\b.*?</\1\s*>", " ", body)
    body = re.sub(r"(?s)<[^>]*>", " ", body)
    body = re.sub(r"&[#A-Za-z0-9]*;?", " ", body)
    words = re.findall(rb"[A-Za-z0-9\x80-\xff]+", body.encode())
    words = [w.lower() for w in words]
    return {tuple(words[i:i + K]) for i in range(len(words) - K + 1)}


def jaccard(a, b):
    if len(a) < MIN_SHINGLES or len(b) < MIN_SHINGLES:
        return None
    return len(a & b) / len(a | b)


def key(u):
    p = urllib.parse.urlsplit(u)
    host = re.sub(r"^www\d*\.", "", (p.hostname or "").lower())
    path = (p.path or "/")
    if len(path) > 1:
        path = path.rstrip("/")
    return host + path + ("?" + p.query if p.query else "")


scen, truth_path = sys.argv[1:3]
served = {}                     # key -> body
by_host = defaultdict(list)     # host (no www) -> keys served 200
caps = {}                       # key -> last good capture's body
cap_ts = {}
cap_host = defaultdict(list)
for line in open(scen, encoding="utf-8"):
    f = line.rstrip("\n").split(" ")
    if f[0] == "archive" and len(f) > 4 and f[3] == "200" and \
            f[-1].startswith("body="):
        k = key(f[1])
        if f[2] >= cap_ts.get(k, ""):
            cap_ts[k] = f[2]
            caps[k] = f[-1][5:].replace("_", " ")
        cap_host[k.split("/")[0]].append(k)
    elif len(f) > 3 and f[0] != "archive" and f[2] == "200":
        k = key("http://%s%s" % (f[0], f[1]))
        served[k] = " ".join(f[3:]) + "\n"
        by_host[k.split("/")[0]].append(k)

true, false = [], []
for line in open(truth_path, encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    if f[1] != "dead" or len(f) < 5:
        continue
    k = key(f[0])
    if k not in caps:
        continue
    old = shingles(caps[k])
    succ = key(f[4]) if f[4] != "-" else None
    if succ and succ in served:
        s = jaccard(old, shingles(served[succ]))
        true.append((s, f[0]))
    hosts = {k.split("/")[0]} | ({succ.split("/")[0]} if succ else set())
    others = {o for h in hosts for o in by_host[h]} | \
        {o for o in cap_host[k.split("/")[0]] if o != k}
    for o in others:
        if o == succ:
            continue
        body = served.get(o) or caps.get(o)
        s = jaccard(old, shingles(body))
        false.append((s, f[0], o))

judged_t = [x for x in true if x[0] is not None]
judged_f = [x for x in false if x[0] is not None]
print("true successors: %d (%d with text enough to judge)" % (len(true), len(judged_t)))
print("other pages compared: %d (%d with text enough to judge)" % (len(false), len(judged_f)))
if judged_t:
    lo = min(judged_t)
    print("lowest true likeness: %.3f (%s)" % lo)
if judged_f:
    hi = max(judged_f)
    print("highest false likeness: %.3f (%s vs %s)" % hi)
if judged_t and judged_f:
    if hi[0] < lo[0]:
        print("thresholds with precision 1.0: (%.3f, %.3f]" % (hi[0], lo[0]))
    else:
        n = sum(1 for x in judged_f if x[0] >= lo[0])
        print("overlap: %d other pages at or above the lowest true likeness" % n)
