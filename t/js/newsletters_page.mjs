// newsletters_page.mjs: /settings/newsletters in Chromium: log in, make an address, see it listed, a newsletter and a confirmation piped in by the test shown among the mails received, delete the address (TAP).
//
//   node t/js/newsletters_page.mjs --base URL --user NAME --password PW --shots DIR --chromium PATH --deliver SCRIPT
// SCRIPT ADDRESS pipes the sample mails to ADDRESS through `larder mail` (the shell test writes it).
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
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
const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
const page = await context.newPage();
page.on('console', (m) => {
	if (/Content Security Policy|Refused to/i.test(m.text()) || (m.type() === 'error' && !retried429(m.text())))
		problems.push(`${page.url()}: ${m.text()}`);
});
page.on('pageerror', (e) => problems.push(`JS error on ${page.url()}: ${e.message}`));
page.on('dialog', (d) => d.accept());
const shot = (name) => page.screenshot({ path: path.join(args.shots, `${name}.png`), fullPage: true });

try {
	await page.goto(`${base}/settings/newsletters`);
	await page.waitForURL((u) => u.pathname === '/login');
	await page.fill('#username', args.user);
	await page.fill('#password', args.password);
	await Promise.all([page.waitForURL(`${base}/settings/newsletters`), page.click('button[type=submit]')]);
	ok(true, 'the page asks for a login and comes back');
	await page.waitForSelector('#no-addresses:not([hidden])');
	ok(true, 'no addresses at first');

	await page.fill('#nl-name', 'Cooking letters');
	await page.selectOption('#nl-folder', 'following');
	await page.click('#create');
	await page.waitForSelector('#addresses tr');
	const address = await page.textContent('#addresses tr .address code');
	ok(new RegExp(`^${args.user}-[a-z0-9]{8}@mail\\.example\\.test$`).test(address), 'an address is made and listed', address);
	ok((await page.textContent('#create-status')).includes(address), 'and shown after it is made');
	is(await page.textContent('#addresses tr .folder'), 'following', 'in the folder chosen');

	execFileSync(args.deliver, [address]);
	await page.reload();
	await page.waitForSelector('#mails tr');
	is(await page.$$eval('#mails .kind', (t) => t.map((c) => c.textContent).sort()),
		['Confirmation: open it to confirm', 'Saved'], 'the newsletter and the confirmation among the mails received');
	is(await page.textContent('#addresses tr .count'), '1', 'the address counts one newsletter');
	await page.click('#mails details summary');
	ok((await page.textContent('#mails details .mail-text')).includes('Please confirm your subscription'),
		'a confirmation opens to its text', await page.textContent('#mails details .mail-text'));
	await shot('newsletters');

	await page.click('#addresses tr .delete');
	await page.waitForSelector('#no-addresses:not([hidden])');
	ok((await page.textContent('#list-status')).startsWith('Deleted '), 'deleting it says so');
} catch (e) {
	ok(false, 'the flow ran to its end', e.stack || String(e));
	await shot('newsletters-failure').catch(() => {});
}
is(problems, [], 'no CSP violation, JavaScript error nor console error on the page');
await browser.close();
finish();
