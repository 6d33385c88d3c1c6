// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * project/: what the tree says about itself.  The hosts its MAINTAINERS
 * sections call their own (for a path, and for the whole project), its
 * own places, and its imported folders with their evidence.
 */
#include <stdlib.h>
#include <string.h>

#include "../../src/lib/strbuf.h"
#include "../../src/lib/xalloc.h"
#include "../../src/project/imported.h"
#include "../../src/project/maintainers.h"
#include "../../src/project/own.h"
#include "unit.h"

static const char maintainers[] =
	"List of maintainers\n"
	"\tW: *Web-page* with status/info\n"
	"\n"
	"Maintainers List\n"
	"----------------\n"
	"\n"
	"NETWORKING [GENERAL]\n"
	"M:\tNet Maintainer <net@x.org>\n"
	"L:\tnetdev@Vger.Example.org\n"
	"S:\tMaintained\n"
	"W:\thttps://www.Net.example.org/wiki\n"
	"B:\tmailto:bugs@bugs.example.org\n"
	"Q:\thttps://patchwork.example.org/project/netdevbpf/list/\n"
	"T:\tgit git://git.example.org/pub/scm/net/net.git\n"
	"F:\tnet/\n"
	"\n"
	"ONLY A WEB PAGE\n"
	"W:\thttps://alone.example.org/\n"
	"\n"
	"USB\n"
	"M:\tU <u@x.org>\n"
	"W:\thttp://www.linux-usb.example.org\n"
	"F:\tdrivers/usb/\n"
	"\n"
	"THE REST\n"
	"M:\tLinus <torvalds@x.org>\n"
	"L:\tlinux-kernel@vger.example.org\n"
	"S:\tBuried alive in reporters\n"
	"T:\tgit git://git.top.example.org/pub/scm/linux/kernel/git/"
	"torvalds/linux.git\n"
	"F:\t*\n"
	"F:\t*/\n";

/* "host:F:SECTION host:F:SECTION" of out, for one comparison. */
static char *flat(const struct maintainers *m, const struct own_hosts *h)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < h->nr; i++)
		strbuf_addf(&sb, "%s%s:%c:%s", i ? " " : "", h->v[i].host,
			    h->v[i].field, m->v[h->v[i].section].name);
	return strbuf_detach(&sb, NULL);
}

static void own_hosts(void)
{
	struct maintainers m;
	struct own_hosts h;
	char *text = xstrdup(maintainers), *s;
	size_t n;

	maintainers_parse(text, NULL, &m);
	CHECK(m.nr == 3, "a section with a W: line alone is none, as before");

	n = project_own_hosts(&m, "net/core/dev.c", &h);
	s = flat(&m, &h);
	CHECK_STR(s, "www.net.example.org:W:NETWORKING [GENERAL] "
		  "bugs.example.org:B:NETWORKING [GENERAL] "
		  "patchwork.example.org:Q:NETWORKING [GENERAL] "
		  "git.example.org:T:NETWORKING [GENERAL] "
		  "vger.example.org:L:NETWORKING [GENERAL] "
		  "git.top.example.org:T:THE REST",
		  "a path's own section's W:, B:, Q:, T: and L: hosts first, "
		  "each once, lower case; then the whole tree's section's");
	CHECK(n == h.nr, "project_own_hosts() returns how many");
	free(s);
	own_hosts_release(&h);

	project_own_hosts(&m, "README", &h);
	s = flat(&m, &h);
	CHECK_STR(s, "git.top.example.org:T:THE REST vger.example.org:L:THE REST",
		  "a file only the whole tree's section owns: its hosts");
	free(s);
	own_hosts_release(&h);

	project_own_hosts(&m, NULL, &h);
	s = flat(&m, &h);
	CHECK_STR(s, "www.net.example.org:W:NETWORKING [GENERAL] "
		  "bugs.example.org:B:NETWORKING [GENERAL] "
		  "patchwork.example.org:Q:NETWORKING [GENERAL] "
		  "git.example.org:T:NETWORKING [GENERAL] "
		  "vger.example.org:L:NETWORKING [GENERAL] "
		  "www.linux-usb.example.org:W:USB "
		  "git.top.example.org:T:THE REST",
		  "the whole project's: every section's, each host once");
	free(s);
	own_hosts_release(&h);
	maintainers_release(&m);
	free(text);

	text = xstrdup("");
	maintainers_parse(text, NULL, &m);
	CHECK(!project_own_hosts(&m, "a.c", &h) && !h.nr,
	      "no MAINTAINERS: no hosts");
	maintainers_release(&m);
	free(text);
}

static void places_and_imported(void)
{
	char dir[] = "/tmp/test-project-XXXXXX";
	struct own_places o;
	struct imported im;

	if (unit_git_repo(dir,
			  "printf 'NET\\nM:\\tA <a@x.org>\\n"
			  "T:\\tgit git://git.example.org/pub/scm/net/net.git\\n"
			  "B:\\thttps://bugzilla.example.org/\\n' > MAINTAINERS; "
			  "git remote add origin https://github.com/Owner/Repo.git; "
			  "printf '[submodule \"x\"]\\n\\tpath = ext/lib\\n' "
			  "> .gitmodules; "
			  "printf 'third_party/** linguist-vendored\\n"
			  "mine/** linguist-vendored=false\\n' > .gitattributes; "
			  "mkdir -p rust/alloc sub; "
			  "echo 'These source files come from the Rust standard "
			  "library.' > rust/alloc/README.md; "
			  "mkdir contrib; printf 'This directory contains "
			  "scripts and patches contributed\\nby users.\\n' "
			  "> contrib/README; "
			  "echo x > sub/a.c; git add .; git commit -q -m add; "
			  "git commit -q --allow-empty -m 'Add sub' "
			  "-m 'git-subtree-dir: sub'")) {
		CHECKS_NOT_RUN(13, "no scratch git repository");
		return;
	}
	own_places_init(&o, dir);
	CHECK(own_place(&o, "https://git.example.org/pub/scm/net/net.git"),
	      "a link into a T: tree is the project's own place");
	CHECK(own_place(&o, "https://bugzilla.example.org/show_bug.cgi?id=1"),
	      "and into a B: tracker");
	CHECK(own_place(&o, "https://GitHub.com/Owner/Repo/issues"),
	      "and into a .git/config remote's repository");
	CHECK(!own_place(&o, "https://github.com/Owner/Repository"),
	      "but not into one whose name only begins as it");
	CHECK(!own_place(&o, "https://example.org/"), "nor elsewhere");
	own_places_release(&o);

	imported_init(&im, dir);
	CHECK(imported_path(&im, "ext/lib/a.c") == IMPORTED_SUBMODULE,
	      "a submodule's file: imported, a submodule the evidence");
	CHECK(imported_path(&im, "third_party/z/y.c") == IMPORTED_VENDORED,
	      "linguist-vendored in .gitattributes");
	CHECK(imported_path(&im, "mine/a.c") == IMPORTED_NOT,
	      "linguist-vendored=false is not");
	CHECK(imported_path(&im, "sub/a.c") == IMPORTED_SUBTREE,
	      "a folder a git-subtree-dir: commit brought in");
	CHECK(imported_path(&im, "rust/alloc/vec.rs") == IMPORTED_README,
	      "a folder whose README says its files come from elsewhere");
	CHECK(imported_path(&im, "rust/kernel/lib.rs") == IMPORTED_NOT,
	      "its neighbour is the project's own");
	/* openvpn's contrib/README. */
	CHECK(imported_path(&im, "contrib/OCSP_check/OCSP_check.sh") ==
	      IMPORTED_README, "a folder whose README says users contributed "
	      "it, across a line's end");
	CHECK_STR(imported_by_name(IMPORTED_SUBTREE),
		  "a folder git subtree brought in", "each evidence has a name");
	imported_release(&im);
	unit_remove(dir);
}

int main(void)
{
	own_hosts();
	places_and_imported();
	return unit_done();
}
