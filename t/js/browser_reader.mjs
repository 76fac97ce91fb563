// browser_reader.mjs: the reader of issue 13 in Chromium against a running Larder: highlights made from a selection (toolbar, keys, touch), notes, labels, merging, deleting, re-anchoring, the notebook and its Markdown, text settings kept per user, keyboard and phone width (TAP).
//
//   node t/js/browser_reader.mjs --base URL --pages URL --user NAME --password PW --shots DIR --chromium PATH
//
// --pages is t/js/testserver.mjs's address (it serves /article/pelicans.html). Every page must load without a CSP
// violation or a JavaScript error; screenshots go to --shots as reader-*.png, at 1280 and 360 px wide.
import { readFileSync } from 'node:fs';
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

const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox'] });
const problems = [];
function watch(p) {
	p.on('console', (m) => {
		if (!p.url().startsWith(base)) return;
		const text = m.text();
		if (/Content Security Policy|Refused to/i.test(text)) problems.push(`CSP on ${p.url()}: ${text}`);
		else if (m.type() === 'error' && !/Failed to load resource/.test(text)) problems.push(`console error on ${p.url()}: ${text}`);
	});
	p.on('pageerror', (e) => problems.push(`JS error on ${p.url()}: ${e.message}`));
	p.on('dialog', (d) => d.accept());
}
const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, acceptDownloads: true });
await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
const page = await context.newPage();
watch(page);
// the page's saves of the reading position still in flight: a page left sends where it was read to (pagehide, with
// keepalive), and a test that sets a position of its own first waits for those to be answered (a condition, not a
// time: on a busy machine the page's save could otherwise land after the test's and move it)
const progressInFlight = new Set();
const isProgress = (r) => r.method() === 'POST' && /saveArticleReadingProgress/.test(r.postData() || '');
page.on('request', (r) => { if (isProgress(r)) progressInFlight.add(r); });
for (const ev of ['requestfinished', 'requestfailed']) page.on(ev, (r) => progressInFlight.delete(r));
const progressSaved = async () => {
	for (let i = 0; i < 6000 && progressInFlight.size > 0; i++) await new Promise((r) => setTimeout(r, 50));
	if (progressInFlight.size > 0) throw new Error(`${progressInFlight.size} reading-position saves never answered`);
};
const shot = (name, p, full) => (p || page).screenshot({ path: path.join(args.shots, `${name}.png`), fullPage: !!full });
const textsOf = (sel, p) => (p || page).$$eval(sel, (els) => els.map((e) => e.textContent.trim()));

// the API with the page's session
const gql = (query, variables, p) => (p || page).evaluate(async ([q, v]) => {
	const r = await fetch('/api/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: q, variables: v }) });
	return (await r.json()).data;
}, [query, variables || {}]);
const HLQ = `query H($s: String!) { article(username: "me", slug: $s) { ... on ArticleSuccess { article { highlights {
	id type quote prefix suffix patch annotation color highlightPositionPercent labels { name } } } } } }`;
let itemId;
const stored = async () => (await gql(HLQ, { s: itemId })).article.article.highlights;
const passagesOf = (list) => list.filter((h) => h.type === 'HIGHLIGHT');

// selects the words from `from` to the end of `to` in the article's text (both within one text node or across)
const select = (from, to, p) => (p || page).evaluate(([a, b]) => {
	const root = document.getElementById('content');
	const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
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
	const s = getSelection();
	s.removeAllRanges();
	s.addRange(r);
	return s.toString();
}, [from, to]);
const openReader = async (p) => {
	await (p || page).goto(`${base}/article?url=${encodeURIComponent(article)}`);
	await (p || page).waitForFunction((t) => document.getElementById('title')?.textContent === t, TITLE, { timeout: 60000 });
	await (p || page).waitForFunction(() => document.getElementById('hl-count')?.dataset.ready === '1');
};

try {
	// ---- log in, save the article, open it
	await page.goto(`${base}/login`);
	await page.fill('#username', args.user);
	await page.fill('#password', args.password);
	await Promise.all([page.waitForURL(`${base}/home`), page.click('button[type=submit]')]);
	const saved = await gql(`mutation S($input: SaveUrlInput!) { saveUrl(input: $input) { __typename ... on SaveSuccess { clientRequestId } } }`,
		{ input: { url: article, source: 'api', clientRequestId: '' } });
	itemId = saved.saveUrl.clientRequestId;
	ok(!!itemId, 'the article is saved', JSON.stringify(saved));
	await openReader();
	ok(/\b\d+ min read\b/.test(await page.textContent('#meta')), 'the reader estimates the reading time', await page.textContent('#meta'));
	const imgs = await page.$$eval('#content img', (els) => els.map((e) => e.getAttribute('loading')));
	ok(imgs.every((l) => l === 'lazy'), `its images load lazily (${imgs.length})`, JSON.stringify(imgs));
	is(await page.getAttribute('#original', 'href'), article, '"Original page" links to the page');
	is(await page.textContent('#hl-count'), '0 highlights', 'the notebook starts empty');

	// ---- a selection shows the toolbar; Highlight makes a highlight with Omnivore's anchoring fields
	is((await select('Gulls', 'from the pouch.')).replace(/\s+/g, ' '), 'Gulls often wait beside it to steal a fish from the pouch.', 'a passage is selected');
	await page.waitForSelector('#hl-toolbar:not([hidden])');
	await shot('reader-toolbar');
	await page.click('#tb-highlight');
	await page.waitForSelector('#content mark.hl');
	let hs = passagesOf(await stored());
	is(hs.length, 1, 'Highlight stores one highlight');
	const h1 = hs[0] || {};
	is(h1.quote, 'Gulls often wait beside it to steal a fish from the pouch.', 'its quote is the selected text, white space made single');
	ok(h1.prefix.trim().endsWith('which can take a minute.') && h1.suffix.trim().startsWith('The word for this habit'), 'prefix and suffix are the text around it', `${h1.prefix} | ${h1.suffix}`);
	ok(/^@@ -\d+(,\d+)? \+\d+(,\d+)? @@\n/.test(h1.patch) && h1.patch.includes('%3Comnivore_highlight%3E'), 'patch is a diff-match-patch patch adding the highlight tags', h1.patch);
	ok(h1.highlightPositionPercent > 10 && h1.highlightPositionPercent < 90, 'and its position in the text', String(h1.highlightPositionPercent));
	ok((await page.evaluate(() => [...document.querySelectorAll('#content mark.hl')].map((m) => m.textContent).join('').replace(/\s+/g, ' '))) === h1.quote, 'the highlight is drawn in the text: its marks hold exactly the quote');
	is(await page.textContent('#hl-count'), '1 highlight', 'the notebook counts it');

	// ---- the notebook by key: a note and labels on the highlight
	await page.keyboard.press('b');
	await page.waitForSelector('#notebook:not([hidden])');
	await page.click('#hl-list .hl-edit-note');
	await page.fill('#hl-list .hl-form textarea', 'Gulls as thieves.');
	await page.click('#hl-list .hl-form button[type=submit]');
	await page.waitForSelector('#hl-list .hl-note');
	is((await stored()).find((h) => h.id === h1.id).annotation, 'Gulls as thieves.', 'a note on the highlight is saved');
	await page.click('#hl-list .hl-labels');
	await page.fill('#hl-list .hl-form input', 'Behaviour, Key idea');
	await page.click('#hl-list .hl-form button[type=submit]');
	await page.waitForSelector('#hl-list .chip');
	is(await textsOf('#hl-list .chip'), ['Behaviour', 'Key idea'], 'labels on the highlight show in the notebook');
	is((await stored()).find((h) => h.id === h1.id).labels.map((l) => l.name).sort(), ['Behaviour', 'Key idea'], 'and are saved');

	// ---- the article's note, kept as the item's NOTE highlight
	await page.fill('#article-note', 'Read again before the coast trip.');
	await page.click('#note-form button[type=submit]');
	await page.waitForFunction(() => document.getElementById('note-status')?.textContent === 'Note saved.');
	const notes = (await stored()).filter((h) => h.type === 'NOTE');
	is(notes.map((h) => h.annotation), ['Read again before the coast trip.'], 'the article note is a NOTE highlight');
	await shot('reader-notebook');

	// ---- an overlapping selection by key h merges into one highlight that keeps the note and labels
	await select('steal a fish', 'kleptoparasitism');
	await page.keyboard.press('h');
	await page.waitForFunction(() => document.getElementById('hl-count')?.textContent === '1 highlight' &&
		[...document.querySelectorAll('#content mark.hl')].map((m) => m.textContent).join('').includes('kleptoparasitism'));
	hs = passagesOf(await stored());
	is(hs.length, 1, 'an overlapping highlight merges with the first');
	ok(hs[0].quote.startsWith('Gulls often wait') && hs[0].quote.endsWith('kleptoparasitism'), 'the merged quote covers both', hs[0].quote);
	is([hs[0].annotation, hs[0].labels.map((l) => l.name).sort()], ['Gulls as thieves.', ['Behaviour', 'Key idea']], 'and keeps the note and labels');

	// ---- the toolbar's Note: a highlight and its note form at once
	await select('Pelicans nest', 'without predators.');
	await page.waitForSelector('#hl-toolbar:not([hidden])');
	await page.click('#tb-note');
	await page.waitForSelector('#hl-list .hl-form textarea');
	await page.fill('#hl-list .hl-form textarea', 'Islands.');
	await page.keyboard.press('Control+Enter');
	await page.waitForFunction(() => document.querySelectorAll('#hl-list .hl-note').length === 2);
	is(await textsOf('#hl-list .hl-quote'), [hs[0].quote, 'Pelicans nest in colonies on islands without predators.'], 'a second highlight, listed in text order');
	await page.selectOption('#hl-list > li:nth-child(2) .hl-color', 'green');
	await page.waitForSelector('#content mark.hl[data-color="green"]');
	is(passagesOf(await stored()).map((h) => h.color).sort(), ['green', 'yellow'], 'a highlight\'s colour is changed from the notebook');

	// ---- re-anchoring: a highlight stored elsewhere (a re-extraction moved the text) is found by quote, prefix and suffix
	const add = (input) => gql(`mutation C($input: CreateHighlightInput!) { createHighlight(input: $input) { __typename } }`,
		{ input: { shortId: input.id.slice(0, 8), articleId: itemId, type: 'HIGHLIGHT', patch: '', ...input } });
	await add({ id: '5d1c7d0e-4b7a-4f35-9a43-0c6a2f9b1e01', quote: 'the water', prefix: 'tips its bill down to drain ', suffix: ', which can take', highlightPositionPercent: 0 });
	await add({ id: '5d1c7d0e-4b7a-4f35-9a43-0c6a2f9b1e02', quote: 'a  sentence\nthat was   removed', prefix: '', suffix: '', highlightPositionPercent: 50 });
	await openReader();
	const around = await page.evaluate(() => {
		const m = document.querySelector('#content mark.hl[data-id="5d1c7d0e-4b7a-4f35-9a43-0c6a2f9b1e01"]');
		const r = document.createRange();
		r.setStart(document.getElementById('content'), 0);
		r.setEndBefore(m);
		return r.toString().replace(/\s+/g, ' ').slice(-19) + '[' + m.textContent + ']';
	});
	is(around, 'bill down to drain [the water]', 'a moved highlight is drawn where its prefix and suffix match, not at its old position');
	ok((await textsOf('#hl-list .hint')).some((t) => /no longer in the text/.test(t)), 'one whose quote is gone is listed and says so');
	is(await page.$$eval('#content mark.hl', (ms) => new Set(ms.map((m) => m.dataset.id)).size), 3, 'after a reload the three found highlights are drawn');

	// ---- Markdown: copied and downloaded
	await page.keyboard.press('b');
	await page.click('#copy-md');
	await page.waitForFunction(() => /Copied/.test(document.getElementById('notebook-status')?.textContent));
	const md = await page.evaluate(() => navigator.clipboard.readText());
	ok(md.startsWith(`# ${TITLE}\n`) && md.includes('## Note\n\nRead again before the coast trip.') &&
		md.includes('> Gulls often wait') && md.includes('#Key-idea') && md.includes('Islands.'), 'Copy as Markdown copies the title, note, quotes, labels and notes', md);
	const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#download-md')]);
	is(readFileSync(await dl.path(), 'utf8'), md, `Download .md saves the same Markdown (${dl.suggestedFilename()})`);

	// ---- delete from the notebook
	const before = passagesOf(await stored()).length;
	await page.click('#hl-list li:has(.hint) .hl-delete');
	await page.waitForFunction((n) => document.querySelectorAll('#hl-list > li').length === n, before - 1);
	is(passagesOf(await stored()).length, before - 1, 'Delete removes a highlight');
	await page.click(`#hl-list li[data-id="5d1c7d0e-4b7a-4f35-9a43-0c6a2f9b1e01"] .hl-delete`);
	await page.waitForFunction(() => !document.querySelector('#content mark.hl[data-id="5d1c7d0e-4b7a-4f35-9a43-0c6a2f9b1e01"]'));
	ok(true, 'and takes its marks out of the text');
	await shot('reader-notebook-desktop', null, true);

	// ---- Esc in a note's field leaves the field, the notebook stays; a mark opens its entry; Esc closes the notebook
	await page.focus('#article-note');
	await page.keyboard.press('Escape');
	ok(await page.evaluate(() => !document.getElementById('notebook').hidden && document.activeElement.id !== 'article-note'),
		'Esc in the article note leaves the field and keeps the notebook open');
	await page.keyboard.press('Escape');
	await page.waitForSelector('#notebook', { state: 'hidden' });
	await page.click('#content mark.hl');
	await page.waitForSelector('#notebook:not([hidden])');
	ok(await page.evaluate(() => document.activeElement.closest('#hl-list li') !== null), 'clicking a highlight opens the notebook at its entry');
	await page.keyboard.press('Escape');
	await page.waitForSelector('#notebook', { state: 'hidden' });
	ok(true, 'Esc closes the notebook');

	// ---- text settings: kept per user
	await page.keyboard.press('t');
	await page.waitForSelector('#reader-settings:not([hidden])');
	const setRange = (id, v) => page.evaluate(([i, x]) => {
		const e = document.getElementById(i);
		e.value = x;
		e.dispatchEvent(new Event('input', { bubbles: true }));
	}, [id, String(v)]);
	await page.selectOption('#set-font', 'sans');
	await setRange('set-size', 22);
	await setRange('set-width', 560);
	await setRange('set-line', 200);
	await page.click('label[for=theme-sepia]');
	is(await page.evaluate(() => [getComputedStyle(document.getElementById('content')).fontSize, document.documentElement.dataset.theme]), ['22px', 'sepia'], 'settings apply at once');
	await page.waitForFunction(() => document.getElementById('settings-status')?.textContent === 'Saved.');
	await shot('reader-settings');
	const P = `{ getUserPersonalization { ... on GetUserPersonalizationSuccess { userPersonalization { theme fontSize fontFamily margin fields } } } }`;
	const pers = (await gql(P)).getUserPersonalization.userPersonalization;
	const fields = typeof pers.fields === 'string' ? JSON.parse(pers.fields) : pers.fields;
	is([pers.theme, pers.fontSize, pers.fontFamily, pers.margin, fields && fields.lineHeight], ['Sepia', 22, 'sans', 560, 200], 'they are saved with setUserPersonalization');
	const other = await context.newPage();
	watch(other);
	await openReader(other);
	const look = await other.evaluate(() => {
		const c = getComputedStyle(document.getElementById('content'));
		return [c.fontSize, c.lineHeight, /system-ui|sans-serif/.test(c.fontFamily), getComputedStyle(document.body).backgroundColor, document.querySelector('main').getBoundingClientRect().width <= 560 + 34];
	});
	is(look, ['22px', '44px', true, 'rgb(244, 236, 216)', true], 'another visit reads the same size, line height, font, sepia page and width');
	await other.close();
	await page.click('label[for=theme-dark]');
	await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(22, 24, 27)');
	await shot('reader-dark-settings');
	await page.waitForFunction(() => document.getElementById('settings-status')?.textContent === 'Saved.');
	// the theme is every page's: the library opens dark from its first paint, before any of its scripts asks the server
	await page.goto(`${base}/home`, { waitUntil: 'domcontentloaded' });
	is(await page.evaluate(() => [document.documentElement.dataset.theme, getComputedStyle(document.body).backgroundColor]),
		['dark', 'rgb(22, 24, 27)'], 'the library is dark too, from its first paint');
	await page.waitForSelector('#items .item');
	await shot('library-dark');
	await openReader();
	await page.click('#settings-button');
	await page.waitForSelector('#reader-settings:not([hidden])');
	// justified text and high contrast
	await page.click('label[for=theme-light]');
	await page.check('#set-justify');
	await page.check('#set-contrast');
	is(await page.evaluate(() => [getComputedStyle(document.getElementById('content')).textAlign, getComputedStyle(document.body).color]),
		['justify', 'rgb(0, 0, 0)'], 'Justify sets the text justified, High contrast makes it black');
	await page.selectOption('#set-font', 'cjk-serif');
	ok(/Noto Serif CJK/.test(await page.evaluate(() => getComputedStyle(document.getElementById('content')).fontFamily)), 'a typeface for Chinese, Japanese and Korean text can be chosen');
	await page.selectOption('#set-font', 'serif');
	await page.uncheck('#set-justify');
	await page.uncheck('#set-contrast');
	await page.click('label[for=theme-system]');
	await setRange('set-size', 18);
	await page.click('#settings-close');
	await page.waitForSelector('#reader-settings', { state: 'hidden' });

	// ---- keys: j goes to the next highlight, ? lists the keys, o opens the original
	await page.evaluate(() => window.scrollTo(0, 0));
	await page.keyboard.press('j');
	await page.waitForFunction(() => document.querySelector('#content mark.hl.flash') && window.scrollY > 0);
	ok(true, 'j goes down to the next highlight and flashes it');
	await page.waitForTimeout(400);   // the smooth scroll ends before the screenshot
	await page.keyboard.press('?');
	await page.waitForFunction(() => document.getElementById('help')?.open);
	await shot('reader-help');
	await page.keyboard.press('Escape');
	await page.waitForFunction(() => document.getElementById('help')?.open === false);
	ok(true, '? shows the keys and Esc closes them');
	const [orig] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('o')]);
	await orig.waitForLoadState();
	is(orig.url(), article, 'o opens the original page');
	await orig.close();

	// ---- a sloppy drag takes whole words; a colour from the toolbar; extending a coloured highlight keeps its colour;
	// a highlight across paragraphs keeps the break
	await page.evaluate(() => window.scrollTo(0, 0));
	await select('rown pelicans are the only', 'plunge fr');
	await page.waitForSelector('#hl-toolbar:not([hidden])');
	await page.click('#hl-toolbar .swatch[data-color="red"]');
	await page.waitForFunction(() => document.querySelector('#content mark.hl[data-color="red"]'));
	let red = passagesOf(await stored()).find((h) => h.quote.startsWith('Brown'));
	is([red && red.quote, red && red.color], ['Brown pelicans are the only pelicans that plunge from', 'red'],
		'a selection starting and ending inside words is stored as whole words, in the colour picked');
	await select('plunge', 'their food.');
	await page.waitForSelector('#hl-toolbar:not([hidden])');
	await page.click('#tb-highlight');
	await page.waitForFunction(() => [...document.querySelectorAll('#content mark.hl[data-color="red"]')].some((m) => m.textContent.includes('food')));
	red = passagesOf(await stored()).find((h) => h.quote.startsWith('Brown'));
	is([red && red.quote, red && red.color], ['Brown pelicans are the only pelicans that plunge from the air to catch their food.', 'red'],
		'extending a red highlight keeps it red');
	await select('and fish.', 'Before it swallows');
	await page.waitForSelector('#hl-toolbar:not([hidden])');
	await page.click('#tb-highlight');
	await page.waitForFunction(() => [...document.querySelectorAll('#content mark.hl')].some((m) => m.textContent.includes('Before it swallows')));
	const across = passagesOf(await stored()).find((h) => h.quote.endsWith('Before it swallows'));
	is(across && across.quote, 'and fish.\n\nBefore it swallows', 'a highlight across two paragraphs keeps the break between them');
	ok((await page.evaluate(() => document.getElementById('hl-list').textContent)).includes('and fish.\n\nBefore it swallows'),
		'and the notebook shows it');

	// ---- an archived article reads as a saved one: its marks, the notebook, the toolbar on a selection, the place kept
	const nHl = passagesOf(await stored()).length;
	await page.click('#archive');
	await page.waitForFunction(() => document.getElementById('archive')?.textContent === 'Unarchive');
	await page.setViewportSize({ width: 1280, height: 300 });   // short enough that 60 % of the article is below it
	// the server keeps the furthest position unless told otherwise (force), and a reader read to the end reopens at the
	// top: the page is read to the end first (whatever it sent before), so the test's 60 % holds only when forced. The
	// reader left sends where it was read to (pagehide): the test's position is set once that save is answered, from
	// a page that sends none, and is the last one before the reopen
	const position = async () => ((await gql(`query A($s: String!) { article(username: "me", slug: $s) {
		... on ArticleSuccess { article { readingProgressPercent } } } }`, { s: itemId })).article.article || {}).readingProgressPercent;
	await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
	for (let i = 0; i < 3000 && await position() !== 100; i++) await page.waitForTimeout(100);
	is(await position(), 100, 'the reader read to its end stores 100 %');
	await page.goto(`${base}/home`);
	await progressSaved();
	const set = await gql(`mutation P($input: SaveArticleReadingProgressInput!) { saveArticleReadingProgress(input: $input) {
		... on SaveArticleReadingProgressSuccess { updatedArticle { readingProgressPercent } } } }`,
		{ input: { id: itemId, readingProgressPercent: 60, readingProgressTopPercent: 40, force: true } });
	is(set && set.saveArticleReadingProgress.updatedArticle.readingProgressPercent, 60, 'a forced position of 60 % is stored, below the furthest one read');
	await openReader();
	is(await page.evaluate(() => document.getElementById('archive').textContent), 'Unarchive', 'the reopened article is archived');
	ok(await page.evaluate(() => document.querySelectorAll('#content mark.hl').length > 0), 'its highlights are drawn after a reload');
	is(await page.textContent('#hl-count'), nHl === 1 ? '1 highlight' : `${nHl} highlights`, 'the notebook counts them');
	await page.waitForFunction(() => window.scrollY > 0);
	const at = await page.evaluate(() => { const r = document.getElementById('content').getBoundingClientRect(); return (innerHeight - r.top) / r.height * 100; });
	ok(Math.abs(at - 60) < 2, `the reading position is restored (60 % of the article read: ${at.toFixed(1)} %)`);
	await page.setViewportSize({ width: 1280, height: 860 });
	await select('Both parents', 'feed the chicks');
	await page.waitForSelector('#hl-toolbar:not([hidden])');
	ok(true, 'a selection shows the toolbar');
	await page.evaluate(() => getSelection().removeAllRanges());
	await page.click('#archive');
	await page.waitForFunction(() => document.getElementById('archive')?.textContent === 'Archive');

	// ---- a phone: touch, the toolbar at the bottom, the notebook as a sheet, no horizontal scroll
	const phoneCtx = await browser.newContext({ viewport: { width: 360, height: 720 }, hasTouch: true, isMobile: true });
	const phone = await phoneCtx.newPage();
	watch(phone);
	await phone.goto(`${base}/login`);
	await phone.fill('#username', args.user);
	await phone.fill('#password', args.password);
	await Promise.all([phone.waitForURL(`${base}/home`), phone.click('button[type=submit]')]);
	await openReader(phone);
	is(await phone.evaluate(() => document.documentElement.scrollWidth), 360, 'the reader has no horizontal scroll at 360 px');
	await select('Both parents', 'feed the chicks', phone);
	await phone.waitForSelector('#hl-toolbar:not([hidden])');
	const tb = await phone.$eval('#hl-toolbar', (b) => { const r = b.getBoundingClientRect(); return [r.left >= 0, r.right <= 360, r.bottom <= innerHeight]; });
	is(tb, [true, true, true], 'the toolbar fits the phone screen');
	await shot('reader-360-toolbar', phone);
	await phone.tap('#tb-highlight');
	await phone.waitForFunction(() => [...document.querySelectorAll('#content mark.hl')].some((m) => m.textContent.includes('Both parents')));
	ok(true, 'tapping Highlight highlights the selection');
	await phone.tap('#notebook-button');
	await phone.waitForSelector('#notebook:not([hidden])');
	is(await phone.evaluate(() => document.documentElement.scrollWidth), 360, 'the notebook fits at 360 px');
	await shot('reader-360-notebook', phone);
	await phone.tap('#notebook-close');
	await phone.tap('#settings-button');
	await phone.waitForSelector('#reader-settings:not([hidden])');
	is(await phone.evaluate(() => document.documentElement.scrollWidth), 360, 'the text settings fit at 360 px');
	await shot('reader-360-settings', phone);

	// ---- read aloud. The machine's browser has no speech voice, so it says so; then with an engine standing in for the
	// system's voice (it "speaks" each sentence in a moment), the reader reads sentence by sentence, each one marked
	await page.click('#listen');
	await page.waitForFunction(() => /No voice is available/.test(document.getElementById('action-status')?.textContent));
	ok(true, 'Listen without a speech voice says there is none');
	const speakCtx = await browser.newContext({ viewport: { width: 1280, height: 860 } });
	await speakCtx.addInitScript(() => {
		window.__spoken = [];
		window.__marked = [];
		const engine = {
			speaking: false, pending: false, paused: false,
			getVoices: () => [], pause() {}, resume() {}, cancel() {},
			speak(u) {
				window.__spoken.push(u.text);
				setTimeout(() => {
					if (u.onstart) u.onstart();
					const h = CSS.highlights.get('speaking');
					window.__marked.push(h ? [...h][0].toString().replace(/\s+/g, ' ').trim() : null);
					setTimeout(() => { if (u.onend) u.onend(); }, 20);
				}, 0);
			},
		};
		Object.defineProperty(window, 'speechSynthesis', { value: engine, configurable: true });
	});
	const sp = await speakCtx.newPage();
	watch(sp);
	await sp.goto(`${base}/login`);
	await sp.fill('#username', args.user);
	await sp.fill('#password', args.password);
	await Promise.all([sp.waitForURL(`${base}/home`), sp.click('button[type=submit]')]);
	await openReader(sp);
	await sp.evaluate(() => window.scrollTo(0, 0));
	await sp.click('#listen');
	await sp.waitForFunction(() => document.getElementById('listen')?.textContent === 'Listen' && window.__spoken.length > 3);
	const heard = await sp.evaluate(() => [window.__spoken, window.__marked]);
	ok(heard[0].includes('Brown pelicans are the only pelicans that plunge from the air to catch their food.') &&
		heard[0].indexOf('Gulls often wait beside it to steal a fish from the pouch.') > heard[0].indexOf('Brown pelicans are the only pelicans that plunge from the air to catch their food.'),
	'Listen reads the article sentence by sentence, in order', JSON.stringify(heard[0]));
	is(heard[1], heard[0], 'each sentence is marked in the text while it is read');
	await speakCtx.close();

	// ---- every highlight of the library on one page: searched, opened in the reader, as Markdown
	await phone.goto(`${base}/highlights`);
	await phone.waitForSelector('#all-highlights .hl-entry');
	is(await phone.evaluate(() => document.documentElement.scrollWidth), 360, 'the highlights page has no horizontal scroll at 360 px');
	await shot('highlights-360', phone);
	await phoneCtx.close();
	await page.goto(`${base}/highlights`);
	await page.waitForSelector('#all-highlights .hl-entry');
	const all = await textsOf('#all-highlights .hl-quote');
	is(all.length, passagesOf(await stored()).length, 'the highlights page lists every highlight', JSON.stringify(all));
	ok(all.some((t) => t.startsWith('Both parents feed the chicks')), 'the one made on the phone among them');
	await shot('highlights');
	await page.fill('#hq', 'CHICKS');
	await Promise.all([page.waitForURL(/q=CHICKS/), page.click('#hl-search button[type=submit]')]);
	await page.waitForSelector('#all-highlights .hl-entry');
	is(await textsOf('#all-highlights .hl-quote'), all.filter((t) => /chicks/i.test(t)), 'searching its words keeps the highlights that hold them');
	const [hlDl] = await Promise.all([page.waitForEvent('download'), page.click('#download-md')]);
	const hlMd = readFileSync(await hlDl.path(), 'utf8');
	ok(hlMd.includes(`## ${TITLE}`) && hlMd.includes('> Both parents feed the chicks'), 'Download .md groups them under their article', hlMd.slice(0, 300));
	await Promise.all([page.waitForURL(/\/article|\/[^/]+\/[^/]+$/), page.click('#all-highlights .hl-source a')]);
	await page.waitForFunction((t) => document.getElementById('title')?.textContent === t, TITLE);
	ok(true, 'a highlight links to its article in the reader');
} catch (e) {
	ok(false, 'the reader flow ran to its end', e.stack || String(e));
}
is(problems, [], 'no CSP violation nor JavaScript error on the reader');
note(`screenshots in ${args.shots}`);
await browser.close();
finish();
