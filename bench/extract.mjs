// SPDX-License-Identifier: GPL-2.0-or-later
// bench/extract.mjs FILES.json: linkify-it's URLs in each file's text, as
// JSON lines {file, urls}.  bench/extract.sh installs linkify-it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(process.env.LINKIFY_DIR + '/');
const LinkifyIt = require('linkify-it');
const linkify = new LinkifyIt();
// URLs with a scheme only, as linkmend scan records them.
linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
for (const f of JSON.parse(readFileSync(process.argv[2], 'utf8'))) {
	const m = linkify.match(f.text) || [];
	console.log(JSON.stringify({ file: f.file, urls: m.map((x) => x.raw) }));
}
