// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "parse-options.h"
#include "settings.h"
#include "similar.h"
#include "strbuf.h"
#include "usage.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* A config file's range is whole numbers: an option's 0.1 is its 1. */
#define CEIL_(x) ((long)(x) + ((x) > (long)(x)))

#define ROW_(a, id_, section_, sub_, key_, kind_, lo, hi, def_, user, sh, \
	     lname, otype, sc, argh_, unit_, cmds, hlp) \
	{ .id = SETTING_##id_, .section = (section_), .key = (key_), \
	  .sub = (sub_), .kind = SETTING_##kind_, .min = CEIL_(lo), \
	  .max = (hi), .def = (def_), .user_only = (user), \
	  .short_name = (sh), .option = (lname), .scale = (sc), \
	  .argh = (argh_), .unit = (unit_), .commands = (cmds), \
	  .help = (hlp) },

/* One row a setting, from settings-rows.h; indexed by its id. */
static const struct setting table[] = {
	SETTINGS_EACH(ROW_, ~)
};

const struct setting *settings_row(enum setting_id id)
{
	return &table[id];
}

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

static int overridden(const struct option *opts, const struct setting *s)
{
	return opts && s->option && parse_options_seen(opts, s->option);
}

long settings_default(enum setting_id id)
{
	const struct setting *s = &table[id];

	return s->kind == SETTING_NUMBER && s->def ? strtol(s->def, NULL, 10) :
	       0;
}

const char *settings_default_text(enum setting_id id)
{
	return table[id].def;
}

int settings_number(const struct config *cfg, const struct option *opts,
		    enum setting_id id, long *v)
{
	const struct setting *s = &table[id];

	if (!cfg || overridden(opts, s))
		return 0;
	return config_number(cfg, s->section, s->key, s->min, s->max, v);
}

const char *settings_text(const struct config *cfg, const struct option *opts,
			  enum setting_id id)
{
	const struct setting *s = &table[id];

	if (!cfg || overridden(opts, s))
		return NULL;
	return config_get(cfg, s->section, s->key);
}

const char *settings_text_sub(const struct config *cfg, enum setting_id id,
			      const char *sub)
{
	const struct setting *s = &table[id];

	return cfg ? config_get_sub(cfg, s->section, sub, s->key) : NULL;
}

/* Validated in range when the file was loaded (setup.c). */
long settings_number_sub(const struct config *cfg, enum setting_id id,
			 const char *sub)
{
	const char *v = settings_text_sub(cfg, id, sub);

	return v ? strtol(v, NULL, 10) : 0;
}

int settings_match(const struct config *cfg, enum setting_id id,
		   const char *str, int path)
{
	const struct setting *s = &table[id];

	return config_match(cfg, s->section, s->key, str, path);
}

const struct config_entry *settings_next(const struct config *cfg,
					 enum setting_id id, size_t *i)
{
	const struct setting *s = &table[id];

	return cfg ? config_next(cfg, s->section, s->key, i) : NULL;
}

static const char *const command_names[] = { "scan", "check", "resolve",
	"fix", "series", "verify", "archive", "diff", "report", "run" };

/* ", 1 to 100, default 3, option --confirm (check, ...), user only" */
static void details(struct strbuf *d, const struct setting *s)
{
	size_t c;
	int n = 0;

	strbuf_reset(d);
	if (s->kind == SETTING_NUMBER)
		strbuf_addf(d, ", %ld to %ld%s%s", s->min, s->max,
			    s->unit ? " " : "", s->unit ? s->unit : "");
	else if (s->kind == SETTING_TEXT && s->max)
		strbuf_addf(d, ", at most %ld bytes", s->max);
	if (s->def)
		strbuf_addf(d, ", default %s", s->def);
	if (s->option) {
		strbuf_addf(d, ", option --%s", s->option);
		for (c = 0; c < N(command_names); c++)
			if (s->commands & (1u << c))
				strbuf_addf(d, "%s%s", n++ ? ", " : " (",
					    command_names[c]);
		if (n)
			strbuf_addch(d, ')');
	}
	if (s->user_only)
		strbuf_addstr(d, ", user only");
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
		fputs("    ", out);
		parse_options_wrap(out, s->help, 4);
		details(&d, s);
		if (d.len) {
			fputs("    ", out);
			parse_options_wrap(out, d.buf + 2, 4);
		}
	}
	strbuf_release(&d);
}

/* text as roff: '-' and '\' escaped, no line starting with a control. */
static void roff_text(FILE *out, const char *text)
{
	if (*text == '.' || *text == '\'')
		fputs("\\&", out);
	for (; *text; text++)
		if (*text == '-')
			fputs("\\-", out);
		else if (*text == '\\')
			fputs("\\e", out);
		else
			fputc(*text, out);
}

void settings_print_roff(FILE *out)
{
	struct strbuf d = STRBUF_INIT;
	size_t i;

	for (i = 0; i < N(table); i++) {
		const struct setting *s = &table[i];

		fputs(".TP\n.B ", out);
		if (s->sub)
			fprintf(out, "\"[%s \\(dq%s\\(dq] ", s->section,
				s->sub);
		else
			fprintf(out, "\"[%s] ", s->section);
		roff_text(out, s->key);
		fputs("\"\n", out);
		/* A sentence in the man page, a phrase in help. */
		fputc(toupper((unsigned char)*s->help), out);
		roff_text(out, s->help + 1);
		fputs(".\n", out);
		details(&d, s);
		if (d.len) {
			roff_text(out, d.buf + 2);
			fputs(".\n", out);
		}
	}
	strbuf_release(&d);
}

void settings_confirm_init(int *confirm, long long *spacing_s)
{
	const struct setting *s = &table[SETTING_CHECK_SPACING];

	*confirm = (int)settings_default(SETTING_CHECK_CONFIRM);
	*spacing_s = (long long)(settings_default(SETTING_CHECK_SPACING) *
				 s->scale);
}

int settings_confirm(const struct config *cfg, const struct option *opts,
		     int *confirm, long long *spacing_s)
{
	const struct setting *s = &table[SETTING_CHECK_SPACING];
	long c = *confirm, days = (long)(*spacing_s / (long long)s->scale);

	if (settings_number(cfg, opts, SETTING_CHECK_CONFIRM, &c) ||
	    settings_number(cfg, opts, SETTING_CHECK_SPACING, &days))
		return -1;
	*confirm = (int)c;
	if (!overridden(opts, s))
		*spacing_s = (long long)(days * s->scale);
	return 0;
}
