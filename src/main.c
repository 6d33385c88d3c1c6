// SPDX-License-Identifier: GPL-2.0-or-later
#include <curl/curl.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "lib/settings.h"
#include "lib/similar.h"
#include "lib/usage.h"

#ifndef LINKMEND_VERSION
#define LINKMEND_VERSION "0.1"
#endif

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
};

static const struct command commands[] = {
	{ "run", cmd_run,
	  "scan, check, resolve and series in one go" },
	{ "scan", cmd_scan,
	  "find every URL in a tree, with its context" },
	{ "check", cmd_check,
	  "a verdict for every URL, with its evidence" },
	{ "resolve", cmd_resolve,
	  "a replacement for every moved or dead URL, with its evidence" },
	{ "fix", cmd_fix,
	  "write the replacements into the tree, safely" },
	{ "series", cmd_series,
	  "the replacements as a patch series for the maintainers" },
	{ "sent", cmd_sent,
	  "record that the series were sent, with their Message-Ids" },
	{ "refuse", cmd_refuse,
	  "record the edits a maintainer refused: never proposed again" },
	{ "verify", cmd_verify,
	  "prove that only comments and docs changed" },
	{ "archive", cmd_archive,
	  "keep the project's own copies of what its links point to" },
	{ "diff", cmd_diff,
	  "check the links a change adds, before it is merged" },
	{ "report", cmd_report,
	  "the results as HTML, JSON, SARIF or markdown" },
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static const char main_usage[] =
	"linkmend [--version] [--help] <command> [<args>]";

static void list_commands(FILE *out)
{
	size_t i;

	fprintf(out, "usage: %s\n\nlinkmend keeps the web links in source "
		"trees alive.\n\ncommands:\n", main_usage);
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(out, "   %-10s %s\n", commands[i].name,
			commands[i].summary);
	fprintf(out, "\n'linkmend help <command>' describes one command, "
		"'linkmend help config'\nthe settings of .linkmend.conf; "
		"see also linkmend(1).\n");
}

static const struct command *find_command(const char *name)
{
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

/* "'X' is not a linkmend command", and the one meant if it is near. */
static void not_a_command(const char *name)
{
	const char *names[NCOMMANDS + 1];
	const char *meant;
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		names[i] = commands[i].name;
	names[NCOMMANDS] = "help";
	meant = similar_word(name, names, NCOMMANDS + 1);
	if (meant)
		error("'%s' is not a linkmend command; did you mean '%s'?",
		      name, meant);
	else
		error("'%s' is not a linkmend command; see 'linkmend --help'",
		      name);
}

static int cmd_help(int argc, char **argv)
{
	const struct command *c;

	if (argc < 2) {
		list_commands(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "config")) {
		settings_print(stdout);
		return 0;
	}
	/* Not listed: make man writes the man page's list with it. */
	if (!strcmp(argv[1], "--roff")) {
		settings_print_roff(stdout);
		return 0;
	}
	c = find_command(argv[1]);
	if (!c) {
		not_a_command(argv[1]);
		return 129;
	}
	/* The command prints its own help, with its table's defaults. */
	return c->fn(2, (char *[]){ argv[1], "--help", NULL });
}

int main(int argc, char **argv)
{
	const struct command *c;
	int ret;

	if (argc < 2) {
		list_commands(stderr);
		return 129;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		printf("linkmend %s\n", LINKMEND_VERSION);
		return 0;
	}
	if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") ||
	    !strcmp(argv[1], "-h"))
		return cmd_help(argc - 1, argv + 1);
	c = find_command(argv[1]);
	if (!c) {
		not_a_command(argv[1]);
		return 129;
	}
	/* libidn2, under libcurl, converts IDN hosts only in a UTF-8 locale. */
	if (!setlocale(LC_CTYPE, "C.UTF-8"))
		setlocale(LC_CTYPE, "");
	if (curl_global_init(CURL_GLOBAL_ALL))
		die("cannot initialise libcurl");
	ret = c->fn(argc - 1, argv + 1);
	curl_global_cleanup();
	return ret;
}
