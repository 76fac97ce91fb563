// testserver.mjs: a small HTTP server for fetcher and end-to-end tests (Node built-ins only), on 127.0.0.1 ports chosen by the OS.
//
//   node t/js/testserver.mjs [--pages DIR] [--max-seconds N]
//
// Prints its port on the first line of standard output once it listens (a second listener, used
// for the cross-port redirect, is on the port printed on the second line), then serves until it
// is killed or N seconds have passed (default 600, so a forgotten server does not linger).
// Routes (query parameters in brackets):
//   /, /plain              UTF-8 HTML page;  /text: text/plain;  /notype: no Content-Type
//   /cs/windows-1252 /cs/shift_jis /cs/utf16bom /cs/meta /cs/default   pages in other encodings
//   /gzip /deflate /br     the plain page, content-encoded;  /gzip-bomb[?mb=N]: N MiB of 'a' gzipped
//   /redirect?to=URL[&code=302]   Location: URL as given (may be relative)
//   /chain/N[?code=301]    N redirects, then the plain page;  /loop: redirects to itself
//   /rel/a/b               Location: ../../plain?from=rel (a relative reference)
//   /other-port            redirects to the plain page on the second listener
//   /no-location           302 without a Location
//   /slow[?ms=200&n=100]   headers, then one byte every ms milliseconds, n times;  /stall: headers, then nothing
//   /drip[?ms=1000&n=5&kb=1&gate=NAME]   an article (title "Drip"), kb KiB of words every ms milliseconds, n times;
//                          with gate=NAME the last piece and the end wait until /open?gate=NAME (a test's condition, not a
//                          time), 320 bytes a tick meanwhile (the fetcher cuts a transfer under 256 bytes/s for 10 s)
//   /open?gate=NAME        opens the gate NAME (the drips held at it end), answers 204
//   /huge[?mb=12&chunked=1]   mb MiB of HTML, with Content-Length unless chunked=1
//   /type/pdf /type/png    other content types;  /status/NNN: that status (429 adds Retry-After)
//   /big-headers           70 KB of response headers;  /early-hints[?n=1]: n 103 responses (1 KB each), then the page
//   /cookie                sets a cookie and redirects to /cookie-check (200 with it, 403 without)
//   /headers               the request's headers as JSON (text/plain);  /count: requests served so far
//   /article/NAME          the file NAME from --pages DIR (.html as text/html, .txt as text/plain)
//   /pdf/NAME              the sample NAME of t/data/pdf as application/pdf (the PDF tests' saveUrl)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const args = process.argv.slice(2);
let pagesDir = null;
let maxSeconds = 600;
for (let i = 0; i < args.length; i++) {
	if (args[i] === '--pages') pagesDir = args[++i];
	else if (args[i] === '--max-seconds') maxSeconds = Number(args[++i]);
	else {
		process.stderr.write(`testserver: unknown argument ${args[i]}\n`);
		process.exit(2);
	}
}

const PLAIN = '<!DOCTYPE html><html><head><title>Plain page</title></head>' +
	'<body><p>Hello, world: naïve café ✓</p></body></html>';
const bin = (...parts) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const PAGES = {
	// "café “quoted” €" in windows-1252, declared in the header
	'windows-1252': ['text/html; charset=windows-1252', bin('<html><body><p>caf', [0xe9], ' ', [0x93], 'quoted', [0x94], ' ', [0x80], '</p></body></html>')],
	// "日本語" in Shift_JIS, declared in the header
	shift_jis: ['text/html; charset=Shift_JIS', bin('<html><body><p>', [0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea], '</p></body></html>')],
	// UTF-16LE with a byte order mark and no charset anywhere
	utf16bom: ['text/html', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<html><body><p>héllo ☃</p></body></html>', 'utf16le')])],
	// "Привет" in windows-1251, declared only by <meta charset>
	meta: ['text/html', bin('<html><head><meta charset="windows-1251"></head><body><p>', [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2], '</p></body></html>')],
	// no declaration at all: the windows-1252 default ("é")
	default: ['text/html', bin('<html><body><p>', [0xe9], '</p></body></html>')],
};

let served = 0;
let port2 = 0;

function send(res, status, type, body, extra = {}) {
	const headers = { ...extra };
	if (type) headers['Content-Type'] = type;
	if (body !== null && body !== undefined) headers['Content-Length'] = Buffer.byteLength(body);
	res.writeHead(status, headers);
	res.end(body);
}

function redirect(res, code, to) {
	res.writeHead(code, { Location: to, 'Content-Type': 'text/html', 'Content-Length': 28 });
	res.end('<a href="elsewhere">moved</a>');
}

// write `total` bytes of HTML in 64 KiB pieces, honouring back-pressure; stop when the client leaves
function stream(res, total) {
	const chunk = Buffer.alloc(65536, 'a');
	let left = total;
	let closed = false;
	res.on('close', () => { closed = true; });
	const pump = () => {
		while (!closed && left > 0) {
			const n = Math.min(left, chunk.length);
			left -= n;
			if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
				res.once('drain', pump);
				return;
			}
		}
		if (!closed) res.end();
	};
	res.write('<html><body>');
	pump();
}

const bombs = new Map();
// the gates /open has opened, by name
const openGates = new Set();

function handle(req, res, selfPort) {
	const u = new URL(req.url, `http://127.0.0.1:${selfPort}`);
	const p = u.pathname;
	const q = u.searchParams;
	if (p !== '/count') served++;
	let m;
	if (p === '/' || p === '/plain') return send(res, 200, 'text/html; charset=utf-8', PLAIN);
	if (p === '/text') return send(res, 200, 'text/plain; charset=utf-8', 'just text, no markup\n');
	if (p === '/notype') return send(res, 200, null, '<p>untyped</p>');
	if ((m = p.match(/^\/cs\/([\w-]+)$/)) && PAGES[m[1]]) return send(res, 200, PAGES[m[1]][0], PAGES[m[1]][1]);
	if (p === '/gzip') return send(res, 200, 'text/html; charset=utf-8', zlib.gzipSync(PLAIN), { 'Content-Encoding': 'gzip' });
	if (p === '/deflate') return send(res, 200, 'text/html; charset=utf-8', zlib.deflateSync(PLAIN), { 'Content-Encoding': 'deflate' });
	if (p === '/br') return send(res, 200, 'text/html; charset=utf-8', zlib.brotliCompressSync(PLAIN), { 'Content-Encoding': 'br' });
	if (p === '/gzip-bomb') {
		const mb = Math.min(Number(q.get('mb') || 20), 256);
		if (!bombs.has(mb)) bombs.set(mb, zlib.gzipSync(Buffer.alloc(mb * 1048576, 'a'), { level: 9 }));
		return send(res, 200, 'text/html', bombs.get(mb), { 'Content-Encoding': 'gzip' });
	}
	if (p === '/redirect') return redirect(res, Number(q.get('code') || 302), q.get('to') || '/plain');
	if ((m = p.match(/^\/chain\/(\d+)$/))) {
		const n = Number(m[1]);
		const code = Number(q.get('code') || 301);
		if (n <= 0) return send(res, 200, 'text/html; charset=utf-8', PLAIN);
		return redirect(res, code, `/chain/${n - 1}?code=${code}`);
	}
	if (p === '/loop') return redirect(res, 302, '/loop');
	if (p === '/rel/a/b') return redirect(res, 302, '../../plain?from=rel');
	if (p === '/other-port') return redirect(res, 302, `http://127.0.0.1:${port2}/plain`);
	if (p === '/no-location') return send(res, 302, 'text/html', '<p>no location</p>');
	if (p === '/slow' || p === '/stall') {
		const ms = Number(q.get('ms') || 200);
		let n = Number(q.get('n') || 100);
		res.writeHead(200, { 'Content-Type': 'text/html' });
		res.write('<html>');
		if (p === '/stall') return undefined;
		const t = setInterval(() => {
			if (n-- <= 0) {
				clearInterval(t);
				res.end('</html>');
			} else {
				res.write('.');
			}
		}, ms);
		res.on('close', () => clearInterval(t));
		return undefined;
	}
	if (p === '/open') {
		openGates.add(q.get('gate') || '');
		return send(res, 204, null, null);
	}
	if (p === '/drip') {
		const ms = Number(q.get('ms') || 1000);
		let n = Number(q.get('n') || 5);
		const g = q.get('gate');
		const piece = 'drip '.repeat(Math.max(1, Math.round(Number(q.get('kb') || 1) * 1024 / 5)));
		res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
		res.write('<!DOCTYPE html><html><head><title>Drip</title></head><body><article><h1>Drip</h1><p>');
		const tick = () => {
			if (n === 1 && g !== null && !openGates.has(g)) { // the last piece waits at the gate, a few words a tick keeping the transfer alive
				res.write('held '.repeat(64));
				return;
			}
			if (n-- <= 0) {
				clearInterval(t);
				res.end('</p><p>The last words of a page that arrived slowly.</p></article></body></html>');
			} else {
				res.write(piece);
			}
		};
		const t = setInterval(tick, ms);
		res.on('close', () => clearInterval(t));
		return undefined;
	}
	if (p === '/huge') {
		const total = Math.min(Number(q.get('mb') || 12), 512) * 1048576;
		const headers = { 'Content-Type': 'text/html' };
		if (q.get('chunked') !== '1') headers['Content-Length'] = total + '<html><body>'.length;
		res.writeHead(200, headers);
		return stream(res, total);
	}
	if (p === '/type/pdf') return send(res, 200, 'application/pdf', '%PDF-1.4\n%\xe2\xe3\n');
	if (p === '/type/png') return send(res, 200, 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
	if ((m = p.match(/^\/status\/(\d{3})$/))) {
		const code = Number(m[1]);
		const extra = code === 429 ? { 'Retry-After': '1' } : {};
		return send(res, code, 'text/html', `<p>status ${code}</p>`, extra);
	}
	if (p === '/big-headers') {
		const h = { 'Content-Type': 'text/html' };
		for (let i = 0; i < 70; i++) h[`X-Filler-${i}`] = 'x'.repeat(1000);
		return send(res, 200, null, '<p>big headers</p>', h);
	}
	if (p === '/early-hints') {
		const n = Math.min(Number(q.get('n') || 1), 1000);
		for (let i = 0; i < n; i++) res.writeEarlyHints({ link: `</style${i}.css>; rel=preload; as=style; x=${'y'.repeat(1000)}` });
		return send(res, 200, 'text/html; charset=utf-8', PLAIN);
	}
	if (p === '/cookie') {
		res.writeHead(302, { 'Set-Cookie': 'larder_test=1; Path=/', Location: '/cookie-check' });
		return res.end();
	}
	if (p === '/cookie-check') {
		const ok = /(^|;\s*)larder_test=1(;|$)/.test(req.headers.cookie || '');
		return send(res, ok ? 200 : 403, 'text/html', ok ? '<p>cookie seen</p>' : '<p>no cookie</p>');
	}
	if (p === '/headers') return send(res, 200, 'text/plain', JSON.stringify(req.headers));
	if (p === '/count') return send(res, 200, 'text/plain', String(served));
	if ((m = p.match(/^\/article\/([A-Za-z0-9_-][A-Za-z0-9._-]*)$/)) && pagesDir) {
		const file = path.join(pagesDir, m[1]);
		let data;
		try {
			data = fs.readFileSync(file);
		} catch {
			return send(res, 404, 'text/html', '<p>no such article</p>');
		}
		const type = m[1].endsWith('.html') || m[1].endsWith('.htm') ? 'text/html'
			: m[1].endsWith('.txt') ? 'text/plain' : 'application/octet-stream';
		/* ?cl=VALUE: answered as the Content-Language header */
		return send(res, 200, type, data, q.get('cl') ? { 'Content-Language': q.get('cl') } : {});
	}
	if ((m = p.match(/^\/pdf\/([A-Za-z0-9_-][A-Za-z0-9._-]*)$/))) {
		const file = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'data', 'pdf', m[1]);
		let data;
		try {
			data = fs.readFileSync(file);
		} catch {
			return send(res, 404, 'text/html', '<p>no such PDF</p>');
		}
		return send(res, 200, 'application/pdf', data);
	}
	return send(res, 404, 'text/html', '<p>not found</p>');
}

function listen() {
	return new Promise((resolve, reject) => {
		let self = 0;
		const s = http.createServer((req, res) => handle(req, res, self));
		s.on('error', reject);
		s.listen(0, '127.0.0.1', () => {
			self = s.address().port;
			resolve(self);
		});
	});
}

const port = await listen();
port2 = await listen();
process.stdout.write(`${port}\n${port2}\n`);
setTimeout(() => process.exit(0), maxSeconds * 1000).unref();
// keep running while the listeners are open; exit quietly on SIGTERM/SIGINT
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => process.exit(0));
