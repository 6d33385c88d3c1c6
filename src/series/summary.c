// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../lib/strbuf.h"
#include "../lib/xalloc.h"
#include "../subject/subject.h"
#include "summary.h"

/* The ways to say what a patch does, longest first; noun may be "". */
static char *wording(enum plan_group kind, int way, size_t links,
		     const char *noun)
{
	const char *one = links == 1 ? "" : "s";
	const char *cop = links == 1 ? "y" : "ies";
	const char *sp = *noun ? " " : "";

	switch (kind) {
	case PG_ARCHIVED:
		if (way == 0)
			return xstrfmt("replace dead %s%slink%s with archived "
				       "cop%s", noun, sp, one, cop);
		if (way == 1)
			return xstrfmt("use archived cop%s of dead %s%slink%s",
				       cop, noun, sp, one);
		return xstrfmt("use archived cop%s", cop);
	case PG_UPGRADE:
		return xstrfmt("use https for %s%slink%s", noun, sp, one);
	case PG_STRINGS:
		return xstrfmt("update %s%slink%s in strings", noun, sp, one);
	default:
		return xstrfmt("update moved %s%slink%s", noun, sp, one);
	}
}

/*
 * The ways to say what a patch of several kinds does, longest first:
 * each kind named ("update moved and dead web links"; links in strings
 * and comments both: "update web links in strings and comments").
 */
static char *mixed_wording(unsigned kinds, int way, size_t links,
			   const char *noun)
{
	static const char *const adj[PG__COUNT] = { "moved", "http", "dead",
						    NULL };
	const char *one = links == 1 ? "" : "s";
	const char *sp = *noun ? " " : "";
	struct strbuf sb = STRBUF_INIT;
	size_t n = 0, left = 0;
	int k;

	if (way == 2 || (kinds & (1u << PG_STRINGS)))
		return xstrfmt("update %s%slink%s%s", noun, sp, one,
			       kinds & (1u << PG_STRINGS) && way < 2 ?
			       " in strings and comments" : "");
	for (k = 0; k < PG__COUNT; k++)
		left += adj[k] && (kinds & (1u << k));
	strbuf_addstr(&sb, "update ");
	for (k = 0; k < PG__COUNT; k++) {
		if (!adj[k] || !(kinds & (1u << k)))
			continue;
		if (n)
			strbuf_addstr(&sb, n + 1 == left ? " and " : ", ");
		strbuf_addstr(&sb, adj[k]);
		n++;
	}
	strbuf_addf(&sb, " %s%slink%s", noun, sp, one);
	return strbuf_detach(&sb, NULL);
}

/* 1 when kinds holds more than one kind. */
static int several(unsigned kinds)
{
	return (kinds & (kinds - 1)) != 0;
}

char *subject_summary_kinds(unsigned kinds, size_t links, const char *noun,
			    const char *what, int capital, size_t room)
{
	/* Longest first: the noun before the verb's length. */
	static const struct { int noun, way; } order[] = {
		{ 1, 0 }, { 0, 0 }, { 1, 2 },
	};
	size_t i, n = sizeof(order) / sizeof(order[0]);
	char *s = NULL;

	if (!several(kinds)) {
		enum plan_group kind = PG_MOVED;

		while (kind < PG__COUNT && !(kinds & (1u << kind)))
			kind++;
		return subject_summary(kind, links, noun, what, capital, room);
	}
	for (i = 0; i < n && !s; i++) {
		char *t = mixed_wording(kinds, order[i].way, links,
					order[i].noun ? (noun ? noun : "web") :
					"");

		if (what) {
			char *u = xstrfmt("%s %s %s", t, kinds &
					  (1u << PG_STRINGS) ? "of" : "in",
					  what);

			free(t);
			t = u;
		}
		/* Without a place, the shortest stands whatever the room. */
		if (strlen(t) <= room || (!what && i == n - 1))
			s = t;
		else
			free(t);
	}
	if (s && capital)
		s[0] = (char)toupper((unsigned char)s[0]);
	return s;
}

char *subject_summary(enum plan_group kind, size_t links, const char *noun,
		      const char *what, int capital, size_t room)
{
	/* Longest first: the noun before the verb's length, "copies" last. */
	static const struct { int noun, way; } order[] = {
		{ 1, 0 }, { 1, 1 }, { 0, 0 }, { 0, 1 }, { 0, 2 },
	};
	size_t i, n = sizeof(order) / sizeof(order[0]);
	char *s = NULL;

	for (i = 0; i < n && !s; i++) {
		char *t;

		/*
		 * "use archived copies" says not of what: never with a
		 * place ("use archived copies in foo.c"), where the whole
		 * wording without the place says more.
		 */
		if (order[i].way == 2 && (kind != PG_ARCHIVED || what))
			continue;
		t = wording(kind, order[i].way, links,
			    order[i].noun ? (noun ? noun : "web") : "");
		if (what) {
			char *u = xstrfmt("%s %s %s", t, kind != PG_STRINGS ?
					  "in" : "of", what);

			free(t);
			t = u;
		}
		/* Without a place, the shortest stands whatever the room. */
		if (strlen(t) <= room || (!what && i == n - 1) ||
		    (!what && kind != PG_ARCHIVED && i == n - 2))
			s = t;
		else
			free(t);
	}
	if (s && capital)
		s[0] = (char)toupper((unsigned char)s[0]);
	return s;
}

/* 1 when a part of prefix, split at seps, is what's name (wl long). */
static int part_named(const char *prefix, const char *what, size_t wl,
		      const char *seps)
{
	const char *p = prefix;

	while (*p) {
		size_t l = strcspn(p, seps);

		if (l == wl && !strncasecmp(p, what, l))
			return 1;
		p += l;
		p += strspn(p, seps);
	}
	return 0;
}

int subject_repeats(const char *prefix, const char *what)
{
	size_t wl = strcspn(what, "."), k;
	const char *and = strstr(what, " and ");

	if (strchr(what, '/'))
		return 0;
	/* The documentation's folder is what "docs: " says. */
	if (!strcmp(what, "Documentation") &&
	    (!strncmp(prefix, "docs: ", 6) || strstr(prefix, " docs: ")))
		return 1;
	/* Both of two places the prefix names: "math and mpi" of "lib/math, lib/mpi: ". */
	if (and && !strchr(what, ',')) {
		size_t al = (size_t)(and - what);

		return part_named(prefix, what, al, ":/(), ") &&
		       part_named(prefix, and + 5, strlen(and + 5), ":/(), ");
	}
	/* A file's whole name: "compiler-clang.h" of "compiler-clang.h: ". */
	if (part_named(prefix, what, strlen(what), ":/() ,"))
		return 1;
	/* ARM's platform folder: "mach-ep93xx" of "ARM: ep93xx: ". */
	if (!strncmp(what, "mach-", 5) &&
	    part_named(prefix, what + 5, strlen(what + 5), ":/() "))
		return 1;
	/* A plural of the part: "cpusets.rst" of "docs: cpuset: ". */
	if (wl > 3 && what[wl - 1] == 's' &&
	    part_named(prefix, what, wl - 1, ":/() "))
		return 1;

	/*
	 * A binding's name holds its vendor's comma: "ti,sn65dsi86: "; a
	 * word of a part is one too: "bindings" of "dt-bindings: ".
	 */
	if (part_named(prefix, what, wl, ":/() ,") ||
	    part_named(prefix, what, wl, ":/() ") ||
	    part_named(prefix, what, wl, ":/() -"))
		return 1;
	/*
	 * Two parts joined: the driver and its class ("hid-ft260.c" of
	 * "HID: ft260: ", "i5400_edac.c" of "EDAC/i5400: ").
	 */
	for (k = 1; k + 1 < wl; k++)
		if ((what[k] == '-' || what[k] == '_') &&
		    part_named(prefix, what, k, ":/() ") &&
		    part_named(prefix, what + k + 1, wl - k - 1, ":/() "))
			return 1;
	/*
	 * One of the files of the driver the prefix ends in, where that is
	 * a part of its own: "tpm_tis_spi_main.c" of "tpm: tpm_tis_spi: ".
	 */
	k = subject_last_part(prefix);
	if (k) {
		const char *last = prefix + k;

		k = strlen(last) - 2;
		if (k && k < wl && !strncasecmp(what, last, k) &&
		    (what[k] == '-' || what[k] == '_'))
			return 1;
	}
	return 0;
}
