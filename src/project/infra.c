// SPDX-License-Identifier: GPL-2.0-or-later
#include <string.h>
#include <strings.h>

#include "../lib/config.h"
#include "../lib/settings.h"
#include "infra.h"

/* host is name or one of its subdomains. */
static int under(const char *host, const char *name)
{
	size_t h = strlen(host), n = strlen(name);

	return n && h >= n && !strcasecmp(host + h - n, name) &&
	       (h == n || host[h - n - 1] == '.');
}

int infra_host(const char *host, const struct config *cfg)
{
	const struct config_entry *e;
	size_t i = 0;

	if (under(host, "kernel.org"))
		return 1;
	while ((e = settings_next(cfg, SETTING_KEEP_HOST, &i)))
		if (under(host, e->value))
			return 1;
	return 0;
}

int infra_core_host(const char *host, const struct config *cfg)
{
	static const char *const core[] = {
		"kernel.org", "www.kernel.org", "git.kernel.org",
		"lore.kernel.org", "patchwork.kernel.org",
		"bugzilla.kernel.org", "docs.kernel.org",
	};
	const struct config_entry *e;
	size_t i;

	for (i = 0; i < sizeof(core) / sizeof(core[0]); i++)
		if (!strcasecmp(host, core[i]))
			return 1;
	i = 0;
	while ((e = settings_next(cfg, SETTING_KEEP_HOST, &i)))
		if (!strcasecmp(host, e->value))
			return 1;
	return 0;
}
