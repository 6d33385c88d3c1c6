#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Count, in a series directory, what issue 44 says maintainers refuse.

Independent of linkmend's code: reads the tree's MAINTAINERS and the
patches' diffs only.  Prints

  archived_own    archived links whose original is on a host that a
                  MAINTAINERS section listing the file names (W: B: T: L: Q:)
  archived_home   archived links whose original is a bare home page
  home_to_home    replacements (not archives) of a home page by a home page
  archived, moved all archived and all other replacements, for scale
  left_*          the DIR/LEFT lines by reason (what was reported instead)

usage: own-sites.py TREE SERIES_DIR [--list]
"""
import fnmatch
import os
import re
import sys
from urllib.parse import urlsplit

SHARED = {"github.com", "gitlab.com", "bitbucket.org", "codeberg.org",
          "sourceforge.net", "sf.net", "launchpad.net", "gitee.com",
          "git.sr.ht", "salsa.debian.org", "pagure.io",
          "gitlab.freedesktop.org", "gitlab.gnome.org", "savannah.gnu.org",
          "savannah.nongnu.org", "code.google.com", "groups.google.com",
          "googlegroups.com", "groups.io", "lists.sourceforge.net",
          "web.archive.org", "freedesktop.org", "gnu.org", "nongnu.org"}
DOORS = {"index.html", "index.htm", "index.shtml", "index.php", "index.asp",
         "index.aspx", "index.jsp", "index.cgi", "default.htm",
         "default.html", "default.asp", "default.aspx", "home.html",
         "home.htm", "home.php", "homepage.html", "homepage.htm", "home",
         "main.html", "main.htm", "welcome.html", "welcome.htm"}
URL = re.compile(r"(?:https?|ftp)://[^\s<>\"'`()\[\]{}|\\^]+")
ARCHIVE = re.compile(r"https?://web\.archive\.org/web/\d{1,14}[a-z_]*/(\S+)")


def nohost_www(h):
    h = h.lower()
    return h[4:] if h.startswith("www.") and h.count(".") > 1 else h


def site(url):
    """host, or host/path on a shared host; None when none."""
    try:
        u = urlsplit(url)
    except ValueError:
        return None
    if not u.hostname:
        return None
    h = nohost_www(u.hostname)
    if h.startswith("patchwork.") or h in SHARED:
        p = u.path.rstrip("/")
        if p.endswith(".git"):
            p = p[:-4]
        return h + p if p else None
    return h


def holds(s, url):
    try:
        u = urlsplit(url)
        h = nohost_www(u.hostname or "")
    except ValueError:
        return False
    if "/" not in s:
        return h == s or h.endswith("." + s)
    place = h + u.path
    return place.lower() == s.lower() or place.lower().startswith(s.lower() + "/")


def parse_maintainers(path):
    secs, cur = [], None
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        m = re.match(r"^([A-Z]):\s*(.*)$", line)
        if not m:
            if line.strip() and not line.startswith(("\t", " ")):
                cur = {"name": line.strip(), "F": [], "X": [], "sites": []}
                secs.append(cur)
            continue
        if cur is None:
            continue
        k, v = m.group(1), m.group(2).strip()
        if k in "FX":
            cur[k].append(v)
        elif k in "WBTQL":
            u = URL.search(v)
            s = None
            if u:
                s = site(u.group(0).rstrip(".,;:"))
            elif k in "LB":
                a = re.search(r"[\w.+-]+@([\w.-]+\.[a-z]+)", v, re.I)
                if a and a.group(1).lower() not in SHARED:
                    s = a.group(1).lower()
            if s:
                cur["sites"].append((k, s, v))
    return [s for s in secs if s["F"]]


def fmatch(path, pat):
    if pat.endswith("/"):
        return path.startswith(pat)
    if any(c in pat for c in "*?["):
        if fnmatch.fnmatchcase(path, pat):
            # get_maintainer.pl: a glob's '*' does not cross '/'
            return path.count("/") == pat.count("/") or pat.endswith("*/")
        return False
    return path == pat or path.startswith(pat + "/")


def sections_of(secs, path):
    return [s for s in secs
            if any(fmatch(path, p) for p in s["F"])
            and not any(fmatch(path, p) for p in s["X"])]


def home(url):
    try:
        u = urlsplit(url)
    except ValueError:
        return False
    if u.query:
        return False
    segs = [x for x in u.path.split("/") if x]
    if not segs:
        return True
    if len(segs) == 1 and segs[0].lower() in DOORS:
        return True
    if segs[0].startswith("~") and (len(segs) == 1 or
                                    (len(segs) == 2 and segs[1].lower() in DOORS)):
        return True
    return False


def urls(line):
    return [u.rstrip(".,;:") for u in URL.findall(line)]


def patches(d):
    for root, _, files in os.walk(d):
        for f in sorted(files):
            if f.endswith(".patch") and not f.startswith("0000-"):
                yield os.path.join(root, f)


def main():
    tree, sdir = sys.argv[1], sys.argv[2]
    listing = "--list" in sys.argv
    secs = parse_maintainers(os.path.join(tree, "MAINTAINERS"))
    n = {"archived": 0, "moved": 0, "archived_own": 0, "archived_home": 0,
         "home_to_home": 0}
    for p in patches(sdir):
        path, minus, plus, diff = None, [], [], False

        def flush():
            for a, b in zip(minus, plus):
                ua, ub = urls(a), urls(b)
                for old, new in zip(ua, ub):
                    if old == new:
                        continue
                    m = ARCHIVE.match(new)
                    if m:
                        n["archived"] += 1
                        orig = m.group(1)
                        own = [(s["name"], k, v) for s in sections_of(secs, path)
                               for k, st, v in s["sites"] if holds(st, orig)]
                        if own:
                            n["archived_own"] += 1
                            if listing:
                                print("own\t%s\t%s\t%s: %s: %s" % (path, orig, *own[0]))
                        if home(orig):
                            n["archived_home"] += 1
                            if listing:
                                print("home\t%s\t%s" % (path, orig))
                    else:
                        n["moved"] += 1
                        if home(old) and home(new):
                            n["home_to_home"] += 1
                            if listing:
                                print("home2home\t%s\t%s -> %s" % (path, old, new))
            minus.clear()
            plus.clear()

        for line in open(p, encoding="utf-8", errors="replace"):
            if line.startswith("diff --git "):
                flush()
                path = line.split(" b/", 1)[1].strip()
                diff = True
            elif not diff or line.startswith(("---", "+++", "index ")):
                continue
            elif line.startswith("-"):
                minus.append(line[1:])
            elif line.startswith("+"):
                plus.append(line[1:])
            else:
                flush()
        flush()
    for k in ("archived", "moved", "archived_own", "archived_home",
              "home_to_home"):
        print("%s\t%d" % (k, n[k]))
    left = {}
    lf = os.path.join(sdir, "LEFT")
    if os.path.exists(lf):
        for line in open(lf, encoding="utf-8", errors="replace"):
            if line.startswith("#"):
                continue
            if "your own site" in line and "redirects to the home page" in line:
                r = "own_moved_to_home"
            elif "your own site" in line:
                r = "own_dead"
            elif "a home page to a home page" in line:
                r = "home_to_home"
            elif "a bare home page" in line:
                r = "home"
            elif "would freeze it" in line:
                r = "living"
            else:
                r = "other"
            left[r] = left.get(r, 0) + 1
    print("left_total\t%d" % sum(left.values()))
    for k in sorted(left):
        print("left_%s\t%d" % (k, left[k]))


if __name__ == "__main__":
    main()
