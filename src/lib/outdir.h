/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Output directories written whole: everything goes into a staging
 * directory beside the target, which takes the target's place in one
 * rename only when complete.  A marker file in each says the directory
 * is linkmend's: a directory without it (and not empty) is never
 * replaced nor removed, and is refused by name.
 */
#ifndef LIB_OUTDIR_H
#define LIB_OUTDIR_H

#define OUTDIR_MARKER ".linkmend-output"

struct outdir {
	char *dir;		/* the target, absolute */
	char *staging;		/* where this run writes, absolute */
};

/*
 * Check that dir is absent, empty or linkmend's; remove what killed runs
 * left beside it (marked staging directories only); make the staging
 * directory with its marker.  what names the contents in messages
 * ("series").  0, or -1 after error() with od released.
 */
int outdir_begin(struct outdir *od, const char *dir, const char *what);

/* Put the staging directory in dir's place; the old one is removed. */
int outdir_commit(struct outdir *od);

/* Remove the staging directory (after a failure) and free od. */
void outdir_release(struct outdir *od);

#endif
