#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# make releases: every release, once (issue 47), on the kernel, in the
# test web.  Release A is Debian's linux-source-6.1, release B Debian's
# linux-source-6.12 committed on top of it in the same repository (both
# unpacked outside this repository by tree.sh); the web is make demo's
# (web-gen.py) from one store that holds both trees' URLs, so that B's
# new hosts have fates too.  bench/release-ab.sh then runs A, records its
# series as sent, applies a third upstream, refuses a third, leaves a
# third pending, runs B 70 days later with the same store, and asserts
# 0 refused, 0 unmarked pending and 0 applied repeats and that
# series --resend marks every patch.  Each release is checked twice
# first with the clock set back 6 and 3 days (the default confirmation),
# then run with make demo's options (--archived --date <6.1's release>).
# Artefacts in out/releases/ (table.txt: the figures).  Not in CI: about
# 15 minutes on two cores (the two-commit repository 4 of them).  REUSE=1 keeps the two-commit repository
# of the last run.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
linkmend=$repo/linkmend
out=$repo/out/releases
seed=${SEED:-1}
name=lm-releases
stamp() { echo "== $(date +%T) $*"; }
[ -x "$linkmend" ] || make -C "$repo" all
rm -rf "$out"
mkdir -p "$out"

stamp "trees"
a=$("$here/tree.sh" 6.1)
b=$("$here/tree.sh" 6.12)
cache=$(dirname "$a")
git_tree=$cache/releases/linux
msg_a="Linux 6.1 (Debian's linux-source-6.1)"
msg_b="Linux 6.12 (Debian's linux-source-6.12)"
if [ -z "${REUSE:-}" ] ||
   [ "$(git -C "$git_tree" log --format=%s 2> /dev/null | tr '\n' '|')" != "$msg_b|$msg_a|" ]; then
	"$here/gittree.sh" "$git_tree"
	# B on top of A: 6.12's files in place of 6.1's, one commit, dated
	# on 6.12's release day.
	find "$git_tree" -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
	cp -a "$b/." "$git_tree/"
	rm -rf "$git_tree/.linkmend"
	git -C "$git_tree" add -A -f
	GIT_AUTHOR_DATE=2024-11-17T12:00:00Z GIT_COMMITTER_DATE=2024-11-17T12:00:00Z \
		git -C "$git_tree" commit -qm "$msg_b"
fi
rev_b=$(git -C "$git_tree" rev-parse HEAD)
rev_a=$(git -C "$git_tree" rev-parse HEAD~1)
echo "A $rev_a, B $rev_b"

stamp "test web (both trees' hosts)"
web_db=$out/web.db
"$linkmend" scan -q --no-output --db "$web_db" --tree linux-6.1 "$a"
"$linkmend" scan -q --no-output --db "$web_db" --tree linux-6.12 "$b"
python3 "$here/web-gen.py" "$web_db" "$seed" "$out/scenario" "$out/truth" > "$out/fates.txt"
trap '"$repo/tests/web/down" "$name"' EXIT
state=$("$repo/tests/web/up" "$out/scenario" "$name")

stamp "release A, then B (bench/release-ab.sh)"
"$repo/bench/release-ab.sh" -n "$name" -b "6 3" -l "$state/requests.log" \
	"$git_tree" "$rev_a" "$rev_b" "$out/ab" \
	--cacert="$state/ca.crt" --allow-private --archived --date=2022-12-11 \
	--timeout=10 --retry-wait=200 --archive-spacing=0 --signoff \
	--from="linkmend e2e <e2e@linkmend.org>" | tee "$out/table.txt"
rc=${PIPESTATUS[0]}
stamp "done"
[ $rc = 0 ] && echo "releases: ok" || echo "releases: FAILED"
exit $rc
