#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The store makes a rescan incremental: an unchanged file (same size and
# mtime) is not read again, yet its occurrences are still printed; changed,
# new and deleted files are noticed.
. "$(dirname "$0")/../lib/sh.sh"
T=$SCRATCH/tree
mkdir -p "$T/drivers/usb" "$T/fs"
printf '/* http://www.linux-usb.org/ */\n' > "$T/drivers/usb/a.c"
printf '# http://www.kernel.org/\n' > "$T/fs/Makefile"
printf 'no links here\n' > "$T/fs/b.c"

"$LINKMEND" scan "$T" > "$SCRATCH/out1" 2> "$SCRATCH/err1"
ok "first scan succeeds" test $? -eq 0
ok "store created beside the tree" test -f "$T/.linkmend/linkmend.db"
same "store directory keeps itself out of git" "$(cat "$T/.linkmend/.gitignore")" "*"
ok "first scan reads every file" grep -q "3 files (3 read, 0 unchanged" "$SCRATCH/err1"

"$LINKMEND" scan "$T" > "$SCRATCH/out2" 2> "$SCRATCH/err2"
ok "rescan reads no unchanged file" grep -q "3 files (0 read, 3 unchanged" "$SCRATCH/err2"
ok "rescan prints the same records" cmp -s "$SCRATCH/out1" "$SCRATCH/out2"

# Same size, same mtime, other bytes: proof that the file was not read.
cp -p "$T/drivers/usb/a.c" "$SCRATCH/a.c.orig"
printf '/* http://www.linux-usb.org/X */\n' | head -c "$(stat -c %s "$T/drivers/usb/a.c")" > "$T/drivers/usb/a.c"
touch -r "$SCRATCH/a.c.orig" "$T/drivers/usb/a.c"
"$LINKMEND" scan "$T" > "$SCRATCH/out3" 2>/dev/null
ok "a file with unchanged size and mtime is not reread" cmp -s "$SCRATCH/out1" "$SCRATCH/out3"

printf '/* https://www.linux-usb.org/new/ */\n' > "$T/drivers/usb/a.c"
touch -d '2001-01-01' "$T/drivers/usb/a.c"
"$LINKMEND" scan "$T" > "$SCRATCH/out4" 2> "$SCRATCH/err4"
ok "a changed file is reread" grep -q "(1 read, 2 unchanged" "$SCRATCH/err4"
ok "its new URL is printed" grep -q "https://www.linux-usb.org/new/" "$SCRATCH/out4"
ok "its old URL is gone" bash -c "! grep -q 'http://www.linux-usb.org/	' '$SCRATCH/out4'"

rm "$T/fs/Makefile"
printf 'see https://lwn.net/\n' > "$T/fs/README"
"$LINKMEND" scan "$T" > "$SCRATCH/out5" 2>/dev/null
ok "a deleted file's URLs are forgotten" bash -c "! grep -q www.kernel.org '$SCRATCH/out5'"
ok "a new file's URLs appear" grep -q "^fs/README	1	5	https://lwn.net/	text	https$" "$SCRATCH/out5"

# A scan of a subdirectory reports and updates only that part.
printf '# http://www.kernel.org/fs/\n' > "$T/fs/Kconfig"
"$LINKMEND" scan --root "$T" "$T/fs" > "$SCRATCH/out6" 2> "$SCRATCH/err6"
same "a subdirectory scan lists only its files" "$(cut -f1 "$SCRATCH/out6" | sort -u | tr '\n' ' ')" "fs/Kconfig fs/README "
"$LINKMEND" scan "$T" > "$SCRATCH/out7" 2> "$SCRATCH/err7"
ok "the rest of the tree is kept by a subdirectory scan" grep -q "linux-usb.org/new" "$SCRATCH/out7"
ok "and nothing is reread afterwards" grep -q "(0 read, 4 unchanged" "$SCRATCH/err7"

"$LINKMEND" scan --all-schemes "$T" > /dev/null 2> "$SCRATCH/err8"
ok "other options redo the scan" grep -q "(4 read, 0 unchanged" "$SCRATCH/err8"

"$LINKMEND" scan --db "$SCRATCH/other.db" "$T" > /dev/null 2>&1
ok "--db puts the store elsewhere" test -f "$SCRATCH/other.db"
same "the store holds one url row per unique URL" "$(sqlite3 "$SCRATCH/other.db" 'select count(*) from url')" "3"
same "and one occurrence row per occurrence" "$(sqlite3 "$SCRATCH/other.db" 'select count(*) from occurrence')" "3"

# Only scan makes a store: another command given a missing one says so
# and makes nothing (no directory, no file).
"$LINKMEND" resolve --db "$SCRATCH/missing/x.db" > /dev/null 2> "$SCRATCH/miss"
same "resolve of a missing store exits 2" "$?" "2"
ok "naming the store" grep -q "cannot open the store '$SCRATCH/missing/x.db'" "$SCRATCH/miss"
ok "and creating no directory" test ! -e "$SCRATCH/missing"
"$LINKMEND" check --db "$SCRATCH/missing/x.db" http://x.invalid/ > /dev/null 2> "$SCRATCH/miss2"
same "check of URLs into a store in a missing directory exits 2" "$?" "2"
ok "and still creates no directory" test ! -e "$SCRATCH/missing"

# Stores an older linkmend wrote are migrated: tests/store/schema2.sql
# is a store as d5aae59 wrote it (schema 2), and schema 1 is made from it
# as schema 1 stood (flags kept as names, no resolution.edit).
old_store() {	# old_store DIR: DIR/a.txt and its schema-2 store
	mkdir -p "$1/.linkmend"
	printf '# https://www.kernel.org/doc/ and http://www.kernel.org/\n' > "$1/a.txt"
	sqlite3 "$1/.linkmend/linkmend.db" < "$TESTS/store/schema2.sql"
	sqlite3 "$1/.linkmend/linkmend.db" "UPDATE meta SET value = '$1' WHERE key = 'root'"
}
M=$SCRATCH/mig
old_store "$M"
DB=$M/.linkmend/linkmend.db
sqlite3 "$DB" "UPDATE occurrence SET flags = CASE flags WHEN 0 THEN '-' ELSE 'https' END; ALTER TABLE resolution DROP COLUMN edit; UPDATE meta SET value = '1' WHERE key = 'schema'"
same "the schema-1 store holds flags as names, no edits (the setup works)" \
	"$(sqlite3 "$DB" "SELECT group_concat(flags, ' ') FROM (SELECT flags FROM occurrence WHERE typeof(flags) = 'text' ORDER BY start)")" "https -"
"$LINKMEND" scan "$M" > "$SCRATCH/mig2" 2>/dev/null
same "after the migration the flags are bits" \
	"$(sqlite3 "$DB" "SELECT group_concat(flags, ' ') FROM (SELECT flags FROM occurrence WHERE typeof(flags) = 'integer' ORDER BY start)")" "16 0"
same "and the store says schema 8" "$(sqlite3 "$DB" "SELECT value FROM meta WHERE key = 'schema'")" "8"
same "with owner and purpose columns on its occurrences" \
	"$(sqlite3 "$DB" "SELECT count(*) FROM pragma_table_info('occurrence') WHERE name IN ('owner', 'owner_why', 'purpose', 'purpose_why')")" "4"
same "resolutions have their edit column again" "$(sqlite3 "$DB" "SELECT count(*) FROM pragma_table_info('resolution') WHERE name = 'edit'")" "1"
ok "and the scan prints what the old build printed" cmp -s "$TESTS/store/schema2.scan" "$SCRATCH/mig2"

M2=$SCRATCH/mig-two
old_store "$M2"
DB=$M2/.linkmend/linkmend.db
same "a schema-2 store has no tree table (the setup works)" \
	"$(sqlite3 "$DB" "SELECT count(*) FROM sqlite_master WHERE name = 'tree'")" "0"
"$LINKMEND" report --db "$DB" --format=json -o "$SCRATCH/mig2.json" 2> "$SCRATCH/mig2.err"
same "report reads a schema-2 store after migrating it" "$?" "0"
same "its one tree is named after its directory" "$(sqlite3 "$DB" "SELECT id, name, root FROM tree")" "1|mig-two|$M2"
same "its occurrences, resolution and directory rows are the tree's" \
	"$(sqlite3 "$DB" "SELECT (SELECT count(*) FROM occurrence WHERE tree_id = 1), (SELECT count(*) FROM resolution WHERE tree_id = 1), (SELECT count(*) FROM dir WHERE tree_id = 1)")" "2|1|1"
same "its settings are the tree's" "$(sqlite3 "$DB" "SELECT value FROM meta WHERE key = 'tree/1/root'")" "$M2"
same "its checks are kept" "$(sqlite3 "$DB" "SELECT verdict FROM checks")" "alive"
"$LINKMEND" scan "$M2" > "$SCRATCH/mig3" 2>/dev/null
ok "and a scan prints what the old build printed" cmp -s "$TESTS/store/schema2.scan" "$SCRATCH/mig3"
same "into the same tree" "$(sqlite3 "$DB" "SELECT count(*) FROM tree")" "1"

# Schema 3 to 4: tests/store/schema3.sql is a store as ce5eab2 wrote it.
M3=$SCRATCH/mig-three
mkdir -p "$M3/.linkmend"
printf '# https://www.kernel.org/doc/ and http://www.kernel.org/\n' > "$M3/a.txt"
DB=$M3/.linkmend/linkmend.db
sqlite3 "$DB" < "$TESTS/store/schema3.sql"
sqlite3 "$DB" "UPDATE meta SET value = '$M3' WHERE key = 'tree/1/root'; UPDATE tree SET root = '$M3'"
same "a schema-3 store's hosts have no resolve_s (the setup works)" \
	"$(sqlite3 "$DB" "SELECT count(*) FROM pragma_table_info('host') WHERE name = 'resolve_s'")" "0"
"$LINKMEND" report --db "$DB" --format=json -o "$SCRATCH/mig4.json" 2> "$SCRATCH/mig4.err"
same "report reads a schema-3 store after migrating it" "$?" "0"
same "which says schema 8" "$(sqlite3 "$DB" "SELECT value FROM meta WHERE key = 'schema'")" "8"
same "its occurrences gain owner, owner_why, purpose, purpose_why" \
	"$(sqlite3 "$DB" "SELECT count(*) FROM pragma_table_info('occurrence') WHERE name IN ('owner', 'owner_why', 'purpose', 'purpose_why')")" "4"
same "its host keeps its last request and due time, resolve and turns added" \
	"$(sqlite3 "$DB" "SELECT host, last_ms, next_s, resolve_s, archive_s, turn_by IS NULL, turn_ms FROM host")" \
	"www.kernel.org|1700000000123|1700086400|0|0|1|0"
same "and its resolution and check stay" \
	"$(sqlite3 "$DB" "SELECT (SELECT count(*) FROM resolution), (SELECT count(*) FROM checks)")" "1|1"

# Schema 5 to 6: tests/store/schema5.sql is a store as 42d91c9 wrote it;
# it gains the fate and refusal tables, its rows kept.
M5=$SCRATCH/mig-five
mkdir -p "$M5/.linkmend"
printf '# https://www.kernel.org/doc/ and http://www.kernel.org/\n' > "$M5/a.txt"
DB=$M5/.linkmend/linkmend.db
sqlite3 "$DB" < "$TESTS/store/schema5.sql"
sqlite3 "$DB" "UPDATE meta SET value = '$M5' WHERE key = 'tree/1/root'; UPDATE tree SET root = '$M5', name = 'mig-five'"
same "a schema-5 store has no fate or refusal table (the setup works)" \
	"$(sqlite3 "$DB" "SELECT count(*) FROM sqlite_master WHERE name IN ('fate', 'refusal')"):$(sqlite3 "$DB" "SELECT value FROM meta WHERE key = 'schema'")" "0:5"
"$LINKMEND" report --db "$DB" --format=json -o "$SCRATCH/mig5.json" 2> "$SCRATCH/mig5.err"
same "report reads a schema-5 store after migrating it" "$?" "0"
same "which says schema 8" "$(sqlite3 "$DB" "SELECT value FROM meta WHERE key = 'schema'")" "8"
same "and has the fate and refusal tables" \
	"$(sqlite3 "$DB" "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('fate', 'refusal')")" "2"
same "its occurrences, resolution and checks stay" \
	"$(sqlite3 "$DB" "SELECT (SELECT count(*) FROM occurrence), (SELECT count(*) FROM resolution), (SELECT count(*) FROM checks)")" "2|1|2"
"$LINKMEND" refuse --db "$DB" -q --reason "kept as the text has it" --file a.txt --to https://www.kernel.org/ http://www.kernel.org/
same "the migrated store takes a refusal" "$?:$(sqlite3 "$DB" "SELECT path, old_url, new_url, reason FROM refusal")" \
	"0:a.txt|http://www.kernel.org/|https://www.kernel.org/|kept as the text has it"
"$LINKMEND" scan -q "$M5" > /dev/null 2>&1
same "and a scan of it keeps it" "$(sqlite3 "$DB" "SELECT count(*) FROM refusal")" "1"

# Schema 6 to 8: the store above as schema 6 stood (no host_answer, no
# routing); it gains both tables, its refusal kept.
same "the store migrated from 5 keeps answers too" \
	"$(sqlite3 "$DB" "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'routing'")" "1"
sqlite3 "$DB" "DROP TABLE host_answer; DROP TABLE routing; UPDATE meta SET value = '6' WHERE key = 'schema'"
"$LINKMEND" report --db "$DB" --format=json -o "$SCRATCH/mig6.json" 2> "$SCRATCH/mig6.err"
same "report reads a schema-6 store after migrating it" "$?" "0"
same "which says schema 8, has the host_answer and routing tables and keeps its refusal" \
	"$(sqlite3 "$DB" "SELECT value FROM meta WHERE key = 'schema'"):$(sqlite3 "$DB" "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('host_answer', 'routing')"):$(sqlite3 "$DB" "SELECT count(*) FROM refusal")" "8:2:1"
# Schema 7 to 8: host_answer kept (a row of it too), routing made.
sqlite3 "$DB" "INSERT INTO host_answer VALUES ('http://a.org', 'root', 1, 200, NULL, NULL); DROP TABLE routing; UPDATE meta SET value = '7' WHERE key = 'schema'"
"$LINKMEND" report --db "$DB" --format=json -o "$SCRATCH/mig7.json" 2> "$SCRATCH/mig7.err"
same "report reads a schema-7 store after migrating it" "$?" "0"
same "which says schema 8, has routing and keeps its host answer" \
	"$(sqlite3 "$DB" "SELECT value FROM meta WHERE key = 'schema'"):$(sqlite3 "$DB" "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'routing'"):$(sqlite3 "$DB" "SELECT count(*) FROM host_answer")" "8:1:1"

# A store copied with its tree acts on the copy only: fix in B must not
# write A's files (it did: the store named A as its root).
A=$SCRATCH/treeA
mkdir -p "$A"
printf '/* http://moved.linkmend-web.org/old */\n' > "$A/a.c"
"$LINKMEND" scan -q "$A" > /dev/null
sqlite3 "$A/.linkmend/linkmend.db" "INSERT INTO resolution (tree_id, url_id, path, start, kind, replacement, edit, evidence, at) SELECT o.tree_id, o.url_id, o.path, o.start, 'moved', 'https://moved.linkmend-web.org/new', 'https://moved.linkmend-web.org/new', 'a test', 1700000000 FROM occurrence o"
(cd "$A" && "$LINKMEND" fix --dry-run -q) > "$SCRATCH/dryA" 2>&1
ok "fix in the tree itself would write it (the setup works)" grep -q '^+/\* https://moved.linkmend-web.org/new \*/' "$SCRATCH/dryA"
cp -a "$A" "$SCRATCH/treeB"
(cd "$SCRATCH/treeB" && "$LINKMEND" fix) > "$SCRATCH/fixB" 2>&1
same "fix in a copy refuses" "$?" "2"
same "in one line naming both trees" "$(cat "$SCRATCH/fixB")" \
	"fatal: the store '$SCRATCH/treeB/.linkmend/linkmend.db' belongs to the tree '$A', not to '$SCRATCH/treeB' where it stands (a copy?): run 'linkmend scan' here to make it this tree's"
ok "and the original is untouched" grep -q '^/\* http://moved.linkmend-web.org/old \*/$' "$A/a.c"
(cd "$SCRATCH/treeB" && "$LINKMEND" scan -q . > /dev/null && "$LINKMEND" fix --dry-run -q) > "$SCRATCH/dryB" 2>&1
ok "after a scan there the copy is its own tree" bash -c "grep -q 'treeB\|a.c' '$SCRATCH/dryB' || [ ! -s '$SCRATCH/dryB' ]"

# A file name with a terminal escape reaches fix --dry-run's output only
# escaped.
E=$SCRATCH/esc
mkdir -p "$E"
printf '/* http://moved.linkmend-web.org/old */\n' > "$E/$(printf 'e\033[31mvil.c')"
"$LINKMEND" scan -q "$E" > /dev/null
sqlite3 "$E/.linkmend/linkmend.db" "INSERT INTO resolution (tree_id, url_id, path, start, kind, replacement, edit, evidence, at) SELECT o.tree_id, o.url_id, o.path, o.start, 'moved', 'https://moved.linkmend-web.org/new', 'https://moved.linkmend-web.org/new', 'a test', 1700000000 FROM occurrence o"
(cd "$E" && "$LINKMEND" fix --dry-run) > "$SCRATCH/dryE" 2>&1
ok "fix --dry-run shows the edit (the setup works)" grep -q '^+/\* https://moved.linkmend-web.org/new' "$SCRATCH/dryE"
ok "with the file's name escaped: no ESC byte" bash -c "! grep -q \$'\\033' '$SCRATCH/dryE' && grep -qF 'e\\x1b[31mvil.c' '$SCRATCH/dryE'"

# A check whose verdict this linkmend does not know (a newer linkmend's, or
# a damaged row) is an error naming it, never a verdict guessed or a row
# dropped.
V=$SCRATCH/verdict
mkdir -p "$V"
printf '/* http://moved.linkmend-web.org/old */\n' > "$V/a.c"
"$LINKMEND" scan -q "$V" > /dev/null
sqlite3 "$V/.linkmend/linkmend.db" "INSERT INTO checks (url_id, at, verdict, status, curl_code, chain, detail, digest, ms) SELECT id, 1700000000, 'gone', 404, 0, '', 'HTTP 404', '', 5 FROM url"
(cd "$V" && "$LINKMEND" report --format json -o - > /dev/null 2> "$SCRATCH/rv0")
same "report reads a known verdict (the setup works)" "$?" "0"
sqlite3 "$V/.linkmend/linkmend.db" "UPDATE checks SET verdict = 'vanished'"
(cd "$V" && "$LINKMEND" report --format json -o - > /dev/null 2> "$SCRATCH/rv")
same "an unknown verdict stops report" "$?" "2"
ok "with an error naming it" grep -q "error: the store holds a check of URL [0-9]* with the verdict 'vanished', which this linkmend does not know" "$SCRATCH/rv"

# The same for a resolution's kind and an occurrence's context: words
# cross the store as enums, and one misspelt ('archvied') is refused.
sqlite3 "$V/.linkmend/linkmend.db" "UPDATE checks SET verdict = 'gone'"
sqlite3 "$V/.linkmend/linkmend.db" "INSERT INTO resolution (tree_id, url_id, path, start, kind, replacement, edit, evidence, at) SELECT o.tree_id, o.url_id, o.path, o.start, 'archived', 'https://web.archive.org/web/2010/x', NULL, 'a test', 1700000000 FROM occurrence o"
(cd "$V" && "$LINKMEND" fix --dry-run --archived > /dev/null 2> "$SCRATCH/rk0")
same "fix reads a known kind (the setup works)" "$?" "0"
sqlite3 "$V/.linkmend/linkmend.db" "UPDATE resolution SET kind = 'archvied'"
(cd "$V" && "$LINKMEND" fix --dry-run --archived > /dev/null 2> "$SCRATCH/rk")
ok "an unknown kind stops fix, naming it" grep -q "error: the store holds a resolution of the kind 'archvied', which this linkmend does not know" "$SCRATCH/rk"
sqlite3 "$V/.linkmend/linkmend.db" "UPDATE resolution SET kind = 'archived'; UPDATE occurrence SET context = 'c-coment'"
(cd "$V" && "$LINKMEND" report --format json -o - > /dev/null 2> "$SCRATCH/rc")
same "an unknown context stops report" "$?" "2"
ok "with an error naming it" grep -q "error: the store holds an occurrence in the context 'c-coment', which this linkmend does not know" "$SCRATCH/rc"
