/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Paths relative to a scan root: normalising what the user typed and
 * asking whether a path lies under a pathspec.
 */
#ifndef LIB_PATH_H
#define LIB_PATH_H

#include <stddef.h>

/*
 * Normalise a relative path in place: drop "./" components, repeated and
 * trailing slashes; "." and "" become "".  Returns -1 where the path is
 * absolute or climbs out with "..".
 */
int path_normalize(char *path);

/* 1 if path is prefix itself or lies below it ("" holds everything). */
int path_under(const char *path, const char *prefix);
/* 1 if path is under one of prefixes[0..n); always 1 when n == 0. */
int path_under_any(const char *path, const char *const *prefixes, size_t n);

/*
 * The nearest of the working directory and its parents holding name
 * (a relative path): the path to it there (to free), or NULL.
 */
char *path_find_up(const char *name);

/* rm -rf path (never following symlinks); 0, or -1 after error(). */
int remove_tree(const char *path);
/*
 * The same, but the entry called last (right under path) goes after
 * everything else: a removal killed half-way leaves it in place.
 */
int remove_tree_last(const char *path, const char *last);

/*
 * What an interrupted run left (temporary files, staging directories):
 * remove everything matching the glob pattern, each with a warning.
 */
void remove_leftovers(const char *pattern);

/*
 * fnmatch(3) of a .linkmend.conf pattern: for a path (pathname set), a
 * pattern ending in '/' holds everything below it and any pattern holds
 * what is below what it matches.
 */
int glob_match(const char *pattern, const char *s, int pathname);

#endif
