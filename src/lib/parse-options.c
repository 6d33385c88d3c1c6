// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse-options.h"
#include "similar.h"
#include "strbuf.h"
#include "usage.h"
#include "xalloc.h"

int parse_options_takes_arg(const struct option *o)
{
	return o->type != OPTION_BOOL &&
	       (o->type != OPTION_CALLBACK || o->takes_arg);
}

const struct option *parse_options_find(const struct option *opts,
					const char *name)
{
	for (; opts->type != OPTION_END; opts++)
		if (opts->long_name && !strcmp(opts->long_name, name))
			return opts;
	return NULL;
}

int parse_options_seen(const struct option *opts, const char *name)
{
	const struct option *o = parse_options_find(opts, name);

	return o && o->seen;
}

static void name_of(const struct option *o, char *buf, size_t n)
{
	if (o->long_name)
		snprintf(buf, n, "--%s", o->long_name);
	else
		snprintf(buf, n, "-%c", o->short_name);
}

/* K, M or G after a number of bytes: its factor, else 1. */
static double byte_unit(char **end)
{
	const char *units = "KMG";
	const char *u = **end ? strchr(units, toupper((unsigned char)**end)) :
			NULL;

	if (!u)
		return 1;
	++*end;
	return (double)(1LL << (10 * (u - units + 1)));
}

/* A number's range is checked before scaling: it is the user's unit. */
static void set_number(const struct option *o, const char *arg)
{
	char name[64], *end;
	double v;

	name_of(o, name, sizeof(name));
	errno = 0;
	v = strtod(arg, &end);
	if (o->type == OPTION_BYTES && end != arg)
		v *= byte_unit(&end);
	if (o->type == OPTION_BYTES &&
	    (errno || *end || end == arg || v < o->min || v > o->max))
		die("%s: '%s' is not a size (bytes, or with K, M, G) up to "
		    "64G", name, arg);
	if (errno || *end || end == arg || v < o->min || v > o->max)
		die("%s: '%s' is not a number from %g to %g", name, arg,
		    o->min, o->max);
	v *= o->scale;
	switch (o->type) {
	case OPTION_INT:
		*(int *)o->value = (int)v;
		break;
	case OPTION_LONG:
		*(long *)o->value = (long)v;
		break;
	case OPTION_LLONG:
	case OPTION_BYTES:
		*(long long *)o->value = (long long)v;
		break;
	default:
		*(size_t *)o->value = (size_t)v;
		break;
	}
}

static void apply(struct option *o, const char *arg, const struct usage_text *usage)
{
	o->seen = 1;
	switch (o->type) {
	case OPTION_BOOL:
		*(int *)o->value = 1;
		break;
	case OPTION_STRING:
		*(const char **)o->value = arg;
		break;
	case OPTION_CALLBACK:
		if (o->callback(o, arg))
			usage_die(usage->synopsis);
		break;
	case OPTION_LIST: {
		struct opt_list *l = o->value;

		ALLOC_GROW(l->v, l->nr + 2, l->alloc);
		l->v[l->nr++] = arg;
		l->v[l->nr] = NULL;
		break;
	}
	default:
		set_number(o, arg);
		break;
	}
}

/* Exact long name, else the one option it is a prefix of. */
static struct option *find_long(struct option *opts, const char *name,
				size_t len, const struct usage_text *usage)
{
	struct option *o, *hit = NULL;
	int many = 0;

	for (o = opts; o->type != OPTION_END; o++) {
		if (!o->long_name || strncmp(o->long_name, name, len))
			continue;
		if (!o->long_name[len])
			return o;
		many += hit != NULL;
		hit = o;
	}
	if (!hit) {
		char *typed = xstrndup(name, len);
		const char **names;
		const char *meant;
		size_t n = 0;

		for (o = opts; o->type != OPTION_END; o++)
			n++;
		names = xcalloc(n + 1, sizeof(*names));
		for (n = 0, o = opts; o->type != OPTION_END; o++)
			names[n++] = o->long_name;
		meant = similar_word(typed, names, n);
		if (meant)
			error("unknown option '--%s'; did you mean '--%s'?",
			      typed, meant);
		else
			error("unknown option '--%s'", typed);
		free(names);
		free(typed);
		usage_die(usage->synopsis);
	}
	if (many) {
		error("ambiguous option '--%.*s'", (int)len, name);
		usage_die(usage->synopsis);
	}
	return hit;
}

static int parse_long(struct option *opts, int argc, char **argv, int i,
		      const struct usage_text *usage)
{
	const char *name = argv[i] + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	struct option *o = find_long(opts, name, len, usage);

	if (!parse_options_takes_arg(o)) {
		if (eq) {
			error("option '--%s' takes no value", o->long_name);
			usage_die(usage->synopsis);
		}
		apply(o, NULL, usage);
		return i;
	}
	if (eq) {
		apply(o, eq + 1, usage);
		return i;
	}
	if (i + 1 >= argc) {
		error("option '--%s' needs a value", o->long_name);
		usage_die(usage->synopsis);
	}
	apply(o, argv[i + 1], usage);
	return i + 1;
}

static int parse_short(struct option *opts, int argc, char **argv, int i,
		       const struct usage_text *usage)
{
	const char *p;

	for (p = argv[i] + 1; *p; p++) {
		struct option *o;

		for (o = opts; o->type != OPTION_END; o++)
			if (o->short_name && o->short_name == *p)
				break;
		if (o->type == OPTION_END) {
			error("unknown option '-%c'", *p);
			usage_die(usage->synopsis);
		}
		if (!parse_options_takes_arg(o)) {
			apply(o, NULL, usage);
			continue;
		}
		if (p[1]) {
			apply(o, p + 1, usage);
			return i;
		}
		if (i + 1 >= argc) {
			error("option '-%c' needs a value", *p);
			usage_die(usage->synopsis);
		}
		apply(o, argv[i + 1], usage);
		return i + 1;
	}
	return i;
}

int parse_options(int argc, char **argv, struct option *opts,
		  const struct usage_text *usage)
{
	int i, n = 0;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			parse_options_help(stdout, opts, usage);
			exit(fflush(stdout) || ferror(stdout) ? 2 : 0);
		}
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--")) {
			while (++i < argc)
				argv[n++] = argv[i];
			break;
		}
		if (a[0] == '-' && a[1] == '-')
			i = parse_long(opts, argc, argv, i, usage);
		else if (a[0] == '-' && a[1])
			i = parse_short(opts, argc, argv, i, usage);
		else
			argv[n++] = argv[i];
	}
	argv[n] = NULL;
	return n;
}

void opt_list_release(struct opt_list *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}

/* The value an option starts with, as the user would type it. */
static int default_of(const struct option *o, char *buf, size_t n)
{
	enum parse_opt_type t = o->type == OPTION_CALLBACK ? o->shows : o->type;
	double v;

	if (!o->value)
		return 0;
	switch (t) {
	case OPTION_STRING: {
		const char *str = *(const char *const *)o->value;

		if (!str || !*str)
			return 0;
		snprintf(buf, n, "%s", str);
		return 1;
	}
	case OPTION_INT:
		v = *(const int *)o->value;
		break;
	case OPTION_LONG:
		v = (double)*(const long *)o->value;
		break;
	case OPTION_LLONG:
		v = (double)*(const long long *)o->value;
		break;
	case OPTION_SIZE:
		v = (double)*(const size_t *)o->value;
		break;
	case OPTION_BYTES: {
		long long b = *(const long long *)o->value;
		int u = 0;

		while (b && !(b % 1024) && u < 3)
			b /= 1024, u++;
		if (!b)
			return 0;
		snprintf(buf, n, "%lld%s", b, u ? (const char *[]){ "K", "M",
			 "G" }[u - 1] : "");
		return 1;
	}
	default:
		return 0;
	}
	if (!v)
		return 0;
	snprintf(buf, n, "%.15g", o->scale ? v / o->scale : v);
	return 1;
}

void parse_options_wrap(FILE *out, const char *text, int col)
{
	int at = col;

	while (*text) {
		size_t w = strcspn(text, " ");

		if (at > col && at + 1 + (int)w > 79) {
			fprintf(out, "\n%*s", col, "");
			at = col;
		} else if (at > col) {
			fputc(' ', out);
			at++;
		}
		fprintf(out, "%.*s", (int)w, text);
		at += (int)w;
		text += w;
		text += strspn(text, " ");
	}
	fputc('\n', out);
}

#define HELP_COL 25

static void help_line(FILE *out, const struct option *o)
{
	const struct option *d = o->like ? o->like : o;
	char left[96], def[96];
	struct strbuf sb = STRBUF_INIT;
	int len;

	if (o->short_name && o->long_name)
		len = snprintf(left, sizeof(left), "    -%c, --%s",
			       o->short_name, o->long_name);
	else if (o->long_name)
		len = snprintf(left, sizeof(left), "    --%s", o->long_name);
	else
		len = snprintf(left, sizeof(left), "    -%c", o->short_name);
	if (parse_options_takes_arg(o) && d->argh && len > 0 &&
	    (size_t)len < sizeof(left))
		len += snprintf(left + len, sizeof(left) - (size_t)len, " %s",
				d->argh);
	fputs(left, out);
	if (len >= HELP_COL - 1)
		fprintf(out, "\n%*s", HELP_COL, "");
	else
		fprintf(out, "%*s", HELP_COL - len, "");
	strbuf_addstr(&sb, o->help ? o->help : d->help ? d->help : "");
	if (default_of(d, def, sizeof(def)))
		strbuf_addf(&sb, " (default %s)", def);
	parse_options_wrap(out, sb.buf, HELP_COL);
	strbuf_release(&sb);
}

void parse_options_help(FILE *out, const struct option *opts,
			const struct usage_text *usage)
{
	fprintf(out, "usage: %s\n\n", usage->synopsis);
	if (usage->about)
		fprintf(out, "%s\n", usage->about);
	for (; opts->type != OPTION_END; opts++)
		if (opts->help || (opts->like && opts->like->help))
			help_line(out, opts);
	if (usage->after)
		fprintf(out, "\n%s", usage->after);
}

struct option *parse_options_merge(const struct option *own, size_t nown,
				   const struct option *const *tables,
				   const char *const *names, int n,
				   int (*takes)(int table, const char *name),
				   int (*cb)(const struct option *, const char *))
{
	size_t total = nown, i;
	struct option *opts;
	int t, k;

	for (t = 0; t < n; t++)
		for (i = 0; tables[t][i].type != OPTION_END; i++)
			total++;
	opts = xcalloc(total + 1, sizeof(*opts));	/* zeroed: OPT_END() */
	memcpy(opts, own, nown * sizeof(*own));
	total = nown;
	for (t = 0; t < n; t++) {
		const struct option *o;

		for (o = tables[t]; o->type != OPTION_END; o++) {
			struct strbuf where = STRBUF_INIT;

			if (!o->long_name || !takes(t, o->long_name) ||
			    parse_options_find(opts, o->long_name))
				continue;
			for (k = t; k < n; k++)
				if (takes(k, o->long_name))
					strbuf_addf(&where, "%s%s", where.len ?
						    ", " : " [", names[k]);
			opts[total] = (struct option)OPT_CALLBACK(
				o->short_name, o->long_name, NULL, cb, NULL,
				NULL);
			opts[total].takes_arg = parse_options_takes_arg(o);
			opts[total].like = o;
			opts[total++].help = xstrfmt("%s%s]", o->help ? o->help :
						     "", where.buf);
			strbuf_release(&where);
		}
	}
	return opts;
}

void parse_options_merged_free(struct option *opts, size_t nown)
{
	size_t i;

	for (i = nown; opts[i].type != OPTION_END; i++)
		free((char *)opts[i].help);
	free(opts);
}
