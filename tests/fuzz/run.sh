#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tests/fuzz/run.sh [SECONDS]: build every harness with clang's libFuzzer,
# ASan and UBSan, and run each for SECONDS (60) from its seed corpus.
# Seeds come from the kernel tree when it is unpacked
# (/var/cache/linkmend/linux-source-6.1, or $LINKMEND_KERNEL), else from
# the repository's own kernel-derived fixtures.  Prints one TAP line per
# harness and its figures: executions, coverage, crashes.
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
secs=${1:-60}
out=${FUZZ_OUT:-$repo/out/fuzz}
mkdir -p "$out"
CC=${FUZZ_CC:-clang}
if ! command -v "$CC" > /dev/null; then
	echo "not ok - clang is not installed (tests/deps.sh installs it)"
	exit 1
fi
pkgs=$(make -s -C "$repo" print-pkgs) || { echo "not ok - make print-pkgs"; exit 1; }
flags="-g -O1 -std=c11 -D_GNU_SOURCE -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=undefined $(pkg-config --cflags $pkgs)"
libs="$(pkg-config --libs $pkgs) -pthread"
obj=$out/obj
mkdir -p "$obj"
srcs=$(make -s -C "$repo" print-lib-src) || { echo "not ok - make print-lib-src"; exit 1; }
objs=
for s in $srcs; do
	o=$obj/$(echo "$s" | tr / _).o
	if [ ! -f "$o" ] || [ "$repo/$s" -nt "$o" ] || [ "$repo/src/report/report.html" -nt "$o" ]; then
		(cd "$repo" && $CC $flags -c -o "$o" "$s") || { echo "not ok - cannot build $s for fuzzing"; exit 1; }
	fi
	objs="$objs $o"
done

kernel=${LINKMEND_KERNEL:-/var/cache/linkmend/linux-source-6.1}
seed() {	# seed NAME: fill $out/corpus/NAME
	local c=$out/corpus/$1
	mkdir -p "$c"
	# The committed corpus (tests/fuzz/corpus: seeds and every input that
	# once crashed), which tests/run also replays; then the kernel's.
	cp "$here/corpus/$1/"* "$c/"
	case $1 in
	scan)
		if [ -d "$kernel" ]; then
			# Small real files of each kind, the first byte the lexer.
			n=0
			for f in $(cd "$kernel" && ls drivers/net/ethernet/intel/e1000/*.c \
				Documentation/process/*.rst arch/x86/Kconfig* 2> /dev/null | head -40); do
				{ printf '\000'; head -c 4000 "$kernel/$f"; } > "$c/k$n"
				n=$((n + 1))
			done
		fi
		;;
	maintainers)
		if [ -f "$kernel/MAINTAINERS" ]; then
			head -c 20000 "$kernel/MAINTAINERS" > "$c/kernel-head"
			sed -n '/^Maintainers List/,$p' "$kernel/MAINTAINERS" | head -c 20000 > "$c/kernel-list"
		fi
		;;
	esac
}

status=0
for h in scan url maintainers replies; do
	bin=$out/fuzz-$h
	$CC $flags -fsanitize=fuzzer -o "$bin" "$here/fuzz-$h.c" $objs $libs 2> "$out/$h.build" ||
		{ echo "not ok - fuzz-$h builds"; cat "$out/$h.build"; status=1; continue; }
	seed "$h"
	rm -rf "$out/crashes-$h"
	mkdir -p "$out/crashes-$h"
	"$bin" -max_total_time="$secs" -max_len=65536 -rss_limit_mb=1024 -print_final_stats=1 \
		-artifact_prefix="$out/crashes-$h/" "$out/corpus/$h" > "$out/$h.log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$h.log")
	cov=$(grep -o 'cov: [0-9]*' "$out/$h.log" | tail -1 | cut -d' ' -f2)
	crashes=$(ls "$out/crashes-$h" | wc -l)
	echo "# fuzz-$h: $secs s, ${execs:-?} executions, coverage ${cov:-?} edges, $crashes crashes"
	if [ "$rc" = 0 ] && [ "$crashes" = 0 ]; then
		echo "ok - fuzz-$h: no crash in $secs s"
	else
		echo "not ok - fuzz-$h: no crash in $secs s"
		grep -A20 'ERROR\|runtime error' "$out/$h.log" | head -30
		status=1
	fi
done
exit $status
