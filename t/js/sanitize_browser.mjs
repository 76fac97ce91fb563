// sanitize_browser.mjs: renders sanitized and raw XSS payloads in Chromium and detects execution, beacons, armed URLs and clobbering (TAP).
//
// For each payload of t/data/xss/payloads.txt (BEACON replaced by this process's loopback listener):
// `larder sanitize` -> rendered (a) with page.setContent inside an HTML shell and (b) through
// element.innerHTML. Execution is seen through alert/confirm/prompt/print and window.__xss hooks
// (reported on the console from every frame), dialogs, requests to the beacon (counted by the
// listener and by page.on('request')) and DOM clobbering of __clob* names. The DOM left behind is
// also inspected for "armed" content: on* attributes, srcdoc, and javascript:/vbscript:/non-image
// data: URLs, as the browser's own URL parser reads them. The raw payloads go through the same
// detector, which must catch many of them (the detector works); then a benign article is
// rendered and its elements checked, and a screenshot saved.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ok, note, finish } from './tap.mjs';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), 'node_modules', 'x'));
const { chromium } = require('playwright-core');

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];


// ---- the payloads (\xHH escapes decoded)
const payloads = readFileSync(args.payloads, 'latin1').split('\n')
	.map((l) => l.replace(/\r$/, ''))
	.filter((l) => l && !l.startsWith('#'))
	.map((l) => Buffer.from(l, 'latin1').toString('utf8').replace(/\\x([0-9A-Fa-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))));

// ---- the loopback listener: beacons, the benign article's image, 404 for the rest
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const beaconHits = new Map();   // payload index -> count
const server = http.createServer((req, res) => {
	const m = /^\/xss\/(\d+)/.exec(req.url);
	if (m) beaconHits.set(+m[1], (beaconHits.get(+m[1]) || 0) + 1);
	if (req.url === '/assets/pixel.png') {
		res.writeHead(200, { 'content-type': 'image/png' });
		return res.end(PNG);
	}
	res.writeHead(404, { 'content-type': 'text/plain' });
	res.end('not found');
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const port = server.address().port;
const origin = `http://127.0.0.1:${port}`;
const beacon = (i) => `${origin}/xss/${i}`;

function sanitize(html) {
	const r = spawnSync(args.larder, ['sanitize'], { input: Buffer.from(html, 'utf8'), maxBuffer: 64 << 20 });
	if (r.status !== 0) throw new Error(`larder sanitize exited ${r.status}: ${r.stderr}`);
	return r.stdout.toString('utf8');
}

// ---- the browser
const browser = await chromium.launch({
	executablePath: args.chromium,
	args: ['--no-sandbox', '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'],
});
const context = await browser.newContext({ viewport: { width: 900, height: 1400 } });
await context.addInitScript(() => {
	const hit = (how) => { try { console.log('XSS-HIT ' + how); } catch (e) { /* ignore */ } };
	for (const f of ['alert', 'confirm', 'prompt', 'print']) {
		try { window[f] = () => hit(f); } catch (e) { /* ignore */ }
	}
	window.__xss = () => hit('__xss');
});
// nothing leaves the machine: requests to anything but our listener are recorded and aborted
const foreign = [];
await context.route('**/*', (route) => {
	const u = route.request().url();
	if (u.startsWith(origin + '/')) return route.continue();
	foreign.push(u);
	return route.abort();
});

const SHELL = (body) => `<!DOCTYPE html><html><head><meta charset="utf-8"><title>reader</title></head>` +
	`<body><main id="reader">${body}</main></body></html>`;
const CLOBBER = Array.from({ length: 14 }, (_, i) => `__clob${i}`).concat(['__clobsubmit']);

async function newPage() {
	const page = await context.newPage();
	const st = { hits: [], requests: [], inflight: 0, idle: null };
	page.on('console', (m) => { if (m.text().startsWith('XSS-HIT')) st.hits.push(m.text()); });
	// each request: counted in flight for settle() (it ends finished, the listener having counted a beacon, or
	// failed) and recorded when it aims at the beacon or a script URL
	page.on('request', (r) => {
		st.inflight++;
		if (r.url().includes('/xss/') || /^(javascript|vbscript):/i.test(r.url())) st.requests.push(r.url());
	});
	const ended = () => {
		st.inflight = Math.max(0, st.inflight - 1);
		if (st.inflight === 0 && st.idle) { const f = st.idle; st.idle = null; f(); }
	};
	page.on('requestfinished', ended);
	page.on('requestfailed', ended);
	page.on('dialog', (d) => { st.hits.push('dialog ' + d.type()); d.dismiss().catch(() => {}); });
	page.on('pageerror', () => {});
	await page.goto(origin + '/shell').catch(() => {});
	return { page, st };
}

// what the DOM holds after rendering: clobbered names and armed attributes
async function inspect(page) {
	return page.evaluate((names) => {
		const clobbered = names.filter((k) => k in window || k in document);
		if (typeof document.getElementById !== 'function') clobbered.push('document.getElementById');
		const armed = [];
		const root = document.getElementById('reader') || document.documentElement;
		for (const el of root.querySelectorAll('*')) {
			for (const a of el.attributes) {
				const name = a.name.toLowerCase();
				if (name.startsWith('on') || name === 'srcdoc' || name === 'style' || name === 'formaction') {
					armed.push(`${el.localName}[${name}]`);
					continue;
				}
				if (!/(^|:)(href|src|action|data|poster|background|cite|srcset)$/.test(name)) continue;
				const v = a.value.trim();
				const first = name === 'srcset' ? v.split(/\s+/)[0] : v;
				let proto = '';
				try { proto = new URL(first, location.href).protocol; } catch (e) { continue; }
				if (proto === 'javascript:' || proto === 'vbscript:' ||
				    (proto === 'data:' && !/^data:image\/(png|jpeg|jpg|gif|webp)[;,]/i.test(first)))
					armed.push(`${el.localName}[${name}=${v.slice(0, 40)}]`);
			}
			if (el.namespaceURI !== 'http://www.w3.org/1999/xhtml') armed.push(`foreign ${el.localName}`);
			if (['script', 'style', 'iframe', 'object', 'embed', 'link', 'meta', 'base', 'form'].includes(el.localName))
				armed.push(`element ${el.localName}`);
		}
		return { clobbered, armed };
	}, CLOBBER);
}

// a rendering is over when no request of the page is in flight and its event loop has run what the parse and
// the load queued: a task after two rendering steps (error and load events, toggle, autofocus, animation starts
// come before it). Conditions, not a fixed time: a busy machine makes the wait longer, never the detector blind.
// SETTLE_CAP only keeps a request that never ends from hanging the run; it is counted (stuck) and reported.
const SETTLE_CAP = 10000;
let stuck = 0;
async function settle(page, st) {
	const cap = Date.now() + SETTLE_CAP;
	for (;;) {
		if (st.inflight > 0) {
			let t;
			const capped = await Promise.race([new Promise((r) => { st.idle = () => r(false); }),
				new Promise((r) => { t = setTimeout(() => r(true), Math.max(0, cap - Date.now())); })]);
			clearTimeout(t);
			st.idle = null;
			if (capped) { stuck++; return; }
		}
		try {
			await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0)))));
		} catch (e) { return; } // the payload navigated away: the detector looks at what is there
		if (st.inflight === 0) return;
		if (Date.now() > cap) { stuck++; return; }
	}
}

async function render(slot, html, mode) {
	const { page, st } = slot;
	st.hits = [];
	st.requests = [];
	try {
		if (mode === 'page') {
			await page.setContent(SHELL(html), { waitUntil: 'load', timeout: 4000 });
		} else {
			await page.setContent(SHELL(''), { waitUntil: 'load', timeout: 4000 });
			await page.evaluate((h) => { document.getElementById('reader').innerHTML = h; }, html);
		}
	} catch (e) { /* navigation by the payload, timeouts: the detector still looks */ }
	await settle(page, st);
	let dom = { clobbered: [], armed: [] };
	try { dom = await inspect(page); } catch (e) { /* navigated away */ }
	return { hits: [...st.hits], requests: [...st.requests], ...dom };
}

// run all payloads through `prepare` and render them in both modes on a few pages in parallel
async function runAll(prepare) {
	const results = [];
	const slots = await Promise.all([0, 1, 2].map(() => newPage()));
	let next = 0;
	await Promise.all(slots.map(async (slot) => {
		while (next < payloads.length) {
			const i = next++;
			const html = prepare(payloads[i].replaceAll('BEACON', beacon(i)), i);
			const before = beaconHits.get(i) || 0;
			const page = await render(slot, html, 'page');
			const inner = await render(slot, html, 'inner');
			results[i] = { html, page, inner, beacons: (beaconHits.get(i) || 0) - before };
		}
	}));
	for (const s of slots) await s.page.close();
	return results;
}

const executed = (r) => r.hits.length > 0 || r.requests.length > 0 || r.clobbered.length > 0;
const show = (i, r, which) => `#${i} ${JSON.stringify(payloads[i]).slice(0, 120)} -> ${JSON.stringify(r.html).slice(0, 160)}` +
	` [${which}: hits=${r[which].hits} req=${r[which].requests} clob=${r[which].clobbered} armed=${r[which].armed}]`;

console.log(`# ${payloads.length} payloads, listener on ${origin}`);

// ---- 1. sanitized
const t0 = Date.now();
const san = await runAll((p) => sanitize(p));
const bad = { page: [], inner: [], beacon: [], armed: [] };
san.forEach((r, i) => {
	if (executed(r.page)) bad.page.push(show(i, r, 'page'));
	if (executed(r.inner)) bad.inner.push(show(i, r, 'inner'));
	if (r.beacons > 0) bad.beacon.push(`#${i} ${r.beacons} hits`);
	if (r.page.armed.length || r.inner.armed.length) bad.armed.push(show(i, r, r.page.armed.length ? 'page' : 'inner'));
});
ok(san.length === payloads.length && payloads.length >= 150, `${payloads.length} payloads sanitized and rendered`);
ok(bad.page.length === 0, 'no sanitized payload runs script, fetches a beacon or clobbers the DOM as a page', bad.page.join('\n'));
ok(bad.inner.length === 0, 'none does through innerHTML', bad.inner.join('\n'));
ok(bad.beacon.length === 0, 'the beacon listener got no request from sanitized payloads', bad.beacon.join('\n'));
ok(bad.armed.length === 0, 'no handler, srcdoc, style or javascript:/data: URL is left in the rendered DOM', bad.armed.join('\n'));
note(`sanitized run: ${((Date.now() - t0) / 1000).toFixed(1)} s for ${payloads.length * 2} renderings`);
ok(stuck === 0, `every sanitized rendering settled: no request left in flight (${stuck} renderings stopped at the cap)`);
stuck = 0;

// ---- 2. the same detector on the raw payloads: it must see many of them run
const raw = await runAll((p) => p);
const rawPage = raw.filter((r) => executed(r.page) || r.beacons > 0).length;
const rawInner = raw.filter((r) => executed(r.inner)).length;
const rawAny = raw.filter((r) => executed(r.page) || executed(r.inner) || r.beacons > 0).length;
const rawArmed = raw.filter((r) => r.page.armed.length || r.inner.armed.length).length;
note(`unsanitized: ${stuck} renderings stopped at the cap with a request in flight`);
note(`unsanitized: ${rawPage} run as a page, ${rawInner} through innerHTML, ${rawAny} either way, ` +
	`${rawArmed} leave armed markup, of ${payloads.length}`);
ok(rawAny >= Math.floor(payloads.length * 0.4), `the detector catches at least 40% of the raw payloads running (${rawAny}/${payloads.length})`);
ok(rawInner >= 30, `raw payloads run through innerHTML too (${rawInner})`);
ok(rawArmed >= Math.floor(payloads.length * 0.6), `raw payloads leave armed markup the DOM check sees (${rawArmed})`);

// ---- 3. the benign article survives and renders
const benignRaw = readFileSync(args.benign, 'utf8').replaceAll('ASSETS', `${origin}/assets`);
const benign = sanitize(benignRaw);
const { page } = await newPage();
await page.setContent(SHELL(benign), { waitUntil: 'load' });
const b = await page.evaluate(() => {
	const q = (s) => document.querySelector(s);
	const img = q('figure img');
	return {
		h1: q('h1')?.textContent, h2: [...document.querySelectorAll('h2')].map((e) => e.textContent),
		em: q('p em')?.textContent, strong: q('p strong')?.textContent, code: q('p code')?.textContent,
		link: q('a[title="Example"]')?.href, rel: q('a[title="Example"]')?.rel, abbr: q('abbr')?.title,
		sub: q('sub')?.textContent, sup: q('sup')?.textContent,
		lis: [...document.querySelectorAll('li')].map((e) => e.firstChild.textContent),
		olStart: q('ol')?.start, cells: [...document.querySelectorAll('td, th')].map((e) => e.textContent),
		colspan: q('td[colspan]')?.colSpan, img: img && { w: img.naturalWidth, alt: img.alt, width: img.width, src: img.src },
		caption: q('figcaption')?.textContent, quote: q('blockquote')?.textContent.trim(), cite: q('blockquote')?.cite,
		pre: q('pre code')?.textContent, details: q('details')?.open, summary: q('summary')?.textContent,
		dt: q('dt')?.textContent, dd: q('dd')?.textContent, top: q('a[href^="#"]')?.getAttribute('href'),
		topId: q('h1')?.id, br: !!q('p br'), hr: !!q('hr'), time: q('time')?.dateTime,
		title: document.title, meta: !!q('main meta'),
	};
});
ok(b.h1 === 'A benign article' && b.h2.join('|') === 'Lists|Table', 'headings kept', JSON.stringify(b));
ok(b.em === 'emphasis' && b.strong === 'strong words' && b.code === 'inline_code()' && b.sub === '2' && b.sup === '2',
	'inline semantics kept', JSON.stringify(b));
ok(b.link === 'https://example.org/page?a=1&b=2' && b.rel === 'noopener noreferrer nofollow' && b.abbr.startsWith('HyperText'),
	'link with its href, title and rel; abbr title', JSON.stringify(b));
ok(b.lis.join('|') === 'first item|second item|nested three|nested four' && b.olStart === 3, 'nested lists and ol start kept',
	JSON.stringify(b.lis));
ok(b.cells.join('|') === 'Name|Value|alpha|1|spanning cell' && b.colspan === 2, 'table cells and colspan kept',
	JSON.stringify(b.cells));
ok(b.img && b.img.w === 1 && b.img.alt === 'a red pixel' && b.img.width === 120 && b.caption === 'A figure caption',
	'figure image loaded from the listener with alt and width; caption kept', JSON.stringify(b.img));
ok(b.quote === 'A quotation.' && b.cite === 'https://example.org/quote', 'blockquote and cite kept');
ok(b.pre === 'for (int i = 0; i < 3; i++)\n    puts("x");', 'code block text intact', JSON.stringify(b.pre));
ok(b.details === true && b.summary === 'More' && b.dt === 'Term' && b.dd === 'Definition', 'details and dl kept');
ok(b.top === '#user-content-top' && b.topId === 'user-content-top', 'in-page link and id prefixed together',
	`${b.top} ${b.topId}`);
ok(b.br && b.hr && b.time === '2024-05-01', 'br, hr, time datetime kept');
ok(b.title === 'reader' && !b.meta, 'the article\'s <title> and <meta> did not come along');
await page.screenshot({ path: args.screenshot, fullPage: true });
ok(readFileSync(args.screenshot).length > 1000, `screenshot saved to ${args.screenshot}`);
await page.close();

note(`${foreign.length} requests for other hosts were aborted before leaving the machine` +
	(foreign.length ? ` (e.g. ${[...new Set(foreign)].slice(0, 3).join(' ')})` : ''));
await browser.close();
server.close();
finish();
