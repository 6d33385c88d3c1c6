// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Whose site a link is on (project/whose.h), from the kernel's own
 * MAINTAINERS sections (excerpts of v6.1's) and its lines that link to
 * those sections' W: hosts; and the project's home page as a tree's
 * configure.ac, package metadata and README name it.
 */
#include "unit.h"
#include "../../src/lib/strbuf.h"
#include "../../src/project/maintainers.h"
#include "../../src/project/whose.h"

static const char maintainers[] =
	"CEPH DISTRIBUTED FILE SYSTEM CLIENT (CEPH)\n"
	"M:\tXiubo Li <xiubli@redhat.com>\n"
	"L:\tceph-devel@vger.kernel.org\n"
	"S:\tSupported\n"
	"W:\thttp://ceph.com/\n"
	"T:\tgit https://github.com/ceph/ceph-client.git\n"
	"F:\tDocumentation/filesystems/ceph.rst\n"
	"F:\tfs/ceph/\n"
	"\n"
	"COCCINELLE/Semantic Patches (SmPL)\n"
	"M:\tJulia Lawall <Julia.Lawall@inria.fr>\n"
	"L:\tcocci@inria.fr (moderated for non-subscribers)\n"
	"S:\tSupported\n"
	"W:\thttps://coccinelle.gitlabpages.inria.fr/website/\n"
	"T:\tgit git://git.kernel.org/pub/scm/linux/kernel/git/jlawall/linux.git\n"
	"F:\tDocumentation/dev-tools/coccinelle.rst\n"
	"F:\tscripts/coccicheck\n"
	"F:\tscripts/coccinelle/\n"
	"\n"
	"DRBD DRIVER\n"
	"M:\tPhilipp Reisner <philipp.reisner@linbit.com>\n"
	"L:\tdrbd-dev@lists.linbit.com\n"
	"S:\tSupported\n"
	"W:\thttp://www.drbd.org\n"
	"T:\tgit git://git.linbit.com/linux-drbd.git\n"
	"F:\tDocumentation/admin-guide/blockdev/\n"
	"F:\tdrivers/block/drbd/\n"
	"\n"
	"KERNEL VIRTUAL MACHINE (KVM)\n"
	"M:\tPaolo Bonzini <pbonzini@redhat.com>\n"
	"L:\tkvm@vger.kernel.org\n"
	"S:\tSupported\n"
	"W:\thttp://www.linux-kvm.org\n"
	"F:\tDocumentation/virt/kvm/\n"
	"\n"
	"LANDLOCK SECURITY MODULE\n"
	"M:\tMickael Salauen <mic@digikod.net>\n"
	"S:\tSupported\n"
	"W:\thttps://landlock.io\n"
	"T:\tgit https://github.com/landlock-lsm/linux.git\n"
	"F:\tDocumentation/userspace-api/landlock.rst\n"
	"F:\tsecurity/landlock/\n"
	"\n"
	"NETFILTER\n"
	"M:\tPablo Neira Ayuso <pablo@netfilter.org>\n"
	"L:\tnetfilter-devel@vger.kernel.org\n"
	"L:\tcoreteam@netfilter.org\n"
	"S:\tMaintained\n"
	"W:\thttp://www.netfilter.org/\n"
	"W:\thttp://www.iptables.org/\n"
	"Q:\thttp://patchwork.ozlabs.org/project/netfilter-devel/list/\n"
	"F:\tnet/netfilter/\n"
	"\n"
	"ACPI COMPONENT ARCHITECTURE (ACPICA)\n"
	"M:\tRobert Moore <robert.moore@intel.com>\n"
	"S:\tSupported\n"
	"W:\thttps://acpica.org/\n"
	"W:\thttps://github.com/acpica/acpica/\n"
	"F:\tdrivers/acpi/acpica/\n";

/* The kind of whose_url() and the section's name ("-" for none). */
static char *ask(const struct whose *w, const char *path, const char *url)
{
	struct whose_answer a;
	enum whose_kind k = whose_url(w, path, url, &a);
	char *s = xstrfmt("%d %s%s%c", (int)k,
			  a.section >= 0 ? w->m->v[a.section].name : "-",
			  a.section >= 0 ? " " : "", a.section >= 0 ? a.field : '-');

	whose_answer_release(&a);
	return s;
}

static void sections(void)
{
	struct maintainers m;
	struct whose w;
	struct whose_answer a;
	char *text = xstrdup(maintainers), *s;

	maintainers_parse(text, NULL, &m);
	whose_init(&w, NULL, &m, NULL);

	/* Documentation/filesystems/ceph.rst:202 */
	s = ask(&w, "Documentation/filesystems/ceph.rst", "https://ceph.com/");
	CHECK_STR(s, "3 CEPH DISTRIBUTED FILE SYSTEM CLIENT (CEPH) W",
		  "ceph.rst's https://ceph.com/ is its section's W: host");
	free(s);
	s = ask(&w, "drivers/block/drbd/drbd_main.c", "https://ceph.com/");
	CHECK_STR(s, "0 --", "ceph.com in a DRBD file is someone else's");
	free(s);
	/* scripts/coccinelle/iterators/for_each_child.cocci:8 */
	s = ask(&w, "scripts/coccinelle/iterators/for_each_child.cocci",
		"https://coccinelle.gitlabpages.inria.fr/website");
	CHECK_STR(s, "3 COCCINELLE/Semantic Patches (SmPL) W",
		  "a Coccinelle script's // URL: is its section's W: site");
	free(s);
	/* Documentation/admin-guide/blockdev/drbd/index.rst:13 */
	s = ask(&w, "Documentation/admin-guide/blockdev/drbd/index.rst",
		"https://www.drbd.org");
	CHECK_STR(s, "3 DRBD DRIVER W", "W: http://www.drbd.org holds "
		  "https://www.drbd.org (scheme aside)");
	free(s);
	s = ask(&w, "drivers/block/drbd/Kconfig", "https://docs.drbd.org/en/");
	CHECK_STR(s, "3 DRBD DRIVER W", "and its subdomains (www. aside)");
	free(s);
	/* Documentation/virt/kvm/x86/mmu.rst:484 */
	s = ask(&w, "Documentation/virt/kvm/x86/mmu.rst",
		"https://www.linux-kvm.org/images/c/c8/KvmForum2008%24kdf2008_21.pdf");
	CHECK_STR(s, "3 KERNEL VIRTUAL MACHINE (KVM) W",
		  "a KVM Forum paper on linux-kvm.org is KVM's own site");
	free(s);
	/* Documentation/userspace-api/landlock.rst:443 */
	s = ask(&w, "Documentation/userspace-api/landlock.rst",
		"https://landlock.io");
	CHECK_STR(s, "3 LANDLOCK SECURITY MODULE W", "landlock.io");
	free(s);
	/* net/netfilter/Kconfig:476 */
	s = ask(&w, "net/netfilter/Kconfig",
		"https://www.netfilter.org/projects/nftables");
	CHECK_STR(s, "3 NETFILTER W", "netfilter.org in net/netfilter/");
	free(s);
	s = ask(&w, "net/netfilter/Kconfig", "https://lists.netfilter.org/x");
	CHECK_STR(s, "3 NETFILTER W",
		  "a subdomain of a W: host is the section's (its W: first)");
	free(s);
	s = ask(&w, "scripts/coccinelle/api/d.cocci", "https://sed.inria.fr/x");
	CHECK_STR(s, "3 COCCINELLE/Semantic Patches (SmPL) L",
		  "its L: list's mail host (cocci@inria.fr)");
	free(s);

	/* A shared host is a path: github.com/OWNER/REPO, never github.com. */
	s = ask(&w, "drivers/acpi/acpica/utglobal.c",
		"https://github.com/acpica/acpica/issues");
	CHECK_STR(s, "3 ACPI COMPONENT ARCHITECTURE (ACPICA) W",
		  "below W: https://github.com/acpica/acpica/");
	free(s);
	s = ask(&w, "drivers/acpi/acpica/utglobal.c",
		"https://github.com/torvalds/linux");
	CHECK_STR(s, "0 --", "github.com itself is no section's");
	free(s);
	s = ask(&w, "drivers/acpi/acpica/utglobal.c",
		"https://github.com/acpicafoo/acpica");
	CHECK_STR(s, "0 --", "a path is matched by its segments");
	free(s);
	/* A forge owner's other repositories are the owner's too. */
	s = ask(&w, "drivers/acpi/acpica/utglobal.c",
		"https://github.com/acpica/acpica-tools");
	CHECK(s && !strncmp(s, "3 ACPI COMPONENT ARCHITECTURE (ACPICA)", 38),
	      "another repository of the section's forge owner is its own");
	free(s);
	s = ask(&w, "net/netfilter/Kconfig",
		"https://patchwork.ozlabs.org/project/linuxppc-dev/list/");
	CHECK_STR(s, "0 --", "another project's queue on a shared "
		  "patchwork host is not netfilter's");
	free(s);

	/* Evidence: which section and field named it. */
	whose_url(&w, "fs/ceph/super.c", "http://ceph.com/docs/master/", &a);
	CHECK_STR(a.evidence, "MAINTAINERS: CEPH DISTRIBUTED FILE SYSTEM "
		  "CLIENT (CEPH): W: http://ceph.com/",
		  "the evidence names the section, its field and line");
	whose_answer_release(&a);
	/* The infrastructure: infra_host()'s role, through one question. */
	CHECK(whose_url(&w, "fs/ceph/super.c",
			"https://git.kernel.org/pub/scm/", &a) == WHOSE_INFRA,
	      "kernel.org is the project's infrastructure");
	whose_answer_release(&a);
	whose_release(&w);
	maintainers_release(&m);
	free(text);
}

static void project(void)
{
	char dir[] = "/tmp/test-whose-XXXXXX";
	struct whose w;
	struct whose_answer a;

	/*
	 * curl's configure.ac names its bug page in AC_INIT, libpng's
	 * libpng.pc.in its URL:, zlib's README its home page.
	 */
	if (unit_git_repo(dir,
			  "printf 'AC_INIT([curl], [-],\\n"
			  " [a suitable curl mailing list: https://curl.se/mail/])\\n'"
			  " > configure.ac; "
			  "printf 'Name: libpng\\nURL: http://libpng.org/pub/png/libpng.html\\n'"
			  " > libpng.pc.in; "
			  "printf 'The zlib home page is http://zlib.net/ .  Before reporting a problem,\\n'"
			  " > README; "
			  /* libarchive's README.md:10, tmux's README:35 */
			  "printf '* https://www.libarchive.org is the home for ongoing\\n"
			  "\\t$ git clone https://github.com/tmux/tmux.git\\n' > README.md; "
			  "printf '{\\n  \"name\": \"x\",\\n  \"homepage\": \"https://github.com/Owner/Proj#readme\"\\n}\\n'"
			  " > package.json; "
			  "git remote add origin https://github.com/Owner/Repo.git")) {
		CHECKS_NOT_RUN(9, "no scratch repository");
		return;
	}
	whose_init(&w, dir, NULL, NULL);
	CHECK(whose_url(&w, "docs/FAQ", "https://curl.se/docs/faq.html", &a) ==
	      WHOSE_PROJECT, "curl.se, named in AC_INIT, is the project's");
	CHECK(a.evidence && strstr(a.evidence, "configure.ac:1: AC_INIT"),
	      "with configure.ac's line as evidence");
	whose_answer_release(&a);
	CHECK(whose_url(&w, "png.h", "http://www.libpng.org/pub/png/", &a) ==
	      WHOSE_PROJECT, "libpng.pc.in's URL:");
	whose_answer_release(&a);
	CHECK(whose_url(&w, "FAQ", "https://www.zlib.net/zlib_faq.html", &a) ==
	      WHOSE_PROJECT && strstr(a.evidence, "README:1"),
	      "README's home page");
	whose_answer_release(&a);
	CHECK(whose_url(&w, "x.c", "https://github.com/Owner/Proj/wiki", &a) ==
	      WHOSE_PROJECT, "package.json's homepage, a path on github.com");
	whose_answer_release(&a);
	CHECK(whose_url(&w, "x.c", "https://github.com/Owner/Repo/issues/3",
			&a) == WHOSE_PLACE, "the git remote's place");
	whose_answer_release(&a);
	CHECK(whose_url(&w, "doc/x.3", "https://libarchive.org/x", &a) ==
	      WHOSE_PROJECT && strstr(a.evidence, "README.md:1"),
	      "README.md's 'is the home for'");
	whose_answer_release(&a);
	CHECK(whose_url(&w, "doc/x.1", "https://github.com/tmux/tmux/wiki", &a) ==
	      WHOSE_PROJECT && strstr(a.evidence, "README.md:2"),
	      "README.md's git clone URL: the repository's place");
	whose_answer_release(&a);
	CHECK(whose_url(&w, "x.c", "https://github.com/Other/Repo", &a) ==
	      WHOSE_NONE, "another repository on the same forge is not");
	whose_answer_release(&a);
	whose_release(&w);
	unit_remove(dir);
}

/*
 * openvpn's configure.ac:7: the copyright holder writes from
 * openvpn.net, a domain named for the project (its remote's name);
 * another holder's domain (gmail.com) says nothing.
 */
static void copyright_domain(void)
{
	char dir[] = "/tmp/test-whose-XXXXXX";
	struct whose w;
	struct whose_answer a;

	if (unit_git_repo(dir,
			  "printf 'dnl  OpenVPN -- An application to securely tunnel IP networks\\n"
			  "dnl\\n"
			  "dnl  Copyright (C) 2002-2026 OpenVPN Inc <sales@openvpn.net>\\n"
			  "dnl  Copyright (C) 2006-2012 Alon Bar-Lev <alon.barlev@gmail.com>\\n'"
			  " > configure.ac; "
			  "git remote add origin https://github.com/OpenVPN/openvpn.git")) {
		CHECKS_NOT_RUN(3, "no scratch repository");
		return;
	}
	whose_init(&w, dir, NULL, NULL);
	CHECK(whose_url(&w, "README", "http://community.openvpn.net/openvpn/report",
			&a) == WHOSE_PROJECT,
	      "the copyright holder's domain named for the project is its own");
	CHECK(a.evidence && strstr(a.evidence, "configure.ac:3: the copyright "
				   "holder's mail domain openvpn.net"),
	      "with configure.ac's line as evidence");
	whose_answer_release(&a);
	CHECK(whose_url(&w, "README", "https://mail.gmail.com/x", &a) ==
	      WHOSE_NONE, "another holder's domain is not");
	whose_answer_release(&a);
	whose_release(&w);
	unit_remove(dir);
}

/* A clone of a mirror: the remote ends in .../repo, the folder is named. */
static void copyright_domain_folder(void)
{
	char dir[] = "/tmp/test-whose-XXXXXX";
	char *root;
	struct whose w;
	struct whose_answer a;

	if (unit_git_repo(dir,
			  "mkdir openvpn; cd openvpn; git init -q .; "
			  "printf 'dnl  Copyright (C) 2002-2026 OpenVPN Inc <sales@openvpn.net>\\n'"
			  " > configure.ac; "
			  "git remote add origin /work/.mirror/OpenVPN+openvpn/repo")) {
		CHECKS_NOT_RUN(1, "no scratch repository");
		return;
	}
	root = xstrfmt("%s/openvpn", dir);
	whose_init(&w, root, NULL, NULL);
	CHECK(whose_url(&w, "README", "https://openvpn.net/howto.html", &a) ==
	      WHOSE_PROJECT, "the folder's name where the remote's is 'repo'");
	whose_answer_release(&a);
	whose_release(&w);
	free(root);
	unit_remove(dir);
}

/*
 * The archive of the project's lists, as its root documents name it
 * (nmap's HACKING:39 and CONTRIBUTING.md:39, word for word), and a
 * list of its own by name in an archive's path (openvpn-devel).
 */
/*
 * nmap's HACKING calls secwiki.org "our wiki page", the URL a line
 * further: the wiki's host is the project's own, all its pages.
 */
static void our_words(void)
{
	char dir[] = "/tmp/test-whose-XXXXXX";
	char *root;
	struct whose w;
	struct whose_answer a;

	if (unit_git_repo(dir,
			  "mkdir nmap; cd nmap; git init -q .; "
			  "printf 'o Script ideas page. Writing NSE scripts is an excellent way to contribute to\n"
			  "  the project. You can add your script ideas to our wiki page, or pick one and\n"
			  "  implement it. See: https://secwiki.org/w/Nmap_Script_Ideas\n\n"
			  "o Our site is great.\n\n"
			  "See https://other.example-site.org/x for more.\n\n"
			  "Fork it on our site at https://github.com/nmap/nmap/fork\n' > HACKING")) {
		CHECKS_NOT_RUN(4, "no scratch repository");
		return;
	}
	root = xstrfmt("%s/nmap", dir);
	whose_init(&w, root, NULL, NULL);
	CHECK(whose_url(&w, "ncat/INSTALL",
			"https://secwiki.org/w/Nmap/Ncat_Portable", &a) ==
	      WHOSE_PROJECT, "a wiki the project calls its own is its own "
	      "(nmap ncat/INSTALL:17)");
	CHECK(a.evidence && strstr(a.evidence, "HACKING:3: the project's own, "
				   "as 'our wiki' names"),
	      "  with HACKING's line as evidence");
	whose_answer_release(&a);
	CHECK(whose_url(&w, "x.c", "https://other.example-site.org/x", &a) ==
	      WHOSE_NONE, "not a URL of another paragraph");
	whose_answer_release(&a);
	CHECK(whose_url(&w, "x.c", "https://github.com/other/repo", &a) ==
	      WHOSE_NONE, "on a forge, only the owner's space (github.com/nmap)");
	whose_answer_release(&a);
	whose_release(&w);
	free(root);
	unit_remove(dir);
}

static void list_archive(void)
{
	char dir[] = "/tmp/test-whose-XXXXXX";
	char *root;
	struct whose w;
	struct whose_answer a;

	if (unit_git_repo(dir,
			  "mkdir nmap; cd nmap; git init -q .; "
			  "printf 'might also want to subscribe to announce@nmap.org via the same mechanism.\n"
			  "Web archives of those lists are at http://seclists.org .\n' > HACKING; "
			  "printf '3. Referencing contributions by PR number is more convenient than tracking by\n"
			  "[seclists.org](http://seclists.org/) mail archive URL, especially when the discussion spans more than\n'"
			  " > CONTRIBUTING.md; "
			  "printf 'Portable OpenSSH development is discussed on the [openssh-unix-dev mailing list]"
			  "(https://lists.mindrot.org/mailman/listinfo/openssh-unix-dev) ([archive mirror]"
			  "(https://marc.info/?l=openssh-unix-dev)). Bugs and feature requests are tracked on our "
			  "[Bugzilla](https://bugzilla.example-tracker.org/).\n' > README.md; "
			  "git remote add origin /work/.mirror/nmap+nmap/repo")) {
		CHECKS_NOT_RUN(7, "no scratch repository");
		return;
	}
	root = xstrfmt("%s/nmap", dir);
	whose_init(&w, root, NULL, NULL);
	CHECK(whose_url(&w, "idle_scan.cc",
			"http://seclists.org/nmap-dev/2013/q3/369", &a) ==
	      WHOSE_PROJECT, "the archive of its lists HACKING names is the "
	      "project's own (nmap idle_scan.cc:68)");
	CHECK(a.evidence && strstr(a.evidence, "HACKING:2: the archive of the "
				   "project's lists"),
	      "  with HACKING's line as evidence");
	whose_answer_release(&a);
	CHECK(whose_url(&w, "README.md", "https://marc.info/?l=other-list&m=1",
			&a) == WHOSE_NONE,
	      "a list on a shared archive, named with a query, claims no host");
	whose_answer_release(&a);
	CHECK(whose_url(&w, "x.c", "https://bugzilla.example-tracker.org/show_bug.cgi?id=1",
			&a) == WHOSE_NONE,
	      "a URL of the line's other sentence is no list archive");
	whose_answer_release(&a);
	CHECK(whose_url(&w, "x.c",
			"https://lists.sourceforge.net/lists/listinfo/nmap-dev",
			&a) == WHOSE_PROJECT,
	      "a list of its name (nmap-dev) in an archive's path");
	whose_answer_release(&a);
	CHECK(whose_url(&w, "x.c", "https://lists.sourceforge.net/lists/"
			"listinfo/other-dev", &a) == WHOSE_NONE,
	      "another project's list is not");
	whose_answer_release(&a);
	/* nginx's contrib/vim/syntax/nginx.vim:796: a port's folder. */
	CHECK(whose_url(&w, "x.c", "https://github.com/freebsd/freebsd-ports/"
			"blob/main/www/nmap-devel/Makefile", &a) == WHOSE_NONE,
	      "NAME-devel outside a list archive is no list");
	whose_answer_release(&a);
	whose_release(&w);
	free(root);
	unit_remove(dir);
}

int main(void)
{
	sections();
	project();
	copyright_domain();
	copyright_domain_folder();
	list_archive();
	our_words();
	return unit_done();
}
