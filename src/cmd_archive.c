// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * linkmend archive: options, then the archive stage (src/archive/run.h)
 * on the store's links, then its summary and exit status.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "lib/settings.h"
#include "archive/run.h"
#include "check/run.h"
#include "builtin.h"
#include "lib/config.h"
#include "lib/parse-options.h"
#include "lib/usage.h"
#include "net/options.h"
#include "setup.h"

const char cmd_archive_usage[] =
	"linkmend archive -o DIR [--db PATH] [--only alive|all] "
	"[--max-size SIZE]\n"
	"                        [--warc-size SIZE] [-j N] [--per-host N] "
	"[--spacing-ms MS]\n"
	"                        [--timeout S] [--cacert FILE] "
	"[--allow-private] [--proxy URL] [-q]\n"
	"                        [--request-capture [--spn URL] "
	"[--spn-spacing MS] [--spn-poll MS]]\n"
	"                        [--worker [--lease S] [--claim-hosts N]]";

const char cmd_archive_help[] =
	"Fetch every link that check found alive (or, with --only all, every\n"
	"checkable link) not yet in DIR, with check's politeness, and keep it\n"
	"in DIR as WARC 1.1: linkmend-TIME-NNNNN.warc.gz files, a warcinfo\n"
	"record each, a request and a response record per capture, each\n"
	"record its own gzip member, sha1 block and payload digests.  A\n"
	"payload already kept is written as a revisit record.  DIR/index.cdxj\n"
	"indexes every capture (SURT key, timestamp, JSON) for pywb and the\n"
	"like, and for 'linkmend resolve --archive DIR'.\n"
	"\n"
	"    -o DIR             the collection (created if needed)\n"
	"    --db PATH          the store\n"
	"    --tree NAME        the tree, in a store of several\n"
	"    --only alive|all   which links (alive)\n"
	"    --max-size SIZE    of one body (50M); a longer one is kept cut,\n"
	"                       WARC-Truncated: length\n"
	"    --warc-size SIZE   a file is closed past this size (1G)\n"
	"    -j, --jobs N, --per-host N, --spacing-ms MS, --timeout S,\n"
	"    --cacert FILE, --allow-private, --proxy URL   as for check\n"
	"    -q, --quiet        no summary line\n"
	"    --request-capture  also ask the Wayback Machine's Save Page Now to\n"
	"                       capture every live link it has no capture of;\n"
	"                       prints 'url  saved|already|error  detail';\n"
	"                       credentials from LINKMEND_SPN_ACCESS and\n"
	"                       LINKMEND_SPN_SECRET\n"
	"    --spn URL          the Wayback Machine ([resolve] wayback, else\n"
	"                       https://web.archive.org)\n"
	"    --spn-spacing MS   between two requests to it (15000)\n"
	"    --spn-poll MS      between two polls of a job (5000)\n"
	"    --worker           archive every tree of the store side by side\n"
	"                       with any number of workers sharing DIR, until\n"
	"                       no host that check's workers gave back is\n"
	"                       left; hosts claimed as by check --worker, each\n"
	"                       worker writing files of its own; not with\n"
	"                       --tree or --request-capture\n"
	"    --lease S, --claim-hosts N  as for check --worker\n"
	"\n"
	"SIZE takes K, M or G.  An interrupted run keeps what it wrote; the next\n"
	"one completes the set.  Settings from .linkmend.conf: [check] ignore,\n"
	"user-agent, jobs, per-host, timeout, spacing-ms.\n"
	"\n"
	"Exit status: 0 when every capture was made; 1 when some URLs could\n"
	"not be fetched (each named; asked again next time); 2 on error.\n";

/* SIZE: bytes, or with K, M or G. */
static int size_arg(const struct option *opt, const char *s)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || v < 0)
		goto bad;
	switch (*end) {
	case 'k': case 'K':
		v *= 1024, end++;
		break;
	case 'm': case 'M':
		v *= 1024 * 1024, end++;
		break;
	case 'g': case 'G':
		v *= 1024.0 * 1024 * 1024, end++;
		break;
	}
	if (*end || v > 64.0 * 1024 * 1024 * 1024)
		goto bad;
	*(long long *)opt->value = (long long)v;
	return 0;
bad:
	return error("--%s: '%s' is not a size (bytes, or with K, M, G)",
		     opt->long_name, s);
}


static int only_arg(const struct option *opt, const char *s)
{
	if (strcmp(s, "all") && strcmp(s, "alive"))
		return error("--only: '%s' is not alive or all", s);
	*(int *)opt->value = !strcmp(s, "all");
	return 0;
}

static void spn_credentials(struct archive_opts *o, const struct config *cfg)
{
	o->spn.access = getenv("LINKMEND_SPN_ACCESS");
	o->spn.secret = getenv("LINKMEND_SPN_SECRET");
	if (!o->spn.access || !*o->spn.access || !o->spn.secret ||
	    !*o->spn.secret)
		die("--request-capture needs LINKMEND_SPN_ACCESS and "
		    "LINKMEND_SPN_SECRET (an archive.org S3 key)");
	if (!o->spn.base)
		o->spn.base = settings_text(cfg, NULL, "resolve", "wayback");
	if (!o->spn.base)
		o->spn.base = "https://web.archive.org";
	/* They go into a header line: nothing that could end it. */
	if (strpbrk(o->spn.access, "\r\n") || strpbrk(o->spn.secret, "\r\n"))
		die("LINKMEND_SPN_ACCESS and LINKMEND_SPN_SECRET may not hold a "
		    "line break");
	/* A key in the clear is a key given away. */
	if (strncasecmp(o->spn.base, "https://", 8))
		die("Save Page Now at '%s': the archive.org key goes only over "
		    "https", o->spn.base);
}

static int summary(const struct archive_opts *o,
		   const struct archive_stats *s, int quiet)
{
	if (o->request_capture && !s->fatal && !cmd_interrupted)
		fprintf(stderr, "archive: Save Page Now: %lld saved, %lld had a "
			"capture, %lld refused or failed\n", s->spn.saved,
			s->spn.already, s->spn.failed);
	if (!quiet)
		fprintf(stderr, "archive: %lld captures (%lld revisits), %lld "
			"bytes; %lld not fetched; %zu in %s%s\n", s->captures,
			s->revisits, s->bytes, s->failed, s->indexed,
			s->index ? s->index : o->dir,
			cmd_interrupted && !s->fatal ? "; interrupted" : "");
	if (s->fatal)
		return 2;
	if (cmd_interrupted)
		return 130;
	if (s->incomplete)
		return 2;
	return s->failed || s->spn.failed ? 1 : 0;
}

int cmd_archive(int argc, char **argv)
{
	struct archive_opts o;
	struct archive_stats stats;
	struct cmd_store cs;
	struct config cfg;
	const char *db = NULL, *tree = NULL;
	int quiet = 0, worker = 0, ret;
	long long lease_s = 60;
	size_t claim_hosts = 256;
	struct option opts[] = {
		OPT_STRING('o', "output", &o.dir),
		OPT_STRING(0, "db", &db),
		OPT_STRING(0, "tree", &tree),
		OPT_CALLBACK(0, "only", &o.all, only_arg),
		OPT_CALLBACK(0, "max-size", &o.max_size, size_arg),
		OPT_CALLBACK(0, "warc-size", &o.warc_size, size_arg),
		OPT_NET(&o.net),
		OPT_BOOL('q', "quiet", &quiet),
		OPT_BOOL(0, "request-capture", &o.request_capture),
		OPT_STRING(0, "spn", &o.spn.base),
		OPT_LONG(0, "spn-spacing", &o.spn.spacing_ms, 0, 3600000, 1),
		OPT_LONG(0, "spn-poll", &o.spn.poll_ms, 0, 600000, 1),
		OPT_BOOL(0, "worker", &worker),
		OPT_LLONG(0, "lease", &lease_s, 5, 86400, 1),
		OPT_SIZE(0, "claim-hosts", &claim_hosts, 1, 100000),
		OPT_END(),
	};

	archive_opts_init(&o);
	o.spn.base = NULL;
	if (parse_options(argc, argv, opts, cmd_archive_usage) || !o.dir)
		usage_die(cmd_archive_usage);
	if (worker && (tree || o.request_capture))
		die("--worker archives every tree of the store, without "
		    "Save Page Now: drop --%s", tree ? "tree" : "request-capture");
	cmd_store_open(&cs, db, tree, 0, !worker, "run 'linkmend scan' and "
		       "'linkmend check' first");
	cmd_conf_load(cs.root ? cs.root : ".", &cfg);
	if (net_options_finish(&o.net, opts, &cfg))
		die_reported();	/* the setting, naming its file */
	o.net.max_body = (size_t)o.max_size;
	o.cfg = &cfg;
	if (o.request_capture)
		spn_credentials(&o, &cfg);
	o.stop = cmd_catch_signals();
	o.progress = !quiet && isatty(2);
	if (worker) {
		struct archive_worker_opts wo = {
			.lease_ms = lease_s * 1000, .hosts = claim_hosts,
			.now_s = check_now(), .progress = !quiet && isatty(2),
		};
		char *owner = cmd_worker_owner();

		wo.owner = owner;
		if (archive_worker(&o, &wo, cs.st, &stats))
			die("cannot archive into '%s'", o.dir);
		if (!quiet)
			fprintf(stderr, "archive: worker %s: %zu hosts in %zu "
				"claims (%.1f s with nothing to claim)\n",
				owner, stats.hosts, stats.claims,
				(double)stats.waited_ms / 1000.0);
		free(owner);
	} else if (archive_run(&o, cs.st, &stats)) {
		die("cannot archive into '%s'", o.dir);
	}
	ret = summary(&o, &stats, quiet);
	free(stats.index);
	config_release(&cfg);
	if (cmd_store_close(&cs))
		ret = 2;
	return ret;
}
