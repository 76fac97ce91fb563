// export_button.mjs: the settings page's "Download export (.zip)" button in Chromium: signed in, a click downloads the library as a zip, under the page's CSP and without errors (TAP).
//
//   node t/js/export_button.mjs --base URL --user NAME --password PW --out FILE --shots DIR --chromium PATH
//
// The download is saved to --out; t/web_export.sh looks inside it.
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

const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox'] });
const problems = [];
const context = await browser.newContext({ viewport: { width: 1100, height: 800 }, acceptDownloads: true });
const page = await context.newPage();
page.on('console', (m) => {
	if (/Content Security Policy|Refused to/i.test(m.text()) || (m.type() === 'error' && !retried429(m.text()))) problems.push(`${page.url()}: ${m.text()}`);
});
page.on('pageerror', (e) => problems.push(`JS error on ${page.url()}: ${e.message}`));

try {
	await page.goto(`${base}/login`);
	await page.fill('#username', args.user);
	await page.fill('#password', args.password);
	await Promise.all([page.waitForURL(`${base}/home`), page.click('button[type=submit]')]);
	ok(true, 'logged in');

	await page.goto(`${base}/settings/api`);
	const button = page.locator('#export-library');
	is(await button.textContent(), 'Download export (.zip)', 'the settings page shows the export button');
	const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30000 }), button.click()]);
	ok(/^larder-export-\d{4}-\d{2}-\d{2}\.zip$/.test(download.suggestedFilename()),
		`the download is named like a dated zip (${download.suggestedFilename()})`);
	is(await download.failure(), null, 'the download completes');
	await download.saveAs(args.out);
	is(new URL(page.url()).pathname, '/settings/api', 'the page stays where it was');
	await page.screenshot({ path: path.join(args.shots, 'export-button.png'), fullPage: true });
	ok(problems.length === 0, 'no console errors and no CSP violations', problems.join('\n'));
} catch (e) {
	ok(false, 'the export flow ran to its end', e.stack);
} finally {
	await browser.close();
}
finish();
