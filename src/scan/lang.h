/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Which lexer reads a file, from its name and, for files with no known
 * extension, a shebang line.  Names outside every rule are LANG_TEXT.
 */
#ifndef SCAN_LANG_H
#define SCAN_LANG_H

#include <stddef.h>

enum lang {
	LANG_TEXT,
	LANG_C,		/* C, headers, dts, lds, lex/yacc, Rust */
	LANG_ASM,	/* .S/.s: C comments plus #, @ and ; comments */
	LANG_KCONFIG,
	LANG_MAKEFILE,
	LANG_SCRIPT,	/* shell, Perl, Python, awk, CMake: # comments */
	LANG_RST,
	LANG_MARKDOWN,
	LANG_YAML,
	LANG_HTML,	/* html, xml, svg */
	LANG_ASCIIDOC,	/* plain text whose links are URL[text] */
};

/* path is relative to the root; head/len the file's first bytes. */
enum lang lang_detect(const char *path, const char *head, size_t len);

#endif
