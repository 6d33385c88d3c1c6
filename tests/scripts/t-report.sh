#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# linkmend report on a fixture checked and resolved in the test web: the
# JSON against docs/report.schema.json, the SARIF against the SARIF 2.1.0
# schema (ajv) and Microsoft's multitool, the SARIF fixes giving the bytes
# linkmend fix writes, the markdown summary, and the HTML page in headless
# Chromium (counts, filters, sort, history), also with a hostile URL and
# hostile evidence planted in the store: shown as text, nothing runs.
. "$(dirname "$0")/../lib/sh.sh"
BROWSER=$TESTS/browser
MULTITOOL=$BROWSER/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
web_up "$TESTS/web/cases/report.scn"
NET=(--cacert "$state/ca.crt" --allow-private --timeout 2)

T=$SCRATCH/repo
mkdir -p "$T/drivers/net" "$T/fs"
cd "$T" || exit 1
git init -q .
git config user.email dev@linkmend-web.org
git config user.name dev
cat > MAINTAINERS <<'M'
Maintainers List
----------------

NET DRIVERS
M:	A <a@linkmend-web.org>
F:	drivers/net/

FILESYSTEMS
M:	B <b@linkmend-web.org>
F:	fs/
M
cat > drivers/net/a.c <<'C'
/*
 * Alive: http://alive.linkmend-web.org/page
 * Moved: http://moved.linkmend-web.org/old
 * Doc: http://gone.linkmend-web.org/doc
 * Example: http://example.com/foo
 */
C
cat > fs/b.c <<'C'
/* Nothing: http://gone.linkmend-web.org/nothing
 * Host gone: http://nxdomain.linkmend-web.org/x
 * Doc again: http://gone.linkmend-web.org/doc
 */
C
git add -A
GIT_AUTHOR_DATE=2006-06-01T12:00:00Z GIT_COMMITTER_DATE=2006-06-01T12:00:00Z \
	git commit -qm "add the fixture"
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q --confirm 1 "${NET[@]}" > /dev/null 2>&1
run "$LINKMEND" resolve -q --confirm 1 "${NET[@]}" --archive-spacing 0 \
	--wayback https://web.archive.org > /dev/null 2>&1

for f in json sarif md html; do
	"$LINKMEND" report --confirm 1 -o "$SCRATCH/r.$f" 2> "$SCRATCH/err.$f"
	same "report -o r.$f exits 0" "$?" "0"
done
J=$SCRATCH/r.json
py() { python3 -c "import json,sys; r=json.load(open('$J')); $1"; }
same "the JSON counts every occurrence" "$(py 'print(r["totals"]["occurrences"], r["states"]["total"])')" "7 7"
same "the JSON gives each link its state" "$(py 'print(" ".join(l["state"] for l in r["links"]))')" \
	"alive moved dead unchecked unresolved unresolved"
same "an occurrence with no flags lists none; an example is flagged" \
	"$(py 'print([o["flags"] for l in r["links"] for o in l["occurrences"] if l["url"].startswith(("http://alive", "http://example"))])')" \
	"[[], ['example']]"
same "areas come from MAINTAINERS" "$(py 'print(r["areas_from"], sorted(a["name"] for a in r["areas"]))')" \
	"MAINTAINERS ['FILESYSTEMS', 'NET DRIVERS']"
same "the archived occurrence carries its evidence" \
	"$(py 'print([o["resolution"]["evidence"].split(";")[-1].strip() for l in r["links"] for o in l["occurrences"] if o["resolution"] and o["resolution"]["kind"] == "archived"][0])')" \
	"capture 20010101000000, the nearest before 2006-06-01 (git log $(git rev-parse --short=12 HEAD), the history's first commit)"
same "a host that is gone is dead in the hosts view" \
	"$(py 'print([h["fate"] for h in r["hosts"] if h["host"] == "nxdomain.linkmend-web.org"])')" "['dead']"

if [ ! -d "$BROWSER/node_modules/ajv" ]; then
	echo "not ok - the npm test tools are missing (tests/deps.sh installs them)"
	exit 0
fi
(cd "$BROWSER" && node validate.mjs "$TESTS/../docs/report.schema.json" "$J" \
	"the JSON report validates against docs/report.schema.json")
(cd "$BROWSER" && node validate.mjs \
	node_modules/@microsoft/sarif-multitool-linux/sarif-2.1.0.json \
	"$SCRATCH/r.sarif" "the SARIF log validates against the SARIF 2.1.0 schema")
"$MULTITOOL" validate "$SCRATCH/r.sarif" -o "$SCRATCH/v.sarif" > "$SCRATCH/mt" 2>&1
same "sarif-multitool validate finds no error" \
	"$(python3 -c 'import json,sys; print(sum(1 for x in json.load(open(sys.argv[1]))["runs"][0].get("results", []) if x.get("level") == "error"))' "$SCRATCH/v.sarif" 2>&1)" "0"
S=$SCRATCH/r.sarif
same "SARIF has a result per dead or moved occurrence" \
	"$(python3 -c 'import json,sys; print(" ".join(sorted(x["ruleId"] for x in json.load(open(sys.argv[1]))["runs"][0]["results"])))' "$S")" \
	"dns gone gone gone moved"

# The SARIF fixes, applied to a copy, give the tree linkmend fix writes.
cp -a "$T" "$SCRATCH/copy"
python3 - "$S" "$SCRATCH/copy" <<'PY'
import json, sys
log = json.load(open(sys.argv[1]))
edits = {}
for res in log["runs"][0]["results"]:
    for fix in res.get("fixes", []):
        for ch in fix["artifactChanges"]:
            for rep in ch["replacements"]:
                d = rep["deletedRegion"]
                edits.setdefault(ch["artifactLocation"]["uri"], []).append(
                    (d["byteOffset"], d["byteLength"], rep["insertedContent"]["text"]))
for path, es in edits.items():
    p = sys.argv[2] + "/" + path
    b = open(p, "rb").read()
    for off, n, text in sorted(es, reverse=True):
        b = b[:off] + text.encode() + b[off + n:]
    open(p, "wb").write(b)
PY
"$LINKMEND" fix -q --archived > /dev/null 2>&1
ok "applying the SARIF fixes gives what linkmend fix --archived writes" \
	diff -r -x .git -x .linkmend "$T" "$SCRATCH/copy"
git checkout -q -- .

M=$SCRATCH/r.md
ok "the markdown summary counts the states, a dead link with no replacement so called" \
	grep -q '^| dead, no replacement | 2 |$' "$M"
ok "the markdown summary lists the dead link with its replacement" \
	grep -q '^- drivers/net/a.c:4: http://gone.linkmend-web.org/doc (dead, archived copy; gone) &rarr; https://web.archive.org/web/20010101000000/http://gone.linkmend-web.org/doc$' "$M"
same "its list is worst first, failing links too" \
	"$(sed -n 's/^- [^ ]* [^ ]* (\([^;]*\);.*/\1/p' "$M" | uniq | tr '\n' '|')" \
	"$(python3 -c '
import json, sys
m = json.load(open(sys.argv[1]))
order = ["unresolved", "dead", "failing", "moved"]
label = {"unresolved": "dead, no replacement", "dead": "dead, archived copy",
         "failing": "failing, not confirmed", "moved": "moved"}
have = {o["state"] for l in m["links"] for o in l["occurrences"]}
print("".join(label[s] + "|" for s in order if s in have), end="")' "$J")"

if [ ! -x /usr/bin/chromium ]; then
	echo "not ok - Debian's chromium is missing (tests/deps.sh installs it)"
	exit 0
fi
(cd "$BROWSER" && timeout 120 node report.mjs --html "$SCRATCH/r.html" --json "$J") |
	grep -v '^browser: '

# What fix wrote is shown: the markdown lists it, the page marks it.
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" resolve -q --confirm 1 "${NET[@]}" --archive-spacing 0 \
	--wayback https://web.archive.org > /dev/null 2>&1
"$LINKMEND" fix -q
ok "(fix wrote the moved link)" grep -q "Moved: http://moved.linkmend-web.org/new$" drivers/net/a.c
"$LINKMEND" report -o "$SCRATCH/r4.md" 2> /dev/null
ok "the markdown lists the places fix wrote" bash -c "sed -n '/^\*\*Fixed: written by linkmend fix\*\*$/,\$p' '$SCRATCH/r4.md' |
	grep -q '^- drivers/net/a.c:3: http://moved.linkmend-web.org/old &rarr; http://moved.linkmend-web.org/new (moved)$'"
# A hostile URL and evidence planted in the store, as a hostile tree or
# server could make them: the page shows them as text and runs nothing.
XSS='http://gone.linkmend-web.org/"><script>window.__xss=1;alert(1)</script>'
sqlite3 .linkmend/linkmend.db \
	"UPDATE url SET url = '$XSS' WHERE url = 'http://gone.linkmend-web.org/nothing';
	 UPDATE resolution SET evidence = '</script><script>window.__xss=2</script><img src=x onerror=alert(3)>',
	   kind = 'moved', replacement = 'javascript:window.__xss=3'
	   WHERE kind = 'unresolved' AND path = 'fs/b.c' AND start < 20;"
"$LINKMEND" report -o "$SCRATCH/x.html" && "$LINKMEND" report -o "$SCRATCH/x.json"
ok "no raw script tag from the store reaches the page" \
	bash -c "! grep -q '<script>window' '$SCRATCH/x.html'"
(cd "$BROWSER" && timeout 120 node report.mjs --html "$SCRATCH/x.html" \
	--json "$SCRATCH/x.json" --xss "$XSS" --fixed) | grep -v '^browser: ' |
	grep -E 'hostile|script|clickable|no script|fix'

# A link that failed one check, not yet confirmed dead, is listed too.
cd "$T" || exit 1
echo "/* Later: http://gone.linkmend-web.org/later */" > fs/c.c
git add fs/c.c
"$LINKMEND" scan -q . > /dev/null
run "$LINKMEND" check -q "${NET[@]}" > /dev/null 2>&1
"$LINKMEND" report -o "$SCRATCH/r3.md" 2> /dev/null
ok "the markdown list names failing links too" \
	grep -q '^- fs/c.c:1: http://gone.linkmend-web.org/later (failing, not confirmed; gone)$' "$SCRATCH/r3.md"
