/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A patch's subject in its area's own style: the prefix the history of
 * the file uses most ("net: e1000: ", "hwmon: (tmp513) "), and whether
 * the area capitalises what follows it; where the tree has no history,
 * the kernel's conventions by path ("dt-bindings: display: tilcdc: ",
 * "wifi: b43: ", "drm/omap: ", "x86/vdso: ", "PCI: ", "MIPS: ",
 * "platform/x86: drv: "), or by the MAINTAINERS section where the path's
 * own says nothing of it.  The summary that follows the prefix is the
 * series' (series/summary.h).
 */
#ifndef SUBJECT_SUBJECT_H
#define SUBJECT_SUBJECT_H

#include <stddef.h>

struct subject_style {
	char *prefix;		/* with its separator: "net: " */
	int capital;		/* "Update ...", else "update ..." */
	int history;		/* the files' history gave it */
	int firm;		/* a subsystem's own fixed form ("Input: ") */
	int mixed;		/* of files sharing none, half or fewer had it */
};

/*
 * The style for a patch to each of n paths in the git tree root at base:
 * the history's (one git log for them all, each file's last 200 commits
 * of the project's own: none tree-wide, none imported from another
 * project by its trailers, as openssh's "upstream:" from OpenBSD) where
 * it has one: no prefix ("") where most of its subjects have none; else
 * none where the project's latest commits to the files mostly have none;
 * else by convention.
 */
void subject_styles(const char *root, const char *base,
		    const char *const *paths, size_t n,
		    struct subject_style *out);
void subject_style_release(struct subject_style *s);

/*
 * The style of a patch to several files, from each file's: the prefix
 * parts they all share ("dt-bindings: display: " from two bindings'
 * "dt-bindings: display: foo: " and "...: bar: "); where they share none,
 * the one most of them have (their history's first), mixed set when
 * that is half or fewer of those whose history gave one; capitalised as
 * most of them are.
 */
void subject_style_common(const struct subject_style *v, size_t n,
			  struct subject_style *out);

/*
 * A grab-bag: s (from subject_style_common() of paths[0..n)) is mixed
 * and does not name the folder the paths share (curl's lib/socks.c,
 * strequal.c and two NTLM files, "ntlm: "): that folder's convention
 * ("lib: ") into *out and 1; else 0.
 */
int subject_style_folder(const struct subject_style *s,
			 const char *const *paths, size_t n,
			 struct subject_style *out);

/*
 * 1 when one of the latest commits of the git tree root at base (its
 * non-merge ones) has a subject that begins with prefix: a prefix the
 * project never wrote ("src: " of a folder) is none of its voice.
 */
int subject_prefix_used(const char *root, const char *base,
			const char *prefix);

/*
 * The style the path alone gives (no history); a directory's ("dir/")
 * is its subsystem's word alone ("gpio: ", "hwmon: ").  The kernel's
 * rules, a table in convention.c.
 */
void subject_convention(const char *path, struct subject_style *out);

/*
 * 1 when place, a folder's name, is the folder whose rule gives path's
 * prefix, and that prefix is prefix: "ipv4" of net/ipv4/tcp_htcp.c's
 * "tcp: ", "arm" of Documentation/virt/kvm/arm/'s "KVM: arm64: ".  The
 * prefix says that place already ("tcp: ... in ipv4").
 */
int subject_place_is_home(const char *path, const char *prefix,
			  const char *place);

/*
 * Where the last part of prefix begins ("tilcdc: " of "dt-bindings:
 * display: tilcdc: "); 0 where it has one part or does not end in ": "
 * ("hwmon: (tmp513) ").
 */
size_t subject_last_part(const char *prefix);

/*
 * 1 when the subsystem prefix names goes on with a capital ("x86/vdso: ",
 * "regulator: ", "ACPI: video: "), as its own subjects do (a table in
 * convention.c that names its sources); 2 where its maintainers require
 * it (tip's parts, maintainer-tip.rst: "objtool: ", "x86/apm: "), which
 * no other subject of a series outvotes; 0 where nothing says so.
 */
int subject_capitalised(const char *prefix);

/*
 * A MAINTAINERS section's own style, for a patch whose prefix (from its
 * paths, not their history) does not name its section: a header under
 * include/, a document the subsystem keeps.  The convention of the F:
 * path that covers the most files (files[i] for paths[i]), outside
 * include/, Documentation/ and selftests (those under tools/ last), whose
 * prefix names the section: a word of the prefix is a word of its title,
 * the last part of one of its paths or the name of one of its lists.  A section of documents alone: "docs: " and
 * its title's first word.  1 with *out set; 0 when prefix names the
 * section already, or nothing does better.
 */
int subject_section_style(const char *prefix, const char *title,
			  const char *const *paths, const size_t *files,
			  size_t n, const char *const *lists, size_t nl,
			  struct subject_style *out);

#endif
