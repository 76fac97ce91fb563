// extract_eval_data.mjs: lays out the extraction benchmarks (pages + ground truth) from git copies of their repositories at pinned commits.
// Usage: node extract_eval_data.mjs [-m MIRRORS] [-s SET,...] DATA
//        node extract_eval_data.mjs --check DATA
// MIRRORS holds one git directory (or clone) per source repository, named OWNER+NAME (with or
// without a /repo inside); each set is read at the commit pinned below with `git archive`, never
// from a work tree. DATA/<set>/ gets <id>.html (the page's bytes as published) and <id>.txt (the
// ground-truth body text, UTF-8) or <id>.json ({"with": [...], "without": [...]} snippets for the
// trafilatura set), and DATA/<set>/DIGEST: the sha256 of the sorted "sha256  name" lines of its
// files. The digests are compared with bench/extract_eval_data.sha256; --check compares only.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { decodeBytes, jsRequire } from './extract_common.mjs';

const here = dirname(fileURLToPath(import.meta.url));

// every set: where it comes from (repository, commit, the paths taken) and how its truth is read
export const SETS = {
	scrapinghub: { repo: 'scrapinghub+article-extraction-benchmark', commit: '4a3bc979f76c0df73cb95fe272e2fc1b96f9f010',
		paths: ['html', 'ground-truth.json'], build: scrapinghub },
	trafilatura: { repo: 'adbar+trafilatura', commit: 'e90b0ef51ab026fdb905fb6c5b3c84dd3d784fd5',
		paths: ['tests/eval', 'tests/cache', 'tests/evaldata.json'], build: trafilatura },
	cleaneval: { repo: 'j-szulc+html-cleaning-dataset-merged', commit: '46e01a04b47051838a228bf23631430b2c9de375',
		paths: ['cleaneval-final'], build: d => goldDir(d, 'cleaneval-final', cleanevalText, cleanevalPage) },
	dragnet: { repo: 'j-szulc+html-cleaning-dataset-merged', commit: '46e01a04b47051838a228bf23631430b2c9de375',
		paths: ['dragnet_data'], build: d => goldDir(d, 'dragnet_data', dragnetText) },
	'l3s-gn1': { repo: 'j-szulc+html-cleaning-dataset-merged', commit: '46e01a04b47051838a228bf23631430b2c9de375',
		paths: ['page-signal-master'], build: d => goldDir(d, 'page-signal-master', l3sText) },
};

function scrapinghub(src) {
	const truth = JSON.parse(readFileSync(join(src, 'ground-truth.json'), 'utf8'));
	const out = [];
	for (const id of Object.keys(truth).sort()) {
		const gz = join(src, 'html', id + '.html.gz');
		if (!existsSync(gz)) throw new Error(`scrapinghub: ${id} has no page`);
		out.push({ id, html: gunzipSync(readFileSync(gz)), txt: truth[id].articleBody || '' });
	}
	return out;
}

function trafilatura(src) {
	const data = JSON.parse(readFileSync(join(src, 'tests', 'evaldata.json'), 'utf8'));
	const out = [];
	for (const url of Object.keys(data).sort()) {
		const item = data[url];
		const path = ['cache', 'eval'].map(d => join(src, 'tests', d, item.file)).find(p => existsSync(p));
		if (!path) throw new Error(`trafilatura: ${item.file} is missing`);
		const id = item.file.replace(/\.html?$/, '').replace(/[^A-Za-z0-9._-]/g, '_');
		out.push({ id, html: readFileSync(path), json: { url, with: item.with, without: item.without } });
	}
	return out;
}

// CleanEval's gold: a "URL: ..." first line, then text with <p>, <h>, <l> block marks
function cleanevalText(s) {
	return s.replace(/^\s*URL:[^\n]*\n/, '').replace(/<[phl]>/gi, '\n').replace(/[ \t]+/g, ' ').trim();
}

// a CleanEval page as the site served it: the set wraps each one in its own container, a first line
// <text id="URL" title="..." encoding="..."> and a last </text>, which no browser ever saw (parsers that
// need the document to start with the page, linkedom's for one, gave up on all of them)
function cleanevalPage(b) {
	const s = b.toString('latin1');
	const head = /^<text [^\n]*>\r?\n/.exec(s), tail = /<\/text>\s*$/.exec(s);
	if (!head || !tail) throw new Error('cleaneval: a page without the set\'s <text> wrapper');
	return b.subarray(head[0].length, tail.index);
}

// dragnet's gold: the article, then (when there are comments) a marker line and the comments
function dragnetText(s) {
	const cut = s.indexOf('!@#$%^&*()');
	return (cut >= 0 ? s.slice(0, cut) : s).trim();
}

// L3S-GN1's gold: the whole page with spans classed x-nc-sel1 (headline) and x-nc-sel2 (full
// text) around the article; sel3..sel5 (supplement, related, comments) and sel0 are not content
function l3sText(s) {
	const { parseHTML } = jsRequire('linkedom');
	const { document } = parseHTML(s);
	const parts = [];
	for (const el of document.querySelectorAll('.x-nc-sel1, .x-nc-sel2')) {
		if (el.parentElement && el.parentElement.closest('.x-nc-sel1, .x-nc-sel2')) continue;
		parts.push(el.textContent.replace(/\s+/g, ' ').trim());
	}
	return parts.filter(Boolean).join('\n');
}

// a set kept as <dir>/input/<id>.html and <dir>/GoldStandard/<id>.txt
function goldDir(src, dir, text, page = b => b) {
	const gold = join(src, dir, 'GoldStandard'), input = join(src, dir, 'input');
	const out = [];
	for (const f of readdirSync(gold).filter(f => f.endsWith('.txt')).sort()) {
		const id = f.slice(0, -4);
		const pagePath = join(input, id + '.html');
		if (!existsSync(pagePath)) continue;        // gold without its page: nothing to score
		const txt = text(decodeBytes(readFileSync(join(gold, f))));
		if (!txt.trim()) continue;
		out.push({ id, html: page(readFileSync(pagePath)), txt });
	}
	return out;
}

const sha = b => createHash('sha256').update(b).digest('hex');

export function digestDir(dir) {
	const lines = readdirSync(dir).filter(f => f !== 'DIGEST').sort()
		.map(f => `${sha(readFileSync(join(dir, f)))}  ${f}\n`);
	return sha(lines.join(''));
}

function gitDir(mirrors, repo) {
	for (const p of [join(mirrors, repo, 'repo'), join(mirrors, repo, '.git'), join(mirrors, repo)])
		if (existsSync(join(p, 'HEAD')) || existsSync(join(p, 'objects'))) return p;
	return null;
}

function build(name, mirrors, data) {
	const s = SETS[name];
	const git = gitDir(mirrors, s.repo);
	if (!git) throw new Error(`${name}: no git copy of ${s.repo.replace('+', '/')} under ${mirrors}`);
	const tmp = mkdtempSync(join(tmpdir(), 'extract-eval-'));
	try {
		const tar = execFileSync('git', ['--git-dir', git, 'archive', s.commit, '--', ...s.paths],
			{ maxBuffer: 1 << 30 });
		execFileSync('tar', ['-x', '-C', tmp], { input: tar, maxBuffer: 1 << 30 });
		const pages = s.build(tmp);
		const dir = join(data, name);
		rmSync(dir, { recursive: true, force: true });
		mkdirSync(dir, { recursive: true });
		for (const p of pages) {
			writeFileSync(join(dir, p.id + '.html'), p.html);
			if (p.json) writeFileSync(join(dir, p.id + '.json'), JSON.stringify(p.json) + '\n');
			else writeFileSync(join(dir, p.id + '.txt'), p.txt + '\n');
		}
		writeFileSync(join(dir, 'DIGEST'), digestDir(dir) + '\n');
		return pages.length;
	} finally {
		rmSync(tmp, { recursive: true, force: true });
	}
}

function pinned() {
	const m = new Map();
	for (const l of readFileSync(join(here, 'extract_eval_data.sha256'), 'utf8').split('\n'))
		if (/^[0-9a-f]{64}  \S/.test(l)) m.set(l.slice(66).trim(), l.slice(0, 64));
	return m;
}

// 0 when every set present in data has the pinned digest; prints one line a set
function check(data, names) {
	const want = pinned();
	let bad = 0;
	for (const name of names) {
		const dir = join(data, name);
		if (!existsSync(dir)) { console.log(`${name}: absent`); bad++; continue; }
		const got = digestDir(dir), n = readdirSync(dir).filter(f => f.endsWith('.html')).length;
		const ok = want.get(name) === got;
		console.log(`${name}: ${n} pages, ${ok ? 'digest ok' : `digest ${got} differs from the pinned ${want.get(name) || '(none)'}`}`);
		bad += !ok;
	}
	return bad;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	let mirrors = '/work/.mirror', data = null, only = Object.keys(SETS), checkOnly = false;
	const a = process.argv.slice(2);
	const usage = () => { console.error('usage: extract_eval_data.mjs [-m MIRRORS] [-s SET,...] [--check] DATA'); process.exit(2); };
	for (let i = 0; i < a.length; i++) {
		if (a[i] === '-m' && i + 1 < a.length) mirrors = a[++i];
		else if (a[i] === '-s' && i + 1 < a.length) only = a[++i].split(',');
		else if (a[i] === '--check') checkOnly = true;
		else if (!data && !a[i].startsWith('-')) data = a[i];
		else usage();
	}
	if (!data || only.some(n => !SETS[n])) usage();
	if (!checkOnly) {
		for (const name of only) {
			try {
				console.log(`${name}: ${build(name, mirrors, data)} pages laid out`);
			} catch (e) {
				console.error(`extract_eval_data: ${e.message}`);
				process.exitCode = 1;
			}
		}
	}
	if (check(data, only)) process.exitCode = 1;
}
