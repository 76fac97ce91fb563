// save_csrf.mjs: issue 10's cross-site /api/save in Chromium: another site's page can neither save nor click through, the bookmarklet's token saves in one click, and a replaced token no longer does (TAP).
//
//   node t/js/save_csrf.mjs --base URL --other URL --evil URL --user NAME --password PW --key KEY --shots DIR --chromium PATH
//
// --base is contrib/larder-serve's address; --other and --evil are t/js/testserver.mjs serving t/data/attack/
// on a second loopback port (same site, another origin) and as http://evil.test:PORT (another site:
// Chromium resolves evil.test to 127.0.0.1). The library is read with the API key, so every check is
// on what was stored, not only on what a page says.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ok, is, finish } from './tap.mjs';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), 'node_modules', 'x'));
const { chromium } = require('playwright-core');

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const base = args.base;
const target = (p) => `${args.other}/plain?${p}`;   // pages to save: the test server's plain page


// the library as the API sees it: url -> label names
async function library() {
	const res = await fetch(`${base}/api/graphql`, {
		method: 'POST',
		headers: { authorization: args.key, 'content-type': 'application/json' },
		body: JSON.stringify({ query: '{ search(query: "in:all", first: 100) { ... on SearchSuccess { edges { node { url labels { name } } } } } }' }),
	});
	const body = await res.json();
	const m = new Map();
	for (const e of body.data.search.edges) m.set(e.node.url, e.node.labels.map((l) => l.name));
	return m;
}
const saved = async (u) => (await library()).has(u);

const browser = await chromium.launch({
	executablePath: args.chromium,
	args: ['--no-sandbox', '--host-resolver-rules=MAP evil.test 127.0.0.1'],
});
const problems = [];
const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
const page = await context.newPage();
page.on('console', (m) => {
	// a refused save answers 403, which Chromium logs as "Failed to load resource": that one is expected
	if (page.url().startsWith(base) && (/Content Security Policy|Refused to/i.test(m.text()) ||
		(m.type() === 'error' && !/Failed to load resource: .* 403/.test(m.text()))))
		problems.push(`${page.url()}: ${m.text()}`);
});
page.on('pageerror', (e) => problems.push(`JS error on ${page.url()}: ${e.message}`));
page.on('dialog', (d) => { problems.push(`a dialog opened: ${d.message()}`); d.dismiss(); });
const shot = (name, p) => (p || page).screenshot({ path: path.join(args.shots, `${name}.png`), fullPage: true });

// the other site's page that sends the browser to /api/save by itself; resolves once our page has loaded
async function navigatedFrom(origin, saveQuery) {
	const to = `${base}/api/save?${saveQuery}`;
	await page.goto(`${origin}/article/nav.html#${encodeURIComponent(to)}`);
	await page.waitForURL((u) => u.href.startsWith(base), { timeout: 60000 });
	await page.waitForLoadState('load');
}

try {
	// ---- log in
	await page.goto(`${base}/login`);
	await page.fill('#username', args.user);
	await page.fill('#password', args.password);
	await Promise.all([page.waitForURL(`${base}/home`), page.click('button[type=submit]')]);
	ok(true, 'logged in');

	// ---- (1) another site navigates the browser to /api/save: nothing saved, the confirmation page instead
	for (const [origin, what] of [[args.other, 'another origin (a second loopback port)'], [args.evil, 'another site (evil.test)']]) {
		const u = target(`nav=${encodeURIComponent(what)}`);
		await navigatedFrom(origin, `url=${encodeURIComponent(u)}&labels=Evil&labels=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
		is(new URL(page.url()).pathname, '/api/save', `${what}: the browser is on /api/save`);
		is(await saved(u), false, `${what}: nothing was saved`);
		is(await page.textContent('h1'), 'Save URL to your library?', `${what}: the page asks "Save URL to your library?"`);
		is(await page.textContent('#save-url'), u, `${what}: it shows the URL`);
		is(await page.$$eval('#save-labels .chip', (c) => c.map((e) => e.textContent)), ['Evil', '<img src=x onerror=alert(1)>'],
			`${what}: and the labels, as text`);
		is(await page.$$eval('img, script', (e) => e.length), 0, `${what}: no markup of the request became an element`);
		if (origin === args.evil) {
			await shot('save-confirm');
			const phone = await context.newPage();
			await phone.setViewportSize({ width: 360, height: 640 });
			await phone.goto(page.url());
			is(await phone.evaluate(() => document.documentElement.scrollWidth), 360, 'the confirmation page has no horizontal scroll at 360 px');
			await shot('save-confirm-360', phone);
			await phone.close();
			is(await saved(u), false, 'opening it again saved nothing either');
		}
		// the user means it: the button saves
		await Promise.all([page.waitForURL(new RegExp(`^${base}/${args.user}/`), { timeout: 60000 }), page.click('#confirm-save')]);
		is((await library()).get(u), ['Evil', '<img src=x onerror=alert(1)>'], `${what}: clicking "Save to library" saves it, with its labels`);
	}

	// ---- the confirmation page cannot be framed by another site (so its button cannot be clicked through)
	const framed = target('framed=1');
	await page.goto(`${args.evil}/article/nav.html#about:blank`);
	// waits for the frame's answer and then its load event (the refused frame loads the browser's error page), not
	// for a time
	const answered = page.waitForResponse((r) => r.url().startsWith(`${base}/api/save?`), { timeout: 60000 }).catch(() => null);
	await page.setContent(`<iframe id="f" onload="window.__framed = 1" src="${base}/api/save?url=${encodeURIComponent(framed)}"` +
		` width="600" height="400"></iframe>`);
	await answered;
	await page.waitForFunction(() => window.__framed === 1, null, { timeout: 60000 }).catch(() => {});
	const inner = page.frames().find((f) => f !== page.mainFrame());
	const loaded = inner ? await inner.$('#confirm-save').catch(() => null) : null;
	is(loaded, null, 'framed by another site, the confirmation page does not load (frame-ancestors none)');
	is(await saved(framed), false, 'and nothing is saved');

	// ---- (2) another page's form POSTs to /api/save without the CSRF token: refused, nothing saved
	for (const [origin, what] of [[args.other, 'another origin'], [args.evil, 'another site']]) {
		const u = target(`form=${encodeURIComponent(what)}`);
		const [resp] = await Promise.all([
			page.waitForResponse((r) => r.url() === `${base}/api/save` && r.request().method() === 'POST'),
			page.goto(`${origin}/article/form.html?url=${encodeURIComponent(u)}#${encodeURIComponent(`${base}/api/save`)}`),
		]);
		is(resp.status(), 403, `${what}: the forged POST is refused (403)`);
		await page.waitForURL(`${base}/api/save`);
		ok(/another site|CSRF/.test(await page.textContent('main')), `${what}: the page says why`, await page.textContent('main'));
		is(await saved(u), false, `${what}: nothing was saved`);
	}

	// ---- (3) the bookmarklet of /settings/bookmarklet, clicked on another site's page, saves in one click
	await page.goto(`${base}/settings/bookmarklet`);
	await page.waitForSelector('#bookmarklet[data-ready]');
	await page.fill('#labels', 'Herons');
	const code1 = decodeURIComponent((await page.getAttribute('#bookmarklet', 'href')).slice('javascript:'.length));
	ok(/&token=[0-9a-f]{64}"/.test(code1), 'the bookmarklet carries a save token', code1);
	ok(!(await page.textContent('#code')).match(/[0-9a-f]{64}/), 'the code shown on the page does not spell the token out');
	await shot('settings-bookmarklet-new');
	const phone = await context.newPage();
	await phone.setViewportSize({ width: 360, height: 740 });
	await phone.goto(`${base}/settings/bookmarklet`);
	await phone.waitForSelector('#link-hidden:not([hidden])');
	is(await phone.evaluate(() => document.documentElement.scrollWidth), 360, 'the settings page has no horizontal scroll at 360 px');
	// the state line is filled in after the link shows: wait for it to say something (then assert on what)
	await phone.waitForFunction(() => /used/.test(document.getElementById('link-state')?.textContent), null, { timeout: 60000 }).catch(() => {});
	ok((await phone.textContent('#link-state')).includes('never used'), 'a later visit tells when the link was made, not the link', await phone.textContent('#link-state'));
	await shot('settings-bookmarklet-360', phone);
	await phone.close();
	const b1 = `${args.evil}/plain?bookmarklet=1`;
	await page.goto(b1);
	await Promise.all([page.waitForURL(new RegExp(`^${base}/${args.user}/`), { timeout: 60000 }), page.evaluate(code1)]);
	is((await library()).get(b1), ['Herons'], 'the bookmarklet saved the page at once, with its label');

	// ---- (4) "Make a new link": the old bookmarklet no longer saves (it asks), the new one does
	await page.goto(`${base}/settings/bookmarklet`);
	await page.waitForSelector('#link-hidden:not([hidden])');
	await page.waitForFunction(() => /used/.test(document.getElementById('link-state')?.textContent), null, { timeout: 60000 }).catch(() => {});
	ok(/last used on/.test(await page.textContent('#link-state')), 'the settings page says when the link was last used', await page.textContent('#link-state'));
	await shot('settings-bookmarklet');
	await page.click('#new-link');
	await page.waitForSelector('#bookmarklet[data-ready]');
	const code2 = decodeURIComponent((await page.getAttribute('#bookmarklet', 'href')).slice('javascript:'.length));
	ok(code2 !== code1 && /&token=[0-9a-f]{64}"/.test(code2), 'a new link with a new token', code2);
	const b2 = `${args.evil}/plain?bookmarklet=old`;
	await page.goto(b2);
	await Promise.all([page.waitForURL((u) => u.href.startsWith(`${base}/api/save`)), page.evaluate(code1)]);
	await page.waitForLoadState('load');
	is(await page.textContent('h1'), 'Save URL to your library?', 'the old bookmarklet lands on the confirmation page');
	ok((await page.textContent('#save-notice')).includes('no longer valid'), 'which says its token is no longer valid');
	is(await saved(b2), false, 'and nothing was saved');
	await shot('save-confirm-old-token');
	const b3 = target('bookmarklet=new');
	await page.goto(b3);
	await Promise.all([page.waitForURL(new RegExp(`^${base}/${args.user}/`), { timeout: 60000 }), page.evaluate(code2)]);
	is(await saved(b3), true, 'the new bookmarklet saves at once');

	// ---- turning the link off
	await page.goto(`${base}/settings/bookmarklet`);
	await page.waitForSelector('#link-hidden:not([hidden])');
	await page.click('#revoke-link');
	await page.waitForFunction(() => document.getElementById('link-state')?.textContent.includes('no bookmarklet link'));
	const b4 = target('bookmarklet=off');
	await page.goto(b4);
	await Promise.all([page.waitForURL((u) => u.href.startsWith(`${base}/api/save`)), page.evaluate(code2)]);
	await page.waitForLoadState('load');
	is(await saved(b4), false, 'after "Turn the link off" the bookmarklet asks instead of saving');
} catch (e) {
	ok(false, 'the flow ran to its end', e.stack || String(e));
}
is(problems, [], 'no CSP violation, JavaScript error nor dialog on our pages');
await browser.close();
finish();
