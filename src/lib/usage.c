// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "usage.h"

const char *prog_name = "linkmend";
int die_status = 2;

/* One message at a time: scan workers report from several threads. */
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * Messages name paths and URLs from trees and servers nobody vetted:
 * every byte a terminal could act on is shown as \xNN
 * (strbuf_add_printable()), so that none reaches it as an escape
 * sequence or a forged line.
 */
static void vreport(const char *prefix, const char *fmt, va_list ap,
		    int errnum)
{
	char msg[4096];
	struct strbuf sb = STRBUF_INIT;

	vsnprintf(msg, sizeof(msg), fmt, ap);
	strbuf_add_printable(&sb, msg, strlen(msg));
	pthread_mutex_lock(&report_lock);
	if (errnum)
		fprintf(stderr, "%s%s: %s\n", prefix, sb.buf, strerror(errnum));
	else
		fprintf(stderr, "%s%s\n", prefix, sb.buf);
	pthread_mutex_unlock(&report_lock);
	strbuf_release(&sb);
}

int error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("error: ", fmt, ap, 0);
	va_end(ap);
	return -1;
}

int error_errno(const char *fmt, ...)
{
	int e = errno;
	va_list ap;

	va_start(ap, fmt);
	vreport("error: ", fmt, ap, e);
	va_end(ap);
	return -1;
}

void warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning: ", fmt, ap, 0);
	va_end(ap);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("fatal: ", fmt, ap, 0);
	va_end(ap);
	exit(die_status);
}

void die_reported(void)
{
	exit(die_status);
}

void die_errno(const char *fmt, ...)
{
	int e = errno;
	va_list ap;

	va_start(ap, fmt);
	vreport("fatal: ", fmt, ap, e);
	va_end(ap);
	exit(die_status);
}

void usage_die(const char *usage)
{
	fprintf(stderr, "usage: %s\n", usage);
	exit(129);
}
