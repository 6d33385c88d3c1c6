/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * .linkmend.conf: an ini file in git's manner.
 *
 *     # comment (also ';')
 *     [section]
 *     key = value
 *     [section "subsection"]      (host "lkml.org", say)
 *     key = "a quoted value with \" and \\"
 *
 * Section and key names are case-insensitive ([A-Za-z0-9-.]); a key may
 * repeat, and every value is kept in file order.  A malformed line is an
 * error naming FILE:LINE; a missing file is an empty configuration.
 */
#ifndef LIB_CONFIG_H
#define LIB_CONFIG_H

#include <stddef.h>

struct config_entry {
	char *section;		/* lower case */
	char *sub;		/* as written, or NULL */
	char *key;		/* lower case */
	char *value;
	unsigned line;
};

struct config {
	char *path;
	struct config_entry *v;
	size_t nr, alloc;
};

/* Parse text (named path in messages) into cfg; -1 after error(). */
int config_parse(struct config *cfg, const char *path, const char *text);
/*
 * path, or an empty configuration when there is none; -1 after error()
 * naming it when it cannot be read or parsed, or is not a regular file
 * (a FIFO is refused, never waited on).
 */
int config_load(struct config *cfg, const char *path);
/* root/.linkmend.conf. */
int config_load_tree(const char *root, struct config *cfg);
/*
 * The user's own file: $XDG_CONFIG_HOME/linkmend/config, else
 * ~/.config/linkmend/config (none: an empty configuration).
 */
int config_load_user(struct config *cfg);
/* src's entries put before dst's (so dst's win in config_get()). */
void config_prepend(struct config *dst, const struct config *src);
void config_release(struct config *cfg);

/* The last value of section.key (subsection NULL: none), or NULL. */
const char *config_get(const struct config *cfg, const char *section,
		       const char *key);
const char *config_get_sub(const struct config *cfg, const char *section,
			   const char *sub, const char *key);

/*
 * Every entry of section (any subsection) with key, in file order:
 * start with *i = 0; NULL at the end.
 */
const struct config_entry *config_next(const struct config *cfg,
				       const char *section, const char *key,
				       size_t *i);

/*
 * section.key as a whole number in [min, max] into *out, or *out left
 * alone when the key is absent; -1 after error() naming the file and key.
 */
int config_number(const struct config *cfg, const char *section,
		  const char *key, long min, long max, long *out);

/*
 * 1 when a value of section.key, taken as a glob (glob_match(), path.h),
 * matches s; pathname: s is a path.  cfg may be NULL.
 */
int config_match(const struct config *cfg, const char *section,
		 const char *key, const char *s, int pathname);

#endif
