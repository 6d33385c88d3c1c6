// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * series: the way to git every step of a series takes (series_git_cmd(),
 * series_git()) hands git every argument; it once copied them into a
 * fixed argv[32] and dropped all past the 28th without a word.  And the
 * edits' groups: a file is in one, whatever kinds its links are of.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/lib/run.h"
#include "../../src/lib/strbuf.h"
#include "../../src/lib/xalloc.h"
#include "../../src/series/series.h"
#include "../../src/series/write.h"
#include "unit.h"

/* How many "'argNN'" git rev-parse --sq-quote gave back. */
static size_t quoted(const char *out)
{
	const char *p;
	size_t n = 0;

	for (p = out; (p = strstr(p, "'arg")); p++)
		n++;
	return n;
}

static void test_many_arguments(void)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT;
	struct series c;
	int i, rc;

	memset(&c, 0, sizeof(c));
	c.root = ".";
	series_git_cmd(&c, &cp);
	strvec_pushl(&cp.args, "rev-parse", "--sq-quote", NULL);
	for (i = 0; i < 40; i++)
		strvec_pushf(&cp.args, "arg%02d", i);
	cp.out = &out;
	rc = child_process_run(&cp);
	CHECK(rc == 0 && quoted(out.buf) == 40,
	      "series_git_cmd: git gets all of 40 arguments");
	CHECK(strstr(out.buf, "'arg39'") != NULL,
	      "series_git_cmd: the last of 40 arguments reaches git");
	CHECK(cp.args.nr == 0, "child_process_run: its args cleared after");

	strbuf_reset(&out);
	rc = series_git(&c, &out, "rev-parse", "--sq-quote", "arg00", "arg01",
			"arg02", "arg03", "arg04", "arg05", "arg06", "arg07",
			"arg08", "arg09", "arg10", "arg11", "arg12", "arg13",
			"arg14", "arg15", "arg16", "arg17", "arg18", "arg19",
			"arg20", "arg21", "arg22", "arg23", "arg24", "arg25",
			"arg26", "arg27", "arg28", "arg29", "arg30", "arg31",
			"arg32", "arg33", "arg34", "arg35", "arg36", "arg37",
			"arg38", "arg39", NULL);
	CHECK(rc == 0 && quoted(out.buf) == 40,
	      "series_git: git gets all of 40 arguments");
	strbuf_release(&out);
}

/*
 * t-series.sh's foo driver: one file with a moved and a dead link (49
 * kernel files are so), another with a moved one.
 */
static const char foo_c[] =
	"/*\n"
	" * The foo driver.  Manual: http://www.foo-vendor.org/docs/old.html\n"
	" * FAQ: http://www.bar-chips.org/faq.html\n"
	" */\n";
static const char foo_h[] =
	"/* Registers: http://www.foo-vendor.org/docs/old.html */\n";

static void add_edit(struct series *c, const char *path, const char *buf,
		     const char *url, unsigned line, enum kind kind,
		     const char *to)
{
	struct planned *e;
	const char *at = strstr(buf, url);

	ALLOC_GROW(c->plan.v, c->plan.nr + 1, c->plan.alloc);
	e = &c->plan.v[c->plan.nr++];
	memset(e, 0, sizeof(*e));
	e->path = xstrdup(path);
	e->start = (size_t)(at - buf);
	e->end = e->start + strlen(url);
	e->line = line;
	e->text = xstrdup(url);
	e->url = xstrdup(url);
	e->replacement = xstrdup(to);
	e->evidence = xstrdup("test");
	e->kind = kind;
	e->ctx = CTX_C_COMMENT;
}

static void put_blob(struct series *c, const char *path, const char *text)
{
	struct strbuf *sb = xcalloc(1, sizeof(*sb));

	strbuf_init(sb, 0);
	strbuf_addstr(sb, text);
	*strmap_put(&c->blobs, path) = sb;
}

/* The groups path is in. */
static size_t groups_of(const struct series *c, const char *path)
{
	size_t k, i, n = 0;

	for (k = 0; k < c->ng; k++)
		for (i = 0; i < c->g[k].nr; i++)
			if (!strcmp(c->plan.v[c->g[k].edits[i]].path, path)) {
				n++;
				break;
			}
	return n;
}

static void test_one_group_per_file(void)
{
	struct series_opts o;
	struct series c;
	struct strmap_entry *me;
	size_t k;

	memset(&o, 0, sizeof(o));
	memset(&c, 0, sizeof(c));
	o.base_rev = "HEAD";
	c.o = &o;
	add_edit(&c, "drivers/foo/foo.c", foo_c,
		 "http://www.foo-vendor.org/docs/old.html", 2, K_MOVED,
		 "https://www.foo-vendor.org/docs/new.html");
	add_edit(&c, "drivers/foo/foo.c", foo_c,
		 "http://www.bar-chips.org/faq.html", 3, K_ARCHIVED,
		 "https://web.archive.org/web/20050101000000/"
		 "http://www.bar-chips.org/faq.html");
	add_edit(&c, "drivers/foo/foo.h", foo_h,
		 "http://www.foo-vendor.org/docs/old.html", 1, K_MOVED,
		 "https://www.foo-vendor.org/docs/new.html");
	put_blob(&c, "drivers/foo/foo.c", foo_c);
	put_blob(&c, "drivers/foo/foo.h", foo_h);
	series_group_edits(&c);
	CHECK(c.plan.nr == 3 && c.ng >= 1,
	      "series_group_edits: the three edits are grouped (the setup)");
	CHECK(groups_of(&c, "drivers/foo/foo.c") == 1,
	      "a file whose links moved and died is in one group");
	CHECK(groups_of(&c, "drivers/foo/foo.h") == 1,
	      "a file of one kind is in one group");
	CHECK(c.ng == 2, "two groups: foo.c's two kinds, foo.h's one");
	for (k = 0; k < c.ng; k++) {
		const char *p = c.plan.v[c.g[k].edits[0]].path;

		if (!strcmp(p, "drivers/foo/foo.c"))
			CHECK(c.g[k].nr == 2 && !strcmp(series_kinds_name(
			      c.g[k].kinds), "moved+archived"),
			      "foo.c's group: both its edits, moved+archived");
		else
			CHECK(c.g[k].nr == 1 && !strcmp(series_kinds_name(
			      c.g[k].kinds), "moved"),
			      "foo.h's group: its moved edit alone");
	}
	for (k = 0; k < c.ng; k++) {
		free(c.g[k].area);
		free(c.g[k].edits);
	}
	free(c.g);
	strmap_for_each(&c.blobs, me) {
		strbuf_release(me->value);
		free(me->value);
	}
	strmap_clear(&c.blobs, NULL);
	plan_release(&c.plan);
}

/*
 * A series of n files (dir/fileN.c, one moved link each) in the git tree
 * root, arranged: its groups into c (release with arranged_release()).
 */
static void arrange(struct series *c, struct series_opts *o, char *root,
		    const char *const *paths, size_t n)
{
	size_t i;

	memset(o, 0, sizeof(*o));
	memset(c, 0, sizeof(*c));
	o->base_rev = "HEAD";
	c->o = o;
	c->root = root;
	c->base = xstrdup("HEAD");
	c->have_m = !maintainers_load(root, &c->m);
	for (i = 0; i < n; i++) {
		add_edit(c, paths[i], foo_h,
			 "http://www.foo-vendor.org/docs/old.html", 1, K_MOVED,
			 "https://www.foo-vendor.org/docs/new.html");
		if (!strmap_get(&c->blobs, paths[i]))
			put_blob(c, paths[i], foo_h);
	}
	series_group_edits(c);
	series_arrange(c);
}

static void arranged_release(struct series *c)
{
	struct strmap_entry *me;
	size_t k;

	for (k = 0; k < c->ng; k++) {
		free(c->g[k].area);
		free(c->g[k].edits);
		free(c->g[k].dir);
		free(c->g[k].tree);
		free(c->g[k].tag);
	}
	free(c->g);
	strmap_for_each(&c->styles, me)
		if (me->value && me->value != (void *)1) {
			subject_style_release(me->value);
			free(me->value);
		}
	strmap_clear(&c->styles, NULL);
	strmap_for_each(&c->blobs, me) {
		strbuf_release(me->value);
		free(me->value);
	}
	strmap_clear(&c->blobs, NULL);
	if (c->have_m)
		maintainers_release(&c->m);
	plan_release(&c->plan);
	/* The base's listing, read where a section's files are counted. */
	strbuf_release(&c->listing);
	free(c->files);
	free(c->base);
}

/*
 * How many patches a series gets: a project without MAINTAINERS is one
 * area, its people take all; a group is cut only past the project's own
 * normal patch (the 90th percentile of its commits' files and lines),
 * never at ten files alone; a group whose files are under several
 * top-level folders with no prefix part in common (lib/, init/, tools/
 * of one MAINTAINERS section) is cut so that each prefix fits.
 */
static void test_patch_sizes(void)
{
	char big[] = "/tmp/lm-series-XXXXXX", one[] = "/tmp/lm-series-XXXXXX";
	char kern[] = "/tmp/lm-series-XXXXXX";
	const char *fifteen[15], *spread[] = { "src/a.c", "doc/b.txt",
					       "tests/c.sh" };
	const char *bag[] = { "init/main.c", "lib/xz/xz_dec.c",
			      "tools/perf/perf.c" };
	const char *driver[] = { "Documentation/foo.rst", "drivers/foo/foo.c" };
	struct series_opts o;
	struct series c;
	char name[15][32];
	size_t i;

	for (i = 0; i < 15; i++) {
		snprintf(name[i], sizeof(name[i]), "src/file%02zu.c", i);
		fifteen[i] = name[i];
	}
	/* 30 commits of 20 files and 40 lines each, in the project's voice. */
	if (unit_git_repo(big,
		"for i in $(seq 30); do for f in $(seq 20); do "
		"  printf 'a\\nb\\n' >> f$f; done; git add -A; "
		"  git commit -qm \"Change the files, round $i\"; done") ||
	    unit_git_repo(one,
		"for i in $(seq 30); do echo $i >> f; git add -A; "
		"  git commit -qm \"Change one line, round $i\"; done") ||
	    unit_git_repo(kern,
		"printf 'EDD\\nM:\\tA <a@b.org>\\nF:\\tinit/\\nF:\\tlib/\\n"
		"F:\\ttools/\\n\\nFOO\\nM:\\tF <f@b.org>\\nF:\\tdrivers/foo/\\n"
		"F:\\tDocumentation/foo.rst\\n\\nTHE REST\\nM:\\tL <l@b.org>\\nF:\\t*\\n"
		"F:\\t*/\\n' > MAINTAINERS; git add -A; "
		"git commit -qm 'Linux 6.1'")) {
		CHECK(0, "the histories are made (the setup works)");
		return;
	}
	arrange(&c, &o, big, fifteen, 15);
	CHECK(c.ng == 1, "15 one-line files where 20-file commits are normal: "
	      "one patch, not cut at ten files");
	arranged_release(&c);
	arrange(&c, &o, big, spread, 3);
	CHECK(c.ng == 1, "no MAINTAINERS: three folders' files in one patch");
	arranged_release(&c);
	arrange(&c, &o, one, fifteen, 15);
	CHECK(c.ng == 15, "where a commit changes one line, a file a patch");
	arranged_release(&c);
	arrange(&c, &o, kern, bag, 3);
	CHECK(c.have_m && c.ng == 3,
	      "init/, lib/xz/ and tools/perf/ of one section: three patches");
	arranged_release(&c);
	arrange(&c, &o, kern, driver, 2);
	CHECK(c.have_m && c.ng == 1, "a driver and its .rst: one patch");
	arranged_release(&c);
	unit_remove(big);
	unit_remove(one);
	unit_remove(kern);
}

/*
 * One form of capitals throughout a series: a.c's history writes "foo:
 * Add", b.c's "bar: fix"; their two patches (moved, archived) of one
 * series take one form, not "foo: Update" beside "bar: replace".
 */
static void test_one_form(void)
{
	char dir[] = "/tmp/lm-series-XXXXXX";
	struct series_opts o;
	struct series c;
	size_t k;

	if (unit_git_repo(dir,
		"mkdir src; for i in 1 2 3; do echo $i >> src/a.c; "
		"  git add -A; git commit -qm \"foo: Add part $i\"; "
		"  echo $i >> src/b.c; git add -A; "
		"  git commit -qm \"bar: fix part $i\"; done")) {
		CHECK(0, "the history is made (the setup works)");
		return;
	}
	memset(&o, 0, sizeof(o));
	memset(&c, 0, sizeof(c));
	o.base_rev = "HEAD";
	c.o = &o;
	c.root = dir;
	c.base = xstrdup("HEAD");
	add_edit(&c, "src/a.c", foo_h,
		 "http://www.foo-vendor.org/docs/old.html", 1, K_MOVED,
		 "https://www.foo-vendor.org/docs/new.html");
	add_edit(&c, "src/b.c", foo_h,
		 "http://www.foo-vendor.org/docs/old.html", 1, K_ARCHIVED,
		 "https://web.archive.org/web/2005/"
		 "http://www.foo-vendor.org/docs/old.html");
	put_blob(&c, "src/a.c", foo_h);
	put_blob(&c, "src/b.c", foo_h);
	series_group_edits(&c);
	series_arrange(&c);
	series_name_groups(&c);
	CHECK(c.ng == 2 && !strcmp(c.g[0].style.prefix, "foo: ") !=
	      !strcmp(c.g[1].style.prefix, "foo: "),
	      "two patches, foo: and bar: (the setup)");
	CHECK(c.ng == 2 && c.g[0].style.capital == c.g[1].style.capital,
	      "one form of capitals after the prefixes of a series");
	for (k = 0; k < c.ng; k++) {
		subject_style_release(&c.g[k].style);
		free(c.g[k].summary);
	}
	arranged_release(&c);
	unit_remove(dir);
}

/*
 * The prefix of each patch of the kernel demo's series that a maintainer
 * found wrong (issue 46), by its real paths in a tree of one commit (no
 * history: the paths' conventions): the patch's prefix fits every file
 * of it, or the patch is cut.  prefixes: one patch's each, sorted.
 */
static void prefixes_of(char *root, const char *const *paths, size_t n,
			size_t ng, const char *want, const char *why)
{
	struct series_opts o;
	struct series c;
	struct strbuf got = STRBUF_INIT;
	char **v;
	size_t k, i;

	arrange(&c, &o, root, paths, n);
	series_name_groups(&c);
	v = xcalloc(c.ng + 1, sizeof(*v));
	for (k = 0; k < c.ng; k++) {
		v[k] = xstrdup(c.g[k].style.prefix);
		for (i = k; i > 0 && strcmp(v[i - 1], v[i]) > 0; i--) {
			char *t = v[i];

			v[i] = v[i - 1];
			v[i - 1] = t;
		}
	}
	for (k = 0; k < c.ng; k++) {
		strbuf_addf(&got, "%s|", v[k]);
		free(v[k]);
	}
	free(v);
	CHECK(c.ng == ng && !strcmp(got.buf, want), why);
	if (c.ng != ng || strcmp(got.buf, want))
		printf("# got %zu: '%s'\n", c.ng, got.buf);
	for (k = 0; k < c.ng; k++) {
		subject_style_release(&c.g[k].style);
		free(c.g[k].summary);
	}
	arranged_release(&c);
	strbuf_release(&got);
}

static void test_fitting_prefix(void)
{
	char kern[] = "/tmp/lm-series-XXXXXX";
	const char *charmisc[] = { "drivers/char/lp.c",
				   "drivers/misc/echo/echo.c" };
	const char *rest[] = { "drivers/bus/omap-ocp2scp.c",
			       "drivers/firmware/Kconfig" };
	const char *sound[] = { "Documentation/sound/cards/multisound.sh",
				"Documentation/sound/hd-audio/notes.rst",
				"sound/isa/Kconfig",
				"sound/pci/ac97/ac97_patch.c",
				"sound/pci/azt3328.c",
				"sound/pci/hda/patch_cirrus.c",
				"sound/usb/usx2y/usbusx2y.c" };
	const char *omap3isp[] = {
		"Documentation/admin-guide/media/omap3isp.rst" };
	const char *perf[] = {
		"tools/perf/Documentation/jitdump-specification.txt",
		"tools/perf/Documentation/perf.data-file-format.txt",
		"tools/perf/arch/s390/include/dwarf-regs-table.h" };
	/* The kernel demo's robh-linux series: two architectures' trees. */
	const char *dts[] = { "arch/arm/boot/dts/bcm2835.dtsi",
			      "arch/powerpc/boot/dts/turris1x.dts" };

	if (unit_git_repo(kern,
		"printf 'CHAR and MISC DRIVERS\nM:\tG <g@b.org>\n"
		"F:\tdrivers/char/\nF:\tdrivers/misc/\n\n"
		"MEDIA INPUT INFRASTRUCTURE (V4L/DVB)\nM:\tM <m@b.org>\n"
		"F:\tDocumentation/admin-guide/media/\nF:\tdrivers/media/\n\n"
		"EXTENSIBLE FIRMWARE INTERFACE (EFI)\nM:\tA <a@b.org>\n"
		"F:\tdrivers/firmware/efi/\nF:\tarch/*/kernel/efi.c\n"
		"F:\tarch/x86/platform/efi/\n\n"
		"PERFORMANCE EVENTS SUBSYSTEM\nM:\tP <p@b.org>\n"
		"F:\ttools/perf/\n\n"
		"OPEN FIRMWARE AND FLATTENED DEVICE TREE BINDINGS\n"
		"M:\tR <r@b.org>\nF:\tarch/*/boot/dts/\n\n"
		"SOUND\nM:\tT <t@b.org>\nL:\talsa-devel@alsa-project.org\n"
		"F:\tDocumentation/sound/\nF:\tsound/\n\n"
		"NETWORKING [GENERAL]\nM:\tN <n@b.org>\n"
		"F:\tDocumentation/networking/\nF:\tlib/random32.c\n"
		"F:\tnet/\nF:\tdrivers/net/\n\n"
		"INTEL PRO/WIRELESS 2100, 2200BG, 2915ABG NETWORK CONNECTION "
		"SUPPORT\nM:\tS <s@b.org>\n"
		"F:\tDocumentation/networking/device_drivers/wifi/intel/"
		"ipw2100.rst\nF:\tdrivers/net/wireless/intel/ipw2x00/\n\n"
		"OBJTOOL\nM:\tJ <j@b.org>\nF:\ttools/objtool/\n\n"
		"DEVICE-MAPPER  (LVM)\nM:\tA <a@b.org>\n"
		"L:\tdm-devel@redhat.com\n"
		"F:\tDocumentation/admin-guide/device-mapper/\n"
		"F:\tdrivers/md/dm*\n\n"
		"FRAMEBUFFER LAYER\nM:\tH <h@b.org>\n"
		"L:\tlinux-fbdev@vger.kernel.org\n"
		"F:\tDocumentation/fb/\nF:\tdrivers/video/\n\n"
		"HARDWARE MONITORING\nM:\tG <g@b.org>\n"
		"F:\tDocumentation/hwmon/\nF:\tdrivers/hwmon/\n\n"
		"CPU FREQUENCY SCALING FRAMEWORK\nM:\tR <r@b.org>\n"
		"F:\tDocumentation/cpu-freq/\nF:\tdrivers/cpufreq/\n"
		"F:\ttools/testing/selftests/cpufreq/\n\n"
		"THE REST\nM:\tL <l@b.org>\nF:\t*\nF:\t*/\n' > MAINTAINERS;"
		"mkdir -p drivers/media/platform/ti/omap3isp;"
		"echo x > drivers/media/platform/ti/omap3isp/isp.c;"
		"echo x > drivers/media/platform/ti/omap3isp/isp.h;"
		"mkdir -p drivers/cpufreq; echo x > drivers/cpufreq/cpufreq.c;"
		"mkdir -p net/core; echo x > net/core/dev.c;"
		"echo x > net/core/sock.c;"
		"echo x > drivers/cpufreq/freq_table.c;"
		"git add -A; git commit -qm 'Linux 6.1'")) {
		CHECK(0, "the tree is made (the setup works)");
		return;
	}
	prefixes_of(kern, charmisc, 2, 2, "char: lp: |misc: echo: |",
		    "lp.c and echo.c of CHAR and MISC DRIVERS: two patches, "
		    "each its own, not 'char: ' over drivers/misc/");
	prefixes_of(kern, rest, 2, 2, "bus: omap-ocp2scp: |firmware: |",
		    "drivers/bus/ and drivers/firmware/ of no section: two "
		    "patches, not 'drivers: '");
	prefixes_of(kern, sound, 7, 1, "ALSA: |",
		    "sound/isa/, sound/pci/, sound/usb/ and their documents: "
		    "'ALSA: ', not 'ALSA: pci: '");
	prefixes_of(kern, omap3isp, 1, 1, "media: omap3isp: |",
		    "omap3isp.rst of media's documents: the driver's prefix, "
		    "as drivers/media/ names it");
	prefixes_of(kern, dts, 2, 2, "ARM: dts: bcm2835: |powerpc: dts: |",
		    "arch/arm's and arch/powerpc's device trees of one "
		    "section: two patches, not 'arch: '");
	{
		/* The kernel demo's deller-linux-fbdev patch, and hwmon's. */
		const char *fb[] = { "Documentation/fb/intel810.rst",
				     "drivers/video/fbdev/macfb.c" };
		const char *tmp[] = { "Documentation/hwmon/tmp513.rst",
				      "drivers/hwmon/tmp513.c" };

		prefixes_of(kern, fb, 2, 1, "fbdev: |",
			    "macfb.c beside intel810.rst: 'fbdev: ', not the "
			    "one driver's 'fbdev: macfb: '");
		prefixes_of(kern, tmp, 2, 1, "hwmon: (tmp513) |",
			    "tmp513.c beside its own document keeps its name");
		{
			const char *dm[] = {
				"Documentation/admin-guide/device-mapper/"
				"verity.rst",
				"drivers/md/dm-crypt.c" };

			prefixes_of(kern, dm, 2, 1, "dm: |",
				    "dm-crypt.c beside verity.rst: 'dm: ', not "
				    "'dm crypt: '");
		}
	}
	{
		/* The kernel demo's netdev patches. */
		const char *random[] = { "Documentation/networking/arcnet.rst",
					 "Documentation/networking/eql.rst",
					 "lib/random32.c" };
		const char *ipw[] = {
			"Documentation/networking/device_drivers/wifi/intel/"
			"ipw2100.rst",
			"drivers/net/wireless/intel/ipw2x00/Kconfig" };

		prefixes_of(kern, random, 3, 2,
			    "docs: networking: |lib/random32: |",
			    "netdev's documents beside a library file of the "
			    "section they are not about: two patches");
		prefixes_of(kern, ipw, 2, 1, "wifi: ipw2x00: |",
			    "a driver's document stays with it");
	}
	{
		/* net/8021q/ has no section: NETWORKING [GENERAL]'s. */
		const char *vlan[] = { "net/8021q/Kconfig" };

		prefixes_of(kern, vlan, 1, 1, "net: 8021q: |",
			    "a part of a subsystem's section: both names");
	}
	{
		/* The kernel demo's robh-linux 3/7, of three platforms. */
		const char *flat[] = { "arch/arm/boot/dts/bcm2835.dtsi",
				       "arch/arm/boot/dts/bcm2836.dtsi",
				       "arch/arm/boot/dts/bcm2837.dtsi",
				       "arch/arm/boot/dts/imx53-usbarmory.dts",
				       "arch/arm/boot/dts/twl6030.dtsi" };

		prefixes_of(kern, flat, 5, 3,
			    "ARM: dts: bcm283x: |ARM: dts: imx53: |"
			    "ARM: dts: twl6030: |",
			    "flat ARM device trees of three platforms: a "
			    "patch each, the Pi's named as its family");
	}
	prefixes_of(kern, perf, 3, 1, "perf tools: |",
		    "the perf tools' documents and an arch's header: "
		    "'perf tools: ', not the kernel's 'perf: '");
	{
		/*
		 * hid-ft260.c's link alone on its line, "Data Sheet:" on
		 * the line above (issue 46): a datasheet link; the same
		 * link below other words is a web link.
		 */
		static const char ds[] =
			"/*\n * Data Sheet:\n *   https://www.ftdichip.com/"
			"DS_FT260.pdf\n */\n";
		static const char cr[] =
			"/*\n * The bridge chip:\n *   "
			"https://www.ftdichip.com/"
			"DS_FT260.pdf\n */\n";
		const char *file[] = { "drivers/hid/hid-ft260.c",
				       "drivers/hid/hid-ft261.c" };
		const char *text[] = { ds, cr };
		const char *want[] = { "datasheet link", "web link" };
		struct series_opts o;
		struct series c;
		size_t k, t;

		for (t = 0; t < 2; t++) {
			memset(&o, 0, sizeof(o));
			memset(&c, 0, sizeof(c));
			o.base_rev = "HEAD";
			c.o = &o;
			c.root = kern;
			c.base = xstrdup("HEAD");
			add_edit(&c, file[t], text[t],
				 "https://www.ftdichip.com/DS_FT260.pdf", 3,
				 K_ARCHIVED, "https://web.archive.org/web/2020/"
				 "https://www.ftdichip.com/DS_FT260.pdf");
			put_blob(&c, file[t], text[t]);
			series_group_edits(&c);
			series_arrange(&c);
			series_name_groups(&c);
			CHECK(c.ng == 1 && strstr(c.g[0].summary, want[t]),
			      t ? "a link below other words: 'web link'"
				: "a link below 'Data Sheet:': 'datasheet "
				  "link'");
			printf("# %zu: '%s%s'\n", c.ng,
			       c.ng ? c.g[0].style.prefix : "",
			       c.ng ? c.g[0].summary : "");
			for (k = 0; k < c.ng; k++) {
				subject_style_release(&c.g[k].style);
				free(c.g[k].summary);
			}
			arranged_release(&c);
		}
	}
	{
		const char *cpufreq[] = {
			"Documentation/cpu-freq/index.rst",
			"tools/testing/selftests/cpufreq/special-tests.sh" };

		prefixes_of(kern, cpufreq, 2, 1, "cpufreq: |",
			    "a section's selftests beside its documents (issue "
			    "46): the section's 'cpufreq: ', not "
			    "'selftests/cpufreq: '");
	}
	{
		const char *net[] = { "Documentation/networking/arcnet.rst",
				      "Documentation/networking/cdc_mbim.rst" };

		prefixes_of(kern, net, 2, 1, "docs: networking: |",
			    "Documentation/networking/ alone (issue 46): "
			    "netdev's 'docs: networking: ', not 'net: '");
	}
	{
		/*
		 * The kernel demo's torvalds-linux series (issue 46):
		 * objtool's capital, which maintainer-tip.rst requires,
		 * stands beside two lower case prefixes.
		 */
		const char *tip[] = {
			"drivers/char/lp.c", "drivers/misc/echo/echo.c",
			"tools/objtool/Documentation/objtool.txt" };
		struct series_opts o;
		struct series c;
		size_t k, up = 0, low = 0;

		arrange(&c, &o, kern, tip, 3);
		series_name_groups(&c);
		for (k = 0; k < c.ng; k++) {
			int cap = !!isupper((unsigned char)c.g[k].summary[0]);

			if (!strcmp(c.g[k].style.prefix, "objtool: "))
				up += cap;
			else
				low += !cap;
			printf("# '%s%s'\n", c.g[k].style.prefix,
			       c.g[k].summary);
		}
		CHECK(c.ng == 3 && up == 1 && low == 2,
		      "objtool: Update beside char: and misc: in lower case");
		for (k = 0; k < c.ng; k++) {
			subject_style_release(&c.g[k].style);
			free(c.g[k].summary);
		}
		arranged_release(&c);
	}
	{
		const char *efi[] = { "arch/ia64/kernel/efi.c",
				      "arch/x86/platform/efi/quirks.c" };
		struct series_opts o;
		struct series c;
		size_t k;

		arrange(&c, &o, kern, efi, 2);
		series_name_groups(&c);
		CHECK(c.ng == 1 && !strcmp(c.g[0].summary,
			"Update moved web links in ia64 and x86"),
		      "arch/ia64/ and arch/x86/ under EFI: the summary names "
		      "ia64 and x86, not 'in arch'");
		CHECK(c.ng == 1 && !strcmp(c.g[0].style.prefix, "efi: "),
		      "and the section's own prefix fits both: 'efi: '");
		if (c.ng == 1)
			printf("# '%s%s'\n", c.g[0].style.prefix,
			       c.g[0].summary);
		for (k = 0; k < c.ng; k++) {
			subject_style_release(&c.g[k].style);
			free(c.g[k].summary);
		}
		arranged_release(&c);
	}
	unit_remove(kern);
}

int main(void)
{
	test_many_arguments();
	test_one_group_per_file();
	test_patch_sizes();
	test_one_form();
	test_fitting_prefix();
	return unit_done();
}
