/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Proof that an edit touched only what it may.  Every kind of file series
 * may change has a rule, and a changed file of any other kind fails (test
 * data, a translation, XML outside docs): C, headers, asm and dts keep
 * their token stream without comments; Kconfig every line outside help
 * text; make, shell, Python, Perl and CMake every line without its '#'
 * comment; YAML every line but comments and description values; rst,
 * markdown and AsciiDoc the count of their link, code-span and title
 * marks; HTML under a docs folder its tags; plain-text documentation its
 * words.  Every file keeps its words outside its URLs (as scan finds
 * them, comment leaders aside) and gains no line: edits are in place.
 * A binary file never passes.
 */
#ifndef VERIFY_VERIFY_H
#define VERIFY_VERIFY_H

#include <stddef.h>

#include "../lib/strbuf.h"

/*
 * 0 when the change from old to new in path is safe; else -1 with a
 * one-line reason in why.
 */
int verify_change(const char *path, const char *old, size_t oldlen,
		  const char *new, size_t newlen, struct strbuf *why);

/*
 * Every file changed in the work tree dir since the commit base, each
 * proved by verify_change(); one line "PATH: why" on stdout for each
 * that fails (a file added or deleted fails).  *checked and *bad count
 * them.  -1 after error() when git cannot tell what changed.
 */
int verify_tree(const char *dir, const char *base, int *checked, int *bad);

#endif
