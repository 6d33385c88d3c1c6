// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The settings registry (src/lib/settings-rows.h) and what is made of
 * it agree: every row's option is in the table of each command the row
 * names (its --help lists it), and the row's default is the one --help
 * shows there, the one 'linkmend help config' gives, and the one the
 * man page gives, in its generated list of settings (which must be
 * what 'make man' writes now) and in each of those commands' sections.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "unit.h"
#include "../../src/lib/settings.h"

static const char *const commands[] = { "scan", "check", "resolve", "fix",
	"series", "verify", "archive", "diff", "report", "run" };

static char top[PATH_MAX];

/* Where --help continues an option's text (parse-options.c). */
#define HELP_INDENT "                         "

/* The checkout: two folders up from this program (tests/unit/). */
static int find_top(void)
{
	ssize_t n = readlink("/proc/self/exe", top, sizeof(top) - 1);
	int up;

	if (n <= 0)
		return -1;
	top[n] = '\0';
	for (up = 0; up < 3; up++) {
		char *slash = strrchr(top, '/');

		if (!slash)
			return -1;
		*slash = '\0';
	}
	return 0;
}

static int read_text(const char *path, struct strbuf *sb)
{
	FILE *f = fopen(path, "r");
	char buf[8192];
	size_t n;

	if (!f)
		return -1;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(sb, buf, n);
	fclose(f);
	return 0;
}

/* Runs of blanks as one space: wrapped text compared as one line. */
static void squeeze(struct strbuf *sb)
{
	size_t i, j = 0;

	for (i = 0; i < sb->len; i++) {
		char c = sb->buf[i] == '\n' ? ' ' : sb->buf[i];

		if (c == ' ' && j && sb->buf[j - 1] == ' ')
			continue;
		sb->buf[j++] = c;
	}
	strbuf_setlen(sb, j);
}

/*
 * The entry of --name in a command's --help: its line ("    --name" or
 * "    -x, --name") and the lines continuing it (indented 25), squeezed.
 * 0, or -1 when there is none.
 */
static int help_entry(const char *help, const char *name, struct strbuf *e)
{
	const char *p = help;
	size_t nlen = strlen(name);

	strbuf_reset(e);
	while ((p = strstr(p, "\n    -"))) {
		const char *line = p + 1, *end = strchrnul(line, '\n');
		const char *at = strstr(line, "--");

		p = end;
		if (!at || at > end || strncmp(at + 2, name, nlen) ||
		    (at[2 + nlen] != ' ' && at[2 + nlen] != '\n'))
			continue;
		strbuf_add(e, line, (size_t)(end - line));
		while (*end == '\n' && !strncmp(end + 1, HELP_INDENT, 25)) {
			line = end + 1;
			end = strchrnul(line, '\n');
			strbuf_addch(e, ' ');
			strbuf_add(e, line, (size_t)(end - line));
		}
		squeeze(e);
		return 0;
	}
	return -1;
}

/* roff as text: \- to -, \e to \, font changes and \& dropped. */
static void unroff(struct strbuf *sb)
{
	size_t i, j = 0;

	for (i = 0; i < sb->len; i++) {
		const char *s = sb->buf + i;

		if (*s == '\\' && s[1] == '-') {
			sb->buf[j++] = '-';
			i++;
		} else if (*s == '\\' && s[1] == 'e') {
			sb->buf[j++] = '\\';
			i++;
		} else if (*s == '\\' && s[1] == '&') {
			i++;
		} else if (*s == '\\' && s[1] == 'f' && s[2]) {
			i += 2;
		} else if (*s == '"') {
			continue;
		} else {
			sb->buf[j++] = *s;
		}
	}
	strbuf_setlen(sb, j);
}

/*
 * The entry naming --name in the man page's section of cmd: the .TP
 * line after which it is named and the text up to the next macro that
 * ends it, as text.  0, or -1 when there is none.
 */
static int man_entry(const char *man, const char *cmd, const char *name,
		     struct strbuf *e)
{
	struct strbuf head = STRBUF_INIT, want = STRBUF_INIT;
	const char *sec, *end, *p;
	size_t i;
	int ret = -1;

	strbuf_reset(e);
	strbuf_addstr(&head, "\n.SH LINKMEND ");
	for (i = 0; cmd[i]; i++)
		strbuf_addch(&head, (char)(cmd[i] - 'a' + 'A'));
	strbuf_addch(&head, '\n');
	for (p = name, strbuf_addstr(&want, "\\-\\-"); *p; p++)
		if (*p == '-')
			strbuf_addstr(&want, "\\-");
		else
			strbuf_addch(&want, *p);
	sec = strstr(man, head.buf);
	if (!sec)
		goto out;
	end = strstr(sec + head.len, "\n.SH ");
	if (!end)
		end = sec + strlen(sec);
	for (p = sec; (p = strstr(p, "\n.TP\n")) && p < end; ) {
		const char *line = p + 5, *eol = strchrnul(line, '\n');
		const char *at = strstr(line, want.buf);
		char after;

		p = eol;
		if (!at || at > eol)
			continue;
		after = at[want.len];
		if (after == '\\' || (after >= 'a' && after <= 'z'))
			continue;
		/* The text to the next .TP, .PP, .SS or .SH. */
		while (*eol == '\n' && eol < end &&
		       strncmp(eol + 1, ".TP", 3) &&
		       strncmp(eol + 1, ".PP", 3) &&
		       strncmp(eol + 1, ".SS", 3) &&
		       strncmp(eol + 1, ".SH", 3))
			eol = strchrnul(eol + 1, '\n');
		strbuf_add(e, line, (size_t)(eol - line));
		unroff(e);
		squeeze(e);
		ret = 0;
		break;
	}
out:
	strbuf_release(&head);
	strbuf_release(&want);
	return ret;
}

/* The block of [section] key in help config's text, squeezed. */
static int config_entry(const char *text, const struct setting *s,
			struct strbuf *e)
{
	struct strbuf head = STRBUF_INIT;
	const char *p, *end;

	strbuf_reset(e);
	if (s->sub)
		strbuf_addf(&head, "\n[%s \"%s\"] %s\n", s->section, s->sub,
			    s->key);
	else
		strbuf_addf(&head, "\n[%s] %s\n", s->section, s->key);
	p = strstr(text, head.buf);
	strbuf_release(&head);
	if (!p)
		return -1;
	p = strchr(p + 1, '\n') + 1;
	end = strstr(p, "\n\n");
	strbuf_add(e, p, end ? (size_t)(end - p) : strlen(p));
	squeeze(e);
	return 0;
}

static char *capture(void (*print)(FILE *))
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	print(f);
	fclose(f);
	return buf;
}

static void check_row(const struct setting *s, const char *config,
		      const char *man, char help[][16384])
{
	struct strbuf e = STRBUF_INIT, name = STRBUF_INIT;
	char want[256];
	size_t c;

	strbuf_addf(&name, "[%s] %s", s->section, s->key);
	if (config_entry(config, s, &e)) {
		CHECK(0, name.buf);
		goto out;
	}
	snprintf(want, sizeof(want), "option --%s", s->option);
	if (!strstr(e.buf, want))
		printf("# %s: help config: '%s'\n", name.buf, e.buf);
	CHECK(strstr(e.buf, want) != NULL,
	      "help config names the row's option");
	if (s->def) {
		snprintf(want, sizeof(want), "default %s,", s->def);
		if (!strstr(e.buf, want))
			printf("# %s: help config: '%s'\n", name.buf, e.buf);
		CHECK(strstr(e.buf, want) != NULL,
		      "help config gives the row's default");
	}
	for (c = 0; c < sizeof(commands) / sizeof(commands[0]); c++) {
		int in_help, in_man = 1;

		if (!(s->commands & (1u << c)))
			continue;
		in_help = !help_entry(help[c], s->option, &e);
		if (!in_help)
			printf("# %s: 'linkmend %s --help' has no --%s\n",
			       name.buf, commands[c], s->option);
		CHECK(in_help, "the option is in each of its commands' tables");
		if (in_help && s->short_name) {
			snprintf(want, sizeof(want), "-%c, --%s",
				 s->short_name, s->option);
			CHECK(strstr(e.buf, want) != NULL,
			      "with the row's short name");
		}
		if (in_help && s->def) {
			snprintf(want, sizeof(want), "(default %s)", s->def);
			if (!strstr(e.buf, want))
				printf("# %s: %s --help says '%s'\n", name.buf,
				       commands[c], e.buf);
			CHECK(strstr(e.buf, want) != NULL,
			      "--help shows the row's default");
		}
		/* run's section names its own options, not the stages'. */
		if (!strcmp(commands[c], "run"))
			continue;
		in_man = !man_entry(man, commands[c], s->option, &e);
		if (!in_man)
			printf("# %s: linkmend(1), %s: no --%s\n", name.buf,
			       commands[c], s->option);
		CHECK(in_man, "the man page has the option in each command's "
		      "section");
		if (in_man && s->def) {
			if (!strstr(e.buf, s->def))
				printf("# %s: linkmend(1), %s: '%s'\n",
				       name.buf, commands[c], e.buf);
			CHECK(strstr(e.buf, s->def) != NULL,
			      "the man page gives the row's default there");
		}
	}
out:
	strbuf_release(&e);
	strbuf_release(&name);
}

int main(void)
{
	static char help[sizeof(commands) / sizeof(commands[0])][16384];
	struct strbuf man = STRBUF_INIT, out = STRBUF_INIT;
	char *config, *roff, *linkmend, *manpath;
	const struct setting *rows;
	const char *begin, *end;
	size_t n, i, c;

	if (find_top()) {
		CHECKS_NOT_RUN(1, "cannot tell where the checkout is");
		return unit_done();
	}
	linkmend = xstrfmt("%s/linkmend", top);
	manpath = xstrfmt("%s/docs/linkmend.1", top);
	CHECK(!read_text(manpath, &man), "the man page is read");
	for (c = 0; c < sizeof(commands) / sizeof(commands[0]); c++) {
		const char *argv[] = { linkmend, commands[c], "--help", NULL };

		strbuf_reset(&out);
		if (run_command_quiet(argv, NULL, &out))
			printf("# linkmend %s --help failed\n", commands[c]);
		snprintf(help[c], sizeof(help[c]), "\n%s", out.buf);
	}
	CHECK(strstr(help[1], "--confirm") != NULL,
	      "--help is read (the setup works)");

	/* Each row is where its id says. */
	rows = settings_all(&n);
	CHECK(n == SETTINGS_NR, "one row a setting id");
	for (i = 0; i < n; i++)
		if (rows[i].id != (enum setting_id)i ||
		    settings_row(rows[i].id) != &rows[i])
			break;
	CHECK(i == n, "each row is found by its id");
	CHECK_STR(settings_row(SETTING_CHECK_CONFIRM)->key, "confirm",
		  "SETTING_CHECK_CONFIRM is [check] confirm");

	config = capture(settings_print);
	for (i = 0; i < n; i++)
		if (rows[i].option)
			check_row(&rows[i], config, man.buf, help);

	/* The generated list is the one the registry makes now. */
	roff = capture(settings_print_roff);
	begin = strstr(man.buf, "help --roff: begin");
	end = strstr(man.buf, "\n.\\\" linkmend help --roff: end");
	CHECK(begin && end, "the man page has the settings' markers");
	if (begin && end) {
		begin = strchr(begin, '\n') + 1;
		strbuf_reset(&out);
		strbuf_add(&out, begin, (size_t)(end + 1 - begin));
		CHECK(!strcmp(out.buf, roff), "the man page's list of settings "
		      "is what 'make man' writes (run it)");
	}
	free(roff);
	free(config);
	free(linkmend);
	free(manpath);
	strbuf_release(&man);
	strbuf_release(&out);
	return unit_done();
}
