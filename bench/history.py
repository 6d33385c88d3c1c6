#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A git history for bench/dating.sh, as a git fast-import stream on stdout.

usage: history.py FILES COMMITS SEED

FILES C files of about 300 lines, each with four link comments, changed by
COMMITS commits spread over 2008-2025: every commit edits two files (code
lines replaced, inserted, deleted, so the links' line numbers move), one
in five rewrites a link line (a new path on the same dead host), one in
ten rewraps one (its URL the same: git blame dates the line from then,
the URL is older), one in twenty moves a block holding a link to another
file (reindented).  The links' hosts do not exist: in the test web they
are dead, and resolve dates every one.
"""
import random
import sys

files, commits, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rnd = random.Random(seed)
out = sys.stdout.buffer
T0, T1 = 1199145600, 1767139200		# 2008-01-01 .. 2025-12-31


def code(i):
	return "\tval = read_reg(dev, 0x%04x) + %d;\n" % (rnd.randrange(65536), i)


def link(f, k, v):
	return (" * Datasheet: http://dead%d.history-web.org/%d/rev%d.pdf\n"
		% (f, k, v))


out.write(b"feature done\n")
text = []
for f in range(files):
	lines = ["// SPDX-License-Identifier: GPL-2.0\n", "/*\n"]
	lines += [link(f, k, 0) for k in range(4)]
	lines += [" */\n"]
	lines += [code(i) for i in range(300)]
	text.append(lines)


def blob(lines):
	data = "".join(lines).encode()
	return b"data %d\n%s\n" % (len(data), data)


def commit(n, when, msg, changed):
	out.write(b"commit refs/heads/main\n")
	out.write(b"mark :%d\n" % n)
	out.write(b"author Dev <dev@history-web.org> %d +0000\n" % when)
	out.write(b"committer Dev <dev@history-web.org> %d +0000\n" % when)
	m = msg.encode()
	out.write(b"data %d\n%s\n" % (len(m), m))
	for f in changed:
		out.write(b"M 100644 inline drivers/dev%03d.c\n" % f)
		out.write(blob(text[f]))
	out.write(b"\n")


commit(1, T0, "import", range(files))
version = 1
for n in range(2, commits + 1):
	when = T0 + (T1 - T0) * n // (commits + 1)
	changed = rnd.sample(range(files), 2)
	for f in changed:
		lines = text[f]
		for _ in range(3):
			i = rnd.randrange(len(lines))
			if "http://" not in lines[i] and lines[i].startswith("\t"):
				lines[i] = code(n)
		for _ in range(2):
			lines.insert(rnd.randrange(7, len(lines)), code(n))
		i = rnd.randrange(7, len(lines))
		if "http://" not in lines[i]:
			del lines[i]
		if rnd.random() < 0.1:
			lines.insert(2, " * Revision %d.\n" % n)
	if rnd.random() < 0.2:
		f = changed[0]
		idx = [i for i, l in enumerate(text[f]) if "http://" in l]
		if idx:
			i = rnd.choice(idx)
			version += 1
			text[f][i] = text[f][i].split("/rev")[0] + "/rev%d.pdf\n" % version
	# A link line rewrapped: its URL the same, the line's text not.
	if rnd.random() < 0.1:
		f = changed[1]
		idx = [i for i, l in enumerate(text[f]) if "Datasheet:" in l]
		if idx:
			i = rnd.choice(idx)
			if "Datasheet:  " in text[f][i]:
				text[f][i] = text[f][i].replace("Datasheet:  ", "Datasheet: ", 1)
			else:
				text[f][i] = text[f][i].replace("Datasheet: ", "Datasheet:  ", 1)
	if rnd.random() < 0.05:
		a, b = changed
		idx = [i for i, l in enumerate(text[a]) if "http://" in l]
		if len(idx) > 1:
			i = idx[-1]
			block = text[a][i:i + 1] + text[a][i + 1:i + 10]
			if all(l.startswith("\t") for l in block[1:]):
				del text[a][i:i + 10]
				at = rnd.randrange(7, len(text[b]))
				block[0] = block[0].replace(" * ", "\t/* ", 1)
				block[0] = block[0].rstrip("\n") + " */\n"
				text[b][at:at] = block
	commit(n, when, "dev: change %d" % n, changed)
out.write(b"done\n")
