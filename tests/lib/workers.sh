# SPDX-License-Identifier: GPL-2.0-or-later
# The workers' test web, for t-workers.sh and t-workfaults.sh (source it
# after tests/lib/sh.sh): a tree of links over thirty-odd hosts, the test
# web serving them, a PostgreSQL cluster of the test's own, and helpers
# to read the verdicts and the gaps between requests on the wire.
# WORKERS_HOSTS=N makes N hosts of five links (30).
# WORKERS_SLOW=N adds N hosts whose one link moves to a page on a host
# that answers in 5 s (slow.workers-web.org), which every worker asks.
. "$TESTS/lib/pg.sh"
if [ -z "$(pg_bindir)" ] || ! id postgres > /dev/null 2>&1; then
	echo "not ok - PostgreSQL's server is not installed (make check installs it)"
	exit 0
fi
if ! command -v tcpdump > /dev/null; then
	echo "not ok - tcpdump is not installed (make check installs it)"
	exit 0
fi

# Thirty hosts of five URLs each, every fate stateless (the same answer
# however often and in whatever order it is asked): alive, gone (with a
# Wayback capture), moved to a page that lives, server error; ten hosts
# moved to one hub; a refused host, a name that does not exist and one a
# letter off h00's.  The tree
# is a git history of one commit in 2010, which dates every line.
scn=$SCRATCH/workers.scn
tree=$SCRATCH/tree
mkdir -p "$tree"
python3 - "$scn" "$tree/links.c" "${WORKERS_SLOW:-0}" "${WORKERS_HOSTS:-30}" <<'PY'
import sys
fates = [("/ok", "200 fine"), ("/gone", "404"), ("/moved", "301 /ok"),
         ("/broken", "500"), ("/deep/page.html", "200 a page")]
with open(sys.argv[1], "w") as s, open(sys.argv[2], "w") as c:
    for h in range(int(sys.argv[4])):
        host = f"h{h:02d}.workers-web.org"
        s.write(f"{host} latency 5-40\n")
        for path, fate in fates:
            if fate.startswith("301"):
                s.write(f"{host} {path} 301 http://{host}/ok\n")
            else:
                s.write(f"{host} {path} {fate}\n")
            c.write(f"/* http://{host}{path} */\n")
        s.write(f"archive http://{host}/gone 20050101000000 200\n")
    # Ten hosts whose one link moved to a page on one hub, which the
    # tree also cites: the hub is one worker's, and hops there come
    # from every worker.
    s.write("hub.workers-web.org latency 5-40\n")
    for h in range(10):
        s.write(f"r{h}.workers-web.org latency 5-40\n")
        s.write(f"r{h}.workers-web.org /go 301 http://hub.workers-web.org/p{h}\n")
        s.write(f"hub.workers-web.org /p{h} 200 page {h}\n")
        c.write(f"/* http://r{h}.workers-web.org/go */\n")
    for h in range(5):
        s.write(f"hub.workers-web.org /d{h} 200 direct {h}\n")
        c.write(f"/* http://hub.workers-web.org/d{h} */\n")
    s.write("closed.workers-web.org refused\n")
    c.write("/* http://closed.workers-web.org/a */\n")
    c.write("/* http://nowhere.workers-web.org/b */\n")
    c.write("/* http://h0.workers-web.org/ok */\n")
    slow = int(sys.argv[3])
    if slow:
        s.write("slow.workers-web.org latency 5000-5000\n")
    for h in range(slow):
        s.write(f"q{h}.workers-web.org latency 5-40\n")
        s.write(f"q{h}.workers-web.org /go 301 http://slow.workers-web.org/s{h}\n")
        s.write(f"slow.workers-web.org /s{h} 200 slow page {h}\n")
        c.write(f"/* http://q{h}.workers-web.org/go */\n")
PY
(cd "$tree" && git init -q . && git add -A &&
 GIT_AUTHOR_DATE=2010-06-01T12:00:00Z GIT_COMMITTER_DATE=2010-06-01T12:00:00Z \
	git -c user.name=dev -c user.email=dev@workers-web.org commit -qm links)
web_up "$scn"
# Its own directory: the server runs as postgres, who cannot enter SCRATCH.
PGDIR=$(mktemp -d)
trap '"$WEB/down" "$NAME"; pg_down "$PGDIR"; rm -rf "$SCRATCH"' EXIT
PG=$(pg_up "$PGDIR")
ok "a PostgreSQL cluster of the test's own starts" test -n "$PG"
[ -n "$PG" ] || exit 0
newdb() {	# newdb NAME: an empty database in the cluster; its URL
	runuser -u postgres -- "$(pg_bindir)/createdb" -h "$PGDIR" "$1" &&
		echo "postgresql:///$1?host=$PGDIR&user=postgres"
}
SPACING=300
CHECK=(check -q --allow-private --timeout 3 --retries 0 --spacing-ms "$SPACING"
       --per-host 1)
# Workers without -q: they say what they did on stderr.
WORKER=(check --worker --allow-private --timeout 3 --retries 0
	--spacing-ms "$SPACING" --per-host 1)
export LINKMEND_NOW=1790000000

# verdicts DB: the verdict table check prints from the store alone (every
# result fresh: nothing is requested).
verdicts() {
	: > "$state/requests.log"
	run "$LINKMEND" "${CHECK[@]}" --db "$1" > "$SCRATCH/v.out" 2> /dev/null
	[ -s "$state/requests.log" ] && echo "REQUESTED"
	sort "$SCRATCH/v.out"
}
# capture: record the requests on the wire from now; min_gap stops it and
# prints the least time between two requests to one host, ms (to 0.01),
# or "none" when the capture holds fewer requests than webd logged or no
# host twice.
capture() {
	: > "$state/requests.log"
	"$WEB/capture" -n "$NAME" start "$SCRATCH/wire.pcap"
}
min_gap() {
	"$WEB/capture" -n "$NAME" stop "$SCRATCH/wire.pcap" > "$SCRATCH/wire" ||
		{ echo none; return; }
	if [ "$(wc -l < "$SCRATCH/wire")" -lt "$(wc -l < "$state/requests.log")" ]; then
		echo none
		return
	fi
	awk '{ if (($2 in last) && ($1 - last[$2]) * 1000 < m) m = ($1 - last[$2]) * 1000;
	       last[$2] = $1 } BEGIN { m = 1e9 }
	     END { if (m == 1e9) print "none"; else printf "%.2f\n", m }' "$SCRATCH/wire"
}
# gap_ok GAP: at least the spacing.
gap_ok() {
	[ "$1" != none ] && awk -v g="$1" -v s="$SPACING" 'BEGIN { exit !(g >= s) }'
}
scan_into() {	# scan_into DB [TREE-NAME]
	"$LINKMEND" scan -q --no-output --db "$1" ${2:+--tree "$2"} "$tree"
}

