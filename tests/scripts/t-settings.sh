#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# One settings table (src/lib/settings-rows.h, 'linkmend help config'):
# every row in it is read, each is in the man page, each is accepted by validation with a value of its kind, a
# mistyped key gets "did you mean", and the confirmation rule set once in
# .linkmend.conf is the one check, resolve and report all apply.
. "$(dirname "$0")/../lib/sh.sh"
SRC=$TESTS/../src
MAN=$TESTS/../docs/linkmend.1
export XDG_CONFIG_HOME=$SCRATCH/xdg

"$LINKMEND" help config > "$SCRATCH/help"
same "help config exits 0" "$?" "0"
# "[section] key" and "[section \"NAME\"] key" headings.
sed -n 's/^\[\([a-z-]*\)\( "NAME"\)\?\] \([a-z-]*\)$/\1 \3/p' "$SCRATCH/help" |
	sort -u > "$SCRATCH/table"
ok "the table lists settings (the setup works)" test "$(wc -l < "$SCRATCH/table")" -gt 10

# A read names a typed id (enum setting_id): a key not in the table does
# not compile.  The other way, each row is read somewhere, by its id or
# its option (OPT_SETTING).
unread=
for id in $(sed -n 's/^#define SETTING_ROW_\([A-Z_]*\)(X, a).*/\1/p' "$SRC/lib/settings-rows.h"); do
	grep -rqE "SETTING_$id\b|OPT_SETTING\($id," "$SRC" --include=*.c --include=*.h \
		--exclude=settings.c --exclude=settings-rows.h || unread="$unread $id"
done
ok "the rows are found (the setup works)" grep -q "SETTING_ROW_CHECK_CONFIRM" "$SRC/lib/settings-rows.h"
same "every row of the table is read by the code" "$unread" ""
# (That each default is its option's in --help, help config and the man
# page is tests/unit/test-settings.c's.)

# The man page's CONFIGURATION section names each one.
sed -n '/^\.SH CONFIGURATION/,/^\.SH ENVIRONMENT/p' "$MAN" | sed 's/\\-/-/g' > "$SCRATCH/man"
missing=
while read -r section key; do
	grep -q "\[$section" "$SCRATCH/man" && grep -qE "(^|[^a-z-])$key( |$|\\\\| =)" "$SCRATCH/man" ||
		missing="$missing [$section] $key"
done < "$SCRATCH/table"
same "every setting is in the man page's CONFIGURATION" "$missing" ""

# Each accepted, with a value of its kind, where it may be set.
T=$SCRATCH/t
mkdir -p "$T" "$XDG_CONFIG_HOME/linkmend"
echo "see https://www.kernel.org/doc/" > "$T/README"
about() {	# about SECTION KEY: its help and details, on one line
	awk -v h="[$1] $2" -v s="[$1 \"NAME\"] $2" '
		$0 == h || $0 == s { on = 1; next } on && /^$/ { exit }
		on { sub(/^ */, ""); printf "%s ", $0 }' "$SCRATCH/help"
}
value() {	# value SECTION KEY: a valid value for it
	case "$1 $2" in
	"host accept") echo "403, 429" ;;
	"report source-url") echo "https://git.example.org/{path}#n{line}" ;;
	"store url") echo "$SCRATCH/elsewhere.db" ;;
	"check proxy"|"resolve wayback"|"resolve memento") echo "http://127.0.0.1:9/" ;;
	*) if about "$1" "$2" | grep -q ' [0-9]* to [0-9]*'; then
		about "$1" "$2" | sed 's/.* \([0-9]*\) to .*/\1/'
	   else
		echo "x*"
	   fi ;;
	esac
}
: > "$T/.linkmend.conf"
: > "$XDG_CONFIG_HOME/linkmend/config"
while read -r section key; do
	head=$section
	grep -qx "\[$section \"NAME\"\] $key" "$SCRATCH/help" && head="$section \"n\""
	if about "$section" "$key" | grep -q "user only"; then
		f=$XDG_CONFIG_HOME/linkmend/config
	else
		f=$T/.linkmend.conf
	fi
	printf '[%s]\n\t%s = %s\n' "$head" "$key" "$(value "$section" "$key")" >> "$f"
done < "$SCRATCH/table"
cd "$T" || exit 1
"$LINKMEND" scan -q --no-output --db "$SCRATCH/s.db" . > "$SCRATCH/out" 2>&1
same "every setting is accepted where it may be set" "$?:$(cat "$SCRATCH/out")" "0:"
: > "$XDG_CONFIG_HOME/linkmend/config"	# the store in the tree again

# A mistyped key: the one meant is named.
printf '[check]\n\tconfrim = 5\n' > "$T/.linkmend.conf"
"$LINKMEND" scan -q --no-output --db "$SCRATCH/s.db" . > /dev/null 2> "$SCRATCH/err"
same "a mistyped key is refused" "$?" "2"
ok "and the one meant is named" grep -q "unknown setting \[check\] confrim; did you mean \[check\] confirm?" "$SCRATCH/err"
printf '[chek]\n\tconfirm = 5\n' > "$T/.linkmend.conf"
"$LINKMEND" scan -q --no-output --db "$SCRATCH/s.db" . > /dev/null 2> "$SCRATCH/err"
ok "so is a mistyped section" grep -q "did you mean \[check\] confirm?" "$SCRATCH/err"

# The confirmation rule, once in .linkmend.conf: confirm = 5.  Three
# failed checks four days apart: dead by the default rule, failing by
# the tree's, in check, resolve and report alike.
web_up "$TESTS/web/cases/resolve.scn"
NET=(--cacert "$state/ca.crt" --allow-private --timeout 2)
repo() {	# repo DIR: a git tree citing one gone URL, and cd there
	mkdir -p "$1"
	cd "$1" || exit 1
	git init -q . && git config user.email dev@linkmend-web.org &&
		git config user.name dev
	echo "/* Doc: http://gone.linkmend-web.org/doc */" > a.c
	git add -A && git commit -qm init
}
repo "$SCRATCH/r"
"$LINKMEND" scan -q . > /dev/null
for day in 0 4 8; do
	LINKMEND_NOW=$((1700000000 + day * 86400)) run "$LINKMEND" check -q "${NET[@]}" > /dev/null 2>&1
done
export LINKMEND_NOW=$((1700000000 + 9 * 86400))
state_of() {	# the report's state of the link
	"$LINKMEND" report --format json -o - 2> /dev/null |
		python3 -c 'import json,sys; print(sorted({l["state"] for l in json.load(sys.stdin)["links"]}))'
}
same "without a setting, three failures are dead (the setup works)" "$(state_of)" "['unresolved']"
printf '[check]\n\tconfirm = 5\n' > .linkmend.conf
same "with [check] confirm = 5, report says failing" "$(state_of)" "['failing']"
run "$LINKMEND" resolve "${NET[@]}" --wayback https://web.archive.org > "$SCRATCH/res" 2>&1
same "resolve finds nothing dead to resolve" "$(grep -c 'gone.linkmend-web.org/doc' "$SCRATCH/res")" "0"
LINKMEND_NOW=$((1700000000 + 12 * 86400)) run "$LINKMEND" check "${NET[@]}" > /dev/null 2> "$SCRATCH/chk"
ok "check says the link waits for confirmation (4 of 5)" grep -q "wait.* for confirmation (5 failed checks" "$SCRATCH/chk"
same "--confirm 3 on the command line wins over the file" \
	"$("$LINKMEND" report --confirm 3 --format json -o - 2> /dev/null |
	   python3 -c 'import json,sys; print(sorted({l["state"] for l in json.load(sys.stdin)["links"]}))')" \
	"['unresolved']"
run "$LINKMEND" resolve "${NET[@]}" --confirm 3 --wayback https://web.archive.org > "$SCRATCH/res3" 2>&1
ok "and resolve --confirm 3 resolves it (so the setting made the difference)" \
	grep -q "gone.linkmend-web.org/doc" "$SCRATCH/res3"

# run passes each option to the stages that take it: --no-git to scan,
# --confirm to check and resolve.
repo "$SCRATCH/r3"
"$LINKMEND" scan -q . > /dev/null
for day in 0 4 8; do
	LINKMEND_NOW=$((1700000000 + day * 86400)) run "$LINKMEND" check -q "${NET[@]}" > /dev/null 2>&1
done
resolved() { sqlite3 .linkmend/linkmend.db "select count(*) from resolution"; }
run "$LINKMEND" run . -o "$SCRATCH/o5" --no-git --confirm 5 "${NET[@]}" -q > "$SCRATCH/run5" 2>&1
same "run takes scan's --no-git and --confirm 5" "$?" "0"
same "and resolve, given --confirm 5, finds nothing dead" "$(resolved)" "0"
run "$LINKMEND" run . -o "$SCRATCH/o3" --no-git --confirm 3 "${NET[@]}" -q > /dev/null 2>&1
same "with --confirm 3 it resolves the link (the setup works)" "$(resolved)" "1"

# [store] url of the user's own file: run keeps its store there, as scan
# does, not in the tree.
repo "$SCRATCH/r2"
printf '[store]\n\turl = %s\n' "$SCRATCH/mine.db" > "$XDG_CONFIG_HOME/linkmend/config"
run "$LINKMEND" run . -o "$SCRATCH/series" "${NET[@]}" -q > /dev/null 2>&1
same "run with [store] url keeps the store there" \
	"$(sqlite3 "$SCRATCH/mine.db" 'select path from occurrence' 2>&1)" "a.c"
ok "and makes none in the tree" test ! -e "$SCRATCH/r2/.linkmend/linkmend.db"
