// reader.js: the reader: finds the item (/{username}/{slug} or /article?url=), shows it, waits while it is saved, records reading progress, and starts the highlights, notebook, text settings and keys.
import { gql, requireUser } from './api.js';
import { el, fmtDate, hostOf, safeHref, labelChips, labelEditor, showUser, say, allLabels } from './ui.js';
import { ITEM_FIELDS, setArchived, deleteItem } from './items.js';
import * as highlights from './reader-highlights.js';
import * as notebook from './reader-notebook.js';
import * as toolbar from './reader-toolbar.js';
import * as settings from './reader-settings.js';
import * as keys from './reader-keys.js';
import * as nav from './nav-memory.js';
import * as speech from './reader-speech.js';
import { pdfView } from './reader-pdf.js';

const POLL_MS = 2000;
const POLL_MAX_MS = 60000;
const PROGRESS_EVERY_MS = 2000;
const WORDS_PER_MINUTE = 230;

const ARTICLE = `query Article($slug: String!) { article(username: "me", slug: $slug, format: "html") { __typename
	... on ArticleSuccess { article { ${ITEM_FIELDS} content contentReader language } } ... on ArticleError { errorCodes message } } }`;
const BY_URL = `query ByUrl($url: String!) { articleSavingRequest(url: $url) { __typename
	... on ArticleSavingRequestSuccess { articleSavingRequest { id slug status } }
	... on ArticleSavingRequestError { errorCodes message } } }`;
const PROGRESS = `mutation Progress($input: SaveArticleReadingProgressInput!) { saveArticleReadingProgress(input: $input) { __typename
	... on SaveArticleReadingProgressSuccess { updatedArticle { id readingProgressPercent } }
	... on SaveArticleReadingProgressError { errorCodes message } } }`;

const $ = (id) => document.getElementById(id);
const status = $('reader-status');
let item = null;
let known = [];

// the slug (or id) this address names; null when it names nothing
async function findSlug() {
	const params = new URLSearchParams(location.search);
	if (location.pathname === '/article' || location.pathname.endsWith('/reader.html')) {
		if (params.get('slug')) return params.get('slug');
		const url = params.get('url');
		if (!url) return null;
		const data = await gql(BY_URL, { url });
		return data.articleSavingRequest.articleSavingRequest.id;
	}
	const parts = location.pathname.split('/').filter(Boolean);
	if (parts.length < 2) return null;
	try { return decodeURIComponent(parts[1]); } catch (e) { return parts[1]; }
}

async function fetchItem(slug) {
	const data = await gql(ARTICLE, { slug });
	return data.article.article;
}

// ---- showing it
function renderHead() {
	document.title = `${item.title || 'Untitled'} · Larder`;
	$('title').textContent = item.title || item.url;
	const bits = [];
	if (item.author) bits.push(el('span', { class: 'author', text: item.author }));
	bits.push(el('span', { class: 'site', text: item.siteName || hostOf(item.originalArticleUrl || item.url) }));
	if (item.publishedAt) bits.push(el('span', { class: 'published', text: `Published ${fmtDate(item.publishedAt)}` }));
	bits.push(el('span', { class: 'saved', text: `Saved ${fmtDate(item.savedAt)}` }));
	if (item.wordsCount > 0) bits.push(el('span', { class: 'reading-time', text: `${Math.max(1, Math.round(item.wordsCount / WORDS_PER_MINUTE))} min read` }));
	$('meta').replaceChildren(...bits);
	const href = safeHref(item.originalArticleUrl || item.url);
	const orig = $('original');
	if (href) {
		orig.href = href;
		orig.textContent = `Original page: ${hostOf(href)}`;
	}
	orig.hidden = !href;
	renderLabels();
	$('archive').textContent = item.isArchived ? 'Unarchive' : 'Archive';
	$('bar-archive').textContent = item.isArchived ? 'Unarchive' : 'Archive';
}

function renderLabels() {
	$('labels').replaceChildren(labelChips(item.labels, (l) => `/home?q=${encodeURIComponent(`label:${/\s/.test(l.name) ? `"${l.name}"` : l.name}`)}`));
}

function renderBody() {
	const pdf = item.state === 'PROCESSING' ? null : pdfView(item);
	$('pdf-view').replaceChildren(...(pdf ? [pdf] : []));
	$('pdf-view').hidden = !pdf;
	const state = $('state');
	state.className = 'item-state';
	if (item.state === 'PROCESSING') {
		state.textContent = item.contentReader === 'PDF' ? 'Saving… the PDF is being read.' : 'Saving… the page is being fetched.';
		state.classList.add('processing');
		state.hidden = false;
		$('content').replaceChildren();
		return;
	}
	if (item.state === 'FAILED') {
		state.textContent = 'This page could not be saved.';
		state.classList.add('failed');
		state.hidden = false;
	} else {
		state.hidden = true;
	}
	// the content was sanitized by the server when it was stored; parsed in an inert template so that its images
	// and frames load only as they come near (loading=lazy) instead of all at once
	const t = document.createElement('template');
	t.innerHTML = item.content || '';
	for (const m of t.content.querySelectorAll('img, iframe')) {
		m.setAttribute('loading', 'lazy');
		if (m.tagName === 'IMG') m.setAttribute('decoding', 'async');
	}
	$('content').replaceChildren(t.content);
}

// whether the article can be read: every state but a save still running (an archived item, one in the trash or one
// whose fetch failed with some content read as a saved one does: highlights, notes, progress)
const readable = () => item.state !== 'PROCESSING';

// the highlights, once the article's text is there
async function showHighlights() {
	if (!readable()) return;
	try {
		await highlights.load(item, $('content'));
	} catch (e) {
		say($('action-status'), `Could not load the highlights: ${e.message}`, true);
	}
}

// ---- waiting for a save to finish
async function waitForSave() {
	const until = Date.now() + POLL_MAX_MS;
	while (item.state === 'PROCESSING' && Date.now() < until) {
		await new Promise((r) => setTimeout(r, POLL_MS));
		try {
			item = await fetchItem(item.id);
		} catch (e) {
			say(status, `Could not check the save: ${e.message}`, true);
			return;
		}
	}
	if (item.state === 'PROCESSING') {
		$('state').textContent = 'Still saving; reload the page in a while.';
		return;
	}
	renderHead();
	renderBody();
	trackProgress();
	showHighlights();
}

// ---- reading progress
function percentRead() {
	const r = $('content').getBoundingClientRect();
	if (r.height <= 0) return { pct: 0, top: 0 };
	const pct = ((window.innerHeight - r.top) / r.height) * 100;
	const top = (-r.top / r.height) * 100;
	const clamp = (x) => Math.round(Math.min(100, Math.max(0, x)) * 10) / 10;
	return { pct: clamp(pct), top: clamp(top) };
}

function restoreProgress(pct) {
	if (!(pct > 0) || pct >= 100) return;
	const c = $('content');
	const r = c.getBoundingClientRect();
	const absTop = r.top + window.scrollY;
	window.scrollTo(0, Math.max(0, absTop + (pct / 100) * r.height - window.innerHeight));
}

let tracking = false;
function trackProgress() {
	if (tracking || !readable()) return;
	tracking = true;
	let sent = item.readingProgressPercent || 0;
	let lastAt = 0;
	let timer = null;
	let dirty = false;   // scrolled since the last send: only the reader's own scrolling counts
	const send = (keepalive) => {
		timer = null;
		if (!dirty) return;
		dirty = false;
		const { pct, top } = percentRead();
		if (Math.abs(pct - sent) < 0.5) return;
		sent = pct;
		lastAt = Date.now();
		gql(PROGRESS, { input: { id: item.id, readingProgressPercent: pct, readingProgressTopPercent: top } }, { keepalive })
			.catch(() => { /* the next scroll tries again */ });
	};
	window.addEventListener('scroll', () => {
		dirty = true;
		if (timer) return;
		timer = setTimeout(() => send(false), Math.max(0, lastAt + PROGRESS_EVERY_MS - Date.now()));
	}, { passive: true });
	window.addEventListener('pagehide', () => {
		if (timer) clearTimeout(timer);
		send(true);
	});
	// going back to where the reading stopped is not reading: it sends nothing
	requestAnimationFrame(() => {
		restoreProgress(item.readingProgressPercent);
		requestAnimationFrame(() => { dirty = false; });
	});
}

// ---- actions
function setupActions() {
	const actionStatus = $('action-status');
	$('archive').addEventListener('click', async (ev) => {
		const b = ev.currentTarget;
		b.disabled = true;
		try {
			await setArchived(item.id, !item.isArchived);
			item.isArchived = !item.isArchived;
			b.textContent = item.isArchived ? 'Unarchive' : 'Archive';
			$('bar-archive').textContent = b.textContent;
			say(actionStatus, item.isArchived ? 'Archived.' : 'Moved to the inbox.');
		} catch (e) {
			say(actionStatus, `Could not archive: ${e.message}`, true);
		} finally {
			b.disabled = false;
		}
	});
	$('edit-labels').addEventListener('click', async () => {
		const box = $('label-editor');
		if (box.firstChild) { box.replaceChildren(); return; }
		try { known = await allLabels(); } catch (e) { /* suggestions are optional */ }
		box.replaceChildren(labelEditor(item.id, item.labels, known, (labels) => {
			item.labels = labels;
			renderLabels();
			box.replaceChildren();
			say(actionStatus, 'Labels saved.');
		}, () => box.replaceChildren()));
	});
	$('delete').addEventListener('click', async (ev) => {
		const b = ev.currentTarget;
		if (!window.confirm(`Delete “${item.title || item.url}”?`)) return;
		b.disabled = true;
		try {
			await deleteItem(item.id);
			location.assign('/home');
		} catch (e) {
			say(actionStatus, `Could not delete: ${e.message}`, true);
			b.disabled = false;
		}
	});
}

// ---- triage: archive or delete and go back to the list, the next or previous item of the list
async function archiveAndBack() {
	try {
		await setArchived(item.id, !item.isArchived);
		nav.back(item.id, true);
	} catch (e) {
		say($('action-status'), `Could not archive: ${e.message}`, true);
	}
}

async function deleteAndBack() {
	if (!window.confirm(`Delete “${item.title || item.url}”?`)) return;
	try {
		await deleteItem(item.id);
		nav.back(item.id, true);
	} catch (e) {
		say($('action-status'), `Could not delete: ${e.message}`, true);
	}
}

function goTo(step) {
	const href = nav.neighbour(item.id, step);
	if (href) location.assign(href);
	else say($('action-status'), step > 0 ? 'This is the last item of the list.' : 'This is the first item of the list.');
}

// ---- read aloud
function listen() {
	speech.toggle($('content'), item.language || document.documentElement.lang);
}

function setupListen() {
	const b = $('listen');
	b.addEventListener('click', listen);
	speech.setup((state, detail) => {
		const on = state === 'speaking';
		b.setAttribute('aria-pressed', String(on));
		b.textContent = on ? 'Pause' : 'Listen';
		if (state === 'failed') {
			say($('action-status'), detail === 'unsupported' ? 'This browser cannot read aloud.'
				: 'No voice is available to read aloud: the system has no speech voice installed.', true);
		}
	});
}

const triage = {
	archive: archiveAndBack,
	remove: deleteAndBack,
	back: () => nav.back(item.id, false),
	next: () => goTo(1),
	previous: () => goTo(-1),
};

// the bar at the foot of a phone's screen: the same actions, always in reach
function setupBar() {
	$('bar-back').addEventListener('click', triage.back);
	$('bar-prev').addEventListener('click', triage.previous);
	$('bar-next').addEventListener('click', triage.next);
	$('bar-archive').addEventListener('click', triage.archive);
	$('bar-delete').addEventListener('click', triage.remove);
	$('bar-notebook').addEventListener('click', () => (notebook.isOpen() ? notebook.close() : notebook.open()));
	$('bar-prev').disabled = !nav.neighbour(item.id, -1);
	$('bar-next').disabled = !nav.neighbour(item.id, 1);
}

async function main() {
	const me = await requireUser();
	showUser(me);
	try {
		const slug = await findSlug();
		if (!slug) { say(status, 'No article named in this address.', true); return; }
		item = await fetchItem(slug);
	} catch (e) {
		say(status, e.codes && e.codes.includes('NOT_FOUND') ? 'This article is not in your library.' : `Could not load the article: ${e.message}`, true);
		return;
	}
	await settings.load();
	say(status, '');
	status.hidden = true;
	renderHead();
	renderBody();
	setupActions();
	settings.setup();
	notebook.setup();
	toolbar.setup();
	keys.setup({ ...triage, listen, stopListening: () => { const was = speech.isPlaying(); speech.stop(); return was; } });
	setupBar();
	setupListen();
	$('reader').hidden = false;
	if (item.state === 'PROCESSING') await waitForSave();
	else {
		trackProgress();
		showHighlights();
	}
}
main().catch((e) => say(status, `Something went wrong: ${e.message}`, true));
