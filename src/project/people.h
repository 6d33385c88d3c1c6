/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What scripts/get_maintainer.pl --no-git --no-git-fallback prints for a
 * patch, worked out here, for a tree with MAINTAINERS but not the script,
 * or when asked (series --no-get-maintainer: no perl per patch).  Its
 * rules: every section that matches a file the patch touches, the most
 * specific first, then those whose K: matches the patch; people with
 * .mailmap applied and one address per name (the first seen); lists but
 * subscribers-only ones; the addresses in a touched .yaml file; the chief
 * penguin left out.  Maintainers (M: of a section whose S: says who takes
 * patches) in To, reviewers, lists and file addresses in Cc.
 */
#ifndef PROJECT_PEOPLE_H
#define PROJECT_PEOPLE_H

#include "../lib/strmap.h"

struct maintainers;
struct recipients;

/* root/.mailmap as get_maintainer.pl reads it. */
struct mailmap {
	struct strmap names, addresses;
};

/* Parse .mailmap text (cut in place) into mm. */
void mailmap_parse(char *text, struct mailmap *mm);
/* Load root/.mailmap; none is an empty map.  -1 after error(). */
int mailmap_load(const char *root, struct mailmap *mm);
void mailmap_release(struct mailmap *mm);

/*
 * The recipients of the patch text (a git format-patch mail) into r,
 * which starts empty; root is the tree, where .yaml files are read.
 */
void people_route(const char *root, const struct maintainers *m,
		  const struct mailmap *mm, const char *patch,
		  struct recipients *r);

#endif
