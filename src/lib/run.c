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

#define RUN_QUIET 1
#define RUN_TIED 2

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

static int run(const char *const *argv, const char *dir, const char *in,
	       size_t inlen, struct strbuf *out, const char *const *env,
	       int flags, run_line_fn *fn, void *data)
{
	int inp[2], outp[2], status;
	size_t off = 0;
	pid_t pid, parent = getpid();

	if (pipe2(inp, O_CLOEXEC) || pipe2(outp, O_CLOEXEC))
		return error_errno("cannot create a pipe");
	pid = fork();
	if (pid < 0)
		return error_errno("cannot fork");
	if (!pid) {
		size_t i;

		/* Before exec; and the parent may already be gone. */
		if ((flags & RUN_TIED) &&
		    (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != parent))
			_exit(127);
		dup2(inp[0], 0);
		dup2(outp[1], 1);
		if (flags & RUN_QUIET) {
			int null = open("/dev/null", O_WRONLY);

			if (null >= 0)
				dup2(null, 2);
		}
		if (dir && chdir(dir))
			_exit(127);
		for (i = 0; env && env[i]; i++)
			putenv((char *)env[i]);
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(inp[0]);
	close(outp[1]);
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
	if (waitpid(pid, &status, 0) != pid)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int run_command(const char *const *argv, const char *dir, const char *in,
		size_t inlen, struct strbuf *out, const char *const *env)
{
	return run(argv, dir, in, inlen, out, env, 0, NULL, NULL);
}

int run_command_quiet(const char *const *argv, const char *dir,
		      struct strbuf *out)
{
	return run(argv, dir, NULL, 0, out, NULL, RUN_QUIET, NULL, NULL);
}

int run_command_tied(const char *const *argv, const char *dir,
		     const char *in, size_t inlen, struct strbuf *out,
		     const char *const *env)
{
	return run(argv, dir, in, inlen, out, env, RUN_TIED, NULL, NULL);
}

int run_command_lines(const char *const *argv, const char *dir,
		      const char *in, size_t inlen, run_line_fn *fn,
		      void *data)
{
	struct strbuf out = STRBUF_INIT;
	int ret = run(argv, dir, in, inlen, &out, NULL, RUN_QUIET, fn, data);

	strbuf_release(&out);
	return ret;
}
