// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse-options.h"
#include "similar.h"
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

/* A number's range is checked before scaling: it is the user's unit. */
static void set_number(const struct option *o, const char *arg)
{
	char name[64], *end;
	double v;

	name_of(o, name, sizeof(name));
	errno = 0;
	v = strtod(arg, &end);
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
		*(long long *)o->value = (long long)v;
		break;
	default:
		*(size_t *)o->value = (size_t)v;
		break;
	}
}

static void apply(struct option *o, const char *arg, const char *usage)
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
			usage_die(usage);
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
				size_t len, const char *usage)
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
		usage_die(usage);
	}
	if (many) {
		error("ambiguous option '--%.*s'", (int)len, name);
		usage_die(usage);
	}
	return hit;
}

static int parse_long(struct option *opts, int argc, char **argv, int i,
		      const char *usage)
{
	const char *name = argv[i] + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	struct option *o = find_long(opts, name, len, usage);

	if (!parse_options_takes_arg(o)) {
		if (eq) {
			error("option '--%s' takes no value", o->long_name);
			usage_die(usage);
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
		usage_die(usage);
	}
	apply(o, argv[i + 1], usage);
	return i + 1;
}

static int parse_short(struct option *opts, int argc, char **argv, int i,
		       const char *usage)
{
	const char *p;

	for (p = argv[i] + 1; *p; p++) {
		struct option *o;

		for (o = opts; o->type != OPTION_END; o++)
			if (o->short_name && o->short_name == *p)
				break;
		if (o->type == OPTION_END) {
			error("unknown option '-%c'", *p);
			usage_die(usage);
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
			usage_die(usage);
		}
		apply(o, argv[i + 1], usage);
		return i + 1;
	}
	return i;
}

int parse_options(int argc, char **argv, struct option *opts,
		  const char *usage)
{
	int i, n = 0;

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
