// sw.js: Larder's service worker: keeps the pages (the app shell) and the last articles opened for reading offline, answers the API from what is kept when the network is cut, and queues archive, progress, label, highlight and note changes and shared links made offline, sending them in order, once each, when it returns.
'use strict';
importScripts('/js/offline-store.js', '/js/offline-keep.js', '/js/offline-share.js');
const S = self.larderStore;

const SHELL_CACHE = 'larder-shell-1';
const IMAGES = 'larder-images';
const DEFAULT_LIMIT = 20;      // articles kept unless the offline settings page says otherwise
const MAX_LIMIT = 500;
const OTHER_ANSWERS = 60;      // kept answers not tied to an article (the user, the library's last lists)
const MAX_TRIES = 5;           // a change the server keeps failing (HTTP 5xx) is given up after this many tries
const OFFLINE_IMAGE = '/offline-image';

// the pages and what they load; what a page loads that is missing here is kept the first time it is loaded
const SHELL = ['/home', '/login', '/highlights', '/article', '/settings/api', '/settings/bookmarklet',
	'/settings/import', '/settings/newsletters', '/settings/feeds', '/settings/offline', '/settings/sessions', '/manifest.webmanifest',
	'/css/larder.css', '/css/library.css', '/css/reader.css', '/css/phone.css',
	'/img/favicon.svg', '/img/icon.svg', '/img/icon-192.png', '/img/icon-512.png', '/img/icon-maskable-512.png',
	...['api', 'ui', 'items', 'login', 'home', 'reader', 'settings-api', 'bookmarklet', 'import', 'library-query',
		'library-item', 'library-bulk', 'library-select', 'library-keys', 'library-filters', 'library-labels',
		'reader-anchor', 'reader-highlights', 'reader-notebook', 'reader-toolbar', 'reader-settings', 'reader-keys',
		'settings-newsletters', 'library-upload', 'reader-pdf', 'nav-memory', 'look', 'look-sync', 'settings-feeds',
		'highlights', 'reader-speech', 'pwa', 'settings-offline', 'settings-sessions', 'library-suggest', 'offline-share'].map((n) => `/js/${n}.js`)];

// the changes kept for later when the network is cut: the mutation's field, and the article it is about
const QUEUED = {
	setLinkArchived: (v) => v.input && v.input.linkId,
	saveArticleReadingProgress: (v) => v.input && v.input.id,
	setLabels: (v) => v.input && v.input.pageId,
	createHighlight: (v) => v.input && v.input.articleId,
	updateHighlight: () => null,
	deleteHighlight: () => null,
};
// the changes that set a whole state of an article: only the last one of an article waits
const LAST_ONLY = new Set(['saveArticleReadingProgress', 'setLabels']);

self.addEventListener('install', (ev) => {
	ev.waitUntil(caches.open(SHELL_CACHE).then((c) => Promise.all(SHELL.map((u) => c.add(u).catch(() => {}))))
		.then(() => self.skipWaiting()));
});
self.addEventListener('activate', (ev) => {
	ev.waitUntil(caches.keys().then((ks) => Promise.all(ks.filter((k) => k.startsWith('larder-shell-') && k !== SHELL_CACHE)
		.map((k) => caches.delete(k)))).then(() => self.clients.claim()));
});
self.addEventListener('sync', (ev) => { if (ev.tag === 'larder-queue') ev.waitUntil(flush()); });

self.addEventListener('fetch', (ev) => {
	const req = ev.request;
	const url = new URL(req.url);
	if (url.origin !== location.origin) return;
	// should this browser's storage fail (IndexedDB refused, the quota full), the request goes on as if there were
	// no worker: what is kept is an extra, never in the way
	const plain = (p) => { const spare = req.clone(); ev.respondWith(p.catch(() => fetch(spare))); };
	if (url.pathname === '/api/graphql' && req.method === 'POST') plain(graphql(req, ev));
	else if (url.pathname === '/api/auth/logout' && req.method === 'POST') plain(logout(req));
	else if (url.pathname === OFFLINE_SAVE && req.method === 'POST') ev.respondWith(offlineSave(req));
	else if (req.method !== 'GET') return;
	else if (url.pathname === '/api/save' && req.mode === 'navigate') plain(shareTarget(req, url));
	else if (url.pathname === OFFLINE_IMAGE) ev.respondWith(keptImage(url));
	else {
		const key = shellKey(url);
		if (key) ev.respondWith(shell(req, key, ev));
	}
});

// ---- the shell: from the network, kept as it passes; from what is kept when the network is cut

// the kept copy answering a path, or null for paths that are not pages nor their files
function shellKey(url) {
	const p = url.pathname;
	if (p === '/') return '/home';
	if (/^\/(css|js|img)\//.test(p) || p === '/manifest.webmanifest') return p;
	if (/^\/(login|home|highlights|article)$/.test(p) || /^\/settings\/[a-z]+$/.test(p)) return p;
	if (/^\/(?!(?:api|css|js|img|settings|s)\/)[A-Za-z0-9_.-]{1,64}\/[A-Za-z0-9._~-]{1,200}$/.test(p)) return '/article'; // not /s/: a shared page
	return null;
}

async function shell(req, key, ev) {
	try {
		const res = await fetch(req);
		if (res.ok && res.type === 'basic' && !res.redirected) {
			const copy = res.clone();
			ev.waitUntil(caches.open(SHELL_CACHE).then((c) => c.put(key, copy)).catch(() => {}));
		}
		return res;
	} catch (e) {
		const kept = await caches.match(key, { cacheName: SHELL_CACHE, ignoreSearch: true });
		if (kept) return kept;
		return new Response('<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
			+ '<title>Offline · Larder</title><p>You are offline, and this page is not kept. <a href="/home">The library</a> shows what is.</p>',
		{ status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
	}
}

// ---- the API

const json = (body, status) => new Response(JSON.stringify(body), { status: status || 200, headers: { 'Content-Type': 'application/json' } });
const offlineError = (message) => json({ errors: [{ message, extensions: { code: 'OFFLINE' } }] }, 503);
const owner = () => S.get('meta', 'owner');

// the operation: its name, whether it is a mutation, and the queued field it changes (or null)
function operation(body) {
	const q = body.query;
	const name = body.operationName || ((/^\s*(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(q) || [])[1]) || '';
	const mutation = /^\s*mutation\b/.test(q);
	const fields = mutation ? Object.keys(QUEUED).filter((f) => new RegExp(`[{\\s]${f}\\s*\\(`).test(q)) : [];
	return { name, mutation, field: fields.length === 1 ? fields[0] : null };
}

async function graphql(req, ev) {
	let body = null;
	try { body = await req.clone().json(); } catch (e) { /* not ours to read: passed on */ }
	if (!body || typeof body.query !== 'string') return fetch(req);
	const op = operation(body);
	if (op.field) return change(req, body, op.field);
	if (op.mutation) {
		try { return await fetch(req); } catch (e) { return offlineError('You are offline: this change needs the network. Try again when it is back.'); }
	}
	if (await anyQueued() && await waiting()) await flush().catch(() => {});
	let res;
	try {
		res = await fetch(req);
	} catch (e) {
		return answerOffline(body, op);
	}
	servedKept(false).catch(() => {});
	if (res.ok) {
		const copy = res.clone();
		ev.waitUntil(keep(body, op, copy).catch(() => {}));
	}
	return res;
}

// whether any change waits, kept in memory between reads of the queue (the worker writes it alone): the
// API's queries pass by without reading IndexedDB when nothing waits
let queued = null;
async function anyQueued() {
	if (queued === null) queued = (await S.all('queue')).length;
	return queued > 0;
}

// the changes of the current account that wait (another account's wait for it to sign in again)
const mine = async () => { const who = await owner(); return (await S.all('queue')).filter((e) => e.owner === who); };
const waiting = async () => (await mine()).length;

// a change: straight to the server when nothing waits; else (or when the network is cut) queued behind
// what waits and sent in order; answered with the server's answer when it could be sent, else as the
// server would answer it
async function change(req, body, field) {
	if (!(await waiting())) {
		try { return await fetch(req); } catch (e) { /* cut: kept for later */ }
	}
	const who = await owner();
	if (!who) return offlineError('You are offline, and Larder does not know who you are yet: open the library once online.');
	const item = QUEUED[field](body.variables || {}) || await itemOfHighlight(body.variables);
	if (LAST_ONLY.has(field)) { // only the last position (or label set) of an article matters
		for (const e of await S.all('queue'))
			if (e.owner === who && e.field === field && e.item === item) await S.del('queue', e.seq);
		queued = null;
	}
	const seq = await S.put('queue', { owner: who, field, item, body: { query: body.query, variables: body.variables || {} }, at: Date.now(), tries: 0 });
	queued = null;
	const answer = await patchKept(field, body.variables || {}, item);
	if (self.registration.sync) self.registration.sync.register('larder-queue').catch(() => {});
	const sent = await flush().catch(() => new Map());
	await notify();
	if (sent.get(seq)) return json(sent.get(seq)); // sent at once: the server's own answer
	return json({ data: { [field]: answer } });
}

// the article a highlight belongs to, from the kept answers
async function itemOfHighlight(v) {
	const id = v && (v.highlightId || v.id || (v.input && v.input.highlightId));
	for (const a of await S.all('answers')) {
		const hs = a.item && a.body.data && a.body.data.article && a.body.data.article.article && a.body.data.article.article.highlights;
		if (hs && hs.some((h) => h.id === id)) return a.item;
	}
	return null;
}

// ---- sending the queue

let flushing = null;
// sends what waits, oldest first, one at a time; a change leaves the queue once the server has answered it
// (a highlight's id is the client's, so one sent twice is refused as ALREADY_EXISTS and counts as done;
// archive and progress set a state, so sending them again changes nothing). The map: seq → the server's
// answer, null when the change is to be answered as the server would have (a highlight it had already).
function flush() {
	if (!flushing) flushing = sendAll().finally(() => { flushing = null; });
	return flushing;
}

async function sendAll() {
	const sent = new Map();
	if (!(await S.all('queue')).length) {
		// nothing waits, but pages told earlier that Larder could not be reached (or not told, after a restart of
		// this worker) hear whether it answers now: a page asks this when the network comes back, and no answer
		// of the server might pass by otherwise to say so
		if (servingKept !== false) await whoIsIn();
		return sent;
	}
	const who = await whoIsIn();
	if (!who) return sent;
	for (;;) {
		const q = (await S.all('queue')).filter((x) => x.owner === who);
		if (!q.length) break;
		const e = q[0];
		let res;
		try {
			res = await fetch('/api/graphql', { method: 'POST', credentials: 'same-origin',
				headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(e.body) });
		} catch (err) {
			break; // still cut
		}
		if (res.status === 401 || res.status === 429 || (res.status >= 500 && ++e.tries < MAX_TRIES)) {
			if (res.status >= 500) await S.put('queue', e);
			break;
		}
		let answer = null;
		try { answer = await res.json(); } catch (err) { /* said below */ }
		await S.del('queue', e.seq);
		queued = null;
		const problem = refusal(e, res, answer);
		if (problem) await remember(e, problem);
		// a highlight the server had already (its earlier answer was lost) is answered as made
		sent.set(e.seq, repeated(e, answer) ? null : answer || { errors: [{ message: `The server answered ${problem}.` }] });
	}
	if (sent.size) await notify();
	return sent;
}

// the account the browser's login is now (null when none, or the network is cut): a change is sent only
// under the account that made it; another account signing in makes the kept library its own first
async function whoIsIn() {
	try {
		const res = await fetch('/api/graphql', { method: 'POST', credentials: 'same-origin',
			headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ query: '{ me { id } }' }) });
		servedKept(false).catch(() => {});
		const id = res.ok ? ((await res.json()).data || {}).me?.id : null;
		if (id && id !== await owner()) await setOwner(id);
		return id || null;
	} catch (e) {
		return null;
	}
}

// why the server refused a queued change, or null when it took it (or had it already)
function refusal(e, res, answer) {
	if (!answer) return `HTTP ${res.status}`;
	if (answer.errors && answer.errors.length) return answer.errors.map((x) => x.message).join('; ');
	const v = answer.data && answer.data[e.field];
	if (v && /Error$/.test(v.__typename || '')) {
		if (repeated(e, answer)) return null;
		return v.message || (v.errorCodes || []).join(', ') || v.__typename;
	}
	return null;
}

// the server's refusal of a queued highlight whose id it has: the same highlight sent before
function repeated(e, answer) {
	const v = answer && answer.data && answer.data[e.field];
	return e.field === 'createHighlight' && !!v && (v.errorCodes || []).includes('ALREADY_EXISTS');
}

async function remember(e, problem) {
	const failed = (await S.get('meta', 'failed')) || [];
	failed.push({ field: e.field, item: e.item, at: Date.now(), problem });
	await S.put('meta', failed.slice(-20), 'failed');
}

// every page of ours hears how many changes wait and which were refused, and whether answers come from what is
// kept: in the same line as servedKept's messages (saying), so what a page hears last is what holds here
function notify() {
	saying = saying.then(async () => {
		const msg = { type: 'queue', waiting: await waiting(), kept: servingKept === null ? undefined : servingKept, failed: (await S.get('meta', 'failed')) || [] };
		for (const c of await self.clients.matchAll({ includeUncontrolled: true })) c.postMessage(msg);
	}).catch(() => {});
	return saying;
}
