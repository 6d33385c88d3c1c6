/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Reporting, in git's manner: error() prints "error: ..." on stderr and
 * returns -1 so library code can "return error(...)"; warning() prints and
 * returns; die() prints "fatal: ..." and exits 2, for the command layer
 * only.  Messages are lowercase with no full stop.
 */
#ifndef LIB_USAGE_H
#define LIB_USAGE_H

#include <stdarg.h>

#define LM_PRINTF(f, a) __attribute__((format(printf, f, a)))

int error(const char *fmt, ...) LM_PRINTF(1, 2);
int error_errno(const char *fmt, ...) LM_PRINTF(1, 2);
void warning(const char *fmt, ...) LM_PRINTF(1, 2);
__attribute__((noreturn)) void die(const char *fmt, ...) LM_PRINTF(1, 2);
__attribute__((noreturn)) void die_errno(const char *fmt, ...) LM_PRINTF(1, 2);
__attribute__((noreturn)) void usage_die(const char *usage);
/*
 * Exit as die() does when the library's error() has already said why:
 * one line per fault, never "error:" and then "fatal:" for the same one.
 */
__attribute__((noreturn)) void die_reported(void);

/* The exit status of die(): 2, linkmend's "error" for every command. */
extern int die_status;

/* Program name used as a prefix-free tag in messages ("linkmend"). */
extern const char *prog_name;

#endif
