// reader-anchor.js: where a highlight sits in the article's text: a selection made into Omnivore's fields (quote, prefix, suffix, patch, position), and those fields found again (by quote, prefix and suffix) and drawn as <mark>s.
const CONTEXT = 40;        // characters of prefix and suffix kept around a quote
const MARGIN = 4;          // the context of each hunk of the patch (diff-match-patch's Patch_Margin)
const OPEN = '<omnivore_highlight>';
const CLOSE = '</omnivore_highlight>';

const BLOCK = 'p, div, li, h1, h2, h3, h4, h5, h6, blockquote, pre, td, th, figcaption, figure, section, article, dt, dd, header, footer, aside';

// the article's text with runs of white space made one space, and for each of its characters the text node and offset it
// came from. Where one block (a paragraph, a list item, a heading ...) ends and another starts the text has a space even
// when the markup has none (its entry in `at` is null: no node holds it), so words of two paragraphs never run
// together; `breaks` holds the places of those spaces (a quote shows them as a paragraph break)
export function textMap(root) {
	const at = [];
	const breaks = new Set();
	let text = '';
	let space = true;
	let block = null;
	const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		const s = n.data;
		const b = n.parentElement ? n.parentElement.closest(BLOCK) : null;
		let boundary = block !== null && b !== block && text.length > 0;
		block = b;
		for (let i = 0; i < s.length; i++) {
			const white = /\s/.test(s[i]);
			if (boundary && !white) {
				if (!space) { text += ' '; at.push(null); }
				breaks.add(text.length - 1);
				boundary = false;
			}
			if (white && space) continue;
			text += white ? ' ' : s[i];
			at.push([n, i]);
			space = white;
		}
	}
	return { text, at, breaks };
}

const squash = (s) => String(s || '').replace(/\s+/g, ' ');

// the [start, end) of a DOM range in the map's text; null when it holds no text of the article
export function rangeSpan(map, range) {
	let start = -1, end = -1;
	let node = null, crosses = false;
	for (let i = 0; i < map.at.length; i++) {
		if (!map.at[i]) continue;
		const [n, off] = map.at[i];
		if (n !== node) { node = n; crosses = range.intersectsNode(n); }
		if (!crosses || range.comparePoint(n, off) < 0 || range.comparePoint(n, off + 1) > 0) continue;
		if (start < 0) start = i;
		end = i + 1;
	}
	if (start < 0) return null;
	while (start < end && map.text[start] === ' ') start++;
	while (end > start && map.text[end - 1] === ' ') end--;
	return end > start ? [start, end] : null;
}

// diff-match-patch's coordinates of a hunk
const coords = (start, len) => (len === 0 ? `${start},0` : len === 1 ? `${start + 1}` : `${start + 1},${len}`);
const enc = (s) => encodeURI(s).replace(/%20/g, ' ');

// a diff-match-patch patch (as text) that puts Omnivore's highlight tags around [start, end) of text, as Omnivore stores it
export function patchOf(text, start, end) {
	let out = '';
	let shift = 0;
	for (const [pos, tag] of [[start, OPEN], [end, CLOSE]]) {
		const pre = text.slice(Math.max(0, pos - MARGIN), pos);
		const post = text.slice(pos, pos + MARGIN);
		const from = pos - pre.length;
		const len = pre.length + post.length;
		out += `@@ -${coords(from, len)} +${coords(from + shift, len + tag.length)} @@\n`;
		if (pre) out += ` ${enc(pre)}\n`;
		out += `+${enc(tag)}\n`;
		if (post) out += ` ${enc(post)}\n`;
		shift += tag.length;
	}
	return out;
}

// Omnivore's fields of the span [start, end) of the map's text
export function fieldsOf(map, start, end) {
	const t = map.text;
	let quote = '';
	for (let i = start; i < end; i++) quote += map.breaks && map.breaks.has(i) && t[i] === ' ' ? '\n\n' : t[i];
	return {
		quote,
		prefix: t.slice(Math.max(0, start - CONTEXT), start).trimStart(),
		suffix: t.slice(end, end + CONTEXT).trimEnd(),
		patch: patchOf(t, start, end),
		highlightPositionPercent: t.length ? Math.round((start / t.length) * 10000) / 100 : 0,
	};
}

function sameTail(a, b) {
	let n = 0;
	while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
	return n;
}
function sameHead(a, b) {
	let n = 0;
	while (n < a.length && n < b.length && a[n] === b[n]) n++;
	return n;
}

// where a stored highlight is in the map's text now: the place of its quote whose surroundings best match its prefix and
// suffix (then its position), even when the text around it moved; null when the quote is gone
export function locate(map, h) {
	const quote = squash(h.quote).trim();
	if (!quote) return null;
	const prefix = squash(h.prefix), suffix = squash(h.suffix);
	const t = map.text;
	let best = null, bestScore = -Infinity;
	if (t.indexOf(quote) < 0 && map.at.includes(null)) return locateWithout(map, quote);
	for (let i = t.indexOf(quote); i >= 0; i = t.indexOf(quote, i + 1)) {
		const end = i + quote.length;
		const near = typeof h.highlightPositionPercent === 'number' ? Math.abs((i / t.length) * 100 - h.highlightPositionPercent) : 0;
		const score = sameTail(t.slice(Math.max(0, i - prefix.length), i), prefix) + sameHead(t.slice(end, end + suffix.length), suffix) - near / 10;
		if (score > bestScore) { bestScore = score; best = [i, end]; }
	}
	return best;
}

// a quote kept before the spaces between blocks were part of the text (two paragraphs' words ran together): found in
// the text without those spaces, its place given in the map's text
function locateWithout(map, quote) {
	let plain = '';
	const back = [];
	for (let i = 0; i < map.text.length; i++) {
		if (!map.at[i]) continue;
		plain += map.text[i];
		back.push(i);
	}
	const i = plain.indexOf(quote);
	return i < 0 ? null : [back[i], back[i + quote.length - 1] + 1];
}

// wraps [start, end) of the map's text in <mark class="hl" data-id=ID>s, one per text node it crosses; the map's nodes
// change, so the caller makes a new map before the next span
export function draw(map, [start, end], id, color) {
	const parts = new Map();
	for (let i = start; i < end; i++) {
		if (!map.at[i]) continue;   // the space between two blocks: no node holds it
		const [node, off] = map.at[i];
		const p = parts.get(node) || { from: off, to: off };
		p.to = off + 1;
		parts.set(node, p);
	}
	const marks = [];
	for (const [node, { from, to }] of parts) {
		if (node.parentNode && /^(style|script|textarea)$/i.test(node.parentNode.nodeName)) continue;
		let n = node;
		if (from > 0) n = n.splitText(from);
		if (to - from < n.data.length) n.splitText(to - from);
		const mark = document.createElement('mark');
		mark.className = 'hl';
		mark.dataset.id = id;
		if (color) mark.dataset.color = color;
		n.replaceWith(mark);
		mark.append(n);
		marks.push(mark);
	}
	return marks;
}

// takes the marks of highlight id (or all) out of root, leaving their text
export function undraw(root, id) {
	const sel = id ? `mark.hl[data-id="${CSS.escape(id)}"]` : 'mark.hl';
	for (const m of root.querySelectorAll(sel)) {
		const parent = m.parentNode;
		m.replaceWith(...m.childNodes);
		parent.normalize();
	}
}
