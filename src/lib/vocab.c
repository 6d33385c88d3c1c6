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

static const char *const verdict_names[V__COUNT] = {
	"alive", "moved", "redirected", "gone", "soft-404", "dns", "dns-error",
	"refused", "timeout", "tls", "blocked", "server-error", "parked",
	"unsafe", "fragment-missing",
};

const char *verdict_name(enum verdict v)
{
	return (unsigned)v < V__COUNT ? verdict_names[v] : "?";
}

enum verdict verdict_from_name(const char *name)
{
	int i;

	for (i = 0; i < V__COUNT; i++)
		if (!strcmp(verdict_names[i], name))
			return (enum verdict)i;
	return V__COUNT;
}

int verdict_is_failure(enum verdict v)
{
	return v != V_ALIVE && v != V_MOVED && v != V_REDIRECTED &&
	       v != V_BLOCKED && v != V_UNSAFE && v != V_FRAGMENT_MISSING &&
	       v < V__COUNT;
}

int check_failures_at(const struct check_history *h, size_t n,
		      long long spacing_s, long long *lastp)
{
	long long last = 0;
	int count = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (!verdict_is_failure(h[i].verdict)) {
			if (h[i].verdict != V_BLOCKED)
				count = 0;	/* a success starts over */
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
