# SPDX-License-Identifier: GPL-2.0-or-later
# linkmend: plain GNU make.  "make" builds ./linkmend; "make SANITIZE=1"
# builds with ASan and UBSan; "make check" installs what the tests need,
# builds and runs every test; "make demo" scans Debian's linux-source-6.1.

CC ?= cc
PKGS := libcurl sqlite3 jansson libcrypto zlib libpcre2-8 libpq libpsl libzip
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS := $(shell pkg-config --libs $(PKGS) 2>/dev/null)

CFLAGS ?= -O2 -g
CFLAGS += -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -pthread \
	  $(PKG_CFLAGS)
LDLIBS += $(PKG_LIBS) -pthread
# ReplayWeb.page's scripts for archive's replay page (make replayweb).
REPLAYWEB := $(abspath replayweb/node_modules/replaywebpage)
CFLAGS += -DLINKMEND_REPLAYWEB='"$(REPLAYWEB)"' 

ifeq ($(SANITIZE),1)
CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer \
	  -fno-sanitize-recover=all
LDFLAGS += -fsanitize=address,undefined
endif

LIB_SRC := $(wildcard src/lib/*.c) $(wildcard src/url/*.c) \
	   $(wildcard src/project/*.c) $(wildcard src/subject/*.c) \
	   $(wildcard src/scan/*.c) $(wildcard src/store/*.c) \
	   $(wildcard src/net/*.c) $(wildcard src/check/*.c) \
	   $(wildcard src/resolve/*.c) $(wildcard src/rewrite/*.c) \
	   $(wildcard src/series/*.c) $(wildcard src/report/*.c) \
	   $(wildcard src/archive/*.c) $(wildcard src/lease/*.c) \
	   $(wildcard src/fix/*.c) $(wildcard src/verify/*.c) \
	   $(wildcard src/diff/*.c)
CMD_SRC := src/main.c src/setup.c $(wildcard src/cmd_*.c)
LIB_OBJ := $(LIB_SRC:.c=.o)
CMD_OBJ := $(CMD_SRC:.c=.o)
UNIT_SRC := $(wildcard tests/unit/*.c)
UNIT_BIN := $(UNIT_SRC:.c=)

# A change of flags (SANITIZE=1 or not) rebuilds everything.
BUILD_FLAGS := $(CC) $(CFLAGS) $(LDFLAGS)
$(shell echo '$(BUILD_FLAGS)' | cmp -s - .build-flags || \
	echo '$(BUILD_FLAGS)' > .build-flags)

all: linkmend

.build-flags: ;

linkmend: $(CMD_OBJ) liblinkmend.a
	$(CC) $(LDFLAGS) -o $@ $(CMD_OBJ) liblinkmend.a $(LDLIBS)

# Made anew: a member whose source is gone must not linger in it.
liblinkmend.a: $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

%.o: %.c .build-flags
	$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

tests/unit/%: tests/unit/%.c tests/unit/unit.h liblinkmend.a .build-flags
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< liblinkmend.a $(LDLIBS)

# Its cases are a header of their own.
tests/unit/test-owner: tests/unit/owner-cases.h

# The fuzz harnesses as plain programs that replay tests/fuzz/corpus.
REPLAY_BIN := $(patsubst tests/fuzz/fuzz-%.c,tests/fuzz/replay-%,$(wildcard tests/fuzz/fuzz-*.c))

tests/fuzz/replay-%: tests/fuzz/fuzz-%.c tests/fuzz/replay.c liblinkmend.a .build-flags
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $< tests/fuzz/replay.c liblinkmend.a $(LDLIBS)

unit: $(UNIT_BIN) $(REPLAY_BIN)

# The HTML report page is built into the program (.incbin).
src/report/html.o: src/report/report.html

-include $(LIB_OBJ:.o=.d) $(CMD_OBJ:.o=.d)

# Installs the packages the build and the tests need (Debian), builds and
# runs every test; the last line is the runner's "N passed, N failed,
# N skipped".
check: deps
	$(MAKE) all unit
	tests/run

check-only: all unit
	tests/run

deps:
	tests/deps.sh

replayweb:
	replayweb/fetch.sh

# The man page's list of settings, between its marker lines, from the
# settings registry (src/lib/settings-rows.h); t-docs checks it is current.
man: linkmend
	{ sed '/help --roff: begin/q' docs/linkmend.1; ./linkmend help --roff; \
	  sed -n '/help --roff: end/,$$p' docs/linkmend.1; } > docs/linkmend.1+
	mv docs/linkmend.1+ docs/linkmend.1

# The main job on Debian's linux-source-6.1 in its test web: scan,
# check, resolve, series, checkpatch, git am, verify (no kernel build).
demo: deps
	$(MAKE) all
	E2E_BOOT=0 tests/kernel/e2e.sh

# The kernel end to end (tests/kernel/e2e.sh): linux-source-6.1 through
# the whole pipeline in the test web, checkpatch, git am, verify, a
# kernel built and booted in QEMU.  Artefacts in out/e2e/.
e2e: deps
	$(MAKE) all
	tests/kernel/e2e.sh

# Every release, once (issue 47; tests/kernel/releases.sh): Debian's
# linux-source-6.1, then 6.12 committed on top, in one store and one test
# web; a third of 6.1's patches applied, a third refused, a third
# pending; asserts no repeats.  About 15 minutes: not in CI.  Artefacts
# in out/releases/.
releases: deps
	$(MAKE) all
	tests/kernel/releases.sh

# The kernel's URLs checked by workers on a PostgreSQL store of its own
# (a cluster made with initdb in a temporary directory), in make e2e's
# test web: 1 worker on SQLite, 1 and 4 on PostgreSQL, verdict tables
# compared (tests/kernel/workers.sh; figures in out/e2e/workers.txt).
demo-scale: deps
	$(MAKE) all
	tests/kernel/workers.sh

# libFuzzer harnesses (tests/fuzz/), each run FUZZ_SECONDS (60).
fuzz: deps
	tests/fuzz/run.sh $(or $(FUZZ_SECONDS),60)

bench: all
	bench/scan.sh

# The libraries linkmend links, for scripts that build it another way
# (tests/fuzz/run.sh), so the list is written once.
print-pkgs:
	@echo $(PKGS)
print-lib-src:
	@echo $(LIB_SRC)

clean:
	rm -f linkmend liblinkmend.a $(LIB_OBJ) $(CMD_OBJ) $(UNIT_BIN) $(REPLAY_BIN) \
	      .build-flags $(LIB_OBJ:.o=.d) $(CMD_OBJ:.o=.d)

PREFIX ?= /usr/local
install: linkmend
	install -D -m 755 linkmend $(DESTDIR)$(PREFIX)/bin/linkmend
	install -D -m 644 docs/linkmend.1 $(DESTDIR)$(PREFIX)/share/man/man1/linkmend.1
	install -D -m 644 docs/linkmend.bash \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/linkmend
	install -D -m 644 docs/report.schema.json \
		$(DESTDIR)$(PREFIX)/share/linkmend/report.schema.json
	install -D -m 755 docs/pre-commit.sample \
		$(DESTDIR)$(PREFIX)/share/linkmend/hooks/pre-commit
	install -D -m 755 docs/pre-push.sample \
		$(DESTDIR)$(PREFIX)/share/linkmend/hooks/pre-push

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/linkmend \
	      $(DESTDIR)$(PREFIX)/share/man/man1/linkmend.1 \
	      $(DESTDIR)$(PREFIX)/share/bash-completion/completions/linkmend
	rm -rf $(DESTDIR)$(PREFIX)/share/linkmend

.PHONY: print-pkgs print-lib-src demo-scale releases all check check-only deps demo e2e bench clean install uninstall unit fuzz replayweb man
