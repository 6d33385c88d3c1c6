#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""webd: the HTTP and HTTPS servers of the test web, and its Wayback double.

Runs inside the test web's network namespace (tests/web/up starts it) and
serves every host of a scenario by its Host header (HTTP, port 80) or SNI
name (HTTPS, port 443), with the behaviour the scenario gives each host and
path.  The scenario format is documented in tests/web/README.md.

usage: webd.py SCENARIO STATEDIR
"""
import hashlib
import html
import asyncio
import base64
import bisect
import json
import os
import random
import re
import signal
import socket
import ssl
import sys
import time
import urllib.parse

PARKED_BODY = (b"<html><head><title>This domain is for sale</title></head>"
               b"<body>This domain may be for sale. Buy this domain today."
               b"</body></html>")
NOT_FOUND_BODY = b"<html><body><h1>Page not found</h1></body></html>"
# A parking page as Bodis-style services serve it: no text, a script that
# sends the browser to the lander.
PARKED_JS_BODY = (b'<!DOCTYPE html><html><head><script>window.onload=function()'
                  b'{window.location.href="/lander"}</script></head><body></body></html>')
REASONS = {200: "OK", 204: "No Content", 301: "Moved Permanently",
           302: "Found", 303: "See Other", 307: "Temporary Redirect",
           308: "Permanent Redirect", 400: "Bad Request",
           401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
           405: "Method Not Allowed", 410: "Gone", 429: "Too Many Requests",
           500: "Internal Server Error", 501: "Not Implemented",
           502: "Bad Gateway", 503: "Service Unavailable", 999: "Request denied"}


_BIG = {}


def big_body(path, size):
    mult = {"K": 1024, "M": 1024 * 1024}.get(size[-1:], 1)
    n = int(size[:-1] if size[-1:] in "KM" else size) * mult
    if (path, n) not in _BIG:
        _BIG[(path, n)] = hashlib.shake_256(path.encode()).digest(n)
    return _BIG[(path, n)]


def hostile_reply(kind, host):
    """Whole raw replies, each breaking a rule a client must survive."""
    crlf = "\r\n"
    if kind == "bad-status":
        return b"HTTP/1.1 abc Nonsense\r\nContent-Length: 0\r\n\r\n"
    if kind == "not-http":
        return b"SSH-2.0-OpenSSH_9.2\r\n\r\n"
    if kind == "folded":
        return (b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Long: a\r\n"
                b"  folded b\r\nX-Dup: 1\r\nX-Dup: 2\r\nContent-Length: 5\r\n\r\nhello")
    if kind == "dup-location":
        return (b"HTTP/1.1 301 Moved\r\nLocation: http://%s/one\r\nLocation: http://%s/two\r\n"
                b"Content-Length: 0\r\n\r\n" % (host.encode(), host.encode()))
    if kind == "bad-location":
        return b"HTTP/1.1 301 Moved\r\nLocation: http://[::1\r\nContent-Length: 0\r\n\r\n"
    if kind == "utf8-location":
        return b"HTTP/1.1 301 Moved\r\nLocation: /\xff\xfe\xc3(\r\nContent-Length: 0\r\n\r\n"
    if kind == "huge-retry-after":
        return b"HTTP/1.1 429 Too Many\r\nRetry-After: 99999999999999999999999\r\nContent-Length: 0\r\n\r\n"
    if kind == "header-flood":
        return (b"HTTP/1.1 200 OK\r\n" + b"".join(b"X-Flood-%d: %s\r\n" % (i, b"v" * 64) for i in range(20000))
                + b"Content-Length: 2\r\n\r\nok")
    if kind == "huge-header-line":
        return (b"HTTP/1.1 200 OK\r\nX-Huge: " + b"h" * (1 << 20) + b"\r\n"
                b"Content-Length: 2\r\n\r\nok")
    if kind == "gzip-bomb":
        import gzip
        body = gzip.compress(b"\0" * (200 << 20), 9)
        return (b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n"
                b"Content-Length: %d\r\n\r\n" % len(body)) + body
    if kind == "redirect-file":
        return b"HTTP/1.1 302 Found\r\nLocation: file:///etc/passwd\r\nContent-Length: 0\r\n\r\n"
    if kind == "redirect-gopher":
        return b"HTTP/1.1 302 Found\r\nLocation: gopher://%s/1\r\nContent-Length: 0\r\n\r\n" % host.encode()
    if kind == "redirect-metadata":
        return (b"HTTP/1.1 302 Found\r\nLocation: http://169.254.169.254/latest/meta-data/\r\n"
                b"Content-Length: 0\r\n\r\n")
    if kind == "redirect-loopback":
        return b"HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1/admin\r\nContent-Length: 0\r\n\r\n"
    if kind == "short-body":
        return b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nonly this"
    if kind == "utf8-body":
        return b"HTTP/1.1 404 Not Found\r\nContent-Type: text/html\r\nContent-Length: 6\r\n\r\n\xff\xfe\xfd\x80ab"
    raise ValueError(f"unknown hostile reply {kind}")


_HOSTILE = {}


_WORDS = ("archive capture page text mapping table entry answer question "
          "version build option library function value record field list "
          "server client request reply header socket buffer stream file "
          "format encoding character code point byte order network host "
          "address kernel module driver device memory cache lock thread "
          "signal timer event queue error status report manual guide").split()


def prose(seed, n):
    """n words of deterministic prose: the same seed, the same text."""
    out = []
    i = 0
    while len(out) < n:
        d = hashlib.sha256(f"{seed}\0{i}".encode()).digest()
        out.extend(_WORDS[b % len(_WORDS)] for b in d)
        i += 1
    return " ".join(out[:n])


def page_body(kind, url, ts, mime, head):
    """A capture's body by its page's kind (archive ... page=KIND):

    fixed   the same text at every capture (one digest);
    noisy   a fixed HTML article with a line of noise, a date and an ad,
            that changes its digest but not its text;
    living  a page someone keeps: most of its text is rewritten each
            year (a digest and a text of each year).
    Non-HTML (text/plain, pdf) is served as plain text, no markup."""
    year = ts[:4]
    key = norm(url)     # the URLs of one key are one page
    text = prose(key, 160)
    if kind == "living":
        text = prose(key, 40) + " " + prose(f"{key} {year}", 120)
    html = mime.startswith("text/html")
    if kind == "noisy":
        day = f"{ts[:4]}-{ts[4:6]}-{ts[6:8]}"
        ad = int(hashlib.sha256(ts.encode()).hexdigest(), 16) % 1000
        noise = f"page generated on {day} ad {ad}"
        text = f"{text}</p><p>{noise}" if html else f"{text}\n{noise}"
    if not html:
        return (text + "\n").encode()
    return f"<html>{head}<body><p>{text}</p></body></html>".encode()


class Host:
    def __init__(self, name):
        self.name = name
        self.flags = set()
        self.latency = (0, 0)
        self.paths = {}
        self.catchall_to = None     # where every unknown path redirects


class Scenario:
    def __init__(self, path):
        self.hosts = {}
        self.archive = []       # (url, timestamp, status, mime, parked)
        self.archive_opt = {}   # (url, timestamp) -> {"to": ..., "title": ...}
        self.mementos = []      # (url, timestamp, memento url)
        self.archive_timeouts = set()
        self.cdx_broken = {}    # url -> how its CDX reply is broken
        self.spn = None         # "ACCESS:SECRET" when Save Page Now is on
        self.spn_errors = {}    # url -> status_ext
        self.spn_jobs = {}      # job id -> [url, polls]
        self.counts = {}        # (host, path) -> requests seen
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = re.sub(r"(^|\s)#.*$", "", line).strip()
                if not line:
                    continue
                try:
                    self.parse(line.split())
                except (ValueError, IndexError) as e:
                    sys.exit(f"webd: {path}:{n}: {e}")

    def host(self, name):
        name = name.lower()
        if name not in self.hosts:
            self.hosts[name] = Host(name)
        return self.hosts[name]

    def parse(self, w):
        if w[0] == "expect":    # what the test expects: not the web's
            return
        if w[0] == "archive":
            url, ts, status = w[1], w[2], w[3]
            # KEY=VALUE words: to=URL, where a 3xx capture redirected;
            # title=WORDS_JOINED, the captured page's <title>;
            # body=WORDS_JOINED, its bytes (and a newline) instead;
            # page=fixed|noisy|living, a body made by the page's kind.
            opt = dict(x.split("=", 1) for x in w[4:] if "=" in x)
            w = w[:4] + [x for x in w[4:] if "=" not in x]
            mime = w[4] if len(w) > 4 else "text/html"
            if not re.fullmatch(r"\d{14}", ts):
                raise ValueError(f"bad timestamp {ts}")
            if opt:
                self.archive_opt[(url, ts)] = opt
            self.archive.append((url, ts, status, mime, "parked" in w[5:]))
            self.host("web.archive.org")
            self.host("archive.org")
            return
        if w[0] == "spn":
            # Save Page Now 2 at web.archive.org/save, for ACCESS:SECRET.
            self.spn = w[1]
            self.host("web.archive.org")
            return
        if w[0] == "cdx-broken":
            # A CDX reply that is not one: garbage, truncated or bad UTF-8.
            self.cdx_broken[w[1]] = w[2]
            self.host("web.archive.org")
            self.host("archive.org")
            return
        if w[0] == "spn-error":
            self.spn_errors[w[1]] = w[2]
            return
        if w[0] == "archive-timeout":
            self.archive_timeouts.add(w[1])
            self.host("web.archive.org")
            self.host("archive.org")
            return
        if w[0] == "memento":
            if not re.fullmatch(r"\d{14}", w[2]):
                raise ValueError(f"bad timestamp {w[2]}")
            self.mementos.append((w[1], w[2], w[3]))
            self.host("timetravel.mementoweb.org")
            return
        h = self.host(w[0])
        if len(w) == 1:
            return
        if not w[1].startswith("/"):
            if w[1] == "latency":
                lo, _, hi = w[2].partition("-")
                h.latency = (int(lo), int(hi or lo))
            elif w[1] == "catchall-to":
                h.catchall_to = w[2]
            else:
                h.flags.add(w[1])
            return
        # Matched decoded, as clients encode paths in different ways.
        h.paths[urllib.parse.unquote(w[1])] = w[2:]


def pad_ts(ts):
    return (ts + "00000000000000")[:14] if len(ts) < 14 else ts[:14]


def surt(url):
    if "://" not in url:
        url = "http://" + url
    u = urllib.parse.urlsplit(url)
    host = (u.hostname or "").lower()
    host = re.sub(r"^www\d*\.", "", host)
    path = (u.path or "/").lower()
    if len(path) > 1 and path.endswith("/"):
        path = path[:-1]
    q = "&".join(sorted(u.query.lower().split("&"))) if u.query else ""
    return ",".join(reversed(host.split("."))) + ")" + path + ("?" + q if q else "")


def norm(url):
    """Match captures to a requested URL: scheme, www and trailing / ignored."""
    return surt(url)


class Web:
    def __init__(self, sc, log):
        self.sc = sc
        self.log = log          # every request: time, host, in flight, method, target
        self.inflight = {}

    def count(self, host, path):
        k = (host, path)
        self.sc.counts[k] = self.sc.counts.get(k, 0) + 1
        return self.sc.counts[k]

    # ---- the Wayback double ----
    def save(self, method, path, headers):
        """Save Page Now 2: POST /save, then GET /save/status/JOB until
        success (the second poll); the capture then shows in the CDX."""
        js = {"Content-Type": "application/json"}
        if headers.get("authorization") != f"LOW {self.sc.spn}":
            return 401, js, json.dumps({"status": "error", "status_ext": "error:unauthorized",
                                        "message": "You need to be logged in"}).encode()
        if method == "POST" and path == "/save":
            form = urllib.parse.parse_qs(headers.get("_body", b"").decode("latin-1"))
            url = form.get("url", [""])[0]
            if url in self.sc.spn_errors:
                # An error can come with a 200 and no job id.
                return 200, js, json.dumps({"status": "error", "status_ext": self.sc.spn_errors[url],
                                            "message": "refused"}).encode()
            job = f"spn2-{len(self.sc.spn_jobs) + 1:04d}"
            self.sc.spn_jobs[job] = [url, 0]
            return 200, js, json.dumps({"url": url, "job_id": job}).encode()
        m = re.match(r"^/save/status/([\w-]+)$", path)
        if method == "GET" and m and m.group(1) in self.sc.spn_jobs:
            job = self.sc.spn_jobs[m.group(1)]
            job[1] += 1
            if job[1] < 2:
                return 200, js, json.dumps({"status": "pending", "job_id": m.group(1)}).encode()
            ts = time.strftime("%Y%m%d%H%M%S", time.gmtime())
            if not any(c[0] == job[0] for c in self.sc.archive):
                self.sc.archive.append((job[0], ts, "200", "text/html", False))
                self._by_key = None
                self._sorted = None
            return 200, js, json.dumps({"status": "success", "job_id": m.group(1),
                                        "timestamp": ts, "original_url": job[0]}).encode()
        return 404, js, b'{"status": "error", "status_ext": "error:not-found"}'

    def wayback(self, method, target, headers):
        u = urllib.parse.urlsplit(target)
        q = urllib.parse.parse_qs(u.query, keep_blank_values=True)
        if self.sc.spn and u.path.startswith("/save"):
            return self.save(method, u.path, headers)
        if u.path == "/cdx/search/cdx":
            if any(self.cdx_covers(q, t) for t in self.sc.archive_timeouts):
                return None
            return self.cdx(q)
        if u.path == "/wayback/available":
            return self.available(q)
        m = re.match(r"^/web/(\d{1,14})(id_|if_|fr_|im_|js_|cs_)?/(.+)$", target)
        if m:
            return self.replay(m.group(1), m.group(2) or "", m.group(3))
        return 404, {}, NOT_FOUND_BODY

    def timemap(self, url):
        rows = sorted((m for m in self.sc.mementos if norm(m[0]) == norm(url)),
                      key=lambda m: m[1])
        if not rows:
            return 404, {}, NOT_FOUND_BODY
        out = [f'<{url}>; rel="original"']
        for i, (orig, ts, mem) in enumerate(rows):
            rel = "first memento" if i == 0 else ("last memento" if i == len(rows) - 1 else "memento")
            dt = time.strftime("%a, %d %b %Y %H:%M:%S GMT", time.strptime(ts, "%Y%m%d%H%M%S"))
            out.append(f'<{mem}>; rel="{rel}"; datetime="{dt}"')
        return 200, {"Content-Type": "application/link-format"}, (",\n".join(out) + "\n").encode()

    def captures(self, url):
        # Indexed once: the kernel's web has thousands of captures.
        if getattr(self, "_by_key", None) is None:
            self._by_key = {}
            for c in self.sc.archive:
                self._by_key.setdefault(norm(c[0]), []).append(c)
        return sorted(self._by_key.get(norm(url), []), key=lambda c: c[1])

    def cdx_covers(self, q, url):
        """Whether the query q asks for the captures of url: its own key,
        or (matchType prefix or host) a key under the query's that every
        urlkey filter lets through."""
        mt = q.get("matchType", ["exact"])[0]
        want, key = norm(q.get("url", [""])[0]), norm(url)
        if mt == "exact":
            return key == want
        if mt == "host":
            want = want.split(")", 1)[0] + ")/"
        if not key.startswith(want):
            return False
        for flt in q.get("filter", []):
            neg = flt.startswith("!")
            field, _, rx = flt.lstrip("!").partition(":")
            if field == "urlkey" and bool(re.fullmatch(rx, key)) == neg:
                return False
        return True

    def by_key_sorted(self):
        if getattr(self, "_sorted", None) is None:
            self._sorted = sorted(((norm(c[0]), c[1], c) for c in self.sc.archive),
                                  key=lambda t: t[:2])
        return self._sorted

    def cdx(self, q):
        url = q.get("url", [""])[0]
        broken = next((b for u, b in self.sc.cdx_broken.items()
                       if u == url or (q.get("matchType", ["exact"])[0] != "exact"
                                       and self.cdx_covers(q, u))), None)
        if broken:
            js = {"Content-Type": "application/json"}
            return 200, js, {"garbage": b"<html>Service unavailable</html>",
                             "truncated": b'[["urlkey","timestamp","original"],\n["com,x)/", "2001',
                             "utf8": b'[["urlkey","timestamp"],\n["\xff\xfe", "20010101000000"]]',
                             "wrong-shape": b'{"rows": 3}'}[broken]
        mt = q.get("matchType", ["exact"])[0]
        if mt in ("prefix", "host", "domain"):
            # Rows in the archive's order: by key, then by time.  A
            # domain is its host and every host under it: keys that start
            # "org,example)" or "org,example,".
            want = norm(url)
            if mt == "host":
                want = want.split(")", 1)[0] + ")/"
            wants = [want]
            if mt == "domain":
                want = want.split(")", 1)[0]
                wants = [want + ")", want + ","]
            rows = []
            for want in wants:
                for k, _, c in self.by_key_sorted()[bisect.bisect_left(self._sorted, (want,)):]:
                    if not k.startswith(want):
                        break
                    rows.append(c)
            if mt == "domain":
                rows.sort(key=lambda c: (norm(c[0]), c[1]))
        else:
            rows = self.captures(url)
        fr, to = q.get("from", [""])[0], q.get("to", [""])[0]
        if fr:
            rows = [r for r in rows if r[1] >= pad_ts(fr)]
        if to:
            rows = [r for r in rows if r[1][:len(to)] <= to]
        for flt in q.get("filter", []):
            neg = flt.startswith("!")
            field, _, rx = flt.lstrip("!").partition(":")
            if field == "urlkey":
                rows = [r for r in rows if bool(re.fullmatch(rx, norm(r[0]))) != neg]
                continue
            idx = {"statuscode": 2, "mimetype": 3, "timestamp": 1, "original": 0}.get(field)
            if idx is None:
                continue
            rows = [r for r in rows if bool(re.fullmatch(rx, r[idx])) != neg]
        for col in q.get("collapse", []):
            # Adjacent rows whose field (its first N characters) repeats
            # are dropped: the first of each run is kept.
            field, _, n = col.partition(":")
            idx = {"urlkey": None, "timestamp": 1, "original": 0, "mimetype": 3,
                   "statuscode": 2, "digest": "digest"}.get(field, -1)
            if idx == -1:
                continue

            def key(r, idx=idx, n=n):
                v = norm(r[0]) if idx is None else (self.digest(r) if idx == "digest" else r[idx])
                return v[:int(n)] if n else v
            kept = []
            for r in rows:
                if not kept or key(kept[-1]) != key(r):
                    kept.append(r)
            rows = kept
        if q.get("sort", [""])[0] == "closest" and q.get("closest"):
            c = int(pad_ts(q["closest"][0]))
            rows.sort(key=lambda r: abs(int(r[1]) - c))
        elif q.get("sort", [""])[0] == "reverse":
            rows.reverse()
        lim = q.get("limit", [""])[0]
        if lim:
            n = int(lim)
            rows = rows[:n] if n >= 0 else rows[n:]
        fields = q.get("fl", ["urlkey,timestamp,original,mimetype,statuscode,digest,length"])[0].split(",")

        def val(r, f):
            return {"urlkey": surt(r[0]), "timestamp": r[1], "original": r[0],
                    "mimetype": r[3], "statuscode": r[2],
                    "digest": self.digest(r), "length": "1000"}.get(f, "-")
        if q.get("output", [""])[0] == "json":
            if not rows:
                return 200, {"Content-Type": "application/json"}, b"[]\n"
            out = "[" + json.dumps(fields, separators=(",", ":"))
            for r in rows:
                out += ",\n" + "[" + ", ".join(json.dumps(val(r, f)) for f in fields) + "]"
            return 200, {"Content-Type": "application/json"}, (out + "]\n").encode()
        body = "".join(" ".join(val(r, f) for f in fields) + "\n" for r in rows)
        return 200, {"Content-Type": "text/plain"}, body.encode()

    def available(self, q):
        url = q.get("url", [""])[0]
        rows = [r for r in self.captures(url) if r[2] == "200"]
        ts = q.get("timestamp", [""])[0]
        res = {"url": url, "archived_snapshots": {}}
        if rows:
            if ts:
                c = int(pad_ts(ts))
                r = min(rows, key=lambda r: abs(int(r[1]) - c))
            else:
                r = rows[-1]
            res["archived_snapshots"]["closest"] = {
                "status": r[2], "available": True,
                "url": f"http://web.archive.org/web/{r[1]}/{r[0]}",
                "timestamp": r[1]}
        return 200, {"Content-Type": "application/json"}, json.dumps(res).encode()

    def digest(self, r):
        """The CDX digest of capture r: base32 of the SHA-1 of the payload
        its replay serves."""
        st, _, body = self.replay(r[1], "id_", r[0])
        if st in (301, 302, 303, 307, 308):
            body = b""
        return base64.b32encode(hashlib.sha1(body).digest()).decode()

    def replay(self, ts, mod, url):
        rows = self.captures(url)
        if not rows:
            return 404, {}, NOT_FOUND_BODY
        exact = [r for r in rows if r[1] == ts]
        if not exact:
            c = int(pad_ts(ts))
            r = min(rows, key=lambda r: abs(int(r[1]) - c))
            return 302, {"Location": f"/web/{r[1]}{mod}/{r[0]}"}, b""
        r = exact[0]
        status = int(r[2])
        if r[4]:
            return 200, {"Content-Type": "text/html"}, PARKED_BODY
        hdr = {"Content-Type": r[3], "Memento-Datetime": time.strftime(
            "%a, %d %b %Y %H:%M:%S GMT", time.strptime(r[1], "%Y%m%d%H%M%S"))}
        opt = self.sc.archive_opt.get((r[0], r[1]), {})
        if status in (301, 302, 307, 308):
            # As the Wayback does: the archived Location, made a replay
            # URL of the same timestamp and modifier.
            hdr["Location"] = (f"https://web.archive.org/web/{r[1]}{mod}/{opt['to']}"
                               if "to" in opt else "/")
            return status, hdr, b""
        if "body" in opt:       # the page's own bytes, as a host serves BODY
            return status, hdr, (opt["body"].replace("_", " ") + "\n").encode()
        title = opt.get("title", "").replace("_", " ")
        head = f"<head><title>{title}</title></head>" if title else ""
        if "page" in opt:
            return status, hdr, page_body(opt["page"], r[0], r[1], r[3], head)
        # A fixed document: every capture of its key (http or https, www
        # or not) serves the same bytes.
        return status, hdr, f"<html>{head}archived {norm(r[0])}</html>".encode()

    # ---- ordinary hosts ----
    async def respond(self, scheme, method, target, headers):
        """Return (status, headers, body, mode) where mode is None,
        'stall' or a first-byte delay in ms."""
        hostname = headers.get("host", "").split(":")[0].lower()
        h = self.sc.hosts.get(hostname)
        if h is None:
            return 421, {}, b"no such host here\n", None
        lo, hi = h.latency
        if hi:
            await asyncio.sleep(random.uniform(lo, hi) / 1000.0)
        if "never-answers" in h.flags and hostname in (
                "web.archive.org", "archive.org", "timetravel.mementoweb.org"):
            return 200, {}, b"", 3600000    # an archive that is silent
        if hostname in ("web.archive.org", "archive.org") and (self.sc.archive or self.sc.archive_timeouts or self.sc.spn
                                                          or self.sc.cdx_broken):
            r = self.wayback(method, target, headers)
            if r is None:       # an archive look-up that never ends
                await asyncio.sleep(3600)
            return (*r, None)
        if hostname == "timetravel.mementoweb.org" and target.startswith("/timemap/link/"):
            return (*self.timemap(target[len("/timemap/link/"):]), None)
        path = target.split("?", 1)[0] if "paths-with-query" not in h.flags else target
        if scheme == "http" and "https-only" in h.flags:
            return 301, {"Location": f"https://{hostname}{target}"}, b"", None
        if "ua-403" in h.flags and "Mozilla" not in headers.get("user-agent", ""):
            return 403, {}, b"<html>Forbidden</html>", None
        if "parked" in h.flags:
            return 200, {"Content-Type": "text/html"}, PARKED_BODY, None
        if "parked-js" in h.flags:
            # A parking service's page built by script: an empty body.
            return 200, {"Content-Type": "text/html"}, PARKED_JS_BODY, None
        if "parked-js-lander" in h.flags:
            # The same, its lander on a host of the service's own, named
            # by a protocol-relative URL.
            return 200, {"Content-Type": "text/html"}, (
                '<!DOCTYPE html><html><head><script>window.location.href='
                '"//lander.%s-svc.test/?d=%s&r="+encodeURIComponent('
                'document.referrer);</script></head><body></body></html>'
                % (hostname.split(".")[0], hostname)).encode(), None
        if "never-answers" in h.flags:
            # Accepts the connection, reads the request, says nothing.
            return 200, {}, b"", 3600000
        if path == "/consent" and "cookie-wall" in h.flags:
            nxt = urllib.parse.parse_qs(target.partition("?")[2]).get("next", ["/"])[0]
            return 302, {"Location": nxt, "Set-Cookie": "consent=yes; Path=/"}, b"", None
        rule = h.paths.get(urllib.parse.unquote(target)) or h.paths.get(urllib.parse.unquote(path))
        if rule is None:
            if "soft404" in h.flags:
                return 200, {"Content-Type": "text/html"}, NOT_FOUND_BODY, None
            if "soft404-volatile" in h.flags:
                # A not-found page that differs on every request: a
                # request id, a time, a token, the path twice.
                p = html.escape(urllib.parse.unquote(path))
                return 200, {"Content-Type": "text/html"}, (
                    "<html><head><title>Page not found</title><meta name="
                    "\"csrf-token\" content=\"%s\"></head><body><h1>Page not "
                    "found</h1><p>We looked for %s and found nothing.</p><p>"
                    "<a href=\"/search?q=%s\">Search for it</a></p><footer>"
                    "Request %s at %s</footer></body></html>\n"
                    % (base64.urlsafe_b64encode(os.urandom(18)).decode(), p,
                       urllib.parse.quote(path), os.urandom(6).hex(),
                       time.strftime("%Y-%m-%dT%H:%M:%S") + ".%06dZ" % random.randrange(10**6))
                ).encode(), None
            if "soft404-suggest" in h.flags:
                # A not-found page whose suggestions depend on the path.
                seg = urllib.parse.unquote(path).rstrip("/").rsplit("/", 1)[-1] or "x"
                pages = ["about", "archive", "blog", "contact", "download",
                         "faq", "gallery", "help", "install", "journal",
                         "kernel", "license", "manual", "news", "overview",
                         "press", "quickstart", "release", "support",
                         "tutorial", "usage", "video", "wiki"]
                near = [q for q in pages if q[0] >= seg[0].lower()][:3] or pages[:3]
                return 200, {"Content-Type": "text/html"}, (
                    "<html><head><title>404 - Page Not Found</title></head>"
                    "<body><h1>Page not found</h1><p>Perhaps you meant: %s"
                    "</p></body></html>\n"
                    % ", ".join('<a href="/%s">%s</a>' % (q, q) for q in near)
                ).encode(), None
            if "soft404-echo" in h.flags:
                # A not-found page that says which page it did not find.
                return 200, {"Content-Type": "text/html"}, (
                    "<html><title>Not found</title><body><p>Sorry, %s was "
                    "not found on this server.</p></body></html>\n"
                    % html.escape(urllib.parse.unquote(path))).encode(), None
            if "root-redirect" in h.flags and path != "/":
                return 302, {"Location": "/"}, b"", None
            if "catchall-redirect" in h.flags:
                return 301, {"Location": "/landing"}, b"", None
            if h.catchall_to:
                return 301, {"Location": h.catchall_to}, b"", None
            if path == "/" and "root-redirect" in h.flags:
                return 200, {"Content-Type": "text/html"}, f"<html>home of {hostname}</html>".encode(), None
            return 404, {"Content-Type": "text/html"}, NOT_FOUND_BODY, None
        kind, args = rule[0], rule[1:]
        default = f"<html><body>{hostname}{path}</body></html>".encode()
        body = (" ".join(args).encode() + b"\n") if args else default
        if scheme == "https" and "https-differs" in h.flags:
            body = body.replace(b"\n", b" (served over https, with other content)\n")
        if kind.isdigit():
            status = int(kind)
            if status in (301, 302, 303, 307, 308):
                return status, {"Location": args[0]}, b"", None
            return status, {"Content-Type": "text/html"}, body if status == 200 else (body if args else NOT_FOUND_BODY), None
        n = self.count(hostname, path)
        if kind == "head-404":          # routes only GET
            if method == "HEAD":
                return 404, {"Content-Type": "text/html"}, b"", None
            return 200, {"Content-Type": "text/html"}, body, None
        if kind == "head-200":          # HEAD says yes, GET says no
            if method == "HEAD":
                return 200, {"Content-Type": "text/html"}, b"", None
            return 404, {"Content-Type": "text/html"}, NOT_FOUND_BODY, None
        if kind == "head-hang":         # HEAD never answers
            if method == "HEAD":
                return 200, {"Content-Type": "text/html"}, b"", 3600000
            return 200, {"Content-Type": "text/html"}, body, None
        if kind == "cookie-wall":       # a consent wall: a loop without cookies
            if "consent=yes" not in headers.get("cookie", ""):
                return 302, {"Location": "/consent?next=" + urllib.parse.quote(path)}, b"", None
            return 200, {"Content-Type": "text/html"}, body, None
        if kind == "head-405":
            if method == "HEAD":
                return 405, {"Allow": "GET"}, b"", None
            return 200, {"Content-Type": "text/html"}, body, None
        if kind == "rate-limit":
            if n <= int(args[0]):
                return 429, {"Retry-After": args[1]}, b"slow down\n", None
            return 200, {"Content-Type": "text/html"}, default, None
        if kind == "flaky":
            if n <= int(args[0]):
                return int(args[1]), {}, b"try again\n", None
            return 200, {"Content-Type": "text/html"}, default, None
        if kind == "slow-first-byte":
            return 200, {"Content-Type": "text/html"}, default, int(args[0])
        if kind == "stall":
            if method == "HEAD":
                return 405, {"Allow": "GET"}, b"", None
            return 200, {"Content-Type": "text/html", "Content-Length": "100000"}, b"<html>", "stall"
        if kind == "redirect-loop":
            return 302, {"Location": path}, b"", None
        if kind == "hostile":
            if method == "HEAD":
                # GET, then, which reads what follows the headers too.
                return 405, {"Allow": "GET"}, b"", None
            if args[0] == "trickle":
                return 200, {}, b"", "trickle"
            key = (args[0], hostname)
            if key not in _HOSTILE:
                _HOSTILE[key] = hostile_reply(args[0], hostname)
            return 200, {}, _HOSTILE[key], "raw"
        if kind == "big":
            # N bytes (K, M suffixes), the same on every request and
            # incompressible: shake_256 of the path.
            return 200, {"Content-Type": "application/octet-stream"}, big_body(path, args[0]), None
        if kind == "typed":             # typed MIME BODY...: that type
            return 200, {"Content-Type": args[0]}, " ".join(args[1:]).encode(), None
        if kind == "no-length":
            return 200, {"Content-Type": "text/html", "_chunked": "1"}, body, None
        return 500, {}, f"webd: unknown behaviour {kind}\n".encode(), None

    async def tunnel(self, reader, writer, target, headers):
        """A proxy's CONNECT: resolve the target's name as a proxy would
        (this namespace's DNS), connect, and pass bytes both ways.  Logged
        as "CONNECT tunnel NAME:PORT ADDRESS" (the address reached)."""
        name, _, port = target.rpartition(":")
        name = name.strip("[]")
        try:
            infos = await asyncio.get_running_loop().getaddrinfo(
                name, int(port), type=socket.SOCK_STREAM)
            addr = infos[0][4][0]
            r2, w2 = await asyncio.open_connection(addr, int(port))
        except (OSError, ValueError, IndexError):
            addr = "-"
            r2 = None
        self.log.write(f"{time.time():.3f} {name.lower()} 0 CONNECT tunnel "
                       f"{target}>{addr} "
                       f"{headers.get('user-agent', '-').replace(' ', '_')}\n")
        self.log.flush()
        if r2 is None:
            writer.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
            await writer.drain()
            return

        async def pipe(src, dst):
            try:
                while True:
                    data = await src.read(65536)
                    if not data:
                        break
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                try:
                    dst.close()
                except Exception:
                    pass
        writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
        await writer.drain()
        await asyncio.gather(pipe(reader, w2), pipe(r2, writer))

    async def serve(self, reader, writer, scheme):
        try:
            while True:
                line = await reader.readline()
                if not line:
                    break
                parts = line.decode("latin-1").split()
                if len(parts) != 3:
                    break
                method, target = parts[0], parts[1]
                headers = {}
                while True:
                    h = await reader.readline()
                    if h in (b"\r\n", b"\n", b""):
                        break
                    k, _, v = h.decode("latin-1").partition(":")
                    headers[k.strip().lower()] = v.strip()
                if "content-length" in headers:
                    headers["_body"] = await reader.readexactly(int(headers["content-length"]))
                if method == "CONNECT":
                    await self.tunnel(reader, writer, target, headers)
                    break
                host = headers.get("host", "").split(":")[0].lower()
                self.inflight[host] = self.inflight.get(host, 0) + 1
                self.log.write(f"{time.time():.3f} {host} {self.inflight[host]} "
                               f"{method} {scheme} {target} "
                               f"{headers.get('user-agent', '-').replace(' ', '_')}\n")
                self.log.flush()
                # A request a proxy forwards names the whole URL (RFC 9112
                # 3.2.2): serve its path; the log keeps the form it came in.
                if re.match(r"^https?://", target):
                    u = urllib.parse.urlsplit(target)
                    target = (u.path or "/") + ("?" + u.query if u.query else "")
                try:
                    status, hdr, body, mode = await self.respond(scheme, method, target, headers)
                finally:
                    self.inflight[host] -= 1
                if isinstance(mode, int):
                    await asyncio.sleep(mode / 1000.0)
                if mode == "raw":
                    writer.write(body)
                    await writer.drain()
                    break
                if mode == "trickle":
                    # A status line, then a header a byte a second, for ever.
                    writer.write(b"HTTP/1.1 200 OK\r\nX-Slow: ")
                    while True:
                        writer.write(b"x")
                        await writer.drain()
                        await asyncio.sleep(1)
                chunked = hdr.pop("_chunked", None)
                out = [f"HTTP/1.1 {status} {REASONS.get(status, 'Status')}"]
                hdr.setdefault("Server", "linkmend-webd")
                if not chunked and "Content-Length" not in hdr:
                    hdr["Content-Length"] = str(len(body))
                if chunked:
                    hdr["Transfer-Encoding"] = "chunked"
                for k, v in hdr.items():
                    # A non-ASCII value (a Location) goes out as UTF-8.
                    out.append(f"{k}: {v.encode('utf-8').decode('latin-1')}")
                writer.write(("\r\n".join(out) + "\r\n\r\n").encode("latin-1"))
                if method != "HEAD":
                    if chunked:
                        writer.write(b"%x\r\n%s\r\n0\r\n\r\n" % (len(body), body))
                    else:
                        writer.write(body)
                await writer.drain()
                if mode == "stall":
                    await asyncio.sleep(3600)
                if headers.get("connection", "").lower() == "close":
                    break
        except (ConnectionError, asyncio.IncompleteReadError, ssl.SSLError, OSError):
            pass
        finally:
            try:
                writer.close()
            except Exception:
                pass


class Blackhole(asyncio.DatagramProtocol):
    """A DNS server that never answers: dnsmasq forwards dns-timeout hosts here."""
    def datagram_received(self, data, addr):
        pass


class Rebind(asyncio.DatagramProtocol):
    """The DNS of names flagged rebinding (dnsmasq forwards them here): the
    first A query for a name is answered 11.0.0.7 (public), every later one
    127.0.0.1, with a TTL of 0 so that nobody keeps the first; AAAA: none."""
    def __init__(self):
        self.seen = set()

    def connection_made(self, transport):
        self.transport = transport

    def datagram_received(self, data, addr):
        if len(data) < 17:
            return
        i, labels = 12, []
        while i < len(data) and data[i]:
            labels.append(data[i + 1:i + 1 + data[i]].decode("latin-1").lower())
            i += 1 + data[i]
        qend = i + 5
        if qend > len(data):
            return
        qtype = int.from_bytes(data[i + 1:i + 3], "big")
        name = ".".join(labels)
        answer = b""
        if qtype == 1:
            ip = "127.0.0.1" if name in self.seen else "11.0.0.7"
            self.seen.add(name)
            answer = (b"\xc0\x0c\x00\x01\x00\x01\x00\x00\x00\x00\x00\x04" +
                      bytes(int(x) for x in ip.split(".")))
        flags = 0x8580 | (data[2] & 0x01) << 8
        self.transport.sendto(data[:2] + flags.to_bytes(2, "big") + b"\x00\x01" +
                              (b"\x00\x01" if answer else b"\x00\x00") +
                              b"\x00\x00\x00\x00" + data[12:qend] + answer, addr)


class Servfail(asyncio.DatagramProtocol):
    """A DNS server that answers SERVFAIL: dnsmasq forwards servfail hosts here."""
    def connection_made(self, transport):
        self.transport = transport

    def datagram_received(self, data, addr):
        if len(data) < 12:
            return
        # Same id and question; QR, RD and RA set; RCODE 2; no answers.
        flags = 0x8182 | (data[2] & 0x01) << 8
        self.transport.sendto(data[:2] + flags.to_bytes(2, "big") + data[4:6] +
                              b"\0\0\0\0\0\0" + data[12:], addr)


def tls_context(state, sc):
    def ctx(cert):
        c = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        c.load_cert_chain(os.path.join(state, cert + ".crt"), os.path.join(state, cert + ".key"))
        c.set_alpn_protocols(["http/1.1"])
        return c
    good, wrong, expired = ctx("server"), ctx("wrong-name"), ctx("expired")

    def pick(sock, name, _):
        h = sc.hosts.get((name or "").lower())
        if h is not None and "tls-wrong-name" in h.flags:
            sock.context = wrong
        elif h is not None and "tls-expired" in h.flags:
            sock.context = expired
        return None
    good.sni_callback = pick
    return good


async def main():
    sc = Scenario(sys.argv[1])
    state = sys.argv[2]
    web = Web(sc, open(os.path.join(state, "requests.log"), "a"))
    loop = asyncio.get_running_loop()
    await asyncio.start_server(lambda r, w: web.serve(r, w, "http"), ["127.0.0.1", "11.0.0.7"], 80,
                               backlog=4096)
    await asyncio.start_server(lambda r, w: web.serve(r, w, "https"), ["127.0.0.1", "11.0.0.7"], 443,
                               ssl=tls_context(state, sc), backlog=4096)
    await loop.create_datagram_endpoint(Blackhole, local_addr=("127.0.0.4", 5353))
    await loop.create_datagram_endpoint(Servfail, local_addr=("127.0.0.3", 5353))
    await loop.create_datagram_endpoint(Rebind, local_addr=("127.0.0.6", 5353))
    with open(os.path.join(state, "webd.ready"), "w") as f:
        f.write(str(os.getpid()) + "\n")
    stop = loop.create_future()
    loop.add_signal_handler(signal.SIGTERM, stop.set_result, None)
    await stop


if __name__ == "__main__":
    asyncio.run(main())
