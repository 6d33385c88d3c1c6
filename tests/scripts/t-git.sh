#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# In a git checkout the file list is git's: ignored files are not read,
# untracked ones only with --untracked; a tracked file deleted from the
# work tree is no error (there is nothing to read); one that cannot be
# read is one error line naming it, and the rest is scanned.
. "$(dirname "$0")/../lib/sh.sh"
T=$SCRATCH/repo
mkdir -p "$T/lib"
cd "$T" || exit 1
git init -q .
git config user.email t@example.org
git config user.name t
printf '/* http://tracked.kernel.org/ */\n' > lib/a.c
printf '/* http://gone.kernel.org/ */\n' > lib/b.c
printf '/* http://locked.kernel.org/ */\n' > lib/c.c
printf 'build/\n' > .gitignore
git add -A && git commit -qm base
mkdir build
printf 'http://ignored.kernel.org/\n' > build/out.txt
printf 'http://untracked.kernel.org/\n' > notes.txt
rm lib/b.c
# As nobody, so that a file can be unreadable.
chmod 755 "$SCRATCH"
chown -R nobody "$T"
chmod 000 lib/c.c

env HOME=/nonexistent setpriv --reuid=nobody --regid=nogroup --clear-groups \
	"$LINKMEND" scan . > "$SCRATCH/out" 2> "$SCRATCH/err"
rc=$?
chown -R root "$T"	# git reads no checkout of another user's
ok "tracked files are scanned" grep -q "^lib/a.c	1	4	http://tracked.kernel.org/	c-comment	-$" "$SCRATCH/out"
ok "ignored files are not" bash -c "! grep -q ignored '$SCRATCH/out'"
ok "untracked files are not, by default" bash -c "! grep -q untracked '$SCRATCH/out'"
ok "the summary says the list is git's" grep -q "from git" "$SCRATCH/err"
same "a tracked file deleted from the work tree is no error" "$(grep -c "lib/b.c" "$SCRATCH/err")" "0"
same "an unreadable tracked file is one error line naming it" "$(grep -c "lib/c.c" "$SCRATCH/err")" "1"
ok "and the error is a clean message" grep -q "^error: cannot open 'lib/c.c': Permission denied$" "$SCRATCH/err"
same "and the exit status says so" "$rc" "1"

"$LINKMEND" scan --untracked . > "$SCRATCH/out2" 2>/dev/null
ok "--untracked adds untracked files" grep -q "^notes.txt	1	1	http://untracked.kernel.org/	text	-$" "$SCRATCH/out2"
ok "but never ignored ones" bash -c "! grep -q ignored '$SCRATCH/out2'"

"$LINKMEND" scan --no-git . > "$SCRATCH/out3" 2>/dev/null
ok "--no-git walks the directory" grep -q "ignored.kernel.org" "$SCRATCH/out3"
ok "the walk skips .git" bash -c "! grep -q '^\.git/' '$SCRATCH/out3'"

# A part of a checkout is scanned as part of the checkout: the store is
# at its top, where check, report and fix look for it.
P=$SCRATCH/part
mkdir -p "$P/drivers/iio" "$P/fs"
cd "$P" || exit 1
git init -q .
printf '/* http://iio.kernel.org/ */\n' > drivers/iio/a.c
printf '/* http://fs.kernel.org/ */\n' > fs/b.c
git add -A && git -c user.email=t@example.org -c user.name=t commit -qm base
"$LINKMEND" scan -q drivers/iio > "$SCRATCH/p1" 2> "$SCRATCH/p1.err"
same "scan drivers/iio in a checkout: exit 0, no store inside drivers/iio" \
	"$? $(ls -d drivers/iio/.linkmend 2> /dev/null)" "0 "
ok "the store is at the checkout's top" test -f .linkmend/linkmend.db
ok "paths are relative to the top" grep -q "^drivers/iio/a.c	" "$SCRATCH/p1"
ok "and only that part is scanned" bash -c "! grep -q fs.kernel.org '$SCRATCH/p1'"
"$LINKMEND" report --format json -o - > /dev/null 2>&1
same "report at the top finds the store" "$?" "0"
"$LINKMEND" scan -q . drivers/iio > "$SCRATCH/p2" 2> "$SCRATCH/p2.err"
same "scan . drivers/iio: exit 0, no error" "$? $(cat "$SCRATCH/p2.err")" "0 "
ok "and the whole tree is scanned" grep -q "^fs/b.c	" "$SCRATCH/p2"
"$LINKMEND" scan -q --tree other . > /dev/null 2> "$SCRATCH/p3.err"
same "scan --tree NEW of a root scanned as another tree is refused, in one line" \
	"$? $(wc -l < "$SCRATCH/p3.err")" "2 1"
ok "naming the tree it is" grep -q "is the store's tree 'part' already" "$SCRATCH/p3.err"

# A repository whose files are all untracked: 0 files, and why.
N=$SCRATCH/new
mkdir -p "$N"
cd "$N" || exit 1
git init -q .
printf 'http://new.kernel.org/\n' > README
"$LINKMEND" scan -q . > /dev/null 2> "$SCRATCH/n.err"
ok "a repository with only untracked files says they are not scanned" \
	grep -q "^warning: git tracks no file here: 1 untracked file not scanned (git add them, or scan --untracked)$" "$SCRATCH/n.err"
