// reader-highlights.js: the article's highlights and its note: loaded, drawn in the text, and made, merged, noted, labelled and deleted through the API; listeners hear of every change.
import { gql, uuid } from './api.js';
import { textMap, rangeSpan, fieldsOf, locate, draw, undraw } from './reader-anchor.js';

const HL = 'id shortId type quote prefix suffix patch annotation color highlightPositionPercent createdAt labels { id name color }';
const LIST = `query Highlights($slug: String!) { article(username: "me", slug: $slug) { __typename
	... on ArticleSuccess { article { id highlights { ${HL} } } } ... on ArticleError { errorCodes message } } }`;

// one mutation: field(args) answering type+"Success" with the given selection
async function mutate(field, decl, args, type, selection, variables) {
	const q = `mutation M(${decl}) { ${field}(${args}) { __typename
		... on ${type}Success { ${selection} } ... on ${type}Error { errorCodes message } } }`;
	return (await gql(q, variables))[field];
}
const withInput = (field, inputType, type, selection) => (input) =>
	mutate(field, `$input: ${inputType}!`, 'input: $input', type, selection, { input });

const create = withInput('createHighlight', 'CreateHighlightInput', 'CreateHighlight', `highlight { ${HL} }`);
const merge = withInput('mergeHighlight', 'MergeHighlightInput', 'MergeHighlight', `highlight { ${HL} } overlapHighlightIdList`);
const update = withInput('updateHighlight', 'UpdateHighlightInput', 'UpdateHighlight', `highlight { ${HL} }`);
const setLabels = withInput('setLabelsForHighlight', 'SetLabelsForHighlightInput', 'SetLabels', 'labels { id name color }');
const remove = (highlightId) => mutate('deleteHighlight', '$id: ID!', 'highlightId: $id', 'DeleteHighlight', 'highlight { id }', { id: highlightId });

const shortId = () => uuid().replace(/-/g, '').slice(0, 8);

export const state = { item: null, root: null, list: [], note: null };
const listeners = [];
export const onChange = (fn) => listeners.push(fn);
const changed = () => { for (const fn of listeners) fn(); };

// the passages, in the order of the text (those whose quote is gone last)
export const passages = () => state.list.filter((h) => h.type !== 'NOTE')
	.sort((a, b) => (a.span ? a.span[0] : Infinity) - (b.span ? b.span[0] : Infinity));

// every passage drawn again where its quote is now; h.span is its place in the text, null when not found
export function redraw() {
	undraw(state.root);
	const map = textMap(state.root);
	const found = [];
	for (const h of state.list) {
		h.span = h.type === 'NOTE' ? null : locate(map, h);
		if (h.span) found.push(h);
	}
	// from the end backwards: splitting a text node keeps the places before the split valid
	found.sort((a, b) => b.span[0] - a.span[0]);
	let limit = Infinity;
	for (const h of found) {
		const end = Math.min(h.span[1], limit);
		if (end > h.span[0]) draw(map, [h.span[0], end], h.id, h.color);
		limit = h.span[0];
	}
	changed();
}

export async function load(item, root) {
	state.item = item;
	state.root = root;
	const data = await gql(LIST, { slug: item.id });
	state.list = data.article.article.highlights || [];
	state.note = state.list.find((h) => h.type === 'NOTE') || null;
	redraw();
}

// the selection inside the article as a span of its text, or null
export function selectedSpan() {
	const sel = window.getSelection();
	if (!state.root || !sel || !sel.rangeCount || sel.isCollapsed) return null;
	const range = sel.getRangeAt(0);
	if (!state.root.contains(range.commonAncestorContainer)) return null;
	return rangeSpan(textMap(state.root), range);
}

// a letter, digit or mark of a spaced script: a selection that starts or ends inside a word takes the whole word (in
// Chinese, Japanese, Korean and Thai, where words have no spaces, the selection is kept as made)
const WORDCH = /[\p{L}\p{N}\p{M}'’_-]/u;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const wordch = (c) => !!c && WORDCH.test(c) && !UNSPACED.test(c);
export function snapToWords(text, [start, end]) {
	while (start > 0 && wordch(text[start - 1]) && wordch(text[start])) start--;
	while (end < text.length && wordch(text[end]) && wordch(text[end - 1])) end++;
	return [start, end];
}

// highlights the selection, snapped to whole words (merging the passages it overlaps into one, which keeps their colour
// unless opts.color says another); the new highlight, or null without a selection
export async function highlightSelection(opts) {
	let span = selectedSpan();
	if (!span) return null;
	const map = textMap(state.root);
	span = snapToWords(map.text, span);
	const over = passages().filter((h) => h.span && h.span[0] < span[1] && span[0] < h.span[1]);
	for (const h of over) span = [Math.min(span[0], h.span[0]), Math.max(span[1], h.span[1])];
	const kept = over.find((h) => h.color && h.color !== 'yellow');
	const color = (opts && opts.color) || (kept ? kept.color : 'yellow');
	const input = { id: uuid(), shortId: shortId(), articleId: state.item.id, color, ...fieldsOf(map, ...span) };
	if (opts && opts.annotation) input.annotation = opts.annotation;
	let h;
	if (over.length) {
		const res = await merge({ ...input, overlapHighlightIdList: over.map((o) => o.id) });
		const gone = new Set(res.overlapHighlightIdList);
		state.list = state.list.filter((o) => !gone.has(o.id));
		h = res.highlight;
	} else {
		h = (await create({ ...input, type: 'HIGHLIGHT' })).highlight;
	}
	window.getSelection().removeAllRanges();
	state.list.push(h);
	redraw();
	return h;
}

const replace = (h) => { state.list = state.list.map((o) => (o.id === h.id ? h : o)); };

// changes a highlight's note ({annotation}) or colour ({color})
export async function change(h, fields) {
	replace((await update({ highlightId: h.id, ...fields })).highlight);
	redraw();
}

export async function setHighlightLabels(h, names) {
	const labels = (await setLabels({ highlightId: h.id, labels: names.map((name) => ({ name })) })).labels;
	replace({ ...state.list.find((o) => o.id === h.id), labels });
	changed();
}

export async function deleteHighlight(h) {
	await remove(h.id);
	state.list = state.list.filter((o) => o.id !== h.id);
	if (state.note && state.note.id === h.id) state.note = null;
	redraw();
}

// the article's note: Omnivore keeps it as the item's one NOTE highlight, made on its first save
export async function saveArticleNote(text) {
	if (state.note) {
		state.note = (await update({ highlightId: state.note.id, annotation: text })).highlight;
		replace(state.note);
	} else {
		state.note = (await create({ id: uuid(), shortId: shortId(), articleId: state.item.id, type: 'NOTE', annotation: text })).highlight;
		state.list.push(state.note);
	}
	changed();
}

// the marks of a highlight in the text, scrolled to and flashed
export function reveal(h) {
	const marks = state.root.querySelectorAll(`mark.hl[data-id="${CSS.escape(h.id)}"]`);
	if (!marks.length) return false;
	marks[0].scrollIntoView({ block: 'center', behavior: 'smooth' });
	for (const m of marks) {
		m.classList.remove('flash');
		void m.offsetWidth;
		m.classList.add('flash');
	}
	return true;
}

// the next (dir 1) or previous (dir -1) highlight from the middle of the window, scrolled to and flashed; false when
// there is none that way
export function revealNext(dir) {
	if (!state.root) return false;
	const mid = window.innerHeight / 2;
	const firsts = [];
	const seen = new Set();
	for (const m of state.root.querySelectorAll('mark.hl[data-id]')) {
		if (seen.has(m.dataset.id)) continue;
		seen.add(m.dataset.id);
		firsts.push([m.dataset.id, m.getBoundingClientRect().top]);
	}
	const pick = dir > 0 ? firsts.find(([, top]) => top > mid + 2) : firsts.reverse().find(([, top]) => top < mid - 2);
	const h = pick && state.list.find((o) => o.id === pick[0]);
	return h ? reveal(h) : false;
}
