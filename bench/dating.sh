#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/dating.sh: what a long history costs resolve.  A tree of FILES (100)
# files and COMMITS (4000) commits over 2008-2025 (bench/history.py: link
# lines rewritten, rewrapped with the same URL, moved between files,
# shifted), every link dead in the test web.  resolve dates each URL by
# the commit that added it to its file, from one git log -p of the files
# that hold them (src/resolve/dating.c); side by side in the same run:
# git log -p of the same files (a reading of every commit, what no dating
# can do better than), and git blame -M -C of every link's line, one
# process a file, as resolve dated them before.  Checked, not timed: every
# date no later than blame's on the same line, and those of rewrapped
# lines earlier.  Printed, never asserted.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
linkmend=$here/../linkmend
files=${FILES:-100}
commits=${COMMITS:-4000}
name=lm-dating
work=$(mktemp -d)
trap '"$here/../tests/web/down" "$name" 2> /dev/null; rm -rf "$work"' EXIT
[ -x "$linkmend" ] || make -C "$here/.." all >&2

tree=$work/tree
git init -q -b main "$tree"
python3 "$here/history.py" "$files" "$commits" 1 | git -C "$tree" fast-import --quiet
git -C "$tree" checkout -q main
# The test web: only its Wayback Machine, which has no capture.  Every
# link host is unknown there, which check calls a broken network: resolve
# is told to trust it.
echo "web.archive.org /robots.txt 200 ok" > "$work/dating.scn"
state=$("$here/../tests/web/up" "$work/dating.scn" "$name")
run() { "$here/../tests/web/exec" -n "$name" "$@"; }
net=(--cacert "$state/ca.crt" --allow-private --timeout 2)

cd "$tree"
"$linkmend" scan -q . > /dev/null
run "$linkmend" check -q --confirm 1 "${net[@]}" > /dev/null 2>&1 || true
t0=$(date +%s.%N)
run "$linkmend" resolve --confirm 1 "${net[@]}" --archive-spacing 0 \
	--wayback https://web.archive.org --format=json --trust-network \
	> "$work/resolved.json" 2> "$work/err" || true
t1=$(date +%s.%N)
line=$(grep '^resolve: .* dated by their history' "$work/err" || true)
[ -n "$line" ] || { cat "$work/err" >&2; echo "bench/dating.sh: resolve dated nothing" >&2; exit 1; }
read -r dated links secs < <(echo "$line" |
	sed 's/^resolve: \([0-9]*\) of \([0-9]*\) links dated by their history in \([0-9.]*\) s$/\1 \2 \3/')
python3 -c 'import json,sys; print("\n".join(sorted({o["path"] for o in json.load(open(sys.argv[1]))})))' \
	"$work/resolved.json" > "$work/files"
t2=$(date +%s.%N)
git log -p -- $(cat "$work/files") > /dev/null
t3=$(date +%s.%N)
# git blame of every link's line, as resolve did it: one process a file.
python3 - "$work/resolved.json" > "$work/compare" <<'PY'
import json, subprocess, sys, time
occ = json.load(open(sys.argv[1]))
by_file = {}
for o in occ:
    by_file.setdefault(o["path"], []).append(o)
t0 = time.monotonic()
blame = {}
for path, os_ in by_file.items():
    args = ["git", "blame", "--porcelain", "-M", "-C"]
    for o in os_:
        args += ["-L", "%d,%d" % (o["line"], o["line"])]
    out = subprocess.run(args + ["--", path], capture_output=True, text=True).stdout
    cur, final, times = None, None, {}
    for l in out.splitlines():
        f = l.split()
        if len(f) >= 3 and len(f[0]) == 40 and all(c in "0123456789abcdef" for c in f[0]):
            cur, final = f[0], int(f[2])
            if cur in times:
                blame[(path, final)] = times[cur]
        elif l.startswith("author-time "):
            times[cur] = int(l.split()[1])
            blame[(path, final)] = times[cur]
t1 = time.monotonic()
dates = {}
later = earlier = same = undated = 0
for o in occ:
    src = o["date_source"]
    if not src.startswith("git log "):
        undated += 1
        continue
    sha = src.split()[2].rstrip(",")
    if sha not in dates:
        dates[sha] = int(subprocess.run(["git", "show", "-s", "--format=%at", sha],
                                        capture_output=True, text=True).stdout)
    b = blame.get((o["path"], o["line"]))
    if b is None:
        continue
    if dates[sha] > b:
        later += 1
    elif dates[sha] < b:
        earlier += 1
    else:
        same += 1
print("blame_seconds %.2f" % (t1 - t0))
print("later_than_blame %d" % later)
print("earlier_than_blame %d" % earlier)
print("same_as_blame %d" % same)
print("left_to_blame %d" % undated)
PY
fig() { sed -n "s/^$1 //p" "$work/compare"; }
whole=$(echo "$t1 - $t0" | bc -l)
log=$(echo "$t3 - $t2" | bc -l)
bl=$(fig blame_seconds)
printf 'history: %d commits, %d files, %d dead links in %d files\n' \
	"$(git rev-list --count HEAD)" "$files" "$links" "$(wc -l < "$work/files")"
printf '%-18s %8.2f s  %6.2f ms a dead link  %5.2fx git log -p\n' "dating (linkmend)" "$secs" \
	"$(echo "$secs * 1000 / $links" | bc -l)" "$(echo "$secs / $log" | bc -l)"
printf '%-18s %8.2f s  %6.2f ms a dead link  %5.2fx git log -p\n' "git blame -M -C" "$bl" \
	"$(echo "$bl * 1000 / $links" | bc -l)" "$(echo "$bl / $log" | bc -l)"
printf '%-18s %8.2f s\n' "git log -p" "$log"
printf '%-18s %8.2f s  (dating %.0f%% of it)\n' "resolve" "$whole" \
	"$(echo "$secs * 100 / $whole" | bc -l)"
printf 'dates: %d dated by their history; against blame: %d later (goal 0), %d earlier (rewrapped or moved lines), %d the same; %d left to blame\n' \
	"$dated" "$(fig later_than_blame)" "$(fig earlier_than_blame)" "$(fig same_as_blame)" "$(fig left_to_blame)"
