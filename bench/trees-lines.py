#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Every line a series changed, by file class, and each one outside the
allow-list, judged without any of linkmend's own code.

usage: trees-lines.py TREE BASE DIFF [REPORT [PATCH...]]

TREE is the tree the series was made from, BASE the commit it was made
on, DIFF `git diff -U0 BASE` of the tree with the series applied.  A
changed line is outside the allow-list when its file is not one a bot may
touch (test data, CI and build files, release notes, licences,
translations, MAINTAINERS and CREDITS, a git submodule or a folder the
issue tracker names as imported) or when, in its file, the changed text
is not documentation: outside a comment in code, outside a comment or a
description in YAML, inside a code block of markdown, rst or AsciiDoc.
Prints "changed_CLASS: N", "outside_allow_list: N" and one
"  outside: PATH:LINE: why: text" line for each.

With REPORT (`linkmend report --format json` of the store the series was
made from) and the series' PATCH files, it also prints every changed line
for a reader to judge: its file and line, the patch that changes it, the
old and the new URL, and the owner and purpose linkmend recorded for the
occurrence ("owner"/"owner_why", "purpose"/"purpose_why", "site"/
"site_why", on the occurrence or under its resolution's "judged"; "-"
when the report has no such key), and counts the lines by owner and by
purpose.
"""
import os
import re
import subprocess
import sys
from collections import Counter

tree, base, diff = sys.argv[1:4]
report_path = sys.argv[4] if len(sys.argv) > 4 else None
patch_paths = sys.argv[5:]

# Imported code issue 29 names, by tree: the oracle knows them; linkmend
# must find them on its own (a submodule, a subtree, a README).
IMPORTED = ("dts/upstream/", "lib/mbedtls/", "lib/lwip/", "sha1dc/",
            "git-gui/", "gitk-git/", "rust/alloc/")
DENY_DIRS = {"tests", "test", "t", "testdata", "fixtures", ".github",
             ".gitlab", ".circleci", "ci", ".ci", ".azure-pipelines",
             "debian", "translations", "po", "RelNotes", "LICENSES"}
DENY_NAMES = re.compile(
    r"^(MAINTAINERS|CREDITS|Dockerfile.*|\.gitlab-ci\.yml|\.travis\.yml|"
    r"\.cirrus\.yml|appveyor\.yml|azure-pipelines\.yml|CMakeLists\.txt|"
    r"meson\.build|configure\.ac|NEWS.*|ChangeLog.*|CHANGES.*|"
    r"RELEASE-NOTES.*|COPYING.*|LICEN[CS]E.*|test_.*|.*_test\..*|"
    r".*\.(po|pot|cmake|m4|spec))$")
EXAMPLE = re.compile(r"://(?:[^/@\s]*@)?(\[[^\]/]*\]|[^/:\s]*)")


def submodules():
    out = set()
    p = os.path.join(tree, ".gitmodules")
    if os.path.exists(p):
        for line in open(p, errors="replace"):
            m = re.match(r"\s*path\s*=\s*(\S+)", line)
            if m:
                out.add(m.group(1).rstrip("/") + "/")
    return out


SUBMODULES = submodules()


def file_class(path):
    base = os.path.basename(path)
    ext = base.rsplit(".", 1)[1] if "." in base[1:] else ""
    if ext in ("c", "h", "cc", "cpp", "hpp", "rs", "y", "l", "lds"):
        return "c"
    if ext in ("S", "s", "asm"):
        return "asm"
    if ext in ("dts", "dtsi", "dtso"):
        return "dts"
    if base.startswith("Kconfig"):
        return "kconfig"
    if base.startswith(("Makefile", "Kbuild", "GNUmakefile")) or ext in ("mk", "mak"):
        return "make"
    if ext in ("sh", "bash", "py", "pl", "pm", "awk", "tcl", "rb", "cmake"):
        return "script"
    if ext in ("yaml", "yml"):
        return "yaml"
    if ext == "rst":
        return "rst"
    if ext in ("md", "markdown"):
        return "markdown"
    if ext in ("adoc", "asciidoc"):
        return "asciidoc"
    if ext in ("html", "htm"):
        return "html"
    return "text"


def denied(path):
    parts = path.split("/")
    if any(p in DENY_DIRS for p in parts[:-1]):
        return "a folder not the tool's (tests, CI, history, translations)"
    if DENY_NAMES.match(parts[-1]):
        return "a file not the tool's (build, CI, history, licence, people)"
    for d in IMPORTED + tuple(SUBMODULES):
        if path.startswith(d):
            return "imported code"
    return None


def c_comment_mask(text):
    """For each line, the columns inside a C comment."""
    masks, mask, state, i, col = [], set(), "code", 0, 0
    n = len(text)
    while i < n:
        c = text[i]
        nxt = text[i + 1] if i + 1 < n else ""
        if c == "\n":
            masks.append(mask)
            mask, col = set(), 0
            if state in ("line", "str", "chr"):
                state = "code"
            i += 1
            continue
        if state == "code":
            if c == "/" and nxt == "*":
                state = "block"
                mask.update((col, col + 1))
                i, col = i + 2, col + 2
                continue
            if c == "/" and nxt == "/":
                state = "line"
            elif c == '"':
                state = "str"
            elif c == "'":
                state = "chr"
        elif state == "block":
            if c == "*" and nxt == "/":
                mask.update((col, col + 1))
                state = "code"
                i, col = i + 2, col + 2
                continue
        elif state in ("str", "chr"):
            # An escape, but a backslash ending the line continues it:
            # its newline still ends a line of the mask.
            if c == "\\" and nxt != "\n":
                i, col = i + 2, col + 2
                continue
            if (state == "str" and c == '"') or (state == "chr" and c == "'"):
                state = "code"
                i, col = i + 1, col + 1
                continue
        if state in ("block", "line"):
            mask.add(col)
        i, col = i + 1, col + 1
    masks.append(mask)
    return masks


def hash_comment_col(line):
    """Column of a '#' comment outside quotes, or None."""
    q = None
    for i, c in enumerate(line):
        if q:
            if c == q:
                q = None
        elif c in "\"'":
            q = c
        elif c == "#" and (i == 0 or line[i - 1] in " \t;"):
            return i
    return None


def block_lines(lines, opens):
    """Indices of lines inside fenced blocks (markdown, AsciiDoc)."""
    inside, out = False, set()
    for k, line in enumerate(lines):
        if opens(line):
            inside = not inside
            out.add(k)
        elif inside:
            out.add(k)
    return out


def adoc_blocks(lines):
    """AsciiDoc delimited blocks; a run of '-' under text is a title's."""
    out, fence, prev = set(), None, ""
    for k, line in enumerate(lines):
        if fence is not None:
            out.add(k)
            if line.rstrip() == fence:
                fence = None
        elif re.fullmatch(r"(-{4,}|\.{4,}|\+{4,}|```)", line.rstrip()) and \
                (not prev.strip() or re.fullmatch(r"\[.*\]|\..+|\+", prev.strip())):
            fence = line.rstrip()
            out.add(k)
        prev = line
    return out


def md_indented(lines):
    """Markdown indented code blocks: 4 spaces after a blank line, not in a list."""
    out, prev_blank, in_list, code = set(), True, False, False
    for k, line in enumerate(lines):
        exp = line.expandtabs(4)
        ind = len(exp) - len(exp.lstrip())
        if not line.strip():
            prev_blank = True
            continue
        if ind >= 4 and not in_list and (prev_blank or code):
            out.add(k)
            code = True
        else:
            code = False
            if ind < 4:
                in_list = bool(re.match(r"\s*([-*+]|\d+[.)])\s", line))
        prev_blank = False
    return out


def rst_literal(lines):
    out, lit = set(), None
    for k, line in enumerate(lines):
        ind = len(line) - len(line.lstrip())
        if lit is not None:
            if line.strip() and ind <= lit:
                lit = None
            else:
                out.add(k)
                continue
        st = line.strip()
        if (st.endswith("::") and not st.startswith("..")) or \
                re.match(r"\.\. (code-block|code|sourcecode|parsed-literal)::", st):
            lit = ind
    return out


def yaml_doc(lines):
    out, desc = set(), None
    for k, line in enumerate(lines):
        stripped = line.lstrip(" -")
        ind = len(line) - len(stripped)
        if desc is not None and (not line.strip() or ind > desc):
            out.add(k)
            continue
        desc = None
        if stripped.startswith("description:"):
            desc = ind
            out.add(k)
    return out


def kconfig_help(lines):
    out, help_ind, body = set(), None, None
    for k, line in enumerate(lines):
        exp = line.expandtabs()
        ind = len(exp) - len(exp.lstrip())
        if help_ind is not None and line.strip():
            if body is None:
                body = ind
            if ind >= body:
                out.add(k)
                continue
            help_ind = body = None
        if line.strip() in ("help", "---help---"):
            help_ind = ind
    return out


def first_change(a, b):
    i = 0
    while i < len(a) and i < len(b) and a[i] == b[i]:
        i += 1
    return i


class OldFile:
    def __init__(self, path):
        r = subprocess.run(["git", "-C", tree, "show", "%s:%s" % (base, path)],
                           capture_output=True)
        self.text = r.stdout.decode("utf-8", "replace")
        self.lines = self.text.split("\n")
        self.cls = file_class(path)
        self._mask = self._doc = None

    def mask(self):
        if self._mask is None:
            self._mask = c_comment_mask(self.text)
        return self._mask

    def doc(self):
        if self._doc is None:
            c, L = self.cls, self.lines
            if c == "markdown":
                self._doc = block_lines(L, lambda s: s.lstrip().startswith(("```", "~~~")))
                self._doc |= md_indented(L)
            elif c == "asciidoc":
                self._doc = adoc_blocks(L)
            elif c == "rst":
                self._doc = rst_literal(L)
            elif c == "yaml":
                self._doc = yaml_doc(L)
            elif c == "kconfig":
                self._doc = kconfig_help(L)
            else:
                self._doc = set()
        return self._doc


def why_outside(path, f, k, col):
    d = denied(path)
    if d:
        return d
    line = f.lines[k] if k < len(f.lines) else ""
    m = EXAMPLE.search(line[col:] if col < len(line) else "")
    if m and ("@" in m.group(0) or ("." not in m.group(1) and
                                     not m.group(1).startswith("[")) or
              re.search(r"(^|\.)(example|test|invalid|localhost)(\.(com|net|org))?$",
                        m.group(1))):
        return "an example or placeholder URL"
    c = f.cls
    if c in ("c", "asm", "dts"):
        if col not in f.mask()[k] and not (c == "asm" and hash_comment_col(line) is not None
                                           and hash_comment_col(line) <= col):
            return "code, not a comment"
    elif c in ("make", "script"):
        h = hash_comment_col(line) if c == "script" else line.find("#")
        if h is None or h < 0 or h > col:
            return "code, not a comment"
    elif c == "kconfig":
        h = line.find("#")
        if k not in f.doc() and not (0 <= h <= col):
            return "Kconfig outside help text and comments"
    elif c == "yaml":
        h = hash_comment_col(line)
        if k not in f.doc() and (h is None or h > col):
            return "YAML outside comments and descriptions"
    elif c in ("markdown", "asciidoc", "rst"):
        if k in f.doc():
            return "inside a code block"
        # rst's `text <url>`_ is a link; its literals are ``double``.
        marks = line[:col].count("``") if c == "rst" else line[:col].count("`")
        if marks % 2:
            return "inside inline code"
    elif c == "html":
        if not re.search(r"(^|/)(Documentation|docs?|man)/", path):
            return "HTML outside a documentation folder"
    elif c == "text":
        if not (re.search(r"(^|/)(Documentation|docs?|Doc|man|manual)/", path) or
                re.match(r"(README|INSTALL|HACKING|CONTRIBUTING|FAQ|TODO|NOTES|BUGS)",
                         os.path.basename(path)) or
                re.search(r"\.(txt|texi|texinfo|pod|man|[1-9])$", path)):
            return "plain text that is not documentation"
    return None


KEPT = []


def load_report(p):
    """(path, line) -> the occurrences there; KEPT gets the dead or
    moved occurrences, for what was left and why."""
    import json
    out = {}
    if not p or not os.path.exists(p):
        return out
    try:
        model = json.load(open(p, encoding="utf-8", errors="replace"))
    except ValueError:
        return out
    for link in model.get("links") or []:
        for o in link.get("occurrences") or []:
            if o.get("state") in ("dead", "moved", "unresolved"):
                o["_dead"] = bool(link.get("dead"))
                KEPT.append(o)
        for o in link.get("occurrences") or []:
            r = o.get("resolution") or {}
            out.setdefault((o.get("path"), o.get("line")), []).append(
                (link.get("url") or "", r.get("edit") or r.get("replacement"),
                 r.get("kind") or "-", o))
    return out


def load_patches(paths):
    """path -> [patch number], and the list of (number, subject, files)."""
    by_file, listing = {}, []
    dirs = {os.path.dirname(p) for p in paths}
    for p in paths:
        # A run can write several series (one per recipient): name a
        # patch by its series folder too when there is more than one.
        num = os.path.basename(p)[:4]
        if len(dirs) > 1:
            num = os.path.basename(os.path.dirname(p)) + "/" + num
        subject, files, in_subj = "", [], False
        for raw in open(p, encoding="utf-8", errors="replace"):
            line = raw.rstrip("\n")
            if line.startswith("Subject: "):
                subject, in_subj = line[9:], True
                continue
            if in_subj and line.startswith(" "):
                subject += line
                continue
            in_subj = False
            m = re.match(r"diff --git a/(.*) b/", line)
            if m:
                files.append(m.group(1))
                by_file.setdefault(m.group(1), []).append(num)
        listing.append((num, subject, files))
    return by_file, listing


URL = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*://[^\s<>\"'`)\]]+")


def val(o, k):
    """An occurrence's key, or the same key under resolution.judged
    (where one build records purpose and site)."""
    v = o.get(k)
    if v is None or v == "":
        j = (o.get("resolution") or {}).get("judged") or {}
        v = j.get(k) if isinstance(j, dict) else None
    return "-" if v is None or v == "" else str(v)


REPORT = load_report(report_path)
PATCH_OF, PATCHES = load_patches(patch_paths)
by_owner, by_purpose, shown = Counter(), Counter(), []
changed_at = set()
by_class, outside = Counter(), []
path, files, old_lines, new_lines = None, {}, [], []
hunk_old = 0


def show(path, f, k, old, new, why):
    # The occurrences on that line the series changed: an edit the
    # report proposes but the series left (a typo it does not apply)
    # is not shown as a change.
    occs = [o for o in REPORT.get((path, k + 1), [])
            if o[1] and (o[1].rstrip("/") in new or
                         o[0].rstrip("/") not in new)]
    if not occs:
        # No occurrence with an edit on that line: the URLs the diff
        # took away and put in.
        ou, nu = URL.findall(old), URL.findall(new)
        olds = [u for u in ou if u not in nu]
        news = [u for u in nu if u not in ou]
        occs = [(u, news[i] if i < len(news) else "?", "?", {})
                for i, u in enumerate(olds)] or [("?", "?", "?", {})]
    head = "line: %s:%d [%s] patch %s judge %s" % (
        path, k + 1, f.cls, ",".join(PATCH_OF.get(path, ["-"])),
        "outside (%s)" % why if why else "allowed")
    body = []
    changed_at.add((path, k + 1))
    # A line counts once per class, however many links it holds.
    for c in {val(o, "owner") for _, _, _, o in occs}:
        by_owner[c] += 1
    for c in {val(o, "purpose") for _, _, _, o in occs}:
        by_purpose[c] += 1
    for url, edit, kind, o in occs:
        owner, purpose = val(o, "owner"), val(o, "purpose")
        body.append("  %s: %s -> %s" % (kind, url, edit))
        body.append("    owner %s (%s); purpose %s (%s)" % (
            owner, val(o, "owner_why"), purpose, val(o, "purpose_why")))
        if val(o, "site") != "-":
            body.append("    site %s (%s)" % (val(o, "site"), val(o, "site_why")))
    body.append("  - " + old.strip())
    body.append("  + " + new.strip())
    shown.append("\n".join([head] + body))


def flush():
    for i, (k, old) in enumerate(old_lines):
        new = new_lines[i] if i < len(new_lines) else ""
        f = files[path]
        by_class[f.cls] += 1
        why = why_outside(path, f, k, first_change(old, new))
        if why:
            outside.append("  outside: %s:%d: %s: %s" % (path, k + 1, why, old.strip()[:100]))
        if report_path:
            show(path, f, k, old, new, why)
    old_lines.clear()
    new_lines.clear()


for raw in open(diff, encoding="utf-8", errors="replace"):
    line = raw.rstrip("\n")
    if line.startswith("diff --git "):
        flush()
        path = None
    elif line.startswith("--- "):
        continue
    elif line.startswith("+++ "):
        path = line[6:]
        files.setdefault(path, OldFile(path))
    elif line.startswith("@@"):
        flush()
        hunk_old = int(re.match(r"@@ -(\d+)", line).group(1)) - 1
    elif line.startswith("-") and path:
        old_lines.append((hunk_old, line[1:]))
        hunk_old += 1
    elif line.startswith("+") and path:
        new_lines.append(line[1:])
flush()

for c in sorted(by_class):
    print("changed_%s: %d" % (c, by_class[c]))
print("changed_lines: %d" % sum(by_class.values()))
print("outside_allow_list: %d" % len(outside))
for o in outside:
    print(o)
if report_path:
    print("patches_in_series: %d" % len(PATCHES))
    for k in sorted(by_owner):
        print("by_owner %s: %d" % (k, by_owner[k]))
    for k in sorted(by_purpose):
        print("by_purpose %s: %d" % (k, by_purpose[k]))
    # Dead or moved occurrences the series left: by owner, purpose and
    # the reason the report gives ("kept as it is (WHY)", else the
    # resolution's kind).
    left = [o for o in KEPT if (o.get("path"), o.get("line")) not in changed_at]
    lk = Counter()
    for o in left:
        ev = (o.get("resolution") or {}).get("evidence") or ""
        m = re.search(r"kept as it is \(([^)]*)\)", ev)
        why = m.group(1) if m else val(o, "left")
        if why == "-":
            why = (o.get("resolution") or {}).get("kind") or "-"
            # A resolution of a link not yet dead is not written.
            if why in ("archived", "moved") and o.get("_dead") is False:
                why += ", not dead yet"
        lk["owner %s, purpose %s, %s" % (
            val(o, "owner"), val(o, "purpose"), why)] += 1
    print("left_unchanged: %d" % len(left))
    for k, n in lk.most_common():
        print("left %s: %d" % (k, n))
    print()
    for num, subject, files in PATCHES:
        print("patch %s: %s (%d files)" % (num, subject, len(files)))
    print()
    for s in shown:
        print(s)
