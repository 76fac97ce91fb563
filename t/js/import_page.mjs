// import_page.mjs: /settings/import in Chromium: log in, choose a URL list, upload it with the progress bar, wait for the import and read its per-item report; the library then holds its items (TAP).
//
//   node t/js/import_page.mjs --base URL --user NAME --password PW --key KEY --file PATH --shots DIR --chromium PATH
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

// the URLs of the library, read with the API key
async function libraryUrls() {
	const res = await fetch(`${base}/api/graphql`, {
		method: 'POST',
		headers: { authorization: args.key, 'content-type': 'application/json' },
		body: JSON.stringify({ query: '{ search(query: "in:all", first: 100) { ... on SearchSuccess { edges { node { url } } } } }' }),
	});
	const body = await res.json();
	return body.data.search.edges.map((e) => e.node.url).sort();
}

const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox'] });
const problems = [];
const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
const page = await context.newPage();
page.on('console', (m) => {
	if (/Content Security Policy|Refused to/i.test(m.text()) || (m.type() === 'error' && !retried429(m.text())))
		problems.push(`${page.url()}: ${m.text()}`);
});
page.on('pageerror', (e) => problems.push(`JS error on ${page.url()}: ${e.message}`));
const shot = (name) => page.screenshot({ path: path.join(args.shots, `${name}.png`), fullPage: true });

try {
	await page.goto(`${base}/settings/import`);
	await page.waitForURL((u) => u.pathname === '/login');
	ok(true, 'the page sends a visitor who is not logged in to /login');
	await page.fill('#username', args.user);
	await page.fill('#password', args.password);
	await Promise.all([page.waitForURL(`${base}/settings/import`), page.click('button[type=submit]')]);
	ok(true, 'and back to /settings/import after logging in');
	await page.waitForFunction(() => (document.getElementById('whoami')?.textContent || '') !== '');
	is(await page.textContent('#whoami'), args.user, 'the top bar names the user');

	await page.setInputFiles('#file', args.file);
	await page.selectOption('#kind', 'URL_LIST');
	await page.click('#start');
	await page.waitForSelector('#report-card:not([hidden])', { timeout: 30000 });
	await shot('import-report');
	is(await page.$eval('#upload-progress', (p) => p.value), 100, 'the progress bar reached 100%');
	is(await page.textContent('#import-status'), 'Imported.', 'the import is said to be done');
	is(await page.textContent('#report-counts'), '2 added, 0 updated, 0 unchanged, 1 failed.', 'the report counts the items');
	ok(/^line 3: /m.test(await page.textContent('#report-lines')), 'and names the bad row by its line',
		await page.textContent('#report-lines'));
	is((await libraryUrls()).filter((u) => u.includes('/gone/')).length, 2, 'the library holds the imported items');

	// the same file again: nothing added
	await page.setInputFiles('#file', args.file);
	await page.click('#start');
	await page.waitForFunction(() => document.getElementById('report-counts')?.textContent.includes('unchanged') &&
		!document.getElementById('start').disabled && document.getElementById('report-counts').textContent.startsWith('0 added'),
	null, { timeout: 30000 });
	is(await page.textContent('#report-counts'), '0 added, 0 updated, 2 unchanged, 1 failed.', 'importing it again changes nothing');
} catch (e) {
	ok(false, 'the flow ran to its end', e.stack || String(e));
	await shot('import-failure').catch(() => {});
}
is(problems, [], 'no CSP violation, JavaScript error nor console error on the page');
await browser.close();
finish();
