// SPDX-License-Identifier: GPL-2.0-or-later
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../lib/run.h"
#include "../lib/strbuf.h"
#include "../lib/strmap.h"
#include "../lib/xalloc.h"
#include "subject.h"

void subject_style_release(struct subject_style *s)
{
	free(s->prefix);
	s->prefix = NULL;
}

/* The n-th directory of path ("drivers/net/x.c", 1: "net"), or NULL. */
static char *dir_at(const char *path, int n)
{
	const char *s = path, *e;

	while (n-- > 0) {
		s = strchr(s, '/');
		if (!s)
			return NULL;
		s++;
	}
	e = strchr(s, '/');
	return e ? xstrndup(s, (size_t)(e - s)) : NULL;
}

/* The file's name without directory or extension ("tmp513"). */
static char *stem(const char *path)
{
	const char *b = strrchr(path, '/'), *dot;

	b = b ? b + 1 : path;
	dot = strchr(b, '.');
	return dot && dot != b ? xstrndup(b, (size_t)(dot - b)) : xstrdup(b);
}

static int starts(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

static void set(struct subject_style *out, int capital, char *prefix)
{
	out->prefix = prefix;
	out->capital = capital;
}

/* "dt-bindings: display: tilcdc: " from the directories under bindings/. */
static char *dt_prefix(const char *path)
{
	const char *rest = strstr(path, "bindings/") + 9;
	char *a = dir_at(rest, 0), *b = a ? dir_at(rest, 1) : NULL;
	char *p;

	if (!a) {
		char *s = stem(rest);

		p = xstrfmt("dt-bindings: %s: ", s);
		free(s);
		return p;
	}
	if (!b)
		b = stem(rest);
	p = xstrfmt("dt-bindings: %s: %s: ", a, b);
	free(a);
	free(b);
	return p;
}

/* The file's name up to its first '-' ("omap3-beagle.dts": "omap3"). */
static char *name_head(const char *path)
{
	char *st = stem(path);
	size_t n = strcspn(st, "-_");

	st[n ? n : strlen(st)] = '\0';
	return st;
}

/* "<fmt with %s>" of the n-th directory of path, or NULL. */
static char *with_dir(const char *fmt, const char *path, int n)
{
	char *d = dir_at(path, n), *s;

	if (!d)
		return NULL;
	s = xstrfmt(fmt, d);
	free(d);
	return s;
}

/*
 * Subsystems whose prefix is one word or a fixed form, by the directory
 * their files are under: the spelling their own history uses.
 */
static const struct {
	const char *dir, *prefix;
	int capital;
} fixed[] = {
	{ "drivers/bluetooth/", "Bluetooth: ", 1 },
	{ "net/bluetooth/", "Bluetooth: ", 1 },
	{ "drivers/input/", "Input: ", 1 },
	{ "tools/lib/bpf/", "libbpf: ", 1 },
	{ "tools/testing/selftests/rcutorture/", "torture: ", 1 },
	{ "include/linux/compiler_attributes.h", "Compiler Attributes: ", 1 },
	{ "drivers/pci/", "PCI: ", 1 },
	{ "virt/kvm/", "KVM: ", 1 },
	{ "arch/x86/kvm/", "KVM: x86: ", 1 },
	{ "arch/mips/", "MIPS: ", 1 },
	{ "net/core/", "net: ", 0 },
};

/* The rules that name the driver: "<fmt>" with the file's stem. */
static const struct {
	const char *dir, *fmt;
	int capital;
	const char *strip;	/* cut from the stem: "_edac", "i2c-" */
} by_stem[] = {
	{ "drivers/edac/", "EDAC/%s: ", 1, "_edac" },
	{ "drivers/hwmon/", "hwmon: (%s) ", 1, NULL },
	{ "drivers/misc/", "misc: %s: ", 0, NULL },
	{ "drivers/hid/", "HID: %s: ", 1, "hid-" },
	{ "drivers/char/", "char: %s: ", 0, NULL },
	{ "drivers/gpio/", "gpio: %s: ", 1, "gpio-" },
	{ "drivers/i2c/busses/", "i2c: %s: ", 1, "i2c-" },
	{ "drivers/spi/", "spi: %s: ", 1, "spi-" },
	{ "drivers/tty/serial/", "serial: %s: ", 0, NULL },
	{ "drivers/scsi/", "scsi: %s: ", 0, NULL },
	{ "drivers/ata/", "ata: %s: ", 0, NULL },
	{ "drivers/mmc/host/", "mmc: %s: ", 0, NULL },
	{ "drivers/platform/x86/", "platform/x86: %s: ", 1, NULL },
	{ "drivers/platform/chrome/", "platform/chrome: %s: ", 1, NULL },
	{ "sound/soc/codecs/", "ASoC: %s: ", 1, NULL },
	{ "sound/pci/", "ALSA: %s: ", 1, NULL },
};

/* "EDAC/%s: " -> "EDAC: ", "hwmon: (%s) " -> "hwmon: ". */
static char *head_of(const char *fmt)
{
	size_t n = strcspn(fmt, "%");

	while (n && strchr(" :/(", fmt[n - 1]))
		n--;
	return xstrfmt("%.*s: ", (int)n, fmt);
}

/*
 * A header's part of the kernel: "asm-generic: ", "scsi: " (include/scsi/),
 * "usb: " (include/uapi/linux/usb/), its own name under include/linux/
 * ("cdrom: ", "virtio_ring: ").
 */
static char *header_prefix(const char *path)
{
	const char *p = path + 8;
	char *d, *s;

	if (starts(p, "uapi/"))
		p += 5;
	if (starts(p, "linux/platform_data/"))
		p += 20;
	else if (starts(p, "linux/"))
		p += 6;
	if (!*p)
		return NULL;
	d = dir_at(p, 0);
	if (d) {
		s = xstrfmt("%s: ", d);
		free(d);
		return s;
	}
	d = stem(p);
	s = *d ? xstrfmt("%s: ", d) : NULL;
	free(d);
	return s;
}

/*
 * Where the kernel keeps its tools, libraries and core, the part's own
 * name: "kconfig: " (scripts/kconfig/), "checkpatch: " (a script's
 * stem; "kbuild: " for a Makefile), "lib/xz: ", "lib/vsprintf: ",
 * "tools/nolibc: " (under tools/include/), "bpftool: " (tools/bpf/),
 * "tools/power/acpi: ", "perf: ", "tools/memory-model: ", "mm/kasan: ",
 * a header's (header_prefix()), "sched: "
 * (kernel/sched/), "seccomp: " (kernel/seccomp.c), "selftests: " (a
 * file of selftests/ itself).  NULL elsewhere.
 */
static char *tool_prefix(const char *path)
{
	char *a = NULL, *b = NULL, *s = NULL;

	if (starts(path, "scripts/") || starts(path, "kernel/")) {
		a = dir_at(path, 1);
		b = a ? NULL : stem(path);
		if (b && (starts(b, "Makefile") || starts(b, "Kbuild")))
			s = xstrdup("kbuild: ");
		else if (a || (b && *b))
			s = xstrfmt("%s: ", a ? a : b);
	} else if (starts(path, "lib/") || starts(path, "mm/")) {
		size_t top = strcspn(path, "/");

		a = dir_at(path, 1);
		b = a ? NULL : stem(path);
		if (b && (starts(b, "Kconfig") || starts(b, "Makefile")))
			s = NULL;
		else if (a || (b && *b))
			s = xstrfmt("%.*s/%s: ", (int)top, path, a ? a : b);
		else
			s = xstrfmt("%.*s: ", (int)top, path);
	} else if (starts(path, "include/")) {
		s = header_prefix(path);
	} else if (!strcmp(path, "tools/testing/selftests/") ||
		   (starts(path, "tools/testing/selftests/") &&
		    !strchr(path + 24, '/'))) {
		s = xstrdup("selftests: ");
	} else if (starts(path, "tools/") && (a = dir_at(path, 1))) {
		b = dir_at(path, 2);
		if (!strcmp(a, "perf") || !strcmp(a, "objtool"))
			s = xstrfmt("%s: ", a);
		else if (b && (!strcmp(a, "include") || !strcmp(a, "bpf")))
			s = xstrfmt("%s%s: ", *a == 'i' ? "tools/" : "", b);
		else if (b && !strcmp(a, "power"))
			s = xstrfmt("tools/power/%s: ", b);
		else
			s = xstrfmt("tools/%s: ", a);
	}
	free(a);
	free(b);
	return s;
}

static char *stem_for(const char *path, const char *strip)
{
	char *st = stem(path);
	size_t n = strip ? strlen(strip) : 0;

	if (n && !strncmp(st, strip, n) && st[n])
		memmove(st, st + n, strlen(st + n) + 1);
	else if (n && strlen(st) > n && !strcmp(st + strlen(st) - n, strip))
		st[strlen(st) - n] = '\0';
	return st;
}

void subject_convention(const char *path, struct subject_style *out)
{
	char *a = NULL, *b = NULL, *s;
	size_t i;

	if (starts(path, "Documentation/devicetree/bindings/"))
		return set(out, 1, dt_prefix(path));
	if (starts(path, "include/dt-bindings/"))
		return set(out, 1, xstrdup("dt-bindings: "));
	if (starts(path, "Documentation/"))
		return set(out, 0, xstrdup("docs: "));
	/* A PCI host driver: "PCI: dw-rockchip: " (pcie-dw-rockchip.c). */
	if (starts(path, "drivers/pci/controller/") &&
	    path[strlen(path) - 1] != '/') {
		b = stem_for(path, starts(strrchr(path, '/'), "/pci-") ?
			     "pci-" : "pcie-");
		s = xstrfmt("PCI: %s: ", b);
		free(b);
		return set(out, 1, s);
	}
	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		if (starts(path, fixed[i].dir)) {
			set(out, fixed[i].capital, xstrdup(fixed[i].prefix));
			out->firm = 1;
			return;
		}
	for (i = 0; i < sizeof(by_stem) / sizeof(by_stem[0]); i++)
		if (starts(path, by_stem[i].dir) &&
		    !strchr(path + strlen(by_stem[i].dir), '/')) {
			/* The directory itself: the subsystem's word alone. */
			if (!path[strlen(by_stem[i].dir)])
				return set(out, by_stem[i].capital,
					   head_of(by_stem[i].fmt));
			b = stem_for(path, by_stem[i].strip);
			s = xstrfmt(by_stem[i].fmt, b);
			free(b);
			return set(out, by_stem[i].capital, s);
		}
	if (starts(path, "drivers/net/wireless/")) {
		a = dir_at(path, 3);
		b = dir_at(path, 4);
		s = xstrfmt("wifi: %s: ", b ? b : a ? a : "wireless");
		free(a);
		free(b);
		return set(out, 0, s);
	}
	/* drivers/net/ethernet/VENDOR/DRV/: "net: DRV: " (else VENDOR). */
	if (starts(path, "drivers/net/ethernet/") && (a = dir_at(path, 3))) {
		b = dir_at(path, 4);
		s = xstrfmt("net: %s: ", b ? b : a);
		free(a);
		free(b);
		return set(out, 0, s);
	}
	if (starts(path, "drivers/net/can/"))
		return set(out, 0, xstrdup("can: "));
	if (!strcmp(path, "drivers/gpu/drm/"))
		return set(out, 1, xstrdup("drm: "));
	if (starts(path, "drivers/gpu/drm/") && (a = dir_at(path, 3))) {
		size_t n = strlen(a);

		if (n > 3 && !strcmp(a + n - 3, "drm"))
			a[n - 3] = '\0';
		s = xstrfmt("drm/%s: ", a);
		free(a);
		return set(out, 1, s);
	}
	if (starts(path, "drivers/iio/") && (a = dir_at(path, 2)) &&
	    !strchr(path + 13 + strlen(a), '/')) {
		b = stem(path);
		s = xstrfmt("iio: %s: %s: ", a, b);
		free(a);
		free(b);
		return set(out, 0, s);
	}
	free(a);
	a = NULL;
	/* Device trees: "ARM: dts: omap3: ", "arm64: dts: ti: k3: ". */
	if (starts(path, "arch/arm/boot/dts/")) {
		b = name_head(path);
		s = xstrfmt("ARM: dts: %s: ", b);
		free(b);
		return set(out, 1, s);
	}
	if (starts(path, "arch/arm64/boot/dts/") && (a = dir_at(path, 4))) {
		b = name_head(path);
		s = xstrfmt("arm64: dts: %s: %s: ", a, b);
		free(a);
		free(b);
		return set(out, 1, s);
	}
	if (starts(path, "arch/x86/")) {
		const char *l = strrchr(path, '/');

		/* arch/x86/kernel/apm_32.c: "x86/apm_32: ", as x86 writes. */
		if (l == path + 15 && starts(path, "arch/x86/kernel/")) {
			b = stem(path);
			s = xstrfmt("x86/%s: ", b);
			free(b);
		} else if (l > path + 9) {
			/* The file's own directory: arch/x86/entry/vdso/ -> vdso. */
			const char *d = l - 1;

			while (d > path && d[-1] != '/')
				d--;
			s = xstrfmt("x86/%.*s: ", (int)(l - d), d);
		} else {
			s = xstrdup("x86: ");
		}
		return set(out, 1, s);
	}
	if (starts(path, "arch/arm/"))
		return set(out, 1, xstrdup("ARM: "));
	if (starts(path, "arch/") && (s = with_dir("%s: ", path, 1)))
		return set(out, 0, s);
	if (starts(path, "tools/testing/selftests/") &&
	    (s = with_dir("selftests/%s: ", path, 3)))
		return set(out, 0, s);
	if (starts(path, "sound/soc/") && (s = with_dir("ASoC: %s: ", path, 2)))
		return set(out, 1, s);
	if (starts(path, "sound/"))
		return set(out, 1, (s = with_dir("ALSA: %s: ", path, 1)) ? s :
				   xstrdup("ALSA: "));
	if (starts(path, "drivers/usb/") && (s = with_dir("usb: %s: ", path, 2)))
		return set(out, 0, s);
	if (starts(path, "drivers/staging/") &&
	    (s = with_dir("staging: %s: ", path, 2)))
		return set(out, 0, s);
	/* fs/smb/client/: "smb: client: ". */
	if (starts(path, "fs/") && (a = dir_at(path, 1)) &&
	    (b = dir_at(path, 2))) {
		s = xstrfmt("%s: %s: ", a, b);
		free(a);
		free(b);
		return set(out, 0, s);
	}
	free(a);
	a = NULL;
	/* fs/ext4/, net/ipv4/: the filesystem's or protocol's own name. */
	if ((starts(path, "fs/") || starts(path, "net/") ||
	     starts(path, "security/")) &&
	    (s = with_dir("%s: ", path, 1)))
		return set(out, 0, s);
	if ((s = tool_prefix(path)))
		return set(out, 0, s);
	if (starts(path, "drivers/") && (a = dir_at(path, 1))) {
		b = dir_at(path, 2);
		/*
		 * A driver alone in its class: "nfc: trf7970a: ", "pwm:
		 * sunplus: " (pwm-sunplus.c), "vlynq: " (vlynq.c).
		 */
		if (!b && path[strlen(path) - 1] != '/') {
			size_t al = strlen(a);

			b = stem(path);
			if (!strncmp(b, a, al) && (b[al] == '-' ||
			    b[al] == '_') && b[al + 1])
				memmove(b, b + al + 1, strlen(b + al + 1) + 1);
			if (starts(b, "Kconfig") || starts(b, "Makefile") ||
			    !*b || !strcmp(a, b)) {
				free(b);
				b = NULL;
			}
		}
		s = b ? xstrfmt("%s: %s: ", a, b) : xstrfmt("%s: ", a);
		free(a);
		free(b);
		return set(out, 0, s);
	}
	if ((a = dir_at(path, 0))) {
		s = xstrfmt("%s: ", a);
		free(a);
		return set(out, 0, s);
	}
	b = stem(path);
	s = starts(b, "Makefile") || starts(b, "Kbuild") ?
	    xstrdup("kbuild: ") : xstrfmt("%s: ", b);
	free(b);
	set(out, 0, s);
}

/* Parts of paths and titles that name no subsystem. */
static const char *const generic_words[] = {
	"drivers", "include", "linux", "uapi", "documentation", "arch",
	"boot", "dts", "bindings", "devicetree", "tools", "testing",
	"selftests", "lib", "scripts", "asm", "asm-generic", "generic",
	"common", "and", "the", "of", "for", "with", "other", "misc", "core",
	"support", "driver", "subsystem", "api", "abi", "kernel", NULL,
};

/* Build files' names, which name no subsystem in a path. */
static const char *const build_words[] = {
	"kconfig", "makefile", "kbuild", NULL,
};

static int listed(const char *const *v, const char *w)
{
	for (; *v; v++)
		if (!strcmp(*v, w))
			return 1;
	return 0;
}

/*
 * The words of s[0..len) (lower case, split at separators) into names;
 * path: s is a path, where build files' names say nothing.
 */
static void add_words(struct strmap *names, const char *s, size_t len,
		      const char *seps, int path)
{
	size_t i = 0, k;

	while (i < len) {
		size_t w = 0;
		char *word;

		while (i < len && strchr(seps, s[i]))
			i++;
		while (i + w < len && !strchr(seps, s[i + w]))
			w++;
		if (w >= 2) {
			word = xstrndup(s + i, w);
			for (k = 0; word[k]; k++)
				word[k] = (char)tolower((unsigned char)word[k]);
			if (!listed(generic_words, word) &&
			    !(path && listed(build_words, word)))
				*strmap_put(names, word) = (void *)1;
			free(word);
		}
		i += w;
	}
}

/* 1 when a word of prefix is one of names. */
static int names_any(const struct strmap *names, const char *prefix)
{
	struct strmap words = STRMAP_INIT;
	struct strmap_entry *e;
	int hit = 0;

	add_words(&words, prefix, strlen(prefix), "/():, ", 0);
	add_words(&words, prefix, strlen(prefix), "/():, -_", 0);
	strmap_for_each(&words, e)
		if (strmap_get(names, e->key))
			hit = 1;
	strmap_clear(&words, NULL);
	return hit;
}

/*
 * prefix and the first word of the title that a path of the section has
 * too: "riscv: ftrace: " (arch/riscv/include/asm/ftrace.h of FUNCTION
 * HOOKS (FTRACE)), "docs: ldm: " (LOGICAL DISK MANAGER SUPPORT (LDM,
 * ...)); for "docs: " any word of the title ("docs: regressions: " of
 * KERNEL REGRESSIONS).  1 with *out set.
 */
static int title_word_of(const char *prefix, const char *title,
			 const struct strmap *paths, struct subject_style *out)
{
	const char *p = title;

	while (*p) {
		size_t n = strspn(p, "abcdefghijklmnopqrstuvwxyz"
				  "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
		char *w = xstrndup(p, n), *q;

		for (q = w; *q; q++)
			*q = (char)tolower((unsigned char)*q);
		if (n >= 3 && !listed(generic_words, w) &&
		    (!paths || strmap_get(paths, w))) {
			out->prefix = xstrfmt("%s%s: ", prefix, w);
			out->capital = 0;
			out->history = 0;
			free(w);
			return 1;
		}
		free(w);
		p += n;
		p += strcspn(p, "abcdefghijklmnopqrstuvwxyz"
			     "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789");
	}
	return 0;
}

/* path's last part, the name its subsystem goes by ("lm90", "hwmon"). */
static void add_last_part(struct strmap *names, const char *path)
{
	size_t n = strcspn(path, "*?[");
	const char *b;

	while (n && path[n - 1] == '/')
		n--;
	for (b = path + n; b > path && b[-1] != '/'; b--)
		;
	n -= (size_t)(b - path);
	add_words(names, b, strcspn(b, ".") < n ? strcspn(b, ".") : n, "", 1);
	add_words(names, b, n, ".-_", 1);
}

int subject_section_style(const char *prefix, const char *title,
			  const char *const *paths, const size_t *files,
			  size_t n, const char *const *lists, size_t nl,
			  struct subject_style *out)
{
	struct strmap names = STRMAP_INIT, parts = STRMAP_INIT;
	size_t i, k, pass, *order = xcalloc(n + 1, sizeof(*order));
	int found = 0;

	add_words(&names, title, strlen(title), " \t/()[],.:;'\"+&-_", 0);
	for (i = 0; i < n; i++) {
		add_last_part(&names, paths[i]);
		add_last_part(&parts, paths[i]);
	}
	/* A list's name is the subsystem's too: alsa-devel, linux-kbuild. */
	for (i = 0; i < nl; i++)
		add_words(&names, lists[i], strcspn(lists[i], "@"), "-._<> ",
			  0);
	/* The documentation's own sections answer to "docs: ". */
	if (strcasestr(title, "documentation")) {
		*strmap_put(&names, "docs") = (void *)1;
		*strmap_put(&names, "doc") = (void *)1;
	}
	if (names_any(&names, prefix))
		goto out;
	/* Most files first (a stable sort: MAINTAINERS' order on ties). */
	for (i = 0; i < n; i++) {
		for (k = i; k > 0 && files[order[k - 1]] < files[i]; k--)
			order[k] = order[k - 1];
		order[k] = i;
	}
	/* The section's own parts first, its tools after. */
	for (pass = 0; pass < 2 && !found; pass++)
		for (k = 0; k < n && !found; k++) {
			size_t cut;
			struct subject_style st = { 0 };
			char *p;

			i = order[k];
			cut = strcspn(paths[i], "*?[");
			if (starts(paths[i], "include/") ||
			    starts(paths[i], "Documentation/") ||
			    starts(paths[i], "tools/testing/") || !cut ||
			    starts(paths[i], "tools/") != (int)pass)
				continue;
			/* "kernel/crash_*": "kernel/crash". */
			while (cut > 1 && strchr("-_.", paths[i][cut - 1]))
				cut--;
			p = xstrndup(paths[i], cut);
			subject_convention(p, &st);
			free(p);
			if (names_any(&names, st.prefix)) {
				*out = st;
				found = 1;
			} else {
				subject_style_release(&st);
			}
		}
	/* Nothing better: the prefix and the section's own word. */
	if (!found)
		found = title_word_of(prefix, title, &parts, out) ||
			(!strcmp(prefix, "docs: ") &&
			 title_word_of(prefix, title, NULL, out));
out:
	free(order);
	strmap_clear(&names, NULL);
	strmap_clear(&parts, NULL);
	return found;
}

/*
 * "net: wireless: fix x: y" -> "net: wireless: " (words without spaces
 * before ": "), "hwmon: (tmp513) Add" -> "hwmon: (tmp513) "; the rest of
 * the subject in *rest.  NULL when it has none.
 */
static char *prefix_of(char *line, const char **rest)
{
	char *p = line, *colon, *end = NULL;

	while ((colon = strstr(p, ": "))) {
		if (colon == p || memchr(p, ' ', (size_t)(colon - p)))
			break;
		end = colon + 2;
		p = end;
	}
	if (!end || end - line > 48 || memchr(line, '[', (size_t)(end - line)))
		return NULL;
	/* hwmon's "(driver) " after the colon. */
	if (*end == '(') {
		char *close = strchr(end, ')');

		if (close && close[1] == ' ' && !memchr(end, ' ', (size_t)(close - end)))
			end = close + 2;
	}
	*rest = end;
	return xstrndup(line, (size_t)(end - line));
}

/* 1 when the prefix's first word is a folder of path, or its name. */
static int names_path(const char *prefix, const char *path)
{
	size_t w = strcspn(prefix, ":/ ("), n;
	const char *p = path;

	if (!w)
		return 0;
	while (*p) {
		n = strcspn(p, "/.");
		if (n == w && !strncasecmp(p, prefix, w))
			return 1;
		p += n;
		p += strspn(p, "/.");
	}
	return 0;
}

/* The style the subjects of a file's history (one a line) show. */
static void style_of(const char *path, struct strbuf *log,
		     struct subject_style *out)
{
	struct strmap count = STRMAP_INIT;
	struct strmap_entry *e;
	char *line, *next, *best = NULL;
	size_t most = 0, upper = 0, lower = 0;

	memset(out, 0, sizeof(*out));
	for (line = log->buf; line && *line; line = next) {
		const char *rest;
		char *p;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		p = prefix_of(line, &rest);
		if (p) {
			void **slot = strmap_put(&count, p);

			*slot = (void *)((size_t)*slot + 1);
			free(p);
		}
	}
	strmap_for_each(&count, e)
		if ((size_t)e->value > most ||
		    ((size_t)e->value == most && best && strcmp(e->key, best) < 0)) {
			most = (size_t)e->value;
			best = e->key;
		}
	/*
	 * A tie of one or two each (1-1-1) says nothing of the area's habit:
	 * convention.  A tie of more (curl's gtls.c: vtls: and gnutls:) is
	 * two habits: the one the newest commit follows.
	 */
	strmap_for_each(&count, e)
		if (best && e->key != best && (size_t)e->value == most)
			best = NULL;
	/* Of tied prefixes, one that names a part of the path ("OS400:"). */
	if (!best)
		strmap_for_each(&count, e)
			if (!best && (size_t)e->value == most &&
			    names_path(e->key, path))
				best = e->key;
	if (!best && most >= 3)
		for (line = log->buf; line < log->buf + log->len && !best;
		     line += strlen(line) + 1) {
			const char *rest;
			char *p = prefix_of(line, &rest);

			/* The map's own copy of the key: p is freed. */
			if (p && (size_t)strmap_get(&count, p) == most)
				strmap_for_each(&count, e)
					if (!best && !strcmp(e->key, p))
						best = e->key;
			free(p);
		}
	if (!best) {
		strmap_clear(&count, NULL);
		subject_convention(path, out);
		return;
	}
	out->prefix = xstrdup(best);
	out->history = 1;
	strmap_clear(&count, NULL);
	/* How the area writes what follows its prefix. */
	for (line = log->buf; line < log->buf + log->len;
	     line += strlen(line) + 1) {
		const char *rest;
		char *p = prefix_of(line, &rest);

		if (p && !strcmp(p, out->prefix) && isalpha((unsigned char)*rest))
			isupper((unsigned char)*rest) ? upper++ : lower++;
		free(p);
	}
	out->capital = upper > lower;
}

/*
 * A commit whose subject is not its area's: a tree-wide change, by its
 * label ("treewide:", "tidy-up:", "SPDX:", "global:", a merge) or by its
 * spread (files under three or more top-level directories among those
 * asked about, Documentation/, include/ and top-level files aside: an
 * area's own change touches those).  Its prefix would win for every file
 * it touched.
 */
static int tree_wide(const char *subject, const char *const *paths,
		     const size_t *touched, size_t n)
{
	static const char *const labels[] = { "treewide", "tree-wide",
		"tidy-up", "tidyup", "spdx", "global", "all", "cleanup",
		"license", "licensing", "merge", NULL };
	const char *tops[3];
	size_t i, k, ntops = 0, l = strcspn(subject, ": ");

	for (i = 0; labels[i]; i++)
		if (strlen(labels[i]) == l &&
		    !strncasecmp(subject, labels[i], l))
			return 1;
	if (!strncmp(subject, "Merge ", 6))
		return 1;
	for (i = 0; i < n && ntops < 3; i++) {
		const char *p = paths[touched[i]];
		size_t tl = strcspn(p, "/");

		/* An area's own change touches its docs and headers too. */
		if (!p[tl] || !strncmp(p, "Documentation/", 14) ||
		    !strncmp(p, "include/", 8))
			continue;

		for (k = 0; k < ntops; k++)
			if (strlen(tops[k]) >= tl && !strncmp(tops[k], p, tl) &&
			    (tops[k][tl] == '/' || !tops[k][tl]))
				break;
		if (k == ntops)
			tops[ntops++] = p;
	}
	return ntops >= 3;
}

void subject_styles(const char *root, const char *base,
		    const char *const *paths, size_t n,
		    struct subject_style *out)
{
	const char **argv = xcalloc(n + 12, sizeof(*argv));
	struct strbuf log = STRBUF_INIT, *subj = xcalloc(n ? n : 1, sizeof(*subj));
	size_t *count = xcalloc(n ? n : 1, sizeof(*count));
	struct strmap index = STRMAP_INIT;
	size_t i, a = 0;
	char *line, *next, *cur = NULL;

	argv[a++] = "git";
	argv[a++] = "-C";
	argv[a++] = root;
	argv[a++] = "-c";
	argv[a++] = "core.quotePath=false";
	argv[a++] = "log";
	argv[a++] = "--no-merges";
	argv[a++] = "--format=%x01%s";
	argv[a++] = "--name-only";
	argv[a++] = base;
	argv[a++] = "--";
	for (i = 0; i < n; i++) {
		void **slot = strmap_put(&index, paths[i]);

		if (!*slot) {
			*slot = (void *)(i + 1);
			argv[a++] = paths[i];
		}
	}
	argv[a] = NULL;
	/* One log for every file: a process per file took most of series. */
	if (n && !run_command_quiet(argv, NULL, &log)) {
		size_t *touched = xcalloc(n, sizeof(*touched)), nt = 0;

		for (line = log.buf;; line = next) {
			int end = !line || !*line;

			next = NULL;
			if (!end && (next = strchr(line, '\n')))
				*next++ = '\0';
			if (end || *line == '\001') {
				/* The commit before, unless it is tree-wide. */
				if (cur && !tree_wide(cur, paths, touched, nt))
					for (i = 0; i < nt; i++)
						if (count[touched[i]] < 200) {
							count[touched[i]]++;
							strbuf_addf(&subj[touched[i]],
								    "%s\n", cur);
						}
				if (end)
					break;
				cur = line + 1;
				nt = 0;
			} else if (*line && cur) {
				size_t k = (size_t)strmap_get(&index, line);

				/* Each file's latest 200 commits, as before. */
				if (k && nt < n)
					touched[nt++] = k - 1;
			}
		}
		free(touched);
	}
	for (i = 0; i < n; i++) {
		size_t k = (size_t)strmap_get(&index, paths[i]) - 1;
		struct strbuf copy = STRBUF_INIT;

		/* style_of() cuts the lines: each group reads its own copy. */
		strbuf_add(&copy, subj[k].buf ? subj[k].buf : "", subj[k].len);
		style_of(paths[i], &copy, &out[i]);
		strbuf_release(&copy);
	}
	for (i = 0; i < n; i++)
		strbuf_release(&subj[i]);
	free(subj);
	free(count);
	free(argv);
	strmap_clear(&index, NULL);
	strbuf_release(&log);
}

/* "dt-bindings: display: tilcdc: " -> its parts, each with its separator. */
static size_t parts_of(const char *prefix, const char **at, size_t *len,
		       size_t max)
{
	size_t n = 0;
	const char *p = prefix;

	while (*p && n < max) {
		const char *colon = strstr(p, ": ");
		size_t l = colon ? (size_t)(colon - p) + 2 : strlen(p);

		at[n] = p;
		len[n++] = l;
		p += l;
	}
	return n;
}

void subject_style_common(const struct subject_style *v, size_t n,
			  struct subject_style *out)
{
	const char *at[16], *at2[16];
	size_t len[16], len2[16], common, i, k, caps = 0;

	memset(out, 0, sizeof(*out));
	if (!n)
		return;
	common = parts_of(v[0].prefix, at, len, 16);
	for (i = 1; i < n; i++) {
		size_t m = parts_of(v[i].prefix, at2, len2, 16);

		for (k = 0; k < common && k < m; k++)
			if (len[k] != len2[k] || strncmp(at[k], at2[k], len[k]))
				break;
		common = k;
	}
	for (i = 0; i < n; i++)
		caps += v[i].capital;
	out->capital = caps * 2 > n;
	out->history = 1;
	out->firm = 1;
	for (i = 0; i < n; i++) {
		out->history &= v[i].history;
		out->firm &= v[i].firm;
	}
	/*
	 * Nothing shared (a driver and its documentation): the prefix most
	 * of the files have, the code's before "docs: " on a tie.
	 */
	if (!common) {
		size_t best = 0, most = 0, told = 0;

		/* What the files' history says before what paths do. */
		for (i = 0; i < n; i++)
			told += v[i].history;
		for (i = 0; i < n; i++) {
			size_t c = 0;

			if (told && !v[i].history)
				continue;
			for (k = 0; k < n; k++)
				c += !strcmp(v[k].prefix, v[i].prefix);
			if (c > most || (c == most &&
					 !strcmp(v[best].prefix, "docs: ") &&
					 strcmp(v[i].prefix, "docs: "))) {
				most = c;
				best = i;
			}
		}
		out->prefix = xstrdup(v[best].prefix);
		out->capital = v[best].capital;
		out->history = v[best].history;
		out->firm = v[best].firm;
		/* Only history says what is a grab-bag, not paths. */
		out->mixed = told > 2 && most * 2 <= told;
		return;
	}
	out->prefix = xstrndup(v[0].prefix, (size_t)(at[common - 1] +
						     len[common - 1] -
						     v[0].prefix));
	/* "hwmon: (tmp513) " cut to "hwmon: (tmp513)": its own separator. */
	if (out->prefix[strlen(out->prefix) - 1] != ' ') {
		char *t = xstrfmt("%s ", out->prefix);

		free(out->prefix);
		out->prefix = t;
	}
}

int subject_style_folder(const struct subject_style *s,
			 const char *const *paths, size_t n,
			 struct subject_style *out)
{
	size_t len, i, w;
	const char *p;
	char *dir;

	if (!s->mixed || !n)
		return 0;
	len = strlen(paths[0]);
	for (i = 1; i < n; i++)
		while (len && (strncmp(paths[i], paths[0], len) ||
			       paths[0][len - 1] != '/'))
			len--;
	while (len && paths[0][len - 1] != '/')
		len--;
	if (!len)
		return 0;
	dir = xstrndup(paths[0], len);
	/* "vtls: " for two of four files in lib/vtls/: the folder's own. */
	w = strcspn(s->prefix, ":/ (");
	for (p = dir; *p; p += strspn(p, "/")) {
		size_t k = strcspn(p, "/");

		if (k == w && !strncasecmp(p, s->prefix, w)) {
			free(dir);
			return 0;
		}
		p += k;
	}
	memset(out, 0, sizeof(*out));
	subject_convention(dir, out);
	free(dir);
	return 1;
}
