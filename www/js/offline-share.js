// offline-share.js: the service worker's share target with the network cut (loaded with importScripts by /sw.js): a share opening GET /api/save offline gets a page asking to save the link later; confirmed with a token only that page holds, a saveUrl waits in the queue (once per link) and is sent when the network returns.
'use strict';

const OFFLINE_SAVE = '/offline-save';   // the confirmation form's action: answered by the worker alone
const MAX_SAVE_TOKENS = 20;             // confirmation pages offered and not yet used, the newest kept
const SAVE_URL = `mutation SaveUrl($input: SaveUrlInput!) { saveUrl(input: $input) { __typename
	... on SaveSuccess { clientRequestId url } ... on SaveError { errorCodes message } } }`;

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
const isWeb = (s) => { try { const u = new URL(s); return u.protocol === 'https:' || u.protocol === 'http:'; } catch (e) { return false; } };

// the web address a share holds: its url, else the first one in its text, else in its title (as /api/save reads it)
function sharedLink(p) {
	const url = (p.get('url') || '').trim();
	if (isWeb(url)) return url;
	for (const f of ['text', 'title']) {
		const m = /https?:\/\/[^\s<>"]+/i.exec(p.get(f) || '');
		if (m && isWeb(m[0])) return m[0];
	}
	return null;
}

function sharePage(title, inner, status) {
	return new Response('<!doctype html><html lang="en"><meta charset="utf-8">'
		+ '<meta name="viewport" content="width=device-width, initial-scale=1">'
		+ `<title>${esc(title)} · Larder</title><link rel="stylesheet" href="/css/larder.css"><link rel="stylesheet" href="/css/phone.css">`
		+ `<main class="share-offline"><h1>${esc(title)}</h1>${inner}<p><a href="/home">Back to the library</a></p></main></html>`,
	{ status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'; style-src 'self'; form-action 'self'" } });
}

// GET /api/save, a navigation: the server's page online; offline, ours, asking to save the link when the network returns
async function shareTarget(req, url) {
	try {
		return await fetch(req);
	} catch (e) { /* the network is cut */ }
	const link = sharedLink(url.searchParams);
	if (!link) return sharePage('Not saved', '<p>What was shared holds no web address to save.</p>', 400);
	const who = await owner();
	if (!who) return sharePage('Not saved', '<p>You are offline, and Larder does not know who you are yet: open the library once online, then share again.</p>', 503);
	const token = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
	const tokens = ((await S.get('meta', 'saveTokens')) || []).concat({ token, link, owner: who });
	await S.put('meta', tokens.slice(-MAX_SAVE_TOKENS), 'saveTokens');
	return sharePage('Save when back online?', `<p>You are offline. Save <a href="${esc(link)}">${esc(link)}</a> to your library
		when the network returns?</p><form method="post" action="${OFFLINE_SAVE}"><input type="hidden" name="token" value="${token}">
		<button type="submit" class="primary">Save when back online</button></form>`, 200);
}

// POST /offline-save: the confirmation, honoured only with a token our page offered (once) to the account now kept
async function offlineSave(req) {
	let token = '';
	try { token = String((await req.formData()).get('token') || ''); } catch (e) { /* said below */ }
	const tokens = (await S.get('meta', 'saveTokens')) || [];
	const t = tokens.find((x) => x.token === token);
	const who = await owner();
	if (!t || t.owner !== who) {
		return sharePage('Not saved', '<p>This confirmation was not made by this browser’s Larder for you (or was used already): '
			+ 'share the page again.</p>', 403);
	}
	await S.put('meta', tokens.filter((x) => x !== t), 'saveTokens');
	if (!(await mine()).some((e) => e.field === 'saveUrl' && e.link === t.link)) { // a second tap waits once
		await S.put('queue', { owner: who, field: 'saveUrl', item: null, link: t.link, at: Date.now(), tries: 0,
			body: { query: SAVE_URL, variables: { input: { url: t.link, source: 'android', clientRequestId: self.crypto.randomUUID() } } } });
		queued = null;
	}
	if (self.registration.sync) self.registration.sync.register('larder-queue').catch(() => {});
	await flush().catch(() => {});
	await notify();
	const waits = (await mine()).some((e) => e.field === 'saveUrl' && e.link === t.link);
	return sharePage(waits ? 'Saved for later' : 'Saved', waits
		? `<p><a href="${esc(t.link)}">${esc(t.link)}</a> will be saved to your library when the network returns (once, however often you share it).</p>`
		: `<p><a href="${esc(t.link)}">${esc(t.link)}</a> is saved to your library.</p>`, 200);
}
