/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The tree's own small files (.gitmodules, .gitattributes, MAINTAINERS,
 * .git/config, a folder's README), which may well not be there: read
 * quietly, line by line.  For project/ alone.
 */
#ifndef PROJECT_TREE_H
#define PROJECT_TREE_H

#include <stddef.h>

struct strbuf;

/* root/name into sb; -1, with no message, when it is no regular file. */
int tree_read(const char *root, const char *name, struct strbuf *sb);

/* fn on each line of text, without its newline. */
void tree_each_line(const char *text,
		    void (*fn)(void *data, const char *line, size_t n),
		    void *data);

/* The same on each line of root/name, when the tree has it. */
void tree_each_line_of(const char *root, const char *name,
		       void (*fn)(void *data, const char *line, size_t n),
		       void *data);

/*
 * The project's own name, lower case: the last part of .git/config's
 * first remote URL (without ".git"), else root's last component.  The
 * remote's URL up to that name into *remote when remote is not NULL
 * (NULL when there is none).  Both to free.
 */
char *tree_project_name(const char *root, char **remote);

#endif
