// browser_flow.mjs: issue 4's flow in Chromium against a running Larder: login, API key, bookmarklet save, library, reader, search, labels, archive, delete, logout (TAP).
//
//   node t/js/browser_flow.mjs --base URL --pages URL --user NAME --password PW --shots DIR --chromium PATH
//
// --base is contrib/larder-serve's address, --pages t/js/testserver.mjs's (it serves /article/pelicans.html
// and /status/404). Every page of ours must load without a CSP violation or a JavaScript error; a
// screenshot of each page goes to --shots (the library and the reader also at 360 px wide).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ok, is, note, finish } from './tap.mjs';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), 'node_modules', 'x'));
const { chromium } = require('playwright-core');

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const base = args.base;
const article = `${args.pages}/article/pelicans.html`;
const TITLE = 'How Brown Pelicans Catch Their Fish';


// the API as a program sees it: the key in the authorization header, no cookie
async function api(key, query, variables) {
	const res = await fetch(`${base}/api/graphql`, {
		method: 'POST',
		headers: { authorization: key, 'content-type': 'application/json' },
		body: JSON.stringify({ query, variables }),
	});
	return { status: res.status, body: await res.json() };
}

// every file of www/ is installed and distributed: www/local.mk names it
if (args.srcdir) {
	const www = path.join(args.srcdir, 'www');
	const walk = (d) => readdirSync(d).flatMap((f) => (statSync(path.join(d, f)).isDirectory() ? walk(path.join(d, f)) : [path.join(d, f)]));
	const files = walk(www).map((f) => path.relative(args.srcdir, f)).filter((f) => f !== path.join('www', 'local.mk')).sort();
	const mk = readFileSync(path.join(www, 'local.mk'), 'utf8').replace(/\\\n/g, ' ');
	const listed = new Set(mk.split(/\n/).filter((l) => /^dist_www\w*_DATA\s*=/.test(l)).flatMap((l) => l.split('=')[1].trim().split(/\s+/)));
	is(files.filter((f) => !listed.has(f)), [], `www/local.mk installs every file of www/ (${files.length})`);
}

const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox'] });
const problems = [];   // CSP violations and JS errors on our pages
function watch(page) {
	page.on('console', (m) => {
		const url = page.url();
		const text = m.text();
		if (!url.startsWith(base)) return;
		if (/Content Security Policy|Refused to/i.test(text)) problems.push(`CSP on ${url}: ${text}`);
		else if (m.type() === 'error' && !/Failed to load resource/.test(text)) problems.push(`console error on ${url}: ${text}`);
		else if (m.type() === 'error') note(`${url}: ${text} (${m.location().url || ''})`);
	});
	page.on('pageerror', (e) => problems.push(`JS error on ${page.url()}: ${e.message}`));
	page.on('dialog', (d) => d.accept());
}
const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
const page = await context.newPage();
watch(page);
const shot = (name, p) => (p || page).screenshot({ path: path.join(args.shots, `${name}.png`), fullPage: true });
const pathOf = (u) => { const x = new URL(u); return x.pathname + x.search; };
const textsOf = (sel, p) => (p || page).$$eval(sel, (els) => els.map((e) => e.textContent.trim()));

try {
	// ---- not logged in: the library sends to the login page, which keeps where to come back to
	const first = await page.goto(`${base}/home`);
	await page.waitForURL(/\/login\?/);
	is(pathOf(page.url()), '/login?redirect=%2Fhome', '/home without a session goes to /login?redirect=/home');
	is(await page.inputValue('#redirect'), '/home', 'the login form carries the redirect');
	const csp = first.headers()['content-security-policy'] || '';
	ok(csp.includes("script-src 'self'") && csp.includes("frame-ancestors 'none'"), 'pages are served with the CSP', csp);
	await shot('login');

	// ---- a wrong password: the error is explained
	await page.fill('#username', args.user);
	await page.fill('#password', 'not the password');
	await Promise.all([page.waitForURL(/error=/), page.click('button[type=submit]')]);
	is(new URL(page.url()).searchParams.get('error'), 'invalid', 'a wrong password comes back with error=invalid');
	is(await page.textContent('#login-error'), 'Wrong username or password.', 'and the page says so');
	is(await page.inputValue('#redirect'), '/home', 'the redirect survives the failed attempt');
	await shot('login-error');

	// ---- logging in
	await page.fill('#username', args.user);
	await page.fill('#password', args.password);
	await Promise.all([page.waitForURL(`${base}/home`), page.click('button[type=submit]')]);
	is(pathOf(page.url()), '/home', 'logging in lands on /home');
	await page.waitForFunction(() => (document.getElementById('whoami')?.textContent || '') !== '');
	is(await page.textContent('#whoami'), args.user, 'the top bar names the user');
	await page.waitForSelector('#empty:not([hidden])');
	is(await page.textContent('#count'), '0 items', 'an empty library says 0 items');
	const cookies = await context.cookies(base);
	const auth = cookies.find((c) => c.name === 'auth');
	ok(auth && auth.httpOnly, 'the auth cookie is HttpOnly', JSON.stringify(cookies));
	is(await page.evaluate(() => document.cookie.includes('auth=')), false, 'page scripts cannot read it');

	// ---- an API key, shown once
	await page.goto(`${base}/settings/api`);
	await page.waitForSelector('#no-keys:not([hidden])');
	is(await page.inputValue('#key-expiry'), 'never', 'Never is the preselected expiry');
	is(await page.$$eval('#key-expiry option', (os) => os.map((o) => o.textContent)),
		['In 7 days', 'In 30 days', 'In 90 days', 'In 1 year', 'Never'], 'the expiry choices');
	await page.fill('#key-name', 'browser flow');
	await page.click('#create');
	await page.waitForSelector('#new-key:not([hidden])');
	const key = await page.inputValue('#new-key-value');
	ok(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(key), 'the new key is shown (a UUID v4)', key);
	ok((await page.textContent('#new-key .warning')).includes('will not be shown again'), 'with the warning that it is shown once');
	await page.waitForSelector('#keys tr');
	is(await textsOf('#keys tr td:not(:last-child)'), ['browser flow', (await textsOf('#keys .created'))[0], 'Never expires', 'Never used'],
		'the key is listed: name, created, Never expires, Never used');
	await shot('settings-api');
	await page.click('#copy');
	await page.waitForFunction(() => (document.getElementById('copy-status')?.textContent || '') !== '');
	ok(/Copied|selected/.test(await page.textContent('#copy-status')), 'Copy copies or selects the key', await page.textContent('#copy-status'));
	await page.click('#done');
	is(await page.inputValue('#new-key-value'), '', 'Done forgets the value');
	await page.reload();
	await page.waitForSelector('#keys tr');
	ok(!(await page.content()).includes(key), 'the value is nowhere on the page after a reload');

	// ---- the key works from a program
	const me = await api(key, '{ me { id name profile { username } } }');
	is([me.status, me.body.data && me.body.data.me && me.body.data.me.profile.username, me.body.data && me.body.data.me.name],
		[200, args.user, 'Bird Watcher'], 'me answers with the key');
	await page.reload();
	await page.waitForSelector('#keys tr');
	ok((await page.textContent('#keys .used')) !== 'Never used', 'the key now shows when it was last used', await page.textContent('#keys .used'));

	// a second key, revoked from the page
	await page.fill('#key-name', 'short-lived');
	await page.selectOption('#key-expiry', '7');
	await page.click('#create');
	await page.waitForFunction(() => document.querySelectorAll('#keys tr').length === 2);
	const key2 = await page.inputValue('#new-key-value');
	const exp = await api(key, '{ apiKeys { ... on ApiKeysSuccess { apiKeys { name expiresAt } } } }');
	const short = exp.body.data.apiKeys.apiKeys.find((k) => k.name === 'short-lived');
	const days = short ? (Date.parse(short.expiresAt) - Date.now()) / 86400000 : -1;
	ok(days > 6.9 && days <= 7.01, 'a 7-day key expires in 7 days', short && short.expiresAt);
	const never = exp.body.data.apiKeys.apiKeys.find((k) => k.name === 'browser flow');
	is(never && never.expiresAt, '+275760-09-13T00:00:00.000Z', 'a Never key is stored as the largest date');
	await page.click('#keys tr:has(td.name:text-is("short-lived")) button.revoke');
	await page.waitForFunction(() => document.querySelectorAll('#keys tr').length === 1);
	is(await textsOf('#keys .name'), ['browser flow'], 'revoking removes the key from the list');
	is((await api(key2, '{ me { id } }')).status, 401, 'and the revoked key no longer works');

	// ---- the bookmarklet, with two labels
	await page.goto(`${base}/settings/bookmarklet`);
	await page.waitForSelector('#bookmarklet[data-ready]');
	await page.fill('#labels', 'Birds, Later');
	const href = await page.getAttribute('#bookmarklet', 'href');
	ok(href.startsWith('javascript:'), 'the bookmarklet is a javascript: link', href);
	const code = decodeURIComponent(href.slice('javascript:'.length));
	ok(code.includes(JSON.stringify(`${base}/api/save?url=`)) && /"&labels=Birds&labels=Later&token=[0-9a-f]{64}"/.test(code),
		'it opens this server\'s /api/save with the page address, both labels and the save token', code);
	is(await page.textContent('#code'), code.replace(/token=[0-9a-f]{64}/, 'token=YOUR_SAVE_TOKEN'), 'the page shows the code it runs, without the token');
	await page.click('#bookmarklet');
	ok((await page.textContent('#click-hint')).includes('Drag'), 'clicking it here explains to drag it instead');
	await shot('settings-bookmarklet');

	// ---- saving with it from the article's own page: the save lands in the reader
	await page.goto(article);
	is(await page.title(), `${TITLE} | Coastal Notes`, 'the article page is up');
	await Promise.all([page.waitForURL(new RegExp(`^${base}/${args.user}/`), { timeout: 60000 }), page.evaluate(code)]);
	const readerUrl = page.url();
	ok(new RegExp(`^${base}/${args.user}/[^/]+$`).test(readerUrl), 'the bookmarklet\'s save redirects to the reader /{username}/{slug}', readerUrl);
	await page.waitForFunction((t) => document.getElementById('title')?.textContent === t, TITLE, { timeout: 60000 });
	is(await page.textContent('#title'), TITLE, 'the reader shows the title once the page is fetched');
	ok((await page.textContent('#content')).includes('kleptoparasitism'), 'and the article body');
	is(await textsOf('#labels .chip'), ['Birds', 'Later'], 'with the two labels');
	const meta = await page.textContent('#meta');
	ok(meta.includes('Rosa Marquez') && meta.includes('Coastal Notes') && /Published/.test(meta), 'author, site and published date are shown', meta);
	is(await page.getAttribute('#original', 'href'), article, 'the original link points at the page');
	is(await page.$$eval('#content script, #content [onerror]', (e) => e.length), 0, 'no script in the content');
	await shot('reader');
	await page.emulateMedia({ colorScheme: 'dark' });
	is(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(22, 24, 27)', 'a dark colour scheme gets the dark page');
	await shot('reader-dark');
	await page.emulateMedia({ colorScheme: 'light' });

	const saved = await api(key, `{ search(query: "") { ... on SearchSuccess { edges { node { id slug url state labels { name } } } } } }`);
	const edges = saved.body.data.search.edges;
	is(edges.map((e) => [e.node.url, e.node.state, e.node.labels.map((l) => l.name)]), [[article, 'SUCCEEDED', ['Birds', 'Later']]],
		'the API sees one SUCCEEDED item with both labels');
	const id = edges[0].node.id;
	is(readerUrl, `${base}/${args.user}/${encodeURIComponent(edges[0].node.slug)}`, 'the reader address holds its slug');

	// ---- /article?url= finds the same item
	await page.goto(`${base}/article?url=${encodeURIComponent(article)}`);
	await page.waitForFunction((t) => document.getElementById('title')?.textContent === t, TITLE);
	ok(true, '/article?url= opens the same article');

	// ---- reading progress on a phone: scroll to the end, it is recorded, and restored on the next visit
	const phone = await context.newPage();
	watch(phone);
	await phone.setViewportSize({ width: 360, height: 640 });
	await phone.goto(readerUrl);
	await phone.waitForFunction((t) => document.getElementById('title')?.textContent === t, TITLE);
	is(await phone.evaluate(() => document.documentElement.scrollWidth), 360, 'the reader has no horizontal scroll at 360 px');
	await phone.screenshot({ path: path.join(args.shots, 'reader-360.png'), fullPage: false });
	const progressQ = `query P($s: String!) { article(username: "me", slug: $s) { ... on ArticleSuccess { article { readingProgressPercent } } } }`;
	const half = await phone.evaluate(() => {
		const c = document.getElementById('content').getBoundingClientRect();
		window.scrollTo(0, c.top + window.scrollY + c.height * 0.6 - window.innerHeight);
		return Math.round(((window.innerHeight - document.getElementById('content').getBoundingClientRect().top) / c.height) * 100);
	});
	let pct = 0;   // waits for the reader's save (it sends at most every few seconds), not for a time: 1,000 looks at most
	for (let i = 0; i < 1000 && !(pct > 0); i++) {
		await phone.waitForTimeout(300);
		pct = (await api(key, progressQ, { s: id })).body.data.article.article.readingProgressPercent;
	}
	ok(Math.abs(pct - half) <= 2, `scrolling to ${half}% records about that much progress`, `recorded ${pct}`);
	await phone.reload();
	await phone.waitForFunction((t) => document.getElementById('title')?.textContent === t, TITLE);
	await phone.waitForFunction(() => window.scrollY > 0, null, { timeout: 60000 }).catch(() => {});
	const back = await phone.evaluate(() => {
		const c = document.getElementById('content').getBoundingClientRect();
		return Math.round(((window.innerHeight - c.top) / c.height) * 100);
	});
	ok(Math.abs(back - pct) <= 3, 'the reader reopens where the reading stopped', `at ${back}%, saved ${pct}%`);

	// ---- the library
	await page.goto(`${base}/home`);
	await page.waitForSelector('#items .item');
	is(await textsOf('#items .item-title'), [TITLE], '/home lists the saved article');
	is(await textsOf('#items .chip'), ['Birds', 'Later'], 'with its two labels as chips');
	is(await page.getAttribute('#items .item-title', 'href'), pathOf(readerUrl), 'its title links to the reader');
	is(await textsOf('#items .site'), ['Coastal Notes'], 'its site');
	is(await textsOf('#items .author'), ['Rosa Marquez'], 'its author');
	ok(/^\d+% read$/.test((await textsOf('#items .pct'))[0] || ''), 'its reading progress', await textsOf('#items .pct'));
	is(await page.textContent('#count'), '1 item', 'the count');
	is(await page.getAttribute('#tab-inbox', 'aria-current'), 'true', 'Inbox is the default filter');
	await shot('home');
	await phone.setViewportSize({ width: 360, height: 740 });
	await phone.goto(`${base}/home`);
	await phone.waitForSelector('#items .item');
	is(await phone.evaluate(() => document.documentElement.scrollWidth), 360, 'the library has no horizontal scroll at 360 px');
	await phone.screenshot({ path: path.join(args.shots, 'home-360.png'), fullPage: true });

	// ---- search by a word of the body; ?q= in the address
	await page.fill('#q', 'kleptoparasitism');
	await Promise.all([page.waitForURL(/q=kleptoparasitism/), page.press('#q', 'Enter')]);
	await page.waitForSelector('#items .item');
	is(await textsOf('#items .item-title'), [TITLE], 'searching a word of the body finds it');
	is(await page.inputValue('#q'), 'kleptoparasitism', 'the search box keeps the query');
	await page.fill('#q', 'albatross');
	await Promise.all([page.waitForURL(/q=albatross/), page.press('#q', 'Enter')]);
	await page.waitForSelector('#empty:not([hidden])');
	is(await page.textContent('#count'), '0 items', 'a word it does not hold finds nothing');
	await page.goBack();
	await page.waitForSelector('#items .item');
	is(new URL(page.url()).searchParams.get('q'), 'kleptoparasitism', 'Back returns to the previous search');
	await shot('home-search');

	// ---- the label filter
	await page.goto(`${base}/home?q=`);
	await page.waitForSelector('#items .item');
	is(await page.$$eval('#label-filter option', (os) => os.map((o) => o.value)), ['', 'Birds', 'Later'], 'the label filter offers the labels');
	await Promise.all([page.waitForURL(/label/), page.selectOption('#label-filter', 'Birds')]);
	await page.waitForSelector('#items .item');
	is(new URL(page.url()).searchParams.get('q'), 'label:Birds', 'choosing a label filters by it');
	is(await textsOf('#items .item-title'), [TITLE], 'and finds the item');

	// ---- editing labels: one more, created on the way
	await page.click('#items .edit-labels');
	await page.fill('.label-editor input', 'Birds, Later, Seabirds');
	await page.click('.label-editor button[type=submit]');
	await page.waitForFunction(() => document.querySelectorAll('#items .chip').length === 3);
	is(await textsOf('#items .chip'), ['Birds', 'Later', 'Seabirds'], 'the label editor adds a new label');
	const labs = await api(key, `query L($s: String!) { article(username: "me", slug: $s) { ... on ArticleSuccess { article { labels { name } } } } }`, { s: id });
	is(labs.body.data.article.article.labels.map((l) => l.name).sort(), ['Birds', 'Later', 'Seabirds'], 'and the API has it');

	// ---- save a URL that fails: Saving… then the reason
	await page.goto(`${base}/home?q=in:inbox`);
	await page.waitForSelector('#items .item');
	const bad = `${args.pages}/status/404`;
	await page.fill('#save-url', bad);
	await page.click('#save-form button');
	await page.waitForFunction(() => document.querySelectorAll('#items .item').length === 2);
	ok((await page.textContent('#save-status')).startsWith('Saved'), 'Save a URL saves it', await page.textContent('#save-status'));
	await page.waitForSelector('#items .item-state.failed', { timeout: 60000 });
	const reason = (await textsOf('#items .item-state.failed'))[0];
	ok(reason.startsWith('Saving failed') && reason.includes('404'), 'a page that cannot be fetched shows its reason', reason);
	await shot('home-failed');
	const src = await api(key, `{ search(query: "") { ... on SearchSuccess { edges { node { url state } } } } }`);
	ok(src.body.data.search.edges.some((e) => e.node.url === bad && e.node.state === 'FAILED'), 'the API agrees it FAILED');

	// ---- delete it (confirmed)
	await page.click('#items .item:has(.item-state.failed) .delete');
	await page.waitForFunction(() => document.querySelectorAll('#items .item').length === 1);
	is(await page.textContent('#count'), '1 item', 'deleting removes it from the list');
	const after = await api(key, `{ search(query: "") { ... on SearchSuccess { edges { node { url } } } } }`);
	is(after.body.data.search.edges.map((e) => e.node.url), [article], 'and from the library');

	// ---- archive
	await page.click('#items .archive');
	await page.waitForSelector('#empty:not([hidden])');
	is(await page.textContent('#count'), '0 items', 'archiving takes it out of the inbox');
	ok((await page.textContent('#list-status')).startsWith('Archived'), 'and says so');
	const arch = await api(key, `{ search(query: "in:archive") { ... on SearchSuccess { edges { node { id isArchived } } } } }`);
	is(arch.body.data.search.edges.map((e) => [e.node.id, e.node.isArchived]), [[id, true]], 'the API finds it archived');
	await page.click('#tab-archive');
	await page.waitForSelector('#items .item');
	is(await textsOf('#items .archive'), ['Unarchive'], 'the Archive tab lists it with Unarchive');

	// ---- log out: the save endpoint now asks for a login
	await Promise.all([page.waitForURL(/\/login/), page.click('#logout')]);
	is(new URL(page.url()).pathname, '/login', 'logging out lands on /login');
	const saveUrl = `${base}/api/save?url=${encodeURIComponent(article)}`;
	await page.goto(saveUrl);
	await page.waitForURL(/\/login/);
	is(new URL(page.url()).pathname, '/login', '/api/save without a session redirects to /login');
	ok((new URL(page.url()).searchParams.get('redirect') || '').startsWith('/api/save?url='), 'remembering the save to do after logging in', page.url());
	await page.goto(`${base}/home`);
	await page.waitForURL(/\/login/);
	ok(true, '/home needs a login again');
	is((await api(key, '{ me { id } }')).body.data.me.id, me.body.data.me.id, 'the API key still works after the browser logged out');

	await phone.close();
} catch (e) {
	ok(false, 'the flow ran to its end', e.stack || String(e));
}
is(problems, [], 'no CSP violation nor JavaScript error on our pages');
await browser.close();
finish();
