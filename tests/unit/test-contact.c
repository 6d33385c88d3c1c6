// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * project/contact: where a project's own documents say patches go, read
 * from real trees' lines (tmux's README, OpenVPN's CONTRIBUTING.rst,
 * util-linux's README, nmap's CONTRIBUTING.md, zlib's README), and the
 * people of a file's history as get_maintainer.pl --git picks them.
 */
#include "../../src/project/contact.h"
#include "unit.h"

/* tmux's README. */
static const char tmux[] =
	"* Contributing\n"
	"\n"
	"Bug reports, feature suggestions and especially code contributions "
	"are most\n"
	"welcome. Please send by email to:\n"
	"\n"
	"\ttmux-users@googlegroups.com\n"
	"\n"
	"Or open a GitHub issue or pull request.\n"
	"\n"
	"Subscribe by sending an email to:\n"
	"\n"
	"\ttmux-users+subscribe@googlegroups.com\n";

/* OpenVPN's CONTRIBUTING.rst: the list named by its listinfo page. */
static const char openvpn[] =
	"CONTRIBUTING TO THE OPENVPN PROJECT\n"
	"===================================\n"
	"\n"
	"Patches should be written against the Git \"master\" branch. Some "
	"patches may get\n"
	"backported to a release branch.\n"
	"\n"
	"The preferred procedure is to send patches to the \"openvpn-devel\" "
	"mailing list:\n"
	"\n"
	"- https://lists.sourceforge.net/lists/listinfo/openvpn-devel\n"
	"\n"
	"While we do not merge GitHub pull requests as-is, we do allow their "
	"use for code\n"
	"review purposes.\n";

/* nmap's CONTRIBUTING.md: a pull request, a mail only to announce it. */
static const char nmap[] =
	" * [Pull Requests](#pr)\n"
	"\n"
	"## <a name=\"pr\"></a>Pull Requests\n"
	"\n"
	"Nmap welcomes your code contribution in the form of a Github Pull "
	"Request. Since the Github repository is currently read-only, we "
	"cannot merge directly from the PR.\n"
	"\n"
	"notification email to [dev@nmap.org](mailto:dev@nmap.org) "
	"referencing the PR and including a short\n"
	"description of the functionality of the patch.\n";

/* zlib's README: an address for questions, none for patches. */
static const char zlib[] =
	"(volunteer to write man pages welcome, contact zlib@gzip.org).  A "
	"usage example\n"
	"\n"
	"Questions about zlib should be sent to <zlib@gzip.org>, or to "
	"Gilles Vollant\n"
	"<info@winimage.com> for the Windows DLL version.  The zlib home "
	"page is\n";

/* util-linux's README: the list for patches, a person for private bugs. */
static const char util_linux[] =
	"      Bug reports with sensitive or private information: Karel Zak "
	"<kzak@redhat.com>\n"
	"\n"
	"PATCHES:\n"
	"\n"
	"      Please send patches to the mailing list:\n"
	"      E-MAIL:  util-linux@vger.kernel.org\n";

static void documents(void)
{
	struct contact c;

	CHECK(!contact_read(tmux, &c) && c.form == CONTACT_MAIL,
	      "tmux's README: code contributions by mail");
	CHECK_STR(c.addr, "tmux-users@googlegroups.com",
		  "to the list it names, not its +subscribe address");
	CHECK(c.line == 3, "from the line that asks for contributions");
	CHECK_STR(c.quote, "Bug reports, feature suggestions and especially "
		  "code contributions are most welcome. Please send by email "
		  "to: tmux-users@googlegroups.com",
		  "quoted to the address, as one line");
	contact_release(&c);
	CHECK(!contact_read(openvpn, &c) && c.form == CONTACT_MAIL,
	      "OpenVPN's CONTRIBUTING.rst: patches by mail");
	CHECK_STR(c.addr, "openvpn-devel@lists.sourceforge.net",
		  "a Mailman listinfo page stands for its list");
	contact_release(&c);
	CHECK(!contact_read(nmap, &c) && c.form == CONTACT_PULL,
	      "nmap's CONTRIBUTING.md asks for a pull request");
	CHECK(c.line == 5, "in its sentence, not its table of contents");
	contact_release(&c);
	CHECK(contact_read(zlib, &c) == 1 && c.form == CONTACT_NONE,
	      "zlib's README names an address for questions only: none");
	contact_release(&c);
	CHECK(!contact_read(util_linux, &c) &&
	      c.addr && !strcmp(c.addr, "util-linux@vger.kernel.org"),
	      "util-linux: the list, not the person for private reports");
	contact_release(&c);
	CHECK(contact_read("We do not accept pull requests; please send "
			   "them by mail.\n", &c) == 1,
	      "a document against pull requests asks for none");
	contact_release(&c);
}

static void ranks(void)
{
	CHECK(contact_doc_rank("CONTRIBUTING.rst") >= 0 &&
	      contact_doc_rank("CONTRIBUTING.rst") <
	      contact_doc_rank("README"), "CONTRIBUTING is read before README");
	CHECK(contact_doc_rank(".github/CONTRIBUTING.md") <
	      contact_doc_rank("HACKING"), "in .github/ too");
	CHECK(contact_doc_rank("Documentation/HOWTO-CONTRIBUTING.md") >= 0,
	      "util-linux's Documentation/HOWTO-CONTRIBUTING.md");
	CHECK(contact_doc_rank("README.awslc") < 0 &&
	      contact_doc_rank("src/README") < 0,
	      "not another library's README, nor a folder's");
}

static void history(void)
{
	struct contact_person *p;
	size_t total, n;
	struct strbuf log = STRBUF_INIT;
	int i;

	for (i = 0; i < 30; i++)
		strbuf_addstr(&log, "Mark Adler <madler@alumni.caltech.edu>\n");
	for (i = 0; i < 3; i++)
		strbuf_addstr(&log, "Vincent Torri <vtorri@outlook.fr>\n");
	strbuf_addstr(&log, "Once Only <once@linkmend-web.org>\n");
	for (i = 0; i < 2; i++)
		strbuf_addstr(&log, "Dimitri Papadopoulos <3234522+Dimitri"
			      "Papadopoulos@users.noreply.github.com>\n");
	strbuf_addstr(&log, "MARK ADLER <MADLER@alumni.caltech.edu>\n");
	n = contact_history(log.buf, 5, 5, &p, &total);
	CHECK(total == 37, "every commit counted");
	CHECK(n == 2, "those with 5% of the commits, not the one-off, "
	      "nor a no-reply address");
	CHECK(n >= 1 && p[0].commits == 31,
	      "one person by mail, whatever its case");
	CHECK(n >= 2 && !strcmp(p[1].who, "Vincent Torri <vtorri@outlook.fr>"),
	      "then the next by count");
	contact_people_release(p, n);
	n = contact_history(log.buf, 5, 1, &p, &total);
	CHECK(n == 1, "at most max of them");
	contact_people_release(p, n);
	strbuf_release(&log);
}

int main(void)
{
	documents();
	ranks();
	history();
	return unit_done();
}
