// browser_share.mjs: the reader's Share panel and the shared page in Chromium at 1280 and 375 px: a link made, copied and opened in a fresh context (no cookie), the page's text without a script or a page error, then revoked from the reader and answering its 404; the reader's and the library's EPUB downloads (TAP).
//
//   node t/js/browser_share.mjs --base URL --user NAME --password PW --item ID --shots DIR --chromium PATH --out DIR
//
// The EPUB downloads are saved in --out as reader.epub and library.epub; t/browser_share.sh checks them with epubcheck.
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
const shot = (p, name) => p.screenshot({ path: path.join(args.shots, name), fullPage: true });

const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox'] });
const problems = [];
function watch(page) {
	page.on('console', (m) => {
		if (/Content Security Policy|Refused to/i.test(m.text()) || (m.type() === 'error' && !/404 \(Not Found\)/.test(m.text()) && !retried429(m.text())))
			problems.push(`${page.url()}: ${m.text()}`);
	});
	page.on('pageerror', (e) => problems.push(`JS error on ${page.url()}: ${e.message}`));
	return page;
}

// the shared page at the viewport's width, opened by a visitor without any cookie of ours
async function visit(url, width, name) {
	const ctx = await browser.newContext({ viewport: { width, height: 800 } });
	const p = watch(await ctx.newPage());
	const res = await p.goto(url);
	const r = { status: res.status(), headers: res.headers(), title: await p.locator('h1').first().textContent(),
		text: await p.locator('body').innerText(), scripts: await p.locator('script').count(),
		overflow: await p.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth),
		cookies: (await ctx.cookies()).length };
	await shot(p, name);
	await ctx.close();
	return r;
}

try {
	const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
	await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
	const page = watch(await context.newPage());
	await page.goto(`${base}/login`);
	await page.fill('#username', args.user);
	await page.fill('#password', args.password);
	await Promise.all([page.waitForURL(`${base}/home`), page.click('button[type=submit]')]);
	ok(true, 'logged in');

	await page.goto(`${base}/article?slug=${encodeURIComponent(args.item)}`);
	await page.waitForSelector('#reader:not([hidden])');
	const button = page.locator('#share-button');
	is(await button.textContent(), 'Share', "the reader's actions have Share");
	await button.click();
	await page.waitForSelector('#share-make');
	is(await button.getAttribute('aria-expanded'), 'true', 'the button opens the panel');
	ok(/nothing else of your library/.test(await page.locator('#share-panel').innerText()), 'the panel says what a visitor sees');
	await page.click('#share-make');
	await page.waitForSelector('#share-url');
	const url = await page.inputValue('#share-url');
	ok(new RegExp(`^${base}/s/[0-9a-f]{64}$`).test(url), `the link is shown (${url.slice(0, base.length + 10)}…)`);
	is(await button.textContent(), 'Shared', 'the button says the article is shared');
	await page.click('#share-copy');
	await page.waitForFunction(() => /copied/.test(document.getElementById('share-status')?.textContent));
	is(await page.evaluate(() => navigator.clipboard.readText()), url, 'Copy puts the link on the clipboard');
	await shot(page, 'share-panel-1280.png');

	const wide = await visit(url, 1280, 'share-page-1280.png');
	is(wide.status, 200, 'a visitor without a cookie opens the link');
	is(wide.title, 'Herons in winter', "the page has the article's title");
	ok(/stand in the cold shallows/.test(wide.text), 'and its text');
	ok(!/egret|SecretLabel|Library|Log out/.test(wide.text), 'and nothing of the account: no username, label or library link');
	is(wide.scripts, 0, 'no script element');
	is(wide.headers['referrer-policy'], 'no-referrer', 'Referrer-Policy: no-referrer');
	ok(/default-src 'none'/.test(wide.headers['content-security-policy']) && !/script-src/.test(wide.headers['content-security-policy']),
		'a policy that allows no script');
	is(wide.cookies, 0, 'the visitor is given no cookie');
	const narrow = await visit(url, 375, 'share-page-375.png');
	is(narrow.status, 200, 'the page at 375 px');
	ok(narrow.overflow <= 0, `without sideways scrolling (${narrow.overflow} px too wide)`);

	await page.setViewportSize({ width: 375, height: 740 });
	await page.reload();
	await page.waitForSelector('#reader:not([hidden])');
	is(await button.textContent(), 'Shared', 'reloaded, the reader says at once that the article is shared');
	await page.click('#share-button');
	await page.waitForSelector('#share-revoke');
	ok(/Shared since/.test(await page.locator('#share-panel').innerText()), 'reopened, the panel says since when it is shared');
	ok(await page.locator('#share-make').isVisible(), 'and offers a new link');
	await shot(page, 'share-panel-375.png');
	await page.click('#share-revoke');
	await page.waitForFunction(() => /revoked/.test(document.getElementById('share-panel')?.textContent));
	ok(true, 'Revoke says the link opens nothing now');
	is(await button.textContent(), 'Share', 'the button is back to Share');
	const gone = await visit(url, 375, 'share-revoked-375.png');
	is(gone.status, 404, 'the revoked link answers 404 at once');
	is(gone.title, 'Link not found', 'with a page saying so');
	await page.keyboard.press('Escape');
	ok(await page.locator('#share-panel').isHidden(), 'Esc closes the panel');
	ok(new URL(page.url()).pathname === '/article', 'and stays in the reader (a second Esc would go back)');

	// the EPUB of the article, from the reader (at 375 px), and of a label's list, from the library (at 1280 px)
	const [book] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), page.click('#epub-button')]);
	is(book.suggestedFilename(), 'herons-in-winter.epub', "the reader's EPUB is named after the article");
	await book.saveAs(path.join(args.out, 'reader.epub'));
	await page.waitForFunction(() => /Downloaded/.test(document.getElementById('action-status')?.textContent));
	ok(true, 'the reader says it was downloaded');
	await shot(page, 'epub-reader-375.png');
	await page.setViewportSize({ width: 1280, height: 800 });
	await page.goto(`${base}/home?q=${encodeURIComponent('label:SecretLabel')}`);
	await page.waitForSelector('#items li');
	const [list] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), page.click('#epub-library')]);
	is(list.suggestedFilename(), 'larder-label-secretlabel.epub', "the library's EPUB is named after its search");
	await list.saveAs(path.join(args.out, 'library.epub'));
	await shot(page, 'epub-library-1280.png');
	await page.goto(`${base}/home?q=${encodeURIComponent('albatross')}`);
	await page.waitForSelector('#epub-library');
	await page.click('#epub-library');
	await page.waitForFunction(() => /No EPUB/.test(document.getElementById('list-status')?.textContent));
	ok(/finds no article/.test(await page.locator('#list-status').textContent()), 'a list with nothing in it says so instead');
	await page.setViewportSize({ width: 375, height: 740 });
	await page.goto(`${base}/home`);
	await page.waitForSelector('#items li');
	ok(await page.locator('#epub-library').isVisible(), "the library's EPUB button at 375 px");
	await shot(page, 'epub-library-375.png');
	ok(problems.length === 0, 'no page errors and no CSP violations', problems.join('\n'));
} catch (e) {
	let where = '';
	try { where = `\nstatus lines: ${(await browser.contexts()[0].pages()[0].locator('[role=status]').allTextContents()).join(' | ')}`; } catch (e2) { /* no page */ }
	ok(false, 'the share flow ran to its end', e.stack + where + (problems.length ? `\n${problems.join('\n')}` : ''));
} finally {
	await browser.close();
}
finish();
