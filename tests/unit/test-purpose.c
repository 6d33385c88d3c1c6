// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * What a link is for (rewrite/purpose.h), each class from a kernel
 * (v6.1) line, and what the plan's judge (rewrite/judge.h) leaves as it
 * is: an archived copy of a section's own site, of a living page or of a
 * bare home page, and a move from a home page to a home page.
 */
#include "unit.h"
#include "../../src/lib/strbuf.h"
#include "../../src/project/maintainers.h"
#include "../../src/rewrite/judge.h"
#include "../../src/rewrite/purpose.h"

/* "CLASS: why" of a line's URL, the line being its words. */
static char *of(const char *line, const char *url)
{
	struct strbuf why = STRBUF_INIT;
	enum purpose p = purpose_of(url, line, line ? strlen(line) : 0, &why);
	char *s = xstrfmt("%s: %s", purpose_name(p), why.buf);

	strbuf_release(&why);
	return s;
}

#define PURPOSE(line, url, want, name) do { \
	char *s_ = of((line), (url)); \
	CHECK_STR(s_, (want), (name)); \
	free(s_); \
} while (0)

static void classes(void)
{
	/* Living: a word of its path or query. */
	PURPOSE(" * https://developer.arm.com/docs/den0028/latest",
		"https://developer.arm.com/docs/den0028/latest",
		"living: a living page: 'latest' in its path",
		"include/linux/arm-smccc.h:14: the SMCCC spec's latest");
	PURPOSE("\thttps://git.kernel.org/pub/scm/linux/kernel/git/kvalo/"
		"wireless-testing.git/tree/?h=master", "https://git.kernel.org/"
		"pub/scm/linux/kernel/git/kvalo/wireless-testing.git/tree/?h=master",
		"living: a living page: 'master' in its query", "h=master");
	/* Living: the words around it. */
	PURPOSE("- The drm driver is getting ready at "
		"https://gitlab.com/sudipm/sm750/tree/sm750",
		"https://gitlab.com/sudipm/sm750/tree/sm750",
		"living: a living page: the line says 'getting ready'",
		"drivers/staging/sm750fb/TODO:14: getting ready at");
	PURPOSE("the current version at http://www.example.org/tool/ may help",
		"http://www.example.org/tool/",
		"living: a living page: the line says 'current version'",
		"'the current version at'");
	PURPOSE("see https://host.org/latest-news/x.html",
		"https://host.org/a/b.html",
		"unknown: ", "a word inside another URL of the line is no word");
	/* Living: what the page is. */
	PURPOSE("  https://github.com/mjanusz/v86d",
		"https://github.com/mjanusz/v86d",
		"living: a living page: a repository (a forge project's root)",
		"Documentation/fb/uvesafb.rst:19: a repository");
	PURPOSE("https://lists.osmocom.org/mailman/listinfo/osmocom-net-gprs",
		"https://lists.osmocom.org/mailman/listinfo/osmocom-net-gprs",
		"living: a living page: a list's page",
		"Documentation/networking/gtp.rst:136: a list's page");
	PURPOSE("- [libevent-users archive](https://archives.seul.org/libevent/users/)",
		"https://archives.seul.org/libevent/users/",
		"living: a living page: a list's archive, not one mail",
		"libevent README.md:97: a list archive's index");
	PURPOSE("  https://archives.seul.org/libevent/users/Feb-2012/msg00053.html",
		"https://archives.seul.org/libevent/users/Feb-2012/msg00053.html",
		"fixed: a fixed document: a mail in a list archive",
		"libevent whatsnew-2.1.txt:214: one mail of it is no index");
	PURPOSE("[![Mailing List](https://img.shields.io/badge/Mailing%20List-htop-blue.svg)](https://groups.io/g/htop)",
		"https://groups.io/g/htop",
		"living: a living page: a list's page",
		"htop README.md:5: a groups.io list");
	PURPOSE("See https://help.github.com/articles/using-pull-requests/",
		"https://help.github.com/articles/using-pull-requests/",
		"living: a living page: a service's help page",
		"tcpdump CONTRIBUTING.md:125: a service's help");
	PURPOSE("https://osmocom.org/projects/linux-kernel-gtp-u/issues",
		"https://osmocom.org/projects/linux-kernel-gtp-u/issues",
		"living: a living page: a tracker",
		"Documentation/networking/gtp.rst:143: a tracker");
	PURPOSE("the ABA problem (https://en.wikipedia.org/wiki/ABA_problem)",
		"https://en.wikipedia.org/wiki/ABA_problem",
		"living: a living page: a wiki page",
		"Documentation/RCU/checklist.rst:31: a wiki page");
	PURPOSE("    https://releases.llvm.org/download.html",
		"https://releases.llvm.org/download.html",
		"living: a living page: a download page",
		"Documentation/process/clang-format.rst:35: a download page");
	PURPOSE("- <https://netfilter.org/projects/iptables/index.html>",
		"https://netfilter.org/projects/iptables/index.html",
		"living: a living page: a project's page",
		"Documentation/process/changes.rst:545: a project's page");
	/* The held-out trees' lines (issue 44's reading, helper D's notes). */
	PURPOSE("([archive mirror](https://marc.info/?l=openssh-unix-dev)). "
		"Bugs and feature requests are tracked on our [Bugzilla]",
		"https://marc.info/?l=openssh-unix-dev",
		"living: a living page: a list's archive, not one mail",
		"openssh README.md:85: a list's archive");
	PURPOSE(" *   (https://gnutls.org/manual/html_node/Session-resumption.html)",
		"https://gnutls.org/manual/html_node/Session-resumption.html",
		"living: a living page: a manual with no version in its path",
		"lighttpd src/mod_gnutls.c:13: an unversioned manual");
	PURPOSE("http://docs.python.org/library/zlib.html .",
		"http://docs.python.org/library/zlib.html",
		"living: a living page: a manual with no version in its path",
		"zlib README:46: the current Python docs");
	/* Read as their maintainers would (issue 44's trees). */
	PURPOSE("The official documentation for OpenSSH are the man pages",
		"https://man.openbsd.org/ssh.1",
		"living: a living page: a manual with no version in its path",
		"openssh README.md:18: the current man page");
	PURPOSE(" * https://gcc.gnu.org/onlinedocs/gcc/_005f_005fsync-Builtins.html",
		"https://gcc.gnu.org/onlinedocs/gcc/_005f_005fsync-Builtins.html",
		"living: a living page: a manual with no version in its path",
		"redis src/atomicvar.h:27: GCC's current manual");
	PURPOSE(" * http://msdn.microsoft.com/en-us/library/aa365247.aspx",
		"http://msdn.microsoft.com/en-us/library/aa365247.aspx",
		"living: a living page: a manual with no version in its path",
		"libarchive cpio_windows.c:37: MSDN's library page");
	/* TechNet's library: articles on one product version (issue 44). */
	PURPOSE("#define READ_BUFFER_SIZE\t(1024 * 64) /* Default to 64KB per "
		"https://technet.microsoft.com/en-us/library/cc938632.aspx */",
		"https://technet.microsoft.com/en-us/library/cc938632.aspx",
		"fixed: a fixed document: an article of TechNet's library, on "
		"one product version",
		"libarchive archive_read_disk_windows.c:125: a Windows 2000 article");
	PURPOSE(" * http://technet.microsoft.com/en-us/library/cc739412(WS.10).aspx",
		"http://technet.microsoft.com/en-us/library/cc739412(WS.10).aspx",
		"fixed: a fixed document: a version in its path",
		"util-linux libblkid/src/partitions/gpt.c:13: (WS.10) is a version");
	PURPOSE("--|       https://technet.microsoft.com/en-us/library/security/ms08-067.aspx",
		"https://technet.microsoft.com/en-us/library/security/ms08-067.aspx",
		"fixed: a fixed document: an advisory (its id in the path)",
		"nmap scripts/smb-vuln-ms08-067.nse:34: a security bulletin");
	PURPOSE("-- http://labs.portcullis.co.uk/application/ms08-067-check/",
		"http://labs.portcullis.co.uk/application/ms08-067-check/",
		"unknown: ", "nmap smb-vuln-ms08-067.nse:67: a tool named after "
		"a bulletin is no bulletin");
	/* Living with no word of it in the URL: registries, badges, CI. */
	PURPOSE("* jq is in the official [Debian](https://packages.debian.org/jq) and",
		"https://packages.debian.org/jq",
		"living: a living page: a package's page in a registry (its latest)",
		"jq docs/content/download/default.yml:22: a Debian package page");
	PURPOSE("* [UV](https://metacpan.org/pod/UV)", "https://metacpan.org/pod/UV",
		"living: a living page: a package's page in a registry (its latest)",
		"libuv LINKS.md:80: a CPAN module's page");
	PURPOSE("# https://www.npmjs.com/package/tuyapi",
		"https://www.npmjs.com/package/tuyapi",
		"living: a living page: a package's page in a registry (its latest)",
		"nmap nmap-service-probes:5364: an npm package's page");
	PURPOSE("https://build.opensuse.org/package/show/server:http/lighttpd",
		"https://build.opensuse.org/package/show/server:http/lighttpd",
		"living: a living page: a package's page in a registry (its latest)",
		"lighttpd doc/initscripts.txt:45: a distribution's package page");
	PURPOSE("The ABI/API changes can be tracked [here](http://abi-laboratory."
		"pro/tracker/timeline/libuv/).",
		"http://abi-laboratory.pro/tracker/timeline/libuv/",
		"living: a living page: a tracker",
		"libuv README.md:42: a tracker by its path");
	PURPOSE("[![License](https://img.shields.io/badge/License-BSD%202--Clause-blue.svg)]"
		"(https://opensource.org/licenses/BSD-2-Clause)",
		"https://img.shields.io/badge/License-BSD%202--Clause-blue.svg",
		"living: a living page: a status badge (its service draws it now)",
		"nginx README.md:9: a shields.io badge");
	PURPOSE("[![Fuzzing Status](https://oss-fuzz-build-logs.storage.googleapis.com/"
		"badges/openssh.svg)]",
		"https://oss-fuzz-build-logs.storage.googleapis.com/badges/openssh.svg",
		"living: a living page: a status badge (its service draws it now)",
		"openssh README.md:7: a fuzzing badge");
	PURPOSE("[![Build status](https://ci.appveyor.com/api/projects/status/"
		"6ev71ecmm3j2u9o5?svg=true)](https://ci.appveyor.com/project/"
		"litespeedtech/ls-hpack)",
		"https://ci.appveyor.com/project/litespeedtech/ls-hpack",
		"living: a living page: a CI or analysis service's page of a project",
		"lighttpd src/ls-hpack/README.md:3: a badge's target");
	PURPOSE("Nmap [![Build Status](https://github.com/nmap/nmap/actions/"
		"workflows/build.yml/badge.svg)]",
		"https://github.com/nmap/nmap/actions/workflows/build.yml",
		"living: a living page: a project's CI page",
		"nmap README.md:1: a GitHub Actions workflow");
	PURPOSE("- Coveralls: https://coveralls.io/github/util-linux/util-linux",
		"https://coveralls.io/github/util-linux/util-linux",
		"living: a living page: a CI or analysis service's page of a project",
		"util-linux Documentation/HOWTO-TESTING.md:81: coverage");
	PURPOSE(" * https://ftp.netbsd.org/pub/NetBSD/NetBSD-current/src/sys/sys/"
		"disklabel_gpt.h",
		"https://ftp.netbsd.org/pub/NetBSD/NetBSD-current/src/sys/sys/"
		"disklabel_gpt.h",
		"living: a living page: 'current' in its path",
		"util-linux pt-gpt-partnames.h:220: a name's current branch");
	PURPOSE("[Google C++ style guide](https://google.github.io/styleguide/"
		"cppguide.html)",
		"https://google.github.io/styleguide/cppguide.html",
		"living: a living page: a manual with no version in its path",
		"libuv CONTRIBUTING.md:170: a repository's pages");
	PURPOSE("# https://www.freedesktop.org/software/systemd/man/"
		"systemd.socket.html",
		"https://www.freedesktop.org/software/systemd/man/"
		"systemd.socket.html",
		"living: a living page: a manual with no version in its path",
		"lighttpd lighttpd.annotated.conf:105: a man/ folder");
	PURPOSE("see https://a.org/x/NetBSD-1.6-current-notes.txt",
		"https://a.org/x/NetBSD-1.6-current-notes.txt", "unknown: ",
		"'current' inside a name is not its branch");
	PURPOSE("    https://www.archlinux.org/packages/?name=openvpn",
		"https://www.archlinux.org/packages/?name=openvpn",
		"living: a living page: a package's page in a registry (its "
		"latest)", "openvpn INSTALL:202: a package named in the query");
	PURPOSE(".. _socat: http://www.dest-unreach.org/socat/",
		"http://www.dest-unreach.org/socat/",
		"home: a project's home page: its name 'socat' is the line's "
		"word for it", "libuv processes.rst:325: a project's page");
	PURPOSE(".. _libev: http://software.schmorp.de/pkg/libev.html",
		"http://software.schmorp.de/pkg/libev.html",
		"home: a project's home page: its name 'libev' is the line's "
		"word for it", "libuv introduction.rst:68: one of a shelf");
	PURPOSE("of socat, see http://www.dest-unreach.org/socat/doc/socat.html",
		"http://www.dest-unreach.org/socat/doc/socat.html",
		"unknown: ", "a page in a project's folder is not its home");
	PURPOSE("the btrfs paper: https://a.org/btrfs.pdf",
		"https://a.org/btrfs.pdf", "fixed: a fixed document: a document "
		"file", "a document named as the line names it is not a home page");
	PURPOSE("see https://a.org/socat/ (this URL names socat only as a URL)",
		"https://a.org/socat/", "home: a project's home page: its name "
		"'socat' is the line's word for it", "the name anywhere on the "
		"line, as a word");
	PURPOSE("https://a.org/socat/", "https://a.org/socat/", "unknown: ",
		"not when only the URL says it");
	PURPOSE("* **Ben Noordhuis** ([@bnoordhuis](https://github.com/bnoordhuis))",
		"https://github.com/bnoordhuis",
		"living: a living page: a forge account's page",
		"libuv MAINTAINERS.md:5: a person's forge page");
	PURPOSE("  such as NmapGUI (http://sourceforge.net/projects/nmapgui) or",
		"http://sourceforge.net/projects/nmapgui",
		"living: a living page: a project page (sourceforge)",
		"nmap HACKING:61: a sourceforge project");
	PURPOSE(NULL,
		"https://msdn.microsoft.com/en-us/library/ms235384(v=vs.100).aspx",
		"fixed: a fixed document: a version in its path",
		"lighttpd src/first.h:70: a page of one version (v=vs.100)");
	PURPOSE(NULL,
		"https://msdn.microsoft.com/en-us/library/ms879470%28v=exchg.65%29.aspx",
		"fixed: a fixed document: a version in its path",
		"lighttpd src/mod_webdav.c:735: the version encoded (%28v=)");
	PURPOSE(NULL, "https://docs.python.org/3.11/library/zlib.html",
		"fixed: a fixed document: a version in its path",
		"a manual of one version is fixed");
	PURPOSE("This Makefile requires devkitARM (http://www.devkitpro.org/"
		"category/devkitarm/) and works inside \"contrib/nds\".",
		"http://www.devkitpro.org/category/devkitarm/",
		"living: a living page: a blog's category listing",
		"zlib nintendods/README:1: a blog category");
	PURPOSE("https://salsa.debian.org/debian/lighttpd",
		"https://salsa.debian.org/debian/lighttpd",
		"living: a living page: a repository (a forge project's root)",
		"lighttpd doc/initscripts.txt:36: a repository");
	PURPOSE("similar register layout, see: http://www.cypress.com/file/"
		"105771/download", "http://www.cypress.com/file/105771/download",
		"unknown: ", "qcom,ebi2.txt:48: one file's download is no page "
		"of downloads");
	/* Fixed documents. */
	PURPOSE("  https://www.linux-kvm.org/images/c/c8/KvmForum2008%24kdf2008_21.pdf",
		"https://www.linux-kvm.org/images/c/c8/KvmForum2008%24kdf2008_21.pdf",
		"fixed: a fixed document: a document file",
		"Documentation/virt/kvm/x86/mmu.rst:484: a PDF");
	PURPOSE(".. _RFC1213 ipInReceives: https://tools.ietf.org/html/rfc1213#page-26",
		"https://tools.ietf.org/html/rfc1213#page-26",
		"fixed: a fixed document: an RFC",
		"Documentation/networking/snmp_counter.rst:17: an RFC");
	PURPOSE(" *  https://lkml.org/lkml/2010/6/18/4",
		"https://lkml.org/lkml/2010/6/18/4",
		"fixed: a fixed document: a mail in a list archive",
		"arch/arm/kernel/hibernate.c:10: a mail");
	PURPOSE("\thttps://marc.info/?l=linux-arm-kernel&m=110061245502000&w=2",
		"https://marc.info/?l=linux-arm-kernel&m=110061245502000&w=2",
		"fixed: a fixed document: a mail in a list archive",
		"Documentation/fb/ep93xx-fb.rst:130: a mail on marc.info");
	PURPOSE("\\url{http://www.mail-archive.com/kvm@vger.kernel.org/msg28640.html}",
		"http://www.mail-archive.com/kvm@vger.kernel.org/msg28640.html",
		"fixed: a fixed document: a mail in a list archive",
		"Documentation/RCU/RTFP.txt:2440: a mail-archive.com message");
	PURPOSE("| 1.	What is RCU, Fundamentally?  https://lwn.net/Articles/262464/",
		"https://lwn.net/Articles/262464/",
		"fixed: a fixed document: an article (LWN)",
		"Documentation/RCU/whatisRCU.rst:9: an article");
	PURPOSE("https://github.com/sifive/sifive-blocks/blob/v1.0/src/main/scala/devices/uart/UART.scala#L43",
		"https://github.com/sifive/sifive-blocks/blob/v1.0/src/main/scala/devices/uart/UART.scala#L43",
		"fixed: a fixed document: a version in its path",
		"sifive-blocks-ip-versioning.txt:14: a version in its path");
	PURPOSE("\thttps://www.intel.com/content/dam/www/public/us/en/documents/datasheets/xeon-e5-v3-datasheet-vol-2.pdf",
		"https://www.intel.com/content/dam/www/public/us/en/documents/datasheets/xeon-e5-v3-datasheet-vol-2.html",
		"fixed: a fixed document: a datasheet",
		"Documentation/PCI/boot-interrupts.rst:141: a datasheet");
	PURPOSE("\t * https://git.trustedfirmware.org/TF-A/trusted-firmware-a."
		"git/commit/?id=3c7dcdac5c50",
		"https://git.trustedfirmware.org/TF-A/trusted-firmware-a.git/"
		"commit/?id=3c7dcdac5c50",
		"fixed: a fixed document: a commit (its id in the URL)",
		"drivers/pci/controller/pci-aardvark.c:1130: a commit is fixed");
	PURPOSE(NULL, "https://git.trustedfirmware.org/TF-A/trusted-firmware-a.git",
		"living: a living page: a repository (its host)",
		"the repository itself lives");
	/* Bare home pages. */
	PURPOSE("\thttps://ceph.com/", "https://ceph.com/",
		"home: a bare home page (no path but the site's door)",
		"Documentation/filesystems/ceph.rst:202: a bare home page");
	PURPOSE("  Please visit https://www.drbd.org to find out more.",
		"https://www.drbd.org", "home: a bare home page (no path but "
		"the site's door)", "drbd/index.rst:13: no path at all");
	CHECK(purpose_home_page("http://www.cs.wisc.edu/~dusseau/index.html"),
	      "a person's /~name/index.html is a home page");
	/* drivers/usb/serial/Kconfig: a door whatever its extension. */
	CHECK(purpose_home_page("http://usbvisor.sourceforge.net/index.php3"),
	      "/index.php3 is a home page (drivers/usb/serial/Kconfig)");
	CHECK(!purpose_home_page("http://www.example-vendor.com/indexing.html"),
	      "a page whose name only begins with index is no home page");
	CHECK(!purpose_home_page("https://ceph.com/?p=1"),
	      "a query is no door");
	CHECK(!purpose_home_page("https://landlock.io/docs"),
	      "a path is no home page");
}

static const char maintainers[] =
	"CEPH DISTRIBUTED FILE SYSTEM CLIENT (CEPH)\n"
	"M:\tXiubo Li <xiubli@redhat.com>\n"
	"S:\tSupported\n"
	"W:\thttp://ceph.com/\n"
	"F:\tDocumentation/filesystems/ceph.rst\n"
	"F:\tfs/ceph/\n";

static const char *const evidence = "dead (404); 4 checks "
	"2026-10-01..2026-11-20, 3 failing counted; capture 20120101000000";

static enum left_reason judged(struct judge *j, const char *path,
			       enum kind kind, const char *url,
			       const char *replacement, const char *words)
{
	struct judgement d;
	enum left_reason r = judge_link(j, path, url, kind, replacement, NULL,
					words, words ? strlen(words) : 0, &d);

	judgement_release(&d);
	return r;
}

static void judge(void)
{
	struct judge j;
	struct judgement d;
	struct strbuf sb = STRBUF_INIT;
	char *text = xstrdup(maintainers);
	const char *arm = " * https://developer.arm.com/docs/den0028/latest\n";

	memset(&j, 0, sizeof(j));
	maintainers_parse(text, NULL, &j.m);
	j.have_m = 1;
	whose_init(&j.whose, NULL, &j.m, NULL);

	CHECK(judged(&j, "fs/ceph/super.c", K_ARCHIVED,
		     "http://ceph.com/docs/next/dev/mds_internals/",
		     "https://web.archive.org/web/2012/http://ceph.com/docs/",
		     NULL) == LEFT_OWN_DEAD,
	      "an archived copy of the section's own W: site is left");
	CHECK(judged(&j, "drivers/misc/x.c", K_ARCHIVED,
		     "http://ceph.com/docs/next/dev/mds_internals/",
		     "https://web.archive.org/web/2012/http://ceph.com/docs/",
		     NULL) == LEFT_NONE,
	      "the same link in another section's file is archived");
	CHECK(judged(&j, "Documentation/filesystems/ceph.rst", K_MOVED,
		     "https://ceph.com/", "https://new.ceph.com/", NULL) ==
	      LEFT_HOME_MOVE, "https://ceph.com/ -> https://new.ceph.com/: "
	      "a home page to a home page is no patch");
	CHECK(judged(&j, "fs/ceph/super.c", K_MOVED,
		     "http://ceph.com/docs/master/rados/", "https://ceph.com/",
		     NULL) == LEFT_OWN_MOVED,
	      "the own site moved to a home page: not the same page");
	CHECK(judged(&j, "fs/ceph/super.c", K_MOVED,
		     "http://ceph.com/docs/master/rados/",
		     "https://docs.ceph.com/en/latest/rados/", NULL) ==
	      LEFT_NONE, "the own site moved to a page: moved");
	CHECK(judged(&j, "include/linux/arm-smccc.h", K_ARCHIVED,
		     "https://developer.arm.com/docs/den0028/latest",
		     "https://web.archive.org/web/2017/https://developer.arm."
		     "com/docs/den0028/latest", arm) == LEFT_LIVING,
	      "a spec's latest is not frozen to a copy");
	CHECK(judged(&j, "Documentation/x.rst", K_ARCHIVED,
		     "http://www.sgi.com/", "https://web.archive.org/web/1997/"
		     "http://www.sgi.com/", NULL) == LEFT_HOME,
	      "an archived bare home page is left");
	CHECK(judged(&j, "Documentation/x.rst", K_ARCHIVED,
		     "https://lkml.org/lkml/2010/6/18/4", "https://web.archive."
		     "org/web/2010/https://lkml.org/lkml/2010/6/18/4", NULL) ==
	      LEFT_NONE, "a mail in an archive is archived");
	j.home_pages = 1;
	CHECK(judged(&j, "Documentation/x.rst", K_ARCHIVED,
		     "http://www.sgi.com/", "https://web.archive.org/web/1997/"
		     "http://www.sgi.com/", NULL) == LEFT_NONE,
	      "--home-pages=1: the user asks for home pages");
	CHECK(judged(&j, "fs/ceph/super.c", K_ARCHIVED,
		     "http://ceph.com/", "https://web.archive.org/web/1997/"
		     "http://ceph.com/", NULL) == LEFT_OWN_DEAD,
	      "but never for the section's own site");

	judge_link(&j, "fs/ceph/super.c", "http://ceph.com/docs/next/",
		   K_ARCHIVED, "https://web.archive.org/web/2012/x", NULL, NULL,
		   0, &d);
	judge_say(&d, "http://ceph.com/docs/next/",
		  "https://web.archive.org/web/2012/x", evidence, &sb);
	CHECK_STR(sb.buf, "your own site `http://ceph.com/docs/next/` does not "
		  "answer (checked 4 times since 2026-10-01); not replaced by "
		  "an archived copy: MAINTAINERS: CEPH DISTRIBUTED FILE SYSTEM "
		  "CLIENT (CEPH): W: http://ceph.com/",
		  "the owner is told, with the checks and the evidence");
	judgement_release(&d);
	strbuf_release(&sb);
	judge_release(&j);
	free(text);
}

/*
 * What the archive's captures say, in resolve's evidence, decides a page
 * that no sign in its URL names (issue 44).
 */
static void captures(void)
{
	struct strbuf why = STRBUF_INIT;
	const char *faq = "dead (404); capture 20100304120000, the nearest "
		"before 2012-06-01 (git); captures of "
		"http://www.openssl.org/support/faq.html changed 2 times between "
		"2003 and 2016 (capture 20100304120000's text is 0.14 alike to "
		"the latest's, 20161120120000): an archived copy would freeze it";
	const char *article = "dead (404); capture 20090101120000; captures "
		"of http://www.cs.wustl.edu/~schmidt/win32-cv-1.html changed 2 "
		"times between 2003 and 2015, not their text (capture "
		"20090101120000's is 0.93 alike to the latest's, 20150101120000)";
	const char *pdf = "dead (404); capture 20110101120000; captures of "
		"http://supertech.csail.mit.edu/papers/debruijn.pdf changed 2 "
		"times between 2004 and 2015 (not HTML: each digest is new "
		"content): an archived copy would freeze it";

	CHECK(purpose_with_captures("http://www.openssl.org/support/faq.html#PROG2",
				    NULL, 0, faq, &why) == PURPOSE_LIVING,
	      "OpenSSL's FAQ: its captures changed, so it lives");
	CHECK_STR(why.buf, "a living page: captures of "
		  "http://www.openssl.org/support/faq.html changed 2 times "
		  "between 2003 and 2016 (capture 20100304120000's text is 0.14 "
		  "alike to the latest's, 20161120120000)",
		  "with the archive's evidence");
	strbuf_reset(&why);
	CHECK(purpose_with_captures("http://www.openssl.org/support/faq.html",
				    NULL, 0, NULL, &why) == PURPOSE_UNKNOWN,
	      "without it, nothing says");
	strbuf_reset(&why);
	CHECK(purpose_with_captures("http://www.cs.wustl.edu/~schmidt/win32-cv-1.html",
				    NULL, 0, article, &why) == PURPOSE_FIXED &&
	      strstr(why.buf, "a fixed document: captures of ") == why.buf &&
	      strstr(why.buf, "not their text (capture 20090101120000's is 0.93"),
	      "an article whose digests changed, not its text, is fixed");
	strbuf_reset(&why);
	CHECK(purpose_with_captures("http://supertech.csail.mit.edu/papers/debruijn.pdf",
				    NULL, 0, pdf, &why) == PURPOSE_LIVING,
	      "a PDF revised in place over the years lives");
	strbuf_reset(&why);
	CHECK(purpose_with_captures("https://datatracker.ietf.org/doc/html/rfc7231",
				    NULL, 0, pdf, &why) == PURPOSE_FIXED,
	      "an RFC stays fixed whatever its captures' digests");
	strbuf_reset(&why);
	CHECK(purpose_with_captures("https://developer.arm.com/docs/den0028/latest",
				    NULL, 0, article, &why) == PURPOSE_LIVING,
	      "and 'latest' stays living whatever its captures' text");
	strbuf_reset(&why);
	CHECK(purpose_of_captures("dead; see captures of x changed 2 times: "
				  "an archived copy would freeze it", &why) ==
	      PURPOSE_UNKNOWN, "only resolve's own sentence counts");
	strbuf_release(&why);
}

int main(void)
{
	classes();
	captures();
	judge();
	return unit_done();
}
