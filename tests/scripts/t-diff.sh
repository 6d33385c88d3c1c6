#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# linkmend diff on a fixture repository in the test web: a commit adding a
# dead link fails (exit 1) and names it; one adding a live link passes;
# one touching no link makes no request; the working tree and the index
# are checked as given; a fresh result in the store is not asked again;
# .linkmend.conf's ignore and accept are obeyed; the pre-commit hook
# refuses a dead link; a bad .linkmend.conf is an error naming its line.
. "$(dirname "$0")/../lib/sh.sh"
web_up "$TESTS/web/cases/report.scn"
NET=(--cacert "$state/ca.crt" --allow-private --timeout 2)
diff_() { "$WEB/exec" -n "$NAME" "$LINKMEND" diff "${NET[@]}" "$@"; }
requests() { grep -c -v '^$' "$state/requests.log" || true; }

T=$SCRATCH/repo
mkdir -p "$T"
cd "$T" || exit 1
git init -q .
git config user.email dev@linkmend-web.org
git config user.name dev
printf '/* See http://alive.linkmend-web.org/page */\nint a;\n' > a.c
git add -A && git commit -qm base

printf '/* Old: http://gone.linkmend-web.org/nothing */\n' >> a.c
git commit -qam "add a dead link"
: > "$state/requests.log"
diff_ HEAD~1 > "$SCRATCH/out" 2> "$SCRATCH/err"
same "a commit adding a dead link fails" "$?" "1"
same "it names the dead link at its line" "$(cat "$SCRATCH/out")" \
	"a.c:3: dead link http://gone.linkmend-web.org/nothing (gone: HTTP 404)"
ok "the links already there are not checked" bash -c "! grep -q alive.linkmend-web.org '$state/requests.log'"
# Colour only for a terminal, and never under NO_COLOR.
esc=$(printf '\033[31m')
diff_ HEAD~1 --color=always 2> /dev/null | grep -qF "$esc"
same "--color=always colours a dead link" "$?" "0"
script -qec "$WEB/exec -n $NAME $LINKMEND diff ${NET[*]} HEAD~1" /dev/null > "$SCRATCH/tty" 2>&1
ok "on a terminal the dead link is coloured" grep -qF "$esc" "$SCRATCH/tty"
NO_COLOR=1 script -qec "$WEB/exec -n $NAME $LINKMEND diff ${NET[*]} HEAD~1" /dev/null > "$SCRATCH/tty" 2>&1
ok "NO_COLOR turns it off" bash -c "grep -q 'dead link' '$SCRATCH/tty' && ! grep -qF '$esc' '$SCRATCH/tty'"

printf '/* New: http://moved.linkmend-web.org/new */\n' >> a.c
git commit -qam "add a live link"
diff_ HEAD~1 > "$SCRATCH/out" 2>&1
same "a commit adding a live link passes" "$?" "0"

# Names git quotes ("caf\303\251.md", a tab): their links are seen too.
printf 'Old: http://gone.linkmend-web.org/cafe\n' > café.md
printf 'Old: http://gone.linkmend-web.org/tab\n' > "$(printf 'tab\tname.txt')"
git add -A && git commit -qm "add dead links in oddly named files"
ok "git quotes those names (the setup works)" bash -c "git -c core.quotePath=true diff HEAD~1 | grep -q '^+++ \"b/caf'"
diff_ HEAD~1 > "$SCRATCH/out" 2> "$SCRATCH/err"
same "a dead link in a file whose name git quotes fails" "$?" "1"
same "both are named, by their real names (a tab escaped)" "$(cut -d: -f1 "$SCRATCH/out" | sort | tr '\n' '|')" \
	'café.md|tab\tname.txt|'
git rm -q café.md "$(printf 'tab\tname.txt')" && git commit -qm "and gone"

sed -i 's/^int a;/int a = 1;/' a.c
git commit -qam "touch no link"
: > "$state/requests.log"
diff_ HEAD~1 > "$SCRATCH/out" 2> "$SCRATCH/err"
same "a commit touching no link passes" "$?" "0"
same "and makes no request" "$(requests)" "0"
ok "it says it checked nothing" grep -q "^diff: 0 links added or changed" "$SCRATCH/err"

printf '/* Moved: http://moved.linkmend-web.org/old */\n' >> a.c
diff_ > "$SCRATCH/out" 2> /dev/null
same "a moved link in the working tree passes" "$?" "0"
ok "and is reported with its new place" grep -q "^a.c:5: moved link http://moved.linkmend-web.org/old -> http://moved.linkmend-web.org/new (301)$" "$SCRATCH/out"
printf '/* Doc: http://gone.linkmend-web.org/doc */\n' >> a.c
diff_ --cached > /dev/null 2>&1
same "--cached ignores what is not staged" "$?" "0"
diff_ > /dev/null 2>&1
same "the working tree's dead link fails" "$?" "1"
git add a.c
diff_ --cached > /dev/null 2>&1
same "--cached sees it once staged" "$?" "1"
git reset -q --hard

# A store with a fresh result and a replacement: no request, a suggestion.
"$LINKMEND" scan -q . > /dev/null
"$WEB/exec" -n "$NAME" "$LINKMEND" check -q --confirm 1 "${NET[@]}" > /dev/null 2>&1
sqlite3 .linkmend/linkmend.db "INSERT INTO resolution(tree_id, url_id, path, start, kind, replacement, evidence, at)
	SELECT o.tree_id, u.id, o.path, o.start, 'archived', 'https://web.archive.org/web/2001/http://gone.linkmend-web.org/nothing', 'test', 0
	FROM url u JOIN occurrence o ON o.url_id = u.id WHERE u.url = 'http://gone.linkmend-web.org/nothing'"
printf '/* Again: http://gone.linkmend-web.org/nothing */\n' > b.c
git add b.c
: > "$state/requests.log"
diff_ --cached > "$SCRATCH/out" 2> "$SCRATCH/err"
same "a stored dead link added again fails" "$?" "1"
same "without a request" "$(requests)" "0"
ok "with the store's replacement suggested" grep -q "; suggested: https://web.archive.org/web/2001/http://gone.linkmend-web.org/nothing$" "$SCRATCH/out"
ok "and says it came from the store" grep -q "0 checked now, 1 from the store" "$SCRATCH/err"
git reset -q

# The confirmation rule, as check applies it: a link whose stored
# timeouts, days apart, confirm it dead is dead, not failing.
printf '/* Slow: http://slow.linkmend-web.org/x */\n' > h.c
git add h.c
"$LINKMEND" scan -q . > /dev/null
now=$(date +%s)
for ago in 691200 345600 3600; do
	sqlite3 .linkmend/linkmend.db "INSERT INTO checks(url_id, at, verdict, status, curl_code, chain, detail, digest, ms)
		SELECT id, $now - $ago, 'timeout', 0, 28, '', 'timed out', '', 2000 FROM url WHERE url = 'http://slow.linkmend-web.org/x'"
done
diff_ --cached > "$SCRATCH/out" 2> /dev/null
same "a link confirmed dead by its stored checks fails" "$?" "1"
same "and is said dead, as check says it" "$(cat "$SCRATCH/out")" \
	"h.c:1: dead link http://slow.linkmend-web.org/x (timeout: timed out)"
printf '[check]\n\tconfirm = 4\n' > .linkmend.conf
diff_ --cached > "$SCRATCH/out" 2> /dev/null
same "[check] confirm of the tree is the rule diff applies" "$?:$(cut -d' ' -f2 "$SCRATCH/out")" "0:failing"
rm -f .linkmend.conf h.c
git reset -q

# A tree with no store of its own uses [store] url of the user's own
# file, as check does: the stored result and replacement, no request.
mv .linkmend/linkmend.db "$SCRATCH/mine.db"
mkdir -p "$SCRATCH/xdg/linkmend"
printf '[store]\n\turl = %s\n' "$SCRATCH/mine.db" > "$SCRATCH/xdg/linkmend/config"
git add b.c
: > "$state/requests.log"
XDG_CONFIG_HOME=$SCRATCH/xdg diff_ --cached > "$SCRATCH/out" 2> "$SCRATCH/err"
same "diff reads [store] url of the user's own file" \
	"$(requests):$(grep -c '; suggested: https://web.archive.org/web/2001/' "$SCRATCH/out")" "0:1"
ok "and says the result came from that store" grep -q "0 checked now, 1 from the store" "$SCRATCH/err"
mv "$SCRATCH/mine.db" .linkmend/linkmend.db
git reset -q

# .linkmend.conf: an ignored URL is not checked, an accepted status is alive.
cat > .linkmend.conf <<'C'
# linkmend settings for this tree
[check]
	ignore = http://gone.linkmend-web.org/noth*
[host "gone.linkmend-web.org"]
	accept = 404
C
printf '/* http://gone.linkmend-web.org/nothing http://gone.linkmend-web.org/doc */\n' > c.c
git add c.c
diff_ --cached --ttl 0 --format=json > "$SCRATCH/j" 2>/dev/null
same "ignored and accepted links pass" "$?" "0"
same "the ignored URL is not listed, the accepted one is alive" \
	"$(python3 -c 'import json,sys; print([(o["url"], o["state"]) for o in json.load(open(sys.argv[1]))])' "$SCRATCH/j")" \
	"[('http://gone.linkmend-web.org/doc', 'alive')]"
same "and its detail says why" \
	"$(python3 -c 'import json,sys; print([o["detail"] for o in json.load(open(sys.argv[1]))])' "$SCRATCH/j")" \
	"['HTTP 404, accepted on this host by .linkmend.conf']"
printf '[check]\nignore http://x\n' > .linkmend.conf
diff_ --cached > /dev/null 2> "$SCRATCH/err"
same "a bad .linkmend.conf is an error" "$?" "2"
same "naming its file and line" "$(head -1 "$SCRATCH/err")" \
	"error: $T/.linkmend.conf:2: expected 'key = value'"
printf '[check]\nignored = http://x\n' > .linkmend.conf
diff_ --cached > /dev/null 2> "$SCRATCH/err"
ok "an unknown key is an error too" grep -q "\.linkmend\.conf:2: unknown setting \[check\] ignored" "$SCRATCH/err"
rm -f .linkmend.conf c.c
git reset -q
rm -rf .linkmend	# the hook below runs with no store at all

# The pre-commit hook from docs/ refuses the dead link, lets a live one by.
mkdir -p "$SCRATCH/bin"
# linkmend on PATH, as the hook calls it, inside the test web.
cat > "$SCRATCH/bin/linkmend" <<W
#!/bin/sh
exec "$WEB/exec" -n "$NAME" "$LINKMEND" "\$@" ${NET[*]}
W
chmod +x "$SCRATCH/bin/linkmend"
cp "$TESTS/../docs/pre-commit.sample" .git/hooks/pre-commit
printf '/* http://gone.linkmend-web.org/doc */\n' > d.c
git add d.c
PATH=$SCRATCH/bin:$PATH git commit -qm "dead" > "$SCRATCH/out" 2>&1
same "the pre-commit hook refuses a dead link" "$?" "1"
printf '/* http://alive.linkmend-web.org/page */\n' > d.c
git add d.c
PATH=$SCRATCH/bin:$PATH git commit -qm "live" > "$SCRATCH/out" 2>&1
same "and lets a live one by" "$?" "0"

# The pre-push hook checks a new branch too, against what the remote has,
# and a repository's first push whole.
git init -q --bare "$SCRATCH/remote.git"
git remote add origin "$SCRATCH/remote.git"
cp "$TESTS/../docs/pre-push.sample" .git/hooks/pre-push
PATH=$SCRATCH/bin:$PATH git push -q origin HEAD:refs/heads/main > "$SCRATCH/push0" 2>&1
same "the first push of a repository is checked whole (a.c has a dead link)" "$?" "1"
ok "naming it" grep -q "^a.c:3: dead link http://gone.linkmend-web.org/nothing" "$SCRATCH/push0"
git push -q --no-verify origin HEAD:refs/heads/main
git checkout -q -b topic
printf '/* http://gone.linkmend-web.org/doc */\n' > e.c
git add e.c
git commit -q --no-verify -m "dead on a new branch"
PATH=$SCRATCH/bin:$PATH git push -q origin topic > "$SCRATCH/push1" 2>&1
same "the pre-push hook refuses a new branch (no upstream) that adds a dead link" "$?" "1"
ok "naming the link" grep -q "gone.linkmend-web.org/doc" "$SCRATCH/push1"
git rm -q e.c
git commit -q --no-verify -m "gone again"
printf '/* http://alive.linkmend-web.org/page */\n' > e.c
git add e.c
git commit -q --no-verify -m "live"
git checkout -q -b topic2
PATH=$SCRATCH/bin:$PATH git push -q origin topic2 > "$SCRATCH/push2" 2>&1
same "and lets one by that adds only live links" "$?" "0"
# A branch pushed while another is checked out is checked too, its own
# files: git push origin feature from topic2.
git checkout -q -b feature
printf '/* http://gone.linkmend-web.org/doc */\n' > f.c
printf '/* http://nxdomain.linkmend-web.org/x */\n' > g.c
git add f.c g.c
git commit -q --no-verify -m "two dead links on feature"
git checkout -q topic2
PATH=$SCRATCH/bin:$PATH git push -q origin feature > "$SCRATCH/push3" 2>&1
same "the pre-push hook refuses a pushed branch that is not checked out" "$?" "1"
same "naming both dead links it adds" \
	"$(grep -c '^[fg].c:1: dead link' "$SCRATCH/push3")" "2"
same "(and the remote did not get it)" \
	"$(git --git-dir="$SCRATCH/remote.git" rev-parse -q --verify refs/heads/feature)" ""
