/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Running another program (git, mostly), in the shape of git's
 * run-command: a struct child_process says what to run (its argv as a
 * strvec, argv[0] found on PATH), where (a directory), with what
 * (environment entries "NAME=value" added to ours, standard input from a
 * buffer) and where its output goes (a strbuf, a function fed a line at
 * a time, or nowhere); standard error is kept unless told otherwise.
 * The one place linkmend starts another program: input is fed and output
 * drained together, so neither side waits on a full pipe.  git_cmd()
 * begins a git command line.
 */
#ifndef LIB_RUN_H
#define LIB_RUN_H

#include <stddef.h>

#include "strbuf.h"
#include "strvec.h"

typedef void run_line_fn(char *line, size_t len, void *data);

struct child_process {
	struct strvec args;	/* the program and its arguments */
	struct strvec env;	/* "NAME=value" entries added to ours */
	const char *dir;	/* the directory it runs in, or NULL: ours */
	const char *in;		/* its standard input, or NULL: none */
	size_t in_len;
	struct strbuf *out;	/* its standard output, or NULL: dropped */
	/* Its standard output a line at a time (newline made a NUL). */
	run_line_fn *line_fn;
	void *line_data;
	unsigned no_stderr : 1;	/* standard error thrown away */
	/*
	 * Killed when linkmend dies first: for a program whose work is
	 * lost without us and which would otherwise write its failure (a
	 * crash report, a marks file) after we are gone (git fast-import).
	 */
	unsigned tied : 1;
};

#define CHILD_PROCESS_INIT { STRVEC_INIT, STRVEC_INIT, NULL, NULL, 0, NULL, \
			     NULL, NULL, 0, 0 }

/*
 * Run cp and wait for it: its exit status, or -1 when it could not run
 * (or died of a signal).  cp's args and env are cleared, as git's
 * run_command() does, so cp may be set up again for the next command.
 */
int child_process_run(struct child_process *cp);
void child_process_clear(struct child_process *cp);

/*
 * Begin cp as a git command: "git", then "-C top" when top is given
 * (git's own chdir, which names the directory when it fails); the
 * caller pushes the rest (strvec_pushl(&cp->args, ..., NULL)).
 */
void git_cmd(struct child_process *cp, const char *top);

/*
 * Commands run jobs at a time while the caller goes on with its own
 * work: for programs that write what they find to a file (series'
 * get_maintainer.pl runs, started as each patch is written).  A command
 * has no standard input and its output is dropped.  run_pool_add()
 * takes cp's args and env (cp is cleared, as after child_process_run())
 * and starts it when fewer than jobs run, else queues it; cp->dir must
 * stay valid until run_pool_finish().  run_pool_poll() reaps those that
 * ended (their output closed: one that closes it and runs on is waited
 * for then) and starts the next.  run_pool_finish() waits
 * for every command (those not started yet dropped when drop is set)
 * and returns how many failed: exited non-zero, died of a signal or
 * could not run.
 */
struct run_pool_child {
	int pid;		/* a pid_t */
	int fd;			/* its standard output: EOF when it ends */
};

struct run_pool {
	int jobs;
	struct child_process *queue;	/* [next, nq) not started yet */
	size_t nq, aq, next;
	struct run_pool_child *run;	/* running */
	size_t nrun, arun;
	size_t failed;
};

#define RUN_POOL_INIT(jobs) { (jobs), NULL, 0, 0, 0, NULL, 0, 0, 0 }

void run_pool_add(struct run_pool *p, struct child_process *cp);
void run_pool_poll(struct run_pool *p);
size_t run_pool_finish(struct run_pool *p, int drop);

/* The older calls, each one child_process_run() of argv. */

/* Returns the exit status, or -1 when the program could not run. */
int run_command(const char *const *argv, const char *dir, const char *in,
		size_t inlen, struct strbuf *out, const char *const *env);

/* The same with no input and standard error thrown away. */
int run_command_quiet(const char *const *argv, const char *dir,
		      struct strbuf *out);

#endif
