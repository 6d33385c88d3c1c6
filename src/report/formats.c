// SPDX-License-Identifier: GPL-2.0-or-later
/* The JSON, SARIF 2.1.0 and markdown shapes of a report model. */
#include <string.h>

#include "../lib/strbuf.h"
#include "../lib/usage.h"
#include "../lib/vocab.h"
#include "../lib/xalloc.h"
#include "report.h"

static int finish(FILE *out)
{
	if (fflush(out) || ferror(out))
		return error_errno("cannot write the report");
	return 0;
}

int report_write_json(json_t *model, FILE *out)
{
	if (json_dumpf(model, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER))
		return error("cannot write the report");
	fputc('\n', out);
	return finish(out);
}

static const char *str(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : "";
}

static long long num(json_t *o, const char *key)
{
	return (long long)json_integer_value(json_object_get(o, key));
}

/* Occurrences SARIF and markdown name: dead, unresolved and moved. */
static int is_finding(const char *state)
{
	return !strcmp(state, "dead") || !strcmp(state, "unresolved") ||
	       !strcmp(state, "moved");
}

/* A path as a relative URI reference (RFC 3986): escape all else. */
static void add_uri_path(struct strbuf *sb, const char *path)
{
	static const char ok[] = "-._~/!$&'()*+,;=:@";
	const unsigned char *p;

	for (p = (const unsigned char *)path; *p; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || (*p && strchr(ok, *p)))
			strbuf_addch(sb, *p);
		else
			strbuf_addf(sb, "%%%02X", *p);
}

static json_t *artifact(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *j;

	add_uri_path(&sb, path);
	j = json_pack("{s:s, s:s}", "uri", sb.buf, "uriBaseId", "SRCROOT");
	strbuf_release(&sb);
	return j;
}

static const struct {
	const char *id, *name, *text;
} rules[] = {
	{ "moved", "LinkMoved", "The link redirects permanently elsewhere" },
	{ "redirected", "LinkRedirected", "The link redirects" },
	{ "gone", "LinkGone", "The server says the page is gone (404, 410)" },
	{ "soft-404", "LinkSoft404",
	  "The server answers 200 with its not-found page" },
	{ "dns", "LinkHostGone", "The host no longer exists (NXDOMAIN)" },
	{ "dns-error", "LinkDnsError", "The host's name servers fail" },
	{ "refused", "LinkRefused", "Nothing listens at the host any more" },
	{ "timeout", "LinkTimeout", "The server does not answer in time" },
	{ "tls", "LinkTls", "The server's TLS is broken" },
	{ "blocked", "LinkBlocked", "The server refuses robots" },
	{ "server-error", "LinkServerError", "The server fails (5xx)" },
	{ "parked", "LinkParked", "The domain is parked or for sale" },
	{ "unsafe", "LinkUnsafe",
	  "A private address, or a redirect to another scheme: not requested" },
	{ "fragment-missing", "LinkFragmentMissing",
	  "The page is there but its #anchor is not" },
};

#define NRULES (sizeof(rules) / sizeof(rules[0]))

static json_t *sarif_rules(void)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < NRULES; i++)
		json_array_append_new(a, json_pack(
			"{s:s, s:s, s:{s:s}, s:{s:s}, s:{s:s}}",
			"id", rules[i].id, "name", rules[i].name,
			"shortDescription", "text", rules[i].text,
			"help", "text", "Replace the link with its new location "
			"or an archived copy (linkmend fix).",
			"defaultConfiguration", "level",
			strcmp(rules[i].id, "moved") ? "warning" : "note"));
	return a;
}

static long rule_index(const char *verdict)
{
	size_t i;

	for (i = 0; i < NRULES; i++)
		if (!strcmp(rules[i].id, verdict))
			return (long)i;
	return -1;
}

static json_t *sarif_result(json_t *link, json_t *occ)
{
	const char *state = str(occ, "state"), *verdict = str(link, "verdict");
	json_t *res = json_object(), *region, *r = json_object_get(occ, "resolution");
	struct strbuf msg = STRBUF_INIT;
	long k = rule_index(verdict);
	int wrapped = 0;
	size_t i;
	json_t *f;

	json_array_foreach(json_object_get(occ, "flags"), i, f)
		if (!strcmp(json_string_value(f), "wrapped"))
			wrapped = 1;
	strbuf_addf(&msg, "%s link %s: %s", !strcmp(state, "moved") ? "Moved" :
		    "Dead", str(link, "url"), str(link, "detail"));
	if (json_is_object(r) && json_is_string(json_object_get(r, "replacement")))
		strbuf_addf(&msg, "; replace with %s (%s)", str(r, "replacement"),
			    str(r, "kind"));
	json_object_set_new(res, "ruleId", json_string(k >= 0 ? verdict : "gone"));
	json_object_set_new(res, "ruleIndex", json_integer(k >= 0 ? k : 2));
	json_object_set_new(res, "level", json_string(strcmp(state, "moved") ?
						       "warning" : "note"));
	json_object_set_new(res, "message", json_pack("{s:s}", "text", msg.buf));
	region = json_pack("{s:I, s:I}", "startLine", (json_int_t)num(occ, "line"),
			   "startColumn", (json_int_t)num(occ, "col"));
	if (!wrapped)
		json_object_set_new(region, "endColumn", json_integer(
			num(occ, "col") + num(occ, "length")));
	json_object_set_new(res, "locations", json_pack("[{s:{s:o, s:o}}]",
		"physicalLocation", "artifactLocation",
		artifact(str(occ, "path")), "region", region));
	json_object_set_new(res, "partialFingerprints", json_pack("{s:s}",
		"linkmendUrl/v1", str(link, "url")));
	if (json_is_object(r) && json_is_string(json_object_get(r, "edit"))) {
		json_t *change = json_pack("{s:o, s:[{s:{s:I, s:I}, s:{s:s}}]}",
			"artifactLocation", artifact(str(occ, "path")),
			"replacements", "deletedRegion",
			"byteOffset", (json_int_t)num(occ, "offset"),
			"byteLength", (json_int_t)num(occ, "length"),
			"insertedContent", "text", str(r, "edit"));

		json_object_set_new(res, "fixes", json_pack("[{s:{s:s}, s:[o]}]",
			"description", "text", str(r, "evidence"),
			"artifactChanges", change));
	}
	strbuf_release(&msg);
	return res;
}

int report_write_sarif(json_t *model, FILE *out)
{
	json_t *results = json_array(), *link, *occ, *log, *run;
	struct strbuf root = STRBUF_INIT;
	const char *r = str(model, "root");
	size_t i, k;
	int ret;

	json_array_foreach(json_object_get(model, "links"), i, link)
		json_array_foreach(json_object_get(link, "occurrences"), k, occ)
			if (is_finding(str(occ, "state")))
				json_array_append_new(results,
						      sarif_result(link, occ));
	strbuf_addstr(&root, "file://");
	add_uri_path(&root, *r ? r : "/");
	if (root.buf[root.len - 1] != '/')
		strbuf_addch(&root, '/');
	run = json_pack("{s:{s:{s:s, s:s, s:s, s:o}}, s:{s:{s:s}}, s:s, s:o}",
		"tool", "driver", "name", "linkmend", "version",
		str(json_object_get(model, "tool"), "version"),
		"informationUri", "https://www.kernel.org/doc/html/latest/",
		"rules", sarif_rules(),
		"originalUriBaseIds", "SRCROOT", "uri", root.buf,
		"columnKind", "unicodeCodePoints",
		"results", results);
	/*
	 * What became of the edits proposed is no finding: the run's
	 * property bag carries it as the JSON report has it.
	 */
	if (run && json_array_size(json_object_get(
			json_object_get(model, "fates"), "edits")))
		json_object_set_new(run, "properties", json_pack("{s:O}",
				    "fates", json_object_get(model, "fates")));
	log = json_pack("{s:s, s:s, s:[o]}", "$schema",
			"https://json.schemastore.org/sarif-2.1.0.json",
			"version", "2.1.0", "runs", run);
	strbuf_release(&root);
	if (!log)
		return error("cannot build the SARIF log");
	ret = json_dumpf(log, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	json_decref(log);
	if (ret)
		return error("cannot write the report");
	fputc('\n', out);
	return finish(out);
}

/* Text safe in a markdown paragraph or table cell. */
static void md_text(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c == 0x7f)
			strbuf_addch(sb, ' ');
		else if (strchr("\\`*_{}[]<>()#+!|~&", c))
			strbuf_addf(sb, "&#%u;", c);
		else
			strbuf_addch(sb, c);
	}
}

/*
 * Worst first, each with what a reader calls it: "dead" alone was read
 * as both a dead link with an archived copy and one with none.
 */
static const struct {
	enum link_state s;
	const char *label;
} state_order[] = {
	{ LS_UNRESOLVED, "dead, no replacement" },
	{ LS_DEAD, "dead, archived copy" },
	{ LS_FAILING, "failing, not confirmed" },
	{ LS_MOVED, "moved" },
	{ LS_UNCHECKED, "unchecked" },
	{ LS_ALIVE, "alive" },
};

/* 1 if occurrence occ's replacement was written into the tree by fix. */
static int applied(json_t *occ)
{
	json_t *r = json_object_get(occ, "resolution");

	return json_is_object(r) && json_is_true(json_object_get(r, "applied"));
}

/* The places linkmend fix wrote, the first max of them listed. */
static void md_fixed(struct strbuf *sb, json_t *model, size_t max)
{
	json_t *links = json_object_get(model, "links"), *link, *occs, *occ;
	size_t i, k, n = 0;

	json_array_foreach(links, i, link) {
		occs = json_object_get(link, "occurrences");
		json_array_foreach(occs, k, occ) {
			json_t *r = json_object_get(occ, "resolution");

			if (!applied(occ))
				continue;
			if (n++ == 0)
				strbuf_addstr(sb, "\n**Fixed: written by "
					      "linkmend fix**\n\n");
			if (n > max)
				continue;
			strbuf_addstr(sb, "- ");
			md_text(sb, str(occ, "path"));
			strbuf_addf(sb, ":%lld: ", num(occ, "line"));
			md_text(sb, str(link, "url"));
			strbuf_addstr(sb, " &rarr; ");
			md_text(sb, str(r, "replacement"));
			strbuf_addstr(sb, " (");
			md_text(sb, str(r, "kind"));
			strbuf_addstr(sb, ")\n");
		}
	}
	if (n > max)
		strbuf_addf(sb, "- and %zu more\n", n - max);
}

/*
 * Whose text the links are: the places that are not the project's prose
 * are never changed; each class counted, with its examples and why.
 */
static void md_owners(struct strbuf *sb, json_t *owners)
{
	const char *key;
	json_t *c, *e;
	size_t i;

	if (!json_is_object(owners) || !json_object_size(owners))
		return;
	strbuf_addstr(sb, "\n**Whose text the links are** (only the project's "
		      "prose is ever changed)\n\n| owner | places |\n"
		      "|---|---:|\n");
	json_object_foreach(owners, key, c) {
		strbuf_addstr(sb, "| ");
		md_text(sb, key);
		strbuf_addf(sb, " | %lld |\n", num(c, "occurrences"));
	}
	json_object_foreach(owners, key, c)
		json_array_foreach(json_object_get(c, "examples"), i, e) {
			strbuf_addstr(sb, i ? "  - " : "\n- ");
			if (!i) {
				md_text(sb, key);
				strbuf_addstr(sb, ":\n  - ");
			}
			md_text(sb, str(e, "path"));
			strbuf_addf(sb, ":%lld: ", num(e, "line"));
			md_text(sb, str(e, "url"));
			strbuf_addstr(sb, " (");
			md_text(sb, str(e, "why"));
			strbuf_addstr(sb, ")\n");
		}
}

/*
 * What series leaves as it is and why (the model's "left"), each place
 * with its sentence, so that nothing is dropped silently.
 */
static void md_left(struct strbuf *sb, json_t *model, size_t max_shown)
{
	json_t *left = json_object_get(model, "left"), *link, *occ, *v;
	const char *reason;
	size_t i, k, shown = 0;

	if (!json_is_object(left) || !num(left, "total"))
		return;
	strbuf_addf(sb, "\n**Left as they are, reported instead of patched "
		    "(%lld)**\n\n", num(left, "total"));
	json_object_foreach(json_object_get(left, "reasons"), reason, v) {
		strbuf_addstr(sb, "- ");
		md_text(sb, reason);
		strbuf_addf(sb, ": %lld\n", (long long)json_integer_value(v));
	}
	strbuf_addch(sb, '\n');
	json_array_foreach(json_object_get(model, "links"), i, link)
		json_array_foreach(json_object_get(link, "occurrences"), k, occ) {
		json_t *r = json_object_get(occ, "resolution");
		json_t *d = json_is_object(r) ?
			    json_object_get(r, "judged") : NULL;

		if (!json_is_object(d) ||
		    !json_is_string(json_object_get(d, "says")))
			continue;
		if (shown++ >= max_shown)
			continue;
		strbuf_addstr(sb, "- ");
		md_text(sb, str(occ, "path"));
		strbuf_addf(sb, ":%lld: ", num(occ, "line"));
		md_text(sb, str(d, "says"));
		strbuf_addch(sb, '\n');
	}
	if (shown > max_shown)
		strbuf_addf(sb, "- and %zu more (the JSON report has each)\n",
			    shown - max_shown);
}

/* One edit's fate in words: "pending, sent on DAY as <ID>". */
static void fate_words(struct strbuf *sb, json_t *e,
		       void (*text)(struct strbuf *, const char *))
{
	json_t *sent = json_object_get(e, "sent");
	const char *fate = str(e, "fate");

	text(sb, fate);
	if (!strcmp(fate, "applied") && *str(e, "how")) {
		strbuf_addstr(sb, " (");
		text(sb, str(e, "how"));
		strbuf_addch(sb, ')');
	}
	if (json_is_object(sent)) {
		strbuf_addstr(sb, ", sent on ");
		text(sb, str(sent, "at"));
		if (*str(sent, "message_id")) {
			strbuf_addstr(sb, " as ");
			text(sb, str(sent, "message_id"));
		}
		if (num(sent, "version") > 1)
			strbuf_addf(sb, " (v%lld)", num(sent, "version"));
	}
	if (!strcmp(fate, "refused")) {
		strbuf_addstr(sb, ": ");
		text(sb, str(e, "reason"));
	}
}

/*
 * What became of the edits series proposed (the model's "fates"): the
 * summary's lines, each saying what to do, then each edit.
 */
static void md_fates(struct strbuf *sb, json_t *model, size_t max_shown)
{
	json_t *f = json_object_get(model, "fates"), *e;
	size_t i, n;

	n = json_array_size(json_object_get(f, "edits"));
	if (!n)
		return;
	strbuf_addf(sb, "\n**What became of the edits proposed (%zu)**\n\n",
		    n);
	json_array_foreach(json_object_get(f, "summary"), i, e) {
		strbuf_addstr(sb, "- ");
		md_text(sb, str(e, "says"));
		strbuf_addch(sb, '\n');
	}
	strbuf_addch(sb, '\n');
	json_array_foreach(json_object_get(f, "edits"), i, e) {
		if (i >= max_shown)
			break;
		strbuf_addstr(sb, "- ");
		md_text(sb, str(e, "path"));
		strbuf_addstr(sb, ": ");
		md_text(sb, str(e, "old_url"));
		strbuf_addstr(sb, " &rarr; ");
		md_text(sb, *str(e, "new_url") ? str(e, "new_url") :
			"any replacement");
		strbuf_addstr(sb, ": ");
		fate_words(sb, e, md_text);
		strbuf_addch(sb, '\n');
	}
	if (n > max_shown)
		strbuf_addf(sb, "- and %zu more (the JSON report has each)\n",
			    n - max_shown);
}

int report_write_markdown(json_t *model, FILE *out)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *states = json_object_get(model, "states");
	json_t *tot = json_object_get(model, "totals"), *link, *occ;
	size_t i, k, s, shown = 0, findings = 0;
	const size_t max_shown = 25;

	strbuf_addf(&sb, "### linkmend: %lld links in %lld places, %lld "
		    "checked", num(tot, "links"), num(tot, "occurrences"),
		    num(tot, "checked"));
	if (num(tot, "refused"))
		strbuf_addf(&sb, ", %lld refused by policy",
			    num(tot, "refused"));
	strbuf_addstr(&sb, "\n\n");
	strbuf_addstr(&sb, "| state | places |\n|---|---:|\n");
	for (i = 0; i < sizeof(state_order) / sizeof(state_order[0]); i++)
		strbuf_addf(&sb, "| %s | %lld |\n", state_order[i].label,
			    num(states, link_state_name(state_order[i].s)));
	md_owners(&sb, json_object_get(model, "owners"));
	/* The places to look at, worst first: failing ones too. */
	for (s = 0; s < 4; s++)
		json_array_foreach(json_object_get(model, "links"), i, link)
			json_array_foreach(json_object_get(link, "occurrences"), k, occ) {
			json_t *r = json_object_get(occ, "resolution");

			if (strcmp(str(occ, "state"),
				   link_state_name(state_order[s].s)))
				continue;
			if (findings++ == 0)
				strbuf_addstr(&sb, "\n**Dead, failing or moved "
					      "links**\n\n");
			if (shown >= max_shown)
				continue;
			shown++;
			strbuf_addstr(&sb, "- ");
			md_text(&sb, str(occ, "path"));
			strbuf_addf(&sb, ":%lld: ", num(occ, "line"));
			md_text(&sb, str(link, "url"));
			strbuf_addf(&sb, " (%s; ", state_order[s].label);
			md_text(&sb, str(link, "verdict"));
			strbuf_addch(&sb, ')');
			if (json_is_object(r) &&
			    json_is_string(json_object_get(r, "replacement"))) {
				strbuf_addstr(&sb, " &rarr; ");
				md_text(&sb, str(r, "replacement"));
			}
			if (applied(occ))
				strbuf_addstr(&sb, ", written by fix");
			strbuf_addch(&sb, '\n');
		}
	if (findings > shown)
		strbuf_addf(&sb, "- and %zu more\n", findings - shown);
	if (!findings)
		strbuf_addstr(&sb, "\nNo dead, failing or moved links.\n");
	md_left(&sb, model, max_shown);
	md_fixed(&sb, model, max_shown);
	md_fates(&sb, model, max_shown);
	fwrite(sb.buf, 1, sb.len, out);
	strbuf_release(&sb);
	return finish(out);
}

enum report_format report_format_from_name(const char *s)
{
	if (!strcmp(s, "html"))
		return REPORT_HTML;
	if (!strcmp(s, "json"))
		return REPORT_JSON;
	if (!strcmp(s, "sarif"))
		return REPORT_SARIF;
	if (!strcmp(s, "markdown") || !strcmp(s, "md"))
		return REPORT_MARKDOWN;
	return REPORT_NONE;
}

enum report_format report_format_of_path(const char *path)
{
	const char *dot = path ? strrchr(path, '.') : NULL;

	if (!dot || strchr(dot, '/'))
		return REPORT_NONE;
	if (!strcmp(dot, ".htm"))
		return REPORT_HTML;
	return report_format_from_name(dot + 1);
}

/* 1 if s[0..len) starts with prefix and holds mark within its first n. */
static int starts_and_holds(const char *s, size_t len, const char *prefix,
			    const char *mark)
{
	size_t pl = strlen(prefix);

	return len >= pl && !memcmp(s, prefix, pl) &&
	       (!mark || memmem(s, len, mark, strlen(mark)));
}

int report_is_ours(const char *buf, size_t len)
{
	if (len > REPORT_HEAD)
		len = REPORT_HEAD;
	return starts_and_holds(buf, len, "{\n \"schema\": \"linkmend-report\"",
				NULL) ||
	       starts_and_holds(buf, len, "{\n \"$schema\": \"https://json."
				"schemastore.org/sarif-2.1.0.json\"",
				"\"driver\": {\n     \"name\": \"linkmend\"") ||
	       starts_and_holds(buf, len, "### linkmend: ", NULL) ||
	       starts_and_holds(buf, len, "<!DOCTYPE html>",
				"The page of \"linkmend report");
}

int report_write(json_t *m, enum report_format format, FILE *out)
{
	switch (format) {
	case REPORT_HTML:
		return report_write_html(m, out);
	case REPORT_SARIF:
		return report_write_sarif(m, out);
	case REPORT_MARKDOWN:
		return report_write_markdown(m, out);
	default:
		return report_write_json(m, out);
	}
}
