// extract_bench.mjs: @mozilla/readability on jsdom or linkedom over the Readability corpus, warm in one process.
// Usage: node extract_bench.mjs [-t SECONDS] [-o RESULTS_DIR] jsdom|linkedom CORPUS
// Every run parses each page afresh (parse + Readability per page). With -o, the first pass's results
// are written as RESULTS_DIR/<page>.json for extract_bench -r to score with the same scorer.
import { readFileSync, readdirSync, existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cpu, domParser, jsRequire } from './extract_common.mjs';

const { Readability } = jsRequire('@mozilla/readability');

let seconds = 3, outDir = null, dom = null, corpus = null;
const args = process.argv.slice(2);
const usage = () => { console.error('usage: extract_bench.mjs [-t SECONDS] [-o RESULTS_DIR] jsdom|linkedom CORPUS'); process.exit(2); };
for (let i = 0; i < args.length; i++) {
	if (args[i] === '-t' && i + 1 < args.length) seconds = Number(args[++i]);
	else if (args[i] === '-o' && i + 1 < args.length) outDir = args[++i];
	else if (!dom) dom = args[i];
	else if (!corpus) corpus = args[i];
	else usage();
}
if (!corpus || !(seconds > 0) || !['jsdom', 'linkedom'].includes(dom)) usage();

const url = 'http://fakehost/test/page.html';
const parse = domParser(dom, url);

const pages = readdirSync(corpus).filter(n => existsSync(join(corpus, n, 'source.html'))).sort()
	.map(name => ({ name, html: readFileSync(join(corpus, name, 'source.html'), 'utf8') }));

function extract(p) {
	try {
		return new Readability(parse(p.html)).parse();
	} catch (e) {
		return null;
	}
}

if (outDir) {
	mkdirSync(outDir, { recursive: true });
	for (const p of pages) {
		const r = extract(p);
		if (r) writeFileSync(join(outDir, p.name + '.json'), JSON.stringify({
			title: r.title, byline: r.byline, excerpt: r.excerpt, siteName: r.siteName,
			publishedTime: r.publishedTime, lang: r.lang, dir: r.dir, textContent: r.textContent }));
	}
}
// a warm-up pass (the -o pass is one), then whole passes timed in CPU seconds of the process
// (user + system, all threads: the garbage collector's work counts), as extract_bench.c does
if (!outDir) for (const p of pages) extract(p);
let done = 0;
const t0 = cpu();
let el = 0;
do {
	for (const p of pages) extract(p);
	done += pages.length;
	el = cpu() - t0;
} while (el < seconds);
console.log(`${dom}_pages_per_s ${(done / el).toFixed(1)}`);
