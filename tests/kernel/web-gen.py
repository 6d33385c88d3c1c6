#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Generate the kernel test web: a fate for every host that scan found.

usage: web-gen.py STORE SEED SCENARIO TRUTH

Every host gets a fate from a hash of the seed and its name, so the same
seed gives the same web.  Writes the scenario for tests/web/up and the
truth, one line per checkable URL: url, expected (alive, moved, dead),
the fate, and whether the Wayback double has a good capture of it.
Prints the fates and their shares.
"""
import hashlib
import re
import sqlite3
import sys
import urllib.parse
from collections import Counter

store, seed, scen_path, truth_path = sys.argv[1:5]

FATES = [  # (name, share in percent)
    ("live", 58), ("nxdomain", 12), ("moved", 7), ("root-redirect", 5),
    ("gone-paths", 6), ("soft404", 3), ("https-upgrade", 4),
    ("rate-limited", 2), ("slow", 3),
]


# The kernel's core hosts (src/url/infra.c): linkmend stops the run when
# one of them is unreachable, as the real ones are not.
CORE = {"kernel.org", "www.kernel.org", "git.kernel.org", "lore.kernel.org",
        "patchwork.kernel.org", "bugzilla.kernel.org", "docs.kernel.org"}


def h(*parts):
    return int(hashlib.sha256(("\0".join((seed,) + parts)).encode()).hexdigest(), 16)


def fate_of(host):
    r = h("fate", host) % 100
    for name, share in FATES:
        if r < share:
            return name
        r -= share
    return "live"


db = sqlite3.connect(store)
rows = db.execute(
    "SELECT u.url, u.host FROM url u WHERE EXISTS (SELECT 1 FROM occurrence o"
    " WHERE o.url_id = u.id AND o.context NOT IN ('identifier', 'license')"
    # The scanner's flag bits (src/lib/vocab.h): truncated 2, placeholder 4,
    # example 8, invalid 32 -- URLs that are never requested.
    " AND (o.flags & 46) = 0)"
    " ORDER BY u.url").fetchall()

scen = ["# The kernel test web, seed %s: one fate per host." % seed]
truth = []
hosts = {}
for url, host in rows:
    hosts.setdefault(host, []).append(url)
fates = Counter()
declared = set()


def path_of(u):
    s = urllib.parse.urlsplit(u)
    return (s.path or "/") + ("?" + s.query if s.query else "")


born = set()


def capture(url, dead_fate):
    """Most dead URLs have captures; some also have a bad one nearer 2022.

    Each host's home page is first captured in a year of its own: a
    capture of a URL before it is another site's, and linkmend must not
    offer it (its evidence then says how many it left out).
    """
    if h("capture", url) % 100 >= 85:
        return False
    host = urllib.parse.urlsplit(url).hostname or ""
    if host not in born:
        born.add(host)
        scen.append("archive http://%s/ %04d0101120000 200"
                    % (host, 1996 + h("born", host) % 10))
    year = 1996 + h("year", url) % 27
    ts = "%04d%02d%02d120000" % (year, 1 + h("m", url) % 12, 1 + h("d", url) % 28)
    orig = url.split("#")[0]
    scen.append(f"archive {orig} {ts} 200")
    if h("bad", url) % 100 < 15:
        scen.append(f"archive {orig} {min(year + 1, 2022):04d}0601120000 "
                    f"{302 if h('b2', url) % 2 else 404}")
    return True


for host in sorted(hosts):
    urls = hosts[host]
    f = fate_of(host)
    if host in ("web.archive.org", "archive.org"):
        f = "wayback"
    elif host in CORE:
        f = "live"      # the project's own: down means the network is
    fates[f] += 1
    for url in urls:
        s = urllib.parse.urlsplit(url)
        p = path_of(url)
        odd = s.scheme == "ftp" or s.port not in (None, 80, 443) or \
            re.fullmatch(r"[0-9.]+|\[.*\]", host)
        if odd:                 # nothing listens there in the test web
            truth.append((url, "dead", "unreachable", capture(url, f)))
            continue
        if f == "wayback":
            m = re.match(r"^/web/(\d{4,14})(?:id_|if_)?/(.+)$", p)
            if m:
                ts = (m.group(1) + "00000000000000")[:14]
                scen.append(f"archive {m.group(2)} {ts} 200")
                truth.append((url, "alive", f, False))
            else:
                truth.append((url, "dead", f, False))
            continue
        if f == "nxdomain":
            truth.append((url, "dead", f, capture(url, f)))
            continue
        declared.add(host)
        if f == "live" or f == "slow":
            scen.append(f"{host} {p} 200 page {h('body', url) % 1000000} of {host}")
            truth.append((url, "alive", f, False))
        elif f == "rate-limited":
            scen.append(f"{host} {p} rate-limit 1 1")
            truth.append((url, "alive", f, False))
        elif f == "moved":
            new = "new." + host
            target = urllib.parse.urlunsplit((s.scheme, new, s.path, s.query, ""))
            scen.append(f"{host} {p} 301 {target}")
            scen.append(f"{new} {p} 200 page {h('body', url) % 1000000} moved from {host}")
            truth.append((url, "moved" if p != "/" else "moved", f, False))
        elif f == "root-redirect":
            # The root itself, query or not, is the page everything goes to.
            if s.path in ("", "/"):
                truth.append((url, "alive", f, False))
            else:
                truth.append((url, "dead", f, capture(url, f)))
        elif f == "gone-paths":
            scen.append(f"{host} {p} {404 if h('g', url) % 2 else 410}")
            truth.append((url, "dead", f, capture(url, f)))
        elif f == "soft404":
            truth.append((url, "dead", f, capture(url, f)))
        elif f == "https-upgrade":
            scen.append(f"{host} {p} 200 page {h('body', url) % 1000000} of {host}")
            # The same page over https: alive, no move to propose.
            truth.append((url, "alive", f, False))
    if f == "slow":
        scen.append(f"{host} latency 200-400")
    elif f == "root-redirect":
        scen.append(f"{host} root-redirect")
        scen.append(f"{host} / 200 the home page of {host}")
    elif f == "soft404":
        scen.append(f"{host} soft404")
    elif f == "https-upgrade":
        scen.append(f"{host} https-only")
    elif f in ("gone-paths", "rate-limited", "live", "moved") and host not in declared:
        scen.append(f"{host}")

with open(scen_path, "w") as o:
    o.write("\n".join(scen) + "\n")
with open(truth_path, "w") as o:
    for url, exp, f, cap in truth:
        o.write(f"{url}\t{exp}\t{f}\t{'capture' if cap else '-'}\n")
total = sum(fates.values())
print("kernel web: %d hosts, %d URLs; fates:" % (total, len(truth)))
for name, n in fates.most_common():
    print("  %-14s %5d  %4.1f%%" % (name, n, 100.0 * n / total))
