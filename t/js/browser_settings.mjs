// browser_settings.mjs: the settings pages in Chromium against a running Larder: the navigation every settings page has, the feeds page (follow a feed of t/js/feedserver.mjs, see it listed, unfollow it), and the sessions page (the phone's login revoked, an app's sign-in signed out with "everywhere else"), at 1280 and 360 px (TAP).
//
//   node t/js/browser_settings.mjs --base URL --feeds URL --user NAME --password PW --shots DIR --chromium PATH
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ok, is, finish } from './tap.mjs';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), 'node_modules', 'x'));
const { chromium } = require('playwright-core');

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const base = args.base;
const PAGES = ['/settings/api', '/settings/bookmarklet', '/settings/import', '/settings/newsletters', '/settings/feeds', '/settings/offline', '/settings/sessions'];

const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox'] });
const problems = [];
function watch(p) {
	p.on('console', (m) => {
		if (!p.url().startsWith(base)) return;
		if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(`CSP on ${p.url()}: ${m.text()}`);
		else if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(`console error on ${p.url()}: ${m.text()}`);
	});
	p.on('pageerror', (e) => problems.push(`JS error on ${p.url()}: ${e.message}`));
	p.on('dialog', (d) => d.accept());
}
const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
watch(page);
const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })).newPage();
watch(phone);
const shot = (name, p) => (p || page).screenshot({ path: path.join(args.shots, `${name}.png`), fullPage: true });
async function login(p) {
	await p.goto(`${base}/login`);
	await p.fill('#username', args.user);
	await p.fill('#password', args.password);
	await Promise.all([p.waitForURL(`${base}/home`), p.click('button[type=submit]')]);
}
// the sessions page: the desktop's login (current), the phone's and an app's sign-in listed; the phone's revoked (it is
// then sent to the login page), the app's ended by "Sign out everywhere else"
const sessionCards = (p) => p.$$eval('#sessions li', (ls) => ls.map((l) => [l.dataset.kind, l.getAttribute('aria-current') === 'true',
	l.querySelector('.session-title').textContent]));
async function appSignIn() {
	const r = await fetch(`${base}/api/mobile-auth/email-sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json',
		'User-Agent': 'okhttp/4.12.0' }, body: JSON.stringify({ email: args.user, password: args.password }) });
	return (await r.json()).authToken;
}
const verify = async (token) => (await (await fetch(`${base}/api/auth/verify`, { headers: { Authorization: token } })).json()).authStatus;
async function sessionsPage() {
	const token = await appSignIn();
	is(await verify(token), 'AUTHENTICATED', 'an app signs in beside the two browsers');
	await page.goto(`${base}/settings/sessions`);
	await page.waitForSelector('#sessions li');
	const cards = await sessionCards(page);
	is(cards.length, 3, 'the sessions page lists the two browser logins and the app', JSON.stringify(cards));
	is(cards.filter((c) => c[1]).map((c) => c[0]), ['BROWSER'], 'this browser\'s login is marked as this session');
	ok(cards.some((c) => c[0] === 'APP' && /App sign-in · Omnivore app on Android/.test(c[2])), 'the app\'s sign-in says what it is', JSON.stringify(cards));
	ok(!(await page.content()).includes(token), 'the app\'s token appears nowhere on the page');
	await shot('settings-sessions');
	await phone.goto(`${base}/settings/sessions`);
	await phone.waitForSelector('#sessions li');
	is(await phone.evaluate(() => document.scrollingElement.scrollWidth <= window.innerWidth), true, 'the sessions page has no sideways scroll at 360 px');
	await shot('settings-sessions-360', phone);
	// the phone's login is the other browser one: revoke it from the desktop
	await page.click('#sessions li[data-kind="BROWSER"]:not([aria-current]) .revoke');
	await page.waitForFunction(() => document.querySelectorAll('#sessions li').length === 2);
	ok(/Revoked/.test(await page.textContent('#list-status')), 'Revoke takes the phone\'s login off the list, and says so');
	await phone.goto(`${base}/settings/sessions`);
	await phone.waitForURL(/\/login/);
	ok(true, 'the phone is then sent to the login page');
	await page.click('#revoke-others');
	await page.waitForFunction(() => document.querySelectorAll('#sessions li').length === 1 && document.getElementById('no-others')?.hidden === false);
	ok(/One other session/.test(await page.textContent('#others-status')), '"Sign out everywhere else" ends the app\'s session', await page.textContent('#others-status'));
	is(await verify(token), 'NOT_AUTHENTICATED', 'whose token is then refused');
	is(await sessionCards(page).then((c) => c.map((x) => x[1])), [true], 'this session stays, alone');
	await Promise.all([page.waitForURL(/\/login/), page.click('#sessions li[aria-current="true"] .revoke')]);
	await page.goto(`${base}/settings/sessions`);
	await page.waitForURL(/\/login/);
	ok(true, 'Log out on this session\'s card logs this browser out (through the log-out form)');
}
const rows = (p) => (p || page).$$eval('#feeds tr', (trs) => trs.map((t) => t.querySelector('.name').textContent));

try {
	await login(page);
	await login(phone);
	// ---- every settings page lists every settings page, its own marked
	for (const at of PAGES) {
		await page.goto(`${base}${at}`);
		const nav = await page.$$eval('.settings-nav a', (as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('aria-current')]));
		is(nav, PAGES.map((p) => [p, p === at ? 'page' : null]), `${at} lists every settings page, itself marked`);
	}
	await page.goto(`${base}/home`);
	ok(await page.$eval('a[href="/settings/api"]', (a) => !!a.offsetParent), 'the library links to the settings');

	// ---- the feeds page: follow, listed, unfollow
	await page.goto(`${base}/settings/feeds`);
	await page.waitForSelector('#no-feeds:not([hidden])');
	ok(true, 'a new account follows no feeds, and the page says so');
	await page.fill('#feed-url', `${args.feeds}/feed.xml`);
	await page.selectOption('#feed-folder', 'inbox');
	await page.uncheck('#feed-fetch');
	await page.click('#follow');
	await page.waitForSelector('#feeds tr');
	ok((await rows()).some((r) => r.includes(`${args.feeds}/feed.xml`)), 'Follow lists the feed', JSON.stringify(await rows()));
	is(await page.$eval('#feeds tr .folder', (t) => t.textContent), 'inbox', 'with the folder chosen');
	await shot('settings-feeds');
	await phone.goto(`${base}/settings/feeds`);
	await phone.waitForSelector('#feeds tr');
	is(await phone.evaluate(() => document.documentElement.scrollWidth), 360, 'the feeds page has no horizontal scroll at 360 px');
	await shot('settings-feeds-360', phone);
	await page.click('#feeds tr .unsubscribe');
	await page.waitForSelector('#no-feeds:not([hidden])');
	ok(true, 'Unfollow takes it off the list');
	await page.fill('#feed-url', 'not a url at all');
	await page.evaluate(() => { document.getElementById('feed-url').type = 'text'; });
	await page.click('#follow');
	await page.waitForFunction(() => document.getElementById('follow-status')?.classList.contains('error'));
	ok(/Could not follow it/.test(await page.textContent('#follow-status')), 'a bad address is refused with a reason', await page.textContent('#follow-status'));
	await sessionsPage();
} catch (e) {
	ok(false, 'the settings flow ran to its end', e.stack || String(e));
}
is(problems, [], 'no CSP violation nor JavaScript error on the settings pages');
await browser.close();
finish();
