#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Check the test web against the truth web-gen.py wrote about successors.

usage: truth-check.py TRUTH CACERT [N]   (inside the test web: tests/web/exec)

For every URL the truth gives a successor (at most N of them, spread
over the file, when N is given): the successor answers 200 itself (no
redirect) and, for a moved site's fate (MOVES) when the archive has a
good capture of the old URL, the last one's title and text (<h1>, <p>)
are the successor's.  For every
catchall-home host, a random path redirects where its dead URLs do.
Prints each failure and a "name: value" summary; exits 1 on a failure.
"""
import json
import re
import ssl
import sys
import urllib.error
import urllib.parse
import urllib.request

MOVES = ("restructured", "renamed", "forge", "acquired", "catchall-home")
truth, cacert = sys.argv[1:3]
limit = int(sys.argv[3]) if len(sys.argv) > 3 else 0
ctx = ssl.create_default_context(cafile=cacert)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *a, **k):
        return None


opener = urllib.request.build_opener(
    urllib.request.ProxyHandler({}), urllib.request.HTTPSHandler(context=ctx),
    NoRedirect)


def get(url):
    """(status, Location, body) of one request."""
    try:
        with opener.open(url, timeout=10) as r:
            return r.status, r.headers.get("Location"), r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Location"), e.read().decode("utf-8", "replace")


def content(body):
    """The page's title and text, its footer left out."""
    t = re.search(r"<title>(.*?)</title>", body, re.S)
    text = re.findall(r"<(h1|p)>(.*?)</\1>", body, re.S)
    return (t.group(1) if t else None), tuple(x[1] for x in text)


def last_capture(url):
    q = urllib.parse.urlencode({"url": url, "output": "json",
                                "filter": "statuscode:200", "limit": "-1",
                                "fl": "timestamp,original"})
    st, _, body = get("http://web.archive.org/cdx/search/cdx?" + q)
    rows = json.loads(body) if st == 200 and body.strip() else []
    if len(rows) < 2:
        return None
    ts, orig = rows[-1]
    st, _, body = get(f"http://web.archive.org/web/{ts}id_/{orig}")
    return body if st == 200 else None


rows = [l.rstrip("\n").split("\t") for l in open(truth)]
with_succ = [r for r in rows if len(r) > 4 and r[4] != "-"]
if limit and len(with_succ) > limit:
    step = len(with_succ) / limit
    with_succ = [with_succ[int(i * step)] for i in range(limit)]
bad = checked = matched = uncaptured = 0
for url, exp, fate, cap, succ in (r[:5] for r in with_succ):
    checked += 1
    st, loc, body = get(succ)
    if st != 200:
        bad += 1
        print(f"not served: {succ} ({st} {loc or ''}) for {url}")
        continue
    old = last_capture(url) if fate in MOVES else None
    if old is None:
        uncaptured += 1
        continue
    a, b = content(old), content(body)
    if a != b or a[0] is None:
        bad += 1
        print(f"content differs: {url} {a} -> {succ} {b}")
        continue
    matched += 1
# A catch-all site sends a path it never had where it sends its old ones.
hosts = sorted({urllib.parse.urlsplit(r[0]).hostname for r in rows
                if r[2] == "catchall-home"})
catchall_ok = 0
for host in hosts:
    st, loc, _ = get(f"http://{host}/linkmend-truth-check-7f3a")
    old = [get(r[0])[:2] for r in rows if r[2] == "catchall-home" and
           r[1] == "dead" and urllib.parse.urlsplit(r[0]).hostname == host
           and r[0].startswith("http")][:3]
    if st == 301 and loc and all(o == (301, loc) for o in old):
        catchall_ok += 1
    else:
        bad += 1
        print(f"not a catch-all: {host} ({st} {loc})")
print(f"successors_checked: {checked}")
print(f"successors_matching_last_capture: {matched}")
print(f"successors_without_capture: {uncaptured}")
print(f"catchall_hosts_redirecting: {catchall_ok} of {len(hosts)}")
print(f"failures: {bad}")
sys.exit(1 if bad else 0)
