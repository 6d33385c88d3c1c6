// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run.h"
#include "usage.h"
#include "xalloc.h"

extern char **environ;

/* Complete lines of out to fn, the partial last one kept. */
static void to_lines(struct strbuf *out, run_line_fn *fn, void *data)
{
	size_t at = 0;
	char *nl;

	while ((nl = memchr(out->buf + at, '\n', out->len - at))) {
		*nl = '\0';
		fn(out->buf + at, (size_t)(nl - out->buf - at), data);
		at = (size_t)(nl - out->buf) + 1;
	}
	if (at) {
		memmove(out->buf, out->buf + at, out->len - at);
		strbuf_setlen(out, out->len - at);
	}
}

/* In the child: cp's program, in and out its standard input and output. */
static void exec_child(struct child_process *cp, int in, int out,
		       pid_t parent)
{
	size_t i;

	/* Before exec; and the parent may already be gone. */
	if (cp->tied &&
	    (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent))
		_exit(127);
	dup2(in, 0);
	dup2(out, 1);
	if (cp->no_stderr) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, 2);
	}
	if (cp->dir && chdir(cp->dir))
		_exit(127);
	for (i = 0; i < cp->env.nr; i++)
		putenv(cp->env.v[i]);
	execvp(cp->args.v[0], cp->args.v);
	_exit(127);
}

int child_process_run(struct child_process *cp)
{
	const char *in = cp->in;
	size_t inlen = in ? cp->in_len : 0, off = 0;
	struct strbuf lines = STRBUF_INIT;
	struct strbuf *out = cp->line_fn ? &lines : cp->out;
	run_line_fn *fn = cp->line_fn;
	void *data = cp->line_data;
	int inp[2] = { -1, -1 }, outp[2] = { -1, -1 }, status, ret = -1;
	pid_t pid, parent = getpid();
	size_t i;

	if (!cp->args.nr) {
		error("BUG: no program to run");
		goto out;
	}
	if (pipe2(inp, O_CLOEXEC) || pipe2(outp, O_CLOEXEC)) {
		error_errno("cannot create a pipe");
		goto out;
	}
	pid = fork();
	if (pid < 0) {
		error_errno("cannot fork");
		goto out;
	}
	if (!pid)
		exec_child(cp, inp[0], outp[1], parent);
	close(inp[0]);
	close(outp[1]);
	inp[0] = outp[1] = -1;
	/*
	 * A blocking write of a large input waits until all of it fits,
	 * while the child waits for us to read its output: write only
	 * what the pipe takes now.
	 */
	fcntl(inp[1], F_SETFL, fcntl(inp[1], F_GETFL) | O_NONBLOCK);
	signal(SIGPIPE, SIG_IGN);
	/* Feed and drain together: a big input must not deadlock a big output. */
	for (;;) {
		struct pollfd p[2] = { { outp[0], POLLIN, 0 }, { inp[1], POLLOUT, 0 } };
		char buf[65536];
		int n = off < inlen ? 2 : 1;

		if (n == 1 && inp[1] >= 0) {
			close(inp[1]);
			inp[1] = -1;
		}
		if (poll(p, (nfds_t)n, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (n == 2 && (p[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
			ssize_t w = write(inp[1], in + off, inlen - off);

			if (w > 0)
				off += (size_t)w;
			else if (w < 0 && (errno == EAGAIN || errno == EINTR))
				;	/* full again: poll */
			else
				off = inlen;	/* the child stopped reading */
		}
		if (p[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			ssize_t r = read(outp[0], buf, sizeof(buf));

			if (r > 0 && out) {
				strbuf_add(out, buf, (size_t)r);
				if (fn)
					to_lines(out, fn, data);
			} else if (r == 0) {
				break;
			}
		}
	}
	if (inp[1] >= 0)
		close(inp[1]);
	close(outp[0]);
	/* A last line without its newline. */
	if (fn && out && out->len) {
		strbuf_addch(out, '\n');
		to_lines(out, fn, data);
	}
	inp[1] = outp[0] = -1;
	if (waitpid(pid, &status, 0) == pid && WIFEXITED(status))
		ret = WEXITSTATUS(status);
out:
	for (i = 0; i < 2; i++) {
		if (inp[i] >= 0)
			close(inp[i]);
		if (outp[i] >= 0)
			close(outp[i]);
	}
	strbuf_release(&lines);
	child_process_clear(cp);
	return ret;
}

/* Start cp for the pool; its args and env cleared. */
static void pool_start(struct run_pool *p, struct child_process *cp)
{
	int outp[2] = { -1, -1 }, null = -1;
	pid_t pid, parent = getpid();

	if (!cp->args.nr) {
		error("BUG: no program to run");
		goto fail;
	}
	null = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (null < 0 || pipe2(outp, O_CLOEXEC)) {
		error_errno("cannot create a pipe");
		goto fail;
	}
	pid = fork();
	if (pid < 0) {
		error_errno("cannot fork");
		goto fail;
	}
	if (!pid)
		exec_child(cp, null, outp[1], parent);
	close(outp[1]);
	close(null);
	ALLOC_GROW(p->run, p->nrun + 1, p->arun);
	p->run[p->nrun].pid = (int)pid;
	p->run[p->nrun++].fd = outp[0];
	child_process_clear(cp);
	return;
fail:
	p->failed++;
	if (null >= 0)
		close(null);
	if (outp[0] >= 0) {
		close(outp[0]);
		close(outp[1]);
	}
	child_process_clear(cp);
}

/*
 * Reap the commands that ended (their output at EOF), waiting for one
 * when wait is set; their output read and dropped.
 */
static void pool_reap(struct run_pool *p, int wait)
{
	struct pollfd *pf = xcalloc(p->nrun, sizeof(*pf));
	size_t i, k;

	for (i = 0; i < p->nrun; i++) {
		pf[i].fd = p->run[i].fd;
		pf[i].events = POLLIN;
	}
	while (poll(pf, (nfds_t)p->nrun, wait ? -1 : 0) < 0)
		if (errno != EINTR)
			goto out;
	for (i = 0; i < p->nrun; i++) {
		char buf[4096];
		ssize_t r;
		int status;

		if (!(pf[i].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		r = read(p->run[i].fd, buf, sizeof(buf));
		if (r > 0 || (r < 0 && (errno == EINTR || errno == EAGAIN)))
			continue;
		close(p->run[i].fd);
		p->run[i].fd = -1;
		while (waitpid((pid_t)p->run[i].pid, &status, 0) < 0)
			if (errno != EINTR) {
				status = -1;
				break;
			}
		if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status))
			p->failed++;
	}
	for (i = 0, k = 0; i < p->nrun; i++)
		if (p->run[i].fd >= 0)
			p->run[k++] = p->run[i];
	p->nrun = k;
out:
	free(pf);
}

static void pool_start_next(struct run_pool *p)
{
	while (p->nrun < (size_t)(p->jobs > 0 ? p->jobs : 1) &&
	       p->next < p->nq)
		pool_start(p, &p->queue[p->next++]);
}

void run_pool_add(struct run_pool *p, struct child_process *cp)
{
	struct child_process init = CHILD_PROCESS_INIT;

	ALLOC_GROW(p->queue, p->nq + 1, p->aq);
	p->queue[p->nq++] = *cp;
	*cp = init;
	run_pool_poll(p);
}

void run_pool_poll(struct run_pool *p)
{
	if (p->nrun)
		pool_reap(p, 0);
	pool_start_next(p);
}

size_t run_pool_finish(struct run_pool *p, int drop)
{
	size_t failed;

	for (; drop && p->next < p->nq; p->next++)
		child_process_clear(&p->queue[p->next]);
	for (;;) {
		pool_start_next(p);
		if (!p->nrun)
			break;
		pool_reap(p, 1);
	}
	failed = p->failed;
	free(p->queue);
	free(p->run);
	p->queue = NULL;
	p->run = NULL;
	p->nq = p->aq = p->next = p->nrun = p->arun = 0;
	p->failed = 0;
	return failed;
}

void child_process_clear(struct child_process *cp)
{
	strvec_clear(&cp->args);
	strvec_clear(&cp->env);
}

void git_cmd(struct child_process *cp, const char *top)
{
	strvec_push(&cp->args, "git");
	if (top)
		strvec_pushl(&cp->args, "-C", top, NULL);
}

/* A child_process of argv and env, the rest as the caller sets it. */
static void from_argv(struct child_process *cp, const char *const *argv,
		      const char *dir, const char *const *env)
{
	strvec_pushv(&cp->args, argv);
	if (env)
		strvec_pushv(&cp->env, env);
	cp->dir = dir;
}

int run_command(const char *const *argv, const char *dir, const char *in,
		size_t inlen, struct strbuf *out, const char *const *env)
{
	struct child_process cp = CHILD_PROCESS_INIT;

	from_argv(&cp, argv, dir, env);
	cp.in = in;
	cp.in_len = inlen;
	cp.out = out;
	return child_process_run(&cp);
}

int run_command_quiet(const char *const *argv, const char *dir,
		      struct strbuf *out)
{
	struct child_process cp = CHILD_PROCESS_INIT;

	from_argv(&cp, argv, dir, NULL);
	cp.out = out;
	cp.no_stderr = 1;
	return child_process_run(&cp);
}
