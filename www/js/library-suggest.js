// library-suggest.js: the library's search box suggests as you type (titles and sites from typeaheadSearch, the user's labels), as an ARIA combobox: debounced, one request in flight at most, up/down/Enter/Esc and touch.
import { gql } from './api.js';
import { el } from './ui.js';
import { readerHref } from './items.js';

const TYPEAHEAD = `query Suggest($q: String!) { typeaheadSearch(query: $q, first: 5) { __typename
	... on TypeaheadSearchSuccess { items { id title slug siteName } } ... on TypeaheadSearchError { errorCodes message } } }`;
export const DEBOUNCE_MS = 180;
const MAX_LABELS = 5;
const MAX_SITES = 3;
const MAX_CACHED = 50;          // typeahead answers kept for texts typed again (backspace), then forgotten

// the word being typed (after the last space; "" when the box ends with a space) and what comes before it
export function lastWord(text) {
	const i = text.search(/\S*$/);
	return { before: text.slice(0, i), word: text.slice(i) };
}
// the plain words of a query (no field:value term, no negation, no operator): what titles are searched for
export function freeWords(text) {
	return text.split(/\s+/).filter((w) => w && !w.includes(':') && !/^[-(]/.test(w) && !/^(AND|OR|NOT)$/.test(w)).join(' ');
}
// a value of a field:value term, quoted when it holds a space, a comma or a quote
export const termValue = (v) => (/[\s",]/.test(v) ? `"${v.replace(/"/g, '')}"` : v);

// what the box offers for text, from the labels known and typeahead's items: [{kind, text, apply | href}]
export function suggestionsFor(text, labels, items, username) {
	const { before, word } = lastWord(text);
	if (!word) return [];
	const m = /^(label|site):"?(.*)$/i.exec(word);
	const field = m ? m[1].toLowerCase() : null;
	const part = (m ? m[2] : word.replace(/^-/, '')).toLowerCase();
	const out = [];
	if (!field) {
		for (const it of items) out.push({ kind: 'Title', text: it.title || it.slug, href: readerHref(username, it) });
	}
	if (!field || field === 'label') {
		for (const l of labels.filter((x) => x.name.toLowerCase().includes(part)).slice(0, MAX_LABELS))
			out.push({ kind: 'Label', text: l.name, apply: `${before}label:${termValue(l.name)} ` });
	}
	if (!field || field === 'site') {
		const sites = [...new Set(items.map((it) => it.siteName).filter((s) => s && s.toLowerCase().includes(part)))];
		for (const s of sites.slice(0, MAX_SITES)) out.push({ kind: 'Site', text: s, apply: `${before}site:${termValue(s)} ` });
	}
	return out;
}

// setupSuggest({ input, list (the <ul> listbox), status (a live region), labels: () => [{name}], username: () => name })
export function setupSuggest(o) {
	const { input, list, status } = o;
	let options = [];
	let active = -1;
	let timer = null;
	let inflight = false;
	let shownFor = null;
	const cache = new Map();

	input.setAttribute('role', 'combobox');
	input.setAttribute('aria-autocomplete', 'list');
	input.setAttribute('aria-controls', list.id);
	input.setAttribute('aria-expanded', 'false');
	list.setAttribute('role', 'listbox');

	function close() {
		list.hidden = true;
		list.replaceChildren();
		options = [];
		active = -1;
		input.setAttribute('aria-expanded', 'false');
		input.removeAttribute('aria-activedescendant');
	}
	function mark(i) {
		active = i;
		list.querySelectorAll('[role=option]').forEach((li, k) => li.setAttribute('aria-selected', k === i ? 'true' : 'false'));
		if (i < 0) { input.removeAttribute('aria-activedescendant'); return; }
		input.setAttribute('aria-activedescendant', `${list.id}-${i}`);
		list.children[i].scrollIntoView({ block: 'nearest' });
	}
	function choose(i) {
		const s = options[i];
		if (!s) return;
		if (s.href) { window.location.assign(s.href); return; }
		input.value = s.apply;
		close();
		input.focus();
		input.setSelectionRange(input.value.length, input.value.length);
		schedule();
	}
	function show(text, items) {
		shownFor = text;
		options = suggestionsFor(text, o.labels(), items, o.username());
		if (!options.length || document.activeElement !== input) { close(); status.textContent = ''; return; }
		list.replaceChildren(...options.map((s, i) => el('li', { id: `${list.id}-${i}`, role: 'option', 'aria-selected': 'false',
			class: `suggest-${s.kind.toLowerCase()}`, dataset: { index: String(i) } },
			el('span', { class: 'suggest-kind', text: s.kind }), el('span', { class: 'suggest-text', text: s.text }))));
		list.hidden = false;
		input.setAttribute('aria-expanded', 'true');
		active = -1;
		status.textContent = options.length === 1 ? '1 suggestion' : `${options.length} suggestions`;
	}
	// one request at a time: when it comes back and the box has changed meanwhile, the box's text is asked next
	async function fire() {
		timer = null;
		if (inflight) return;
		const text = input.value;
		const words = freeWords(text);
		const { word } = lastWord(text);
		if (!word) { close(); return; }
		let items = [];
		if (words && !/^(label|site):/i.test(word)) {
			if (cache.has(words)) items = cache.get(words);
			else {
				inflight = true;
				try {
					items = (await gql(TYPEAHEAD, { q: words.slice(0, 255) })).typeaheadSearch.items;
					if (cache.size >= MAX_CACHED) cache.clear();
					cache.set(words, items);
				} catch (e) {
					items = [];
				} finally {
					inflight = false;
				}
			}
		}
		if (input.value !== text) { if (!timer) fire(); return; }
		show(text, items);
	}
	function schedule() {
		clearTimeout(timer);
		timer = setTimeout(fire, DEBOUNCE_MS);
	}

	input.addEventListener('input', schedule);
	input.addEventListener('focus', () => { if (input.value && shownFor !== input.value) schedule(); });
	input.addEventListener('blur', () => setTimeout(() => { if (document.activeElement !== input) close(); }, 0));
	input.addEventListener('keydown', (ev) => {
		if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
			if (list.hidden) { if (input.value) { clearTimeout(timer); fire(); } return; }
			ev.preventDefault();
			const n = options.length;
			mark(ev.key === 'ArrowDown' ? (active + 1) % n : (active <= 0 ? n - 1 : active - 1));
		} else if (ev.key === 'Enter' && !list.hidden && active >= 0) {
			ev.preventDefault();
			choose(active);
		} else if (ev.key === 'Escape' && !list.hidden) {
			ev.preventDefault();
			ev.stopPropagation();
			close();
		}
	});
	// a tap or click on a suggestion: the box keeps the focus (no blur closes the list first)
	list.addEventListener('pointerdown', (ev) => ev.preventDefault());
	list.addEventListener('mousedown', (ev) => ev.preventDefault());
	list.addEventListener('click', (ev) => {
		const li = ev.target.closest('[role=option]');
		if (li) choose(Number(li.dataset.index));
	});
	input.form?.addEventListener('submit', () => { clearTimeout(timer); close(); });
	return { close };
}
