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

/*
 * Messages name paths and URLs from trees and servers nobody vetted:
 * their control bytes are shown as \xNN, so that none reaches the
 * terminal as an escape sequence or a forged line.
 */
static void defang(char *msg, size_t size)
{
	char out[4096 * 4 + 1];
	size_t i, k = 0;

	for (i = 0; msg[i] && k + 5 < sizeof(out); i++) {
		unsigned char c = (unsigned char)msg[i];

		if (c < 0x20 || c == 0x7f)
			k += (size_t)snprintf(out + k, sizeof(out) - k, "\\x%02x", c);
		else
			out[k++] = (char)c;
	}
	out[k] = '\0';
	if (k >= size)
		k = size - 1;
	memcpy(msg, out, k);
	msg[k] = '\0';
}

static void vreport(const char *prefix, const char *fmt, va_list ap,
		    int errnum)
{
	char msg[4096 * 4];

	vsnprintf(msg, 4096, fmt, ap);
	defang(msg, sizeof(msg));
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
