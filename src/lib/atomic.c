// SPDX-License-Identifier: GPL-2.0-or-later
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic.h"
#include "usage.h"
#include "xalloc.h"

int write_in_full(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (!n) {
			errno = ENOSPC;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int atomic_write_file(const char *path, const char *buf, size_t len,
		      const struct stat *keep)
{
	char *tmp = xstrfmt("%s.linkmend-XXXXXX", path);
	int fd, ret = -1;
	mode_t mask;

	fd = mkstemp(tmp);
	if (fd < 0) {
		error_errno("cannot create a temporary file beside '%s'", path);
		goto out;
	}
	if (write_in_full(fd, buf, len)) {
		error_errno("cannot write '%s'", tmp);
		goto out_unlink;
	}
	if (keep) {
		if (fchmod(fd, keep->st_mode & 07777) ||
		    (fchown(fd, keep->st_uid, keep->st_gid) && errno != EPERM)) {
			error_errno("cannot keep the mode of '%s'", path);
			goto out_unlink;
		}
	} else {
		mask = umask(0);
		umask(mask);
		if (fchmod(fd, 0666 & ~mask)) {
			error_errno("cannot set the mode of '%s'", tmp);
			goto out_unlink;
		}
	}
	if (fsync(fd)) {
		error_errno("cannot fsync '%s'", tmp);
		goto out_unlink;
	}
	if (close(fd)) {
		fd = -1;
		error_errno("cannot close '%s'", tmp);
		goto out_unlink;
	}
	fd = -1;
	if (rename(tmp, path)) {
		error_errno("cannot replace '%s'", path);
		goto out_unlink;
	}
	ret = 0;
	goto out;
out_unlink:
	if (fd >= 0)
		close(fd);
	unlink(tmp);
out:
	free(tmp);
	return ret;
}
