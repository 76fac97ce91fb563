// browser_pdf.mjs: PDFs in Chromium: log in, upload a PDF from the library page (progress, then the item in the list), open it in the reader (its text as the article, the download link and the file in a frame), highlight a passage of the text, and see a file that is not a PDF refused in words (TAP).
//
//   node t/js/browser_pdf.mjs --base URL --user NAME --password PW --key KEY --file PDF --bad FILE --shots DIR --chromium PATH
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ok, is, finish } from './tap.mjs';
import { retried429 } from './page_console.mjs';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), 'node_modules', 'x'));
const { chromium } = require('playwright-core');

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
const base = args.base;

async function gql(query, variables) {
	const res = await fetch(`${base}/api/graphql`, {
		method: 'POST',
		headers: { authorization: args.key, 'content-type': 'application/json' },
		body: JSON.stringify({ query, variables: variables || {} }),
	});
	return (await res.json()).data;
}
const HLQ = `query H($s: String!) { article(username: "me", slug: $s) { ... on ArticleSuccess { article { highlights { quote } } } } }`;

const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox'] });
const problems = [];
const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
const page = await context.newPage();
page.on('console', (m) => {
	if (/Content Security Policy|Refused to/i.test(m.text()) || (m.type() === 'error' && !retried429(m.text())))
		problems.push(`${page.url()}: ${m.text()}`);
});
page.on('pageerror', (e) => problems.push(`JS error on ${page.url()}: ${e.message}`));
const shot = (name) => page.screenshot({ path: path.join(args.shots, `${name}.png`), fullPage: true });

try {
	await page.goto(`${base}/login`);
	await page.fill('#username', args.user);
	await page.fill('#password', args.password);
	await Promise.all([page.waitForURL(`${base}/home`), page.click('button[type=submit]')]);
	ok(await page.isVisible('#upload-form'), 'the library offers "Upload PDF"');

	// a file that is not a PDF: the server refuses it in words, nothing lands in the library
	await page.setInputFiles('#upload-file', args.bad);
	await page.click('#upload-form button[type=submit]');
	await page.waitForFunction(() => /Could not upload/.test(document.getElementById('upload-status')?.textContent), null, { timeout: 30000 });
	ok(/notes\.pdf: the file is not a PDF/.test(await page.textContent('#upload-status')), 'a file that is not a PDF is refused in words',
		await page.textContent('#upload-status'));
	ok(await page.$eval('#upload-status', (e) => e.classList.contains('error')), 'shown as an error');
	ok(await page.isHidden('#upload-progress'), 'the progress bar is put away');
	problems.length = 0; // the refused PUT's 400 is logged by the browser as a failed resource: expected

	await page.setInputFiles('#upload-file', args.file);
	await page.click('#upload-form button[type=submit]');
	await page.waitForFunction(() => /^Uploaded/.test(document.getElementById('upload-status')?.textContent), null, { timeout: 30000 });
	is(await page.textContent('#upload-status'), 'Uploaded Sample Paper.pdf; its text is in your library.', 'the upload is said to be done');
	is(await page.$eval('#upload-progress', (p) => p.value), 100, 'the progress bar reached 100%');
	await page.waitForFunction(() => [...document.querySelectorAll('#items .item-title')].some((a) => a.textContent.includes('Sample Title')));
	ok(true, 'the PDF is in the list under the title its info gives');
	await shot('pdf-library');

	const found = await gql('{ search(query: "pdfword002", first: 5) { ... on SearchSuccess { edges { node { id slug contentReader } } } } }');
	const node = found.search.edges[0] && found.search.edges[0].node;
	ok(node && node.contentReader === 'PDF', 'its text is searchable, and it reads as a PDF', JSON.stringify(found));

	await Promise.all([page.waitForURL((u) => u.pathname !== '/home'),
		page.click('#items .item-title >> text=Sample Title')]);
	await page.waitForFunction(() => document.getElementById('title')?.textContent === 'Sample Title', null, { timeout: 30000 });
	ok(/pdfword002/.test(await page.textContent('#content')), 'the reader shows the text of page 2');
	is(await page.getAttribute('.pdf-download', 'href'), `/api/file/${node.id}?download=1`, 'a download link to the file');
	is(await page.getAttribute('.pdf-frame', 'src'), null, 'the frame waits until it is opened');
	await page.click('.pdf-embed summary');
	await page.waitForFunction(() => document.querySelector('.pdf-frame')?.getAttribute('src') != null);
	is(await page.getAttribute('.pdf-frame', 'src'), `/api/file/${node.id}`, 'opened, it shows the file from this site');
	await page.waitForFunction(() => { try { return !!document.querySelector('.pdf-frame')?.contentWindow; } catch (e) { return false; } });
	// the frame's document, once it is there (a condition; 600 looks at most, where a policy that blocks it would stop)
	for (let i = 0; i < 600 && !page.frames().some((f) => f.url() === `${base}/api/file/${node.id}`); i++) await page.waitForTimeout(100);
	ok(page.frames().some((f) => f.url() === `${base}/api/file/${node.id}`), 'the frame loaded the file (not blocked by a policy)',
		JSON.stringify(page.frames().map((f) => f.url())));
	const res = await page.request.get(`${base}/api/file/${node.id}`);
	is(res.status(), 200, 'the file answers the signed-in reader (session cookie)');
	ok(Buffer.compare(await res.body(), fs.readFileSync(args.file)) === 0, 'with the bytes uploaded');
	await shot('pdf-reader');

	// a highlight on the extracted text (the frame closed again)
	await page.click('.pdf-embed summary');
	await page.waitForFunction(() => document.getElementById('hl-count')?.dataset.ready === '1');
	await page.evaluate(() => {
		const walk = document.createTreeWalker(document.getElementById('content'), NodeFilter.SHOW_TEXT);
		for (let n = walk.nextNode(); n; n = walk.nextNode()) {
			const i = n.data.indexOf('quick brown fox');
			if (i < 0) continue;
			const r = document.createRange();
			r.setStart(n, i);
			r.setEnd(n, i + 'quick brown fox'.length);
			getSelection().removeAllRanges();
			getSelection().addRange(r);
			break;
		}
	});
	await page.waitForSelector('#hl-toolbar:not([hidden])');
	await page.click('#tb-highlight');
	await page.waitForSelector('#content mark.hl', { timeout: 30000 }).catch(async (e) => {
		throw new Error(`no mark: status "${await page.textContent('#action-status')}", selection "${await page.evaluate(() => getSelection().toString())}"`);
	});
	const hs = (await gql(HLQ, { s: node.slug })).article.article.highlights;
	is(hs.map((h) => h.quote), ['quick brown fox'], 'a highlight on the PDF\'s text is stored');
} catch (e) {
	ok(false, 'the flow ran to its end', e.stack || String(e));
	await shot('pdf-failure').catch(() => {});
}
is(problems, [], 'no CSP violation, JavaScript error nor console error on the pages');
await browser.close();
finish();
