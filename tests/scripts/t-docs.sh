#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The documentation tells the truth about the program: every command has
# its section in linkmend(1) and every option its mention; the man page
# renders without warnings; bash completion offers the commands and each
# command's options; make install puts everything under DESTDIR/PREFIX.
. "$(dirname "$0")/../lib/sh.sh"
ROOT=$(cd "$TESTS/.." && pwd)
MAN=$ROOT/docs/linkmend.1
cmds=$("$LINKMEND" help | sed -n 's/^   \([a-z][a-z-]*\)  .*/\1/p')
same "linkmend --version" "$("$LINKMEND" --version)" "linkmend 0.1"
missing=
for c in $cmds; do
	up=$(echo "$c" | tr a-z A-Z)
	grep -q "^\.SH LINKMEND $up\$" "$MAN" || missing="$missing $c"
done
same "every command has its section in linkmend(1)" "$missing" ""
# The option list of each command's section: "--opt<TAB>its entry's text"
# for each .TP entry naming one, roff escapes taken out.
man_entries() {
	awk -v sec=".SH LINKMEND $(echo "$1" | tr a-z A-Z)" '
		function flush() { if (names != "") { n = split(names, a, " ");
			for (i = 1; i <= n; i++) print a[i] "\t" text }
			names = ""; text = "" }
		$0 == sec { on = 1; next }
		/^\.SH / { if (on) flush(); on = 0 }
		!on { next }
		tp { flush(); line = $0
			while (match(line, /\\-\\-[a-z][a-z\\-]*/)) {
				o = substr(line, RSTART, RLENGTH); gsub(/\\/, "", o)
				names = names " " o; line = substr(line, RSTART + RLENGTH) }
			tp = 0; next }
		/^\.(TP|PP|SS|P|IP)/ { flush() }
		$0 == ".TP" { tp = 1; next }
		names != "" { t = $0; gsub(/\\f[BIRP]|\\&|\\e/, "", t); gsub(/\\-/, "-", t)
			sub(/^\.[A-Z]+ /, "", t); gsub(/"/, "", t); text = text " " t }
	' "$MAN"
}
# The options --help lists, whether run forwards it to stages and the
# default it shows: "--opt<TAB>0|1<TAB>default".
help_entries() {
	"$LINKMEND" "$1" --help | awk '
		function flush() { if (o != "") { d = ""
			if (match(t, /\(default [^)]*(\([^)]*\))?[^)]*\)$/))
				d = substr(t, RSTART + 9, RLENGTH - 10)
			print o "\t" (t ~ /\[[a-z, ]*\]( \(default.*\))?$/) "\t" d } o = "" }
		/^    -/ { flush(); match($0, /--[a-z][a-z-]*/); o = substr($0, RSTART, RLENGTH)
			t = $0; next }
		/^                         / && o != "" { t = t " " substr($0, 26); next }
		{ flush() }
		END { flush() }'
}
missing= extra= nodefault=
for c in $cmds; do
	man_entries "$c" > "$SCRATCH/man.$c"
	help_entries "$c" > "$SCRATCH/help.$c"
	cut -f1 "$SCRATCH/man.$c" | sort -u > "$SCRATCH/m"
	cut -f1 "$SCRATCH/help.$c" | sort -u > "$SCRATCH/h"
	# run's list is generated from the stages': its section names its own.
	[ "$c" = run ] && awk -F'\t' '$2 == 0 { print $1 }' "$SCRATCH/help.$c" |
		sort -u > "$SCRATCH/h"
	for o in $(comm -23 "$SCRATCH/h" "$SCRATCH/m"); do missing="$missing $c:$o"; done
	for o in $(comm -13 "$SCRATCH/h" "$SCRATCH/m"); do
		grep -q "^$o	" "$SCRATCH/help.$c" || extra="$extra $c:$o"
	done
	while IFS=$'\t' read -r o _ d; do
		[ -n "$d" ] && grep "^$o	" "$SCRATCH/man.$c" | grep -qF -- "$d" ||
			{ [ -n "$d" ] && grep -q "^$o	" "$SCRATCH/man.$c" &&
			  nodefault="$nodefault $c:$o=$d"; }
	done < "$SCRATCH/help.$c"
done
same "every option --help lists has its entry in its command's section of linkmend(1)" "$missing" ""
same "linkmend(1) lists no option a command does not take" "$extra" ""
same "each default --help shows is the one linkmend(1) gives" "$nodefault" ""
if command -v groff > /dev/null; then
	same "the man page renders without warnings" "$(groff -man -ww -z "$MAN" 2>&1)" ""
fi

# Completion, with this linkmend first on PATH.
mkdir -p "$SCRATCH/bin"
ln -s "$LINKMEND" "$SCRATCH/bin/linkmend"
complete_() {	# complete_ WORD...: what <TAB> after the last word offers
	PATH=$SCRATCH/bin:$PATH bash -c '
		. "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_linkmend; printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' \
		_ "$ROOT/docs/linkmend.bash" "$@"
}
same "completion offers the commands" "$(complete_ linkmend re)" "refuse report resolve "
same "completion offers a command's options" "$(complete_ linkmend diff --c)" "--cacert --cached --color "
same "completion offers a format's values" "$(complete_ linkmend report --format=s)" "--format=sarif "
same "help completes command names" "$(complete_ linkmend help ve)" "verify "

# make install, with the flags the binary under test was built with: a
# change of flags rebuilds everything, and a plain rebuild here would
# swap the sanitizer build's binary under the scripts that run beside
# or after this one (t-workers then ran valgrind on a half-written one).
flags=()
grep -q fsanitize "$ROOT/.build-flags" 2>/dev/null && flags=(SANITIZE=1)
before=$(stat -c %Y "$ROOT/linkmend")
make -s -C "$ROOT" "${flags[@]}" install DESTDIR="$SCRATCH/dest" PREFIX=/usr > "$SCRATCH/inst" 2>&1
same "make install succeeds" "$?" "0"
same "and leaves the binary under test as it was" \
	"$(stat -c %Y "$ROOT/linkmend")" "$before"
for f in bin/linkmend share/man/man1/linkmend.1 \
	 share/bash-completion/completions/linkmend \
	 share/linkmend/report.schema.json share/linkmend/hooks/pre-commit; do
	ok "make install puts $f under DESTDIR/PREFIX" test -s "$SCRATCH/dest/usr/$f"
done
same "the installed program runs" "$("$SCRATCH/dest/usr/bin/linkmend" --version)" "linkmend 0.1"

# What fix writes by default, as the README says it: an http to https
# upgrade exists only when resolve was given --upgrade.
para=$(awk '/^By default only what a maintainer takes/ { on = 1 } on && /^$/ { exit } on' "$ROOT/README.md")
ok "the README says http links are upgraded only with resolve --upgrade" \
	grep -q -- '`resolve --upgrade`' <<< "$para"
