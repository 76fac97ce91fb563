// extract_eval_run.mjs: one npm extractor over benchmark sets in one Node process: each page's plain text written out for the scorer, then pages per CPU second.
// Usage: node extract_eval_run.mjs [-t SECONDS] -o OUTDIR EXTRACTOR SETDIR...
// EXTRACTOR: readability (@mozilla/readability on jsdom, its textContent), extractus
// (@extractus/article-extractor's extractFromHtml, its content's textContent), postlight (@postlight/parser,
// its text output; bench/js/package.json overrides its git-only difflib with the npm one), unfluff (its text).
// Writes OUTDIR/<set>/<id>.txt (nothing for a page the extractor failed on) and OUTDIR/<set>.speed.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { benchRequire, cpu, decodePage, domParser, jsRequire } from './extract_common.mjs';

const URL = 'http://fakehost/page.html';

// the extractors: each an async function html -> text (or null)
const EXTRACTORS = {
	readability: () => {
		const { Readability } = jsRequire('@mozilla/readability');
		const parse = domParser('jsdom', URL);
		return async html => { const r = new Readability(parse(html)).parse(); return r ? r.textContent : null; };
	},
	extractus: async () => {
		const { extractFromHtml } = await import(benchRequire.resolve('@extractus/article-extractor'));
		const parse = domParser('linkedom');
		return async html => {
			const r = await extractFromHtml(html, URL);
			return r && r.content ? parse(`<html><body>${r.content}</body></html>`).body.textContent : null;
		};
	},
	postlight: () => {
		const Parser = benchRequire('@postlight/parser');
		// the page is given: nothing is fetched (fetchAllPages off: no next pages either)
		return async html => {
			const r = await Parser.parse(URL, { html, contentType: 'text', fetchAllPages: false });
			return r && !r.error && r.content ? r.content : null;
		};
	},
	unfluff: () => {
		const unfluff = benchRequire('unfluff');
		return async html => unfluff(html).text || null;
	},
};

let seconds = 2, out = null, name = null;
const sets = [];
const a = process.argv.slice(2);
const usage = () => {
	console.error(`usage: extract_eval_run.mjs [-t SECONDS] -o OUTDIR ${Object.keys(EXTRACTORS).join('|')} SETDIR...`);
	process.exit(2);
};
for (let i = 0; i < a.length; i++) {
	if (a[i] === '-t' && i + 1 < a.length) seconds = Number(a[++i]);
	else if (a[i] === '-o' && i + 1 < a.length) out = a[++i];
	else if (!name) name = a[i];
	else sets.push(a[i]);
}
if (!out || !EXTRACTORS[name] || !sets.length || !(seconds >= 0)) usage();

const extract = await EXTRACTORS[name]();
// what the extractors print (unfluff warns of every language it has no stopwords for) stays quiet
const say = console.log.bind(console);
console.log = console.warn = console.info = console.error = () => {};
const quiet = async html => { try { return await extract(html); } catch { return null; } };
mkdirSync(out, { recursive: true });
for (const setdir of sets) {
	const set = basename(setdir);
	const pages = readdirSync(setdir).filter(f => f.endsWith('.html')).sort()
		.map(f => ({ id: f.slice(0, -5), html: decodePage(readFileSync(join(setdir, f))) }));
	mkdirSync(join(out, set), { recursive: true });
	// the pass that writes the texts is timed too (CPU seconds around each page's extraction), so a
	// slow extractor needs one pass only; more whole passes follow while under SECONDS
	let done = 0, el = 0;
	for (const p of pages) {
		const t0 = cpu();
		const text = await quiet(p.html);
		el += cpu() - t0;
		if (text != null) writeFileSync(join(out, set, p.id + '.txt'), text);
	}
	done = pages.length;
	while (el < seconds) {
		const t0 = cpu();
		for (const p of pages) await quiet(p.html);
		done += pages.length;
		el += cpu() - t0;
	}
	writeFileSync(join(out, set + '.speed'), `${done} ${el.toFixed(6)}\n`);
	say(`${set}: ${pages.length} pages, ${(done / el).toFixed(1)} pages per CPU second`);
}
