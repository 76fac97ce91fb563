// home.js: the library page: lists search results (?q= in Omnivore's query language), filters, saves URLs, archives, deletes, edits labels, loads more.
import { gql, requireUser, uuid } from './api.js';
import { el, fmtDate, hostOf, htmlText, labelChips, labelEditor, showUser, say, allLabels } from './ui.js';
import { ITEM_FIELDS, readerHref, setArchived, deleteItem, articles } from './items.js';

const PAGE = 20;
const POLL_MS = 2000;
const POLL_MAX_MS = 60000;

const SEARCH = `query Search($q: String, $after: String, $first: Int) {
	search(query: $q, after: $after, first: $first) { __typename
		... on SearchSuccess { edges { cursor node { ${ITEM_FIELDS} } } pageInfo { hasNextPage endCursor totalCount } }
		... on SearchError { errorCodes message } } }`;
const SAVE = `mutation Save($input: SaveUrlInput!) { saveUrl(input: $input) { __typename
	... on SaveSuccess { clientRequestId url } ... on SaveError { errorCodes message } } }`;

const params = new URLSearchParams(location.search);
const query = params.has('q') ? params.get('q') : 'in:inbox';
const $ = (id) => document.getElementById(id);
const list = $('items');
const listStatus = $('list-status');
let me = null;
let known = [];
let endCursor = null;
let total = null;

// ---- the query string: folder and label filters edit it
const IN_RE = /(^|\s)in:\S+/gi;
const LABEL_RE = /(^|\s)label:("[^"]*"|\S+)/gi;
function folderOf(q) {
	const m = /(?:^|\s)in:(\S+)/i.exec(q);
	return m ? m[1].toLowerCase() : 'all';
}
function labelOf(q) {
	const m = /(?:^|\s)label:("[^"]*"|\S+)/i.exec(q);
	return m ? m[1].replace(/^"|"$/g, '') : '';
}
function tidy(q) { return q.replace(/\s+/g, ' ').trim(); }
function withFolder(q, folder) {
	const rest = tidy(q.replace(IN_RE, ' '));
	return tidy(folder === 'all' ? rest : `in:${folder} ${rest}`);
}
function withLabel(q, name) {
	const rest = tidy(q.replace(LABEL_RE, ' '));
	if (!name) return rest;
	return tidy(`${rest} label:${/[\s",]/.test(name) ? `"${name.replace(/"/g, '')}"` : name}`);
}
const homeHref = (q) => `/home?q=${encodeURIComponent(q)}`;

function setupFilters() {
	$('q').value = query;
	const folder = folderOf(query);
	for (const f of ['inbox', 'archive', 'all']) {
		const a = $(`tab-${f}`);
		a.href = homeHref(withFolder(query, f));
		if (f === folder) a.setAttribute('aria-current', 'true');
	}
	$('label-filter').addEventListener('change', (ev) => {
		location.assign(homeHref(withLabel(query, ev.target.value)));
	});
}

function fillLabelFilter() {
	const sel = $('label-filter');
	const current = labelOf(query).toLowerCase();
	for (const l of known) {
		const opt = el('option', { value: l.name, text: l.name });
		if (l.name.toLowerCase() === current) opt.selected = true;
		sel.append(opt);
	}
}

// ---- one item
function itemState(node) {
	if (node.state === 'PROCESSING') return el('p', { class: 'item-state processing', text: 'Saving…' });
	if (node.state === 'FAILED') {
		const reason = node.content ? htmlText(node.content) : '';
		return el('p', { class: 'item-state failed', text: `Saving failed${reason ? `: ${reason}` : '.'}` });
	}
	return null;
}

function renderItem(node) {
	const li = el('li', { class: 'item', dataset: { id: node.id, state: node.state || '' } });
	const site = node.siteName || hostOf(node.originalArticleUrl || node.url);
	const pct = Math.round(node.readingProgressPercent || 0);
	li.append(...[
		el('a', { class: 'item-title', href: readerHref(me.profile.username, node), text: node.title || node.url }),
		el('div', { class: 'meta' },
			el('span', { class: 'site', text: site }),
			node.author ? el('span', { class: 'author', text: node.author }) : null,
			el('span', { class: 'saved', text: `Saved ${fmtDate(node.savedAt)}` })),
		labelChips(node.labels, (l) => homeHref(withLabel(query, l.name))),
		itemState(node),
		pct > 0 ? el('div', { class: 'progress' },
			el('progress', { max: 100, value: pct, 'aria-label': 'Reading progress' }),
			el('span', { class: 'pct', text: `${pct}% read` })) : null,
		itemActions(li, node)].filter(Boolean));
	return li;
}

function itemActions(li, node) {
	const status = el('span', { class: 'status', role: 'status' });
	const archive = el('button', { type: 'button', class: 'archive', text: node.isArchived ? 'Unarchive' : 'Archive' });
	archive.addEventListener('click', async () => {
		archive.disabled = true;
		try {
			await setArchived(node.id, !node.isArchived);
			node.isArchived = !node.isArchived;
			const folder = folderOf(query);
			if ((folder === 'inbox' && node.isArchived) || (folder === 'archive' && !node.isArchived)) {
				removeItem(li, `${node.isArchived ? 'Archived' : 'Moved to the inbox'}: “${node.title}”.`);
			} else {
				li.replaceWith(renderItem(node));
			}
		} catch (e) {
			say(status, `Could not archive: ${e.message}`, true);
			archive.disabled = false;
		}
	});
	const labels = el('button', { type: 'button', class: 'edit-labels', text: 'Labels' });
	labels.addEventListener('click', () => {
		const old = li.querySelector('.label-editor');
		if (old) { old.remove(); return; }
		li.append(labelEditor(node.id, node.labels, known, (newLabels) => {
			node.labels = newLabels;
			for (const l of newLabels) if (!known.some((k) => k.id === l.id)) known.push(l);
			li.replaceWith(renderItem(node));
		}, () => li.querySelector('.label-editor')?.remove()));
	});
	const del = el('button', { type: 'button', class: 'delete danger', text: 'Delete' });
	del.addEventListener('click', async () => {
		if (!window.confirm(`Delete “${node.title || node.url}”?`)) return;
		del.disabled = true;
		try {
			await deleteItem(node.id);
			removeItem(li, `Deleted “${node.title}”.`);
		} catch (e) {
			say(status, `Could not delete: ${e.message}`, true);
			del.disabled = false;
		}
	});
	return el('div', { class: 'actions' }, archive, labels, del, status);
}

function removeItem(li, message) {
	li.remove();
	if (total !== null) total = Math.max(0, total - 1);
	showCount();
	say(listStatus, message);
}

function showCount() {
	$('count').textContent = total === null ? '' : `${total} ${total === 1 ? 'item' : 'items'}`;
	$('empty').hidden = list.children.length > 0;
}

// ---- pages of results
async function loadPage(reset) {
	const more = $('more');
	more.disabled = true;
	if (reset) { endCursor = null; }
	say(listStatus, 'Loading…');
	try {
		const data = await gql(SEARCH, { q: query, after: endCursor, first: PAGE });
		const { edges, pageInfo } = data.search;
		if (reset) list.replaceChildren();
		const nodes = edges.map((e) => e.node);
		for (const n of nodes) list.append(renderItem(n));
		endCursor = pageInfo.endCursor;
		total = typeof pageInfo.totalCount === 'number' ? pageInfo.totalCount : null;
		more.hidden = !pageInfo.hasNextPage;
		say(listStatus, '');
		showCount();
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
	if (li) li.replaceWith(renderItem(node));
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

// ---- saving a URL
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
			await loadPage(true);
		} catch (e) {
			say(status, `Could not save: ${e.message}`, true);
		} finally {
			button.disabled = false;
		}
	});
}

async function main() {
	setupFilters();
	me = await requireUser();
	showUser(me);
	setupSave();
	$('more').addEventListener('click', () => loadPage(false));
	try {
		known = await allLabels();
	} catch (e) { known = []; }
	fillLabelFilter();
	await loadPage(true);
}
main().catch((e) => say(listStatus, `Something went wrong: ${e.message}`, true));
