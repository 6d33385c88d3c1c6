/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Running another program (git, mostly): argv[0] found on PATH, optional
 * directory, standard input from a buffer, standard output into a strbuf,
 * extra environment entries ("NAME=value").  Standard error is kept.
 * The one place linkmend starts another program: input is fed and output
 * drained together, so neither side waits on a full pipe.
 */
#ifndef LIB_RUN_H
#define LIB_RUN_H

#include <stddef.h>

#include "strbuf.h"

/* Returns the exit status, or -1 when the program could not run. */
int run_command(const char *const *argv, const char *dir, const char *in,
		size_t inlen, struct strbuf *out, const char *const *env);

/* The same with no input and standard error thrown away. */
int run_command_quiet(const char *const *argv, const char *dir,
		      struct strbuf *out);

/*
 * The same, the program killed when linkmend dies first: for one whose
 * work is lost without us and which would otherwise write its failure
 * (a crash report, a marks file) after we are gone (git fast-import).
 */
int run_command_tied(const char *const *argv, const char *dir,
		     const char *in, size_t inlen, struct strbuf *out,
		     const char *const *env);

/*
 * The same with standard error thrown away, its output given to fn a
 * line at a time (the newline replaced by a NUL), as it comes: for an
 * output too large to hold (git log -p of a long history).
 */
typedef void run_line_fn(char *line, size_t len, void *data);
int run_command_lines(const char *const *argv, const char *dir,
		      const char *in, size_t inlen, run_line_fn *fn,
		      void *data);

#endif
