#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The command line: help for every command, JSON output equal to TSV.
. "$(dirname "$0")/../lib/sh.sh"
"$LINKMEND" help > "$SCRATCH/h" 2>&1
ok "linkmend help lists scan" grep -q "^   scan " "$SCRATCH/h"
"$LINKMEND" help scan > "$SCRATCH/h2" 2>&1
ok "linkmend help scan shows its usage" grep -q "^usage: linkmend scan" "$SCRATCH/h2"
"$LINKMEND" scan --help > "$SCRATCH/h3" 2>&1
ok "scan --help is the same text" cmp -s "$SCRATCH/h2" "$SCRATCH/h3"
"$LINKMEND" frobnicate > /dev/null 2>&1
same "an unknown command exits 129" "$?" "129"
"$LINKMEND" scan --format=xml . > /dev/null 2>&1
same "a bad option value exits 2" "$?" "2"
"$LINKMEND" scan > /dev/null 2>&1
same "scan without a path shows usage, 129" "$?" "129"

T=$SCRATCH/tree
mkdir -p "$T"
printf '/* http://www.kernel.org/ "q" */\nchar *s = "https://lwn.net/\\t";\n' > "$T/a.c"
"$LINKMEND" scan -q "$T" > "$SCRATCH/tsv"
"$LINKMEND" scan -q --format=json "$T" > "$SCRATCH/json"
conv=$(python3 -c '
import json, sys
for o in json.load(open(sys.argv[1])):
    print("\t".join([o["path"], str(o["line"]), str(o["col"]), o["url"],
                     o["context"], ",".join(o["flags"]) or "-"]))
' "$SCRATCH/json")
same "JSON holds the same records as TSV" "$conv" "$(cat "$SCRATCH/tsv")"
same "JSON carries the byte span" "$(python3 -c 'import json,sys; o=json.load(open(sys.argv[1]))[0]; print(o["start"], o["end"], o["host"])' "$SCRATCH/json")" "3 25 www.kernel.org"
: > "$SCRATCH/empty.c"
"$LINKMEND" scan -q --format=json --db "$SCRATCH/e.db" "$SCRATCH/empty.c" --root "$SCRATCH" > "$SCRATCH/json2"
same "JSON of nothing is an empty array" "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])))' "$SCRATCH/json2")" "[]"
printf 'see http://b\xc3\xbccher.example/x\n' > "$SCRATCH/idn.txt"
"$LINKMEND" scan -q --format=json --db "$SCRATCH/i.db" --root "$SCRATCH" "$SCRATCH/idn.txt" > "$SCRATCH/json3"
same "an IDN host is normalised to punycode, the url kept as written" "$(python3 -c 'import json,sys; o=json.load(open(sys.argv[1]))[0]; print(o["host"], o["url"].encode().hex()[:16])' "$SCRATCH/json3")" "xn--bcher-kva.example 687474703a2f2f62"

# check given a directory: a clear one-line error, not "0 URLs" and 0.
mkdir -p "$SCRATCH/adir"
(cd "$SCRATCH/adir" && "$LINKMEND" check .) > "$SCRATCH/cdir" 2>&1
same "check of a directory is an error" "$?" "2"
same "in one line that says what to do" "$(cat "$SCRATCH/cdir")" \
	"error: '.' is a directory: check takes URLs or files of URLs (to check a tree: linkmend scan '.', then check)"

# scan --format=json keeps "path" for a file name that is no UTF-8.
mkdir -p "$SCRATCH/latin"
printf '/* http://docs.linkmend-web.org/x */\n' > "$SCRATCH/latin/$(printf 'caf\351.c')"
"$LINKMEND" scan --format=json --db "$SCRATCH/latin.db" "$SCRATCH/latin" > "$SCRATCH/lj" 2> /dev/null
same "a non-UTF-8 file name keeps its path, escaped" \
	"$(python3 -c 'import json,sys; print([o.get("path") for o in json.load(open(sys.argv[1]))])' "$SCRATCH/lj")" \
	"['caf\\\\xe9.c']"

# verify outside a git checkout: one line that says so, not git diff's
# page of usage.
mkdir -p "$SCRATCH/nogit"
(cd "$SCRATCH/nogit" && "$LINKMEND" verify) > /dev/null 2> "$SCRATCH/verr"
same "verify outside git: status 2 and one line saying why" \
	"$? $(cat "$SCRATCH/verr")" \
	"2 error: '.' is not in a git checkout: verify compares its files with a commit"

# series outside a git checkout: the same, not git's "fatal:" line too.
printf '/* http://docs.linkmend-web.org/x */\n' > "$SCRATCH/nogit/a.c"
(cd "$SCRATCH/nogit" && "$LINKMEND" scan -q --no-output . &&
 "$LINKMEND" series -o "$SCRATCH/nogit-out") > /dev/null 2> "$SCRATCH/serr"
same "series outside git: status 2 and one line saying why" \
	"$? $(cat "$SCRATCH/serr")" \
	"2 error: '$SCRATCH/nogit' is not in a git checkout: series needs one (git init; git add -A; git commit)"

# series after a file the store names was removed from the checkout:
# series says the tree changed, once, in its words, without git's
# "fatal: path ... does not exist" per file.
G=$SCRATCH/gone
mkdir -p "$G"
printf '/* See http://old.linkmend-web.org/doc */\n' > "$G/a.c"
printf '/* See http://old.linkmend-web.org/two */\n' > "$G/b.c"
(cd "$G" && git init -q . && git add . &&
 git -c user.name=T -c user.email=t@linkmend-web.org commit -qm one &&
 "$LINKMEND" scan -q --no-output . &&
 sqlite3 .linkmend/linkmend.db "INSERT INTO resolution(tree_id, url_id, path, start, kind, replacement, evidence, at) SELECT tree_id, url_id, path, start, 'moved', replace(text, 'old.', 'new.'), 'the site redirects permanently', 1 FROM occurrence" &&
 git rm -q b.c &&
 git -c user.name=T -c user.email=t@linkmend-web.org commit -qm two &&
 "$LINKMEND" series -o "$SCRATCH/gone-out") > /dev/null 2> "$SCRATCH/gerr"
ok "(the store holds two moves, one in the removed file)" \
	test "$(sqlite3 "$G/.linkmend/linkmend.db" 'SELECT count(*) FROM resolution')" = 2
ok "series after a removed file: it says the tree changed since the scan" \
	grep -q "the tree changed since the scan; run linkmend scan" "$SCRATCH/gerr"
ok "and git's own fatal line is not shown" bash -c "! grep -q '^fatal:' '$SCRATCH/gerr'"

# A file with CRLF line ends (nginx's contrib/geo2nginx.pl): git am
# strips the mail's CRs and the patch fails unless given --keep-cr, so
# series says to give it.
K=$SCRATCH/crlf
mkdir -p "$K"
printf '# See http://old.linkmend-web.org/doc\r\nprint 1;\r\n' > "$K/geo.pl"
(cd "$K" && git init -q . && git add . &&
 git -c user.name=T -c user.email=t@linkmend-web.org commit -qm one &&
 "$LINKMEND" scan -q --no-output . &&
 sqlite3 .linkmend/linkmend.db "INSERT INTO resolution(tree_id, url_id, path, start, kind, replacement, evidence, at) SELECT tree_id, url_id, path, start, 'moved', replace(text, 'old.', 'new.'), 'the site redirects permanently', 1 FROM occurrence" &&
 "$LINKMEND" series -o "$SCRATCH/crlf-out" --signoff \
	--from "T <t@linkmend-web.org>") > /dev/null 2> "$SCRATCH/crlf.err"
git clone -q "$K" "$SCRATCH/crlf-a" && git clone -q "$K" "$SCRATCH/crlf-b"
ok "(a plain git am of the CRLF file's patch fails)" bash -c \
	"cd '$SCRATCH/crlf-a' && ! git -c user.name=T -c user.email=t@linkmend-web.org am -q '$SCRATCH'/crlf-out/*.patch > /dev/null 2>&1"
ok "series says a CRLF file needs git am --keep-cr" \
	grep -q "^series: apply with git am --keep-cr --empty=drop" "$SCRATCH/crlf.err"
ok "and git am --keep-cr applies it" bash -c \
	"cd '$SCRATCH/crlf-b' && git -c user.name=T -c user.email=t@linkmend-web.org am -q --keep-cr '$SCRATCH'/crlf-out/*.patch 2> /dev/null && grep -q 'new.linkmend-web.org' geo.pl"
ok "INDEX says so too" grep -q "git am --keep-cr" "$SCRATCH/crlf-out/INDEX"

# A project whose subjects open with a bracketed tag (lighttpd's
# "[core] "): git am strips every leading [...] of a subject, the tag
# with [PATCH], unless given --keep-non-patch, so series says to give it.
T=$SCRATCH/tag
mkdir -p "$T"
(cd "$T" && git init -q . &&
 for i in 1 2 3 4 5 6; do
	printf '/* See http://old.linkmend-web.org/doc */\nint v = %s;\n' $i > server.c
	git add . && git -c user.name=T -c user.email=t@linkmend-web.org commit -qm "[core] server: step $i"
 done &&
 "$LINKMEND" scan -q --no-output . &&
 sqlite3 .linkmend/linkmend.db "INSERT INTO resolution(tree_id, url_id, path, start, kind, replacement, evidence, at) SELECT tree_id, url_id, path, start, 'moved', replace(text, 'old.', 'new.'), 'the site redirects permanently', 1 FROM occurrence" &&
 "$LINKMEND" series -o "$SCRATCH/tag-out" --signoff \
	--from "T <t@linkmend-web.org>") > /dev/null 2> "$SCRATCH/tag.err"
git clone -q "$T" "$SCRATCH/tag-a" && git clone -q "$T" "$SCRATCH/tag-b"
ok "(the patch's subject has the project's [core] tag)" \
	grep -q "^Subject: \[PATCH\] \[core\] " "$SCRATCH"/tag-out/0001-*.patch
ok "(a plain git am drops the tag)" bash -c \
	"cd '$SCRATCH/tag-a' && git -c user.name=T -c user.email=t@linkmend-web.org am -q '$SCRATCH'/tag-out/0001-*.patch && ! git log -1 --format=%s | grep -q '^\[core\]'"
ok "series says the tag needs git am --keep-non-patch" \
	grep -q "^series: apply with git am --keep-non-patch --empty=drop" "$SCRATCH/tag.err"
ok "and git am --keep-non-patch keeps it" bash -c \
	"cd '$SCRATCH/tag-b' && git -c user.name=T -c user.email=t@linkmend-web.org am -q --keep-non-patch '$SCRATCH'/tag-out/0001-*.patch && git log -1 --format=%s | grep -q '^\[core\] '"
ok "INDEX says so too" grep -q "keep-non-patch: 1 subject opens" "$SCRATCH/tag-out/INDEX"

# report -o never replaces a file of the user's, and never guesses a
# format from a name that says none.
R=$SCRATCH/rtree
mkdir -p "$R"
printf '/* http://www.kernel.org/ */\n' > "$R/a.c"
printf '# My project\n' > "$R/README.md"
cd "$R" || exit 1
"$LINKMEND" scan -q . > /dev/null
"$LINKMEND" report -o README.md 2> "$SCRATCH/r.err"
same "report -o README.md (the user's) is refused, status 2, in one line" \
	"$? $(wc -l < "$SCRATCH/r.err")" "2 1"
same "and README.md is as it was" "$(cat README.md)" "# My project"
ok "the message names the file and --force" grep -q "^fatal: 'README.md' exists and is not a linkmend report: not replaced (--force replaces it)$" "$SCRATCH/r.err"
"$LINKMEND" report -o links.txt 2> "$SCRATCH/r2.err"
same "report -o links.txt: a name that says no format is refused" \
	"$? $(ls links.txt 2> /dev/null)" "2 "
"$LINKMEND" report --format markdown -o links.txt 2> /dev/null
same "--format says it: markdown in links.txt" "$? $(head -c 13 links.txt)" "0 ### linkmend:"
for f in json sarif md html; do
	"$LINKMEND" report -o "r.$f" && "$LINKMEND" report -o "r.$f"
	same "a report linkmend wrote (r.$f) is replaced" "$?" "0"
done
"$LINKMEND" report --force -o README.md 2> /dev/null
same "--force replaces the user's file" "$? $(head -c 13 README.md)" "0 ### linkmend:"
mkfifo fifo.json
timeout 5 "$LINKMEND" report --force -o fifo.json 2> /dev/null
same "a FIFO is never replaced, even with --force" "$? $(test -p fifo.json && echo fifo)" "2 fifo"
