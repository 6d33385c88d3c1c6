/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Whole-file writes that never leave a half-written file: the bytes go
 * to a temporary file beside path, are fsynced, and replace path with
 * rename(2).  A reader sees the old content or the new, nothing between.
 */
#ifndef LIB_ATOMIC_H
#define LIB_ATOMIC_H

#include <stddef.h>
#include <sys/stat.h>

/*
 * Write all of buf[0..len) to fd, through short writes and EINTR: 0, or
 * -1 with errno set (ENOSPC for a write that wrote nothing).
 */
int write_in_full(int fd, const void *buf, size_t len);

/*
 * Write buf[0..len) to path.  keep, when given, is the file's stat: its
 * mode and owner are kept; otherwise a new file gets 0666 less umask.
 * Returns 0, or -1 after error() naming the file (path is then as it was).
 */
int atomic_write_file(const char *path, const char *buf, size_t len,
		      const struct stat *keep);

#endif
