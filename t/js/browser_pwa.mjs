// browser_pwa.mjs: the installable reader of issue 26 in Chromium at phone width against a running Larder: manifest and icons, the service worker, an article read again with the network cut (its image too), changes made offline (archive, progress, a highlight, a note, labels, a shared link) sent once when it returns, the share target, what is kept per user, 44 px targets and no sideways scroll at 320 px (TAP).
//
//   node t/js/browser_pwa.mjs --base URL --pages URL --user NAME --other NAME --password PW --access LOG --shots DIR --chromium PATH
//
// --pages is t/js/testserver.mjs serving t/data/pwa; --access is nginx's access log (nothing may reach the server
// while the network is cut). Every page must load without a CSP violation or a JavaScript error.
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ok, is, note, finish } from './tap.mjs';

// without it, context.setOffline leaves the service worker's own requests on the network
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';
const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), 'node_modules', 'x'));
const { chromium } = require('playwright-core');

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const base = args.base;
const ARTICLE = `${args.pages}/article/phone-article.html`;
const SHARED = `${args.pages}/article/phone-share.html`;
const TITLE = 'Keeping a Cool Larder Through the Winter';
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox'] });
const problems = [];
let offline = false;
const steps = []; // when the offline flow's steps happened (printed with what the page heard, should it fail)
function watch(p) {
	p.on('console', (m) => {
		if (!p.url().startsWith(base)) return;
		const text = m.text();
		if (/Content Security Policy|Refused to/i.test(text)) problems.push(`CSP on ${p.url()}: ${text}`);
		else if (m.type() === 'error' && !/Failed to load resource/.test(text) && !offline) problems.push(`console error on ${p.url()}: ${text}`);
	});
	p.on('pageerror', (e) => problems.push(`JS error on ${p.url()}: ${e.message}`));
	p.on('dialog', (d) => d.accept());
}
const context = await browser.newContext(PHONE);
// what each page heard from the service worker, printed when a check fails
await context.addInitScript(() => {
	window.larderHeard = [];
	if (navigator.serviceWorker) navigator.serviceWorker.addEventListener('message', (ev) => window.larderHeard.push(`${Date.now() % 1e6} ${JSON.stringify(ev.data).slice(0, 90)}`));
});
const page = await context.newPage();
watch(page);
const shot = (name, p) => (p || page).screenshot({ path: path.join(args.shots, `${name}.png`), fullPage: false });

// the API with the page's session (through the service worker once it controls the page)
const gql = (query, variables, p) => (p || page).evaluate(async ([q, v]) => {
	const r = await fetch('/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: q, variables: v }) });
	return (await r.json()).data;
}, [query, variables || {}]);
// the service worker's status (what it keeps, what waits), asked as the offline settings page asks
const swStatus = (p, type, extra) => (p || page).evaluate(async ([t, x]) => {
	const reg = await navigator.serviceWorker.ready;
	return new Promise((resolve) => {
		const ch = new MessageChannel();
		ch.port1.onmessage = (ev) => resolve(ev.data);
		(navigator.serviceWorker.controller || reg.active).postMessage({ type: t, ...x }, [ch.port2]);
	});
}, [type || 'status', extra || {}]);
async function until(what, fn, ms) {
	const end = Date.now() + (ms || 30000);
	for (;;) {
		const v = await fn();
		if (v) return v;
		if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}
// nginx's access log, but the browser's own update checks of the worker (GET /sw.js: made by the browser, not by a
// page or the worker, they escape Playwright's offline emulation)
// the browser's own update check of the worker (/sw.js and the scripts it imports, asked with /sw.js as referrer)
// ignores the network emulation: it is the browser's, not the page's, and is left out
const accessLog = () => readFileSync(args.access, 'utf8').split('\n')
	.filter((l) => l && !l.includes('"GET /sw.js ') && !/\/sw\.js" "[^"]*"$/.test(l));
const accessLines = () => accessLog().length;
// the browser's login ends without logging out (its cookies cleared), with no page of ours open: a page still
// loading would meet a 401 and go to the login page itself (api.js), racing the next goto (CI saw the login
// page's load never come, here 'interrupted by another navigation to /login?redirect=…')
async function endLogin(p) {
	await (p || page).goto('about:blank');
	await context.clearCookies();
}
async function login(p, user) {
	await p.goto(`${base}/login`);
	await p.fill('#username', user);
	await p.fill('#password', args.password);
	await Promise.all([p.waitForURL(`${base}/home`), p.click('button[type=submit]')]);
}
const ITEM = `query I($s: String!) { article(username: "me", slug: $s) { ... on ArticleSuccess { article { id slug isArchived
	readingProgressPercent highlights { id type quote annotation } } } } }`;
// selects the words from `from` to the end of `to` in the article's text
const select = (from, to) => page.evaluate(([a, b]) => {
	const walk = document.createTreeWalker(document.getElementById('content'), NodeFilter.SHOW_TEXT);
	let start = null, end = null;
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		const i = n.data.indexOf(a);
		if (!start && i >= 0) start = [n, i];
		const j = n.data.indexOf(b);
		if (start && j >= 0) { end = [n, j + b.length]; break; }
	}
	const r = document.createRange();
	r.setStart(...start);
	r.setEnd(...end);
	getSelection().removeAllRanges();
	getSelection().addRange(r);
	return getSelection().toString();
}, [from, to]);

let itemId, slug;
try {
	// ---- the manifest, its icons, the worker
	const man = await page.request.get(`${base}/manifest.webmanifest`);
	is(man.headers()['content-type'], 'application/manifest+json', 'the manifest is served as application/manifest+json');
	const m = await man.json();
	is([m.name, m.short_name, m.start_url, m.scope, m.display], ['Larder', 'Larder', '/home', '/', 'standalone'], 'the manifest names the app, starts at /home, scope /, standalone');
	ok(/^#[0-9a-f]{6}$/i.test(m.theme_color) && /^#[0-9a-f]{6}$/i.test(m.background_color), 'it has theme and background colours');
	const sizes = [];
	for (const icon of m.icons.filter((i) => i.type === 'image/png')) {
		const r = await page.request.get(`${base}${icon.src}`);
		const b = await r.body();
		sizes.push(`${b.readUInt32BE(16)}x${b.readUInt32BE(20)} ${icon.purpose}`);
		ok(r.ok() && icon.sizes === `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`, `icon ${icon.src} is a PNG of ${icon.sizes}`);
	}
	ok(sizes.includes('192x192 any') && sizes.includes('512x512 any') && sizes.includes('512x512 maskable'), 'icons of 192 and 512 px and a maskable one', sizes.join(', '));
	is([m.share_target.action, m.share_target.method, m.share_target.params], ['/api/save', 'GET', { title: 'title', text: 'text', url: 'url' }], 'the share target is GET /api/save with title, text and url');
	const sw = await page.request.get(`${base}/sw.js`);
	ok(sw.ok() && /javascript/.test(sw.headers()['content-type']), 'the worker is served as JavaScript at the site root', sw.headers()['content-type']);
	ok(/connect-src 'self' https: http:/.test(sw.headers()['content-security-policy'] || ''), 'with a policy that lets it keep images of other sites');

	await login(page, args.user);
	await page.waitForFunction(() => navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL.endsWith('/sw.js'));
	ok(true, 'the worker is installed and controls the library');
	ok(await page.evaluate(() => !!document.querySelector('link[rel="manifest"][href="/manifest.webmanifest"]')), 'the library links the manifest');

	// ---- save an article and open it once
	const saved = await gql(`mutation S($input: SaveUrlInput!) { saveUrl(input: $input) { __typename ... on SaveSuccess { clientRequestId } } }`,
		{ input: { url: ARTICLE, source: 'api', clientRequestId: '' } });
	itemId = saved.saveUrl.clientRequestId;
	ok(!!itemId, 'the article is saved', JSON.stringify(saved));
	await page.goto(`${base}/article?url=${encodeURIComponent(ARTICLE)}`);
	await page.waitForFunction((t) => document.getElementById('title')?.textContent === t, TITLE, { timeout: 60000 });
	await page.waitForFunction(() => document.getElementById('hl-count')?.dataset.ready === '1');
	slug = (await gql(ITEM, { s: itemId })).article.article.slug;
	const kept = await until('the article to be kept', async () => {
		const s = await swStatus();
		// (the article's answer is stored just after its entry and images: its bytes count then)
		return s.items.length === 1 && s.items[0].hiddenImages === 1 && s.items[0].bytes > 2000 ? s : null;
	});
	is(kept.items.map((i) => [i.id, i.title]), [[itemId, TITLE]], 'the worker keeps the article opened');
	ok(kept.items[0].bytes > 2000, `and says the space it takes (${kept.items[0].bytes} bytes, and 1 image of another site)`);

	// ---- the network cut: the library lists what is kept, the reader opens it with its image
	offline = true;
	await context.setOffline(true);
	const before = accessLines();
	await page.goto(`${base}/home`);
	await page.waitForSelector('#items li.item');
	is(await page.$$eval('#items li.item .item-title', (as) => as.map((a) => a.textContent)), [TITLE], 'offline, the library lists the kept article');
	ok(/Offline/.test(await page.textContent('#offline-note')), 'and says it is offline', await page.textContent('#offline-note'));
	await shot('pwa-offline-library');
	const t0 = Date.now();
	await Promise.all([page.waitForURL(/\/pocket\//, { waitUntil: 'commit' }), page.click('#items li.item .item-title')]);
	await page.waitForFunction((t) => document.getElementById('title')?.textContent === t, TITLE);
	note(`offline, the kept article showed ${Date.now() - t0} ms after the tap`);
	ok((await page.textContent('#content')).includes('The first rule of a good larder is a cool wall.'), 'the reader opens the kept article with the network cut');
	await page.waitForFunction(() => { const i = document.querySelector('#content img'); return i && i.complete && i.naturalWidth > 0; });
	is(await page.$eval('#content img', (i) => i.naturalWidth), 192, 'with its image (from another site, kept as an opaque answer)');
	await page.waitForFunction(() => document.getElementById('hl-count')?.dataset.ready === '1');
	await shot('pwa-offline-reader');

	// ---- changes made offline: a highlight, a note on it, the article's note, reading progress, archive
	is((await select('Labels are', 'riddle in March,')).replace(/\s+/g, ' '), 'Labels are the second rule. A jar without a date is a riddle in March,', 'offline, a passage is selected');
	await page.waitForSelector('#hl-toolbar:not([hidden])');
	await page.click('#tb-highlight');
	await page.waitForSelector('#content mark.hl');
	is(await page.textContent('#hl-count'), '1 highlight', 'offline, Highlight draws the highlight');
	await page.click('#bar-notebook');
	await page.fill('#article-note', 'Read on the train, offline.');
	await page.click('#note-form button[type=submit]');
	await page.waitForFunction(() => /Note saved/.test(document.getElementById('note-status')?.textContent));
	await page.click('#hl-list li .hl-edit-note');
	await page.fill('#hl-list li textarea', 'Dates on every lid.');
	await page.click('#hl-list li form button[type=submit]');
	await page.waitForFunction(() => /Dates on every lid/.test(document.querySelector('#hl-list li .hl-note')?.textContent || ''));
	ok(true, 'offline, the article gets a note and the highlight a note of its own');
	await page.click('#notebook-close');
	await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight / 2));
	await until('progress to be queued', async () => (await swStatus()).waiting >= 4);
	await page.click('#archive');
	await page.waitForFunction(() => document.getElementById('archive')?.textContent === 'Unarchive');
	const queued = await until('five changes to wait', async () => { const s = await swStatus(); return s.waiting === 5 ? s : null; });
	is(queued.waiting, 5, 'five changes wait: the highlight, the article note, the highlight note, the progress, the archive');
	await page.waitForFunction(() => /5 changes made offline wait to be sent/.test(document.getElementById('offline-note')?.textContent || ''));
	ok(true, 'the reader says that 5 changes wait to be sent');
	await shot('pwa-offline-waiting');
	await page.reload();
	await page.waitForFunction(() => document.getElementById('hl-count')?.dataset.ready === '1');
	is(await page.$$eval('#content mark.hl', (ms) => ms.map((x) => x.textContent).join('').replace(/\s+/g, ' ')),
		'Labels are the second rule. A jar without a date is a riddle in March,', 'read again offline, the article shows the highlight made offline');
	is(await page.textContent('#archive'), 'Unarchive', 'and that it is archived');
	ok(accessLines() === before, 'nothing reached the server while the network was cut',
		accessLog().slice(before).join('\n'));

	// ---- the network there but Larder out of reach (every request of the worker fails): the same, and said so
	// (the worker's requests refused before the network comes back: else it could send the queue in between)
	await context.route('**/*', (r) => (r.request().serviceWorker() ? r.abort('connectionrefused') : r.continue()));
	offline = false;
	await context.setOffline(false);
	offline = true;
	await page.goto(`${base}/pocket/${encodeURIComponent(slug)}`);
	await page.waitForFunction((t) => document.getElementById('title')?.textContent === t, TITLE);
	await page.waitForFunction(() => /Larder cannot be reached: showing what is kept/.test(document.getElementById('offline-note')?.textContent || ''));
	ok(true, 'with the server out of reach, the reader opens the kept article and says why');
	steps.push(`unroute ${Date.now() % 1e6}`);
	await context.unroute('**/*');
	offline = true;
	await context.setOffline(true);

	// ---- the network is back: each change arrives, once
	offline = false;
	steps.push(`online ${Date.now() % 1e6}`);
	await context.setOffline(false);
	await until('the queue to be sent', async () => (await swStatus()).waiting === 0);
	steps.push(`sent ${Date.now() % 1e6}`);
	await page.waitForFunction(() => { const n = document.getElementById('offline-note'); return !n || n.hidden; });
	ok(true, 'the note goes once the changes are sent');
	const a = (await gql(ITEM, { s: itemId })).article.article;
	is(a.isArchived, true, 'the archive made offline arrived');
	ok(a.readingProgressPercent > 10, `the reading progress made offline arrived (${a.readingProgressPercent}%)`);
	is(a.highlights.filter((h) => h.type === 'HIGHLIGHT').map((h) => [h.quote.replace(/\s+/g, ' '), h.annotation]),
		[['Labels are the second rule. A jar without a date is a riddle in March,', 'Dates on every lid.']], 'the highlight arrived once, with its note');
	is(a.highlights.filter((h) => h.type === 'NOTE').map((h) => h.annotation), ['Read on the train, offline.'], 'the article note arrived once');
	await swStatus(page, 'flush');
	const again = (await gql(ITEM, { s: itemId })).article.article;
	is(again.highlights.length, 2, 'sending again doubles nothing');
	is((await swStatus()).failed, [], 'no change was refused');

	// nothing waits: Larder out of reach, then the network back, and no request of the page's own to pass by
	await context.route('**/*', (r) => (r.request().serviceWorker() ? r.abort('connectionrefused') : r.continue()));
	offline = true;
	await page.reload();
	await page.waitForFunction(() => /Larder cannot be reached/.test(document.getElementById('offline-note')?.textContent || ''));
	await context.unroute('**/*');
	await context.setOffline(true);
	steps.push(`online again ${Date.now() % 1e6}`);
	await context.setOffline(false);
	offline = false;
	await page.waitForFunction(() => { const n = document.getElementById('offline-note'); return !n || n.hidden; });
	ok(true, 'with nothing waiting, the note that Larder cannot be reached goes once the network is back');
} catch (e) {
	ok(false, 'the offline flow ran to its end', e.stack || String(e));
	await shot('pwa-failure').catch(() => {});
	note(`imgs: ${await page.$$eval('#content img', (is) => is.map((i) => `${i.outerHTML} ${i.complete} ${i.naturalWidth}`).join(' | ')).catch(() => '')}`);
	note(`at ${page.url()}: ${(await page.textContent('body').catch(() => '')).replace(/\s+/g, ' ').slice(0, 600)}`);
	note(`steps: ${steps.join(', ')}`);
	note(`controlled: ${await page.evaluate(() => !!navigator.serviceWorker.controller).catch(() => '?')}, online: ${await page.evaluate(() => navigator.onLine).catch(() => '?')}, now ${Date.now() % 1e6}`);
	for (const l of await page.evaluate(() => window.larderHeard).catch(() => [])) note(`heard: ${l}`);
}

// ---- a highlight whose answer was lost on the way back (the server stored it): sent again, it counts as done
try {
	let cut = true;
	await context.route('**/api/graphql', async (route) => {
		const body = route.request().postData() || '';
		if (cut && route.request().serviceWorker() && body.includes('createHighlight')) {
			cut = false;
			await route.fetch(); // the server stores it ...
			return route.abort('connectionreset'); // ... and its answer is lost
		}
		return route.continue();
	});
	const t1 = Date.now();
	await page.goto(`${base}/pocket/${encodeURIComponent(slug)}`);
	await page.waitForFunction(() => document.getElementById('hl-count')?.dataset.ready === '1');
	note(`online through the worker, the article and its highlights showed in ${Date.now() - t1} ms`);
	await select('Rotation is', 'the third.');
	await page.waitForSelector('#hl-toolbar:not([hidden])');
	await page.click('#tb-highlight');
	await page.waitForFunction(() => document.getElementById('hl-count')?.textContent === '2 highlights');
	await until('the queue to be sent', async () => (await swStatus()).waiting === 0);
	await context.unroute('**/api/graphql');
	ok(!cut, 'the first answer to the new highlight was lost on the way back');
	const hs = (await gql(ITEM, { s: itemId })).article.article.highlights.filter((h) => h.type === 'HIGHLIGHT');
	is(hs.map((h) => h.quote.replace(/\s+/g, ' ')).sort(), ['Labels are the second rule. A jar without a date is a riddle in March,', 'Rotation is the third.'],
		'sent again, the highlight is stored once (the server knew its id)');
	is((await swStatus()).failed, [], 'and the repeat is not taken for a refusal');

	// offline again: a highlight's colour changed, another one deleted
	offline = true;
	await context.setOffline(true);
	await page.reload();
	await page.waitForFunction(() => document.getElementById('hl-count')?.textContent === '2 highlights');
	await page.click('#bar-notebook');
	const entryOf = (quote) => page.$$eval('#hl-list li.hl-entry', (ls, q) => ls.find((l) => l.querySelector('.hl-quote').textContent.startsWith(q))?.dataset.id, quote);
	const labelsId = await entryOf('Labels are');
	const rotationId = await entryOf('Rotation is');
	await page.selectOption(`#hl-list li[data-id="${labelsId}"] select.hl-color`, 'green');
	await page.waitForFunction((id) => document.querySelector(`#hl-list li[data-id="${id}"]`)?.dataset.color === 'green', labelsId);
	await page.click(`#hl-list li[data-id="${rotationId}"] .hl-delete`);
	await page.waitForFunction(() => document.getElementById('hl-count')?.textContent === '1 highlight');
	is((await swStatus()).waiting, 2, 'offline, a colour change and a deletion wait');
	offline = false;
	await context.setOffline(false);
	await until('the queue to be sent', async () => (await swStatus()).waiting === 0);
	const left = (await gql(`query I($s: String!) { article(username: "me", slug: $s) { ... on ArticleSuccess { article {
		highlights { id type color } } } } }`, { s: itemId })).article.article.highlights.filter((h) => h.type === 'HIGHLIGHT');
	is(left.map((h) => [h.id, h.color]), [[labelsId, 'green']], 'back online, the colour changed offline arrived and the deleted highlight is gone');
} catch (e) {
	ok(false, 'the lost answer ran to its end', e.stack || String(e));
	note(`${await page.textContent('#hl-count').catch(() => '')} / ${await page.textContent('#action-status').catch(() => '')} / ${await page.textContent('#hl-status').catch(() => '')}`);
}

// ---- the share target: Android's share sheet opens GET /api/save?title=…&text=…&url=… in the installed app
try {
	await page.goto(`${base}/api/save?title=${encodeURIComponent('A page')}&text=${encodeURIComponent(`Have a look ${SHARED}`)}`);
	await page.waitForSelector('form button[type=submit]');
	ok((await page.textContent('body')).includes(SHARED), 'a share with the link in its text asks to save that link');
	await shot('pwa-share-confirm');
	await Promise.all([page.waitForURL(/\/pocket\//, { waitUntil: 'commit' }), page.click('form button[type=submit]')]);
	await page.waitForFunction(() => document.getElementById('title')?.textContent === 'Sharing a Page From a Phone', null, { timeout: 60000 });
	ok(true, 'confirmed, it is saved and opened in the reader');
	const found = await gql(`query { search(query: "in:all", first: 10) { ... on SearchSuccess { edges { node { url } } } } }`);
	is(found.search.edges.filter((e) => e.node.url === SHARED).length, 1, 'the library holds the shared page once');
	const r = await page.goto(`${base}/api/save?title=x&text=${encodeURIComponent('only words, no link')}`);
	is(r.status(), 400, 'a share holding no link is refused with 400');
	ok(/what was shared holds no web address/.test(await page.textContent('body')), 'saying the share holds no address to save', await page.textContent('body'));
} catch (e) {
	ok(false, 'the share target ran to its end', e.stack || String(e));
}

// ---- offline: labels changed in the library and a link shared to the app wait, and arrive once when the network returns
const OFFLINE_SHARED = `${SHARED}?shared=offline`;
try {
	offline = true;
	await context.setOffline(true);
	const before = accessLines();
	await page.goto(`${base}/home`);
	await page.waitForSelector('#items li.item');
	const sharedId = await page.$eval('#items li.item:has(.item-title:text-is("Sharing a Page From a Phone"))', (l) => l.dataset.id);
	const li = `#items li.item[data-id="${sharedId}"]`;
	await page.click(`${li} button.edit-labels`);
	await page.fill(`${li} .label-editor input[name=labels]`, 'Pantry, Winter');
	await page.click(`${li} .label-editor button[type=submit]`);
	await page.waitForFunction((sel) => [...document.querySelectorAll(`${sel} .chip`)].map((c) => c.textContent).join(',') === 'Pantry,Winter', li);
	ok(true, 'offline, labels set in the library show at once');
	await page.click(`${li} button.edit-labels`);
	await page.fill(`${li} .label-editor input[name=labels]`, 'Pantry, Winter, Jars');
	await page.click(`${li} .label-editor button[type=submit]`);
	await page.waitForFunction((sel) => document.querySelectorAll(`${sel} .chip`).length === 3, li);
	is((await swStatus()).waiting, 1, 'changed twice, only the last label set of the item waits');

	// Android's share sheet with the network cut: the worker asks, and the link waits once however often it is shared
	for (const k of [1, 2]) {
		await page.goto(`${base}/api/save?title=${encodeURIComponent('Shared offline')}&text=${encodeURIComponent(`See ${OFFLINE_SHARED}`)}`);
		await page.waitForSelector('form button[type=submit]');
		ok((await page.textContent('body')).includes(OFFLINE_SHARED), `offline, sharing a link (${k}) asks to save it when the network returns`);
		await page.click('form button[type=submit]');
		await page.waitForFunction(() => /Saved for later/.test(document.querySelector('h1')?.textContent || ''));
		is(await page.evaluate(() => document.scrollingElement.scrollWidth <= window.innerWidth), true, `the page saying so fits the phone (${k})`);
	}
	is((await swStatus()).waiting, 2, 'shared twice, the link waits once (beside the labels)');
	await shot('pwa-offline-share');
	await page.goto(`${base}/home`);
	await page.waitForSelector('#items li.item');
	const forged = await page.evaluate(async () => (await fetch('/offline-save', { method: 'POST', body: new URLSearchParams({ token: 'f'.repeat(32) }) })).status);
	is(forged, 403, 'a confirmation without a token the worker offered is refused');
	is((await swStatus()).waiting, 2, 'and queues nothing');
	await page.goto(`${base}/api/save?title=x&text=${encodeURIComponent('only words, no link')}`);
	ok(/holds no web address/.test(await page.textContent('body')), 'offline, a share holding no link is refused, saying why');
	ok(accessLines() === before, 'nothing reached the server while the network was cut', accessLog().slice(before).join('\n'));

	offline = false;
	await context.setOffline(false);
	await page.goto(`${base}/home`);
	await until('the queue to be sent', async () => (await swStatus()).waiting === 0);
	const all = await gql(`query { search(query: "in:all", first: 50) { ... on SearchSuccess { edges { node { url title labels { name } } } } } }`);
	const shared = all.search.edges.filter((e) => e.node.url === OFFLINE_SHARED);
	is(shared.length, 1, 'back online, the link shared offline is saved, once');
	// found by its address: the link shared offline is the same page (its title too, once fetched)
	is(all.search.edges.find((e) => e.node.url === SHARED).node.labels.map((l) => l.name).sort(), ['Jars', 'Pantry', 'Winter'],
		'and the labels set offline arrived');
	await swStatus(page, 'flush');
	const again = await gql(`query { search(query: "in:all", first: 50) { ... on SearchSuccess { edges { node { url } } } } }`);
	is(again.search.edges.filter((e) => e.node.url === OFFLINE_SHARED).length, 1, 'sending again doubles nothing');
	is((await swStatus()).failed, [], 'no change was refused');
} catch (e) {
	ok(false, 'the offline labels and share ran to their end', e.stack || String(e));
	offline = false;
	await context.setOffline(false).catch(() => {});
	note(`at ${page.url()}: ${(await page.textContent('body').catch(() => '')).replace(/\s+/g, ' ').slice(0, 600)}`);
}

// ---- the offline settings page: the number kept, settable; the space they take
try {
	await page.goto(`${base}/settings/offline`);
	await page.waitForFunction(() => /articles? kept/.test(document.getElementById('offline-summary')?.textContent));
	is(await page.inputValue('#offline-limit'), '20', 'the offline page shows how many articles are kept (20 by default)');
	ok(/^2 articles kept, \d+ kB and 1 image/.test(await page.textContent('#offline-summary')), 'and the space they take', await page.textContent('#offline-summary'));
	is(await page.$$eval('#offline-items li a', (as) => as.map((a) => a.textContent)), ['Sharing a Page From a Phone', TITLE], 'and lists them, the last opened first');
	await page.fill('#offline-limit', '1');
	await page.click('#limit-save');
	await page.waitForFunction(() => /Saved/.test(document.getElementById('limit-status')?.textContent));
	is(await page.$$eval('#offline-items li a', (as) => as.map((a) => a.textContent)), ['Sharing a Page From a Phone'], 'keeping 1 forgets the older article at once');
	const bad = await swStatus(page, 'limit', { n: -3 });
	ok(/whole number from 0 to 500/.test(bad.error || ''), 'a limit out of range is refused with a reason', JSON.stringify(bad));
	is((await swStatus()).limit, 1, 'and the limit stays');
	await shot('pwa-settings-offline');
	await page.click('#offline-forget');
	await page.waitForFunction(() => /^0 articles kept/.test(document.getElementById('offline-summary')?.textContent));
	is([await page.$$eval('#offline-items li', (l) => l.length), (await swStatus()).limit], [0, 1], '"Forget the kept articles" forgets them and keeps the limit');
} catch (e) {
	ok(false, 'the offline settings ran to its end', e.stack || String(e));
}

// ---- phone ergonomics: no page scrolls sideways at 320 px; the library's and the reader's targets are 44 px at least;
// an item swiped left is archived
const PAGES = ['/home', '/highlights', '/settings/api', '/settings/bookmarklet', '/settings/import', '/settings/newsletters',
	'/settings/feeds', '/settings/offline', '/settings/sessions'];
// the controls of the page under 44 × 44 px (links inside text and the article's own content aside; a box's target is its label)
const small = (p) => p.evaluate(() => [...document.querySelectorAll('button, select, input:not([type=hidden]), textarea, .topbar a, .settings-nav a, .sidebar a, .bar a, .actions a, a.button')]
	.filter((e) => !e.closest('#content, [hidden], dialog:not([open])') && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
	.map((e) => [e, (e.type === 'checkbox' || e.type === 'radio') && e.closest('label') ? e.closest('label').getBoundingClientRect() : e.getBoundingClientRect()])
	.filter(([, r]) => r.width > 0 && (r.width < 44 || r.height < 44))
	.map(([e, r]) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className ? `.${String(e.className).split(' ').join('.')}` : ''} "${(e.textContent || e.value || '').trim().slice(0, 20)}" ${Math.round(r.width)}x${Math.round(r.height)}`));
// how far the page scrolls sideways (0: not at all): the scrolling element against the window's width
const sideways = (p) => p.evaluate(() => Math.max(0, document.scrollingElement.scrollWidth - window.innerWidth));
try {
	const narrow = await browser.newContext({ ...PHONE, viewport: { width: 320, height: 640 } });
	const p = await narrow.newPage();
	watch(p);
	await p.goto(`${base}/login`);
	is(await sideways(p), 0, '/login has no sideways scroll at 320 px');
	await login(p, args.user);
	await p.waitForSelector('#items li.item');
	for (const at of PAGES) {
		await p.goto(`${base}${at}`);
		await p.waitForFunction(() => document.getElementById('whoami')?.textContent);
		await p.waitForLoadState('networkidle');
		is(await sideways(p), 0, `${at} has no sideways scroll at 320 px`);
		is(await small(p), [], `${at}: its targets are 44 px at least at 320 px`);
	}
	await p.goto(`${base}/pocket/${encodeURIComponent(slug)}`);
	await p.waitForFunction(() => document.getElementById('hl-count')?.dataset.ready === '1');
	is(await sideways(p), 0, 'the reader has no sideways scroll at 320 px');
	is(await small(p), [], 'the reader\'s targets are 44 px at least at 320 px');
	await p.goto(`${base}/api/save?url=${encodeURIComponent(ARTICLE)}`);
	is(await sideways(p), 0, 'the "Save URL?" page of the share target has no sideways scroll at 320 px');
	is(await small(p), [], 'its targets are 44 px at least');
	await narrow.close();

	await page.goto(`${base}/home?q=${encodeURIComponent('in:all')}`);
	await page.waitForSelector('#items li.item');
	is(await small(page), [], 'the library\'s targets are 44 px at least at 360 px');
	await shot('pwa-library-360');
	await page.goto(`${base}/pocket/${encodeURIComponent(slug)}`);
	await page.waitForFunction(() => document.getElementById('hl-count')?.dataset.ready === '1');
	is(await small(page), [], 'the reader\'s targets are 44 px at least at 360 px');
	await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
	const bar = await page.$eval('#bar-archive', (b) => { const r = b.getBoundingClientRect(); return r.bottom <= innerHeight && r.top >= 0; });
	ok(bar, 'the reader\'s bar stays in reach at the foot of the screen while reading');
	await shot('pwa-reader-360');

	// swipe: the inbox's item dragged left is archived
	const inbox = await gql(`query { search(query: "in:inbox", first: 10) { ... on SearchSuccess { edges { node { id title } } } } }`);
	const first = inbox.search.edges[0].node;
	await page.goto(`${base}/home`);
	await page.waitForSelector(`#items li.item[data-id="${first.id}"]`);
	await page.evaluate((id) => {
		const li = document.querySelector(`#items li.item[data-id="${id}"]`);
		const r = li.getBoundingClientRect();
		const y = r.top + r.height / 2;
		const t = (x) => new Touch({ identifier: 1, target: li, clientX: x, clientY: y });
		li.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [t(r.right - 10)], changedTouches: [t(r.right - 10)] }));
		for (let x = r.right - 30; x > r.left + 20; x -= 30)
			li.dispatchEvent(new TouchEvent('touchmove', { bubbles: true, touches: [t(x)], changedTouches: [t(x)] }));
		li.dispatchEvent(new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [t(r.left + 20)] }));
	}, first.id);
	await page.waitForSelector(`#items li.item[data-id="${first.id}"]`, { state: 'detached' });
	const now = (await gql(ITEM, { s: first.id })).article.article;
	is(now.isArchived, true, `an item swiped left in the inbox is archived ("${first.title}")`);
} catch (e) {
	ok(false, 'the phone checks ran to their end', e.stack || String(e));
}

// ---- online the pages come from the server, not from the kept copies (an upgrade shows at once), which they refresh
try {
	await page.evaluate(async () => (await caches.open('larder-shell-1')).put('/home', new Response('<p id="old">an old copy</p>', { headers: { 'Content-Type': 'text/html' } })));
	await page.goto(`${base}/home`);
	await page.waitForFunction(() => document.getElementById('whoami')?.textContent);
	ok(!(await page.$('#old')), 'online, /home comes from the server even when the kept copy differs');
	await until('the kept copy to be refreshed', () => page.evaluate(async () => /id="items"/.test(await (await caches.match('/home')).text())));
	ok(true, 'and the kept copy is refreshed from it');
} catch (e) {
	ok(false, 'the shell check ran to its end', e.stack || String(e));
}

// ---- what is kept is the user's own: log-out forgets it, another user never sees it
try {
	await page.goto(`${base}/home`);
	await page.waitForFunction(() => document.getElementById('whoami')?.textContent);
	await Promise.all([page.waitForURL(/\/login/), page.click('#logout')]);
	const after = await swStatus();
	is([after.items.length, after.waiting], [0, 0], 'log-out forgets every kept article');
	await login(page, args.other);
	offline = true;
	await context.setOffline(true);
	await page.goto(`${base}/home`);
	await page.waitForFunction(() => document.getElementById('list-status')?.textContent || document.querySelector('#items li.item') || !document.getElementById('empty')?.hidden);
	is(await page.$$eval('#items li.item', (l) => l.length), 0, 'offline, another user on the same browser sees none of the first one\'s articles');
	await page.goto(`${base}/pocket/${encodeURIComponent(slug)}`);
	await page.waitForFunction(() => document.getElementById('reader-status')?.textContent.length > 0 && document.getElementById('reader-status')?.textContent !== 'Loading…');
	ok(/offline|not kept/i.test(await page.textContent('#reader-status')), 'nor the article itself', await page.textContent('#reader-status'));
	offline = false;
	await context.setOffline(false);

	// a change made offline by one account whose login then ends without logging out: another account signing
	// in on the browser neither sees it nor sends it; it is sent when its own account signs in again
	await endLogin();
	await login(page, args.user);
	await page.goto(`${base}/pocket/${encodeURIComponent(slug)}`);
	await page.waitForFunction(() => document.getElementById('hl-count')?.dataset.ready === '1');
	is(await page.textContent('#archive'), 'Unarchive', 'the first user\'s article is archived');
	offline = true;
	await context.setOffline(true);
	await page.click('#archive');
	await page.waitForFunction(() => document.getElementById('archive')?.textContent === 'Archive');
	is((await swStatus()).waiting, 1, 'offline, moving it back to the inbox waits to be sent');
	await endLogin();
	offline = false;
	await context.setOffline(false);
	await login(page, args.other);
	await page.waitForFunction((o) => document.getElementById('whoami')?.textContent === o, args.other);
	const theirs = await until('the other account to own what is kept', async () => { const st = await swStatus(); return st.waiting === 0 ? st : null; });
	is([theirs.items.length, theirs.waiting], [0, 0], 'the other account signing in sees neither the article nor the change waiting');
	await endLogin();
	await login(page, args.user);
	await until('the first account\'s change to be sent', async () => (await gql(ITEM, { s: itemId })).article.article.isArchived === false);
	ok(true, 'signing in again, the first account\'s change is sent under its own login');
	is((await swStatus()).failed, [], 'and was never tried under the other one');
} catch (e) {
	ok(false, 'the second user ran to its end', e.stack || String(e));
	// what a failure here needs to be understood
	note(`the page: ${page.url()}`);
	const sw = await Promise.race([swStatus().catch((x) => `no answer: ${x.message}`), new Promise((r) => setTimeout(() => r('no answer in 5 s'), 5000))]);
	note(`the service worker: ${typeof sw === 'string' ? sw : JSON.stringify({ waiting: sw.waiting, items: sw.items.length, failed: sw.failed })}`);
	for (const l of accessLog().slice(-15)) note(`access: ${l}`);
}

is(problems, [], 'no CSP violation nor JavaScript error');
await browser.close();
finish();
