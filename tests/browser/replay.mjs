// SPDX-License-Identifier: GPL-2.0-or-later
// linkmend archive's static replay page in headless Chromium (Debian's,
// driven by playwright-core): the page at BASE/index.html#url=U&ts=T, as
// resolve --archive-base writes it, for each case; the archived text shown
// (and, for a page with an image, the image drawn from the archive too);
// for a PDF, its archived bytes served to the page; and no request to any
// origin but BASE's.  Prints TAP lines.
//
// usage: node replay.mjs --base URL --cases JSON
//   JSON: [{"url": U, "ts": T, "text": S, "image": ID?, "pdf": bool?}]
import { chromium } from "playwright-core";

const args = process.argv.slice(2);
const opt = (name) => {
	const i = args.indexOf(name);
	return i >= 0 ? args[i + 1] : null;
};
const base = opt("--base");
const cases = JSON.parse(opt("--cases"));
const origin = new URL(base).origin;
let failed = 0;
function ok(name, cond, detail) {
	console.log((cond ? "ok - " : "not ok - ") + name);
	if (!cond) {
		failed++;
		if (detail !== undefined) console.log("  # " + JSON.stringify(detail).slice(0, 600));
	}
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The frame (any depth, shadow roots too) whose text holds s, or null.
async function frameWith(page, s) {
	for (const f of page.frames()) {
		try {
			const t = await f.evaluate(() => document.body ? document.body.innerText : "");
			if (t.includes(s)) return f;
		} catch { /* a frame going away */ }
	}
	return null;
}

const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
	args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update",
		"--disable-sync"],
});
const elsewhere = [];
try {
	// One browser profile: the collection is loaded once, as a reader's.
	const context = await browser.newContext({ serviceWorkers: "allow" });
	context.on("request", (r) => {
		const u = r.url();
		// The browser's own pages (its PDF viewer) are no requests.
		if (!u.startsWith(origin) &&
		    !/^(blob|data|about|chrome|chrome-extension):/.test(u))
			elsewhere.push(u);
	});
	for (const c of cases) {
		const t0 = Date.now();
		const page = await context.newPage();
		const at = `${base}index.html#url=${encodeURIComponent(c.url)}&ts=${c.ts}`;
		await page.goto(at);
		let frame = null, pdf = null;
		for (let i = 0; i < 180 && !frame && !pdf; i++) {
			await sleep(500);
			// The first visit installs the service worker; if the
			// replay has not come up by then, reload, as a reader would.
			if (i === 60)
				await page.reload().catch(() => {});
			if (c.pdf) {
				// The frame the replay opened on it, and what the
				// service worker serves there, asked from its scope.
				const at = page.frames().find((f) =>
					f.url().startsWith(base + "replay/") && f.url().endsWith(c.url));
				const app = page.frames().find((f) =>
					f.url().startsWith(base + "replay/") && !f.url().endsWith(c.url));
				if (at && app) {
					const got = await app.evaluate(async (u) => {
						const r = await fetch(u);
						return { type: r.headers.get("content-type"), text: await r.text() };
					}, at.url()).catch(() => null);
					if (got && (got.type || "").includes("pdf") && got.text.includes(c.text))
						pdf = got;
				}
			} else {
				frame = await frameWith(page, c.text);
			}
		}
		if (c.pdf)
			ok(`the replay page serves the archived PDF ${c.url}`, pdf !== null,
				page.frames().map((f) => f.url()));
		else
			ok(`the replay page shows the archived text of ${c.url}`, frame !== null,
				page.frames().map((f) => f.url()));
		if (c.image && frame) {
			let drawn = false;
			for (let i = 0; i < 40 && !drawn; i++) {
				drawn = await frame.evaluate((id) => {
					const img = document.getElementById(id);
					return !!img && img.complete && img.naturalWidth > 0;
				}, c.image);
				if (!drawn) await sleep(250);
			}
			ok(`and its image, from the archive`, drawn);
		}
		console.log(`# ${c.url}: ${Date.now() - t0} ms`);
		await page.close();
	}
	await context.close();
	ok("no request left the static server", elsewhere.length === 0, elsewhere);
} finally {
	await browser.close();
}
process.exit(failed ? 1 : 0);
