#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The layout of src/ in figures, for a closing note to quote.

usage: bench/layout.py [ROOT]

ROOT is a linkmend checkout (default: this one); its objects are built
first (make all) when any is missing or older than its source.

  folders     each folder of src/ (src/ itself for its own files), its .c
              and .h files and their lines, and its share of all lines
  includes    cycles by #include "...": between headers (which include
              guards hide), and between files, a .c and its .h as one
              (x.c including y.h, y.c including x.h is a cycle)
  calls       cycles between files by calls: file A calls a function
              defined in file B, from the objects' symbol tables (nm),
              so what the compiler linked, macros and all
  longest     the ten longest functions, file:line and lines (ctags's
              end line when ctags is installed, else the kernel style's
              "{" and "}" at the start of a line)

As in git, lib's strbuf, usage and xalloc may call one another: a cycle
wholly among them is not counted.  Exit status 1 when the largest
folder's share is over 12 % or there is a cycle, 2 when it cannot tell.
"""
import json
import os
import re
import shutil
import subprocess
import sys
from collections import defaultdict

LIMIT = 12.0
EXEMPT = {"src/lib/strbuf", "src/lib/usage", "src/lib/xalloc"}


def sources(root):
    out = []
    for d, dirs, files in os.walk(os.path.join(root, "src")):
        dirs.sort()
        for f in sorted(files):
            if f.endswith((".c", ".h")):
                out.append(os.path.relpath(os.path.join(d, f), root))
    return out


def lines_of(root, path):
    with open(os.path.join(root, path), "rb") as f:
        return f.read().count(b"\n")


def unit(path):
    """A file and its header are one: src/lib/strbuf.[ch] -> src/lib/strbuf."""
    return os.path.splitext(path)[0]


def sccs(graph):
    """Tarjan's strongly connected components, iteratively."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    nodes = sorted(set(graph) | {w for vs in graph.values() for w in vs})
    for start in nodes:
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def cycles(graph):
    """The components of more than one file that are not all exempt."""
    return [c for c in sccs(graph) if not set(c) <= EXEMPT]


def include_graph(root, files, by=unit):
    """by=unit: a .c and its .h as one file; by=str: headers as they are
    (a cycle there is one #include guards hide)."""
    graph, why = defaultdict(set), {}
    inc = re.compile(rb'^\s*#\s*include\s+"([^"]+)"', re.M)
    known = {by(f) for f in files}
    for f in files:
        with open(os.path.join(root, f), "rb") as fh:
            for m in inc.finditer(fh.read()):
                target = os.path.normpath(os.path.join(os.path.dirname(f),
                                                       m.group(1).decode()))
                a, b = by(f), by(target)
                if a != b and b in known:
                    graph[a].add(b)
                    why.setdefault((a, b), f"{f} includes {target}")
    return graph, why


def objects_fresh(root, files):
    for f in files:
        if not f.endswith(".c"):
            continue
        o = os.path.join(root, f[:-2] + ".o")
        if not os.path.exists(o) or \
           os.path.getmtime(o) < os.path.getmtime(os.path.join(root, f)):
            return False
    return True


def call_graph(root, files):
    defined, undefined = {}, defaultdict(set)
    for f in files:
        if not f.endswith(".c"):
            continue
        o = os.path.join(root, f[:-2] + ".o")
        out = subprocess.run(["nm", o], capture_output=True, text=True,
                             check=True).stdout
        for line in out.splitlines():
            w = line.split()
            if len(w) == 3 and w[1] in "TW":
                defined[w[2]] = unit(f)
            elif len(w) == 2 and w[0] == "U":
                undefined[unit(f)].add(w[1])
    graph, why = defaultdict(set), {}
    for a, syms in undefined.items():
        for s in sorted(syms):
            b = defined.get(s)
            if b and b != a:
                graph[a].add(b)
                why.setdefault((a, b), s)
    return graph, why


def functions_ctags(root, files):
    cmd = ["ctags", "--output-format=json", "--fields=+ne", "--kinds-C=f",
           "--language-force=C", "-f", "-"] + [f for f in files if f.endswith(".c")]
    out = subprocess.run(cmd, cwd=root, capture_output=True, text=True,
                         check=True).stdout
    funcs = []
    for line in out.splitlines():
        t = json.loads(line)
        if t.get("_type") == "tag" and "end" in t:
            funcs.append((t["end"] - t["line"] + 1, t["name"], t["path"], t["line"]))
    return funcs


def functions_braces(root, files):
    """Kernel style: the body opens with "{" alone at the start of a line,
    after the line that names the function, and closes with "}" there."""
    funcs = []
    name_re = re.compile(r"([A-Za-z_]\w*)\s*\(")
    for f in files:
        if not f.endswith(".c"):
            continue
        with open(os.path.join(root, f), encoding="utf-8", errors="replace") as fh:
            text = fh.read().split("\n")
        i = 0
        while i < len(text):
            if text[i].rstrip() == "{" and i > 0:
                j = i - 1
                while j > 0 and text[j - 1].strip() and \
                      not text[j - 1].rstrip().endswith((";", "}", "*/")) and \
                      not text[j - 1].startswith("#"):
                    j -= 1
                m = name_re.search(" ".join(text[j:i]))
                k = i + 1
                while k < len(text) and not text[k].startswith("}"):
                    k += 1
                if m:
                    first = next(n for n in range(j, i) if m.group(1) in text[n])
                    funcs.append((k - first + 1, m.group(1), f, first + 1))
                i = k
            i += 1
    return funcs


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    files = sources(root)
    if not files:
        print(f"layout: no src/ in {root}", file=sys.stderr)
        return 2
    if not objects_fresh(root, files):
        print("layout: building the objects first (make all)", file=sys.stderr)
        r = subprocess.run(["make", "-s", "-C", root, "all"],
                           stdout=sys.stderr)
        if r.returncode or not objects_fresh(root, files):
            print("layout: the objects are not built: no call graph", file=sys.stderr)
            return 2

    folders = defaultdict(lambda: [0, 0])
    for f in files:
        d = os.path.dirname(f)
        folders[d][0] += 1
        folders[d][1] += lines_of(root, f)
    total = sum(v[1] for v in folders.values())
    print(f"{'folder':<16} {'files':>5} {'lines':>7} {'share':>7}")
    for d, (n, l) in sorted(folders.items(), key=lambda kv: -kv[1][1]):
        print(f"{d + '/':<16} {n:>5} {l:>7} {100.0 * l / total:>6.1f} %")
    print(f"{'total':<16} {len(files):>5} {total:>7}")
    big, (_, big_lines) = max(folders.items(), key=lambda kv: kv[1][1])
    share = 100.0 * big_lines / total
    bad = share > LIMIT
    print(f"\nlargest folder: {big}/, {share:.1f} % of the lines "
          f"(limit {LIMIT:.0f} %): {'OVER' if bad else 'ok'}")

    graph, why = include_graph(root, files, by=str)
    found = [c for c in sccs(graph) if not {unit(f) for f in c} <= EXEMPT]
    print(f"\ninclude cycles between headers: {len(found)}")
    for c in found:
        bad = True
        print("  " + " <-> ".join(c))
    for what, (graph, why) in (("include", include_graph(root, files)),
                               ("call", call_graph(root, files))):
        found = cycles(graph)
        print(f"\n{what} cycles between files (x.c and x.h as one; lib's "
              f"strbuf/usage/xalloc exempt): {len(found)}")
        for c in found:
            bad = True
            print("  " + " <-> ".join(c))
            for a in c:
                for b in c:
                    if b in graph.get(a, ()):
                        w = why[(a, b)]
                        print(f"    {a} -> {b}: {w}" if what == "include" else
                              f"    {a} -> {b}: calls {w}()")
        folder_graph = defaultdict(set)
        for a, bs in graph.items():
            for b in bs:
                if os.path.dirname(a) != os.path.dirname(b):
                    folder_graph[os.path.dirname(a)].add(os.path.dirname(b))
        fc = sccs(folder_graph)
        print(f"  between folders: {len(fc)}" +
              "".join(f"\n    {' <-> '.join(c)}" for c in fc))
        bad = bad or bool(fc)

    how = "ctags"
    if shutil.which("ctags"):
        funcs = functions_ctags(root, files)
    else:
        how = "braces"
        funcs = functions_braces(root, files)
    funcs.sort(key=lambda t: (-t[0], t[2], t[3]))
    print(f"\nlongest functions ({how}; {len(funcs)} functions):")
    print(f"  {'lines':>5}  {'function':<32} file:line")
    for n, name, path, line in funcs[:10]:
        print(f"  {n:>5}  {name:<32} {path}:{line}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
