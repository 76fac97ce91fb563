// home.js: the library page: lists a search (?q= in Omnivore's query language) and wires the sidebar, sort, selection, keyboard, search suggestions, trash and saving a URL.
import { gql, requireUser, uuid } from './api.js';
import { el, showUser, say, allLabels } from './ui.js';
import { ITEM_FIELDS, articles } from './items.js';
import { SORTS, folderOf, labelOf, sortOf, withLabel, withSort, homeHref, isPlainFolder } from './library-query.js';
import { itemView } from './library-item.js';
import { setupSelection } from './library-select.js';
import { setupKeys } from './library-keys.js';
import { setupSuggest } from './library-suggest.js';
import { setupFilters } from './library-filters.js';
import { setupLabels } from './library-labels.js';
import { emptyTrash } from './library-bulk.js';
import { setupUpload } from './library-upload.js';
import { rememberView, takeFocus } from './nav-memory.js';
import { epubButton } from './epub.js';

const PAGE = 20;
const POLL_MS = 2000;
const POLL_MAX_MS = 60000;
const FOLDERS = { inbox: 'Inbox', archive: 'Archive', all: 'All', trash: 'Trash' };

const SEARCH = `query Search($q: String, $after: String, $first: Int) {
	search(query: $q, after: $after, first: $first) { __typename
		... on SearchSuccess { edges { cursor node { ${ITEM_FIELDS} } } pageInfo { hasNextPage endCursor totalCount } }
		... on SearchError { errorCodes message } } }`;
const COUNT = (f) => `${f}: search(query: "in:${f}", first: 1) { __typename ... on SearchSuccess { pageInfo { totalCount } }
	... on SearchError { errorCodes message } }`;
const SAVE = `mutation Save($input: SaveUrlInput!) { saveUrl(input: $input) { __typename
	... on SaveSuccess { clientRequestId url } ... on SaveError { errorCodes message } } }`;

const params = new URLSearchParams(location.search);
const query = params.has('q') ? params.get('q') : 'in:inbox';
const folder = folderOf(query);
const $ = (id) => document.getElementById(id);
const list = $('items');
const listStatus = $('list-status');
const known = [];
const ctx = { username: 'me', query, known, onRemove: removeItem, onSelect: (li, ev) => selection.onSelect(li, ev) };
let selection = null;
let endCursor = null;
let total = null;
let counts = null;

// ---- the view: folder links, title, label filter, sort
function setupView() {
	$('q').value = query;
	// the sidebar's folders are the folders themselves: a search's words and label stay behind (its sort goes along)
	for (const f of Object.keys(FOLDERS)) {
		const a = $(`tab-${f}`);
		a.href = homeHref(withSort(f === 'all' ? '' : `in:${f}`, sortOf(query)));
		if (f === folder && isPlainFolder(query)) a.setAttribute('aria-current', 'true');
	}
	const label = labelOf(query);
	$('view-title').textContent = isPlainFolder(query) && FOLDERS[folder] ? FOLDERS[folder] : label ? `Label: ${label}` : 'Search';
	$('label-filter').addEventListener('change', (ev) => location.assign(homeHref(withLabel(query, ev.target.value))));
	const sort = $('sort');
	const current = sortOf(query);
	for (const [v, text] of SORTS) sort.append(el('option', { value: v, text, selected: v === current }));
	sort.addEventListener('change', () => location.assign(homeHref(withSort(query, sort.value))));
	epubButton($('epub-library'), () => ({ q: query }), listStatus);
	$('trash-bar').hidden = folder !== 'trash';
	$('menu').addEventListener('click', () => {
		const open = document.body.classList.toggle('sidebar-open');
		$('menu').setAttribute('aria-expanded', String(open));
	});
}

function fillLabelFilter() {
	const sel = $('label-filter');
	const current = labelOf(query).toLowerCase();
	sel.replaceChildren(sel.options[0]);   // "Any label", then the labels (called again when labels are added)
	for (const l of known) sel.append(el('option', { value: l.name, text: l.name, selected: l.name.toLowerCase() === current }));
}

// ---- counts per folder, and what an empty list says
async function loadCounts() {
	try {
		const data = await gql(`{ ${['inbox', 'archive', 'trash'].map(COUNT).join('\n')} }`);
		counts = {};
		for (const f of ['inbox', 'archive', 'trash']) {
			counts[f] = data[f].pageInfo.totalCount;
			$(`n-${f}`).textContent = String(counts[f]);
		}
	} catch (e) { counts = null; }
	showCount();
}

function showCount() {
	$('count').textContent = total === null ? '' : `${total} ${total === 1 ? 'item' : 'items'}`;
	const empty = list.children.length === 0 && total !== null;
	$('empty').hidden = !empty;
	const brandNew = empty && counts && counts.inbox + counts.archive + counts.trash === 0;
	$('empty').querySelector('.empty-new').hidden = !brandNew;
	const said = $('empty').querySelector('.empty-search');
	said.hidden = !!brandNew;
	said.textContent = folder === 'trash' && isPlainFolder(query) ? 'The trash is empty.'
		: isPlainFolder(query) ? `Nothing in ${FOLDERS[folder] || 'this view'}.` : 'Nothing matches this search.';
	$('empty-trash').disabled = folder === 'trash' && total === 0;
}

// an item leaves the list; when it was the current one, the next one becomes current
function removeItem(li, message) {
	const next = li.classList.contains('current') ? li.nextElementSibling || li.previousElementSibling : null;
	li.remove();
	if (next) {
		next.classList.add('current');
		next.querySelector('.item-title').focus();
	}
	if (total !== null) total = Math.max(0, total - 1);
	showCount();
	say(listStatus, message);
	selection.refresh();
	loadCounts();
}

// ---- pages of results
async function loadPage(reset) {
	const more = $('more');
	more.disabled = true;
	if (reset) endCursor = null;
	say(listStatus, 'Loading…');
	try {
		const data = await gql(SEARCH, { q: query, after: endCursor, first: PAGE });
		const { edges, pageInfo } = data.search;
		if (reset) list.replaceChildren();
		const nodes = edges.map((e) => e.node);
		for (const n of nodes) list.append(itemView(n, ctx));
		endCursor = pageInfo.endCursor;
		total = typeof pageInfo.totalCount === 'number' ? pageInfo.totalCount : null;
		more.hidden = !pageInfo.hasNextPage;
		say(listStatus, '');
		showCount();
		selection.refresh();
		await explainFailures(nodes.filter((n) => n.state === 'FAILED'));
		if (nodes.some((n) => n.state === 'PROCESSING')) pollProcessing();
	} catch (e) {
		say(listStatus, `Could not load the library: ${e.message}`, true);
	} finally {
		more.disabled = false;
	}
}

function replaceNode(node) {
	const li = list.querySelector(`li[data-id="${CSS.escape(node.id)}"]`);
	if (li) li.replaceWith(itemView(node, ctx));
}

// a failed item's reason is in its content placeholder: fetched only for those items
async function explainFailures(nodes) {
	if (!nodes.length) return;
	try {
		const got = await articles(nodes.map((n) => n.id), true);
		for (const a of Object.values(got)) replaceNode(a);
	} catch (e) { /* the list is still right without the reasons */ }
}

// items still being fetched are asked for again every 2 s, for a minute at most
let polling = false;
async function pollProcessing() {
	if (polling) return;
	polling = true;
	const until = Date.now() + POLL_MAX_MS;
	try {
		while (Date.now() < until) {
			await new Promise((r) => setTimeout(r, POLL_MS));
			const ids = [...list.querySelectorAll('li[data-state="PROCESSING"]')].map((li) => li.dataset.id);
			if (!ids.length) break;
			const got = await articles(ids, true);
			for (const a of Object.values(got)) if (a.state !== 'PROCESSING') replaceNode(a);
		}
	} catch (e) { /* stop polling; a reload shows the state */ }
	polling = false;
}

// ---- saving a URL, emptying the trash
function setupSave() {
	const form = $('save-form');
	const status = $('save-status');
	form.addEventListener('submit', async (ev) => {
		ev.preventDefault();
		const input = $('save-url');
		const url = input.value.trim();
		if (!url) return;
		const button = form.querySelector('button');
		button.disabled = true;
		say(status, 'Saving…');
		try {
			await gql(SAVE, { input: { url, source: 'add-link', clientRequestId: uuid() } });
			input.value = '';
			say(status, `Saved ${url}; its page is being fetched.`);
			await Promise.all([loadPage(true), loadCounts()]);
		} catch (e) {
			say(status, `Could not save: ${e.message}`, true);
		} finally {
			button.disabled = false;
		}
	});
	$('empty-trash').addEventListener('click', async () => {
		if (!window.confirm('Delete everything in the trash for good? This cannot be undone.')) return;
		try {
			await emptyTrash();
			say(listStatus, 'The trash is empty.');
			await Promise.all([loadPage(true), loadCounts()]);
		} catch (e) { say(listStatus, `Could not empty the trash: ${e.message}`, true); }
	});
}

async function main() {
	setupView();
	selection = setupSelection({ list, bar: $('bulk-bar'), trash: folder === 'trash', known: () => known,
		done: async (message) => { await Promise.all([loadPage(true), loadCounts()]); say(listStatus, message); } });
	setupKeys({ list, search: $('q'), help: $('help'), select: selection });
	setupSuggest({ input: $('q'), list: $('q-suggest'), status: $('q-suggest-status'), labels: () => known, username: () => ctx.username });
	const me = await requireUser();
	showUser(me);
	ctx.username = me.profile.username;
	setupSave();
	setupUpload({ form: $('upload-form'), status: $('upload-status'), bar: $('upload-progress'),
		done: () => Promise.all([loadPage(true), loadCounts()]) });
	$('more').addEventListener('click', () => loadPage(false));
	// the list goes on as it is scrolled: the next page loads as "Load more" comes near (the button stays for keys)
	if ('IntersectionObserver' in window) {
		new IntersectionObserver((seen) => {
			const more = $('more');
			if (seen.some((e) => e.isIntersecting) && !more.hidden && !more.disabled) loadPage(false);
		}, { rootMargin: '0px 0px 600px 0px' }).observe($('more'));
	}
	// opening an item leaves the reader the way back here and the list's order, for its next and previous
	list.addEventListener('click', (ev) => {
		if (!ev.target.closest('a.item-title')) return;
		rememberView(location.pathname + location.search, [...list.querySelectorAll(':scope > li')]
			.map((li) => [li.dataset.id, li.querySelector('a.item-title')?.getAttribute('href')]));
	});
	try { known.push(...await allLabels()); } catch (e) { /* no labels to offer */ }
	fillLabelFilter();
	const drawLabels = setupLabels($('side-labels'), query, known, () => loadPage(true));
	ctx.labelsAdded = () => { drawLabels(); fillLabelFilter(); };
	setupFilters($('saved'), query);
	await Promise.all([loadPage(true), loadCounts()]);
	// back from the reader: the item it left (or the one after it) is the current one
	const focus = takeFocus();
	const li = focus ? list.querySelector(`:scope > li[data-id="${CSS.escape(focus)}"]`) : null;
	if (li) {
		li.classList.add('current');
		li.querySelector('.item-title').focus();
		li.scrollIntoView({ block: 'nearest' });
	}
}
main().catch((e) => say(listStatus, `Something went wrong: ${e.message}`, true));
