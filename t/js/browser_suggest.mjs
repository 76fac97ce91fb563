// browser_suggest.mjs: the library's search suggestions in Chromium: titles, labels and sites offered as you type without a page reload, the ARIA combobox, the keyboard (up/down/Enter/Esc), a tap on a phone, the debounce and never more than one request in flight, even when the server is slow (TAP).
//
//   node t/js/browser_suggest.mjs --base URL --user NAME --password PW --key API_KEY --shots DIR --chromium PATH
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ok, is, finish } from './tap.mjs';
import { retried429 } from './page_console.mjs';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), 'node_modules', 'x'));
const { chromium } = require('playwright-core');

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const base = args.base;
const PAGES = [
	['Seabird colonies of the north', 'Seafront Weekly'],
	['Seaside towns in winter', 'Coast Journal'],
	['Search engines explained', 'Coast Journal'],
	['Harbour lights', 'Coast Journal'],
];

async function api(query, variables) {
	const res = await fetch(`${base}/api/graphql`, {
		method: 'POST', headers: { authorization: args.key, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }),
	});
	const body = await res.json();
	if (body.errors) throw new Error(JSON.stringify(body.errors));
	return body.data;
}

const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox'] });
const problems = [];
// typeahead requests of a page: how many were sent, and the most in flight at once
function watch(p) {
	const t = { sent: 0, open: 0, most: 0 };
	const mine = (r) => r.url().endsWith('/api/graphql') && (r.postData() || '').includes('typeaheadSearch');
	p.on('request', (r) => { if (mine(r)) { t.sent++; t.open++; t.most = Math.max(t.most, t.open); } });
	const done = (r) => { if (mine(r)) t.open--; };
	p.on('requestfinished', done);
	p.on('requestfailed', done);
	p.on('console', (m) => {
		if (!p.url().startsWith(base)) return;
		if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(`CSP on ${p.url()}: ${m.text()}`);
		else if (m.type() === 'error' && !retried429(m.text())) problems.push(`console error on ${p.url()}: ${m.text()}`);
	});
	p.on('pageerror', (e) => problems.push(`JS error on ${p.url()}: ${e.message}`));
	return t;
}
const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
const traffic = watch(page);
const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })).newPage();
watch(phone);
const shot = (name, p) => (p || page).screenshot({ path: path.join(args.shots, `${name}.png`) });
async function login(p) {
	await p.goto(`${base}/login`);
	await p.fill('#username', args.user);
	await p.fill('#password', args.password);
	await Promise.all([p.waitForURL(`${base}/home`), p.click('button[type=submit]')]);
	await p.waitForSelector('#items li.item');
}
const options = (p) => (p || page).$$eval('#q-suggest [role=option]', (os) => os.map((o) => `${o.querySelector('.suggest-kind').textContent}:${o.querySelector('.suggest-text').textContent}`));
const openList = (p) => (p || page).waitForSelector('#q-suggest:not([hidden]) [role=option]');
const active = (p) => (p || page).evaluate(() => {
	const id = document.getElementById('q').getAttribute('aria-activedescendant');
	const o = id && document.getElementById(id);
	return o && o.getAttribute('aria-selected') === 'true' ? o.textContent : null;
});
async function typeFresh(p, text) {
	await p.fill('#q', '');
	await p.click('#q');
	await p.keyboard.type(text, { delay: 25 });
}

try {
	for (const name of ['Seabirds', 'Sea kayaking', 'Reading list'])
		await api('mutation L($n: String!) { createLabel(input: {name: $n}) { __typename } }', { n: name });
	for (const [i, [title, site]] of PAGES.entries()) {
		await api('mutation S($input: SavePageInput!) { savePage(input: $input) { __typename } }', { input: {
			url: `https://coast.example.org/${i}`, source: 'api', clientRequestId: `00000000-0000-4000-8000-00000000001${i}`, title,
			originalContent: `<html><head><title>${title}</title><meta property="og:site_name" content="${site}"></head><body><article><h1>${title}</h1>`
				+ `<p>${'Waves come and go along the shore, and the gulls keep count of them. '.repeat(8)}</p></article></body></html>` } });
	}
	await login(page);
	await login(phone);

	// ---- the combobox
	is(await page.$eval('#q', (q) => [q.getAttribute('role'), q.getAttribute('aria-controls'), q.getAttribute('aria-expanded'), q.getAttribute('aria-autocomplete')]),
		['combobox', 'q-suggest', 'false', 'list'], 'the search box is a combobox owning the suggestion list');
	is(await page.$eval('#q-suggest', (l) => l.getAttribute('role')), 'listbox', 'the list is a listbox');

	// ---- typing offers titles, labels and sites, debounced, without a reload
	await page.evaluate(() => { window.stillHere = true; });
	const before = traffic.sent;
	await typeFresh(page, 'sea');
	await openList();
	const got = await options();
	ok(got.includes('Title:Seabird colonies of the north') && got.includes('Title:Seaside towns in winter') && got.includes('Title:Search engines explained'),
		'"sea" offers the titles that hold a word starting with it', JSON.stringify(got));
	ok(got.includes('Label:Seabirds') && got.includes('Label:Sea kayaking') && !got.includes('Label:Reading list'), 'and the labels holding it', JSON.stringify(got));
	ok(got.includes('Site:Seafront Weekly') && !got.includes('Site:Coast Journal'), 'and the sites holding it', JSON.stringify(got));
	ok(!got.includes('Title:Harbour lights'), 'but no title without the word');
	is(traffic.sent - before, 1, 'three letters typed quickly make one request (debounced)');
	is(await page.evaluate(() => [window.stillHere, document.getElementById('q').getAttribute('aria-expanded')]), [true, 'true'],
		'the suggestions come without a page reload, and the box says the list is open');
	await shot('suggest-open');

	// ---- keyboard: down, up, Enter on a label writes its term; Esc closes
	await page.keyboard.press('ArrowDown');
	is(await active(), (await page.textContent('#q-suggest [role=option]')), 'ArrowDown makes the first suggestion active (aria-activedescendant, aria-selected)');
	await page.keyboard.press('ArrowUp');
	ok((await active())?.includes(got[got.length - 1].split(':')[1]), 'ArrowUp from the first goes round to the last', await active());
	let k = got.indexOf('Label:Sea kayaking') + 1;
	while (k-- > 0) await page.keyboard.press('ArrowDown');
	ok((await active())?.includes('Sea kayaking'), 'down to the label "Sea kayaking"', await active());
	await page.keyboard.press('Enter');
	await page.waitForSelector('#q-suggest', { state: 'hidden' });
	is(await page.inputValue('#q'), 'label:"Sea kayaking" ', 'Enter on a label writes its term into the box (quoted), the page stays');
	is(new URL(page.url()).pathname + new URL(page.url()).search, '/home', 'no search was run yet');
	await page.keyboard.type('lab', { delay: 25 });
	await page.keyboard.type('el:rea', { delay: 25 });
	await openList();
	is(await options(), ['Label:Reading list'], '"label:rea" offers only the labels');
	await page.keyboard.press('Escape');
	await page.waitForSelector('#q-suggest', { state: 'hidden' });
	is(await page.$eval('#q', (q) => q.getAttribute('aria-expanded')), 'false', 'Esc closes the list');

	// ---- a slow server: one request in flight at most, and the list follows the last text typed
	await page.route('**/api/graphql', async (route) => {
		if ((route.request().postData() || '').includes('typeaheadSearch')) await new Promise((r) => setTimeout(r, 600));
		await route.continue();
	});
	traffic.most = 0;
	const slow = traffic.sent;
	await typeFresh(page, 'se');
	await page.keyboard.type('aside', { delay: 250 });
	await page.waitForFunction(() => [...document.querySelectorAll('#q-suggest [role=option]')].map((o) => o.textContent).join('|') === 'TitleSeaside towns in winter');
	is(traffic.most, 1, 'typing while the server is slow never has two requests in flight');
	ok(traffic.sent - slow <= 6, `and at most one request per letter typed after the first two (${traffic.sent - slow} for 7 letters)`);
	await page.unroute('**/api/graphql');

	// ---- Enter on a title opens it in the reader
	await page.keyboard.press('ArrowDown');
	await Promise.all([page.waitForURL(/\/suggester\//), page.keyboard.press('Enter')]);
	ok(true, 'Enter on a title opens the item in the reader');
	await page.waitForFunction(() => document.body.textContent.includes('Seaside towns in winter'));
	ok(true, 'the reader shows it');

	// ---- a phone: a tap on a suggestion; its targets are a finger's size
	await phone.click('#q');
	await phone.fill('#q', '');
	await phone.keyboard.type('kay', { delay: 25 });
	await openList(phone);
	const heights = await phone.$$eval('#q-suggest [role=option]', (os) => os.map((o) => Math.round(o.getBoundingClientRect().height)));
	ok(heights.length > 0 && heights.every((h) => h >= 44), `the suggestions are 44 px tall at least on a phone (${heights})`);
	is(await phone.evaluate(() => document.scrollingElement.scrollWidth <= window.innerWidth), true, 'the open list adds no sideways scroll at 360 px');
	await shot('suggest-360', phone);
	await phone.tap('#q-suggest [role=option]:has-text("Sea kayaking")');
	await phone.waitForSelector('#q-suggest', { state: 'hidden' });
	is(await phone.inputValue('#q'), 'label:"Sea kayaking" ', 'a tap on a label writes its term into the box');
	await Promise.all([phone.waitForURL(/q=label/), phone.keyboard.press('Enter')]);
	await phone.waitForFunction(() => (document.getElementById('count')?.textContent || '') !== '');
	is(await phone.textContent('#view-title'), 'Label: Sea kayaking', 'and Enter then searches for it');
} catch (e) {
	ok(false, 'the suggestions ran to their end', e.stack || String(e));
}
is(problems, [], 'no CSP violation nor JavaScript error');
await browser.close();
finish();
