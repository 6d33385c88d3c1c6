#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Is each patch's subject prefix its owning section's convention?  Judged
with none of linkmend's code: MAINTAINERS read here, and the conventions
the kernel documents.

usage: conventions.py TREE PATCH...

The owning section of a patch: for each file, the MAINTAINERS sections
whose F: (or N:) matches it most specifically (the deepest pattern, as
get_maintainer.pl ranks them); of those, the ones that own most of the
patch's files.  What the subject's prefix (the "word: word: " before
the summary) must be, in this order:

  - Documentation/devicetree/bindings/, include/dt-bindings/ only:
    "dt-bindings: ..." (Documentation/devicetree/bindings/
    submitting-patches.rst);
  - arch/arm/boot/dts/: "ARM: dts: ...", arch/arm64/boot/dts/:
    "arm64: dts: ..." (the SoC trees' form), another architecture's
    arch/ARCH/boot/dts/: "ARCH: dts: " or "ARCH/dts: ";
  - arch/x86/: "x86/component: " or "x86: " (maintainer-tip.rst), but
    arch/x86/crypto/, which the crypto tree takes in its own form;
  - otherwise a word of the prefix (its parts split at "/", "(", ")")
    must be a name the section has: a word of its title, or a part of
    one of its F: paths (directory names and file stems, split at - and
    _), generic parts (drivers, include, linux, uapi, Documentation,
    arch, tools, scripts, lib, ...) left out; a section titled
    DOCUMENTATION... also answers to "docs" and "doc".

Prints "subjects_not_section_convention: N", "patches_judged: N", then
one line per patch that fails: the file, its prefix, the owning
sections.
"""
import re
import sys

# Words a title or a list may hold that name no subsystem...
GENERIC_TITLE = {"and", "the", "of", "for", "with", "other", "support",
                 "driver", "drivers", "subsystem", "linux", "kernel", "git",
                 "devel", "list", "lists", "org", "vger", "www", "http",
                 "https", "pub", "scm"}
# ... and what a path adds: directories every subsystem has, build files.
GENERIC = GENERIC_TITLE | {"drivers", "include", "linux", "uapi", "documentation", "arch",
           "boot", "dts", "bindings", "devicetree", "tools", "testing",
           "selftests", "lib", "scripts", "asm", "asm-generic", "generic",
           "src", "common", "c", "h", "rst", "txt", "yaml", "s", "kconfig",
           "makefile", "and", "the", "of", "for", "with", "other", "misc",
           "core", "support", "driver", "drivers", "subsystem", "api",
           "abi", "sysfs", "testing", "stable", "admin-guide", "userspace-api",
           "driver-api", "index", "readme", "kbuild"}


def parse_maintainers(path):
    sections, cur, started = [], None, False
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.rstrip("\n")
        if not started:
            started = line.startswith("Maintainers List")
            continue
        m = re.match(r"^([A-Z]):\s*(.*)$", line)
        if m and cur is not None:
            cur["tags"].append((m.group(1), m.group(2).strip()))
        elif line.strip() and not line.startswith("-") and not m:
            cur = {"name": line.strip(), "tags": []}
            sections.append(cur)
    return sections


def pattern_re(pat):
    """get_maintainer.pl's reading of an F: pattern."""
    d = pat.endswith("/")
    body = re.escape(pat).replace(r"\*", ".*").replace(r"\?", ".")
    return re.compile("^" + body + ("" if d else "(/|$)"))


def compile_sections(sections, tree):
    import os
    for s in sections:
        s["f"], s["n"], s["x"] = [], [], []
        for t, v in s["tags"]:
            if t in "FX":
                p = v
                if "*" not in p and "?" not in p and not p.endswith("/") \
                        and os.path.isdir(os.path.join(tree, p)):
                    p += "/"
                (s["f"] if t == "F" else s["x"]).append((p, pattern_re(p)))
            elif t == "N":
                try:
                    s["n"].append(re.compile(v))
                except re.error:
                    pass
        s["names"] = names_of(s)


# Prefixes the subsystems use that no word of their MAINTAINERS entry
# spells (each seen in the subsystem's own history and named in the
# issue that asked for this check).
ALIASES = {"RCUTORTURE TEST FRAMEWORK": {"torture"}}


def words(text, generic, seps=r"[^a-z0-9-]+"):
    out = set()
    for w in re.split(seps, text.lower()):
        parts = {v for v in w.split("-") if len(v) >= 2 and v not in generic}
        out |= parts
        # "asm-generic" names a tree; "linux-kernel" names nothing.
        if parts and len(w) >= 2 and w not in generic:
            out.add(w)
    return out


def names_of(s):
    names = set(ALIASES.get(s["name"], set()))
    title = s["name"].lower()
    names |= words(title, GENERIC_TITLE, r"[^a-z0-9]+")
    # A list's or a tree's name is the subsystem's too (linux-kbuild,
    # alsa-devel, asm-generic.git).
    for t, v in s["tags"]:
        if t == "L":
            names |= words(v.split("@")[0], GENERIC_TITLE)
        elif t == "T":
            repo = v.split()[1] if len(v.split()) > 1 else v
            repo = repo.rstrip("/").rsplit("/", 1)[-1]
            names |= words(re.sub(r"\.git$", "", repo), GENERIC_TITLE)
    for p, _ in s["f"]:
        for part in p.lower().strip("/").split("/"):
            part = part.replace("*", "")
            stem = part.split(".", 1)[0] if "." in part else part
            for w in {part, stem} | set(re.split(r"[-_]", stem)):
                if len(w) >= 2 and w not in GENERIC:
                    names.add(w)
    if "documentation" in title:
        names |= {"docs", "doc", "documentation"}
    return names


def owners(sections, path):
    best, depth = [], -1
    for i, s in enumerate(sections):
        if any(r.search(path) for _, r in s["x"]):
            continue
        d = -1
        for p, r in s["f"]:
            if r.search(path):
                d = max(d, p.rstrip("/").count("/") + 1)
        if d < 0 and any(n.search(path) for n in s["n"]):
            d = 0
        if d < 0:
            continue
        if d > depth:
            best, depth = [i], d
        elif d == depth:
            best.append(i)
    return best


def subject_of(text):
    head = text.split("\n\n", 1)[0]
    head = re.sub(r"\n[ \t]+", " ", head)
    m = re.search(r"^Subject: (?:\[[^]]*\] )?(.*)$", head, re.M)
    return m.group(1) if m else ""


def prefix_of(subject):
    # "net: e1000: ", "hwmon: (lm90) ", "Compiler Attributes: ", the
    # perf tools' "perf tools: ", "perf docs: ", "perf vendor events: "
    # and the device mapper's targets, "dm crypt: ", "dm zoned: "; two
    # parts joined, "drm/amdgpu, drm/radeon: ", "block, bfq: ".
    m = re.match(r"^((?:[^\s:,]+(?:, [^\s:,]+)+: "
                 r"|[^\s:]+(?: [A-Z][^\s:]*){0,2}: "
                 r"|(?:perf|dm)(?: [a-z0-9-]+){1,2}: )"
                 r"(?:[^\s:]+: )*(?:\([^\s)]+\) )?)", subject)
    return m.group(1) if m else ""


def files_of(text):
    return re.findall(r"^\+\+\+ b/(\S+)", text, re.M)


def judge(prefix, files, sections, own):
    if all(f.startswith(("Documentation/devicetree/bindings/",
                         "include/dt-bindings/")) for f in files):
        return prefix.startswith("dt-bindings: ")
    if all(f.startswith("arch/arm/boot/dts/") for f in files):
        return prefix.startswith("ARM: dts: ")
    if all(f.startswith("arch/arm64/boot/dts/") for f in files):
        return prefix.startswith("arm64: dts: ")
    # Another architecture's device trees: "powerpc: dts: ".
    m = re.match(r"^arch/([\w-]+)/boot/dts/", files[0]) if files else None
    if m and all(f.startswith(m.group(0)) for f in files):
        return re.match(r"^%s(: |/)dts: " % re.escape(m.group(1)),
                        prefix) is not None
    # The x86 ciphers go through the crypto tree, in its form ("crypto:
    # x86/poly1305 - "): the section's own words judge them, below.
    if all(f.startswith("arch/x86/") for f in files) and \
            not all(f.startswith("arch/x86/crypto/") for f in files):
        return re.match(r"^x86(/[\w.-]+)*: ", prefix) is not None
    # A broad section's part named by its own folder, as upstream writes
    # it ("isofs: " for fs/isofs/ under FILESYSTEMS (VFS and
    # infrastructure), "ext4: ").
    first = prefix.split(":")[0].strip().lower()
    dirs = [f.split("/")[:-1] for f in files]
    if first and dirs and all(ds and ds[-1].lower() == first for ds in dirs):
        return True
    said = set()
    for w in re.split(r"[/():,\s]+", prefix.lower()):
        said |= {w} | set(re.split(r"[-_]", w))
    said.discard("")
    for i in own:
        names = sections[i]["names"]
        # THE REST (F: * alone) has no word of its own: the files' paths
        # say what the patch is about; its documents are the docs tree's.
        if not names - {"rest"}:
            # Upstream names such a patch by the folder its files share
            # ("lib: ", "arch: ", "tools/scripts: ").
            dirs = [f.split("/")[:-1] for f in files]
            common = []
            for parts in zip(*dirs):
                if len(set(parts)) != 1:
                    break
                common.append(parts[0])
            if common and prefix.strip().rstrip(":") == "/".join(common):
                return True
            names = set()
            for f in files:
                if f.startswith("Documentation/"):
                    names |= {"docs", "doc"}
                names |= words(f, GENERIC, r"[/.]+")
                names |= words(f, GENERIC, r"[/._]+")
        if said & names:
            return True
    return False


def main():
    tree, patches = sys.argv[1], sys.argv[2:]
    sections = parse_maintainers(tree + "/MAINTAINERS")
    compile_sections(sections, tree)
    bad, judged = [], 0
    for p in patches:
        text = open(p, encoding="utf-8", errors="replace").read()
        files = files_of(text)
        if not files:
            continue
        count = {}
        for f in files:
            for i in owners(sections, f):
                count[i] = count.get(i, 0) + 1
        if not count:
            continue
        most = max(count.values())
        own = [i for i, c in count.items() if c == most]
        judged += 1
        prefix = prefix_of(subject_of(text))
        if not judge(prefix, files, sections, own):
            bad.append((p, prefix, [sections[i]["name"] for i in own]))
    print(f"subjects_not_section_convention: {len(bad)}")
    print(f"patches_judged: {judged}")
    for p, prefix, own in bad:
        print(f"  {p}: '{prefix}' owned by {' | '.join(own)}")


main()
