// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>

#include "vocab.h"

static const char *const ctx_names[CTX__COUNT] = {
	[CTX_C_COMMENT] = "c-comment",
	[CTX_C_LINE_COMMENT] = "c-line-comment",
	[CTX_C_STRING] = "c-string",
	[CTX_C_FORMAT] = "c-format",
	[CTX_KCONFIG_HELP] = "kconfig-help",
	[CTX_KCONFIG] = "kconfig",
	[CTX_RST] = "rst",
	[CTX_MARKDOWN] = "markdown",
	[CTX_YAML] = "yaml",
	[CTX_MAKEFILE] = "makefile",
	[CTX_SCRIPT_COMMENT] = "script-comment",
	[CTX_HTML] = "html",
	[CTX_TEXT] = "text",
	[CTX_CODE] = "code",
	[CTX_IDENTIFIER] = "identifier",
	[CTX_LICENSE] = "license",
};

static const char *const flag_names[OCC__COUNT] = {
	"wrapped", "truncated", "placeholder", "example", "https", "invalid",
};

const char *context_name(enum context ctx)
{
	return (unsigned)ctx < CTX__COUNT ? ctx_names[ctx] : "?";
}

enum context context_from_name(const char *name)
{
	unsigned i;

	for (i = 0; i < CTX__COUNT; i++)
		if (!strcmp(ctx_names[i], name))
			return (enum context)i;
	return CTX__COUNT;
}

int context_is_checked(enum context ctx)
{
	return ctx != CTX_IDENTIFIER && ctx != CTX_LICENSE;
}

int context_is_code(enum context ctx)
{
	return ctx == CTX_C_STRING || ctx == CTX_C_FORMAT ||
	       ctx == CTX_KCONFIG || ctx == CTX_MAKEFILE || ctx == CTX_CODE;
}

const char *flag_name(unsigned bit_index)
{
	return bit_index < OCC__COUNT ? flag_names[bit_index] : "?";
}

void flags_format(unsigned flags, char *out, unsigned size)
{
	unsigned i, n = 0;

	out[0] = '\0';
	for (i = 0; i < OCC__COUNT; i++) {
		size_t l = strlen(flag_names[i]);

		if (!(flags & (1u << i)))
			continue;
		if (n + l + 2 > size)
			break;
		if (n)
			out[n++] = ',';
		memcpy(out + n, flag_names[i], l);
		n += (unsigned)l;
		out[n] = '\0';
	}
	if (!n && size >= 2) {
		out[0] = '-';
		out[1] = '\0';
	}
}

unsigned flags_parse(const char *s)
{
	unsigned i, flags = 0;

	while (*s) {
		size_t l = strcspn(s, ",");

		for (i = 0; i < OCC__COUNT; i++)
			if (strlen(flag_names[i]) == l &&
			    !strncmp(flag_names[i], s, l))
				flags |= 1u << i;
		s += l;
		if (*s)
			s++;
	}
	return flags;
}

/*
 * What each verdict says, in one place: every stage reads a verdict
 * through this table, never by listing verdicts of its own.
 *   failure      counts towards dead by the confirmation rule;
 *   success      starts that count over (blocked is neither: a 403
 *                or 429 says nothing of the page);
 *   unreachable  no HTTP answer came: the host, or the checker's own
 *                network, is down (check_network()'s evidence);
 *   accepts      [host "NAME"] accept may make it alive (a failure
 *                with an HTTP status);
 *   state        what one check with it makes of a link: dead is
 *                evidence the page is gone, failing may pass (a
 *                timeout, a server's error), unchecked was never
 *                requested (refused by policy).
 */
static const struct {
	const char *name;
	unsigned failure:1, success:1, unreachable:1, accepts:1;
	enum link_state state;
} verdicts[V__COUNT] = {
	[V_ALIVE] = { "alive", 0, 1, 0, 0, LS_ALIVE },
	[V_MOVED] = { "moved", 0, 1, 0, 0, LS_MOVED },
	[V_REDIRECTED] = { "redirected", 0, 1, 0, 0, LS_ALIVE },
	[V_GONE] = { "gone", 1, 0, 0, 1, LS_DEAD },
	[V_SOFT404] = { "soft-404", 1, 0, 0, 1, LS_DEAD },
	[V_DNS] = { "dns", 1, 0, 1, 1, LS_DEAD },
	[V_DNS_ERROR] = { "dns-error", 1, 0, 1, 1, LS_FAILING },
	[V_REFUSED] = { "refused", 1, 0, 1, 1, LS_DEAD },
	[V_TIMEOUT] = { "timeout", 1, 0, 1, 1, LS_FAILING },
	[V_TLS] = { "tls", 1, 0, 1, 1, LS_DEAD },
	[V_BLOCKED] = { "blocked", 0, 0, 0, 0, LS_ALIVE },
	[V_SERVER_ERROR] = { "server-error", 1, 0, 0, 1, LS_FAILING },
	[V_PARKED] = { "parked", 1, 0, 0, 1, LS_DEAD },
	[V_UNSAFE] = { "unsafe", 0, 1, 0, 0, LS_UNCHECKED },
	[V_FRAGMENT_MISSING] = { "fragment-missing", 0, 1, 0, 0, LS_ALIVE },
};

const char *verdict_name(enum verdict v)
{
	return (unsigned)v < V__COUNT ? verdicts[v].name : "?";
}

enum verdict verdict_from_name(const char *name)
{
	int i;

	for (i = 0; i < V__COUNT; i++)
		if (!strcmp(verdicts[i].name, name))
			return (enum verdict)i;
	return V__COUNT;
}

int verdict_is_failure(enum verdict v)
{
	return (unsigned)v < V__COUNT && verdicts[v].failure;
}

int verdict_is_unreachable(enum verdict v)
{
	return (unsigned)v < V__COUNT && verdicts[v].unreachable;
}

int verdict_accepts(enum verdict v)
{
	return (unsigned)v < V__COUNT && verdicts[v].accepts;
}

enum link_state verdict_state(enum verdict v)
{
	return (unsigned)v < V__COUNT ? verdicts[v].state : LS_UNCHECKED;
}

int check_failures_at(const struct check_history *h, size_t n,
		      long long spacing_s, long long *lastp)
{
	long long last = 0;
	int count = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!verdict_is_failure(h[i].verdict)) {
			if ((unsigned)h[i].verdict >= V__COUNT ||
			    verdicts[h[i].verdict].success)
				count = 0;
			continue;
		}
		if (!count || h[i].at - last >= spacing_s) {
			count++;
			last = h[i].at;
		}
	}
	if (lastp)
		*lastp = count ? last : 0;
	return count;
}

int check_failures(const struct check_history *h, size_t n,
		   long long spacing_s)
{
	return check_failures_at(h, n, spacing_s, NULL);
}

int check_is_dead(const struct check_history *h, size_t n, int confirm,
		  long long spacing_s, int *failures)
{
	int k = check_failures(h, n, spacing_s);

	if (failures)
		*failures = k;
	return n && verdict_is_failure(h[n - 1].verdict) && k >= confirm;
}

static const char *const kind_names[K__COUNT] = {
	"moved", "upgrade", "canonical", "typo", "migrated", "archived",
	"unresolved",
};

const char *kind_name(enum kind k)
{
	return (unsigned)k < K__COUNT ? kind_names[k] : "?";
}

enum kind kind_from_name(const char *name)
{
	unsigned i;

	for (i = 0; i < K__COUNT; i++)
		if (!strcmp(kind_names[i], name))
			return (enum kind)i;
	return K__COUNT;
}

int kind_is_guess(enum kind k)
{
	return k == K_TYPO || k == K_MIGRATED;
}

static const char *const link_states[LS__COUNT] = {
	"alive", "moved", "dead", "unresolved", "failing", "unchecked",
};

const char *link_state_name(enum link_state s)
{
	return s < LS__COUNT ? link_states[s] : "?";
}
