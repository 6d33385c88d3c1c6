#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/trees.sh [NAME=GITDIR...]: the whole job on real trees other than
# the kernel, as a new user runs it, inside the test web.  For each tree:
# a clone with its history, a test web where every host has a fate
# (tests/kernel/web-gen.py, as make demo builds it), linkmend run
# --archived, the series applied with git am in a clone, linkmend verify,
# and, judged without linkmend's own code, the changed lines by file class,
# every changed line outside the allow-list (goal 0,
# bench/trees-lines.py), every changed line with its patch, old and new
# URL and the owner and purpose linkmend recorded (out/trees/NAME/lines.txt,
# "-" where the report has no such key), for a reader to judge, lines
# split (goal 0, tests/kernel/shape.py) and
# dead-link precision and recall (tests/kernel/accuracy.py), and the
# subjects that speak as the project does (bench/trees-voice.py).
#
# Trees are git directories, by default the fetched copies of curl, git
# and u-boot under /work/.mirror when present.  Needs root (the test web
# is a network namespace).  Figures in out/trees/NAME/summary.txt
# (NAME-seedN for SEED=N other than 1) and a table at the end.  Printed,
# not asserted: a benchmark, not a test.  Issue 44's trees were run as
#   M=/work/.mirror; SEED=1 bench/trees.sh zlib=$M/madler+zlib/repo \
#     tmux=$M/tmux+tmux/repo jq=$M/jqlang+jq/repo \
#     lighttpd=$M/lighttpd+lighttpd1.4/repo nginx=$M/nginx+nginx/repo \
#     openssh=$M/openssh+openssh-portable/repo redis=$M/redis+redis/repo \
#     libarchive=$M/libarchive+libarchive/repo openvpn=$M/OpenVPN+openvpn/repo \
#     libuv=$M/libuv+libuv/repo util-linux=$M/util-linux+util-linux/repo \
#     nmap=$M/nmap+nmap/repo
# and again with SEED=2 (nmap alone takes 8 minutes).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
# LINKMEND: another build to bench (the tests and scripts stay this tree's).
linkmend=${LINKMEND:-$repo/linkmend}
kt=$repo/tests/kernel
cache=${LINKMEND_CACHE:-${XDG_CACHE_HOME:-/var/cache}/linkmend}/trees
seed=${SEED:-1}
# Seed 1 writes out/trees/NAME, another seed out/trees/NAME-seedN, so
# that the runs of two seeds can be read side by side.
sfx=
[ "$seed" = 1 ] || sfx=-seed$seed
[ -x "$linkmend" ] || make -C "$repo" all >&2
if [ $# -eq 0 ]; then
	for t in curl+curl git+git u-boot+u-boot; do
		d=/work/.mirror/$t/repo
		[ -d "$d" ] && set -- "$@" "${t#*+}=$d"
	done
fi
[ $# -gt 0 ] || { echo "trees: no tree given and none fetched" >&2; exit 2; }

checkout() {	# checkout DIR SPARSE: HEAD, without the paths SPARSE lists
	if [ -s "$2" ]; then
		git -C "$1" sparse-checkout set --no-cone '/*' $(cat "$2")
	fi
	git -C "$1" checkout -q HEAD
}

one() {	# one NAME GITDIR
	local name=$1 src=$2 t0 t1 t2 t3 abase state vf=0 am=ok
	local out=$repo/out/trees/$1$sfx tree=$cache/$1$sfx web=lm-trees-$1$sfx
	rm -rf "$out" "$tree" "$tree-applied"
	mkdir -p "$out" "$cache"
	echo "== $name: clone"
	# A fetched copy may lack its largest blobs: leave those files out
	# of the work tree (a sparse checkout, as a user with a partial
	# clone has), and say how many.
	git clone -q --no-checkout "$src" "$tree"
	git -C "$tree" ls-tree -r --format='%(objectname) %(path)' HEAD > "$out/blobs"
	awk '{ print $1 }' "$out/blobs" | git -C "$tree" cat-file --batch-check |
		awk '$2 == "missing" { print $1 }' > "$out/missing-blobs"
	awk 'NR == FNR { m[$1] = 1; next } ($1 in m) { print "!/" substr($0, 42) }' \
		"$out/missing-blobs" "$out/blobs" > "$out/sparse"
	[ -s "$out/sparse" ] &&
		echo "$name: $(wc -l < "$out/sparse") files absent from the fetched copy, left out"
	checkout "$tree" "$out/sparse"
	t0=$(date +%s)
	"$linkmend" scan -q --no-output "$tree"
	python3 "$kt/web-gen.py" "$tree/.linkmend/linkmend.db" "$seed" \
		"$out/scenario" "$out/truth" > "$out/fates.txt"
	state=$("$repo/tests/web/up" "$out/scenario" "$web")
	echo "== $name: linkmend run"
	t1=$(date +%s)
	"$repo/tests/web/exec" -n "$web" "$linkmend" run "$tree" -o "$out/series" \
		--cacert "$state/ca.crt" --allow-private --archived --confirm 1 \
		--timeout 10 --retry-wait 200 --archive-spacing 0 --signoff \
		--from "linkmend bench <bench@linkmend.org>" -q > "$out/run.txt" 2>&1 || true
	t2=$(date +%s)
	"$repo/tests/web/down" "$web"
	find "$out/series" -name '0*.patch' ! -name '0000-*' | sort > "$out/patches.txt"
	git clone -q --no-checkout "$tree" "$tree-applied"
	checkout "$tree-applied" "$out/sparse"
	git -C "$tree-applied" config user.name "linkmend bench"
	git -C "$tree-applied" config user.email bench@linkmend.org
	# git am writes trees: a blob the copy lacks must leave the index
	# first, in a commit of its own that the series then applies on.
	if [ -s "$out/sparse" ]; then
		sed 's|^!/||' "$out/sparse" |
			xargs git -C "$tree-applied" rm -q --cached --sparse --
		git -C "$tree-applied" commit -qm "bench: leave out what the fetched copy lacks"
	fi
	abase=$(git -C "$tree-applied" rev-parse HEAD)
	# A maintainer runs plain git am; when that fails (a file with CRLF
	# line ends needs --keep-cr), say so, and apply with --keep-cr so
	# that the lines can still be judged.
	if [ -s "$out/patches.txt" ]; then
		if ! (cd "$tree-applied" && git am -q $(cat "$out/patches.txt")) \
			> "$out/am.txt" 2>&1; then
			am=failed
			git -C "$tree-applied" am --abort 2> /dev/null || true
			git -C "$tree-applied" reset -q --hard "$abase"
			(cd "$tree-applied" && git am -q --keep-cr $(cat "$out/patches.txt")) \
				>> "$out/am.txt" 2>&1 && am="failed(--keep-cr:ok)"
		fi
	fi
	# verify says "nothing changed" and fails when no patch was written:
	# nothing to verify is not a failure.
	: > "$out/verify.txt"
	if [ -s "$out/patches.txt" ]; then
		"$linkmend" verify -q --base "$abase" "$tree-applied" \
			> "$out/verify.txt" 2>&1 || vf=$(wc -l < "$out/verify.txt")
	fi
	git -C "$tree-applied" diff -U0 "$abase" > "$out/applied.diff"
	git -C "$tree-applied" diff -U1 "$abase" > "$out/applied-u1.diff"
	"$linkmend" report --db "$tree/.linkmend/linkmend.db" --format json \
		> "$out/report.json" 2> "$out/report.err" || true
	python3 "$here/trees-lines.py" "$tree-applied" "$abase" \
		"$out/applied.diff" "$out/report.json" $(cat "$out/patches.txt") \
		> "$out/lines.txt"
	python3 "$kt/shape.py" "$out/applied-u1.diff" > "$out/shape.txt"
	python3 "$kt/accuracy.py" "$tree/.linkmend/linkmend.db" "$out/truth" > "$out/accuracy.txt"
	python3 "$here/trees-voice.py" "$tree" $(cat "$out/patches.txt") > "$out/voice.txt"
	t3=$(date +%s)
	fig() { sed -n "s/^$1: //p" "$2" | head -1; }
	{
		echo "tree: $name ($(git -C "$tree" log -1 --format='%h %cs') $(git -C "$tree" rev-list --count HEAD) commits)"
		echo "urls: $(python3 -c 'import json, sys
t = json.load(open(sys.argv[1])).get("totals", {})
print("%s occurrences, %s links, %s checked" % (t.get("occurrences"), t.get("links"), t.get("checked")))' "$out/report.json" 2>/dev/null)"
		echo "patches: $(wc -l < "$out/patches.txt")"
		echo "git_am: $am"
		echo "voice_match: $(fig voice_match "$out/voice.txt") (trees-voice.py)"
		echo "verify_failures: $vf"
		echo "changed_lines: $(fig changed_lines "$out/lines.txt")"
		echo "changed_by_class: $(sed -n 's/^changed_\([a-z]*\): \([0-9]*\)$/\1 \2/p' "$out/lines.txt" | grep -v '^lines ' | paste -sd, | sed 's/,/, /g')"
		echo "outside_allow_list: $(fig outside_allow_list "$out/lines.txt") (goal 0)"
		echo "changed_by_owner: $(sed -n 's/^by_owner \(.*\): \([0-9]*\)$/\1 \2/p' "$out/lines.txt" | paste -sd, | sed 's/,/, /g')"
		echo "changed_by_purpose: $(sed -n 's/^by_purpose \(.*\): \([0-9]*\)$/\1 \2/p' "$out/lines.txt" | paste -sd, | sed 's/,/, /g')"
		echo "files_in_two_patches: $(grep '^line: ' "$out/lines.txt" | grep -c ' patch [^ ]*,' || true) changed lines"
		echo "left_unchanged: $(fig left_unchanged "$out/lines.txt") dead or moved occurrences ($(sed -n 's/^left \(.*\): \([0-9]*\)$/\1: \2/p' "$out/lines.txt" | paste -sd';' | sed 's/;/; /g'))"
		echo "lines_split: $(fig lines_split "$out/shape.txt") (goal 0)"
		echo "lines_joined: $(fig lines_joined "$out/shape.txt")"
		echo "precision: $(fig precision "$out/accuracy.txt")"
		echo "recall: $(fig recall "$out/accuracy.txt")"
		echo "live_urls_rewritten: $(fig live_urls_rewritten "$out/accuracy.txt")"
		echo "kept: $(sed -n 's/^series: .*\(kept as they are .*\)$/\1/p' "$out/run.txt" | tail -1)"
		# Who gets the patches and why (RECIPIENTS), and the widest
		# commit message line, and those past 75 columns that are
		# not a URL alone (or "path:line: URL", which checkpatch
		# exempts).
		echo "form: $(grep -q '^# No mail:' "$out/series/INDEX" 2> /dev/null && sed -n 's/^# No mail: //p' "$out/series/INDEX" || echo mail)"
		echo "recipients: $(awk -F'\t' '!/^#/ { print $2 " " $3 " (" $4 ")" }' "$out/series/RECIPIENTS" 2> /dev/null |
			sort | uniq -c | sort -rn | sed 's/^ *\([0-9]*\) /\1x /' | paste -sd';' | sed 's/;/; /g')"
		echo "message_lines: $(awk 'FNR == 1 { b = 0; d = 0 } !b && !d && /^$/ { b = 1; next }
			b && /^---$/ { b = 0; d = 1 } b { if (length > m) m = length
			if (length > 75 && $0 !~ /^(  |[^ ]+:[0-9]+: )(-> )?[a-z]+:\/\/[^ ]+$/) o++ }
			END { printf "longest %d, over 75 but a URL alone %d", m, o }' $(cat "$out/patches.txt") /dev/null)"
		echo "time_scan_web_s: $((t1 - t0))"
		echo "time_run_s: $((t2 - t1))"
		echo "time_apply_judge_s: $((t3 - t2))"
	} > "$out/summary.txt"
	cat "$out/summary.txt"
	grep '^  outside: ' "$out/lines.txt" | head -20
	head -5 "$out/verify.txt"
}

for arg in "$@"; do
	one "${arg%%=*}" "${arg#*=}"
done
echo "== trees"
for arg in "$@"; do
	s=$repo/out/trees/${arg%%=*}$sfx/summary.txt
	printf '%-10s patches %-4s changed %-5s outside %-3s split %-3s verify %-3s am %-6s precision %s recall %s\n' \
		"${arg%%=*}" "$(sed -n 's/^patches: //p' "$s")" \
		"$(sed -n 's/^changed_lines: //p' "$s")" \
		"$(sed -n 's/^outside_allow_list: \([0-9]*\).*/\1/p' "$s")" \
		"$(sed -n 's/^lines_split: \([0-9]*\).*/\1/p' "$s")" \
		"$(sed -n 's/^verify_failures: //p' "$s")" \
		"$(sed -n 's/^git_am: //p' "$s")" \
		"$(sed -n 's/^precision: //p' "$s")" "$(sed -n 's/^recall: //p' "$s")"
	printf '%-10s owner: %s\n%-10s purpose: %s\n' "" \
		"$(sed -n 's/^changed_by_owner: //p' "$s")" "" \
		"$(sed -n 's/^changed_by_purpose: //p' "$s")"
done
