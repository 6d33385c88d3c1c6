// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend sent: the series in DIR were sent; each edit they hold is
 * recorded so, with its mail's Message-Id (series/told.h).
 */
#include <stdio.h>
#include <time.h>

#include "builtin.h"
#include "check/run.h"
#include "lib/parse-options.h"
#include "lib/usage.h"
#include "series/told.h"
#include "setup.h"

const struct usage_text cmd_sent_usage = {
	"linkmend sent [options] DIR|PATCH...",
	"Record that the patches series wrote in DIR (its series folders\n"
	"too), or the PATCH files named, were sent: each link they change is\n"
	"then pending until a later revision holds it, and series proposes\n"
	"it again only with --resend, as the next version or RESEND, in\n"
	"reply to the first mail.  Each patch's Message-Id (series writes\n"
	"one, and git send-email keeps it) and its cover letter's are kept.\n"
	"A series handed to b4 (series --b4) is recorded sent already; until\n"
	"b4 sends it (its sent/ tag), a re-run writes its links again.\n",
	"Exit status 1 when no patch named holds an edit the store has as\n"
	"written and not yet sent.\n",
};

int cmd_sent(int argc, char **argv)
{
	const char *db = NULL, *tree = NULL, *via = "mail";
	int quiet = 0, i;
	size_t links = 0, patches = 0;
	struct cmd_store cs;
	long long now = check_now();
	struct option opts[] = {
		OPT_DB(&db),
		OPT_TREE(&tree),
		OPT_STRING(0, "via", &via, "HOW", "how they went, kept with "
			   "them: a list, a pull request"),
		OPT_QUIET(&quiet),
		OPT_END(),
	};

	argc = parse_options(argc, argv, opts, &cmd_sent_usage);
	if (argc < 1)
		usage_die(cmd_sent_usage.synopsis);
	cmd_store_open(&cs, db, tree, 0, 1, "series writes and records "
		       "the patches");
	if (store_begin(cs.st))
		die_reported();
	for (i = 0; i < argc; i++) {
		size_t l, p;

		if (told_sent(cs.st, argv[i], via, now, &l, &p)) {
			store_rollback(cs.st);
			die_reported();	/* naming the file */
		}
		links += l;
		patches += p;
	}
	if (store_commit(cs.st))
		die_reported();
	cmd_store_close(&cs);
	if (!patches) {
		fprintf(stderr, "sent: no patch there holds an edit written "
			"and not yet sent\n");
		return 1;
	}
	if (!quiet) {
		char day[32];
		time_t t = (time_t)now;
		struct tm tm;

		gmtime_r(&t, &tm);
		strftime(day, sizeof(day), "%Y-%m-%d", &tm);
		fprintf(stderr, "sent: %zu link%s in %zu patch%s recorded as "
			"sent on %s\n", links, links == 1 ? "" : "s", patches,
			patches == 1 ? "" : "es", day);
	}
	return 0;
}
