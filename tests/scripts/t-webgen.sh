#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The test web of tests/kernel/web-gen.py: no capture of a page before
# the page could exist.  A URL a tree first cited in year Y has no capture
# before Y-3; a URL that names a date (/2003/07/, 2018-11-20) none before
# it; in a tree of one commit, or one that a repository around it does
# not track, a file's first copyright year stands for Y.  Fixtures: two lines of real trees (nmap's zenmapGUI/App.py cites
# the Python 3.8 notes, in 2019; openvpn's virtual-routing-and-forwarding
# rst a FrOSCon 2018 talk) among made-up ones, enough that every seed
# archives some (seeds 2, 4 and 8 archive the talk).  And one seed gives
# one web.
. "$(dirname "$0")/../lib/sh.sh"
GEN=$TESTS/kernel/web-gen.py

commit() {	# commit DIR DATE: everything in DIR, committed on DATE
	(cd "$1" && git add -A && GIT_AUTHOR_DATE=$2 GIT_COMMITTER_DATE=$2 \
		git commit -qm "at $2")
}

T=$SCRATCH/hist
mkdir -p "$T"
(cd "$T" && git init -q . && git config user.email dev@linkmend-web.org &&
 git config user.name "A Developer")
for i in $(seq 1 40); do
	echo "See http://old$i.linkmend-web.org/doc/page$i.html for more."
	echo "Post: http://blog$i.linkmend-web.net/2003/07/post-$i.html"
done > "$T/old.txt"
commit "$T" 2005-06-01T12:00:00Z
for i in $(seq 1 40); do
	echo "See https://new$i.linkmend-web.org/guide/part$i.html for more."
	echo "Talk: https://talks$i.linkmend-web.net/v/2018-11-20-talk$i"
done > "$T/new.txt"
# The lines of nmap's zenmap/zenmapGUI/App.py:65 and openvpn's
# doc/man-sections/virtual-routing-and-forwarding.rst:80.
echo '# https://docs.python.org/3/whatsnew/3.8.html#bpo-36085-whatsnew' \
	> "$T/App.py"
cat > "$T/vrf.rst" <<'RST'
Further reading:

  - Video (german): https://media.ccc.de/v/froscon2018-2247-l2\_l3\_fur\_fortgeschrittene\_-\_helle\_und\_dunkle\_magie\_im\_linux-netzwerkstack
RST
commit "$T" 2019-04-01T12:00:00Z
# A rewrapped old line keeps its year: the URL entered in 2005.
sed -i 's/^See http:\/\/old1\./See also\n http:\/\/old1./' "$T/old.txt"
commit "$T" 2021-01-10T12:00:00Z

O=$SCRATCH/one
mkdir -p "$O"
(cd "$O" && git init -q . && git config user.email dev@linkmend-web.org &&
 git config user.name "A Developer")
{
	echo "/* Copyright (C) 2015, 2017 A Developer */"
	for i in $(seq 1 40); do
		echo "/* http://drv$i.linkmend-web.org/datasheet$i.pdf */"
	done
} > "$O/drv.c"
commit "$O" 2022-12-11T12:00:00Z

# A tree that another repository holds but does not track: no history
# of its own, its copyright years date it.
V=$SCRATCH/hist/vendor
mkdir -p "$V"
sed 's/drv/vnd/g' "$O/drv.c" > "$V/vnd.c"

"$LINKMEND" scan -q --no-output "$T" > /dev/null 2>&1
"$LINKMEND" scan -q --no-output "$O" > /dev/null 2>&1
"$LINKMEND" scan -q --no-output "$V" > /dev/null 2>&1

# check SCENARIO FLOORS: every archive line of a URL FLOORS names (URL,
# TAB, the earliest stamp) is no earlier; prints the captures checked
# and each one too early.
check() {
	python3 - "$1" "$2" <<'PY'
import sys
floor = dict(l.rstrip("\n").split("\t") for l in open(sys.argv[2]))
n = 0
for l in open(sys.argv[1]):
    w = l.split()
    if len(w) < 3 or w[0] != "archive" or w[1] not in floor:
        continue
    n += 1
    if w[2] < floor[w[1]]:
        print("early: %s %s (not before %s)" % (w[1], w[2], floor[w[1]]))
print("checked %d" % n)
PY
}

{
	for i in $(seq 1 40); do
		printf 'http://old%d.linkmend-web.org/doc/page%d.html\t2002\n' $i $i
		printf 'http://blog%d.linkmend-web.net/2003/07/post-%d.html\t200307\n' $i $i
		printf 'https://new%d.linkmend-web.org/guide/part%d.html\t2016\n' $i $i
		printf 'https://talks%d.linkmend-web.net/v/2018-11-20-talk%d\t20181120\n' $i $i
	done
	printf 'https://docs.python.org/3/whatsnew/3.8.html\t2016\n'
	printf 'https://media.ccc.de/v/froscon2018-2247-l2_l3_fur_fortgeschrittene_-_helle_und_dunkle_magie_im_linux-netzwerkstack\t2016\n'
} > "$SCRATCH/floors-hist"
for i in $(seq 1 40); do
	printf 'http://drv%d.linkmend-web.org/datasheet%d.pdf\t2012\n' $i $i
done > "$SCRATCH/floors-one"
sed 's/drv/vnd/g' "$SCRATCH/floors-one" > "$SCRATCH/floors-vnd"

for seed in 1 2 3 4 8; do
	python3 "$GEN" "$T/.linkmend/linkmend.db" $seed "$SCRATCH/s$seed" \
		"$SCRATCH/t$seed" > /dev/null
	check "$SCRATCH/s$seed" "$SCRATCH/floors-hist" > "$SCRATCH/c$seed"
	n=$(sed -n 's/^checked //p' "$SCRATCH/c$seed")
	same "web-gen seed $seed: captures of a tree's history, $n checked, none before the page" \
		"$(grep -v '^checked ' "$SCRATCH/c$seed"; [ "$n" -ge 40 ] || echo "only $n")" ""
	python3 "$GEN" "$O/.linkmend/linkmend.db" $seed "$SCRATCH/o$seed" \
		"$SCRATCH/u$seed" > /dev/null
	check "$SCRATCH/o$seed" "$SCRATCH/floors-one" > "$SCRATCH/d$seed"
	n=$(sed -n 's/^checked //p' "$SCRATCH/d$seed")
	same "web-gen seed $seed: a tree of one commit, none before its copyright year - 3 ($n checked)" \
		"$(grep -v '^checked ' "$SCRATCH/d$seed"; [ "$n" -ge 8 ] || echo "only $n")" ""
	python3 "$GEN" "$V/.linkmend/linkmend.db" $seed "$SCRATCH/v$seed" \
		"$SCRATCH/w$seed" > /dev/null
	check "$SCRATCH/v$seed" "$SCRATCH/floors-vnd" > "$SCRATCH/e$seed"
	n=$(sed -n 's/^checked //p' "$SCRATCH/e$seed")
	same "web-gen seed $seed: a tree in another's repository, none before its copyright year - 3 ($n checked)" \
		"$(grep -v '^checked ' "$SCRATCH/e$seed"; [ "$n" -ge 8 ] || echo "only $n")" ""
done
python3 "$GEN" "$T/.linkmend/linkmend.db" 1 "$SCRATCH/again" "$SCRATCH/again-t" > /dev/null
ok "web-gen: one seed, one web" cmp -s "$SCRATCH/s1" "$SCRATCH/again"
ok "web-gen: one seed, one truth" cmp -s "$SCRATCH/t1" "$SCRATCH/again-t"
