// browser_library.mjs: the library page in Chromium: empty state, counts, colours, progress, keyboard, multi-select and bulk actions, sort, saved searches, labels, the trash, the phone layout (TAP).
//
//   node t/js/browser_library.mjs --base URL --user NAME --password PW --key API_KEY --shots DIR --chromium PATH
//
// The library is filled through the API (savePage, so nothing is fetched); every page must load without a CSP
// violation or a JavaScript error. Screenshots at 1280 and 360 px wide go to --shots as library-*.png.
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
// saved in this order, each longer than the one before
const BIRDS = ['Albatross', 'Bittern', 'Cormorant', 'Dunlin', 'Egret', 'Fulmar', 'Gannet'];

async function api(query, variables) {
	const res = await fetch(`${base}/api/graphql`, {
		method: 'POST',
		headers: { authorization: args.key, 'content-type': 'application/json' },
		body: JSON.stringify({ query, variables }),
	});
	const body = await res.json();
	if (body.errors) throw new Error(JSON.stringify(body.errors));
	return body.data;
}
const titlesOf = async (q) => (await api('query S($q: String) { search(query: $q, first: 50) { ... on SearchSuccess { edges { node { title } } } } }', { q }))
	.search.edges.map((e) => e.node.title).sort();
const labelsNow = async () => (await api('{ labels { ... on LabelsSuccess { labels { name color } } } }')).labels.labels;

const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox'] });
const problems = [];
function watch(p) {
	p.on('console', (m) => {
		if (!p.url().startsWith(base)) return;
		if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(`CSP on ${p.url()}: ${m.text()}`);
		else if (m.type() === 'error' && !retried429(m.text())) problems.push(`console error on ${p.url()}: ${m.text()}`);
	});
	p.on('pageerror', (e) => problems.push(`JS error on ${p.url()}: ${e.message}`));
	p.on('dialog', (d) => d.accept());
}
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
watch(page);
const phone = await (await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })).newPage();
watch(phone);
const shot = (name, p) => (p || page).screenshot({ path: path.join(args.shots, `${name}.png`), fullPage: true });
const texts = (sel, p) => (p || page).$$eval(sel, (els) => els.map((e) => e.textContent.trim()));
const titles = (p) => texts('#items .item-title', p);
const itemCount = (n, p) => (p || page).waitForFunction((k) => document.querySelectorAll('#items .item').length === k, n);
const qOf = (p) => new URL((p || page).url()).searchParams.get('q');
const openHome = async (q, p) => {
	await (p || page).goto(`${base}/home${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`);
	await (p || page).waitForFunction(() => (document.getElementById('count')?.textContent || '') !== '' && (document.getElementById('n-trash')?.textContent || '') !== '');
};
const box = (title) => `#items .item:has(.item-title:text-is("${title}")) input.select`;

async function login(p) {
	await p.goto(`${base}/login`);
	await p.fill('#username', args.user);
	await p.fill('#password', args.password);
	await Promise.all([p.waitForURL(`${base}/home`), p.click('button[type=submit]')]);
}

try {
	// ---- a new user: the empty state says how to save a first page
	await login(page);
	await login(phone);
	await page.waitForSelector('#empty .empty-new:not([hidden])');
	is(await page.textContent('#count'), '0 items', 'an empty library says 0 items');
	is(await page.$$eval('.empty-new a', (as) => as.map((a) => a.getAttribute('href'))), ['/settings/bookmarklet', '/settings/import', '/settings/api'],
		'the empty state points at the bookmarklet, import and API keys');
	await shot('library-empty');
	await phone.waitForSelector('#empty .empty-new:not([hidden])');
	await shot('library-empty-360', phone);

	// ---- fill the library through the API
	await api('mutation { createLabel(input: {name: "Birds", color: "#d9534f"}) { ... on CreateLabelSuccess { label { id } } } }');
	const ids = {};
	for (const [i, bird] of BIRDS.entries()) {
		const para = `<p>${`The ${bird.toLowerCase()} is a seabird that keeps to its own stretch of coast. `.repeat(4 + i * 3)}</p>`;
		const d = await api(`mutation S($input: SavePageInput!) { savePage(input: $input) { ... on SaveSuccess { clientRequestId } } }`, { input: {
			url: `https://birds.example.org/${bird.toLowerCase()}`, source: 'api', clientRequestId: `00000000-0000-4000-8000-00000000000${i}`,
			title: bird, originalContent: `<html><head><title>${bird}</title></head><body><article><h1>${bird}</h1>${para}${para}</article></body></html>`,
			labels: bird === 'Albatross' ? [{ name: 'Birds' }] : [] } });
		ids[bird] = d.savePage.clientRequestId;
	}
	await api('mutation P($id: ID!) { saveArticleReadingProgress(input: {id: $id, readingProgressPercent: 40}) { __typename } }', { id: ids.Egret });

	// ---- the list: newest first, counts, colours, progress
	await openHome();
	is(await titles(), [...BIRDS].reverse(), 'the inbox lists the items, newest saved first');
	is(await page.textContent('#count'), '7 items', 'the view counts its items');
	is([await page.textContent('#n-inbox'), await page.textContent('#n-archive'), await page.textContent('#n-trash')], ['7', '0', '0'], 'the folders show their counts');
	is(await page.textContent('#view-title'), 'Inbox', 'the view is named');
	const chip = await page.$eval('#items .chip', (c) => [c.textContent, c.style.getPropertyValue('--label-color'), getComputedStyle(c).backgroundColor]);
	ok(chip[0] === 'Birds' && chip[1] === '#d9534f' && chip[2] !== 'rgba(0, 0, 0, 0)', 'a label chip takes its label colour', JSON.stringify(chip));
	is(await texts('#items .item:has(.item-title:text-is("Egret")) .pct'), ['40% read'], 'an item shows how far it was read');
	is(await page.$eval('#items .item:has(.item-title:text-is("Egret")) progress', (p) => p.value), 40, 'with a progress bar');
	is(await page.$$eval('#sort option', (os) => os.map((o) => o.value)),
		['saved-desc', 'saved-asc', 'updated-desc', 'published-desc', 'read-desc', 'wordscount-asc', 'wordscount-desc'], 'the sort menu offers what sort: takes');
	await shot('library');

	// ---- the keyboard
	const current = () => page.$eval('#items .item.current .item-title', (a) => [a.textContent, document.activeElement === a]).catch(() => null);
	await page.keyboard.press('j');
	is(await current(), ['Gannet', true], 'j makes the first item current and focuses it');
	await page.keyboard.press('j');
	await page.keyboard.press('j');
	await page.keyboard.press('k');
	is(await current(), ['Fulmar', true], 'j and k move down and up');
	await page.keyboard.press('x');
	is(await page.textContent('#bulk-bar .bulk-count'), '1 selected', 'x selects the current item and shows the bulk bar');
	await page.keyboard.press('Escape');
	ok(await page.isHidden('#bulk-bar'), 'Escape clears the selection');
	await page.keyboard.press('?');
	ok(await page.$eval('#help', (d) => d.open), '? opens the shortcuts');
	await shot('library-help');
	await page.keyboard.press('Escape');
	ok(!(await page.$eval('#help', (d) => d.open)), 'Escape closes them');
	await page.keyboard.press('/');
	ok(await page.evaluate(() => document.activeElement.id === 'q'), '/ goes to the search box');
	await page.evaluate(() => document.activeElement.blur());

	// ---- triage from the reader: J/K walk the list, u and Esc come back to the item, e archives and comes back
	const readerTitle = (t, p) => (p || page).waitForFunction((x) => document.getElementById('title')?.textContent === x, t);
	const backHome = async (p) => {
		await (p || page).waitForURL(/\/home/);
		await (p || page).waitForFunction(() => document.querySelector('#items .item.current'));
	};
	await page.keyboard.press('o');
	await readerTitle('Fulmar');
	await page.keyboard.press('J');
	await readerTitle('Egret');
	ok(true, 'J in the reader opens the next item of the list');
	await page.keyboard.press('K');
	await readerTitle('Fulmar');
	ok(true, 'K the previous one');
	await page.keyboard.press('u');
	await backHome();
	is([page.url(), await current()], [`${base}/home`, ['Fulmar', true]], 'u goes back to the list it came from, the item read current');
	await page.keyboard.press('o');
	await readerTitle('Fulmar');
	await page.keyboard.press('Escape');
	await backHome();
	is(await current(), ['Fulmar', true], 'Esc with no panel open goes back too');
	await page.keyboard.press('o');
	await readerTitle('Fulmar');
	await page.keyboard.press('e');
	await backHome();
	is([await titles(), await current()], [['Gannet', 'Egret', 'Dunlin', 'Cormorant', 'Bittern', 'Albatross'], ['Egret', true]],
		'e archives and goes back, the next item current');
	is(await titlesOf('in:archive'), ['Fulmar'], 'the item is archived');
	await page.keyboard.press('j');
	is(await current(), ['Dunlin', true], 'and j goes on from there');
	// a phone reads with the bar at the foot of the screen
	await openHome(undefined, phone);
	await phone.tap('#items .item-title:text-is("Egret")');
	await readerTitle('Egret', phone);
	const footBar = await phone.$eval('#reader-bar', (b) => { const r = b.getBoundingClientRect(); return [getComputedStyle(b).display !== 'none', r.bottom <= innerHeight + 1, r.left >= 0, r.right <= 361]; });
	is(footBar, [true, true, true, true], 'on a phone the reader has its bar at the foot of the screen');
	await phone.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
	ok(await phone.$eval('#reader-bar', (b) => b.getBoundingClientRect().bottom <= innerHeight + 1), 'still there once scrolled down');
	await shot('reader-bar-360', phone);
	await phone.tap('#bar-next');
	await readerTitle('Dunlin', phone);
	ok(true, 'its › opens the next item');
	await phone.tap('#bar-back');
	await backHome(phone);
	is(await phone.$eval('#items .item.current .item-title', (a) => a.textContent), 'Dunlin', 'Library goes back to the list, that item current');
	await api('mutation A($id: ID!) { setLinkArchived(input: {linkId: $id, archived: false}) { __typename } }', { id: ids.Fulmar });
	await openHome();

	// ---- shift-click a range, archive them together (bulkAction over includes:)
	await page.click(box('Gannet'));
	await page.click(box('Egret'), { modifiers: ['Shift'] });
	is(await page.textContent('#bulk-bar .bulk-count'), '3 selected', 'shift-click selects the range between');
	await shot('library-selected');
	await page.click('#bulk-bar .bulk-archive');
	await itemCount(4);
	is(await titles(), ['Dunlin', 'Cormorant', 'Bittern', 'Albatross'], 'Archive takes the selected items out of the inbox');
	is(await titlesOf('in:archive'), ['Egret', 'Fulmar', 'Gannet'], 'and the API has them archived');
	await page.waitForFunction(() => document.getElementById('n-archive')?.textContent === '3');
	ok(true, 'the archive count follows');

	// ---- label several at once
	await page.click(box('Dunlin'));
	await page.click(box('Cormorant'));
	await page.click('#bulk-bar .bulk-labels summary');
	await page.check('#bulk-bar .menu-panel input[type=checkbox]');
	await shot('library-bulk-labels');
	await page.click('#bulk-bar .menu-panel button');
	await page.waitForFunction(() => document.querySelectorAll('#items .chip').length === 3);
	is(await titlesOf('label:Birds'), ['Albatross', 'Cormorant', 'Dunlin'], 'Add labels labels every selected item');

	// ---- e archives the current item, # moves it to the trash, Delete moves the selected ones
	await page.keyboard.press('j');
	await page.keyboard.press('e');
	await itemCount(3);
	is(await titles(), ['Cormorant', 'Bittern', 'Albatross'], 'e archives the current item');
	is(await current(), ['Cormorant', true], 'and the next one becomes current');
	await page.keyboard.press('#');
	await itemCount(2);
	is(await titles(), ['Bittern', 'Albatross'], '# moves the current item to the trash');
	await page.click(box('Bittern'));
	await page.click('#bulk-bar .bulk-delete');
	await itemCount(1);
	await page.waitForFunction(() => document.getElementById('n-trash')?.textContent === '2');
	is(await titlesOf('in:trash'), ['Bittern', 'Cormorant'], 'Delete moves the selected items to the trash');

	// ---- sort
	await openHome('');
	await Promise.all([page.waitForURL(/sort/), page.selectOption('#sort', 'wordscount-desc')]);
	await page.waitForSelector('#items .item');
	is(qOf(), 'sort:wordscount-desc', 'the sort menu puts sort: in the query');
	is((await titles())[0], 'Gannet', 'longest first');
	await Promise.all([page.waitForURL(/asc/), page.selectOption('#sort', 'wordscount-asc')]);
	await page.waitForSelector('#items .item');
	is((await titles())[0], 'Albatross', 'shortest first');

	// ---- saved searches: a new account has Omnivore's eight; one can be hidden and shown again, in its place
	const defaults = ['Inbox', 'Continue Reading', 'Non-Feed Items', 'Highlights', 'Unlabeled', 'Oldest First', 'Files', 'Archived'];
	const savedAre = (names) => page.waitForFunction((n) => [...document.querySelectorAll('.saved-list a')].map((a) => a.textContent).join('|') === n.join('|'), names);
	await openHome();
	await savedAre(defaults);
	is(await texts('.saved-list a'), defaults, 'the sidebar lists the eight saved searches a new account gets');
	await page.click('.saved-edit');
	await page.click('button[aria-label="Hide “Oldest First”"]');
	await page.waitForSelector('button[aria-label="Show “Oldest First”"]');
	await page.click('.saved-edit');
	await savedAre(defaults.filter((n) => n !== 'Oldest First'));
	is((await api('{ filters { ... on FiltersSuccess { filters { name visible } } } }')).filters.filters.find((f) => f.name === 'Oldest First')?.visible,
		false, 'Hide leaves it out of the sidebar and keeps it, not visible (updateFilter)');
	await page.click('.saved-edit');
	await page.click('button[aria-label="Show “Oldest First”"]');
	await page.waitForSelector('button[aria-label="Hide “Oldest First”"]');
	await page.click('.saved-edit');
	await savedAre(defaults);
	is(await texts('.saved-list a'), defaults, 'Show puts it back in its place');
	for (const f of (await api('{ filters { ... on FiltersSuccess { filters { id } } } }')).filters.filters)
		await api('mutation D($id: ID!) { deleteFilter(id: $id) { __typename } }', { id: f.id });
	const saveSearch = async (q, name) => {
		await openHome(q);
		await page.click('.save-search-open');
		await page.fill('.save-search input', name);
		await page.click('.save-search button[type=submit]');
		await page.waitForFunction((n) => [...document.querySelectorAll('.saved-list a')].some((a) => a.textContent === n), name);
	};
	await saveSearch('label:Birds', 'Birds only');
	await saveSearch('in:archive', 'Done');
	is(await texts('.saved-list a'), ['Birds only', 'Done'], '"Save this search" adds it to the sidebar');
	await page.click('.saved-edit');
	await page.click('button[aria-label="Move “Done” up"]');
	await page.waitForFunction(() => document.querySelector('.saved-list a')?.textContent === 'Done');
	const order = (await api('{ filters { ... on FiltersSuccess { filters { name position } } } }')).filters.filters;
	is(order.sort((a, b) => a.position - b.position).map((f) => f.name), ['Done', 'Birds only'], 'moving one up reorders them (moveFilter)');
	await page.click('button[aria-label="Delete “Birds only”"]');
	await page.waitForFunction(() => document.querySelectorAll('.saved-list a').length === 1);
	is((await api('{ filters { ... on FiltersSuccess { filters { name } } } }')).filters.filters.map((f) => f.name), ['Done'], 'deleting one deletes it');
	await page.click('.saved-edit');
	await Promise.all([page.waitForURL(/q=in%3Aarchive|q=in:archive/), page.click('.saved-list a')]);
	await page.waitForSelector('#items .item');
	is(await page.getAttribute('.saved-list a', 'aria-current'), 'page', 'a saved search opens its query and is marked current');

	// ---- a label made in an item's label editor joins the sidebar and the filter at once
	await page.click('#items li:first-child .edit-labels');
	await page.fill('.label-editor input', 'Waders');
	await page.click('.label-editor button[type=submit]');
	await page.waitForFunction(() => [...document.querySelectorAll('.label-list .chip')].some((c) => c.textContent === 'Waders'));
	ok(await page.evaluate(() => [...document.querySelectorAll('#label-filter option')].filter((o) => o.value === 'Waders').length === 1),
		'a label made from an item shows in the sidebar and, once, in the label filter, without a reload');

	// ---- labels with colours
	await page.click('.label-new');
	await page.fill('.label-form input[type=text]', 'Fish');
	await page.fill('.label-form input[type=color]', '#3366cc');
	await shot('library-label-form');
	await page.click('.label-form button[type=submit]');
	await page.waitForFunction(() => [...document.querySelectorAll('.label-list .chip')].some((c) => c.textContent === 'Fish'));
	ok((await labelsNow()).some((l) => l.name === 'Fish' && l.color === '#3366cc'), 'New label makes a label with the colour picked');
	await page.click('button[aria-label="Edit the label “Birds”"]');
	await page.fill('.label-form input[type=color]', '#228844');
	await page.click('.label-form button[type=submit]');
	await page.waitForFunction(() => !document.querySelector('.label-form'));
	ok((await labelsNow()).some((l) => l.name === 'Birds' && l.color === '#228844'), 'editing a label changes its colour');

	// ---- the trash: restore one, empty it
	await page.click('#tab-trash');
	await page.waitForSelector('#items .item');
	is(await page.textContent('#view-title'), 'Trash', 'the Trash view');
	ok(await page.isVisible('#empty-trash'), 'with Empty trash');
	await shot('library-trash');
	await page.click('#items .item:has(.item-title:text-is("Bittern")) .restore');
	await itemCount(1);
	ok((await titlesOf('in:inbox')).includes('Bittern'), 'Restore brings an item back to the inbox');
	await page.click('#empty-trash');
	await page.waitForSelector('#empty:not([hidden])');
	is(await page.textContent('#empty .empty-search'), 'The trash is empty.', 'Empty trash, confirmed, empties it');
	is(await titlesOf('in:trash'), [], 'and the API agrees');
	await page.waitForFunction(() => document.getElementById('n-trash')?.textContent === '0');

	// ---- after a search the sidebar's folders are the folders, and the list goes on as it is scrolled
	await openHome('seabird sort:saved-asc');
	is(await page.textContent('#view-title'), 'Search', 'a search is titled Search');
	is(await page.$$eval('.folders a[id^="tab-"]', (as) => as.map((a) => decodeURIComponent(a.getAttribute('href')))),
		['/home?q=in:inbox sort:saved-asc', '/home?q=in:archive sort:saved-asc', '/home?q=sort:saved-asc', '/home?q=in:trash sort:saved-asc'],
		"the sidebar's Inbox, Archive, All and Trash leave the search's words behind (its sort goes along)");
	is(await page.$$eval('.folders a[aria-current]', (as) => as.length), 0, 'and none of them is marked current');
	for (let i = 0; i < 26; i++) {
		await api(`mutation S($input: SavePageInput!) { savePage(input: $input) { __typename } }`, { input: {
			url: `https://tern.example.org/${i}`, source: 'api', clientRequestId: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
			title: `Tern ${i}`, originalContent: `<html><body><article><h1>Tern ${i}</h1><p>${'Terns dive for small fish. '.repeat(12)}</p></article></body></html>` } });
	}
	await openHome('Terns');
	await itemCount(20);
	await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
	await itemCount(26);
	ok(await page.isHidden('#more'), 'scrolling to the end loads the rest of the list without a click (26 of 26)');

	// ---- a phone: one-line top bar, the sidebar behind "Views", everything by touch
	await openHome('in:inbox sort:saved-asc', phone);   // the birds first, before the terns
	const bar = await phone.$eval('.topbar', (t) => ({ h: t.getBoundingClientRect().height,
		tops: [...t.querySelectorAll('.brand, nav > *')].filter((e) => e.offsetParent).map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2)) }));
	ok(bar.h < 60 && new Set(bar.tops).size === 1, 'at 360 px the top bar is one line', JSON.stringify(bar));
	is(await phone.evaluate(() => document.documentElement.scrollWidth), 360, 'the library has no horizontal scroll at 360 px');
	ok(await phone.isHidden('#sidebar'), 'the sidebar waits behind "Views"');
	await shot('library-360', phone);
	await phone.tap('#menu');
	ok(await phone.isVisible('#sidebar .saved-list a'), 'tapping Views shows folders, saved searches and labels');
	await shot('library-360-menu', phone);
	await phone.tap('#menu');
	await phone.tap(box('Bittern'));
	await phone.tap('#bulk-bar .bulk-labels summary');
	ok(await phone.waitForSelector('#bulk-bar .menu-panel input', { timeout: 30000 }).then(() => true, () => false), 'the bulk label menu opens by touch');
	await shot('library-360-bulk', phone);
} catch (e) {
	ok(false, 'the library flow ran to its end', e.stack || String(e));
}
is(problems, [], 'no CSP violation nor JavaScript error on the library');
await browser.close();
finish();
