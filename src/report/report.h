/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Reports of what the store holds.  report_build() gathers one model of
 * every link, its occurrences, its check history and its replacements:
 * that model is the JSON report (docs/report.schema.json, "version"
 * REPORT_VERSION), and the other writers only reshape it.  Each writer
 * escapes for its own format; the HTML one carries the model as JSON in
 * a script element with '<', '>' and '&' escaped, and its page renders
 * every string as text, never as markup.
 */
#ifndef REPORT_REPORT_H
#define REPORT_REPORT_H

#include <jansson.h>
#include <stdio.h>

#include "../store/store.h"

#define REPORT_VERSION 1

struct config;

struct report_opts {
	const char *root;		/* the scanned tree, or NULL */
	const struct config *cfg;	/* its .linkmend.conf, or NULL */
	const char *tool_version;
	int confirm;			/* failed checks that make a URL dead */
	long long spacing_s;		/* between counted checks */
	long long now;			/* "generated" */
	/*
	 * Where an occurrence's path:line links to: "{path}" and "{line}"
	 * are replaced; NULL for file://root/path.
	 */
	const char *source_url;
};

/*
 * "WHO: totals: ...", "WHO: verdicts: ..." and the other counts of the
 * store, a line each on stderr (the last unended); 0, or -1.
 */
int report_print_counts(struct store *st, const char *who);

/* The model, or NULL after error(). */
json_t *report_build(struct store *st, const struct report_opts *o);

/*
 * The model's "fates" (fates.c): each edit series proposed, its fate
 * (written, pending: sent and not found applied, applied, refused) with
 * its dates, Message-Id, how or why, and a summary line per count that
 * says what to do; NULL after error().
 */
json_t *report_fates_json(struct store *st);

enum report_format {
	REPORT_NONE, REPORT_HTML, REPORT_JSON, REPORT_SARIF, REPORT_MARKDOWN
};

/* "html", "json", "sarif", "markdown" or "md"; REPORT_NONE if none. */
enum report_format report_format_from_name(const char *name);
/* By the file's extension; REPORT_NONE when it has none known. */
enum report_format report_format_of_path(const char *path);
/*
 * 1 if buf, the first REPORT_HEAD bytes of a file (or all of it), begins
 * as a report of linkmend's does, in any format: a file that is not is
 * the user's, never replaced without --force.
 */
#define REPORT_HEAD 4096
int report_is_ours(const char *buf, size_t len);
/* The model in format to out; 0, or -1 after error(). */
int report_write(json_t *model, enum report_format format, FILE *out);

int report_write_json(json_t *model, FILE *out);
int report_write_html(json_t *model, FILE *out);
int report_write_sarif(json_t *model, FILE *out);
int report_write_markdown(json_t *model, FILE *out);

#endif
