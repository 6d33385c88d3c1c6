# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for tests/scripts/t-*.sh: a scratch directory and ok/not ok.
set -u
: "${LINKMEND:=$(cd "$(dirname "$0")/../.." && pwd)/linkmend}"
: "${TESTS:=$(cd "$(dirname "$0")/.." && pwd)}"
SCRATCH=$(mktemp -d)
trap '[ -n "${KEEP_SCRATCH:-}" ] || rm -rf "$SCRATCH"' EXIT

ok() {		# ok NAME COMMAND...: passes when COMMAND succeeds
	local name=$1
	shift
	if "$@"; then
		echo "ok - $name"
	else
		echo "not ok - $name"
	fi
}

skip() {	# skip NAME WHY: a test that cannot run here, said so (TAP)
	echo "ok - $1 # SKIP $2"
}

same() {	# same NAME GOT WANT
	if [ "$2" = "$3" ]; then
		echo "ok - $1"
	else
		echo "not ok - $1"
		echo "  got:  $(printf '%q' "$2")"
		echo "  want: $(printf '%q' "$3")"
	fi
}

wait_for() {	# wait_for SECONDS COMMAND...: until COMMAND succeeds (whole s)
	# A wait for the condition a test needs rather than a guess at how long
	# it takes (a busy machine takes longer); 1 if it never came.
	local end=$((${EPOCHREALTIME//[!0-9]/} + $1 * 1000000))	# in us
	shift
	until "$@"; do
		[ "${EPOCHREALTIME//[!0-9]/}" -lt "$end" ] || return 1
		sleep 0.05
	done
}

web_pkill() {	# web_pkill SIGNAL PATTERN: pkill -f, in this test web only
	# Only processes in this script's network namespace: another test's
	# (or another run's) command line may match PATTERN too.
	pkill "-$1" --nslist net --ns "$(cat "$state/webd.pid")" -f -- "$2"
}

web_up() {	# web_up SCENARIO: this script's test web; sets WEB, NAME, state
	if [ "$(id -u)" -ne 0 ] || ! command -v dnsmasq > /dev/null; then
		echo "not ok - the test web needs root and dnsmasq (make check installs it)"
		exit 0
	fi
	WEB=$TESTS/web
	NAME=lm-$(basename "$0" .sh)-$$
	trap '"$WEB/down" "$NAME"; rm -rf "$SCRATCH"' EXIT
	state=$("$WEB/up" "$1" "$NAME") || { echo "not ok - tests/web/up failed"; exit 0; }
}

run() {		# run COMMAND...: inside the test web web_up started
	"$WEB/exec" -n "$NAME" "$@"
}

# resolve --format=json's answers, read back: each line of EXPECT is
# "url<TAB>kind<TAB>replacement<TAB>via" ("-" for none), and is a check.
same_resolutions() {	# same_resolutions JSON EXPECT
	local want url got
	while IFS= read -r want; do
		url=${want%%	*}
		got=$(python3 -c 'import json, sys
for o in json.load(open(sys.argv[1])):
    if o["url"] == sys.argv[2]:
        print("\t".join([o["url"], o["kind"], o["replacement"] or "-", o.get("via") or "-"]))' \
			"$1" "$url")
		same "$url: $(echo "$want" | cut -f2,4 | tr '\t' ' ')" "$got" "$want"
	done < "$2"
}

evidence_of() {	# evidence_of JSON URL: the evidence resolve gave URL
	python3 -c 'import json, sys
print("".join(o["evidence"] for o in json.load(open(sys.argv[1])) if o["url"] == sys.argv[2]))' "$1" "$2"
}
