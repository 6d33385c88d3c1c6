#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""What a series changes, judged from the patches and the tree's
MAINTAINERS alone (none of linkmend's code, none of its messages: only
the diffs' removed and added lines).

usage: series-figures.py TREE SERIES-DIR [OUT]

Writes "name: value" figures (to OUT, else standard output):
  files_in_two_patches    files that more than one patch of one tree's
      series changes, its parts (DIR/TREE-01, -02) together (goal 0: a
      file's links are one patch)
  files_in_two_patches_of_one_directory   the same within one directory
  files_in_two_patches_anywhere           the same over the whole run
  archived_on_own_hosts   links replaced by a web.archive.org copy whose
      original host (but for "www.") a W:, B:, T:, L: or Q: line of a
      MAINTAINERS section covering the file names (F:/X:/N: matched as
      scripts/get_maintainer.pl does; L: by its address's domain; on a
      host of many projects, github.com and the like, the host and its
      first path component: github.com/ceph)
  archived_home_pages     archived links whose original URL is a bare home
      page: an empty path or "/", or an index or home page file, no query
  home_to_home_moves      links replaced by another live URL (not only
      its scheme) where the old and the new URL are both bare home pages
  catch_all_patches       patches whose files lie under more than one
      top-level folder, Documentation/ and include/ not counted (a
      driver's documents and headers go with it), and whose folders share
      no name (arch/x86/crypto/ and crypto/ share "crypto": "crypto: "
      fits both): no prefix fits them all
then "# " lines: the first cases of each.
"""
import collections
import difflib
import os
import re
import sys
from urllib.parse import urlsplit

URL = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*://[^\s<>\"'`()\[\]{}\\|]+")
ARCHIVE = re.compile(r"^https?://web\.archive\.org/web/(\d+)[a-z_]*/(.+)$")
HOME_FILES = re.compile(r"^/(index|default|home|main|welcome)"
                        r"\.(html?|shtml|php[0-9]?|aspx?|jsp|cgi)$", re.I)


def clean(u):
    """A URL as the line holds it, without the sentence's punctuation."""
    return u.rstrip(".,;:!?*'\"")


def host(u):
    try:
        h = (urlsplit(u).hostname or "").lower()
    except ValueError:
        return ""
    return h[4:] if h.startswith("www.") else h


def home_page(u):
    try:
        s = urlsplit(u)
    except ValueError:
        return False
    if s.query:
        return False
    return s.path in ("", "/") or bool(HOME_FILES.match(s.path))


def only_scheme(a, b):
    def bare(u):
        return re.sub(r"^[a-z]+://", "", u, flags=re.I).rstrip("/")
    return bare(a) == bare(b)


# MAINTAINERS, read as scripts/get_maintainer.pl reads it.
def read_maintainers(tree):
    sections, cur = [], None
    path = os.path.join(tree, "MAINTAINERS")
    started = False
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            m = re.match(r"^([A-Z]):\s*(.*)$", line)
            if m and started and cur is not None:
                cur["e"].append((m.group(1), m.group(2).strip()))
                continue
            if re.match(r"^-{3,}$", line.strip()) or line.startswith("Maintainers List"):
                started = True
                continue
            if line.strip() and not m and started:
                cur = {"name": line.strip(), "e": []}
                sections.append(cur)
            elif not line.strip():
                cur = None
    for s in sections:
        s["pat"] = []
        for t, v in s["e"]:
            if t in "FX":
                v = v.split()[0] if v.split() else v
                if os.path.isdir(os.path.join(tree, v)) and not v.endswith("/"):
                    v += "/"
                r = re.escape(v).replace(r"\*", ".*").replace(r"\?", ".")
                s["pat"].append((t, v, re.compile("^" + r)))
            elif t == "N":
                try:
                    s["pat"].append((t, v, re.compile(v, re.X)))
                except re.error:
                    pass
    return sections


def pattern_match(path, v, rx):
    if not rx.match(path):
        return False
    return v.endswith("/") or path.count("/") == v.count("/")


def covers(s, path):
    hit = False
    for t, v, rx in s["pat"]:
        if t == "X" and pattern_match(path, v, rx):
            return False
    for t, v, rx in s["pat"]:
        if t == "F" and pattern_match(path, v, rx):
            hit = True
        elif t == "N" and rx.search(path):
            hit = True
    return hit


# Hosts of many projects: there a line names its owner's part only
# (github.com/ceph), not the whole host.
SHARED = {"github.com", "gitlab.com", "bitbucket.org", "sourceforge.net",
          "sf.net", "codeberg.org", "gitlab.freedesktop.org",
          "gitlab.gnome.org", "salsa.debian.org", "git.sr.ht"}


def site(u):
    """host, or "host/owner" on a host of many projects."""
    h = host(u)
    if h in SHARED:
        try:
            seg = urlsplit(u).path.strip("/").split("/")[0].lower()
        except ValueError:
            seg = ""
        if h in ("sourceforge.net", "sf.net") and seg in ("projects", "p"):
            try:
                seg += "/" + urlsplit(u).path.strip("/").split("/")[1].lower()
            except (ValueError, IndexError):
                pass
        return h + "/" + seg if seg else h
    return h


def own_hosts(s):
    hosts = set()
    for t, v in s["e"]:
        if t == "L":
            m = re.search(r"@([A-Za-z0-9.-]+)", v)
            if m:
                h = m.group(1).lower()
                hosts.add(h[4:] if h.startswith("www.") else h)
        elif t in "WBTQ":
            for u in URL.findall(v):
                h = site(clean(u))
                if h:
                    hosts.add(h)
    return hosts


# The patches: each changed file, and each URL its lines replace.
def patch_changes(text):
    """{path: [(old URL, new URL)]} from the diff of one patch."""
    out = collections.defaultdict(list)
    path, minus, plus = None, [], []

    def flush():
        if path and (minus or plus):
            a = [clean(u) for line in minus for u in URL.findall(line)]
            b = [clean(u) for line in plus for u in URL.findall(line)]
            sm = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
            for op, i1, i2, j1, j2 in sm.get_opcodes():
                if op == "replace":
                    out[path].extend(zip(a[i1:i2], b[j1:j2]))
        minus.clear()
        plus.clear()

    in_diff = False
    for line in text.split("\n"):
        if line.startswith("diff --git "):
            flush()
            m = re.match(r"^diff --git a/(\S+) b/(\S+)", line)
            path = m.group(2) if m else None
            in_diff = True
            out.setdefault(path, [])
            continue
        if not in_diff:
            continue
        if line == "-- ":	# format-patch's signature: the diff ends
            flush()
            in_diff = False
            continue
        if line.startswith(("--- ", "+++ ", "index ", "@@")):
            flush()
            continue
        if line.startswith("\\ "):	# "\ No newline at end of file"
            continue
        if line.startswith("-"):
            if plus:
                flush()
            minus.append(line[1:])
        elif line.startswith("+"):
            plus.append(line[1:])
        else:
            flush()
    flush()
    return out


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: series-figures.py TREE SERIES-DIR [OUT]")
    tree, top = sys.argv[1], sys.argv[2]
    sections = read_maintainers(tree)
    series = collections.defaultdict(list)	# directory -> patches
    for d, _, files in os.walk(top):
        for f in sorted(files):
            if f.endswith(".patch") and not f.startswith("0000-"):
                series[d].append(os.path.join(d, f))
    archived, moved = [], []
    catch_all = []
    patches = 0
    # path -> the patches that change it: by directory, by tree, in all.
    by_dir = collections.defaultdict(list)
    by_tree = collections.defaultdict(list)
    anywhere = collections.defaultdict(list)
    for d in sorted(series):
        rel = os.path.relpath(d, top)
        tree_of = re.sub(r"-(single-)?\d\d$", "", rel)
        for p in series[d]:
            patches += 1
            name = os.path.join(rel, os.path.basename(p))
            text = open(p, encoding="utf-8", errors="replace").read()
            own = [path for path in patch_changes(text) if "/" in path and
                   not path.startswith(("Documentation/", "include/"))]
            tops = {path.split("/")[0] for path in own}
            shared = set.intersection(*[set(path.split("/")[:-1])
                                        for path in own]) if own else set()
            if len(tops) > 1 and not shared:
                catch_all.append((name, sorted(tops)))
            for path, pairs in patch_changes(text).items():
                by_dir[(rel, path)].append(name)
                by_tree[(tree_of, path)].append(name)
                anywhere[path].append(name)
                for old, new in pairs:
                    m = ARCHIVE.match(new)
                    if m:
                        # The original as the copy names it: whole, where
                        # the line held it wrapped.
                        archived.append((path, m.group(2), new))
                    elif not only_scheme(old, new):
                        moved.append((path, old, new))
    in_two = [(k[0], k[1], ps) for k, ps in sorted(by_tree.items())
              if len(ps) > 1]
    in_two_dir = sum(len(ps) > 1 for ps in by_dir.values())
    in_two_all = sum(len(ps) > 1 for ps in anywhere.values())
    own, homes, h2h = [], [], []
    cover = {}
    for path, old, new in archived:
        if path not in cover:
            hs = set()
            for s in sections:
                if covers(s, path):
                    hs |= own_hosts(s)
            cover[path] = hs
        h = site(old)
        if h and h in cover[path]:
            own.append((path, old, new))
        if home_page(old):
            homes.append((path, old, new))
    for path, old, new in moved:
        if home_page(old) and home_page(new):
            h2h.append((path, old, new))
    lines = [
        "series_patches_read: %d" % patches,
        "links_archived_in_patches: %d" % len(archived),
        "links_moved_in_patches: %d" % len(moved),
        "files_in_two_patches: %d" % len(in_two),
        "files_in_two_patches_of_one_directory: %d" % in_two_dir,
        "files_in_two_patches_anywhere: %d" % in_two_all,
        "archived_on_own_hosts: %d" % len(own),
        "archived_home_pages: %d" % len(homes),
        "home_to_home_moves: %d" % len(h2h),
        "catch_all_patches: %d" % len(catch_all),
    ]
    for name, tops in catch_all[:20]:
        lines.append("# catch_all_patches: %s: %s" % (name, ", ".join(tops)))
    for d, path, ps in in_two[:20]:
        lines.append("# files_in_two_patches: %s: %s (%s)" % (d, path, ", ".join(ps)))
    for name, cases in (("archived_on_own_hosts", own), ("archived_home_pages", homes),
                        ("home_to_home_moves", h2h)):
        for path, old, new in cases[:20]:
            lines.append("# %s: %s: %s -> %s" % (name, path, old, new))
    text = "\n".join(lines) + "\n"
    if len(sys.argv) == 4:
        with open(sys.argv[3], "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
