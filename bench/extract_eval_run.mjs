// extract_eval_run.mjs: one npm extractor over benchmark sets in one Node process: each page's plain text written out for the scorer, kept as a cache a later run resumes from, and pages per CPU second.
// Usage: node extract_eval_run.mjs -o OUTDIR EXTRACTOR SETDIR...
// EXTRACTOR: readability (@mozilla/readability on jsdom, its textContent), extractus
// (@extractus/article-extractor's extractFromHtml, its content's textContent), postlight (@postlight/parser,
// its text output; bench/js/package.json overrides its git-only difflib with the npm one), unfluff (its
// text), defuddle (Defuddle on linkedom, its content's textContent), readabilitysax (readabilitySAX on
// htmlparser2, its text output, with its own retries at lower skip levels), node-readability (arc90's
// Readability on jsdom 9, its content's textContent).
// The cache (the same for every runner of bench/extract-eval): OUTDIR/VERSION names the extractor and its
// version, and a different one empties OUTDIR first; OUTDIR/<set>/<id>.txt is a page's text (none when
// the extractor failed on it); OUTDIR/<set>.times has a line "<id> <CPU seconds>" for every page done,
// written after its text, so pages already listed are not run again and an interrupted run resumes;
// OUTDIR/<set>.speed "<pages> <CPU seconds>" sums the times of the pages of SETDIR.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { benchRequire, cpu, decodePage, domParser, jsRequire } from './extract_common.mjs';

const URL = 'http://fakehost/page.html';

// the folder of a package where req finds it (null when it is not there)
function pkgDir(req, pkg) {
	for (const d of req.resolve.paths(pkg) || [])
		if (existsSync(join(d, pkg, 'package.json'))) return join(d, pkg);
	return null;
}
const version = (req, pkg) => {
	const d = pkgDir(req, pkg);
	return d ? JSON.parse(readFileSync(join(d, 'package.json'), 'utf8')).version : 'unknown';
};

// the extractors: each {pkg, req, make}, make() giving an async function html -> text (or null)
const EXTRACTORS = {
	readability: { pkg: '@mozilla/readability', req: jsRequire, make: () => {
		const { Readability } = jsRequire('@mozilla/readability');
		const parse = domParser('jsdom', URL);
		// each page's window closed after it: jsdom keeps every window otherwise, and the heap filled (4 GB) in a
		// run over every page
		return async html => {
			const doc = parse(html);
			try { const r = new Readability(doc).parse(); return r ? r.textContent : null; } finally { doc.defaultView?.close(); }
		};
	} },
	extractus: { pkg: '@extractus/article-extractor', req: benchRequire, make: async () => {
		const { extractFromHtml } = await import(benchRequire.resolve('@extractus/article-extractor'));
		const parse = domParser('linkedom');
		return async html => {
			const r = await extractFromHtml(html, URL);
			return r && r.content ? parse(`<html><body>${r.content}</body></html>`).body.textContent : null;
		};
	} },
	postlight: { pkg: '@postlight/parser', req: benchRequire, make: () => {
		const Parser = benchRequire('@postlight/parser');
		// the page is given: nothing is fetched (fetchAllPages off: no next pages either)
		return async html => {
			const r = await Parser.parse(URL, { html, contentType: 'text', fetchAllPages: false });
			return r && !r.error && r.content ? r.content : null;
		};
	} },
	unfluff: { pkg: 'unfluff', req: benchRequire, make: () => {
		const unfluff = benchRequire('unfluff');
		return async html => unfluff(html).text || null;
	} },
	defuddle: { pkg: 'defuddle', req: benchRequire, make: () => {
		// the class on a document of defuddle's own linkedom (its Node entry would also make Markdown);
		// its file is required by path, its package exporting it to import only
		const { DefuddleClass } = createRequire(join(pkgDir(benchRequire, 'defuddle'), 'package.json'))('./dist/node.js');
		const { parseHTML } = benchRequire('linkedom');
		return async html => {
			const r = new DefuddleClass(parseHTML(html).document, { url: URL }).parse();
			return r && r.content ? parseHTML(`<html><body>${r.content}</body></html>`).document.body.textContent : null;
		};
	} },
	'node-readability': { pkg: 'node-readability', req: benchRequire, make: () => {
		// given HTML (not an address) it fetches nothing; its article's content is HTML
		const read = benchRequire('node-readability');
		const parse = domParser('linkedom');
		return html => new Promise(resolve => read(html, (err, art) => {
			let text = null;
			if (!err && art) {
				const c = art.content;
				if (c) text = parse(`<html><body>${c}</body></html>`).body.textContent;
				art.close();
			}
			resolve(text);
		}));
	} },
	readabilitysax: { pkg: 'readabilitySAX', req: benchRequire, make: () => {
		const { process } = benchRequire('readabilitySAX');
		return async html => { const r = process(html, { type: 'text' }); return r ? r.text : null; };
	} },
};

let out = null, name = null;
const sets = [];
const a = process.argv.slice(2);
const usage = () => {
	console.error(`usage: extract_eval_run.mjs -o OUTDIR ${Object.keys(EXTRACTORS).join('|')} SETDIR...`);
	process.exit(2);
};
for (let i = 0; i < a.length; i++) {
	if (a[i] === '-o' && i + 1 < a.length) out = a[++i];
	else if (!name) name = a[i];
	else sets.push(a[i]);
}
if (!out || !Object.hasOwn(EXTRACTORS, name) || !sets.length) usage();

const x = EXTRACTORS[name];
const stamp = `${name} ${x.pkg} ${version(x.req, x.pkg)}\n`;
const vfile = join(out, 'VERSION');
if (existsSync(vfile) && readFileSync(vfile, 'utf8') !== stamp) rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
writeFileSync(vfile, stamp);
const extract = await x.make();
// what the extractors print (unfluff warns of every language it has no stopwords for) stays quiet
const say = console.log.bind(console);
console.log = console.warn = console.info = console.error = () => {};
const quiet = async html => { try { return await extract(html); } catch { return null; } };

// the times of the pages already done: id -> CPU seconds
function doneTimes(file) {
	const m = new Map();
	if (!existsSync(file)) return m;
	for (const line of readFileSync(file, 'utf8').split('\n')) {
		const [id, s] = line.split(' ');
		if (id && s !== undefined && Number(s) >= 0) m.set(id, Number(s));
	}
	return m;
}

for (const setdir of sets) {
	const set = basename(setdir), times = join(out, set + '.times');
	const ids = readdirSync(setdir).filter(f => f.endsWith('.html')).sort().map(f => f.slice(0, -5));
	mkdirSync(join(out, set), { recursive: true });
	const done = doneTimes(times);
	let ran = 0;
	for (const id of ids) {
		if (done.has(id)) continue;
		const html = decodePage(readFileSync(join(setdir, id + '.html')));
		const t0 = cpu();
		const text = await quiet(html);
		const el = cpu() - t0;
		const txt = join(out, set, id + '.txt');
		rmSync(txt, { force: true });
		if (text != null) writeFileSync(txt, text);
		appendFileSync(times, `${id} ${el.toFixed(6)}\n`);
		done.set(id, el);
		ran++;
	}
	const secs = ids.reduce((s, id) => s + done.get(id), 0);
	writeFileSync(join(out, set + '.speed'), `${ids.length} ${secs.toFixed(6)}\n`);
	say(`${set}: ${ids.length} pages (${ran} run now, ${ids.length - ran} from the cache), ${(ids.length / secs).toFixed(1)} pages per CPU second`);
}
