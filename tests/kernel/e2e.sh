#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# make e2e: the whole product on Debian's linux-source-6.1, in the test web.
#  1. the tree, outside the repository, as a git repository (one commit);
#  2. a test web where every host of the tree has a fate (web-gen.py);
#  3. two checks with the clock set back 6 and 3 days, then linkmend run
#     --archived --date <6.1's release> (the default confirmation), in that
#     web (archived copies too, which a janitor asks for), and
#     linkmend report in every format, the HTML one tested in headless
#     Chromium with its time to interactive;
#  4. checkpatch.pl on every patch, git am in a clone, linkmend verify,
#     precision and recall of dead links against the scenario, and of
#     the successors found, by strategy (successors.py);
#  5. a tinyconfig kernel built from the patched tree and booted in QEMU to
#     the marker its init prints.
# Artefacts in out/e2e/ (report.png among them); figures in
# out/e2e/summary.txt, "name: value".
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
linkmend=$repo/linkmend
out=$repo/out/e2e
seed=${SEED:-1}
name=lm-e2e
t_start=$(date +%s)
rm -rf "$out"
mkdir -p "$out"
summary() { echo "$1: $2" | tee -a "$out/summary.txt"; }
stamp() { echo "== $(date +%T) $*"; }

stamp "tools"
SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo
need=()
for p in flex bison bc libelf-dev libssl-dev cpio qemu-system-x86 build-essential; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" > /dev/null
fi
[ -x "$linkmend" ] || make -C "$repo" all

stamp "tree"
pristine=$("$here/tree.sh")
cache=$(dirname "$pristine")
tree=$cache/e2e/linux
rm -rf "$cache/e2e"
"$here/gittree.sh" "$tree"
base=$(git -C "$tree" rev-parse HEAD)
t_tree=$(date +%s)

stamp "test web"
"$linkmend" scan -q --no-output "$tree"
python3 "$here/web-gen.py" "$tree/.linkmend/linkmend.db" "$seed" "$out/scenario" "$out/truth" | tee "$out/fates.txt"
trap '"$repo/tests/web/down" "$name"' EXIT
state=$("$repo/tests/web/up" "$out/scenario" "$name")
t_web=$(date +%s)

# The default confirmation, as a user gets it: a link is dead after three
# failed checks at least three days apart.  Two checks with the clock
# set back six and three days (LINKMEND_NOW), then run's own, now; a
# success stays fresh for seven days, so the later ones ask again only
# what failed.
now=$(date +%s)
for back in 6 3; do
	stamp "check, $back days ago"
	LINKMEND_NOW=$((now - back * 86400)) "$repo/tests/web/exec" -n "$name" \
		"$linkmend" check -q --no-output --db "$tree/.linkmend/linkmend.db" \
		--cacert "$state/ca.crt" --allow-private --timeout 10 --retry-wait 200 ||
		[ $? -eq 1 ]	# dead links found
done

stamp "linkmend run"
"$repo/tests/web/exec" -n "$name" "$linkmend" run "$tree" -o "$out/series" \
	--cacert "$state/ca.crt" --allow-private --archived --date 2022-12-11 \
	--timeout 10 --retry-wait 200 --archive-spacing 0 --signoff \
	--from "linkmend e2e <e2e@linkmend.org>" -q 2>&1 | tee "$out/run.txt"
t_run=$(date +%s)
# What resolve asked the archive (CDX queries and replays; a tree's own
# links to web.archive.org are checked by other paths) for how many dead
# links, and how many it left alone as no patch would change them.
arch_req=$(awk '$2 == "web.archive.org" && ($6 ~ /^\/cdx\// || $6 ~ /^\/web\/[0-9]+id_\//)' "$state/requests.log" | wc -l)
dead_urls=$(sqlite3 "$tree/.linkmend/linkmend.db" "SELECT count(DISTINCT url_id) FROM resolution WHERE kind IN ('archived', 'unresolved')")
kept_urls=$(sqlite3 "$tree/.linkmend/linkmend.db" "SELECT count(DISTINCT url_id) FROM resolution WHERE evidence LIKE '%: not looked up'")

stamp "report"
db=$tree/.linkmend/linkmend.db
for f in html json sarif md; do
	"$linkmend" report --db "$db" -o "$out/report.$f"
done
report=ok
browser=$repo/tests/browser
if [ -d "$browser/node_modules/playwright-core" ] && [ -x /usr/bin/chromium ]; then
	(cd "$browser" && node validate.mjs "$repo/docs/report.schema.json" "$out/report.json" "report.json validates" &&
	 node validate.mjs node_modules/@microsoft/sarif-multitool-linux/sarif-2.1.0.json "$out/report.sarif" "report.sarif validates" &&
	 timeout 300 node report.mjs --html "$out/report.html" --json "$out/report.json" \
		--screenshot "$out/report.png" --bench) > "$out/report-test.txt" 2>&1 || report=failed
else
	echo "report: the browser test tools are missing (tests/deps.sh)" > "$out/report-test.txt"
	report=failed
fi
cat "$out/report-test.txt"
tti=$(sed -n 's/^bench: time to interactive \([0-9]*\) ms.*/\1/p' "$out/report-test.txt")
t_report=$(date +%s)

stamp "checkpatch"
find "$out/series" -name '0*.patch' ! -name '0000-*' | sort > "$out/patches.txt"
patches=$(wc -l < "$out/patches.txt")
# Each patch, and, where checkpatch complains, its reverse: a complaint
# about a line the original had too (its indentation, a label) is no new
# one.  Compared by type.  (Most patches draw none: the reverse of those
# is not run, which halves the stage.)
# Then as a maintainer runs it on the mail alone (--no-tree): ERRORs only.
xargs -P "$(nproc)" -I{} sh -c 'perl "$0/scripts/checkpatch.pl" --terse --show-types --no-summary "$1" > "$1.checkpatch" 2>&1 || true
	: > "$1.revcheck"
	if grep -q ": \(ERROR\|WARNING\):" "$1.checkpatch"; then
		awk -f "$2" "$1" > "$1.rev"
		perl "$0/scripts/checkpatch.pl" --terse --show-types --no-summary "$1.rev" > "$1.revcheck" 2>&1 || true
	fi
	perl "$0/scripts/checkpatch.pl" --no-tree --terse --show-types --no-summary "$1" > "$1.notree" 2>&1 || true
	: > "$1.revnotree"
	if grep -q ": ERROR:" "$1.notree"; then
		[ -f "$1.rev" ] || awk -f "$2" "$1" > "$1.rev"
		perl "$0/scripts/checkpatch.pl" --no-tree --terse --show-types --no-summary "$1.rev" > "$1.revnotree" 2>&1 || true
	fi' "$tree" {} "$here/reverse-patch.awk" < "$out/patches.txt"
errors=0
warnings=0
for p in $(cat "$out/patches.txt"); do
	# "PATCH:LINE: TYPE:NAME: text" -> "TYPE:NAME"
	key() { sed -n 's/^[^:]*:[0-9]*: \(ERROR\|WARNING\):\([A-Z_]*\):.*/\1:\2/p' "$1" | sort -u; }
	new=$(comm -23 <(key "$p.checkpatch") <(key "$p.revcheck"))
	msgs=$(grep -c ': \(ERROR\|WARNING\):' "$p.checkpatch" || true)
	if [ -n "$new" ]; then
		echo "checkpatch: $(basename "$p") new: $new"
		grep ': \(ERROR\|WARNING\):' "$p.checkpatch"
	fi
	[ "$msgs" = 0 ] || echo "checkpatch: $(basename "$p") also on the original lines: $msgs" >> "$out/checkpatch-old.txt"
done > "$out/checkpatch.txt"
for p in $(cat "$out/patches.txt"); do
	keye() { sed -n 's/^[^:]*:[0-9]*: ERROR:\([A-Z_]*\):.*/ERROR:\1/p' "$1" | sort -u; }
	new=$(comm -23 <(keye "$p.notree") <(keye "$p.revnotree"))
	[ -n "$new" ] && { echo "checkpatch --no-tree: $(basename "$p") new: $new"; grep ': ERROR:' "$p.notree"; }
done > "$out/checkpatch-notree.txt"
head -40 "$out/checkpatch.txt" "$out/checkpatch-notree.txt"
notree_errors=$(grep -o 'new: ERROR:[A-Z_]*' "$out/checkpatch-notree.txt" | wc -l)
warnings=$(grep -o 'new: WARNING:[A-Z_]*' "$out/checkpatch.txt" | wc -l)
errors=$(grep -o 'new: ERROR:[A-Z_]*' "$out/checkpatch.txt" | wc -l)
t_cp=$(date +%s)

stamp "git am and verify"
rm -rf "$cache/e2e/applied"
git clone -q "$tree" "$cache/e2e/applied"
am=ok
(cd "$cache/e2e/applied" && git am -q $(cat "$out/patches.txt")) > "$out/am.txt" 2>&1 || am=failed
vf=0
"$linkmend" verify -q --base "$base" "$cache/e2e/applied" > "$out/verify.txt" || vf=$(wc -l < "$out/verify.txt")
t_am=$(date +%s)

stamp "precision and recall"
python3 "$here/accuracy.py" "$tree/.linkmend/linkmend.db" "$out/truth" > "$out/accuracy.txt"
cat "$out/accuracy.txt"
# The web serves what the truth says of successors (after the run: its
# requests are not the run's).
"$repo/tests/web/exec" -n "$name" python3 "$here/truth-check.py" "$out/truth" "$state/ca.crt" \
	> "$out/truth-check.txt" || true
# Where dead links live now: successors found by strategy ("via"), the
# truth's verdict on each, and what is left to archived copies.
python3 "$here/successors.py" "$tree/.linkmend/linkmend.db" "$out/truth" "$out/report.json" > "$out/successors.txt" ||
	echo "successors_script: failed" >> "$out/successors.txt"
cat "$out/successors.txt"
# Where the text likeness of a moved page lies on this web: the threshold
# src/resolve/likeness.h states must fall between the two.
python3 "$here/likeness.py" "$out/scenario" "$out/truth" > "$out/likeness.txt" ||
	echo "likeness_script: failed" >> "$out/likeness.txt"
cat "$out/likeness.txt"
# Living pages told by their captures (issue 44): what resolve's evidence
# said of each dead page's captures, against the truth's page kinds.
python3 "$here/living.py" "$tree/.linkmend/linkmend.db" "$out/truth" > "$out/living.txt" ||
	echo "living_script: failed" >> "$out/living.txt"
cat "$out/living.txt"

# What a maintainer refuses, counted from the applied tree and the
# patches alone (no code shared with linkmend's own rules): lines that
# are not the tool's to change, and guessed hosts.
git -C "$cache/e2e/applied" diff -U0 "$base" > "$out/applied.diff"
# Lines that must stay, judged by the line and by its comment paragraph
# at the base (tests/kernel/never-touch.py: none of linkmend's code).
python3 "$here/never-touch.py" "$out/applied.diff" "$tree" "$base" > "$out/never-touch.txt"
cat "$out/never-touch.txt"
# The shape of the changed lines and the truth of every claim, read from
# the diff and the patches alone (tests/kernel/shape.py, claims.py).
git -C "$cache/e2e/applied" diff -U1 "$base" > "$out/applied-u1.diff"
python3 "$here/shape.py" "$out/applied-u1.diff" > "$out/shape.txt"
cat "$out/shape.txt"
python3 "$here/claims.py" --tree "$tree" $(find "$out/series" -name '*.patch' | sort) > "$out/claims.txt"
cat "$out/claims.txt"
guessed=$(cat /dev/null $(cat "$out/patches.txt") |
	grep -cE '^  (typo|migrated): ' || true)
# The series as maintainers receive it: routing, shape, subjects and
# message width against the tree's own get_maintainer.pl.
python3 "$here/series-check.py" "$tree" "$out/series" > "$out/series-check.txt"
cat "$out/series-check.txt"
# What the patches change, read from their diffs and MAINTAINERS alone
# (tests/kernel/series-figures.py): files in two patches of a series,
# links archived on their own section's hosts, home pages archived or
# moved to home pages.
python3 "$here/series-figures.py" "$tree" "$out/series" "$out/series-figures.txt"
cat "$out/series-figures.txt"
# Each subject's prefix against its owning MAINTAINERS section's
# convention, read with none of linkmend's code (tests/kernel/conventions.py).
python3 "$here/conventions.py" "$tree" $(find "$out/series" -name '0*.patch' ! -name '0000-*' | sort) > "$out/conventions.txt"
cat "$out/conventions.txt"
# The in-process routing (series --no-get-maintainer) against the script's:
# the same To: and Cc: lines, patch by patch.
rm -rf "$out/series-inproc"
"$linkmend" series --db "$tree/.linkmend/linkmend.db" -o "$out/series-inproc" \
	--no-get-maintainer --archived --signoff \
	--from "linkmend e2e <e2e@linkmend.org>" 2> /dev/null
hdrs() { sed -n '/^$/q;/^\(To\|Cc\): /p' "$1" 2> /dev/null | sort; }
inproc_same=0
while IFS= read -r f; do
	[ "$(hdrs "$out/series/$f")" = "$(hdrs "$out/series-inproc/$f")" ] &&
		inproc_same=$((inproc_same + 1))
done < <(cd "$out/series" && find . -name '*.patch')
inproc_all=$(find "$out/series" -name '*.patch' | wc -l)
echo "in_process_routing_matches: $inproc_same of $inproc_all"
t_acc=$(date +%s)

if [ "${E2E_BOOT:-1}" = 0 ]; then
	# make demo: the main job only, no kernel build.
	cat "$out/run.txt" | grep '^run:' || true
	echo "demo: results in $out (series/, scenario, truth, accuracy.txt)"
	exit 0
fi
stamp "kernel build"
build=$cache/e2e/build
rm -rf "$build"
mkdir -p "$build"
kdir=$cache/e2e/applied
make -C "$kdir" O="$build" -s tinyconfig > /dev/null
"$kdir/scripts/config" --file "$build/.config" -e 64BIT -e PRINTK -e TTY \
	-e SERIAL_8250 -e SERIAL_8250_CONSOLE -e BLK_DEV_INITRD -e BINFMT_ELF \
	-e RD_GZIP -e EARLY_PRINTK
make -C "$kdir" O="$build" -s olddefconfig > /dev/null
boot=failed
if make -C "$kdir" O="$build" -s -j"$(nproc)" bzImage > "$out/build.log" 2>&1; then
	t_build=$(date +%s)
	stamp "boot"
	cat > "$build/init.c" <<'C'
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	printf("LINKMEND-BOOT-OK\n");
	fflush(stdout);
	return 0;	/* init exits: panic=-1 reboots, -no-reboot ends QEMU */
}
C
	# The build directory has an init/ of its own: build init elsewhere.
	mkdir -p "$build/initramfs"
	gcc -static -O2 -o "$build/initramfs/init" "$build/init.c"
	(cd "$build/initramfs" && echo init | cpio -o -H newc 2> /dev/null | gzip > ../init.cpio.gz)
	timeout 300 qemu-system-x86_64 -kernel "$build/arch/x86/boot/bzImage" \
		-initrd "$build/init.cpio.gz" -append "console=ttyS0 panic=-1" \
		-nographic -no-reboot -m 256 > "$out/boot.log" 2>&1 || true
	grep -q LINKMEND-BOOT-OK "$out/boot.log" && boot=seen
else
	t_build=$(date +%s)
	tail -20 "$out/build.log"
fi
t_boot=$(date +%s)
# Touched C files the build compiled, the others covered by verify alone.
touched=$(git -C "$kdir" diff --name-only "$base" -- '*.c' | wc -l)
compiled=0
for f in $(git -C "$kdir" diff --name-only "$base" -- '*.c'); do
	[ -f "$build/${f%.c}.o" ] && compiled=$((compiled + 1))
done

rm -f "$out/summary.txt"
summary urls_found "$(grep -o 'occurrences [0-9]*' "$out/run.txt" | head -1 | cut -d' ' -f2)"
summary urls_checked "$(grep -o 'checked [0-9]*' "$out/run.txt" | head -1 | cut -d' ' -f2)"
grep -E '^(verdict|resolved)_' "$out/accuracy.txt" | sed 's/: /: /' | while IFS=': ' read -r k v; do summary "$k" "$v"; done
summary patches "$patches"
# A patch that adds an archived copy, whether or not its file's other
# links moved (one patch per file: "update moved and dead web links").
narch=$(cat /dev/null $(cat "$out/patches.txt") | awk '/^From [0-9a-f]+ Mon Sep 17 00:00:00 2001$/ { n += hit; hit = 0 } /^\+.*:\/\/web\.archive\.org\/web\// { hit = 1 } END { print n + hit }')
summary patches_archived "$narch (patches adding an archived copy, with --archived; the default, moved and upgrade, leaves those links out)"
summary series "$(grep -vc '^#' "$out/series/INDEX") (one per tree, at most 15 patches each: $out/series/INDEX)"
for k in recipients_match_get_maintainer patches_without_to duplicate_summaries \
	 series_spanning_trees message_lines_over_75 covers_without_all_recipients \
	 messages_with_evidence_above_cut subjects_over_75 summaries_with_maintainers_title; do
	summary "$k" "$(sed -n "s/^$k: //p" "$out/series-check.txt")"
done
sf() { sed -n "s/^$1: //p" "$out/series-figures.txt"; }
summary files_in_two_patches "$(sf files_in_two_patches) (files more than one patch of one tree's series changes, its parts together; $(sf files_in_two_patches_of_one_directory) within one directory: tests/kernel/series-figures.py; goal 0)"
summary archived_on_own_hosts "$(sf archived_on_own_hosts) of $(sf links_archived_in_patches) archived links (the original's host named by a W:/B:/T:/L:/Q: line of a section covering the file; goal 0)"
summary archived_home_pages "$(sf archived_home_pages) of $(sf links_archived_in_patches) archived links (a bare home page: no path, /, or an index page; goal 0)"
summary home_to_home_moves "$(sf home_to_home_moves) of $(sf links_moved_in_patches) moved links (both the old and the new URL bare home pages; goal 0)"
summary catch_all_patches "$(sf catch_all_patches) of $(sf series_patches_read) patches (files under more than one top-level folder, Documentation/ and include/ aside, sharing no folder name; goal 0)"
left() { grep -v '^#' "$out/series/LEFT" 2>/dev/null | grep -c "$1"; }
summary links_left_reported "$(grep -vc '^#' "$out/series/LEFT" 2>/dev/null) (series/LEFT: own site $(left 'your own site'), living page $(left 'an archived copy would freeze it'), bare home page $(left 'a bare home page: not archived'), home to home $(left 'a home page to a home page'))"
summary subjects_not_section_convention "$(sed -n 's/^subjects_not_section_convention: //p' "$out/conventions.txt") of $(sed -n 's/^patches_judged: //p' "$out/conventions.txt") (tests/kernel/conventions.py)"
summary in_process_routing_matches "$inproc_same of $inproc_all (series --no-get-maintainer: the same To: and Cc: as get_maintainer.pl's)"
summary files_touched "$(git -C "$kdir" diff --name-only "$base" | wc -l)"
summary archive_requests "$arch_req for $dead_urls dead links, $kept_urls of them kept everywhere and not looked up ($(echo "scale=2; $arch_req / ($dead_urls - $kept_urls + 0.0001)" | bc) a looked-up link; $((arch_req / 60)) min at the default 1 s spacing)"
summary report_test "$report ($(grep -c '^ok - ' "$out/report-test.txt") ok, $(grep -c '^not ok - ' "$out/report-test.txt") not ok)"
summary report_html_bytes "$(stat -c %s "$out/report.html")"
summary report_time_to_interactive_ms "${tti:-none} (goal 1000; a figure, not a check: bench/report.sh)"
summary checkpatch_new_errors "$errors"
summary checkpatch_new_warnings "$warnings"
summary checkpatch_no_tree_new_errors "$notree_errors (checkpatch.pl --no-tree on each mail alone, as a maintainer runs it)"
summary checkpatch_patches_with_old_complaints "$(wc -l < "$out/checkpatch-old.txt" 2>/dev/null || echo 0)"
summary git_am "$am"
summary verify_failures "$vf"
summary precision "$(grep '^precision' "$out/accuracy.txt" | cut -d' ' -f2)"
summary recall "$(grep '^recall' "$out/accuracy.txt" | cut -d' ' -f2)"
summary live_urls_rewritten "$(grep '^live_urls_rewritten' "$out/accuracy.txt" | cut -d' ' -f2)"
summary truth_check_failures "$(sed -n 's/^failures: //p' "$out/truth-check.txt") ($(sed -n 's/^successors_checked: //p' "$out/truth-check.txt") successors served, tests/kernel/truth-check.py)"
grep -E '^(dead_links|dead_with_successor|successor|archived_share|suggestions|typo_suggestions|live_moves)' "$out/successors.txt" |
	while IFS= read -r l; do summary "${l%%: *}" "${l#*: }"; done
summary likeness_true_lowest "$(sed -n 's/^lowest true likeness: \([0-9.]*\).*/\1/p' "$out/likeness.txt") (a true successor's text to its old page's)"
summary likeness_false_highest "$(sed -n 's/^highest false likeness: \([0-9.]*\).*/\1/p' "$out/likeness.txt") (any other page a candidate could be; LIKENESS_MIN 0.62 lies between)"
summary living_precision "$(sed -n "s/^living_precision: //p" "$out/living.txt") (pages told living by their captures that the truth says live)"
summary living_recall "$(sed -n "s/^living_recall: //p" "$out/living.txt") (living pages archived that their captures told living)"
summary never_touch_lines_changed "$(grep '^never_touch_lines_changed' "$out/never-touch.txt" | cut -d' ' -f2)"
summary never_touch_block_lines_changed "$(grep '^never_touch_block_lines_changed' "$out/never-touch.txt" | cut -d' ' -f2) (lines whose comment paragraph holds a copyright, licence or attribution notice)"
summary guessed_replacements_in_patches "$guessed"
# Code with an upstream of its own (its README says so): never changed.
rust_alloc=$(grep -c '^+++ b/rust/alloc/' "$out/applied.diff" || true)
summary imported_files_changed "$rust_alloc (rust/alloc/: goal 0)"
fig() { sed -n "s/^$1: //p" "$2"; }
summary lines_split "$(fig lines_split "$out/shape.txt") (goal 0: every edit in place)"
summary lines_joined "$(fig lines_joined "$out/shape.txt") (URLs the tree had wrapped, written whole)"
summary lines_grown_past_100 "$(fig lines_grown_past_100 "$out/shape.txt") (without a URL)"
summary url_lines_past_100 "$(fig url_lines_past_100 "$out/shape.txt") (checkpatch.pl exempts a line that holds a URL)"
summary box_misaligned "$(fig box_misaligned "$out/shape.txt")"
summary kept_by_reason "$(sed -n 's/^series: \(.* kept as they are .*\)$/\1/p' "$out/run.txt" | tail -1)"
summary claims_checked "$(fig claims_checked "$out/claims.txt")"
summary claims_contradicted "$(fig claims_contradicted "$out/claims.txt")"
summary dead_on_fewer_than_3_checks "$(fig dead_on_fewer_than_3_checks "$out/claims.txt") (archived links whose evidence counts fewer than three failed checks)"
summary identifier_or_license_rewritten "$(grep '^identifier_or_license_rewritten' "$out/accuracy.txt" | cut -d' ' -f2)"
summary c_files_touched "$touched"
summary c_files_compiled "$compiled (the other $((touched - compiled)) covered by verify alone)"
summary boot_marker "$boot"
summary time_tree_s "$((t_tree - t_start))"
summary time_web_s "$((t_web - t_tree))"
summary time_run_s "$((t_run - t_web))"
summary time_report_s "$((t_report - t_run))"
summary time_checkpatch_s "$((t_cp - t_report))"
summary time_am_verify_s "$((t_am - t_cp))"
summary time_build_s "$((t_build - t_acc))"
summary time_boot_s "$((t_boot - t_build))"
summary time_total_s "$(($(date +%s) - t_start))"
ok=1
[ "$errors" = 0 ] || ok=0
[ "$warnings" = 0 ] || ok=0
[ "$notree_errors" = 0 ] || ok=0
[ "$am" = ok ] || ok=0
[ "$vf" = 0 ] || ok=0
[ "$report" = ok ] || ok=0
[ "$boot" = seen ] || ok=0
python3 -c "import sys; p, r = float(sys.argv[1]), float(sys.argv[2]); sys.exit(0 if p >= 0.99 and r >= 0.99 else 1)" \
	"$(grep '^precision' "$out/accuracy.txt" | cut -d' ' -f2)" "$(grep '^recall' "$out/accuracy.txt" | cut -d' ' -f2)" || ok=0
[ "$(grep '^live_urls_rewritten' "$out/accuracy.txt" | cut -d' ' -f2)" = 0 ] || ok=0
[ "$(grep '^never_touch_lines_changed' "$out/never-touch.txt" | cut -d' ' -f2)" = 0 ] || ok=0
[ "$(grep '^never_touch_block_lines_changed' "$out/never-touch.txt" | cut -d' ' -f2)" = 0 ] || ok=0
[ "$(fig lines_grown_past_100 "$out/shape.txt")" = 0 ] || ok=0
[ "$(fig lines_split "$out/shape.txt")" = 0 ] || ok=0
[ "$(fig box_misaligned "$out/shape.txt")" = 0 ] || ok=0
[ "$(fig claims_contradicted "$out/claims.txt")" = 0 ] || ok=0
[ "$(fig dead_on_fewer_than_3_checks "$out/claims.txt")" = 0 ] || ok=0
[ "$guessed" = 0 ] || ok=0
[ "$rust_alloc" = 0 ] || ok=0
sc() { sed -n "s/^$1: //p" "$out/series-check.txt"; }
[ "$(sc recipients_match_get_maintainer)" = "$patches of $patches" ] || ok=0
for k in patches_without_to duplicate_summaries message_lines_over_75 covers_without_all_recipients \
	 messages_with_evidence_above_cut subjects_over_75 summaries_with_maintainers_title; do
	[ "$(sc $k)" = 0 ] || ok=0
done
case $(sc series_spanning_trees) in "0 of "*) ;; *) ok=0 ;; esac
[ "$(fig subjects_not_section_convention "$out/conventions.txt")" = 0 ] || ok=0
[ "$(fig files_in_two_patches "$out/series-figures.txt")" = 0 ] || ok=0
for k in archived_on_own_hosts archived_home_pages home_to_home_moves catch_all_patches; do
	[ "$(fig $k "$out/series-figures.txt")" = 0 ] || ok=0
done
[ "$inproc_same" = "$inproc_all" ] || ok=0
[ $ok = 1 ] && echo "e2e: ok" || { echo "e2e: FAILED"; exit 1; }
