#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# linkmend archive in the test web, read back by webrecorder's warcio
# (tests/browser/warc.mjs): records parse, digests verify, payloads are
# what the server served, revisits for a payload kept twice, CDXJ offsets
# point at their records; a second run fetches nothing; --max-size cuts
# and says so; runs killed mid-way leave whole files and the next run
# completes the set with no duplicate; resolve --archive prefers the
# project's own capture and does not ask the Wayback Machine.
# run early: about 1.5 min, 50 archive runs killed
. "$(dirname "$0")/../lib/sh.sh"
if [ "$(id -u)" -ne 0 ] || ! command -v dnsmasq > /dev/null; then
	echo "not ok - the test web needs root and dnsmasq (make check installs it)"
	exit 0
fi
BROWSER=$TESTS/browser
if [ ! -d "$BROWSER/node_modules/warcio" ]; then
	echo "not ok - the npm test tools are missing (tests/deps.sh installs them)"
	exit 0
fi
WEB=$TESTS/web
NAME=lm-archive-$$
trap '"$WEB/down" "$NAME"; rm -rf "$SCRATCH"' EXIT

# Many pages on one slow host, for the runs killed mid-way.
SCN=$SCRATCH/archive.scn
cp "$WEB/cases/archive.scn" "$SCN"
echo "slow.linkmend-web.org latency 30-60" >> "$SCN"
for i in $(seq 1 120); do echo "slow.linkmend-web.org /p$i 200 <html>page $i of the slow host</html>"; done >> "$SCN"
state=$("$WEB/up" "$SCN" "$NAME") || { echo "not ok - tests/web/up failed"; exit 0; }
run() { "$WEB/exec" -n "$NAME" "$@"; }
NET=(--cacert "$state/ca.crt" --allow-private --timeout 20)
warc() { (cd "$BROWSER" && node warc.mjs "$@"); }

T=$SCRATCH/tree
mkdir -p "$T/slow"
cd "$T" || exit 1
cat > a.c <<'C'
/*
 * http://site.linkmend-web.org/a.html http://site.linkmend-web.org/b.html
 * http://site.linkmend-web.org/c.html http://site.linkmend-web.org/chunked
 * http://big.linkmend-web.org/doc.pdf http://other.linkmend-web.org/x
 * http://gone.linkmend-web.org/y
 */
C
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q --no-output "${NET[@]}"
# What the server serves, fetched by curl, for warc.mjs to compare.
SERVED=$SCRATCH/served
mkdir -p "$SERVED"
for u in $(sqlite3 .linkmend/linkmend.db "SELECT url FROM url"); do
	run curl -s --cacert "$state/ca.crt" -o "$SERVED/$(printf %s "$u" | sha1sum | cut -c1-40)" "$u"
done

C=$SCRATCH/coll
: > "$state/requests.log"
run "$LINKMEND" archive -o "$C" "${NET[@]}" 2> "$SCRATCH/err"
same "archive exits 0" "$?" "0"
ok "it names what it kept" grep -q "^archive: 6 captures (1 revisits)" "$SCRATCH/err"
ok "the dead page is not fetched" bash -c "! grep -q 'gone.linkmend-web.org' '$state/requests.log'"
warc "$C" "$SERVED" --expect-urls 6
same "the second URL of one payload is a revisit" \
	"$(grep 'site)/b.html' "$C/index.cdxj" | grep -c '"mime":"warc/revisit"')" "1"
ok "a chunked reply keeps its framing header, renamed" \
	bash -c "zcat '$C'/*.warc.gz | grep -aq '^X-Linkmend-Orig-Transfer-Encoding: chunked'"
ok "the SURT key drops www and the scheme" grep -q '^org,linkmend-web,site)/a.html 2' "$C/index.cdxj"

# The collection as one WACZ (1.1.1), read back by linkmend and by hand.
W=$C/coll.wacz
ok "archive writes the collection as a WACZ beside it" test -s "$W"
ok "and says so" grep -q "^archive: $W: 1 WARC files (1 hashed anew), 5 pages, [0-9]* bytes" "$SCRATCH/err"
"$LINKMEND" archive --wacz-check "$W" > /dev/null 2> "$SCRATCH/wc"
same "archive --wacz-check finds it sound" "$?:$(cat "$SCRATCH/wc")" "0:archive: $W is a sound WACZ"
python3 - "$W" "$C" > "$SCRATCH/wz" <<'PY'
import hashlib, json, os, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = set(z.namelist())
dp = json.loads(z.read("datapackage.json"))
dig = json.loads(z.read("datapackage-digest.json"))
print("version", dp["wacz_version"])
print("digest", dig["hash"] == "sha256:" + hashlib.sha256(z.read("datapackage.json")).hexdigest())
print("hashes", all(r["hash"] == "sha256:" + hashlib.sha256(z.read(r["path"])).hexdigest()
                    and r["bytes"] == len(z.read(r["path"])) for r in dp["resources"]))
warcs = sorted(n for n in names if n.startswith("archive/"))
print("warcs", warcs == sorted("archive/" + f for f in os.listdir(sys.argv[2]) if f.endswith(".warc.gz")))
print("stored", all(z.getinfo(n).compress_type == zipfile.ZIP_STORED for n in warcs))
print("same bytes", all(z.read(n) == open(os.path.join(sys.argv[2], n[8:]), "rb").read() for n in warcs))
print("index", z.read("indexes/index.cdxj") == open(os.path.join(sys.argv[2], "index.cdxj"), "rb").read())
pages = z.read("pages/pages.jsonl").decode().splitlines()
print("pages header", json.loads(pages[0])["format"])
print("pages", sorted(json.loads(p)["url"] for p in pages[1:]))
PY
same "by hand: version, digest, hashes, the WARC files stored byte for byte, the index" \
	"$(head -7 "$SCRATCH/wz" | tr '\n' ' ')" \
	"version 1.1.1 digest True hashes True warcs True stored True same bytes True index True "
same "a page per URL archived" "$(sed -n 's/^pages header //p; s/^pages //p' "$SCRATCH/wz" | tr '\n' ' ')" \
	"json-pages-1.0 ['http://big.linkmend-web.org/doc.pdf', 'http://other.linkmend-web.org/x', 'http://site.linkmend-web.org/a.html', 'http://site.linkmend-web.org/c.html', 'http://site.linkmend-web.org/chunked'] "
# A WACZ with a WARC changed inside: --wacz-check says what is wrong.
python3 - "$W" "$SCRATCH/bad.wacz" <<'PY'
import json, sys, zipfile
src, dst = zipfile.ZipFile(sys.argv[1]), zipfile.ZipFile(sys.argv[2], "w")
line = src.read("indexes/index.cdxj").decode().splitlines()[0]
rec = json.loads(line.split(" ", 2)[2])
at = int(rec["offset"]) + int(rec["length"]) // 2	# inside a record
for i in src.infolist():
    data = src.read(i.filename)
    if i.filename == "archive/" + rec["filename"]:
        data = data[:at] + bytes([data[at] ^ 0xff]) + data[at + 1:]
    dst.writestr(i, data)
dst.close()
PY
"$LINKMEND" archive --wacz-check "$SCRATCH/bad.wacz" > /dev/null 2> "$SCRATCH/wc"
same "one with a byte changed in a WARC fails --wacz-check" "$?" "1"
ok "naming the file whose hash is wrong" grep -q "^error: WACZ '$SCRATCH/bad.wacz': archive/.* does not have the hash and size datapackage.json gives$" "$SCRATCH/wc"
ok "and a record that does not read back" grep -q "record .* does not read back\|is of .*, not of" "$SCRATCH/wc"
# The static replay page beside it.
ok "index.html embeds ReplayWeb.page on the WACZ" grep -q '<replay-web-page source="coll.wacz" replaybase="./replay/"' "$C/index.html"
if [ -f "$TESTS/../replayweb/node_modules/replaywebpage/ui.js" ]; then
	ok "with ReplayWeb.page's ui.js and replay/sw.js copied beside it" \
		cmp -s "$C/replay/sw.js" "$TESTS/../replayweb/node_modules/replaywebpage/sw.js"
else
	skip "with ReplayWeb.page's ui.js and replay/sw.js copied beside it" "make replayweb has not run"
fi

: > "$state/requests.log"
run "$LINKMEND" archive -o "$C" "${NET[@]}" 2> "$SCRATCH/err"
same "a second run has nothing to fetch" "$(grep -c . "$state/requests.log")" "0"
ok "and says so" grep -q "^archive: 0 captures" "$SCRATCH/err"
same "the index is unchanged" "$(wc -l < "$C/index.cdxj")" "6"
ok "the WACZ is written again without hashing its WARC file again" \
	grep -q "^archive: $W: 1 WARC files (0 hashed anew), 5 pages" "$SCRATCH/err"

# What a collection claims is in it: the store's word is not enough.
whole() {	# whole DIR: every closed WARC file's gzip members are whole
	local f
	for f in "$1"/*.warc.gz; do [ ! -e "$f" ] || gzip -t "$f" 2> /dev/null || return 1; done
}
G=$SCRATCH/gone
G1=(-o "$G" --max-size 1M "${NET[@]}")
run "$LINKMEND" archive "${G1[@]}" 2> /dev/null
rm -rf "$G"
: > "$state/requests.log"
run "$LINKMEND" archive "${G1[@]}" 2> "$SCRATCH/err"
same "a collection removed is archived again: exit 0, every page fetched" \
	"$?:$(grep -c . "$state/requests.log")" "0:6"
ok "saying the files the store named are gone" grep -q "^warning: $G/linkmend-.*\.warc\.gz: gone; its [0-9]* captures are fetched again$" "$SCRATCH/err"
"$LINKMEND" archive --wacz-check "$G/gone.wacz" > /dev/null 2>&1
same "and its WACZ is sound, with its WARC file and every capture in it" \
	"$?:$(unzip -l "$G/gone.wacz" | grep -c 'archive/.*warc.gz'):$(wc -l < "$G/index.cdxj")" "0:1:6"
# A WARC file cut short in the middle of its last capture.
f=$(ls "$G"/*.warc.gz)
truncate -s $(($(stat -c %s "$f") - 100)) "$f"
: > "$state/requests.log"
run "$LINKMEND" archive "${G1[@]}" 2> "$SCRATCH/err"
same "a WARC file cut short: exit 0, its last capture fetched again" \
	"$?:$(grep -c . "$state/requests.log")" "0:1"
ok "saying so" grep -q "^warning: $f: shorter than the store says; its 1 captures are fetched again$" "$SCRATCH/err"
ok "and the torn end is cut off" whole "$G"
"$LINKMEND" archive --wacz-check "$G/gone.wacz" > /dev/null 2>&1
same "the WACZ is sound, with every capture" "$?:$(wc -l < "$G/index.cdxj")" "0:6"

# A full disk: no closed file with a torn record, and the next run,
# given room, completes the set.  A tmpfs smaller than the big body
# twice (kept once while it comes, once in its record).
FULL=$SCRATCH/full
mkdir -p "$FULL"
if mount -t tmpfs -o size=1600k linkmend-test "$FULL"; then
	trap 'umount "$FULL"; "$WEB/down" "$NAME"; rm -rf "$SCRATCH"' EXIT
	run "$LINKMEND" archive -o "$FULL/c" --max-size 1M "${NET[@]}" 2> "$SCRATCH/err"
	same "a full disk fails the run (exit 2)" "$?" "2"
	ok "saying the write failed" grep -q "No space left on device" "$SCRATCH/err"
	ok "and leaves no closed WARC file with a torn record" whole "$FULL/c"
	mount -o remount,size=16m "$FULL"
	run "$LINKMEND" archive -o "$FULL/c" --max-size 1M "${NET[@]}" 2> "$SCRATCH/err"
	same "given room, the next run completes it (exit 0)" "$?" "0"
	ok "its WARC files whole" whole "$FULL/c"
	"$LINKMEND" archive --wacz-check "$FULL/c/c.wacz" > /dev/null 2>&1
	same "and its WACZ sound" "$?" "0"
else
	skip "a full disk fails the run, leaving no torn record" "cannot mount a tmpfs"
fi
# A torn record that an earlier build closed as whole is cut off.
f=$(ls "$C"/*.warc.gz | head -1)
head -c 60 "$f" >> "$f"
run "$LINKMEND" archive -o "$C" "${NET[@]}" 2> "$SCRATCH/err"
same "a closed file with a torn record at its end: the next run exits 0" "$?" "0"
ok "and cuts the torn record off" whole "$C"
ok "saying so" grep -q "^warning: $f: 60 bytes after its last whole record (a write that failed) cut$" "$SCRATCH/err"

# A WARC file's hash is taken from the last WACZ's writing only while the
# file is proven the same: one byte changed (its mtime set back) is hashed
# anew.  The byte is in the warcinfo record, which no index line names.
f=$(ls "$C"/*.warc.gz | head -1)
m=$(stat -c %y "$f")
python3 -c 'import sys; f = open(sys.argv[1], "r+b"); f.seek(20); b = f.read(1); f.seek(20); f.write(bytes([b[0] ^ 0xff]))' "$f"
touch -d "$m" "$f"
run "$LINKMEND" archive -o "$C" "${NET[@]}" 2> "$SCRATCH/err"
same "a WARC file changed in place, at the same size and mtime: exit 0" "$?" "0"
ok "it is hashed anew" grep -q "^archive: $W: 1 WARC files (1 hashed anew)" "$SCRATCH/err"
"$LINKMEND" archive --wacz-check "$W" > /dev/null 2> "$SCRATCH/wc"
same "and the WACZ holds its true hash" "$?:$(cat "$SCRATCH/wc")" "0:archive: $W is a sound WACZ"

# --wacz-check streams what it hashes, and reads nothing past the size
# datapackage.json gives: a ZIP bomb (160 MB of zeros in 160 kB) is
# refused in little memory.
python3 - "$SCRATCH/bomb.wacz" <<'PY'
import hashlib, json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED)
with z.open("archive/bomb.warc.gz", "w", force_zip64=True) as f:
    for _ in range(160):
        f.write(bytes(1 << 20))
dp = json.dumps({"profile": "data-package", "wacz_version": "1.1.1", "resources": [
    {"name": "bomb.warc.gz", "path": "archive/bomb.warc.gz", "hash": "sha256:" + "0" * 64, "bytes": 1000}]}).encode()
z.writestr("datapackage.json", dp)
z.writestr("datapackage-digest.json", json.dumps({"path": "datapackage.json", "hash": "sha256:" + hashlib.sha256(dp).hexdigest()}))
z.writestr("indexes/index.cdxj", "")
z.writestr("pages/pages.jsonl", '{"format": "json-pages-1.0"}\n')
PY
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f %M -o "$SCRATCH/rss" "$LINKMEND" archive --wacz-check "$SCRATCH/bomb.wacz" > /dev/null 2> "$SCRATCH/wc"
	same "a ZIP bomb fails --wacz-check (exit 1), naming the entry" "$?:$(cat "$SCRATCH/wc")" \
		"1:error: WACZ '$SCRATCH/bomb.wacz': archive/bomb.warc.gz does not have the hash and size datapackage.json gives"
	ok "in less than 64 MB" [ "$(tail -1 "$SCRATCH/rss")" -lt 65536 ]
else
	skip "a ZIP bomb fails --wacz-check in less than 64 MB" "no /usr/bin/time to measure it"
fi

# What a WACZ writer killed mid-way left is removed by the next one.
touch "$G/gone.wacz.tmp.Ab3dE9"
run "$LINKMEND" archive "${G1[@]}" 2> "$SCRATCH/err"
ok "a WACZ's temporary file that a kill -9 left is removed by the next run" \
	test ! -e "$G/gone.wacz.tmp.Ab3dE9"
ok "saying so" grep -q "^warning: removed '$G/gone.wacz.tmp.Ab3dE9', left by an interrupted run$" "$SCRATCH/err"

# No replay page that cannot play: without ReplayWeb.page's scripts, none
# is written, a warning says what is missing, and the run exits 1.
rm -rf "$G/index.html" "$G/ui.js" "$G/replay"
run "$LINKMEND" archive "${G1[@]}" --replayweb "$SCRATCH/nowhere" 2> "$SCRATCH/err"
same "without ReplayWeb.page's files: exit 1, no page written" "$?:$(ls "$G/index.html" 2> /dev/null)" "1:"
ok "a warning names what is missing and how to get it" grep -q "^warning: no replay page in '$G': ReplayWeb.page's ui.js and sw.js are not in '$SCRATCH/nowhere' (make replayweb, or --replayweb DIR)$" "$SCRATCH/err"

# A collection's name is escaped in its page: a URL where the page has
# one, text where text.
if [ -f "$TESTS/../replayweb/node_modules/replaywebpage/ui.js" ]; then
	Q="$SCRATCH/\"q<b>&a'%#"
	run "$LINKMEND" archive -o "$Q" --max-size 1M "${NET[@]}" 2> /dev/null
	same "a collection named with HTML's and URLs' characters: its page, parsed" "$(python3 - "$Q/index.html" <<'PY'
import html.parser, sys, urllib.parse
class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.attrs, self.text = [], {}, ""
    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs.update({tag + "." + k: v for k, v in attrs})
    def handle_data(self, d):
        self.text += d
p = P()
p.feed(open(sys.argv[1]).read())
print(sorted(set(p.tags)), urllib.parse.unquote(p.attrs["replay-web-page.source"]),
      urllib.parse.unquote(p.attrs["a.href"]), "'q<b>&a'%#.wacz" in p.text.replace('"', "'"))
PY
)" "['a', 'body', 'head', 'html', 'meta', 'noscript', 'replay-web-page', 'script', 'style', 'title'] \"q<b>&a'%#.wacz \"q<b>&a'%#.wacz True"
else
	skip "a collection named with HTML's and URLs' characters: its page, parsed" "make replayweb has not run"
fi

# archive -o writes only into a new, empty or linkmend's own directory.
U=$SCRATCH/mine
mkdir -p "$U"
echo "my notes" > "$U/notes.txt"
: > "$state/requests.log"
run "$LINKMEND" archive -o "$U" --max-size 1M "${NET[@]}" 2> "$SCRATCH/err"
same "archive -o a directory of the user's files: exit 2, nothing fetched, nothing written" \
	"$?:$(grep -c . "$state/requests.log"):$(ls -A "$U")" "2:0:notes.txt"
ok "naming a file it did not write, and --force" grep -q "^error: '$U' holds files linkmend did not write ('notes.txt'); .*--force" "$SCRATCH/err"
run "$LINKMEND" archive -o "$U" --force --max-size 1M "${NET[@]}" 2> /dev/null
same "with --force it archives there" "$?:$(cat "$U/notes.txt")" "0:my notes"
rm -f "$G/.linkmend-collection"
run "$LINKMEND" archive "${G1[@]}" 2> /dev/null
same "a collection an earlier build made is linkmend's" "$?" "0"

run "$LINKMEND" archive -o "$SCRATCH/cut" --max-size 1M "${NET[@]}" 2> /dev/null
same "--max-size keeps a cut body, marked WARC-Truncated" \
	"$(python3 - "$SCRATCH/cut" <<'PY'
import gzip, glob, sys
data = b"".join(gzip.open(f).read() for f in glob.glob(sys.argv[1] + "/*.warc.gz"))
i = data.index(b"WARC-Target-URI: http://big.linkmend-web.org/doc.pdf\r\nWARC-IP")
head = data[data.rindex(b"WARC/1.1", 0, i):data.index(b"\r\n\r\n", i)]
n = int(head.split(b"Content-Length: ")[1].split(b"\r\n")[0])
print(b"WARC-Truncated: length" in head, n - data.index(b"\r\n\r\n", data.index(b"\r\n\r\n", i) + 4) + data.index(b"\r\n\r\n", i) + 4 - 4 >= 0 and 1048576 <= n < 1048576 + 400)
PY
)" "True True"

# Killed mid-way, twice: whole files only, then the set completes.  A
# tree of its own, 120 pages on a slow host (about 6 s at 20 a second).
S=$SCRATCH/slowtree
mkdir -p "$S"
for i in $(seq 1 120); do echo "/* http://slow.linkmend-web.org/p$i */"; done > "$S/pages.c"
(cd "$S" && "$LINKMEND" scan -q . > /dev/null && run "$LINKMEND" check -q --no-output "${NET[@]}")
for i in $(seq 1 120); do
	u=http://slow.linkmend-web.org/p$i
	printf '<html>page %s of the slow host</html>\n' "$i" > "$SERVED/$(printf %s "$u" | sha1sum | cut -c1-40)"
done
K=$SCRATCH/killed
fetched() {	# fetched N: the slow host has been asked for N pages
	[ "$(grep -c ' slow\.linkmend-web\.org .* GET ' "$state/requests.log")" -ge "$1" ]
}
for n in 30 20; do
	: > "$state/requests.log"
	(cd "$S" && exec "$WEB/exec" -n "$NAME" "$LINKMEND" archive -o "$K" --warc-size 4K "${NET[@]}") > /dev/null 2>&1 &
	wait_for 60 fetched "$n"
	pkill -KILL -f "linkmend archive -o $K"
	wait 2> /dev/null
	warc "$K" "$SERVED" --partial | grep -v '^warc: ' | sed "s/^\(not \)\{0,1\}ok - /&after kill -9 at page $n: /"
done
# And many more kills, at random moments, each followed by a reader.
runs=${CRASH_RUNS:-50}
unreadable=0
for run in $(seq 3 "$runs"); do
	(cd "$S" && exec "$WEB/exec" -n "$NAME" "$LINKMEND" archive -o "$K" --warc-size 4K "${NET[@]}") > /dev/null 2>&1 &
	sleep "$(awk -v r="$RANDOM" 'BEGIN { printf "%.3f", 0.05 + (r % 400) / 1000 }')"
	pkill -KILL -f "linkmend archive -o $K"
	wait 2> /dev/null
	warc "$K" "$SERVED" --partial > "$SCRATCH/partial" 2>&1 || { unreadable=$((unreadable + 1)); grep '^not ok' "$SCRATCH/partial" | head -3; }
	# A run that finishes makes the next one a no-op: start over then.
	[ -z "$(ls "$K"/*.open 2> /dev/null)" ] && [ -f "$K/index.cdxj" ] &&
		[ "$(wc -l < "$K/index.cdxj")" = 120 ] && rm -rf "$K" &&
		sqlite3 "$S/.linkmend/linkmend.db" "DELETE FROM capture"
done
same "archive killed $runs times: the closed files are whole every time" "$unreadable" "0"
same "the store passes its integrity check" "$(sqlite3 "$S/.linkmend/linkmend.db" 'PRAGMA integrity_check')" "ok"
left_open=$(ls "$K"/*.open 2> /dev/null | wc -l)
(cd "$S" && run "$LINKMEND" archive -o "$K" --warc-size 4K "${NET[@]}") 2> "$SCRATCH/err"
same "the next run finishes" "$?" "0"
if [ "$left_open" -gt 0 ]; then
	ok "it cut or removed the file the kill left open" grep -qE "left open by an interrupted run; (cut after its last whole record|removed)" "$SCRATCH/err"
fi
warc "$K" "$SERVED" --expect-urls 120 | sed 's/^\(not \)\{0,1\}ok - /&after the kills: /'

# Save Page Now for live links the Wayback Machine has no capture of.
SPN=(--request-capture --spn https://web.archive.org --spn-spacing 20 --spn-poll 50)
run "$LINKMEND" archive -o "$C" "${NET[@]}" "${SPN[@]}" > /dev/null 2> "$SCRATCH/err"
same "--request-capture needs credentials" "$?" "2"
ok "and says which" grep -q "LINKMEND_SPN_ACCESS and LINKMEND_SPN_SECRET" "$SCRATCH/err"
: > "$state/requests.log"
LINKMEND_SPN_ACCESS=spnkey LINKMEND_SPN_SECRET=spnsecret \
	run "$LINKMEND" archive -o "$C" "${NET[@]}" "${SPN[@]}" > "$SCRATCH/spn" 2> "$SCRATCH/err"
same "a refused capture makes the exit status 1" "$?" "1"
same "each live link: saved, already captured, or refused with the reason" "$(sort "$SCRATCH/spn" | cut -f1,2,3 | sed 's/\tsaved\t20[0-9]\{12\}$/\tsaved\tTS/')" \
"http://big.linkmend-web.org/doc.pdf	saved	TS
http://other.linkmend-web.org/x	error	error:too-many-daily-captures
http://site.linkmend-web.org/a.html	saved	TS
http://site.linkmend-web.org/b.html	saved	TS
http://site.linkmend-web.org/c.html	already	20200101000000
http://site.linkmend-web.org/chunked	saved	TS"
ok "jobs are polled until they succeed" bash -c "[ \$(grep -c 'GET https /save/status/' '$state/requests.log') -ge 8 ]"
same "one request at a time to the archive" "$(awk '$2 == "web.archive.org" && $3 != 1' "$state/requests.log" | wc -l)" "0"
ok "the POST carries the form and the key" grep -q "POST https /save " "$state/requests.log"
: > "$state/requests.log"
LINKMEND_SPN_ACCESS=spnkey LINKMEND_SPN_SECRET=spnsecret \
	run "$LINKMEND" archive -o "$C" "${NET[@]}" "${SPN[@]}" > "$SCRATCH/spn2" 2> /dev/null
same "the next run asks only for the refused one" "$(cut -f1,2 "$SCRATCH/spn2")" \
	"http://other.linkmend-web.org/x	error"
LINKMEND_SPN_ACCESS=spnkey LINKMEND_SPN_SECRET=wrong \
	run "$LINKMEND" archive -o "$C" "${NET[@]}" "${SPN[@]}" > "$SCRATCH/spn3" 2> /dev/null
same "a wrong key is refused, with the archive's reason" "$(cut -f2,3 "$SCRATCH/spn3" | sort -u)" "error	error:unauthorized"

# The link dies: resolve --archive uses the project's own copy.
"$WEB/down" "$NAME"
sed 's|^site.linkmend-web.org /a.html 200 .*|site.linkmend-web.org /a.html 404|' "$SCN" > "$SCRATCH/dead.scn"
state=$("$WEB/up" "$SCRATCH/dead.scn" "$NAME") || { echo "not ok - tests/web/up failed"; exit 0; }
NET=(--cacert "$state/ca.crt" --allow-private --timeout 20)
run "$LINKMEND" check -q --force --confirm 1 "${NET[@]}" http://site.linkmend-web.org/a.html > /dev/null
: > "$state/requests.log"
run "$LINKMEND" resolve --confirm 1 "${NET[@]}" --archive-spacing 0 \
	--archive "$C" --archive-base https://links.linkmend-web.org/coll > "$SCRATCH/got" 2> /dev/null
ts=$(sed -n 's|^org,linkmend-web,site)/a.html \([0-9]*\) .*|\1|p' "$C/index.cdxj")
same "a dead link with a local capture resolves to its copy on the collection's static replay page" \
	"$(awk -F'\t' '$1 == "http://site.linkmend-web.org/a.html" { print $2, $3 }' "$SCRATCH/got")" \
	"archived https://links.linkmend-web.org/coll/index.html#url=http://site.linkmend-web.org/a.html&ts=$ts"
ok "the evidence gives the local capture's date and where the collection lives" \
	grep -q "the project's own capture $ts ($C/index.cdxj), .*, replayed by the collection's static page at https://links.linkmend-web.org/coll$" "$SCRATCH/got"
run "$LINKMEND" resolve --confirm 1 "${NET[@]}" --archive-spacing 0 --refresh \
	--archive "$C" --archive-base https://links.linkmend-web.org/coll --pywb > "$SCRATCH/got" 2> /dev/null
same "with --pywb, pywb's URL for it" \
	"$(awk -F'\t' '$1 == "http://site.linkmend-web.org/a.html" { print $2, $3 }' "$SCRATCH/got")" \
	"archived https://links.linkmend-web.org/coll/$ts/http://site.linkmend-web.org/a.html"
ok "the Wayback Machine is not asked for it" bash -c "! grep -q 'web.archive.org.*a.html' '$state/requests.log'"
run "$LINKMEND" resolve --archive "$C" > /dev/null 2> "$SCRATCH/err"
same "--archive without --archive-base is an error" "$?" "2"

# A collection with nothing in it (every link refused by the address
# rule): its WACZ is written whole, and nothing is lost on the way (libzip
# takes no empty buffer: a build under ASan saw its index leak, exit 23).
E=$SCRATCH/empty
mkdir -p "$E" && cd "$E" || exit 1
printf 'see http://127.0.0.1/a\n' > notes.txt
"$LINKMEND" scan -q --no-git . > /dev/null
"$LINKMEND" check -q --confirm 1 > /dev/null 2>&1
"$LINKMEND" archive -o coll --only all > /dev/null 2> "$SCRATCH/err"
same "an empty collection is archived: exit 0, nothing said beyond it" \
	"$? $(grep -vc '^archive: ' "$SCRATCH/err")" "0 0"
run "$LINKMEND" archive --wacz-check coll/coll.wacz > /dev/null 2>&1
same "and its WACZ checks sound" "$?" "0"
