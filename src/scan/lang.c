// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "lang.h"

struct ext_rule {
	const char *ext;
	enum lang lang;
};

static const struct ext_rule ext_rules[] = {
	{ "c", LANG_C }, { "h", LANG_C }, { "cc", LANG_C }, { "cpp", LANG_C },
	{ "cxx", LANG_C }, { "hh", LANG_C }, { "hpp", LANG_C },
	{ "dts", LANG_C }, { "dtsi", LANG_C }, { "dtso", LANG_C },
	{ "lds", LANG_C }, { "y", LANG_C }, { "l", LANG_C }, { "rs", LANG_C },
	{ "uc", LANG_C }, { "ld", LANG_C }, { "bpf", LANG_C },
	{ "cocci", LANG_C },
	{ "S", LANG_ASM }, { "s", LANG_ASM }, { "asm", LANG_ASM },
	{ "mk", LANG_MAKEFILE }, { "mak", LANG_MAKEFILE },
	{ "sh", LANG_SCRIPT }, { "bash", LANG_SCRIPT }, { "pl", LANG_SCRIPT },
	{ "pm", LANG_SCRIPT }, { "py", LANG_SCRIPT }, { "awk", LANG_SCRIPT },
	{ "tc", LANG_SCRIPT }, { "rb", LANG_SCRIPT }, { "tcl", LANG_SCRIPT },
	{ "sed", LANG_SCRIPT }, { "bt", LANG_SCRIPT }, { "cmake", LANG_SCRIPT },
	{ "rst", LANG_RST },
	{ "adoc", LANG_ASCIIDOC }, { "asciidoc", LANG_ASCIIDOC },
	{ "md", LANG_MARKDOWN }, { "markdown", LANG_MARKDOWN },
	{ "yaml", LANG_YAML }, { "yml", LANG_YAML },
	{ "html", LANG_HTML }, { "htm", LANG_HTML }, { "xml", LANG_HTML },
	{ "svg", LANG_HTML }, { "xsl", LANG_HTML }, { "xhtml", LANG_HTML },
};

static enum lang shebang_lang(const char *head, size_t len)
{
	static const char *const interp[] = {
		"sh", "bash", "dash", "ksh", "zsh", "perl", "python", "awk",
		"gawk", "ruby", "tclsh", "wish", "env", "sed", "bpftrace",
	};
	const char *p, *end, *word;
	size_t i, n;

	if (len < 3 || head[0] != '#' || head[1] != '!')
		return LANG_TEXT;
	end = memchr(head, '\n', len);
	if (!end)
		end = head + len;
	/* The interpreter's basename: "/usr/bin/env python3" -> "python3". */
	p = head + 2;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	word = p;
	while (p < end && *p != ' ' && *p != '\t' && *p != '\r')
		if (*p++ == '/')
			word = p;
	n = (size_t)(p - word);
	if (n == 3 && !memcmp(word, "env", 3)) {
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		word = p;
		while (p < end && *p != ' ' && *p != '\t' && *p != '\r')
			p++;
		n = (size_t)(p - word);
	}
	for (i = 0; i < sizeof(interp) / sizeof(interp[0]); i++) {
		size_t l = strlen(interp[i]);

		if (n >= l && !memcmp(word, interp[i], l))
			return LANG_SCRIPT;
	}
	return LANG_TEXT;
}

enum lang lang_detect(const char *path, const char *head, size_t len)
{
	const char *base = strrchr(path, '/');
	const char *dot;
	size_t i;

	base = base ? base + 1 : path;
	if (!strncmp(base, "Kconfig", 7))
		return LANG_KCONFIG;
	if (!strncmp(base, "Makefile", 8) || !strncmp(base, "Kbuild", 6) ||
	    !strcmp(base, "GNUmakefile") || !strncmp(base, "makefile", 8))
		return LANG_MAKEFILE;
	/* CMake's comments are a script's: '#' outside quoted arguments. */
	if (!strcmp(base, "CMakeLists.txt"))
		return LANG_SCRIPT;
	dot = strrchr(base, '.');
	if (dot && dot != base) {
		for (i = 0; i < sizeof(ext_rules) / sizeof(ext_rules[0]); i++)
			if (!strcmp(dot + 1, ext_rules[i].ext))
				return ext_rules[i].lang;
	}
	return shebang_lang(head, len);
}
