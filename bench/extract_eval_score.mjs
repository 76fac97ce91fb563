// extract_eval_score.mjs: scores extractors' body texts against each benchmark's ground truth by that benchmark's own rule, and prints the table.
// Usage: node extract_eval_score.mjs [--json] [-x EXTRACTOR,...] DATA RESULTS
// DATA/<set>/ as bench/extract_eval_data.mjs lays it out; RESULTS/<extractor>/<set>/<id>.txt the
// extractor's plain text of each page (a missing file counts as an empty answer) and
// RESULTS/<extractor>/<set>.speed "pages cpu_seconds" of its timed passes; -x scores only those
// extractors of RESULTS (default: all), in that order. Prints the F1 table (the best figure of each
// set marked *, pages per CPU second, glued pages, pages scored), the P / R table and where larder stands.
// A runner's RESULTS/<extractor>/<set>.times (its cache: one line a page done) limits that set's pages
// to those it lists, so a run still under way is scored on what it has done, and says so.
//
// The rules (each computed here in our own code, after the benchmark's published script or paper):
//  scrapinghub  tokens are runs of Unicode letters, digits and "_", case kept; a text is the
//               multiset of its 4-token shingles (a text under 4 tokens is one shingle); per page
//               tp, fp, fn are the shingle counts in both, only in ours, only in the truth, divided
//               by their sum; P is the mean of tp/(tp+fp) over pages where tp+fp > 0, R the mean
//               of tp/(tp+fn) over pages where tp+fn > 0 (a page where fp = fn = 0 scores 1 in
//               both), F1 = 2PR/(P+R) of those means.
//  trafilatura  whitespace runs become one space in the snippets and in our text; a "with"
//               snippet found in our text is a true positive (else a false negative), a "without"
//               snippet found is a false positive (else a true negative); counts are summed over
//               the set, then P = tp/(tp+fp), R = tp/(tp+fn), F1 = 2tp/(2tp+fp+fn).
//  cleaneval    (their cleaneval.py, text only) words are runs between ASCII whitespace or control
//               characters, case and punctuation kept; our words are aligned with the truth's as
//               difflib's SequenceMatcher does (alignedWords below); per page P and R are the aligned
//               words over ours and over the truth's, F1 their harmonic mean; the set's P, R and F1
//               are the means over its pages (their macro average).
//  dragnet, l3s-gn1  (dragnet's evaluation_metrics, bag of words, with its simple_tokenizer; used
//               for both) tokens are runs of Unicode letters and digits, case kept; per page P and
//               R are the shared distinct tokens over our distinct tokens and over the truth's, F1
//               their harmonic mean (0 when nothing is shared or we answered nothing); the set's
//               P, R and F1 are the means over its pages.
// Glued pages: a page counts when some whitespace-delimited word of our text is two words of the
// ground truth run together: it splits, before an upper-case letter that follows a letter, digit or
// closing punctuation (. ! ? : ; , ) ] " ' and their typographic forms), into a left part L and a
// right part R such that "L R" are two consecutive words of the truth and "LR" is no word of the
// truth, unless the page itself runs them together inside a line ("New<b>York</b>", "[4]</a>Note":
// its text with every tag but those of blocks, <br> and <img> taken out holds "LR"), which is no block
// boundary. For trafilatura the truth is its "with" snippets.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePage } from './extract_common.mjs';

const TOKEN = /[\p{L}\p{N}_]+/gu;
export const tokens = s => (s || '').match(TOKEN) || [];

function shingles(text, n) {
	const t = tokens(text), m = new Map();
	for (let i = 0; i < Math.max(1, t.length - n + 1); i++) {
		const k = t.slice(i, i + n).join('\u0001');
		if (k) m.set(k, (m.get(k) || 0) + 1);
	}
	return m;
}

// one page's normalized (tp, fp, fn) by shingles
export function shingleCounts(truth, ours, n = 4) {
	const a = shingles(truth, n), b = shingles(ours, n);
	let tp = 0, fp = 0, fn = 0;
	for (const k of new Set([...a.keys(), ...b.keys()])) {
		const x = a.get(k) || 0, y = b.get(k) || 0;
		tp += Math.min(x, y);
		fp += Math.max(0, y - x);
		fn += Math.max(0, x - y);
	}
	const s = tp + fp + fn;
	return s > 0 ? [tp / s, fp / s, fn / s] : [0, 0, 0];
}

export function shingleScore(pages) {
	const prec = [], rec = [];
	for (const [tp, fp, fn] of pages) {
		const perfect = fp === 0 && fn === 0;
		if (tp + fp > 0) prec.push(perfect ? 1 : tp / (tp + fp));
		if (tp + fn > 0) rec.push(perfect ? 1 : tp / (tp + fn));
	}
	const mean = v => v.length ? v.reduce((x, y) => x + y, 0) / v.length : 0;
	const p = mean(prec), r = mean(rec);
	return { p, r, f1: p + r > 0 ? 2 * p * r / (p + r) : 0 };
}

const ws = s => (s || '').replace(/\s+/g, ' ').trim();

// one page's (tp, fp, fn, tn) by snippets
export function snippetCounts(item, ours) {
	const t = ws(ours);
	const tp = item.with.filter(w => t.includes(ws(w))).length;
	const fp = item.without.filter(w => t.includes(ws(w))).length;
	return [tp, fp, item.with.length - tp, item.without.length - fp];
}

export function snippetScore(pages) {
	let tp = 0, fp = 0, fn = 0;
	for (const c of pages) { tp += c[0]; fp += c[1]; fn += c[2]; }
	return { p: tp + fp ? tp / (tp + fp) : 0, r: tp + fn ? tp / (tp + fn) : 0,
		f1: 2 * tp + fp + fn ? 2 * tp / (2 * tp + fp + fn) : 0 };
}

// The words both texts share in order, as Python's difflib.SequenceMatcher(None, ours, truth)
// finds them (CleanEval's scorer aligns with it): the longest common run of words, then the same on
// each side of it; with 200 or more truth words, a word making up more than 1 % of them (plus one)
// cannot start a run, though a run may grow over it. Returns the number of words in the runs.
export function alignedWords(a, b) {
	const pos = new Map();
	b.forEach((w, j) => { const v = pos.get(w); if (v) v.push(j); else pos.set(w, [j]); });
	if (b.length >= 200) {
		const most = Math.floor(b.length / 100) + 1;
		for (const [w, v] of pos) if (v.length > most) pos.delete(w);
	}
	const longest = (alo, ahi, blo, bhi) => {
		let bi = alo, bj = blo, size = 0, runs = new Map();
		for (let i = alo; i < ahi; i++) {
			const next = new Map();
			for (const j of pos.get(a[i]) || []) {
				if (j < blo) continue;
				if (j >= bhi) break;
				const k = (runs.get(j - 1) || 0) + 1;
				next.set(j, k);
				if (k > size) { bi = i - k + 1; bj = j - k + 1; size = k; }
			}
			runs = next;
		}
		while (bi > alo && bj > blo && a[bi - 1] === b[bj - 1]) { bi--; bj--; size++; }
		while (bi + size < ahi && bj + size < bhi && a[bi + size] === b[bj + size]) size++;
		return [bi, bj, size];
	};
	let total = 0;
	const todo = [[0, a.length, 0, b.length]];
	while (todo.length) {
		const [alo, ahi, blo, bhi] = todo.pop();
		const [i, j, k] = longest(alo, ahi, blo, bhi);
		if (!k) continue;
		total += k;
		if (alo < i && blo < j) todo.push([alo, i, blo, j]);
		if (i + k < ahi && j + k < bhi) todo.push([i + k, ahi, j + k, bhi]);
	}
	return total;
}

// CleanEval's words: split at ASCII whitespace and control characters
const ceWords = s => (s || '').split(/[\x00-\x20]+/).filter(Boolean);

// one page's CleanEval P, R, F1 (a denominator of 0 counts as 1, as their script does)
export function alignScore(truth, ours) {
	const a = ceWords(ours), b = ceWords(truth);
	const tp = alignedWords(a, b);
	const p = tp / (a.length || 1), r = tp / (b.length || 1);
	return [p, r, p + r > 0 ? 2 * p * r / (p + r) : 0];
}

// dragnet's tokens: runs of Unicode letters and digits (no "_"), case kept
const dragnetTokens = s => (s || '').match(/[\p{L}\p{N}]+/gu) || [];

// one page's bag-of-words P, R, F1
export function bagScore(truth, ours) {
	const a = new Set(dragnetTokens(truth)), b = new Set(dragnetTokens(ours));
	let common = 0;
	for (const k of b) if (a.has(k)) common++;
	if (!common) return [0, 0, 0];
	const p = common / b.size, r = common / a.size;
	return [p, r, 2 * p * r / (p + r)];
}

export function bagMean(pages) {
	const n = pages.length || 1, s = [0, 0, 0];
	for (const v of pages) for (let i = 0; i < 3; i++) s[i] += v[i];
	return { p: s[0] / n, r: s[1] / n, f1: s[2] / n };
}

const CLOSERS = '.!?:;,)]"\'\u2019\u201d\u00bb';
// whether our text runs two of the truth's words together (the rule above): each word is cut at
// every boundary, and two neighbouring pieces that are two consecutive words of the truth count
// the page's text as its lines run: scripts, styles and comments out, the tags of blocks (and <br>,
// <img>, <hr>) a space, every other tag nothing, a few entities decoded
const BLOCK_TAGS = new Set(('address article aside blockquote body br caption center dd details dialog div dl dt ' +
	'fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hr html img li main nav ol option p pre ' +
	'section summary table tbody td tfoot th thead title tr ul').split(' '));
// windows-1252's 0x80-0x9F where a decoder gave the C1 controls of ISO-8859-1 instead (Node's TextDecoder
// does, for windows-1252 itself, without full ICU); WHATWG decodes every latin1 label as windows-1252
const CP1252 = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
	'\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
export function inlineText(html) {
	return html.replace(/[\u0080-\u009f]/g, c => CP1252[c.charCodeAt(0) - 0x80]).replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ').replace(/<!--[\s\S]*?-->/g, ' ')
		.replace(/<\/?([A-Za-z][A-Za-z0-9]*)\b[^>]*>/g, (m, t) => BLOCK_TAGS.has(t.toLowerCase()) ? ' ' : '')
		.replace(/&nbsp;|&#160;|&#xa0;/gi, ' ').replace(/&amp;/gi, '&').replace(/&quot;/gi, '"')
		.replace(/&#39;|&apos;/gi, "'").replace(/&lt;/gi, '<').replace(/&gt;/gi, '>');
}

export function glued(truth, ours, page) {
	let inline = null; // the page's inline text (page(): made on the first candidate only)
	const tw = ws(truth).split(' ');
	const words = new Set(tw), pairs = new Set();
	for (let i = 0; i + 1 < tw.length; i++) pairs.add(tw[i] + ' ' + tw[i + 1]);
	for (const w of ws(ours).split(' ')) {
		if (w.length < 2 || words.has(w)) continue;
		const cs = [...w], cuts = [0];
		for (let i = 1; i < cs.length; i++)
			if (/\p{Lu}/u.test(cs[i]) && (/[\p{Ll}\p{N}]/u.test(cs[i - 1]) || CLOSERS.includes(cs[i - 1]))) cuts.push(i);
		cuts.push(cs.length);
		for (let k = 1; k + 1 < cuts.length; k++) {
			const l = cs.slice(cuts[k - 1], cuts[k]).join(''), r = cs.slice(cuts[k], cuts[k + 1]).join('');
			if (!pairs.has(l + ' ' + r)) continue;
			if (page && inline === null) inline = inlineText(page());
			if (!inline || !inline.includes(w)) return true;
			break;
		}
	}
	return false;
}

// the ground truth of every page of a set: [{id, truth | item}]
export function loadSet(data, set) {
	const dir = join(data, set);
	return readdirSync(dir).filter(f => f.endsWith('.html')).sort().map(f => {
		const id = f.slice(0, -5), j = join(dir, id + '.json'), t = join(dir, id + '.txt'), html = join(dir, f);
		if (existsSync(j)) {
			let item;
			try {
				item = JSON.parse(readFileSync(j, 'utf8'));
			} catch (e) {
				throw new Error(`${j}: not JSON (${e.message})`);
			}
			const list = v => Array.isArray(v) && v.every(x => typeof x === 'string');
			if (!item || !list(item.with) || !list(item.without))
				throw new Error(`${j}: "with" and "without" must be lists of strings`);
			return { id, item, html };
		}
		if (!existsSync(t)) throw new Error(`${join(dir, f)} has no ground truth (${id}.txt or ${id}.json)`);
		return { id, truth: readFileSync(t, 'utf8'), html };
	});
}

// one extractor on one set: {p, r, f1, pages, glued}
export function scoreSet(set, pages, answer) {
	const per = [];
	let g = 0;
	for (const pg of pages) {
		const ours = answer(pg.id);
		const truth = pg.item ? pg.item.with.join(' ') : pg.truth;
		if (ours && glued(truth, ours, pg.html ? () => decodePage(readFileSync(pg.html)) : null)) g++;
		if (set === 'scrapinghub') per.push(shingleCounts(pg.truth, ours || ''));
		else if (pg.item) per.push(snippetCounts(pg.item, ours || ''));
		else if (set === 'cleaneval') per.push(alignScore(pg.truth, ours || ''));
		else per.push(bagScore(pg.truth, ours || ''));
	}
	const s = set === 'scrapinghub' ? shingleScore(per) : pages[0] && pages[0].item ? snippetScore(per) : bagMean(per);
	return { ...s, pages: pages.length, glued: g };
}

function speedOf(file) {
	if (!existsSync(file)) return null;
	const [n, secs] = readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
	return secs > 0 ? { n, secs } : null;
}

// the ids of a runner's <set>.times (null when there is none: every page counts)
function doneIds(file) {
	if (!existsSync(file)) return null;
	return new Set(readFileSync(file, 'utf8').split('\n').map(l => l.split(' ')[0]).filter(Boolean));
}

// every extractor in RESULTS (or those of only, a list of names) on every set of DATA
export function scoreAll(data, results, only = null) {
	const sets = readdirSync(data).filter(s => existsSync(join(data, s, 'DIGEST')) || readdirSync(join(data, s)).some(f => f.endsWith('.html'))).sort();
	const names = only || readdirSync(results).sort();
	const rows = [];
	for (const x of names) {
		if (!existsSync(join(results, x))) throw new Error(`${join(results, x)}: no answers of ${x}`);
		const row = { extractor: x, sets: {}, pagesPerSec: null, glued: 0, pages: 0, of: 0 };
		let n = 0, secs = 0;
		for (const set of sets) {
			const dir = join(results, x, set);
			if (!existsSync(dir)) continue;
			const answer = id => { const f = join(dir, id + '.txt'); return existsSync(f) ? readFileSync(f, 'utf8') : ''; };
			// a runner's cache lists the pages it has done: a run still under way is scored on those only
			const all = loadSet(data, set), done = doneIds(join(results, x, set + '.times'));
			const pages = done ? all.filter(pg => done.has(pg.id)) : all;
			if (!pages.length) continue;
			row.sets[set] = { ...scoreSet(set, pages, answer), of: all.length };
			row.glued += row.sets[set].glued;
			row.pages += pages.length;
			row.of += all.length;
			const sp = speedOf(join(results, x, set + '.speed'));
			if (sp) { n += sp.n; secs += sp.secs; }
		}
		row.pagesPerSec = secs > 0 ? n / secs : null;
		rows.push(row);
	}
	return { sets, rows };
}

const f3 = v => v.toFixed(3).replace(/^0/, '');

// the sets where the row named `who` has the best F1 (to 3 places, ties included) and, for the others,
// the extractor ahead and its figure
export function standing({ sets, rows }, who = 'larder') {
	const me = rows.find(r => r.extractor === who), best = [], behind = [];
	if (!me) return { best, behind };
	for (const s of sets) {
		if (!me.sets[s]) continue;
		const top = rows.filter(r => r.sets[s]).reduce((a, r) => (f3(r.sets[s].f1) > f3(a.sets[s].f1) ? r : a));
		if (f3(top.sets[s].f1) > f3(me.sets[s].f1)) behind.push({ set: s, extractor: top.extractor, f1: top.sets[s].f1 });
		else best.push(s);
	}
	return { best, behind };
}

// two tables: F1 a set (the best of each column marked *), speed and glued pages; then P and R
export function table({ sets, rows }) {
	const cols = sets.filter(s => rows.some(r => r.sets[s]));
	const w = Math.max(16, ...rows.map(r => r.extractor.length + 1));
	const top = {};
	for (const s of cols) top[s] = rows.filter(r => r.sets[s]).map(r => f3(r.sets[s].f1)).sort().pop();
	const lines = ['F1 (each benchmark\'s own rule; * the best of its column)'];
	lines.push(['extractor'.padEnd(w), ...cols.map(s => s.padStart(12)), 'pages/s'.padStart(9), 'glued'.padStart(6), 'pages'.padStart(12)].join(''));
	for (const r of rows) {
		const cells = cols.map(s => {
			const v = r.sets[s];
			return (v ? f3(v.f1) + (f3(v.f1) === top[s] ? '*' : ' ') : '- ').padStart(12);
		});
		lines.push([r.extractor.padEnd(w), ...cells, (r.pagesPerSec ? r.pagesPerSec.toFixed(1) : '-').padStart(9),
			String(r.glued).padStart(6), (r.pages < r.of ? `${r.pages} of ${r.of}` : String(r.pages)).padStart(12)].join(''));
	}
	lines.push('', 'precision / recall (a run still under way: [the pages it has done])');
	lines.push(['extractor'.padEnd(w), ...cols.map(s => s.padStart(18))].join(''));
	const pr = v => `${f3(v.p)} ${f3(v.r)}` + (v.pages < v.of ? ` [${v.pages}]` : '');
	for (const r of rows)
		lines.push([r.extractor.padEnd(w), ...cols.map(s => (r.sets[s] ? pr(r.sets[s]) : '-').padStart(18))].join(''));
	const { best, behind } = standing({ sets: cols, rows });
	if (rows.some(r => r.extractor === 'larder') && rows.length > 1)
		lines.push('', `larder: the best F1 on ${best.length} of ${best.length + behind.length} sets` +
			behind.map(b => `; on ${b.set} ${b.extractor} is ahead (${f3(b.f1)})`).join(''));
	return lines.join('\n') + '\n';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const a = process.argv.slice(2);
	let json = false, only = null;
	for (;;) {
		if (a[0] === '--json') { json = true; a.shift(); } else if (a[0] === '-x' && a.length > 1) { only = a[1].split(',').filter(Boolean); a.splice(0, 2); } else break;
	}
	if (a.length !== 2 || (only && !only.length)) {
		console.error('usage: extract_eval_score.mjs [--json] [-x EXTRACTOR,...] DATA RESULTS');
		process.exit(2);
	}
	try {
		for (const d of a) if (!existsSync(d)) throw new Error(`${d}: no such folder`);
		const s = scoreAll(a[0], a[1], only);
		process.stdout.write(json ? JSON.stringify(s, null, 1) + '\n' : table(s));
	} catch (e) {
		console.error(`extract_eval_score: ${e.message}`);
		process.exit(1);
	}
}
