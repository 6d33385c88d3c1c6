#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Generate the kernel test web: a fate for every host that scan found.

usage: web-gen.py STORE SEED SCENARIO TRUTH

Every host gets a fate from a hash of the seed and its name, so the same
seed gives the same web.  Writes the scenario for tests/web/up and the
truth, one line per checkable URL: url, expected (alive, moved, dead),
the fate, whether the Wayback double has a good capture of it, its
true successor (the URL where the same page lives now, or "-"), and what
its captures show (capture()): fixed, noisy (a fixed HTML article whose
captures differ by a date line), living (rewritten over the years), or
"-" with no capture.
Prints the fates and their shares.

Some live hosts instead moved, in the shapes upstream's moves took (issue
45: 6.1 -> 6.12 replaced 159 dead documentation links by new locations):
a site restructured (same host, new path, the last segment kept or not:
a prefix added or the first segment renamed),
a host renamed (its root redirects, now or in its last captures, to the
new host; the same path or the same last segment there), a project moved
to a forge (new host, new path, title kept), an organisation acquired (a
new organisation's site, new paths).  The archive saw some of those moves
as 301s (some as 302s) before the redirects went away.  Two refusals are
modelled too: a site that sends every path, a random one too, to one
page (homepage.html, /en/welcome or /portal/: never a move, whatever its
name; the archive may have seen those 301s as well), and a candidate at
the expected place that serves another page (never a move).  A successor in the truth always
serves the old page's last good capture's title and text.

No capture is older than its page (births()): a URL the tree first
cited in year Y (its git history, one git log -p; in a tree of one
commit, its file's first copyright year) is first captured in Y-3 to Y
or later, one whose path names a date not before it; a URL with neither
keeps captures from 1996.  The tree is the store's (its root).
"""
import calendar
import hashlib
import html
import os
import re
import sqlite3
import subprocess
import sys
import time
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


# Carved out of "live" (10 of its 58 points) so that every other fate
# keeps its hosts: site moves, by the shapes of the table.
MOVES = [("restructured", 3), ("renamed", 2), ("forge", 2), ("acquired", 1),
         ("catchall-home", 2)]


def fate_of(host):
    r = h("fate", host) % 100
    for name, share in FATES:
        if r < share:
            break
        r -= share
    else:
        name = "live"
    if name == "live":
        r = h("move", host) % 58
        for m, share in MOVES:
            if r < share:
                return m
            r -= share
    return name


db = sqlite3.connect(store)
rows = db.execute(
    "SELECT u.url, u.host FROM url u WHERE EXISTS (SELECT 1 FROM occurrence o"
    " WHERE o.url_id = u.id AND o.context NOT IN ('identifier', 'license')"
    # The scanner's flag bits (src/lib/vocab.h): truncated 2, placeholder 4,
    # example 8, invalid 32 -- URLs that are never requested.
    " AND (o.flags & 46) = 0)"
    " ORDER BY u.url").fetchall()



# When each page could first be captured: no archive holds a page before
# it existed (a 1996 capture of a 2019 page reads as fake).  A page is
# born no later than the year the tree first cited it, minus a lead of 0
# to 3 years (it was some time on the web before), or at a date its URL
# names (/2019/04/, 2019-04-23): that one is its birth.  The year the
# tree first cited it comes from one reading of the history, git log -p
# of the files that cite URLs now (the earliest commit whose added lines
# hold the URL as written); a tree of one commit (the kernel of make
# demo) has no history, so its file's earliest copyright year stands in;
# a URL with neither keeps the captures of before (from 1996).
def tree_root():
    r = db.execute("SELECT root FROM tree ORDER BY id LIMIT 1").fetchone()
    return r[0] if r and r[0] and os.path.isdir(r[0]) else None


def git(root, *args):
    """git's output in root, or None when it fails (no repository)."""
    try:
        return subprocess.run(["git", "-C", root] + list(args),
                              capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None


def frac_year(secs):
    t = time.gmtime(secs)
    return t.tm_year + (t.tm_yday - 1) / 366.0


def cited_years(root, texts):
    """{URL as written: the year of the commit that first added it}, from
    one git log -p of the files in texts ({path: set of texts}).  A blob
    the fetched copy lacks ends git's reading early: the years read so far
    stand."""
    p = subprocess.Popen(["git", "-C", root, "-c", "core.quotepath=off",
                          "log", "--reverse", "--no-renames", "--relative",
                          "--format=C %at",
                          "-p", "-U0", "--no-color", "--no-ext-diff",
                          "--src-prefix=a/", "--dst-prefix=b/", "HEAD",
                          "--"] + sorted(texts), stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL)
    years, year, cur = {}, None, ()
    for raw in p.stdout:
        if raw.startswith(b"C "):
            year = time.gmtime(int(raw[2:])).tm_year
        elif raw.startswith(b"+++ "):
            # git ends a name that has a space with a tab.
            name = raw[4:].rstrip(b"\n").rstrip(b"\t").decode("utf-8",
                                                               "replace")
            cur = texts.get(name[2:], ()) if name.startswith("b/") else ()
        elif raw.startswith(b"+") and cur and year:
            # As the scanner reads it too: rst's and markdown's escapes
            # (l2\_l3) and HTML's entities left out.
            line = raw.decode("utf-8", "replace")
            forms = (line, line.replace("\\", ""), html.unescape(line))
            for t in cur:
                if t not in years and any(t in f for f in forms):
                    years[t] = year
    p.wait()
    return years


COPYRIGHT = re.compile(r"(?i)copyright\b.*")
YEAR = re.compile(r"(?<!\d)(19[6-9]\d|20[0-4]\d)(?!\d)")


def copyright_year(root, path, cache={}):
    """The earliest year on the file's copyright lines, or None."""
    if path not in cache:
        years = []
        try:
            with open(os.path.join(root, path), errors="replace") as f:
                for line in f:
                    for m in COPYRIGHT.finditer(line):
                        years += [int(y) for y in YEAR.findall(m.group(0))]
        except OSError:
            pass
        cache[path] = min(years) if years else None
    return cache[path]


URL_DATE = re.compile(r"(?<![\d])(19[89]\d|20[0-4]\d)([-/_])(0[1-9]|1[0-2])"
                      r"(?:\2(0[1-9]|[12]\d|3[01]))?(?!\d)|"
                      r"/(19[89]\d|20[0-4]\d)(?=/)")


def url_date(url):
    """A date the URL's path names, as a fractional year, or None."""
    s = urllib.parse.urlsplit(url)
    m = URL_DATE.search(s.path + ("?" + s.query if s.query else ""))
    if not m:
        return None
    if m.group(5):
        return float(m.group(5))
    return int(m.group(1)) + (int(m.group(3)) - 1) / 12.0 + \
        (int(m.group(4) or 1) - 1) / 366.0


def births():
    """{capture key: the page's birth, a fractional year}, and the tree's
    top (its HEAD's date): what dated the URLs is printed."""
    root = tree_root()
    occ = db.execute(
        "SELECT u.url, o.path, o.text FROM url u JOIN occurrence o"
        " ON o.url_id = u.id WHERE o.context NOT IN ('identifier', 'license')"
        " AND (o.flags & 46) = 0").fetchall()
    top = 2023.0
    cited = {}
    history = False
    if root:
        head = git(root, "log", "-1", "--format=%at", "HEAD")
        # Commits of the tree itself, not of a repository around it.
        count = git(root, "rev-list", "--count", "HEAD", "--", ".")
        if head and count and int(count) > 1:
            history = True
            top = max(top, frac_year(int(head)))
            texts = {}
            for _, path, text in occ:
                texts.setdefault(path, set()).add(text)
            cited = cited_years(root, texts)
    out = {}
    how = Counter()
    for url, path, text in occ:
        y, by = cited.get(text), "history"
        if y is None and root and not history:
            y, by = copyright_year(root, path), "copyright"
        d = url_date(url)
        if d is not None:
            b = min(d, y + 1.0) if y is not None else d
            by = "url date"
        elif y is not None:
            b = float(y - h("lead", url) % 4)
        else:
            b, by = 1996.0, "none"
        how[by] += 1
        k = capture_key(url)
        b = max(b, 1996.0)
        if k not in out or b < out[k]:
            out[k] = b
    return out, top, how


def ts_year(ts):
    """A 14-digit stamp as a fractional year."""
    y = int(ts[:4])
    t0 = calendar.timegm((y, 1, 1, 0, 0, 0))
    t1 = calendar.timegm((y + 1, 1, 1, 0, 0, 0))
    t = calendar.timegm((y, int(ts[4:6]), int(ts[6:8]), 12, 0, 0))
    return y + (t - t0) / (t1 - t0)


def year_ts(t):
    y = int(t)
    t0 = calendar.timegm((y, 1, 1, 0, 0, 0))
    t1 = calendar.timegm((y + 1, 1, 1, 0, 0, 0))
    return time.strftime("%Y%m%d", time.gmtime(t0 + (t - y) * (t1 - t0))) + \
        "120000"


def when(key, ts):
    """A capture's stamp ts, drawn in 1996-2022, moved into the life of
    the page of capture key: 1996-2023 mapped onto its birth to the
    tree's top (2023, or later for a tree that goes on), linearly, so
    that the captures of a page keep their order.  A page with no birth
    keeps ts."""
    b = BIRTH.get(key)
    if b is None or b <= 1996.0:
        return ts
    e = max(2023.0, min(b + 1.0, TOP))
    if e <= b:
        e = b + 0.01
    return year_ts(b + (ts_year(ts) - 1996.0) * (e - b) / (2023.0 - 1996.0))

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


kinded = []     # (key, index in scen, first capture?) of page= lines


def page_kind(url):
    """What a captured page is, by its key (webd.py's page=): most are
    fixed documents, one capture or many of the same bytes; some are HTML
    articles whose captures carry a date-and-ad line (noisy: their digests
    differ, their text does not); some are living pages, rewritten over
    the years (a FAQ, a listing, a mapping table in text).  Issue 44: a
    living page is not frozen to a copy."""
    r = h("kind", capture_key(url)) % 100
    if r < 8:
        return "living"
    if r < 20 and not re.search(r"\.(txt|pdf|ps|gz)$", path_of(url).lower()):
        return "noisy"
    return "fixed"


def capture_mime(url):
    p = path_of(url).lower()
    return "text/plain" if p.endswith(".txt") else \
        "application/pdf" if p.endswith(".pdf") else "text/html"


def capture(url, dead_fate):
    """Most dead URLs have captures; some also have a bad one nearer 2022.

    Each host's home page is first captured in a year of its own: a
    capture of a URL before it is another site's, and linkmend must not
    offer it (its evidence then says how many it left out).  A living or
    noisy page is captured again later (a living one in between too),
    in 2024, after any line of the tree was written: the copy linkmend
    would offer is then never the latest.  Returns the page's kind, or
    False when it has no capture.
    """
    if h("capture", url) % 100 >= 85:
        return False
    host = urllib.parse.urlsplit(url).hostname or ""
    if host not in born:
        born.add(host)
        scen.append("archive http://%s/ %s 200" % (host, when(
            capture_key(f"http://{host}/"),
            "%04d0101120000" % (1996 + h("born", host) % 10))))
    k = capture_key(url)
    year = 1996 + h("year", url) % 27
    ts = when(k, "%04d%02d%02d120000" % (year, 1 + h("m", url) % 12,
                                         1 + h("d", url) % 28))
    orig = url.split("#")[0]
    kind = page_kind(url)
    if kind == "fixed":
        scen.append(f"archive {orig} {ts} 200")
    else:
        # The last capture is in 2024, or the year after the first.
        last = "%04d0615120000" % max(2024, int(ts[:4]) + 1)
        later = [when(k, f"{year + 2:04d}0615120000")] \
            if kind == "living" and year + 2 < 2024 else []
        for t in [ts] + [t for t in later if ts < t < last] + [last]:
            kinded.append((k, len(scen), t == ts))
            scen.append(f"archive {orig} {t} 200 {capture_mime(url)} page={kind}")
    if h("bad", url) % 100 < 15:
        scen.append(f"archive {orig} {when(k, '%04d0601120000' % min(year + 1, 2022))} "
                    f"{302 if h('b2', url) % 2 else 404}")
    return kind


def final_fate(host):
    if host in ("web.archive.org", "archive.org"):
        return "wayback"
    if host in CORE:
        return "live"   # the project's own: down means the network is
    return fate_of(host)


host_fate = {host: final_fate(host) for host in hosts}
# Forges projects moved to: the tree's own when they are alive here.
FORGES = [f for f in ("github.com", "gitlab.com", "sourceforge.net",
                      "codeberg.org") if host_fate.get(f) in ("live", "slow")]
if not FORGES:
    FORGES = ["forge.linkmend-web.org"]
# Pages the site moves add: (host, path) -> body; the tree's own paths
# there are never taken.
added = {}
taken = {(urllib.parse.urlsplit(u).hostname or "", path_of(u))
         for u, _ in rows}


def capture_key(u):
    """The archive's key for u (tests/web/webd.py's norm(): SURT, scheme,
    www and a trailing / ignored): URLs with one key share captures."""
    p = urllib.parse.urlsplit(u)
    host = re.sub(r"^www\d*\.", "", (p.hostname or "").lower())
    path = (p.path or "/").lower()
    if len(path) > 1 and path.endswith("/"):
        path = path[:-1]
    q = "&".join(sorted(p.query.lower().split("&"))) if p.query else ""
    return ",".join(reversed(host.split("."))) + ")" + path + ("?" + q if q else "")


# URLs of one key share their captures, so a moved site's page decides by
# its key (hashes, body, successor).  A key two hosts share (www.x and x)
# has the captures of both fates: no successor its captures could confirm.
key_hosts = {}
for u, hst in rows:
    key_hosts.setdefault(capture_key(u), set()).add(hst)
ACQUIRERS = ["www.intellisys-group.com", "www.nexgen-semi.net",
             "www.avantek-global.com", "www.unicore-systems.com"]


def words(text):
    """Letters, digits and spaces: safe as scenario words and in HTML."""
    return " ".join(re.sub(r"[^A-Za-z0-9]+", " ", text).split()) or "index"


def last_seg(path):
    return path.rstrip("/").rsplit("/", 1)[-1]


def page(url, title):
    """The old page (url its capture key) as its last good capture has it."""
    return ("<html><head><title>%s</title></head><body><h1>%s</h1><p>Document"
            " %06d of %s.</p></body></html>"
            % (title, title, h("text", url) % 1000000, words(url.split(")")[0])))


def moved_page(body, where):
    """The same page on its new site: its title and text, a new footer."""
    return body.replace("</body>", "<footer>%s</footer></body>" % words(where))


def other_page(url):
    """What a candidate serves when it is not the page: another one."""
    t = "Release notes %d" % (h("other", url) % 1000)
    return ("<html><head><title>%s</title></head><body><h1>%s</h1><p>Nothing"
            " about the old page.</p></body></html>" % (t, t))


def stamp_of(url, key, lo, hi, page):
    """A stamp in lo-hi by url and key, in the life of page (when())."""
    y = lo + h(key, url) % (hi - lo + 1)
    return when(page, "%04d%02d%02d120000" % (y, 1 + h(key + "m", url) % 12,
                                              1 + h(key + "d", url) % 28))


def serve(host, path, body):
    """Declare a 200 at host/path: False if the path is the tree's own or
    already serves another page (the move then has no successor)."""
    if (host, path) in taken or added.get((host, path), body) != body:
        return False
    if (host, path) not in added:
        added[(host, path)] = body
        scen.append(f"{host} {path} 200 {body}")
    return True


def cap_page(url, body):
    """The old page's good captures (most pages): the last one is what a
    successor must match."""
    k = capture_key(url)
    if h("capture", k) % 100 >= 85:
        return False
    orig = url.split("#")[0]
    scen.append(f"archive {orig} {stamp_of(k, 'c1', 2004, 2012, k)} 200 {cap_body(body)}")
    if h("c2", k) % 2:
        scen.append(f"archive {orig} {stamp_of(k, 'c2', 2013, 2016, k)} 200 {cap_body(body)}")
    return True


def cap_body(body):
    """A capture's body as a scenario word (tests/web/README.md)."""
    assert "_" not in body and "=" not in body
    return "body=" + body.replace(" ", "_")


def cap_redirect(url, target):
    """The archive saw url redirect to target before the site died: most
    permanently, some with a 302 (a successor all the same, which a rule
    of permanent redirects only leaves out)."""
    status = 302 if h("302", capture_key(url)) % 100 < 20 else 301
    scen.append(f"archive {url.split('#')[0]} {stamp_of(capture_key(url), 'r', 2017, 2021, capture_key(url))} "
                f"{status} to={target}")


def move_host(host, urls, f):
    """A host whose site moved (MOVES).  Appends the scenario and truth."""
    r = h("style", host)
    if f == "renamed":
        base = re.sub(r"^www\d*\.", "", host)
        tld = base.rsplit(".", 1)[-1]
        new = base.rsplit(".", 1)[0] + (".org" if tld != "org" else ".net")
        while new in hosts or (new, "/") in added:
            new = "new-" + new
        root_live = r % 2           # the old root redirects now, or did
        same_path = (r >> 1) % 3 != 0
        # The old home page, as the root's captures have it, lives on as
        # the new host's.
        root_body = page(capture_key(f"http://{host}/"), "Home of " + words(host))
        scen.append(f"{new} / 200 " + moved_page(root_body, new))
        added[(new, "/")] = True
        if root_live:
            scen.append(f"{host} / 301 https://{new}/")
        else:
            rk = capture_key("http://%s/" % host)
            scen.append(f"archive http://{host}/ {stamp_of(host, 'rb', 1997, 2003, rk)} 200 {cap_body(root_body)}")
            cap_redirect(f"http://{host}/", f"https://{new}/")
    elif f == "restructured":
        keep = r % 3 != 0           # 13 of 24 upstream kept the segment
        prefix = ["/documentation", "/docs", "/wiki/en", "/content"][(r >> 2) % 4]
        # Or its first segment renamed, as 6.12 has github.com/awslabs/damo
        # -> github.com/damonitor/damo, git.linuxtv.org/media_tree.git/ ->
        # media.git/.
        rename = ["project", "community", "legacy", "archive"][(r >> 4) % 4] \
            if (r >> 6) % 2 else None
        new = host
        scen.append(f"{host} / 200 home of {words(host)}")
    elif f == "forge":
        forge = FORGES[r % len(FORGES)]
        proj = words(host.split(".")[0] if not host.startswith("www.") else host.split(".")[1]).replace(" ", "-").lower()
        org = proj.capitalize() + "Project"
        new = forge
    elif f == "acquired":
        new = ACQUIRERS[r % len(ACQUIRERS)]
        serve(new, "/homepage.html", "<html><head><title>Welcome</title></head><body>home</body></html>")
        serve(new, "/", "<html><head><title>Welcome</title></head><body>home</body></html>")
        catchall = r % 2            # the old host sends all to our home
        if catchall:
            scen.append(f"{host} catchall-to https://{new}/homepage.html")
    elif f == "catchall-home":
        new = host
        # The case is named homepage.html; a catch-all is never
        # a move whatever its target is named.
        home = ["/homepage.html", "/homepage.html", "/en/welcome", "/portal/"][r % 4]
        scen.append(f"{host} catchall-to {home}")
        scen.append(f"{host} {home} 200 <html><head><title>Home</title></head><body>home of {words(host)}</body></html>")
    for url in urls:
        s = urllib.parse.urlsplit(url)
        p = path_of(url)
        if s.scheme == "ftp" or s.port not in (None, 80, 443) or \
                re.fullmatch(r"[0-9.]+|\[.*\]", host):
            truth.append((url, "dead", "unreachable", capture(url, f)))
            continue
        ku = capture_key(url)
        seg = last_seg(s.path)
        name = urllib.parse.unquote(seg).rsplit(".", 1)[0]  # of the page
        root = s.path in ("", "/") and not s.query
        if len(key_hosts[ku]) > 1 and f != "catchall-home" and not (
                root and (f == "restructured" or (f == "renamed" and root_live))):
            # Its captures are another host's too: a page that went.
            if not root and (f == "restructured" or
                             (f == "renamed" and root_live)):
                scen.append(f"{host} {p} 404")
            truth.append((url, "dead", f, False, None))
            continue
        title = words(name if seg else host) + " " + words(host.split(".")[-2] if "." in host else host)
        if root:
            title = "Home of " + words(host)
        body = page(ku, title)
        succ, exp = None, "dead"
        u = h("url", ku) % 100
        if f == "catchall-home":
            if root:
                scen.append(f"{host} / 200 <html><head><title>Home</title></head><body>home of {words(host)}</body></html>")
                truth.append((url, "alive", f, False, None))
                continue
            cap = cap_page(url, body)
            if u < 40:
                cap_redirect(url, f"http://{host}{home}")
            truth.append((url, "dead", f, cap, None))
            continue
        if f == "restructured":
            if root:
                truth.append((url, "alive", f, False, None))
                continue
            scen.append(f"{host} {p} 404")
            cap = cap_page(url, body)
            if s.query:
                newp = None
            elif keep and rename and s.path.count("/") > 1:
                newp = "/" + rename + "/" + s.path.lstrip("/").split("/", 1)[1]
            elif keep:
                newp = prefix + s.path
            else:
                newp = prefix + "/" + words(name).replace(" ", "-").lower() + "/"
            if newp and u < 55:
                if serve(host, newp, moved_page(body, host)):
                    succ = urllib.parse.urlunsplit((s.scheme, host, newp, "", ""))
                    if u < 30 and cap:
                        cap_redirect(url, succ)
                    if u % 5 < 3:   # the new page captured too
                        scen.append(f"archive {succ} {stamp_of(url, 'n', 2018, 2022, ku)} 200 {cap_body(moved_page(body, host))}")
            elif newp and u < 70:
                serve(host, newp, other_page(url))
            truth.append((url, "dead", f, cap, succ))
            continue
        if f == "renamed":
            if root:
                succ = f"https://{new}/"
                exp = "moved" if root_live else "dead"
                if not root_live:
                    cap_page(url, body)
                truth.append((url, exp, f, not root_live, succ))
                continue
            if root_live:
                scen.append(f"{host} {p} 404")
            cap = cap_page(url, body)
            newp = p if same_path else "/docs/" + seg if seg and not s.query else None
            if newp and u < 60:
                if serve(new, newp, moved_page(body, new)):
                    succ = f"https://{new}{newp}"
                    if u < 20:
                        cap_redirect(url, succ)
            elif newp and u < 75:
                serve(new, newp, other_page(url))
            truth.append((url, "dead", f, cap, succ))
            continue
        if f == "forge":
            cap = cap_page(url, body)
            if root:
                newp = f"/{org}/{proj}"
            elif s.query or not seg:
                newp = None
            else:
                newp = f"/{org}/{proj}/blob/master/Documentation/{seg}"
            if newp and (root or u < 40):
                if serve(new, newp, moved_page(body, new)):
                    succ = f"https://{new}{newp}"
                    if h("seen", host) % 2 if root else u < 20:
                        cap_redirect(url, succ)
            truth.append((url, "dead", f, cap, succ))
            continue
        if f == "acquired":
            cap = cap_page(url, body)
            newp = None if root else "/support/docs/" + words(name).replace(" ", "-").lower() + ".html"
            if newp and u < 50:
                if serve(new, newp, moved_page(body, new)):
                    succ = f"https://{new}{newp}"
                    if u < 30:
                        cap_redirect(url, succ)
            elif newp and u < 65:
                # The archive saw a redirect to a page that is another now.
                other = newp.replace(".html", "-%d.html" % (u % 7))
                if serve(new, other, other_page(url)):
                    cap_redirect(url, f"https://{new}{other}")
            elif u < 85:
                cap_redirect(url, f"https://{new}/homepage.html")
            truth.append((url, "dead", f, cap, succ))
            continue


BIRTH, TOP, dated = births()
for host in sorted(hosts):
    urls = hosts[host]
    f = host_fate[host]
    fates[f] += 1
    if f in dict(MOVES):
        move_host(host, urls, f)
        continue
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
            truth.append((url, "moved", f, False, target))
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

# A key that a moved site's page captured with its own body (cap_page())
# is that page, fixed: its other URLs' captures of a kind are made plain
# (the first) or dropped (the later ones), or the two would mix.
body_keys = {capture_key(l.split(" ")[1]) for l in scen
             if l.startswith("archive ") and " body=" in l}
key_kind = {}
for key, i, first in kinded:
    if key in body_keys:
        scen[i] = " ".join(scen[i].split(" ")[:4]) if first else None
    else:
        key_kind[key] = scen[i].rsplit("page=", 1)[1]
scen = [l for l in scen if l is not None]

with open(scen_path, "w") as o:
    o.write("\n".join(scen) + "\n")
with open(truth_path, "w") as o:
    for t in truth:
        url, exp, f, cap = t[:4]
        succ = t[4] if len(t) > 4 and t[4] else "-"
        kind = key_kind.get(capture_key(url), "fixed") if cap else "-"
        o.write(f"{url}\t{exp}\t{f}\t{'capture' if cap else '-'}\t{succ}"
                f"\t{kind}\n")
total = sum(fates.values())
print("kernel web: %d hosts, %d URLs; fates:" % (total, len(truth)))
for name, n in fates.most_common():
    print("  %-14s %5d  %4.1f%%" % (name, n, 100.0 * n / total))
dead = Counter(t[2] for t in truth if t[1] == "dead")
succ = Counter(t[2] for t in truth if len(t) > 4 and t[4] and t[1] == "dead")
print("dead links with a true successor, by fate (of dead links):")
for name, n in sorted(dead.items(), key=lambda x: -x[1]):
    if name in dict(MOVES):
        print("  %-14s %5d of %5d" % (name, succ[name], n))
print("  %-14s %5d of %5d" % ("all", sum(succ.values()), sum(dead.values())))
print("pages dated by (occurrences): " + ", ".join(
    "%s %d" % kv for kv in sorted(dated.items())))
