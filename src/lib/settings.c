// SPDX-License-Identifier: GPL-2.0-or-later
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "parse-options.h"
#include "settings.h"
#include "similar.h"
#include "strbuf.h"
#include "usage.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define STR(x) STR_(x)
#define STR_(x) #x

/* One row a setting; the man page's CONFIGURATION lists the same. */
static const struct setting table[] = {
	{ "scan", "skip", NULL, SETTING_GLOB, 0, 0, NULL, 0, NULL,
	  "paths not scanned (a pattern ending in / holds all below)" },
	{ "check", "ignore", NULL, SETTING_GLOB, 0, 0, NULL, 0, NULL,
	  "URLs never requested" },
	{ "check", "jobs", NULL, SETTING_NUMBER, 1, SETTING_MAX_JOBS,
	  STR(SETTING_JOBS), 0, "jobs", "requests at once" },
	{ "check", "per-host", NULL, SETTING_NUMBER, 1, SETTING_MAX_PER_HOST,
	  STR(SETTING_PER_HOST), 0, "per-host", "requests at once to one host" },
	{ "check", "spacing-ms", NULL, SETTING_NUMBER, 0,
	  SETTING_MAX_SPACING_MS, STR(SETTING_SPACING_MS), 0, "spacing-ms",
	  "milliseconds between two requests to one host" },
	{ "check", "timeout", NULL, SETTING_NUMBER, 1, SETTING_MAX_TIMEOUT_S,
	  STR(SETTING_TIMEOUT_S), 0, "timeout", "seconds a request may take" },
	{ "check", "confirm", NULL, SETTING_NUMBER, 1, SETTING_MAX_CONFIRM,
	  STR(SETTING_CONFIRM), 0, "confirm",
	  "failed checks that make a link dead (check, resolve, report, "
	  "diff)" },
	{ "check", "spacing", NULL, SETTING_NUMBER, 0,
	  SETTING_MAX_CONFIRM_SPACING_DAYS, STR(SETTING_CONFIRM_SPACING_DAYS),
	  0, "spacing", "days between two failed checks that both count" },
	{ "check", "suspect-share", NULL, SETTING_NUMBER, 1, 100,
	  STR(SETTING_SUSPECT_SHARE), 0, "suspect-share",
	  "per cent of hosts unreachable that blame the network" },
	{ "check", "user-agent", NULL, SETTING_TEXT, 0, 0,
	  SETTING_USER_AGENT, 1, "user-agent",
	  "the User-Agent header" },
	{ "check", "proxy", NULL, SETTING_TEXT, 0, 0, NULL, 1, "proxy",
	  "every request through this proxy (http://HOST:PORT)" },
	{ "host", "accept", "NAME", SETTING_STATUSES, 100, 599, NULL, 0, NULL,
	  "statuses that mean alive on that host (403, 429)" },
	{ "host", "per-host", "NAME", SETTING_NUMBER, 1, SETTING_MAX_PER_HOST,
	  NULL, 0, NULL, "requests at once to that host" },
	{ "resolve", "wayback", NULL, SETTING_TEXT, 0, 0,
	  SETTING_WAYBACK, 1, "wayback",
	  "the Wayback Machine (resolve, archive)" },
	{ "resolve", "memento", NULL, SETTING_TEXT, 0, 0, NULL, 1, "memento",
	  "a TimeMap prefix for other archives" },
	{ "report", "source-url", NULL, SETTING_TEMPLATE, 0, 0, NULL, 0,
	  "source-url", "each path:line links here ({path}, {line})" },
	{ "keep", "path", NULL, SETTING_GLOB, 0, 0, NULL, 0, NULL,
	  "files never changed by fix or series" },
	{ "keep", "line", NULL, SETTING_TEXT, 0, 0, NULL, 0, NULL,
	  "lines holding this text never changed" },
	{ "keep", "host", NULL, SETTING_TEXT, 0, 0, NULL, 0, NULL,
	  "the project's own host: links to it never changed" },
	{ "store", "url", NULL, SETTING_TEXT, 0, 0, NULL, 1, "db",
	  "the store when not the tree's own (postgresql://...)" },
	{ "tree", "tag", "NAME", SETTING_TEXT, 0, SETTING_MAX_SUBJECT,
	  NULL, 0, NULL,
	  "the subject tag of that tree's series (net-next)" },
	{ "subject", "prefix", "NAME", SETTING_TEXT, 0, SETTING_MAX_SUBJECT,
	  NULL, 0, NULL,
	  "the subject prefix of patches to files under the path NAME "
	  "(foo: bar:)" },
};

const struct setting *settings_all(size_t *n)
{
	*n = N(table);
	return table;
}

const struct setting *settings_find(const char *section, const char *key)
{
	size_t i;

	for (i = 0; i < N(table); i++)
		if (!strcmp(table[i].section, section) &&
		    !strcmp(table[i].key, key))
			return &table[i];
	return NULL;
}

const char *settings_near(const char *section, const char *key)
{
	static char buf[96];
	const char *names[N(table)];
	const char *meant;
	size_t i;

	/* A known section: its keys; else every "section.key". */
	for (i = 0; i < N(table); i++)
		names[i] = !strcmp(table[i].section, section) ? table[i].key :
			   NULL;
	meant = similar_word(key, names, N(table));
	if (meant) {
		snprintf(buf, sizeof(buf), "[%s] %s", section, meant);
		return buf;
	}
	for (i = 0; i < N(table); i++)
		if (!strcmp(table[i].key, key) &&
		    similar_word(section, &table[i].section, 1)) {
			snprintf(buf, sizeof(buf), "[%s] %s", table[i].section,
				 key);
			return buf;
		}
	return NULL;
}

/* A key the code reads must be in the table: a bug, said loudly. */
static const struct setting *must_find(const char *section, const char *key)
{
	const struct setting *s = settings_find(section, key);

	if (!s) {
		error("BUG: [%s] %s is read but not in the settings table",
		      section, key);
		abort();
	}
	return s;
}

static int overridden(const struct option *opts, const struct setting *s)
{
	return opts && s->option && parse_options_seen(opts, s->option);
}

int settings_number(const struct config *cfg, const struct option *opts,
		    const char *section, const char *key, long *v)
{
	const struct setting *s = must_find(section, key);

	if (!cfg || overridden(opts, s))
		return 0;
	return config_number(cfg, section, key, s->min, s->max, v);
}

const char *settings_text(const struct config *cfg, const struct option *opts,
			  const char *section, const char *key)
{
	const struct setting *s = must_find(section, key);

	if (!cfg || overridden(opts, s))
		return NULL;
	return config_get(cfg, section, key);
}

void settings_print(FILE *out)
{
	struct strbuf d = STRBUF_INIT;
	size_t i;

	fprintf(out, "Settings of .linkmend.conf (the tree's) and "
		"$XDG_CONFIG_HOME/linkmend/config\n(the user's, which alone "
		"sets those marked 'user only'); an option given\non the "
		"command line wins over both.\n");
	for (i = 0; i < N(table); i++) {
		const struct setting *s = &table[i];

		if (s->sub)
			fprintf(out, "\n[%s \"%s\"] %s\n", s->section, s->sub,
				s->key);
		else
			fprintf(out, "\n[%s] %s\n", s->section, s->key);
		fprintf(out, "    %s\n", s->help);
		strbuf_reset(&d);
		if (s->kind == SETTING_NUMBER)
			strbuf_addf(&d, ", %ld to %ld", s->min, s->max);
		else if (s->kind == SETTING_TEXT && s->max)
			strbuf_addf(&d, ", at most %ld bytes", s->max);
		if (s->def)
			strbuf_addf(&d, ", default %s", s->def);
		if (s->option)
			strbuf_addf(&d, ", option --%s", s->option);
		if (s->user_only)
			strbuf_addstr(&d, ", user only");
		if (d.len)
			fprintf(out, "    %s\n", d.buf + 2);
	}
	strbuf_release(&d);
}

void settings_confirm_init(int *confirm, long long *spacing_s)
{
	*confirm = SETTING_CONFIRM;
	*spacing_s = SETTING_CONFIRM_SPACING_DAYS * 86400LL;
}

int settings_confirm(const struct config *cfg, const struct option *opts,
		     int *confirm, long long *spacing_s)
{
	long c = *confirm, days = (long)(*spacing_s / 86400);

	if (settings_number(cfg, opts, "check", "confirm", &c) ||
	    settings_number(cfg, opts, "check", "spacing", &days))
		return -1;
	*confirm = (int)c;
	if (!opts || !parse_options_seen(opts, "spacing"))
		*spacing_s = days * 86400LL;
	return 0;
}
