#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What a new user's first day found (issue 28), each a test named after
# what it protects: a committed fix not made twice, output directories
# that delete nothing of others', trees that share a store, a bad CA file
# or proxy that is a usage error and no verdict, refusals not cached, a
# run scoped to a part of a tree, exit codes that say what happened, and
# resolve's progress, Ctrl-C and closing line.
. "$(dirname "$0")/../lib/sh.sh"
web_up "$TESTS/web/cases/firstday.scn"
NET=(--cacert "$state/ca.crt" --allow-private --timeout 2)

mktree() {	# mktree DIR: a git tree, a moved link in C and markdown
	mkdir -p "$1/drivers/iio/adc" "$1/drivers/other"
	(cd "$1" && git init -q . && git config user.email dev@linkmend-web.org &&
	 git config user.name "A Developer")
	cat > "$1/drivers/iio/adc/max.c" <<'C'
// SPDX-License-Identifier: GPL-2.0
/*
 * Datasheet: http://www.foo-vendor.org/docs/old.html (rev B)
 */
C
	printf '/*\n * Other: http://www.foo-vendor.org/docs/old.html\n */\n' \
		> "$1/drivers/other/x.c"
	printf '# Foo\n\nSee [the manual](http://www.foo-vendor.org/docs/old.html) more text.\n' \
		> "$1/README.md"
	(cd "$1" && git add -A && git commit -qm init)
}

# 1. series after fix was committed: the edit is not made again.
T=$SCRATCH/t1
mktree "$T"
cd "$T" || exit 1
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q "${NET[@]}" > /dev/null 2>&1
run "$LINKMEND" resolve -q "${NET[@]}" > /dev/null 2>&1
"$LINKMEND" fix -q
git commit -qam "fixed by hand"
"$LINKMEND" series -o "$SCRATCH/o1" > /dev/null 2> "$SCRATCH/e1"
same "series after a committed fix exits 0" "$?" "0"
ok "and says the edits are there already" grep -q "^series: 3 edits already at HEAD, not proposed again$" "$SCRATCH/e1"
ok "and writes no patch that would edit them again" bash -c "! ls '$SCRATCH/o1'/*.patch 2>/dev/null | grep -q ."
same "a committed fix left the files as fix wrote them" \
	"$(git diff HEAD~1 --stat | tail -1)" " 3 files changed, 3 insertions(+), 3 deletions(-)"
"$LINKMEND" scan -q . > /dev/null
"$LINKMEND" series -o "$SCRATCH/o1" > /dev/null 2> "$SCRATCH/e1b"
same "after a re-scan series has nothing to send, exit 0" "$?:$(tail -1 "$SCRATCH/e1b")" "0:series: nothing to send"
ok "and leaves no staging directory behind" bash -c "! ls -d '$SCRATCH'/o1.linkmend-new-* 2>/dev/null"
# The same edit not committed is proposed, once.
git reset -q --hard HEAD~1
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" resolve -q "${NET[@]}" > /dev/null 2>&1
"$LINKMEND" series -o "$SCRATCH/o1c" > /dev/null 2>&1
ok "an uncommitted change is proposed as scan saw it" \
	grep -q '^+ \* Datasheet: https://www.foo-vendor.org/docs/new.html (rev B)$' "$SCRATCH"/o1c/0*.patch

# The same when the new URL extends the old one: the old is still a
# prefix of what the line holds, and must not be taken for it.
T1b=$SCRATCH/t1b
mktree "$T1b"
cd "$T1b" || exit 1
printf '/* Guide: http://www.foo-vendor.org/guide for more. */\n' > drivers/other/guide.c
git add -A && git commit -qm guide
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q "${NET[@]}" > /dev/null 2>&1
run "$LINKMEND" resolve -q "${NET[@]}" > /dev/null 2>&1
"$LINKMEND" fix -q
git commit -qam "fixed by hand"
"$LINKMEND" series -o "$SCRATCH/o1b" > /dev/null 2> "$SCRATCH/e1b2"
ok "a committed fix whose URL extends the old one is not made again" \
	grep -q "^series: 4 edits already at HEAD, not proposed again$" "$SCRATCH/e1b2"
same "and the line is as fix wrote it" "$(cat drivers/other/guide.c)" \
	"/* Guide: http://www.foo-vendor.org/guide/index.html for more. */"
cd "$T" || exit 1

# 2. output directories: nothing of others' deleted.
mkdir "$SCRATCH/o2"
echo "my notes" > "$SCRATCH/o2/notes.txt"
"$LINKMEND" series -o "$SCRATCH/o2" > /dev/null 2> "$SCRATCH/e2"
same "series into a directory of other files exits 2" "$?" "2"
ok "naming the directory" grep -q "^error: '$SCRATCH/o2' holds files linkmend did not write" "$SCRATCH/e2"
same "and the files there are kept" "$(cat "$SCRATCH/o2/notes.txt")" "my notes"
"$LINKMEND" series -o . > /dev/null 2> "$SCRATCH/e2b"
same "series -o . in the tree exits 2" "$?" "2"
same "and leaves nothing in the tree" "$(git status --porcelain --ignored | grep -v '^!! .linkmend/$')" ""
ok "nor beside it" bash -c "! ls -d '$SCRATCH'/*.linkmend-new-* 2>/dev/null"
"$LINKMEND" series -o "$SCRATCH/o2n" > /dev/null 2>&1
"$LINKMEND" series -o "$SCRATCH/o2n" > /dev/null 2>&1
same "a series replaces the series it wrote" "$?" "0"
echo "mine" > "$SCRATCH/o2n/notes.txt"
"$LINKMEND" series -o "$SCRATCH/o2n" > /dev/null 2> "$SCRATCH/e2c"
same "but not when another file was put there" "$?:$(cat "$SCRATCH/o2n/notes.txt")" "2:mine"
ok "naming that file" grep -q "o2n/notes.txt' was not written by linkmend" "$SCRATCH/e2c"

# 3. a shared store holds many trees.
mkdir -p "$SCRATCH/s/ta" "$SCRATCH/s/tb" "$SCRATCH/s/x/ta"
echo "http://a.linkmend-web.org/x" > "$SCRATCH/s/ta/a.txt"
echo "http://b.linkmend-web.org/y" > "$SCRATCH/s/tb/b.txt"
echo "http://c.linkmend-web.org/z" > "$SCRATCH/s/x/ta/c.txt"
cd "$SCRATCH/s" || exit 1
"$LINKMEND" scan -q --db shared.db ta > /dev/null
"$LINKMEND" scan -q --db shared.db tb > /dev/null
same "a second root scanned into a store adds a tree" \
	"$(sqlite3 shared.db "select t.name || ':' || o.path from tree t join occurrence o on o.tree_id = t.id order by 1" | tr '\n' ' ')" \
	"ta:a.txt tb:b.txt "
"$LINKMEND" scan -q --db shared.db x/ta > /dev/null 2> "$SCRATCH/e3"
same "a root whose name another tree has is refused" "$?" "2"
ok "naming both" grep -q "holds a tree 'ta' scanned from '$SCRATCH/s/ta'" "$SCRATCH/e3"
"$LINKMEND" scan -q --db shared.db --replace x/ta > /dev/null
same "--replace makes it that tree" \
	"$(sqlite3 shared.db "select t.name || ':' || o.path from tree t join occurrence o on o.tree_id = t.id order by 1" | tr '\n' ' ')" \
	"ta:c.txt tb:b.txt "
(cd tb && "$LINKMEND" scan -q --db ../shared.db . > /dev/null)
same "scan . names the tree after its directory" "$(sqlite3 shared.db "select count(*) from tree where name = '.'"):$(sqlite3 shared.db "select count(*) from tree")" "0:2"
(cd tb && "$LINKMEND" report --db ../shared.db -o r.json 2> /dev/null)
same "a command run inside one of the trees acts on it" \
	"$(python3 -c 'import json,sys; print([l["url"] for l in json.load(open(sys.argv[1]))["links"]])' tb/r.json)" \
	"['http://b.linkmend-web.org/y']"

# 4. a CA file or proxy that cannot be used: a usage error, no verdict.
cd "$T" || exit 1
before=$(sqlite3 .linkmend/linkmend.db "select count(*) from checks")
run "$LINKMEND" check --force --allow-private --cacert "$SCRATCH/nonesuch.pem" > /dev/null 2> "$SCRATCH/e4"
same "check with a CA file that is not there exits 2" "$?" "2"
same "in one line naming it" "$(cat "$SCRATCH/e4")" "error: --cacert '$SCRATCH/nonesuch.pem': No such file or directory"
run "$LINKMEND" check --force --allow-private --cacert "$T/README.md" > /dev/null 2> "$SCRATCH/e4b"
same "a CA file with no certificate exits 2" "$?:$(cat "$SCRATCH/e4b")" "2:error: --cacert '$T/README.md': no PEM certificate in it"
run "$LINKMEND" check --force "${NET[@]}" --proxy "ftp://proxy.linkmend-web.org" > /dev/null 2>&1
same "a proxy that is no proxy URL exits 2" "$?" "2"
same "and nothing was recorded as a check" "$(sqlite3 .linkmend/linkmend.db "select count(*) from checks")" "$before"

# 5. a refusal by policy is not cached.
T5=$SCRATCH/t5
mktree "$T5"
cd "$T5" || exit 1
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check --cacert "$state/ca.crt" > "$SCRATCH/o5" 2> "$SCRATCH/e5"
ok "without --allow-private the test web's loopback address is refused" grep -q "	unsafe	" "$SCRATCH/o5"
same "check counts the refusal apart: refused, not checked" "$(grep '^check:' "$SCRATCH/e5")" \
	"check: 1 URLs, 0 checked now, 1 refused by policy, 0 fresh from the store"
"$LINKMEND" report -o "$SCRATCH/r5.json" 2> /dev/null
same "and so does the report: 0 links checked, 1 refused" \
	"$(python3 -c 'import json,sys; r = json.load(open(sys.argv[1])); print(r["totals"]["checked"], r["totals"].get("refused"))' "$SCRATCH/r5.json")" \
	"0 1"
printf '/* Added: http://www.foo-vendor.org/docs/added.html */\n' > drivers/added.c
git add drivers/added.c
run "$LINKMEND" diff --cached --cacert "$state/ca.crt" > /dev/null 2> "$SCRATCH/e5d"
ok "diff counts it apart too: refused, not checked" \
	grep -q "; 0 checked now, 1 refused by policy, 0 from the store$" "$SCRATCH/e5d"
git rm -q --cached drivers/added.c && rm drivers/added.c
run "$LINKMEND" check "${NET[@]}" > "$SCRATCH/o5b" 2> "$SCRATCH/e5b"
ok "with it, the next run checks the link now" grep -q "^check: 1 URLs, 1 checked now, 0 fresh from the store$" "$SCRATCH/e5b"
ok "and finds it moved" grep -q "	moved	" "$SCRATCH/o5b"
[ -n "${DEBUG:-}" ] && cat "$SCRATCH/o5" "$SCRATCH/e5b" "$SCRATCH/o5b"

# 6. run scoped to a part of a tree, paths from the tree's root.
T6=$SCRATCH/t6
mktree "$T6"
cd "$T6" || exit 1
run "$LINKMEND" run drivers/iio -o "$SCRATCH/o6" "${NET[@]}" > /dev/null 2> "$SCRATCH/e6"
same "run on a directory of a checkout exits 0" "$?" "0"
ok "says the tree is the checkout" grep -q "^run: the tree is the checkout '$T6'; the run is limited to drivers/iio$" "$SCRATCH/e6"
same "its series is that directory's, paths from the tree's root" \
	"$(grep -h '^+++ ' "$SCRATCH"/o6/*.patch | tr '\n' ' ')" "+++ b/drivers/iio/adc/max.c "
ok "the store is the checkout's" test -f "$T6/.linkmend/linkmend.db"
ok "git's errors are gone" bash -c "! grep -q '^fatal:' '$SCRATCH/e6'"
run "$LINKMEND" run . -o "$SCRATCH/o6b" "${NET[@]}" -- drivers/other > /dev/null 2>&1
same "run ROOT -o DIR -- PATH: that path's series" \
	"$(grep -h '^+++ ' "$SCRATCH"/o6b/*.patch | tr '\n' ' ')" "+++ b/drivers/other/x.c "
run "$LINKMEND" run --root . drivers/iio README.md -o "$SCRATCH/o6c" "${NET[@]}" > /dev/null 2>&1
same "run --root . PATH...: those paths' series" \
	"$(grep -h '^+++ ' "$SCRATCH"/o6c/*.patch | sort | tr '\n' ' ')" "+++ b/README.md +++ b/drivers/iio/adc/max.c "
run "$LINKMEND" run . -o "$SCRATCH/o6d" "${NET[@]}" --no-git --top-hosts 1 > /dev/null 2> "$SCRATCH/e6d"
same "run takes scan's options" "$?" "0"
ok "and scan reads them" grep -q "^scan: top hosts:" "$SCRATCH/e6d"
"$LINKMEND" series -o "$SCRATCH/o6e" --path drivers/other > /dev/null 2>&1
same "series --path limits the series" "$(grep -h '^+++ ' "$SCRATCH"/o6e/*.patch | tr '\n' ' ')" "+++ b/drivers/other/x.c "
"$LINKMEND" series -o "$SCRATCH/o6f" --path ../x > /dev/null 2>&1
same "a --path outside the tree exits 2" "$?" "2"
# A tree scanned from its subdirectory: series still speaks git's paths.
T6s=$SCRATCH/t6s
mktree "$T6s"
(cd "$T6s/drivers" && "$LINKMEND" scan -q . > /dev/null &&
 run "$LINKMEND" check -q "${NET[@]}" > /dev/null 2>&1 &&
 run "$LINKMEND" resolve -q "${NET[@]}" > /dev/null 2>&1 &&
 "$LINKMEND" series -o "$SCRATCH/o6s" > /dev/null 2>&1)
same "series of a tree scanned from a subdirectory of a checkout exits 0" "$?" "0"
same "and its paths are the checkout's" \
	"$(grep -h '^+++ ' "$SCRATCH"/o6s/*.patch | sort | tr '\n' ' ')" "+++ b/drivers/iio/adc/max.c +++ b/drivers/other/x.c "

# 7. exit codes that say what happened.
cd "$T" || exit 1
git reset -q --hard
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" resolve -q "${NET[@]}" > /dev/null 2>&1
sed -i 's/(rev B)/(rev C)/; s|http://www.foo|http://www.fooo|' drivers/iio/adc/max.c
"$LINKMEND" fix > /dev/null 2> "$SCRATCH/e7"
same "fix that skipped a changed file exits 1" "$?" "1"
git reset -q --hard
git sparse-checkout set drivers/iio 2> /dev/null
ok "(the sparse checkout has no drivers/other/x.c)" test ! -e drivers/other/x.c
"$LINKMEND" scan . > /dev/null 2> "$SCRATCH/e7b"
same "scan of a sparse checkout exits 0" "$?" "0"
ok "with no error about the files it lacks" bash -c "! grep -q '^error' '$SCRATCH/e7b'"
git sparse-checkout disable
# As nobody, so that a file can be unreadable.
T7=$SCRATCH/n/t7
mktree "$T7"
chmod 755 "$SCRATCH"
chown -R nobody "$SCRATCH/n"
chmod 000 "$T7/drivers/other/x.c"
(cd "$T7" && run env HOME=/nonexistent setpriv --reuid=nobody --regid=nogroup --clear-groups \
	"$LINKMEND" run . -o "$SCRATCH/n/o7" "${NET[@]}" > /dev/null 2> "$SCRATCH/e7c")
same "run whose scan could not read a file carries on and exits 1" "$?" "1"
ok "(scan said which)" grep -q "^error: cannot open 'drivers/other/x.c': Permission denied$" "$SCRATCH/e7c"
ok "the rest of the tree went through" grep -q "^run: patches 1 in" "$SCRATCH/e7c"
[ -n "${DEBUG:-}" ] && cat "$SCRATCH/e7c"

# 9. resolve: a closing line by kind; Ctrl-C as check handles it.
cd "$T6" || exit 1
run "$LINKMEND" resolve "${NET[@]}" > /dev/null 2> "$SCRATCH/e9"
ok "resolve ends with a line by kind" grep -q "^resolve: 1 URLs, 0 requests to archives and sites; links by kind: moved 3$" "$SCRATCH/e9"
# On a terminal a phase's requests show as they go; piped, nothing.
echo "/* dead: http://www.foo-vendor.org/dead.html */" > drivers/other/dead.c
git add -A && git commit -qm dead
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q "${NET[@]}" > /dev/null 2>&1
script -qec "$WEB/exec -n $NAME $LINKMEND resolve --confirm 1 ${NET[*]} --archive-spacing 0" \
	/dev/null > "$SCRATCH/tty9" 2>&1
ok "resolve on a terminal shows its requests as they go" grep -q "resolve: look-ups 1/1" "$SCRATCH/tty9"
ok "and names the archived copy it found" grep -q "archived.*web.archive.org/web/20050101000000" "$SCRATCH/tty9"
run "$LINKMEND" resolve --confirm 1 --refresh "${NET[@]}" --archive-spacing 0 \
	> /dev/null 2> "$SCRATCH/e9p"
ok "(piped, it asked the archive again)" grep -q "^resolve: 2 URLs, [1-9][0-9]* requests" "$SCRATCH/e9p"
ok "and shows no progress" bash -c "! grep -q 'look-ups' '$SCRATCH/e9p'"
git rm -q drivers/other/dead.c && git commit -qm "not dead"
echo "/* gone: http://www.foo-vendor.org/gone.html */" > drivers/other/gone.c
git add -A && git commit -qm gone
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q "${NET[@]}" > /dev/null 2>&1
# The signal goes to linkmend itself, as a terminal's Ctrl-C would.
"$WEB/exec" -n "$NAME" "$LINKMEND" resolve --confirm 1 "${NET[@]}" --timeout 30 \
	--archive-spacing 0 > "$SCRATCH/o9" 2> "$SCRATCH/e9b" &
pid=$!
ok "(resolve asked the archive, which does not answer)" \
	wait_for 10 grep -q "cdx.*gone.html" "$state/requests.log"
kill -INT $pid
wait $pid
same "Ctrl-C stops resolve with 130" "$?" "130"
ok "saying so" grep -q "^resolve: interrupted; the 1 answers had are kept, nothing decided: run it again to go on$" "$SCRATCH/e9b"
[ -n "${DEBUG:-}" ] && cat "$SCRATCH/e9b"
ok "the store is intact" test "$(sqlite3 .linkmend/linkmend.db 'pragma integrity_check')" = ok

# 10. verify judges every file, and passes nothing it did not judge.
T10=$SCRATCH/t10
mktree "$T10"
cd "$T10" || exit 1
sed -i 's/more text/other words/' README.md
"$LINKMEND" verify > "$SCRATCH/o10" 2> /dev/null
same "verify fails a changed prose word in markdown" "$?:$(cat "$SCRATCH/o10")" \
	"1:README.md: text outside links changed: \"more\" became \"other\""
git checkout -q README.md
sed -i 's|http://www.foo-vendor.org/docs/old.html|https://www.foo-vendor.org/docs/new.html|' README.md drivers/other/x.c
"$LINKMEND" verify > /dev/null 2>&1
same "and passes a link edit" "$?" "0"
git commit -qam "links"
"$LINKMEND" verify > /dev/null 2> "$SCRATCH/e10"
same "verify with nothing changed since HEAD (after git am) exits 2" "$?" "2"
ok "saying why, and what to give" grep -q "^fatal: nothing changed since HEAD: nothing verified (after git am, give --base" "$SCRATCH/e10"
"$LINKMEND" verify --base HEAD~1 > /dev/null 2>&1
same "with --base it judges the commits" "$?" "0"

# 11. the series as git am and a maintainer's tools take it.
cd "$T6" || exit 1
"$LINKMEND" series -o "$SCRATCH/o11" --base HEAD > /dev/null 2> "$SCRATCH/e11"
ok "series says how to apply it past the cover letter" grep -q "^series: apply with git am --empty=drop DIR/\*.patch" "$SCRATCH/e11"
ok "and that --signoff is missing" grep -q "no Signed-off-by: give --signoff" "$SCRATCH/e11"
# A tree without MAINTAINERS is one area: its people take every patch,
# one per kind of change (three folders' moved links: one patch).
same "a tree without MAINTAINERS gets an INDEX" "$(grep -v '^#' "$SCRATCH/o11/INDEX")" ".	1	-"
ok "and says, loudly, that its patches have no recipient" \
	grep -q "^warning: 1 of 1 patches have no recipient: the tree has no MAINTAINERS" "$SCRATCH/e11"
ok "one patch for the project, not one per folder: no cover letter" \
	test ! -e "$SCRATCH/o11/0000-cover-letter.patch" -a -e "$SCRATCH"/o11/0001-*.patch
same "base-commit: in every patch and the cover" \
	"$(grep -l "^base-commit: $(git rev-parse HEAD)$" "$SCRATCH"/o11/*.patch | wc -l)" "$(ls "$SCRATCH"/o11/*.patch | wc -l)"
git clone -q . "$SCRATCH/c11"
(cd "$SCRATCH/c11" && git am -q --empty=drop "$SCRATCH"/o11/*.patch)
same "git am --empty=drop DIR/*.patch applies the series" "$?" "0"
ok "three links' message says 'these links'" grep -q "^These web links moved permanently" "$SCRATCH"/o11/0001-*.patch
"$LINKMEND" series -q -o "$SCRATCH/o11q" > /dev/null 2> "$SCRATCH/e11q"
same "series -q says only what is wrong (no recipient)" "$?:$(grep -vc "have no recipient" "$SCRATCH/e11q")" "0:0"

# 13. settings checked when any command loads them; help and typos.
T13=$SCRATCH/t13
mktree "$T13"
cd "$T13" || exit 1
conf() {	# conf TEXT: scan with that .linkmend.conf; exit status and error
	printf '%s' "$1" > .linkmend.conf
	"$LINKMEND" scan -q . > /dev/null 2> "$SCRATCH/e13"
	echo "$?:$(head -1 "$SCRATCH/e13")"
}
N='
'
same "[check] jobs = many fails at scan, not only at check" "$(conf "[check]${N}jobs = many$N")" \
	"2:fatal: ./.linkmend.conf:2: [check] jobs: 'many' is not a number from 1 to 4096"
same "accept = 42 is no HTTP status" "$(conf "[host \"a.org\"]${N}accept = 403, 42$N")" \
	"2:fatal: ./.linkmend.conf:2: [host] accept: '403, 42' is not a list of HTTP statuses (403, 429)"
same "a source-url without {path} is refused" "$(conf "[report]${N}source-url = https://git.example.org/tree/$N")" \
	"2:fatal: ./.linkmend.conf:2: [report] source-url: 'https://git.example.org/tree/' has no {path} (and {line}) to fill in"
mkdir -p "$SCRATCH/xdg/linkmend"
printf '[check]\nproxy = http://proxy.linkmend-web.org:3128\n' > "$SCRATCH/xdg/linkmend/config"
same "[check] proxy, as documented, is a setting (of the user's own file)" \
	"$(XDG_CONFIG_HOME=$SCRATCH/xdg conf "")" "0:"
rm -r "$SCRATCH/xdg"
same "and [tree \"NAME\"] tag" "$(conf "[tree \"netdev-net\"]${N}tag = net-next$N")" "0:"
same "[tree] tag needs the tree's name" "$(conf "[tree]${N}tag = net-next$N")" \
	"2:fatal: ./.linkmend.conf:2: [tree] needs a tree: [tree \"NAME\"]"
rm .linkmend.conf
"$LINKMEND" help nosuch > /dev/null 2>&1
same "help for no such command is a usage error (129)" "$?" "129"
same "a mistyped command gets what was meant" "$("$LINKMEND" reslove 2>&1 >/dev/null; echo "rc=$?")" \
	"error: 'reslove' is not a linkmend command; did you mean 'resolve'?
rc=129"
same "and so does a mistyped option" "$("$LINKMEND" scan --untraked . 2>&1 >/dev/null | head -1)" \
	"error: unknown option '--untraked'; did you mean '--untracked'?"
