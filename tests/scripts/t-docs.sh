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
missing=
for c in $cmds; do
	for o in $("$LINKMEND" "$c" --help | grep -o -- '--[a-z][a-z-]*' | sort -u); do
		esc=$(printf '%s' "$o" | sed 's/-/\\\\-/g')
		grep -q -- "$esc" "$MAN" || missing="$missing $c:$o"
	done
done
same "every option of every command is in linkmend(1)" "$missing" ""
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
same "completion offers the commands" "$(complete_ linkmend re)" "report resolve "
same "completion offers a command's options" "$(complete_ linkmend diff --c)" "--cacert --cached --color= "
same "completion offers a format's values" "$(complete_ linkmend report --format=s)" "--format=sarif "
same "help completes command names" "$(complete_ linkmend help ve)" "verify "

# make install
make -s -C "$ROOT" install DESTDIR="$SCRATCH/dest" PREFIX=/usr > "$SCRATCH/inst" 2>&1
same "make install succeeds" "$?" "0"
for f in bin/linkmend share/man/man1/linkmend.1 \
	 share/bash-completion/completions/linkmend \
	 share/linkmend/report.schema.json share/linkmend/hooks/pre-commit; do
	ok "make install puts $f under DESTDIR/PREFIX" test -s "$SCRATCH/dest/usr/$f"
done
same "the installed program runs" "$("$SCRATCH/dest/usr/bin/linkmend" --version)" "linkmend 0.1"
