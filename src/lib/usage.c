// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "usage.h"

const char *prog_name = "linkmend";
int die_status = 2;

/* One message at a time: scan workers report from several threads. */
static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;

static void vreport(const char *prefix, const char *fmt, va_list ap,
		    int errnum)
{
	char msg[4096];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	pthread_mutex_lock(&report_lock);
	if (errnum)
		fprintf(stderr, "%s%s: %s\n", prefix, msg, strerror(errnum));
	else
		fprintf(stderr, "%s%s\n", prefix, msg);
	pthread_mutex_unlock(&report_lock);
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
