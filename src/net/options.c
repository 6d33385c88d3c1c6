// SPDX-License-Identifier: GPL-2.0-or-later
#include <curl/curl.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <stdio.h>
#include <string.h>

#include "../lib/config.h"
#include "../lib/usage.h"
#include "options.h"

/*
 * A CA file that cannot be used fails every https request alike: that
 * is the user's set-up, said once at start, never a verdict on a URL.
 */
static int cacert_ok(const char *path)
{
	FILE *f = fopen(path, "r");
	X509 *x;

	if (!f)
		return error_errno("--cacert '%s'", path);
	x = PEM_read_X509(f, NULL, NULL, NULL);
	fclose(f);
	if (!x)
		return error("--cacert '%s': no PEM certificate in it", path);
	X509_free(x);
	return 0;
}

static int proxy_ok(const char *proxy)
{
	static const char *const schemes[] = { "http", "https", "socks4",
		"socks4a", "socks5", "socks5h" };
	CURLU *u = curl_url();
	char *scheme = NULL, *host = NULL;
	size_t i;
	int ret = -1;

	if (!u)
		return error("out of memory");
	if (curl_url_set(u, CURLUPART_URL, proxy, CURLU_NON_SUPPORT_SCHEME) ||
	    curl_url_get(u, CURLUPART_SCHEME, &scheme, 0) ||
	    curl_url_get(u, CURLUPART_HOST, &host, 0) || !*host) {
		error("--proxy '%s': not a proxy URL (http://HOST:PORT)", proxy);
		goto out;
	}
	for (i = 0; i < sizeof(schemes) / sizeof(schemes[0]); i++)
		if (!strcmp(scheme, schemes[i]))
			ret = 0;
	if (ret)
		error("--proxy '%s': %s is not a proxy scheme (http, https, "
		      "socks4, socks5)", proxy, scheme);
out:
	curl_free(scheme);
	curl_free(host);
	curl_url_cleanup(u);
	return ret;
}

/* A User-Agent is one header line: no control characters in it. */
static int user_agent_ok(const char *ua)
{
	const unsigned char *p;

	for (p = (const unsigned char *)ua; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return error("user-agent: a control character (0x%02x) "
				     "in '%.40s'", *p, ua);
	return 0;
}

int net_options_finish(struct net_opts *o, const struct option *opts,
		       const struct config *cfg)
{
	const struct setting *t = settings_row(SETTING_CHECK_TIMEOUT);
	long jobs = o->max_total, per_host = o->per_host;
	long timeout_s = (long)(o->timeout_ms / t->scale);
	const char *v;

	if (settings_number(cfg, opts, SETTING_CHECK_JOBS, &jobs) ||
	    settings_number(cfg, opts, SETTING_CHECK_PER_HOST, &per_host) ||
	    settings_number(cfg, opts, SETTING_CHECK_SPACING_MS,
			    &o->spacing_ms) ||
	    settings_number(cfg, opts, SETTING_CHECK_TIMEOUT, &timeout_s))
		return -1;
	o->max_total = (int)jobs;
	o->per_host = (int)per_host;
	if (!parse_options_seen(opts, t->option))
		o->timeout_ms = (long)(timeout_s * t->scale);
	if (o->connect_timeout_ms > o->timeout_ms)
		o->connect_timeout_ms = o->timeout_ms;
	if ((v = settings_text(cfg, opts, SETTING_CHECK_USER_AGENT)))
		o->user_agent = v;
	if ((v = settings_text(cfg, opts, SETTING_CHECK_PROXY)))
		o->proxy = v;
	if ((o->cacert && cacert_ok(o->cacert)) ||
	    (o->proxy && proxy_ok(o->proxy)) ||
	    (o->user_agent && user_agent_ok(o->user_agent)))
		return -1;
	return 0;
}
