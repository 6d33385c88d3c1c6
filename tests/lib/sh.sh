# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for tests/scripts/t-*.sh: a scratch directory and ok/not ok.
set -u
: "${LINKMEND:=$(cd "$(dirname "$0")/../.." && pwd)/linkmend}"
: "${TESTS:=$(cd "$(dirname "$0")/.." && pwd)}"
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT

ok() {		# ok NAME COMMAND...: passes when COMMAND succeeds
	local name=$1
	shift
	if "$@"; then
		echo "ok - $name"
	else
		echo "not ok - $name"
	fi
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
