#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Bad input never crashes the scan: a corrupt store, binary files, FIFOs,
# symlinks out of the tree, control characters in names, huge lines.
. "$(dirname "$0")/../lib/sh.sh"
T=$SCRATCH/tree
mkdir -p "$T/d" "$SCRATCH/outside"
printf 'http://outside.example.org/\n' > "$SCRATCH/outside/secret.txt"
ln -s "$SCRATCH/outside/secret.txt" "$T/d/link.txt"
ln -s "$SCRATCH/outside" "$T/dirlink"
printf '\x7fELF\x00\x00http://bin.kernel.org/\n' > "$T/d/blob.bin"
mkfifo "$T/d/fifo"
printf 'http://tab.kernel.org/\n' > "$T/d/$(printf 'a\tb')"
printf 'http://nl.kernel.org/\n' > "$T/d/$(printf 'c\nd')"
head -c 3000000 /dev/zero | tr '\0' 'x' > "$T/d/long.txt"
printf ' http://long.kernel.org/\n' >> "$T/d/long.txt"
printf 'ok http://www.kernel.org/ \xff\xfe http://bad\xff.kernel.org/\n' > "$T/d/bad-utf8.txt"

timeout 20 "$LINKMEND" scan "$T" > "$SCRATCH/out" 2> "$SCRATCH/err"
rc=$?
same "scan of a hostile tree succeeds (and a FIFO does not hang it)" "$rc" "0"
ok "symlinks are not followed out of the tree" bash -c "! grep -q outside '$SCRATCH/out'"
ok "binary files are skipped" bash -c "! grep -q bin.kernel.org '$SCRATCH/out'"
ok "the summary counts the binary file" grep -q "1 binary" "$SCRATCH/err"
ok "a tab in a path is escaped in TSV" grep -q '^d/a\\tb	1	1	http://tab.kernel.org/	text	-$' "$SCRATCH/out"
ok "a newline in a path is escaped in TSV" grep -q '^d/c\\nd	1	1	http://nl.kernel.org/	text	-$' "$SCRATCH/out"
ok "a URL after a 3 MB line prefix is found at its column" grep -q "^d/long.txt	1	3000002	http://long.kernel.org/	text	-$" "$SCRATCH/out"
ok "invalid UTF-8 ends a URL, flagged truncated where it goes on" grep -q "^d/bad-utf8.txt	1	30	http://bad	text	truncated,example$" "$SCRATCH/out"
same "every record has six fields" "$(awk -F'\t' 'NF != 6' "$SCRATCH/out" | wc -l)" "0"

printf 'this is not a database, just forty-odd bytes of text\n' > "$SCRATCH/bad.db"
"$LINKMEND" scan --db "$SCRATCH/bad.db" "$T" > /dev/null 2> "$SCRATCH/err2"
rc=$?
same "a corrupt store is refused with status 2" "$rc" "2"
ok "with a message naming it" grep -q "store '$SCRATCH/bad.db'" "$SCRATCH/err2"
ok "and no crash report" bash -c "! grep -qi 'sanitizer\|segmentation\|core dumped' '$SCRATCH/err2'"
same "in one line" "$(wc -l < "$SCRATCH/err2")" "1"
for c in check report series resolve fix archive; do
	args=(--db "$SCRATCH/bad.db")
	[ $c = series ] && args+=(-o "$SCRATCH/s")
	[ $c = archive ] && args+=(-o "$SCRATCH/a")
	"$LINKMEND" $c "${args[@]}" > /dev/null 2> "$SCRATCH/err2"
	rc=$?
	same "$c: a corrupt store, status 2 and one line naming it" \
		"$rc $(wc -l < "$SCRATCH/err2") $(grep -c "store '$SCRATCH/bad.db'" "$SCRATCH/err2")" "2 1 1"
done
same "the corrupt store is left as it was" "$(cat "$SCRATCH/bad.db")" "this is not a database, just forty-odd bytes of text"

"$LINKMEND" scan "$SCRATCH/no-such-dir" > /dev/null 2> "$SCRATCH/err3"
rc=$?
ok "a missing path is an error, not a crash" test "$rc" -ne 0 -a "$rc" -lt 129
ok "naming the path" grep -q "no-such-dir" "$SCRATCH/err3"

# A URL or path with terminal escapes is shown with them defanged.
"$LINKMEND" check --db "$SCRATCH/esc.db" "$(printf 'http://a\033[2J\033]0;pwned\007 b/')" > /dev/null 2> "$SCRATCH/esc"
ok "control bytes in messages are shown as \\xNN" grep -qF 'http://a\x1b[2J\x1b]0;pwned\x07 b/' "$SCRATCH/esc"
ok "and never reach the terminal raw" bash -c "! grep -q \$'\\033' '$SCRATCH/esc'"

# A FIFO named .linkmend.conf (a hostile tree's): refused at once, by
# name, in one line; never waited on.
F=$SCRATCH/fifotree
mkdir -p "$F"
printf '/* http://www.kernel.org/ */\n' > "$F/a.c"
"$LINKMEND" scan -q "$F" > /dev/null 2>&1
mkfifo "$F/.linkmend.conf"
for c in scan report fix; do
	args=()
	[ $c = scan ] && args=(.)
	(cd "$F" && timeout 5 "$LINKMEND" $c "${args[@]}") > /dev/null 2> "$SCRATCH/fifo.err"
	rc=$?
	same "$c: a FIFO .linkmend.conf is refused, status 2, one line naming it" \
		"$rc $(wc -l < "$SCRATCH/fifo.err") $(grep -c "$F/\?\./\?\.linkmend.conf\|\.linkmend.conf' is not a regular file" "$SCRATCH/fifo.err")" "2 1 1"
done

# A config file that is a symbolic link (a dotfile manager's) is read
# through it; a link to a FIFO is refused as the FIFO is.
rm "$F/.linkmend.conf"
mkfifo "$SCRATCH/fifo.conf"
printf '[check]\ntimeout = 7\n' > "$SCRATCH/shared.conf"
ln -s "$SCRATCH/shared.conf" "$F/.linkmend.conf"
(cd "$F" && timeout 5 "$LINKMEND" scan -q .) > /dev/null 2> "$SCRATCH/link.err"
same "a .linkmend.conf that links to a regular file is read (status 0, silent)" \
	"$? $(wc -l < "$SCRATCH/link.err")" "0 0"
printf '[check]\ntimeout = many\n' > "$SCRATCH/shared.conf"
(cd "$F" && timeout 5 "$LINKMEND" scan -q .) > /dev/null 2> "$SCRATCH/link.err"
same "(and what it holds is its settings: a bad value there is refused)" "$?" "2"
ln -sf "$SCRATCH/fifo.conf" "$F/.linkmend.conf"
(cd "$F" && timeout 5 "$LINKMEND" scan -q .) > /dev/null 2> "$SCRATCH/link.err"
same "a .linkmend.conf that links to a FIFO is refused, status 2, not waited on" \
	"$? $(grep -c 'is not a regular file' "$SCRATCH/link.err")" "2 1"
