// offline-keep.js: the service worker's kept library (loaded with importScripts by /sw.js): keeps the API's answers and the last N articles opened with their images, answers from them offline, applies queued changes to them, and forgets them all at log-out or when another user signs in.
'use strict';

const MAX_IMAGES = 100;        // images kept per article
const MAX_OTHER_BYTES = 2e6;   // a larger answer not tied to an article is not kept

const answerKey = (who, body) => `${who}\n${body.query}\n${JSON.stringify(body.variables || {})}`;
// the answers worth keeping for offline pages: the user, an article (its content, its highlights), the reader's
// settings and the labels; the library's lists are made from the kept articles instead
const KEPT_FIELDS = new Set(['me', 'article', 'getUserPersonalization', 'labels']);

async function limitOf() {
	const n = await S.get('meta', 'limit');
	return Number.isInteger(n) ? n : DEFAULT_LIMIT;
}

// an API answer that came back OK: the user it names becomes the owner of what is kept (another user's
// kept library is forgotten first); an article's answer is kept with the article, others among the last few
async function keep(body, op, res) {
	const j = await res.json();
	if (!j || !j.data || (j.errors && j.errors.length)) return;
	if (j.data.me && j.data.me.id) await setOwner(j.data.me.id);
	if (!Object.keys(j.data).every((k) => KEPT_FIELDS.has(k))) return;
	const who = await owner();
	if (!who) return;
	const art = j.data.article && j.data.article.article;
	let item = null;
	if (art && art.id) {
		if (typeof art.content === 'string' && op.name === 'Article') await opened(art);
		if (!(await S.get('items', art.id))) return;
		item = art.id;
	}
	const bytes = JSON.stringify(j).length;
	if (!item && bytes > MAX_OTHER_BYTES) return;
	await S.put('answers', { key: answerKey(who, body), owner: who, item, op: op.name, body: j, bytes, at: Date.now() });
	if (!item) await trimOthers();
}

async function setOwner(id) {
	const was = await owner();
	if (was === id) return;
	if (was) await wipe();
	await S.put('meta', id, 'owner');
}

// everything kept, and the owner: at log-out, and before another user's library is kept. Changes not sent
// yet stay queued under their account (never shown to another, sent when it signs in again).
async function wipe() {
	for (const s of ['answers', 'items']) await S.clear(s);
	for (const k of ['owner', 'failed']) await S.del('meta', k);
	await caches.delete(IMAGES);
	await notify();
}

async function trimOthers() {
	const others = (await S.all('answers')).filter((a) => !a.item).sort((a, b) => b.at - a.at);
	for (const a of others.slice(OTHER_ANSWERS)) await S.del('answers', a.key);
}

// ---- articles

// the http(s) addresses of the images an article's HTML shows
function imageUrls(html) {
	const out = new Set();
	for (const m of html.matchAll(/<img\b[^>]*?\ssrc="([^"]+)"/gi)) {
		const u = m[1].replace(/&amp;/g, '&');
		if (/^https?:\/\//i.test(u)) out.add(u);
		if (out.size >= MAX_IMAGES) break;
	}
	return [...out];
}

// the reader opened art (its content is in the answer): it becomes the most recent kept article, its images
// are kept, and the oldest past the limit are forgotten
async function opened(art) {
	const limit = await limitOf();
	if (limit <= 0) return;
	const old = await S.get('items', art.id);
	const images = imageUrls(art.content);
	const it = { id: art.id, slug: art.slug || art.id, title: art.title || art.url || '', opened: Date.now(), images,
		imageBytes: old ? old.imageBytes : 0, hiddenImages: old ? old.hiddenImages : 0 };
	await S.put('items', it);
	await evict(limit);
	await keepImages(it);
}

// the images of an article into the images cache: ours as they are, another site's as an opaque answer
// (its size hidden by the browser) where the site lets it be loaded
async function keepImages(it) {
	const cache = await caches.open(IMAGES);
	let bytes = 0, hidden = 0;
	for (const u of it.images) {
		let res = await cache.match(u);
		if (!res) {
			const ours = new URL(u).origin === location.origin;
			try {
				res = await fetch(u, { mode: ours ? 'same-origin' : 'no-cors', credentials: ours ? 'same-origin' : 'omit', referrerPolicy: 'no-referrer' });
			} catch (e) {
				continue; // not loaded now: it shows online only
			}
			if (res.type !== 'opaque' && !res.ok) continue;
			await cache.put(u, res.clone());
		}
		if (res.type === 'opaque') hidden++;
		else bytes += (await res.blob()).size;
	}
	const now = await S.get('items', it.id);
	if (now) await S.put('items', { ...now, imageBytes: bytes, hiddenImages: hidden });
}

// only the limit most recently opened articles are kept
async function evict(limit) {
	const items = (await S.all('items')).sort((a, b) => b.opened - a.opened);
	const gone = items.slice(limit);
	if (!gone.length) return;
	const still = new Set(items.slice(0, limit).flatMap((i) => i.images));
	const cache = await caches.open(IMAGES);
	for (const it of gone) {
		for (const a of await S.byItem(it.id)) await S.del('answers', a.key);
		for (const u of it.images) if (!still.has(u)) await cache.delete(u);
		await S.del('items', it.id);
	}
}

// an image of a kept article (the address offlineImages gives it), only from what is kept: never fetched
async function keptImage(url) {
	const res = await caches.match(url.searchParams.get('u') || '', { cacheName: IMAGES });
	return res || new Response('This image was not kept for reading offline.', { status: 404, headers: { 'Content-Type': 'text/plain' } });
}

// ---- answering offline

// the kept article answer with its images pointed at the kept copies (served by keptImage)
function offlineImages(body) {
	const art = body.data && body.data.article && body.data.article.article;
	if (!art || typeof art.content !== 'string') return body;
	const content = art.content.replace(/(<img\b[^>]*?\s)src="(https?:\/\/[^"]+)"/gi,
		(m, head, u) => `${head}src="${OFFLINE_IMAGE}?u=${encodeURIComponent(u.replace(/&amp;/g, '&'))}"`)
		.replace(/(<img\b[^>]*?)\ssrcset="[^"]*"/gi, '$1');
	return { ...body, data: { ...body.data, article: { ...body.data.article, article: { ...art, content } } } };
}

// every page hears that an answer came from what is kept (the network cut, or the server out of reach), and
// when the server answers again. null: not known, as after the browser stopped and restarted this worker (it
// does so when idle, and this variable starts again): a page may still show "cannot be reached", so the first
// answer of the server is said too. One saying at a time, in the order they happened, in one line with the
// queue messages (notify, which carry the state too): the last message a page hears is the state kept here
let servingKept = null;
let saying = Promise.resolve();
function servedKept(yes) {
	saying = saying.then(async () => {
		if (!yes && servingKept === false) return;
		servingKept = yes;
		for (const c of await self.clients.matchAll()) c.postMessage({ type: yes ? 'kept' : 'live' });
	}).catch(() => {});
	return saying;
}

async function answerOffline(body, op) {
	servedKept(true).catch(() => {});
	const who = await owner();
	if (!who) return offlineError('You are offline, and nothing is kept for reading offline yet.');
	if (op.name === 'Search') {
		const words = String((body.variables || {}).q || '').replace(/\b(in|sort):\S+/g, '').trim();
		if (words) return offlineError('You are offline: searching needs the network. The library lists the articles kept offline.');
		return json(await keptList(body.variables || {}));
	}
	let a = await S.get('answers', answerKey(who, body));
	const slug = body.variables && body.variables.slug;
	if (!a && slug) { // the same article asked by its id instead of its slug, or the other way round
		const it = (await S.all('items')).find((i) => i.id === slug || i.slug === slug);
		a = it && (await S.byItem(it.id)).filter((x) => x.op === op.name).sort((x, y) => y.at - x.at)[0];
	}
	if (a && a.owner === who) return json(a.item ? offlineImages(a.body) : a.body);
	return offlineError('You are offline, and this was not kept for reading offline.');
}

// the library offline: the kept articles of the folder asked (the inbox unless the query says archive), the
// most recently opened first, as the search answers them
async function keptList(v) {
	const q = String(v.q || '');
	const nodes = [];
	for (const it of (await S.all('items')).sort((a, b) => b.opened - a.opened)) {
		const a = (await S.byItem(it.id)).filter((x) => x.op === 'Article').sort((x, y) => y.at - x.at)[0];
		const art = a && a.body.data.article.article;
		if (!art) continue;
		if (/\bin:trash\b/.test(q) || (/\bin:archive\b/.test(q) && !art.isArchived) || (/\bin:inbox\b/.test(q) && art.isArchived)) continue;
		const node = { ...art };
		delete node.content;
		nodes.push(node);
	}
	const edges = v.after ? [] : nodes.map((node, i) => ({ cursor: String(i + 1), node }));
	return { data: { search: { __typename: 'SearchSuccess', edges,
		pageInfo: { hasNextPage: false, endCursor: edges.length ? String(edges.length) : null, totalCount: nodes.length } } } };
}

// ---- a queued change applied to what is kept, so that the pages show it at once; the answer the server
// would give
function newHighlight(input) {
	return { id: input.id, shortId: input.shortId || input.id.slice(0, 8), type: input.type || 'HIGHLIGHT',
		quote: input.quote ?? null, prefix: input.prefix ?? null, suffix: input.suffix ?? null, patch: input.patch ?? null,
		annotation: input.annotation ?? null, color: input.color ?? null,
		highlightPositionPercent: input.highlightPositionPercent ?? 0, createdAt: new Date().toISOString(), labels: [] };
}

function applyTo(art, field, v, answer) {
	const input = v.input || {};
	if (field === 'setLinkArchived' && 'isArchived' in art) art.isArchived = !!input.archived;
	if (field === 'saveArticleReadingProgress' && 'readingProgressPercent' in art) art.readingProgressPercent = input.readingProgressPercent;
	if (field === 'setLabels' && Array.isArray(art.labels)) art.labels = answer.labels.map((l) => ({ ...l }));
	if (!Array.isArray(art.highlights)) return;
	if (field === 'createHighlight' && !art.highlights.some((h) => h.id === input.id)) art.highlights.push(newHighlight(input));
	if (field === 'deleteHighlight') art.highlights = art.highlights.filter((h) => h.id !== (v.id || v.highlightId));
	if (field === 'updateHighlight') {
		const h = art.highlights.find((x) => x.id === input.highlightId);
		if (!h) return;
		for (const k of ['annotation', 'color', 'quote', 'highlightPositionPercent']) if (k in input) h[k] = input[k];
		answer.highlight = { ...h };
	}
}

// the labels a queued setLabels gives, from the kept list of labels (a name not in it: a label made when sent)
async function labelsOf(input) {
	const kept = (await S.all('answers')).map((a) => a.body.data && a.body.data.labels && a.body.data.labels.labels).find(Array.isArray) || [];
	const byId = (input.labelIds || []).map((id) => kept.find((l) => l.id === id)).filter(Boolean);
	const byName = (input.labels || []).map((l) => kept.find((k) => k.name.toLowerCase() === String(l.name).toLowerCase())
		|| { id: `offline-${l.name}`, name: l.name, color: l.color || null, description: null });
	return byId.concat(byName);
}

async function patchKept(field, v, item) {
	const input = v.input || {};
	const labels = field === 'setLabels' ? await labelsOf(input) : null;
	const answer = {
		setLinkArchived: () => ({ __typename: 'ArchiveLinkSuccess', linkId: input.linkId, message: 'queued' }),
		saveArticleReadingProgress: () => ({ __typename: 'SaveArticleReadingProgressSuccess',
			updatedArticle: { id: input.id, readingProgressPercent: input.readingProgressPercent } }),
		createHighlight: () => ({ __typename: 'CreateHighlightSuccess', highlight: newHighlight(input) }),
		updateHighlight: () => ({ __typename: 'UpdateHighlightSuccess', highlight: { id: input.highlightId, ...input } }),
		deleteHighlight: () => ({ __typename: 'DeleteHighlightSuccess', highlight: { id: v.id || v.highlightId } }),
		setLabels: () => ({ __typename: 'SetLabelsSuccess', labels }),
	}[field]();
	for (const a of item ? await S.byItem(item) : []) {
		const art = a.body.data && a.body.data.article && a.body.data.article.article;
		if (!art) continue;
		applyTo(art, field, v, answer);
		await S.put('answers', a);
	}
	return answer;
}

// ---- log-out: what waits is sent first, then everything kept is forgotten
async function logout(req) {
	if (await waiting()) await flush().catch(() => {});
	let res;
	try {
		res = await fetch(req);
	} catch (e) {
		return new Response('<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
			+ '<title>Offline · Larder</title><p>You are offline: log out once the network is back (what you changed offline is sent first). '
			+ '<a href="/home">Back to the library</a>.</p>', { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
	}
	await wipe();
	return res;
}

// ---- the offline settings page and the pages' banner ask through messages
async function status() {
	const answers = await S.all('answers');
	const items = (await S.all('items')).sort((a, b) => b.opened - a.opened).map((it) => ({
		id: it.id, slug: it.slug, title: it.title, opened: it.opened, hiddenImages: it.hiddenImages || 0,
		bytes: answers.filter((a) => a.item === it.id).reduce((n, a) => n + a.bytes, 0) + (it.imageBytes || 0) }));
	const est = self.navigator.storage && self.navigator.storage.estimate ? await self.navigator.storage.estimate() : {};
	return { limit: await limitOf(), max: MAX_LIMIT, items, waiting: await waiting(),
		failed: (await S.get('meta', 'failed')) || [], usage: est.usage ?? null, quota: est.quota ?? null };
}

async function setLimit(n) {
	if (!Number.isInteger(n) || n < 0 || n > MAX_LIMIT) throw new Error(`The number of articles kept must be a whole number from 0 to ${MAX_LIMIT}.`);
	await S.put('meta', n, 'limit');
	await evict(n);
}

self.addEventListener('message', (ev) => {
	const m = ev.data || {};
	const port = ev.ports && ev.ports[0];
	const act = { status: () => null, limit: () => setLimit(m.n), forget: () => evict(0), flush: () => flush() }[m.type];
	if (!act) return;
	ev.waitUntil(Promise.resolve().then(act).then(status)
		.then((s) => port && port.postMessage(s), (e) => port && port.postMessage({ error: String(e.message || e) })));
});
