// SPDX-License-Identifier: GPL-2.0-or-later
// The HTML report in headless Chromium (Debian's, driven by playwright-core):
// the counts it shows against the JSON report, a filter by verdict and by
// area, a sort, a row's check history, the hosts view; with --xss, that a
// hostile URL in the store renders as text and runs nothing.  Prints TAP
// lines ("ok - ...") and, with --bench, the time to interactive.
//
// usage: node report.mjs --html FILE --json FILE [--screenshot PNG]
//                        [--xss URL] [--fixed] [--bench]
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const args = process.argv.slice(2);
const opt = (name) => {
	const i = args.indexOf(name);
	return i >= 0 ? args[i + 1] : null;
};
const html = opt("--html"), jsonPath = opt("--json");
const R = JSON.parse(readFileSync(jsonPath, "utf8"));
let failed = 0;
function ok(name, cond, detail) {
	console.log((cond ? "ok - " : "not ok - ") + name);
	if (!cond) {
		failed++;
		if (detail !== undefined) console.log("  " + JSON.stringify(detail));
	}
}

const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
	args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update",
		"--disable-sync"],
});
try {
	const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
	const errors = [];
	let dialogs = 0, requests = 0;
	page.on("pageerror", (e) => errors.push(String(e)));
	page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
	page.on("dialog", (d) => { dialogs++; d.dismiss(); });
	page.on("request", (r) => { if (!r.url().startsWith("file:")) requests++; });
	await page.goto(pathToFileURL(html).href);
	await page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 30000 });
	const tti = await page.evaluate(() => window.linkmendReady);
	if (args.includes("--bench"))
		console.log(`bench: time to interactive ${Math.round(tti)} ms for ${R.links.length} links, ${R.totals.occurrences} places (goal 1000 ms)`);
	ok("the page renders with no script error", errors.length === 0, errors);
	ok("the page asks for nothing beyond its own file", requests === 0, requests);

	for (const s of ["alive", "moved", "dead", "unresolved", "failing", "unchecked"]) {
		const shown = await page.textContent(`[data-testid="state-${s}"]`);
		const want = R.links.filter((l) => l.state === s).length;
		ok(`the ${s} count shown is the JSON's (${want})`, Number(shown) === want, { shown, want });
	}
	ok("every link is listed before any filter",
		Number(await page.textContent("#shown-count")) === R.links.length);
	const rank = { unresolved: 0, dead: 1, failing: 2, moved: 3, unchecked: 4, alive: 5 };
	const opening = await page.$$eval("#links tbody tr.link td:nth-child(3) .pill", (t) => t.map((c) => c.dataset.state));
	ok("the table opens worst first", opening.length > 0 &&
		opening.every((s, i) => i === 0 || rank[opening[i - 1]] <= rank[s]), opening.slice(0, 10));
	ok("a dead link with no replacement is not called plain 'dead'",
		(await page.$$eval(".pill.s-unresolved", (t) => t.map((c) => c.textContent))).every((t) => t === "dead, no replacement"));

	// The links linkmend fix wrote are marked in the table, and the state
	// filter's "fixed" lists them (--fixed: the fixture has some).
	const fixed = R.links.filter((l) => l.occurrences.some((o) => o.resolution && o.resolution.applied)).length;
	if (args.includes("--fixed")) {
		const marked = await page.$$eval('#links tbody [data-testid="fixed"]', (t) => t.length);
		ok(`the links fix wrote are marked fixed in the table (${fixed})`, fixed > 0 && marked === fixed, { marked, fixed });
		ok("and the totals say how many places fix wrote",
			(await page.textContent("#totals")).includes("places fixed (written by linkmend fix)"));
		await page.selectOption("#f-state", "fixed");
		const shownFixed = Number(await page.textContent("#shown-count"));
		ok(`the state filter's "fixed" lists them (${fixed})`, shownFixed === fixed, { shownFixed, fixed });
		await page.click("#f-clear");
	}

	// A verdict and an area that have links in common.
	const dead = R.links.filter((l) => l.verdict && l.verdict !== "alive");
	const counts = {};
	for (const l of dead) for (const a of l.areas || new Set(l.occurrences.map((o) => o.area)))
		counts[l.verdict + "\t" + a] = (counts[l.verdict + "\t" + a] || 0) + 1;
	const best = Object.keys(counts).sort((a, b) => counts[b] - counts[a])[0];
	if (best) {
		const [verdict, area] = best.split("\t");
		await page.selectOption("#f-verdict", verdict);
		await page.selectOption("#f-area", area);
		const want = R.links.filter((l) => l.verdict === verdict &&
			l.occurrences.some((o) => o.area === area)).length;
		const shown = Number(await page.textContent("#shown-count"));
		ok(`filtered to ${verdict} in ${area}: ${want} links, as the JSON has`, shown === want, { shown, want });
		const cells = await page.$$eval("#links tbody tr.link td:nth-child(4)", (t) => t.map((c) => c.textContent));
		ok("every row shown has that verdict", cells.length > 0 && cells.every((c) => c === verdict), cells);
		const hash = await page.evaluate(() => location.hash);
		ok("the filters are in the address, to link to", hash.includes("verdict=") && hash.includes("area="), hash);
		await page.reload();
		await page.waitForFunction(() => document.body.dataset.ready === "1", null, { timeout: 30000 });
		ok("and a reload of that address shows the same links",
			Number(await page.textContent("#shown-count")) === want &&
			await page.inputValue("#f-verdict") === verdict, { want });

		// Sort by places, descending (two clicks), then by URL.
		await page.click('#links th[data-key="places"]');
		await page.click('#links th[data-key="places"]');
		const places = await page.$$eval("#links tbody tr.link td:nth-child(5)", (t) => t.map((c) => Number(c.textContent)));
		const maxPlaces = Math.max(...R.links.filter((l) => l.verdict === verdict &&
			l.occurrences.some((o) => o.area === area)).map((l) => l.occurrences.length));
		ok("sorted by places, most first", places[0] === maxPlaces &&
			places.every((v, i) => i === 0 || places[i - 1] >= v), places.slice(0, 10));
		await page.click('#links th[data-key="url"]');
		const urls = await page.$$eval("#links tbody tr.link td:nth-child(1)", (t) => t.map((c) => c.textContent));
		ok("sorted by URL", urls.every((u, i) => i === 0 || urls[i - 1].localeCompare(u) <= 0), urls.slice(0, 5));

		// Open the first row: its occurrences and its check history.
		const link = R.links.find((l) => l.url === urls[0]);
		await page.click("#links tbody tr.link");
		const marks = await page.$$eval('#links tr.detail [data-testid="timeline"] span', (s) => s.length);
		ok(`the row opens its history (${link.checks.length} checks)`, marks === link.checks.length, { marks, want: link.checks.length });
		const where = await page.$$eval("#links tr.detail ul.occ > li", (s) => s.length);
		ok(`the row opens its occurrences (${link.occurrences.length})`, where === link.occurrences.length, { where });
		const shot = opt("--screenshot");
		if (shot) await page.screenshot({ path: shot, fullPage: false });
		if (args.includes("--bench")) {
			await page.selectOption("#f-verdict", "");
			await page.selectOption("#f-area", "");
			const t0 = Date.now();
			await page.fill("#f-text", "http");
			await page.waitForFunction(() => document.getElementById("shown-count").textContent !== "", null);
			await page.waitForTimeout(200);
			console.log(`bench: a text filter over every link answered in ${Date.now() - t0} ms (with its 120 ms debounce)`);
			await page.fill("#f-text", "");
			await page.selectOption("#f-verdict", verdict);
			await page.selectOption("#f-area", area);
		}
	} else {
		ok("the fixture has a dead link to filter on", false);
	}

	await page.click("#tab-hosts");
	ok("the hosts view lists every host", Number(await page.textContent("#hosts-count")) === R.hosts.length);
	await page.click("#tab-areas");
	const bars = await page.$$eval("#areas tbody tr", (r) => r.length);
	ok("the areas view draws a bar per area (up to 50)", bars === Math.min(50, R.areas.length), { bars });

	const xss = opt("--xss");
	if (xss) {
		await page.click("#tab-links");
		await page.click("#f-clear");
		await page.fill("#f-text", "script");
		await page.waitForFunction(() => {
			const c = document.querySelector("#links tbody tr.link td.url");
			return c && c.textContent.includes("script");
		}, null, { timeout: 5000 }).catch(() => {});
		const cell = await page.textContent("#links tbody tr.link td.url");
		ok("the hostile URL is shown as text", cell === xss, { cell, xss });
		await page.click("#links tbody tr.link");
		const evidence = await page.textContent("#links tr.detail pre");
		ok("hostile evidence is shown as text", evidence.includes("</script>"), evidence);
		const jsLinks = await page.$$eval("a", (a) => a.filter((x) => !/^(https?|ftp|file):/i.test(x.href) && !x.href.endsWith("#")).length);
		ok("no link but web and file links is clickable", jsLinks === 0, jsLinks);
		const ran = await page.evaluate(() => window.__xss);
		ok("no script from the store ran", ran === undefined && dialogs === 0, { ran, dialogs });
	}
	console.log(`browser: ${failed ? "failed" : "passed"}`);
} finally {
	await browser.close();
}
process.exit(failed ? 1 : 0);
