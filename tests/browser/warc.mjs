// SPDX-License-Identifier: GPL-2.0-or-later
// Read a linkmend archive collection back with an independent reader,
// webrecorder's warcio (npm), and check it: every record of every
// .warc.gz parses; block and payload digests verify (sha1, base32); each
// response's payload equals the bytes the server served (files in
// SERVED, named by the URL's sha1 hex); revisits refer to a kept record
// with the same payload digest; every index.cdxj line's offset and length
// point at a gzip member holding that very record.  Prints TAP lines and
// "warc: N records, N responses, N revisits, N requests".
//
// usage: node warc.mjs DIR SERVED [--expect-urls N] [--partial]
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { WARCParser } from "warcio";

const [dir, served] = process.argv.slice(2);
const args = process.argv.slice(4);
const expectIdx = args.indexOf("--expect-urls");
const expectUrls = expectIdx >= 0 ? Number(args[expectIdx + 1]) : null;
// --partial: a collection an interrupted run left; its open file is not read.
const partial = args.includes("--partial");
let failed = 0;
function ok(name, cond, detail) {
	console.log((cond ? "ok - " : "not ok - ") + name);
	if (!cond) {
		failed++;
		if (detail !== undefined) console.log("  " + JSON.stringify(detail).slice(0, 400));
	}
}

const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
function base32(buf) {
	let bits = 0, acc = 0, out = "";
	for (const b of buf) {
		acc = (acc << 8) | b;
		bits += 8;
		while (bits >= 5) {
			out += B32[(acc >>> (bits - 5)) & 31];
			bits -= 5;
		}
		acc &= (1 << bits) - 1;
	}
	if (bits) out += B32[(acc << (5 - bits)) & 31];
	return out;
}
const sha1 = (b) => createHash("sha1").update(b).digest();
const label = (b) => "sha1:" + base32(sha1(b));

// The WARC spec's own test vector for the digest form.
ok("base32 sha1 of 'Hello World\\n\\n' is the spec's", label(Buffer.from("Hello World\n\n")) ===
	"sha1:XMABAYFTCASBJ5QATNBILSXH6PSZEMG4");

// A plain reader of our own, for the raw blocks: WARC/1.1, headers, block.
function rawRecords(buf) {
	const out = [];
	let p = 0;
	while (p < buf.length) {
		const end = buf.indexOf("\r\n\r\n", p);
		const head = buf.subarray(p, end).toString("latin1").split("\r\n");
		const h = {};
		for (const line of head.slice(1)) {
			const i = line.indexOf(":");
			h[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
		}
		const len = Number(h["content-length"]);
		out.push({ version: head[0], h, block: buf.subarray(end + 4, end + 4 + len) });
		p = end + 4 + len + 4;
	}
	return out;
}

const files = readdirSync(dir).filter((f) => f.endsWith(".warc.gz")).sort();
// A run killed early may not have closed a file yet.
if (!partial)
	ok("the collection has WARC files", files.length > 0, files);
if (!partial)
	ok("no file is left open", readdirSync(dir).every((f) => !f.endsWith(".open")),
		readdirSync(dir));
const byId = new Map(), responses = new Map();
let records = 0, nresp = 0, nrev = 0, nreq = 0, parseErrors = [], digestErrors = [];
let payloadErrors = [], typeCounts = {};
for (const f of files) {
	const buf = readFileSync(join(dir, f));
	// warcio: every record parses, in order.
	const types = [];
	try {
		const parser = new WARCParser([buf]);
		for await (const rec of parser) {
			types.push(rec.warcType);
			const payload = await rec.readFully(false);
			const id = rec.warcHeader("WARC-Record-ID");
			if (rec.warcType === "response") {
				const want = rec.warcPayloadDigest;
				if (label(payload) !== want)
					payloadErrors.push([f, rec.warcTargetURI, "payload digest"]);
				byId.set(id, { uri: rec.warcTargetURI, digest: want, payload });
				responses.set(rec.warcTargetURI, (responses.get(rec.warcTargetURI) || 0) + 1);
				const file = join(served, sha1(Buffer.from(rec.warcTargetURI)).toString("hex"));
				if (existsSync(file) && !rec.warcHeader("WARC-Truncated")) {
					if (!readFileSync(file).equals(Buffer.from(payload)))
						payloadErrors.push([f, rec.warcTargetURI, "not what was served"]);
				}
				nresp++;
			} else if (rec.warcType === "revisit") {
				byId.set(id, { uri: rec.warcTargetURI, revisit: rec.warcHeader("WARC-Refers-To"),
					digest: rec.warcPayloadDigest });
				responses.set(rec.warcTargetURI, (responses.get(rec.warcTargetURI) || 0) + 1);
				nrev++;
			} else if (rec.warcType === "request") {
				nreq++;
			}
			records++;
		}
	} catch (e) {
		parseErrors.push([f, String(e)]);
	}
	// Our plain reader: the same records, and every block digest.
	const raw = rawRecords(gunzipSync(buf));
	if (raw.length !== types.length || raw.some((r, i) => r.h["warc-type"] !== types[i]))
		parseErrors.push([f, "the readers disagree", raw.length, types.length]);
	if (raw[0] && raw[0].h["warc-type"] !== "warcinfo")
		parseErrors.push([f, "does not open with warcinfo"]);
	for (const r of raw) {
		typeCounts[r.h["warc-type"]] = (typeCounts[r.h["warc-type"]] || 0) + 1;
		if (r.version !== "WARC/1.1") parseErrors.push([f, r.version]);
		for (const k of ["warc-record-id", "warc-date", "content-length"])
			if (!r.h[k]) parseErrors.push([f, "no " + k]);
		if (r.h["warc-type"] !== "warcinfo" && !r.h["warc-target-uri"])
			parseErrors.push([f, "no WARC-Target-URI"]);
		if (r.h["warc-block-digest"] && r.h["warc-block-digest"] !== label(r.block))
			digestErrors.push([f, r.h["warc-type"], r.h["warc-target-uri"]]);
		if (r.h["warc-type"] !== "warcinfo" && !r.h["warc-block-digest"])
			digestErrors.push([f, "no block digest", r.h["warc-type"]]);
	}
}
ok("every record parses with warcio, in the same order as a plain reader",
	parseErrors.length === 0, parseErrors);
ok("every block digest verifies", digestErrors.length === 0, digestErrors);
ok("every payload digest verifies and equals what the server served",
	payloadErrors.length === 0, payloadErrors);
const badRevisits = [...byId.values()].filter((r) => r.revisit &&
	(!byId.has(r.revisit) || byId.get(r.revisit).digest !== r.digest));
ok("every revisit refers to a kept record with its payload digest", badRevisits.length === 0, badRevisits);
const dups = [...responses.entries()].filter(([, n]) => n > 1);
ok("no URL is captured twice", dups.length === 0, dups);
ok("a request record goes with every capture", nreq === nresp + nrev, { nreq, nresp, nrev });
if (expectUrls !== null)
	ok(`every one of the ${expectUrls} URLs is captured`, responses.size === expectUrls,
		{ captured: responses.size });

if (partial) {
	console.log(`warc: ${records} records in ${files.length} closed files`);
	process.exit(failed ? 1 : 0);
}
// The index: sorted, and each line points at its own record.
const lines = readFileSync(join(dir, "index.cdxj"), "utf8").split("\n").filter(Boolean);
const sorted = [...lines].sort((a, b) => (Buffer.compare(Buffer.from(a), Buffer.from(b))));
ok("index.cdxj is sorted", lines.every((l, i) => l === sorted[i]));
const idxErrors = [];
for (const line of lines) {
	const [surt, ts, ...rest] = line.split(" ");
	const j = JSON.parse(rest.join(" "));
	try {
		const buf = readFileSync(join(dir, j.filename));
		const member = buf.subarray(Number(j.offset), Number(j.offset) + Number(j.length));
		const r = rawRecords(gunzipSync(member));
		if (r.length !== 1) throw new Error(`${r.length} records in the member`);
		const want = j.mime === "warc/revisit" ? "revisit" : "response";
		if (r[0].h["warc-type"] !== want || r[0].h["warc-target-uri"] !== j.url ||
		    r[0].h["warc-payload-digest"] !== "sha1:" + j.digest ||
		    r[0].h["warc-date"].replace(/[-:TZ]/g, "") !== ts || !/^[a-z0-9,.-]+(:\d+)?\)\//.test(surt))
			throw new Error("the member is not the line's record");
	} catch (e) {
		idxErrors.push([line.slice(0, 120), String(e)]);
	}
}
ok(`every index line's offset and length hold its record (${lines.length})`, idxErrors.length === 0, idxErrors);
ok("the index lists every response and revisit", lines.length === nresp + nrev, { lines: lines.length, nresp, nrev });
console.log(`warc: ${records} records, ${nresp} responses, ${nrev} revisits, ${nreq} requests in ${files.length} files`);
process.exit(failed ? 1 : 0);
