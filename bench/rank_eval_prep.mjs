// rank_eval_prep.mjs: bench/rank-eval's labelled set: real articles from public corpora as docs.tsv, and queries with their relevant articles as queries.tsv (bench/RANK-EVAL.md says how they are made).
//
// node rank_eval_prep.mjs OUTDIR [readability=DIR] [extraction=DIR] [gnad=DIR] [pud=DIR ...]
// docs.tsv:    id, lang (may be empty), title (may be empty), text, source   (tabs and newlines in fields are spaces)
// queries.tsv: qid, set (title | body | title1 | word), lang, query, relevant ids (comma-separated)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const out = process.argv[2];
if (!out) {
	console.error('usage: rank_eval_prep.mjs OUTDIR [readability=DIR] [extraction=DIR] [gnad=DIR] [pud=DIR ...]');
	process.exit(2);
}
const docs = [];
const flat = (s) => (s || '').replace(/[\t\r\n\u2028\u2029]+/g, ' ').replace(/ {2,}/g, ' ').trim();
const entities = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decode = (s) => s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e) =>
	e[0] === '#' ? String.fromCodePoint(parseInt(e[1] === 'x' || e[1] === 'X' ? e.slice(2) : e.slice(1), e[1] === 'x' || e[1] === 'X' ? 16 : 10))
		: entities[e.toLowerCase()] ?? m);
const htmlText = (h) => decode(h.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' '));
const add = (source, key, lang, title, text) => {
	text = flat(text);
	if (text.length >= 200)
		docs.push({ id: `${source}/${key}`, lang: lang || '', title: flat(title), text, source });
};

function readability(dir) { // Mozilla Readability's test pages: the expected article and its metadata
	for (const name of fs.readdirSync(dir).sort()) {
		const d = path.join(dir, name);
		if (!fs.existsSync(path.join(d, 'expected.html')))
			continue;
		let meta = {};
		try { meta = JSON.parse(fs.readFileSync(path.join(d, 'expected-metadata.json'), 'utf8')); } catch { /* none */ }
		add('readability', name, meta.lang, meta.title, htmlText(fs.readFileSync(path.join(d, 'expected.html'), 'utf8')));
	}
}

function extraction(dir) { // Zyte's article-extraction-benchmark: the labelled article body; the title from the page's <title>
	const truth = JSON.parse(fs.readFileSync(path.join(dir, 'ground-truth.json'), 'utf8'));
	for (const key of Object.keys(truth).sort()) {
		let title = '';
		try {
			const html = zlib.gunzipSync(fs.readFileSync(path.join(dir, 'html', `${key}.html.gz`))).toString('utf8');
			const m = html.match(/<title[^>]*>([\s\S]*?)<\/title>/i);
			title = m ? decode(m[1]).split(/ [|–—-] /)[0] : '';
		} catch { /* no page: no title */ }
		add('extraction', key.slice(0, 16), '', title, truth[key].articleBody);
	}
}

function gnad(dir) { // 10kGNAD's test split: label;'text' ('' inside quotes); no headline, so no title
	const lines = fs.readFileSync(path.join(dir, 'test.csv'), 'utf8').split('\n');
	lines.forEach((line, i) => {
		const k = line.indexOf(';');
		if (k < 0)
			return;
		let text = line.slice(k + 1);
		if (text.startsWith("'") && text.endsWith("'"))
			text = text.slice(1, -1).replace(/''/g, "'");
		add('gnad', String(i + 1), 'de', '', text);
	});
}

function pud(dir) { // a Parallel Universal Dependencies treebank: the sentences of each document, in order
	const file = fs.readdirSync(dir).find((f) => /_pud-ud-test\.conllu$/.test(f));
	if (!file)
		return;
	const lang = file.split('_')[0];
	const byDoc = new Map();
	let doc = null;
	for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
		let m;
		if ((m = line.match(/^# sent_id = ([a-z][0-9]{5})/)))
			doc = m[1];
		else if ((m = line.match(/^# text = (.*)$/)) && doc)
			byDoc.set(doc, (byDoc.get(doc) || '') + m[1] + (/^(zh|ja|th)$/.test(lang) ? '' : ' '));
	}
	for (const [d, text] of byDoc)
		if (text.length >= 100 || /^(zh|ja|ko|th)$/.test(lang))
			docs.push({ id: `pud-${lang}/${d}`, lang, title: '', text: flat(text), source: `pud-${lang}` });
}

for (const arg of process.argv.slice(3)) {
	const [kind, dir] = [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)];
	({ readability, extraction, gnad, pud })[kind]?.(dir);
}

// ---- words: ICU's word break (Intl.Segmenter), lower case; the collection's document frequencies per language group
const group = (d) => d.source.startsWith('pud-') ? d.source : d.source === 'gnad' ? 'de' : 'web';
const segs = new Map();
const words = (text, lang) => {
	const key = lang || 'en';
	if (!segs.has(key)) {
		try { segs.set(key, new Intl.Segmenter(key, { granularity: 'word' })); } catch { segs.set(key, new Intl.Segmenter('en', { granularity: 'word' })); }
	}
	const r = [];
	for (const s of segs.get(key).segment(text))
		if (s.isWordLike && !/^[0-9.,]+$/.test(s.segment))
			r.push(s.segment.toLowerCase());
	return r;
};
const dense = (w) => /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]/.test(w); // CJK, kana, Hangul, Thai
const useful = (w) => (dense(w) ? [...w].length >= 2 : [...w].length >= 4) && !/[0-9]/.test(w);

const df = new Map(), size = new Map();
for (const d of docs) {
	const g = group(d);
	d.g = g;
	d.words = words(d.text, d.lang);
	d.twords = words(d.title, d.lang);
	size.set(g, (size.get(g) || 0) + 1);
	for (const w of new Set([...d.words, ...d.twords]))
		df.set(`${g}\u0001${w}`, (df.get(`${g}\u0001${w}`) || 0) + 1);
}
const dfOf = (d, w) => df.get(`${d.g}\u0001${w}`) || 0;

// near-duplicates: the same title, or the same first 300 characters of text
const dupKey = new Map();
for (const d of docs)
	for (const k of [d.title && `t\u0001${d.title.toLowerCase()}`, `x\u0001${d.text.slice(0, 300)}`].filter(Boolean))
		dupKey.set(k, [...(dupKey.get(k) || []), d.id]);
const relevant = (d) => [...new Set([d.title && `t\u0001${d.title.toLowerCase()}`, `x\u0001${d.text.slice(0, 300)}`]
	.filter(Boolean).flatMap((k) => dupKey.get(k)))];

// one query per article and set: two of its words that other articles of its group hold too (df >= 2), neither in
// more than 10% of them; title: the two most shared title words (many candidates, so the order decides);
// body: the two with the highest tf * idf in the body (what one remembers of an article's subject)
const queries = [];
for (const d of docs) {
	const n = size.get(d.g), cap = Math.max(3, Math.floor(n * 0.1));
	const ok = (w) => useful(w) && dfOf(d, w) >= 2 && dfOf(d, w) <= cap;
	const tw = [...new Set(d.twords.filter(ok))].sort((a, b) => dfOf(d, b) - dfOf(d, a) || (a < b ? -1 : 1));
	if (tw.length >= 2)
		queries.push({ set: 'title', d, q: tw.slice(0, 2) });
	const tf = new Map();
	for (const w of d.words)
		if (ok(w))
			tf.set(w, (tf.get(w) || 0) + 1);
	const bw = [...tf.keys()].sort((a, b) => tf.get(b) * Math.log(n / dfOf(d, b)) - tf.get(a) * Math.log(n / dfOf(d, a)) || (a < b ? -1 : 1));
	if (bw.length >= 2)
		queries.push({ set: 'body', d, q: bw.slice(0, 2) });
	// one word (harder: it matches many articles, so the order decides): the most shared title word, and the body
	// word of the highest tf * idf among those held by at least 1% of the group's articles and twice in this one
	if (tw.length >= 1 && dfOf(d, tw[0]) >= 3)
		queries.push({ set: 'title1', d, q: tw.slice(0, 1) });
	const floor = Math.max(3, Math.floor(n * 0.01));
	const one = bw.filter((w) => dfOf(d, w) >= floor && tf.get(w) >= 2);
	if (one.length >= 1)
		queries.push({ set: 'word', d, q: one.slice(0, 1) });
}

fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'docs.tsv'), docs.map((d) => [d.id, d.lang, d.title, d.text, d.source].join('\t')).join('\n') + '\n');
fs.writeFileSync(path.join(out, 'queries.tsv'), queries.map((q, i) =>
	[`q${i + 1}`, q.set, q.d.lang || q.d.source, q.q.join(' '), relevant(q.d).join(',')].join('\t')).join('\n') + '\n');
const by = {};
for (const d of docs)
	by[d.source] = (by[d.source] || 0) + 1;
console.log(`rank_eval_prep: ${docs.length} articles (${Object.entries(by).map(([k, v]) => `${k} ${v}`).join(', ')}), ` +
	`${queries.length} queries (${['title', 'body', 'title1', 'word'].map((k) => `${queries.filter((q) => q.set === k).length} ${k}`).join(', ')})`);
