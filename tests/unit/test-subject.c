// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * subject/subject.c: the kernel's subject conventions by path where a
 * tree has no history; series/summary.c: the summaries (singular,
 * plural, capitalised).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/lib/run.h"
#include "../../src/lib/strbuf.h"
#include "../../src/lib/xalloc.h"
#include "../../src/subject/subject.h"
#include "../../src/series/summary.h"
#include "unit.h"

static void convention(const char *path, const char *prefix, int capital)
{
	struct subject_style s;
	char name[256];

	subject_convention(path, &s);
	snprintf(name, sizeof(name), "%s: '%s'", path, prefix);
	CHECK_STR(s.prefix, prefix, name);
	snprintf(name, sizeof(name), "%s: %s", path,
		 capital ? "capitalised" : "lower case");
	CHECK(s.capital == capital, name);
	subject_style_release(&s);
}

static void summary(enum plan_group kind, size_t n, const char *what, int cap,
		    const char *want)
{
	char *s = subject_summary(kind, n, NULL, what, cap, 75);

	CHECK_STR(s, want, want);
	free(s);
}

/* A patch of several kinds' wording within room columns. */
static void kinds(unsigned k, size_t n, const char *what, size_t room,
		  const char *want, const char *why)
{
	char *s = subject_summary_kinds(k, n, NULL, what, 0, room);

	if (want)
		CHECK_STR(s, want, why);
	else
		CHECK(s == NULL, why);
	CHECK(!s || strlen(s) <= room || !what, "and it fits");
	free(s);
}

/* The wording within room columns, or NULL (none fits with what). */
static void tight(enum plan_group kind, size_t n, const char *what,
		  size_t room, const char *want, const char *why)
{
	char *s = subject_summary(kind, n, NULL, what, 0, room);

	if (want)
		CHECK_STR(s, want, why);
	else
		CHECK(s == NULL, why);
	CHECK(!s || strlen(s) <= room || !what, "and it fits");
	free(s);
}

/*
 * A history where the prefix must come from the area's own commits: a
 * tree-wide commit touching more of a file's history than its area does
 * must not win, nor a label such as "tidy-up:"; a 1-1-1 tie says nothing;
 * a patch to two files takes the parts of the prefix they share.
 */
static void history(void)
{
	char dir[] = "/tmp/lm-subject-XXXXXX";
	const char *paths[] = { "lib/vtls/vtls.c", "lib/vtls/openssl.c",
				"drivers/tie/tie.c",
				"Documentation/devicetree/bindings/display/a.yaml",
				"Documentation/devicetree/bindings/display/b.yaml",
				/* Files of other areas a series also asks about. */
				"arch/x/x.c", "fs/y/y.c",
				"lib/vtls/gtls.c", "lib/vtls/new.c",
				"projects/OS400/README.OS400",
				"drivers/odd/odd.c" };
	struct subject_style st[11], common, pair[2];
	size_t i;

	if (unit_git_repo(dir,
		"c() { m=$1; shift; for f; do mkdir -p ${f%/*}; "
		"  mkdir -p $(dirname $f); echo \"$m\" >> $f; done;"
		"  git add -A; git commit -qm \"$m\"; };"
		"c 'vtls: add it' lib/vtls/vtls.c lib/vtls/openssl.c;"
		"c 'vtls: fix a leak' lib/vtls/vtls.c;"
		"c 'vtls: tidy' lib/vtls/openssl.c lib/vtls/vtls.c;"
		"c 'tidy-up: spelling' lib/vtls/vtls.c;"
		"c 'tidy-up: more spelling' lib/vtls/vtls.c;"
		"for i in 1 2 3; do c \"misc: whitespace $i\" lib/vtls/vtls.c "
		"  drivers/tie/tie.c arch/x/x.c fs/y/y.c; done;"
		"c 'one: a' drivers/tie/tie.c; c 'two: b' drivers/tie/tie.c;"
		"c 'three: c' drivers/tie/tie.c;"
		"c 'tie: the tie driver' drivers/tie/Kconfig;"
		"c 'alpha: a' drivers/odd/odd.c; c 'beta: b' drivers/odd/odd.c;"
		"c 'dt-bindings: display: a: add' "
		"  Documentation/devicetree/bindings/display/a.yaml;"
		"c 'dt-bindings: display: b: add' "
		"  Documentation/devicetree/bindings/display/b.yaml;"
		"for i in 1 2 3; do c \"gnutls: old $i\" lib/vtls/gtls.c; done;"
		"for i in 1 2 3; do c \"gtls: new $i\" lib/vtls/gtls.c; done;"
		"c 'tidy-up: add new.c' lib/vtls/new.c;"
		"c 'httpsig: a' projects/OS400/README.OS400;"
		"c 'OS400: b' projects/OS400/README.OS400;"
		"c 'build: c' projects/OS400/README.OS400")) {
		CHECK(0, "the history is made (the setup works)");
		return;
	}
	subject_styles(dir, "HEAD", paths, 11, st);
	CHECK_STR(st[0].prefix, "vtls: ",
		  "a file's area, not the tree-wide commits that touched it more");
	CHECK_STR(st[1].prefix, "vtls: ", "its neighbour's too");
	CHECK_STR(st[2].prefix, "tie: ",
		  "a 1-1-1 tie (and tree-wide commits) leave the convention");
	CHECK_STR(st[3].prefix, "dt-bindings: display: a: ", "a binding's own");
	subject_style_common(st + 3, 2, &common);
	CHECK_STR(common.prefix, "dt-bindings: display: ",
		  "two bindings' patch: the parts they share, no device tag");
	subject_style_release(&common);
	subject_style_common(st, 2, &common);
	CHECK_STR(common.prefix, "vtls: ", "two files of one area: its prefix");
	subject_style_release(&common);
	CHECK_STR(st[7].prefix, "gtls: ",
		  "a tie of three each: the habit of the newest commit");
	CHECK(!st[8].history, "a file whose only commit is tree-wide has none");
	pair[0] = st[8];
	pair[1] = st[0];
	subject_style_common(pair, 2, &common);
	CHECK_STR(common.prefix, "vtls: ",
		  "sharing nothing, the history's prefix before a path's");
	subject_style_release(&common);
	{
		/* Four files, four histories, two of them ntlm: */
		const char *bag[] = { "lib/curl_ntlm_core.c", "lib/http_ntlm.c",
				      "lib/socks.c", "lib/strequal.c" };
		const char *vt[] = { "lib/vtls/apple.c", "lib/vtls/gtls.c",
				     "lib/vtls/vtls.c", "lib/vtls/x.c" };
		struct subject_style four[4] = {
			{ "ntlm: ", 0, 1, 0, 0 }, { "ntlm: ", 0, 1, 0, 0 },
			{ "socks: ", 0, 1, 0, 0 }, { "strequal: ", 0, 1, 0, 0 },
		}, folder;

		subject_style_common(four, 4, &common);
		CHECK(common.mixed, "two of four files' prefix is a grab-bag's");
		CHECK(subject_style_folder(&common, bag, 4, &folder) &&
		      !strcmp(folder.prefix, "lib: "),
		      "a grab-bag of lib/ takes lib: (not ntlm:)");
		subject_style_release(&folder);
		free(common.prefix);
		common.prefix = xstrdup("vtls: ");
		CHECK(!subject_style_folder(&common, vt, 4, &folder),
		      "vtls: names lib/vtls/ and stays");
		subject_style_release(&common);
		four[2].prefix = four[3].prefix = "ntlm: ";
		subject_style_common(four, 4, &common);
		CHECK(!common.mixed, "what every file's history says is no grab-bag");
		subject_style_release(&common);
	}
	CHECK_STR(st[9].prefix, "OS400: ",
		  "a 1-1-1 tie where one prefix names the file's folder: it");
	CHECK_STR(st[10].prefix, "beta: ",
		  "a tie whose convention ('odd: ') the project never wrote: "
		  "the file's newest prefix");
	CHECK_STR(st[5].prefix, "",
		  "a convention never written ('x: '), no prefix of its own: none");
	for (i = 0; i < 11; i++)
		subject_style_release(&st[i]);
	unit_remove(dir);
}

/*
 * Projects that write no prefix, with their own subjects (redis,
 * openssh-portable, zlib): a file whose commits mostly have none gets
 * none, capitalised as they are, whatever prefix one of them had; an
 * import's "upstream:" (OpenBSD-Commit-ID trailer) and a release's "zlib
 * 1.3.1" are not the project's voice; a file with one commit takes the
 * project's habit, not a folder's name; two files of two prefixes share
 * none (a grab-bag, never the first file's).
 */
static void voice(void)
{
	char dir[] = "/tmp/lm-voice-XXXXXX";
	const char *paths[] = { "src/lazyfree.c", "sshd.c", "zlib.3",
				"src/new.c", "src/server.c" };
	struct subject_style st[5], common, two[2] = {
		{ "login-utils: ", 0, 1, 0, 0 }, { "libblkid: ", 0, 1, 0, 0 },
	};
	size_t i;

	if (unit_git_repo(dir,
		"c() { m=$1; shift; for f; do mkdir -p $(dirname $f); "
		"  echo \"$m\" >> $f; done; git add -A; "
		"  git commit -qm \"$m\"; };"
		"c 'Lazyfree: Fix lazyfree for large hash (#9999)' src/lazyfree.c;"
		"c 'Rebuild function engines for function flush command (#13383)'"
		"  src/lazyfree.c;"
		"c 'Hash Field Expiration - Basic support' src/lazyfree.c;"
		"c 'Change FLUSHALL/FLUSHDB SYNC to run as blocking ASYNC (#13167)'"
		"  src/lazyfree.c;"
		"c 'Some cleanups around function (#12940)' src/lazyfree.c;"
		"for i in 1 2 3 4 5; do c \"upstream: Refer to the key $i\" sshd.c;"
		"  git commit -q --amend -m \"upstream: Refer to the key $i\" "
		"  -m 'OpenBSD-Commit-ID: 0750536f5669c41097e2178d54ca518ef958077'$i;"
		"done;"
		"c 'Move le32toh and friends to after platform flags.' sshd.c;"
		"c 'Skip scp3 test on macosx 26 until debugged.' sshd.c;"
		"c 'Remove ubuntu-26.04-arm kitchensink test target.' sshd.c;"
		"for v in 1.2.12 1.2.13 1.3 1.3.1; do c \"zlib $v\" zlib.3; done;"
		"c 'Fix broken links.' zlib.3;"
		"c 'Put license in zlib.3 man page.' zlib.3;"
		"c 'Change version number to 1.2.8.1.' zlib.3;"
		"c 'misc: one lone prefix' src/new.c;"
		"c '[core] http_request_parse_target() comment' src/server.c;"
		"c '[core] _WIN32: url-path-backslash-trans' src/server.c;"
		"c '[core] quiet coverity warning' src/server.c;"
		"c 'Fix a typo' src/server.c")) {
		CHECK(0, "the history is made (the setup works)");
		return;
	}
	subject_styles(dir, "HEAD", paths, 5, st);
	CHECK_STR(st[0].prefix, "",
		  "redis' lazyfree.c: no prefix, though one commit had Lazyfree:");
	CHECK(st[0].history && st[0].capital,
	      "from its history, capitalised as its subjects are");
	CHECK_STR(st[1].prefix, "",
		  "openssh's own voice: no prefix; upstream: is OpenBSD's");
	CHECK_STR(st[2].prefix, "", "zlib.3: no prefix");
	CHECK(st[2].capital, "capitalised: a release's 'zlib 1.3' is no sentence");
	CHECK_STR(st[3].prefix, "",
		  "a file of one commit: the project's habit, no folder's name");
	subject_style_common(st, 2, &common);
	CHECK_STR(common.prefix, "", "two files of no prefix: a patch of none");
	subject_style_release(&common);
	subject_style_common(two, 2, &common);
	CHECK(common.mixed,
	      "two files of two prefixes share none: a grab-bag, not the first's");
	subject_style_release(&common);
	CHECK(subject_prefix_used(dir, "HEAD", "misc: ") &&
	      !subject_prefix_used(dir, "HEAD", "src: "),
	      "a prefix the project wrote is used, a folder's name is not");
	CHECK_STR(st[4].prefix, "[core] ",
		  "lighttpd's tag in brackets is its prefix");
	CHECK(!st[4].capital, "and it writes lower case after it");
	for (i = 0; i < 5; i++)
		subject_style_release(&st[i]);
	unit_remove(dir);
}

/* The style by MAINTAINERS section (b: the path's own, or NULL: kept). */
static void by_section(const char *prefix, const char *title,
		       const char *const *paths, const size_t *files, size_t n,
		       const char *list, const char *want, const char *why)
{
	struct subject_style st = { 0 };
	const char *lists[] = { list };
	int got = subject_section_style(prefix, title, paths, files, n, lists,
					list ? 1 : 0, &st);

	if (want)
		CHECK(got && st.prefix && !strcmp(st.prefix, want), why);
	else
		CHECK(!got, why);
	if (got && want && strcmp(st.prefix, want))
		printf("# got '%s'\n", st.prefix);
	subject_style_release(&st);
}

/*
 * A patch whose files' own prefix says nothing of their section takes
 * the section's: its home (the F: path with the most files) gives it.
 */
static void section(void)
{
	const char *hwmon[] = { "Documentation/hwmon/lm90.rst",
				"drivers/hwmon/lm90.c" };
	const size_t hwmon_n[] = { 1, 1 };
	const char *dm[] = { "Documentation/admin-guide/device-mapper/",
			     "drivers/md/Kconfig",
			     "drivers/md/persistent-data/", "drivers/md/dm*",
			     "include/linux/device-mapper.h" };
	const size_t dm_n[] = { 30, 1, 15, 90, 1 };
	const char *tty[] = { "Documentation/tty/", "drivers/tty/",
			      "include/linux/tty*.h",
			      "include/uapi/linux/tty.h" };
	const size_t tty_n[] = { 5, 120, 5, 1 };
	const char *regressions[] = {
		"Documentation/admin-guide/reporting-regressions.rst",
		"Documentation/process/handling-regressions.rst" };
	const size_t regressions_n[] = { 1, 1 };
	const char *ftrace[] = { "Documentation/trace/ftrace*",
				 "kernel/trace/ftrace*", "arch/*/*/*ftrace*" };
	const size_t ftrace_n[] = { 2, 3, 20 };
	const char *docs[] = { "Documentation/", "scripts/kernel-doc" };
	const size_t docs_n[] = { 3000, 1 };
	const char *sound[] = { "Documentation/sound/", "sound/",
				"include/sound/" };
	const size_t sound_n[] = { 80, 2000, 150 };

	by_section("docs: ", "LM90 HARDWARE MONITOR DRIVER", hwmon, hwmon_n,
		   2, NULL, "hwmon: (lm90) ",
		   "a driver's document takes the driver's prefix");
	by_section("include: ", "TTY LAYER", tty, tty_n, 4, NULL, "tty: ",
		   "a header takes its subsystem's");
	by_section("docs: ", "DEVICE-MAPPER  (LVM)", dm, dm_n, 5,
		   "dm-devel@redhat.com", "dm: ",
		   "the F: path with the most files is the section's home "
		   "(drivers/md/dm*: the device mapper's 'dm: ')");
	by_section("docs: ", "KERNEL REGRESSIONS", regressions,
		   regressions_n, 2, NULL, "docs: regressions: ",
		   "a section of documents alone: docs: and its word");
	by_section("riscv: ", "FUNCTION HOOKS (FTRACE)", ftrace, ftrace_n, 3,
		   NULL, "riscv: ftrace: ",
		   "an architecture's file of a function's section: both");
	by_section("docs: ", "DOCUMENTATION", docs, docs_n, 2,
		   "linux-doc@vger.kernel.org", NULL,
		   "the documentation's own section keeps docs:");
	by_section("docs: ", "SOUND", sound, sound_n, 3,
		   "alsa-devel@alsa-project.org", "ALSA: ",
		   "a list's name is the subsystem's (alsa-devel: ALSA:)");
	{
		/* fscrypt.rst's own section: its home's word, not "crypto: ". */
		const char *fscrypt[] = { "Documentation/filesystems/fscrypt.rst",
					  "fs/crypto/", "include/linux/fscrypt*.h",
					  "include/uapi/linux/fscrypt.h" };
		const size_t fscrypt_n[] = { 1, 20, 2, 1 };

		by_section("docs: ", "FSCRYPT: FILE SYSTEM LEVEL ENCRYPTION SUPPORT",
			   fscrypt, fscrypt_n, 4, NULL, "fscrypt: ",
			   "fscrypt.rst: fscrypt:, the name fs/crypto/ goes by");
	}
	by_section("hwmon: (lm90) ", "LM90 HARDWARE MONITOR DRIVER", hwmon,
		   hwmon_n, 2, NULL, NULL,
		   "a prefix that names the section is kept");
	{
		/* willy's pagecache tree: vfs.rst beside four mm/ files. */
		const char *pagecache[] = {
			"Documentation/filesystems/locking.rst",
			"Documentation/filesystems/vfs.rst",
			"include/linux/pagemap.h", "mm/filemap.c",
			"mm/page-writeback.c", "mm/readahead.c",
			"mm/truncate.c" };
		const size_t pagecache_n[] = { 1, 1, 1, 1, 1, 1, 1 };
		const char *ublk[] = { "Documentation/block/ublk.rst",
				       "drivers/block/ublk_drv.c",
				       "include/uapi/linux/ublk_cmd.h" };
		const size_t ublk_n[] = { 1, 1, 1 };
		const char *sg[] = { "Documentation/scsi/scsi-generic.rst",
				     "drivers/scsi/sg.c",
				     "include/scsi/sg.h" };
		const size_t sg_n[] = { 1, 1, 1 };

		by_section("docs: ", "PAGE CACHE", pagecache, pagecache_n, 7,
			   "linux-fsdevel@vger.kernel.org", NULL,
			   "vfs.rst of PAGE CACHE takes no one file's prefix "
			   "(not mm/filemap:), nor a piece of one (page)");
		by_section("docs: ", "UBLK USERSPACE BLOCK DRIVER", ublk,
			   ublk_n, 3, "linux-block@vger.kernel.org",
			   "docs: ublk: ",
			   "ublk.rst: not ublk_drv.c's prefix, the word of "
			   "the title a file is named");
		by_section("docs: ", "SCSI SG DRIVER", sg, sg_n, 3,
			   "linux-scsi@vger.kernel.org", "scsi: sg: ",
			   "the one file a section is named after gives "
			   "its prefix");
	}
	{
		/* drivers/misc/echo/echo.c: "misc: " is its folder's word. */
		const char *charmisc[] = { "drivers/char/", "drivers/misc/",
					   "include/linux/miscdevice.h" };
		const size_t charmisc_n[] = { 200, 300, 1 };

		by_section("misc: echo: ", "CHAR and MISC DRIVERS", charmisc,
			   charmisc_n, 3, NULL, NULL,
			   "misc: names CHAR and MISC DRIVERS (drivers/misc/), "
			   "not char:");
	}
}

int main(void)
{
	history();
	voice();
	convention("Documentation/devicetree/bindings/display/tilcdc/tilcdc.txt",
		   "dt-bindings: display: tilcdc: ", 1);
	/* The binding's own name after its folders (issue 46). */
	convention("Documentation/devicetree/bindings/iio/adc/adi,axi-adc.yaml",
		   "dt-bindings: iio: adc: adi,axi-adc: ", 1);
	convention("Documentation/devicetree/bindings/display/bridge/"
		   "ti,sn65dsi86.yaml",
		   "dt-bindings: display: bridge: ti,sn65dsi86: ", 1);
	/* A panel, a bridge by its name; a build file by none. */
	convention("drivers/gpu/drm/panel/panel-jdi-lt070me05000.c",
		   "drm/panel: jdi-lt070me05000: ", 1);
	convention("drivers/gpu/drm/bridge/tc358768.c", "drm/bridge: tc358768: ",
		   1);
	convention("drivers/char/Kconfig", "char: ", 0);
	convention("drivers/platform/x86/Kconfig", "platform/x86: ", 1);
	convention("drivers/hwmon/Kconfig", "hwmon: ", 1);
	convention("Documentation/devicetree/bindings/net/foo.yaml",
		   "dt-bindings: net: foo: ", 1);
	convention("drivers/net/wireless/broadcom/b43/main.c", "wifi: b43: ", 0);
	convention("drivers/gpu/drm/omapdrm/omap_drv.c", "drm/omap: ", 1);
	convention("drivers/gpu/drm/i915/i915_drv.c", "drm/i915: ", 1);
	convention("arch/x86/entry/vdso/vma.c", "x86/vdso: ", 1);
	convention("arch/x86/Makefile", "x86: ", 1);
	convention("arch/mips/kernel/setup.c", "MIPS: ", 1);
	convention("arch/arm/mach-omap2/board.c", "ARM: OMAP2+: ", 1);
	convention("drivers/pci/quirks.c", "PCI: ", 1);
	convention("drivers/platform/x86/thinkpad_acpi.c",
		   "platform/x86: thinkpad_acpi: ", 1);
	convention("drivers/hwmon/tmp513.c", "hwmon: (tmp513) ", 1);
	convention("Documentation/networking/e100.rst", "docs: networking: ",
		   0);
	convention("Documentation/filesystems/ext4/about.rst", "docs: ", 0);
	/*
	 * Subsystems' own forms (issue 46, the second read): hwmon's
	 * parentheses for a driver in a folder, "tpm: " not "char: tpm: ",
	 * "fbdev: " not "video: fbdev: ", mlx5's "net/mlx5e: ", a remote
	 * control driver's own name, crypto's form for its library,
	 * "KVM: arm64: " for KVM/arm64's documents, linux-can's parts,
	 * power supply's whole driver name ("sbs-manager", not "sbs").
	 */
	convention("drivers/hwmon/pmbus/lm25066.c", "hwmon: (pmbus/lm25066) ",
		   1);
	convention("drivers/hwmon/pmbus/pmbus.c", "hwmon: (pmbus) ", 1);
	convention("drivers/hwmon/pmbus/Kconfig", "hwmon: (pmbus) ", 1);
	convention("drivers/char/tpm/tpm_tis_spi_main.c",
		   "tpm: tpm_tis_spi: ", 1);
	convention("drivers/char/tpm/tpm.h", "tpm: ", 1);
	convention("drivers/video/fbdev/macfb.c", "fbdev: macfb: ", 1);
	convention("drivers/video/fbdev/Kconfig", "fbdev: ", 1);
	convention("drivers/video/fbdev/omap2/omapfb/dss/dsi.c",
		   "fbdev: omapfb: ", 1);
	convention("drivers/net/ethernet/mellanox/mlx5/core/en_stats.c",
		   "net/mlx5e: ", 1);
	convention("drivers/net/ethernet/mellanox/mlx5/core/en/port.c",
		   "net/mlx5e: ", 1);
	convention("drivers/net/ethernet/mellanox/mlx5/core/eswitch.c",
		   "net/mlx5: ", 1);
	convention("drivers/media/rc/ite-cir.h", "media: ite-cir: ", 0);
	convention("drivers/media/rc/rc-main.c", "media: rc: ", 0);
	convention("drivers/media/rc/Kconfig", "media: rc: ", 0);
	convention("lib/crypto/sha256.c", "crypto: lib/sha256 - ", 0);
	convention("Documentation/virt/kvm/arm/pvtime.rst", "KVM: arm64: ", 1);
	convention("arch/arm64/kvm/hypercalls.c", "KVM: arm64: ", 1);
	convention("include/uapi/linux/can/gw.h", "can: gw: ", 0);
	convention("net/can/gw.c", "can: gw: ", 0);
	convention("net/can/j1939/socket.c", "can: j1939: ", 0);
	convention("drivers/power/supply/sbs-manager.c",
		   "power: supply: sbs-manager: ", 1);
	convention("drivers/power/supply/bq27xxx_battery.c",
		   "power: supply: bq27xxx: ", 1);
	/* Capitals: tip's objtool (maintainer-tip.rst), powerpc's own. */
	convention("tools/objtool/Documentation/objtool.txt", "objtool: ", 1);
	convention("arch/powerpc/kernel/head.S", "powerpc: ", 1);
	CHECK(subject_capitalised("objtool: ") == 2 &&
	      subject_capitalised("x86/apm: ") == 2,
	      "tip's capital is required: 2");
	CHECK(subject_capitalised("powerpc: ") == 1,
	      "powerpc's is its habit: 1");
	convention("drivers/net/ethernet/8390/Kconfig", "net: 8390: ", 0);
	convention("drivers/net/ethernet/intel/e1000e/netdev.c", "net: e1000e: ",
		   0);
	convention("fs/ext4/inode.c", "ext4: ", 0);
	convention("net/ipv4/route.c", "ipv4: ", 0);
	/* netdev's and wireless' own forms (issue 46). */
	convention("net/ipv4/tcp_vegas.c", "tcp: ", 0);
	convention("net/sched/sch_qfq.c", "net/sched: ", 0);
	convention("net/smc/smc_llc.c", "net/smc: ", 0);
	convention("drivers/net/wireless/mac80211_hwsim.c",
		   "wifi: mac80211_hwsim: ", 0);
	convention("net/mac80211/rx.c", "wifi: mac80211: ", 0);
	convention("drivers/net/can/ifi_canfd/ifi_canfd.c", "can: ifi_canfd: ",
		   0);
	convention("drivers/edac/e752x_edac.c", "EDAC/e752x: ", 1);
	convention("net/bluetooth/hci_core.c", "Bluetooth: ", 1);
	convention("arch/arm64/boot/dts/ti/k3-am654-base-board.dts",
		   "arm64: dts: ti: k3: ", 1);
	convention("arch/arm/boot/dts/omap3-beagle.dts", "ARM: dts: omap3: ", 1);
	convention("arch/x86/kernel/apm_32.c", "x86/apm_32: ", 1);
	convention("tools/lib/bpf/libbpf.c", "libbpf: ", 1);
	convention("tools/testing/selftests/bpf/README.rst", "selftests/bpf: ",
		   0);
	convention("tools/testing/selftests/rcutorture/doc/rcu-test-image.txt",
		   "torture: ", 1);
	convention("include/linux/compiler_attributes.h",
		   "Compiler Attributes: ", 1);
	convention("drivers/gpio/gpio-omap.c", "gpio: omap: ", 1);
	convention("drivers/i2c/busses/i2c-piix4.c", "i2c: piix4: ", 1);
	convention("drivers/iio/adc/ad7476.c", "iio: adc: ad7476: ", 0);
	convention("MAINTAINERS", "MAINTAINERS: ", 0);
	/* Headers, tools, libraries and core by their own part's name. */
	convention("include/asm-generic/qspinlock.h", "asm-generic: ", 0);
	convention("include/uapi/linux/cdrom.h", "cdrom: ", 0);
	convention("include/uapi/linux/usb/ch9.h", "usb: ", 0);
	convention("include/linux/platform_data/cros_ec_commands.h",
		   "platform/chrome: ", 0);
	convention("drivers/power/supply/bq27xxx_battery.c",
		   "power: supply: bq27xxx: ", 1);
	convention("drivers/power/supply/Kconfig", "power: supply: ", 1);
	convention("drivers/staging/media/ipu3/ipu3.c",
		   "media: staging: ipu3: ", 0);
	convention("scripts/coccinelle/free/iounmap.cocci", "coccinelle: ", 0);
	convention("scripts/checkpatch.pl", "checkpatch: ", 0);
	convention("Makefile", "kbuild: ", 0);
	convention("lib/xz/xz_stream.h", "lib/xz: ", 0);
	/* Issue 46's wrong prefixes by area, as the kernel's history has them. */
	convention("drivers/firmware/efi/libstub/efi-stub.c", "efi/libstub: ",
		   1);
	convention("drivers/firmware/efi/efi.c", "efi: ", 1);
	convention("arch/arm/mach-omap1/board-osk.c", "ARM: OMAP1: ", 1);
	convention("arch/arm/mach-omap2/board-n8x0.c", "ARM: OMAP2+: ", 1);
	convention("arch/arm/mach-pxa/spitz.c", "ARM: pxa: ", 0);
	convention("arch/x86/crypto/aesni-intel_glue.c", "crypto: x86 - ", 0);
	convention("arch/arm64/crypto/sha1-ce-glue.c", "crypto: arm64 - ", 0);
	convention("fs/crypto/keyring.c", "fscrypt: ", 0);
	convention("lib/vsprintf.c", "lib/vsprintf: ", 0);
	convention("mm/kasan/report.c", "kasan: ", 0);
	convention("kernel/seccomp.c", "seccomp: ", 0);
	convention("kernel/sched/core.c", "sched: ", 1);
	convention("tools/include/nolibc/nolibc.h", "tools/nolibc: ", 0);
	convention("tools/memory-model/README", "tools/memory-model: ", 1);
	/*
	 * The perf tools' own forms ("perf: " is the kernel's
	 * kernel/events/), capitalised as tip writes.
	 */
	convention("tools/perf/Documentation/security.txt", "perf docs: ", 1);
	convention("tools/perf/arch/powerpc/include/dwarf-regs-table.h",
		   "perf powerpc: ", 1);
	convention("tools/perf/builtin-record.c", "perf record: ", 1);
	convention("tools/perf/tests/parse-events.c", "perf test: ", 1);
	convention("tools/perf/util/probe-event.c", "perf tools: ", 1);
	convention("tools/perf/", "perf tools: ", 1);
	/*
	 * The kernel demo's prefixes a maintainer read as not quite right
	 * (issue 46), by their real paths: the driver's name, the
	 * subsystem's own spelling, a capital where its subjects have one.
	 */
	convention("drivers/media/platform/verisilicon/hantro_h264.c",
		   "media: verisilicon: hantro: ", 0);
	convention("drivers/media/platform/verisilicon/Kconfig",
		   "media: verisilicon: ", 0);
	/* A folder's own (a grab-bag's, a section's): never an empty part. */
	convention("drivers/media/platform/verisilicon/", "media: verisilicon: ",
		   0);
	convention("Documentation/devicetree/bindings/display/bridge/",
		   "dt-bindings: display: bridge: ", 1);
	convention("Documentation/devicetree/bindings/display/",
		   "dt-bindings: display: ", 1);
	convention("arch/arm/boot/dts/", "ARM: dts: ", 1);
	convention("arch/arm64/boot/dts/ti/", "arm64: dts: ti: ", 1);
	convention("drivers/media/platform/ti/omap3isp/isp.c",
		   "media: omap3isp: ", 0);
	convention("drivers/media/radio/radio-mr800.c", "media: radio-mr800: ",
		   0);
	convention("drivers/media/usb/gspca/zc3xx-reg.h", "media: gspca: ", 0);
	convention("drivers/media/i2c/ov5640.c", "media: i2c: ov5640: ", 0);
	convention("drivers/block/drbd/Kconfig", "drbd: ", 0);
	convention("drivers/block/floppy.c", "floppy: ", 0);
	convention("drivers/block/Kconfig", "block: ", 0);
	convention("drivers/md/dm-crypt.c", "dm crypt: ", 0);
	convention("drivers/md/raid5.c", "md/raid5: ", 0);
	convention("drivers/thermal/ti-soc-thermal/omap3-thermal-data.c",
		   "thermal/drivers/ti-soc-thermal: ", 1);
	convention("drivers/usb/serial/cp210x.c", "USB: serial: cp210x: ", 0);
	convention("drivers/acpi/video_detect.c", "ACPI: video: ", 1);
	convention("drivers/acpi/", "ACPI: ", 1);
	convention("drivers/pnp/quirks.c", "PNP: quirks: ", 1);
	convention("drivers/regulator/max8660.c", "regulator: max8660: ", 1);
	convention("tools/power/acpi/man/pfrut.8", "tools/power/acpi: ", 1);
	/* ALSA by the driver or core part, not the bus's folder. */
	convention("sound/pci/hda/hda_intel.c", "ALSA: hda: ", 1);
	convention("sound/usb/usx2y/usbusx2y.c", "ALSA: usx2y: ", 1);
	convention("sound/usb/card.c", "ALSA: usb-audio: ", 1);
	convention("sound/pci/azt3328.c", "ALSA: azt3328: ", 1);
	convention("tools/testing/selftests/kselftest_harness.h",
		   "selftests: ", 0);
	convention("fs/smb/client/cifsfs.c", "smb: client: ", 0);
	convention("security/landlock/ruleset.c", "landlock: ", 1);
	convention("virt/kvm/kvm_main.c", "KVM: ", 1);
	convention("sound/core/pcm.c", "ALSA: core: ", 1);
	convention("drivers/nfc/trf7970a.c", "nfc: trf7970a: ", 0);
	convention("drivers/pwm/pwm-sunplus.c", "pwm: sunplus: ", 1);
	convention("drivers/vlynq/vlynq.c", "vlynq: ", 0);
	convention("drivers/uio/Kconfig", "uio: ", 0);
	convention("drivers/misc/phantom.c", "misc: phantom: ", 0);
	convention("drivers/hid/hid-nintendo.c", "HID: nintendo: ", 1);
	convention("drivers/pci/controller/dwc/pcie-dw-rockchip.c",
		   "PCI: dw-rockchip: ", 1);
	/* A section's directory: the subsystem's word alone. */
	convention("drivers/hwmon/", "hwmon: ", 1);
	convention("drivers/gpio/", "gpio: ", 1);
	convention("drivers/gpu/drm/", "drm: ", 1);
	convention("drivers/gpu/drm/amd/amdgpu/dce_v10_0.c", "drm/amdgpu: ", 1);
	convention("drivers/gpu/drm/amd/display/dc/dc.h", "drm/amd/display: ",
		   1);
	convention("drivers/gpu/drm/radeon/r600.c", "drm/radeon: ", 1);
	convention("kernel/power/hibernate.c", "PM: ", 1);
	convention("Documentation/power/apm-acpi.rst", "PM: docs: ", 1);
	convention("drivers/infiniband/ulp/rtrs/rtrs-pri.h", "RDMA/rtrs: ", 1);
	convention("drivers/remoteproc/da8xx_remoteproc.c",
		   "remoteproc: da8xx: ", 0);
	convention("drivers/input/touchscreen/usbtouchscreen.c",
		   "Input: usbtouchscreen - ", 0);
	convention("drivers/input/keyboard/Kconfig", "Input: ", 0);
	convention("include/linux/compiler-clang.h", "compiler-clang.h: ", 0);
	convention("include/linux/tpm_eventlog.h", "tpm: eventlog: ", 1);
	convention("include/uapi/linux/nl80211.h", "wifi: nl80211: ", 0);
	convention("block/bfq-iosched.c", "block, bfq: ", 0);
	convention("block/partitions/efi.h", "partitions/efi: ", 0);
	convention("drivers/w1/masters/ds2482.c", "w1: ds2482: ", 0);
	convention("mm/kasan/Makefile", "kasan: ", 0);
	convention("drivers/net/ethernet/3com/typhoon.c", "net: 3com: typhoon: ",
		   0);
	convention("drivers/net/ethernet/via/via-rhine.c", "net: via-rhine: ", 0);
	convention("Documentation/devicetree/bindings/leds/leds-lm3532.txt",
		   "dt-bindings: leds: leds-lm3532: ", 1);
	convention("drivers/usb/typec/tipd/core.c", "usb: typec: tipd: ", 0);
	convention("arch/x86/Kconfig", "x86/Kconfig: ", 1);
	convention("arch/x86/pci/acpi.c", "x86/PCI: ", 1);
	convention("Documentation/ABI/testing/sysfs-devices-memory",
		   "docs: ABI: testing: ", 0);
	convention("Documentation/virt/kvm/x86/mmu.rst", "KVM: x86: ", 1);
	convention("arch/m68k/mac/config.c", "m68k: mac: ", 1);
	convention("arch/m68k/kernel/setup.c", "m68k: ", 1);
	convention("drivers/net/wireguard/noise.c", "wireguard: noise: ", 0);
	convention("drivers/staging/media/deprecated/saa7146/saa7146/mxb.c",
		   "media: saa7146: ", 0);
	convention("drivers/mfd/twl4030-power.c", "mfd: twl4030-power: ", 1);
	convention("crypto/ansi_cprng.c", "crypto: ansi_cprng - ", 0);
	convention("crypto/Kconfig", "crypto: ", 0);
	convention("drivers/crypto/keembay/ocs-aes.c", "crypto: keembay - ", 0);
	convention("drivers/crypto/atmel-sha204a.c", "crypto: atmel-sha204a - ",
		   0);
	convention("tools/testing/selftests/wireguard/netns.sh",
		   "wireguard: selftests: ", 0);
	convention("Documentation/bpf/libbpf/index.rst", "bpf, docs: ", 1);
	convention("arch/m68k/include/asm/mac_via.h", "m68k: mac: ", 1);
	convention("drivers/net/usb/int51x1.c", "net: usb: int51x1: ", 0);
	convention("drivers/phy/rockchip/phy-rockchip-dphy-rx0.c",
		   "phy: rockchip: dphy-rx0: ", 0);
	convention("drivers/leds/flash/leds-rt8515.c", "leds: flash: rt8515: ",
		   1);
	convention("drivers/nvme/host/core.c", "nvme: host: ", 0);
	convention("drivers/char/tpm/tpm_tis_spi_main.c", "tpm: tpm_tis_spi: ",
		   1);
	convention("drivers/media/dvb-frontends/si2165.c", "media: si2165: ", 0);
	convention("include/linux/fortify-string.h", "fortify: ", 0);
	CHECK(!subject_place_is_home("drivers/i2c/busses/Kconfig", "i2c: ",
				     "busses"),
	      "'i2c: ... in Kconfig' of busses/ is one of three: not home");
	convention("fs/smb/server/smbacl.c", "ksmbd: ", 0);
	convention("fs/smb/client/cifsacl.c", "smb: client: ", 0);
	{
		struct subject_style v[3] = { { 0 } }, common;
		const char *p[3] = { "drivers/gpu/drm/amd/amdgpu/dce_v6_0.c",
				     "drivers/gpu/drm/radeon/r600.c",
				     "drivers/gpu/drm/radeon/evergreen.c" };
		size_t i;

		for (i = 0; i < 3; i++)
			subject_convention(p[i], &v[i]);
		subject_style_common(v, 3, &common);
		CHECK_STR(common.prefix, "drm/amdgpu, drm/radeon: ",
			  "two drivers of one subsystem: both named, not "
			  "bare drm: (its core)");
		subject_style_release(&common);
		for (i = 0; i < 3; i++)
			subject_style_release(&v[i]);
		subject_convention("arch/arm64/boot/dts/hisilicon/hip06.dtsi",
				   &v[0]);
		subject_convention("arch/arm64/boot/dts/hisilicon/hip07.dtsi",
				   &v[1]);
		subject_style_common(v, 2, &common);
		CHECK_STR(common.prefix, "arm64: dts: hisilicon: ",
			  "arm64's vendor folder names the platform: no "
			  "family part");
		subject_style_release(&common);
		subject_style_release(&v[0]);
		subject_style_release(&v[1]);
		subject_convention("arch/ia64/kernel/efi.c", &v[0]);
		subject_convention("arch/x86/platform/efi/quirks.c", &v[1]);
		subject_style_common(v, 2, &common);
		CHECK(common.mixed && strchr(common.prefix, ',') == NULL,
		      "two subsystems' files are not joined (ia64, x86/efi)");
		subject_style_release(&common);
		subject_style_release(&v[0]);
		subject_style_release(&v[1]);
	}
	section();

	summary(PG_MOVED, 1, "tmp513.c", 1, "Update moved web link in tmp513.c");
	{
		char *s = subject_summary(PG_MOVED, 1, "datasheet", NULL, 1,
					  75);

		CHECK_STR(s, "Update moved datasheet link",
			  "a datasheet's link is named so");
		free(s);
	}
	summary(PG_MOVED, 2, NULL, 0, "update moved web links");
	summary(PG_ARCHIVED, 1, "foo.c", 0,
		"replace dead web link with archived copy in foo.c");
	summary(PG_ARCHIVED, 3, "drivers/foo", 1,
		"Replace dead web links with archived copies in drivers/foo");
	summary(PG_UPGRADE, 2, "e100.rst", 0, "use https for web links in e100.rst");
	summary(PG_STRINGS, 2, "foo.c", 0, "update web links in strings of foo.c");
	tight(PG_ARCHIVED, 2, "bfq-iosched.c", 54,
	      "use archived copies of dead web links in bfq-iosched.c",
	      "a shorter wording where the longest does not fit");
	tight(PG_ARCHIVED, 1, "bfq-iosched.c", 47,
	      "use archived copy of dead link in bfq-iosched.c",
	      "then without 'web'");
	tight(PG_ARCHIVED, 2, NULL, 20, "use archived copies",
	      "where nothing longer fits: 'use archived copies'");
	tight(PG_MOVED, 1, "a-very-long-file-name-indeed.c", 20, NULL,
	      "none fits with the place: NULL, never a cut");
	tight(PG_ARCHIVED, 21, "bq27xxx_battery.c", 51, NULL,
	      "never 'use archived copies in bq27xxx_battery.c': it says "
	      "not of what (the whole wording goes without the place)");
	CHECK(subject_repeats("dt-bindings: display: bridge: ti,sn65dsi86: ",
			      "ti,sn65dsi86.yaml"),
	      "'dt-bindings: ...: ti,sn65dsi86: ... in ti,sn65dsi86.yaml' "
	      "repeats");
	tight(PG_MOVED, 1, NULL, 5, "update moved link",
	      "without a place, the shortest whatever the room");
	/*
	 * A file whose links moved and died is one patch (issue 44: 49
	 * kernel files had two): its subject names both kinds.
	 */
	kinds(1u << PG_MOVED | 1u << PG_ARCHIVED, 3, "seq_file.c", 75,
	      "update moved and dead web links in seq_file.c",
	      "moved and dead links of one file: both named");
	kinds(1u << PG_MOVED | 1u << PG_ARCHIVED, 3, NULL, 75,
	      "update moved and dead web links", "without a place");
	kinds(1u << PG_MOVED | 1u << PG_UPGRADE | 1u << PG_ARCHIVED, 4,
	      "foo.c", 75, "update moved, http and dead web links in foo.c",
	      "three kinds, each named");
	kinds(1u << PG_UPGRADE | 1u << PG_ARCHIVED, 1, NULL, 75,
	      "update http and dead web link", "one link of each: no plural");
	kinds(1u << PG_MOVED | 1u << PG_STRINGS, 2, "foo.c", 75,
	      "update web links in strings and comments of foo.c",
	      "links in strings and in comments: both said");
	kinds(1u << PG_MOVED | 1u << PG_ARCHIVED, 2, "bfq-iosched.c", 44,
	      "update moved and dead links in bfq-iosched.c",
	      "'web' dropped where it does not fit");
	kinds(1u << PG_MOVED | 1u << PG_ARCHIVED, 2, "bfq-iosched.c", 40,
	      "update web links in bfq-iosched.c",
	      "then the kinds: 'update web links'");
	kinds(1u << PG_MOVED | 1u << PG_ARCHIVED, 2, "bfq-iosched.c", 20,
	      NULL, "none fits with the place: NULL, never a cut");
	kinds(1u << PG_MOVED | 1u << PG_ARCHIVED, 2, NULL, 10,
	      "update web links",
	      "without a place, the shortest whatever the room");
	kinds(1u << PG_ARCHIVED, 1, "foo.c", 75,
	      "replace dead web link with archived copy in foo.c",
	      "one kind: that kind's own words");
	CHECK(subject_repeats("net: ", "net"), "'net: ... in net' repeats");
	CHECK(subject_repeats("hwmon: (tmp513) ", "tmp513.c"),
	      "'hwmon: (tmp513) ... in tmp513.c' repeats");
	CHECK(!subject_repeats("net: ", "net/core"), "a path does not");
	CHECK(!subject_repeats("net: e1000: ", "e1000e.c"),
	      "another driver's name does not");
	/* Issue 46: a file's name that only says the prefix again. */
	CHECK(subject_repeats("HID: ft260: ", "hid-ft260.c"),
	      "'HID: ft260: ... in hid-ft260.c' repeats (two parts joined)");
	CHECK(subject_repeats("EDAC/i5400: ", "i5400_edac.c"),
	      "'EDAC/i5400: ... in i5400_edac.c' repeats");
	CHECK(subject_repeats("dt-bindings: ", "bindings"),
	      "'dt-bindings: ... in bindings' repeats");
	CHECK(subject_repeats("tpm: tpm_tis_spi: ", "tpm_tis_spi_main.c"),
	      "'tpm: tpm_tis_spi: ... in tpm_tis_spi_main.c' repeats");
	CHECK(!subject_repeats("drm/panel: ", "panel-simple.c"),
	      "a driver the prefix does not name does not");
	CHECK(!subject_repeats("HID: ", "hid-sony.c"),
	      "nor one of a class's drivers");
	CHECK(subject_repeats("docs: ", "Documentation"),
	      "'docs: ... in Documentation' says it twice");
	CHECK(subject_repeats("lib/math, lib/mpi: ", "math and mpi"),
	      "both places a joined prefix names");
	CHECK(!subject_repeats("lib: ", "math and mpi"),
	      "but not where the prefix names neither");
	CHECK(subject_repeats("compiler-clang.h: ", "compiler-clang.h"),
	      "a header's whole name");
	CHECK(subject_repeats("ARM: ep93xx: ", "mach-ep93xx"),
	      "ARM's platform folder its prefix says");
	CHECK(subject_repeats("docs: cpuset: ", "cpusets.rst"),
	      "the plural of a part");
	CHECK(!subject_repeats("docs: cpuset: ", "cgroups.rst"),
	      "not another name's");
	CHECK(subject_place_is_home("net/ipv4/tcp_htcp.c", "tcp: ", "ipv4"),
	      "'tcp: ... in ipv4': the folder whose rule gives 'tcp: '");
	CHECK(subject_place_is_home("Documentation/virt/kvm/arm/pvtime.rst",
				    "KVM: arm64: ", "arm"),
	      "'KVM: arm64: ... in arm': the same");
	CHECK(!subject_place_is_home(
		"drivers/gpu/drm/i915/display/intel_bios.c", "drm/i915: ",
		"display"),
	      "a folder below the rule's says more: 'drm/i915: ... in "
	      "display'");
	CHECK(!subject_place_is_home("net/ipv4/route.c", "tcp: ", "ipv4"),
	      "nor where the file's own prefix is another");
	CHECK(subject_place_is_home("sound/soc/cirrus/ep93xx-ac97.c",
				    "ASoC: ", "soc"),
	      "'ASoC: ... in soc': the folder whose rule's word is the "
	      "prefix");
	return unit_done();
}
