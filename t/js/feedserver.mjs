// feedserver.mjs: a local feed server for the feed tests and bench/feeds-bench (Node built-ins only), on a 127.0.0.1 port chosen by the OS.
//
//   node t/js/feedserver.mjs [--max-seconds N]
//
// Prints its port on the first line of standard output once it listens, then serves until killed or N
// seconds have passed (default 600). Routes:
//   /feed.xml              an RSS 2.0 feed: two items with content:encoded (a script and a javascript: link in
//                          it), one linking to /post/3
//   /atom/N.xml            Atom feed number N (1,000 of them for the benchmark), one entry each
//   /page.html             an HTML page announcing /feed.xml with <link rel=alternate>
//   /post/N                an HTML article (the page a fetch job reads)
//   /bomb.xml?n=N          an RSS 2.0 feed whose one item carries N attributes (an attribute bomb)
//   /hostile.xml           an RSS 2.0 feed whose channel image is a javascript: URL and whose two full-content
//                          items carry a data: and an https media:thumbnail
//   /huge.xml              an RSS feed whose title and one item's title are 4 MB each (stored text is cut)
//   /add                   adds a fourth item to /feed.xml (its ETag changes)
//   /page/N.html           an HTML page announcing /atom/N.xml
//   /real/NAME             t/data/real/feeds/NAME as it is, with the Content-Type its NAME.expect names on its
//                          "type:" line (none: no Content-Type header), for t/real_feeds.sh
//   /stats                 JSON: {"ok": 200s served for feeds, "notModified": 304s served}
//   /connections           the TCP connections accepted so far, those that asked for /connections not counted
//   /hold/N                an HTML article answered only once /release is asked for (until then it waits)
//   /held                  how many /hold requests arrived so far;  /release: answers every held one, and later
//                          ones at once
//   /order                 the paths of the /atom/, /post/ and /hold/ requests in the order they arrived, a line
//                          each (the first 10,000), for tests that check who was served first
// Feeds carry an ETag and a Last-Modified date and answer 304 when If-None-Match matches.
import fs from 'node:fs';
import http from 'node:http';

const args = process.argv.slice(2);
let maxSeconds = 600;
for (let i = 0; i < args.length; i++) {
	if (args[i] === '--max-seconds') maxSeconds = Number(args[++i]);
	else {
		process.stderr.write(`feedserver: unknown argument ${args[i]}\n`);
		process.exit(2);
	}
}

let port = 0, extra = false;
const stats = { ok: 0, notModified: 0 };
let connections = 0, holdArrived = 0, released = false;
const held = [];
const order = [];
const modified = 'Tue, 24 Nov 2026 10:00:00 GMT';

function item(n, full) {
	const body = full ? `<content:encoded><![CDATA[<p>The full text of post ${n}, kept from the feed.</p>` +
		`<script>alert(${n})</script><p><a href="javascript:alert(1)" onclick="x()">a link</a></p>]]></content:encoded>` : '';
	return `<item><title>Post ${n}</title><link>http://127.0.0.1:${port}/post/${n}</link>` +
		`<guid isPermaLink="false">feedserver-post-${n}</guid><pubDate>Mon, ${10 + n} Nov 2026 08:00:00 GMT</pubDate>` +
		`<description>Summary ${n}</description>${body}</item>`;
}

function rss() {
	return '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">' +
		`<channel><title>Local Feed</title><link>http://127.0.0.1:${port}/</link><description>for tests</description>` +
		item(1, true) + item(2, true) + item(3, false) + (extra ? item(4, true) : '') + '</channel></rss>';
}

function bomb(n) {
	const attrs = [];
	for (let i = 0; i < n; i++) attrs.push(` a${i}="x"`);
	return `<rss version="2.0"><channel><title>Bomb</title><item${attrs.join('')}><title>B</title>` +
		`<link>http://127.0.0.1:${port}/post/9</link></item></channel></rss>`;
}

function hostile() {
	const entry = (n, thumb) => `<item><title>Hostile ${n}</title><link>http://127.0.0.1:${port}/hostile/${n}</link>` +
		`<guid>hostile-${n}</guid><media:thumbnail url="${thumb}"/>` +
		`<content:encoded><![CDATA[<p>Hostile post ${n}, kept from the feed.</p>]]></content:encoded></item>`;
	return '<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" ' +
		'xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Hostile</title>' +
		`<link>http://127.0.0.1:${port}/</link><image><url>javascript:alert(document.cookie)</url></image>` +
		entry(1, 'data:image/svg+xml;base64,PHN2Zy8+') + entry(2, 'https://img.example/ok.png') + '</channel></rss>';
}

function atom(n) {
	return '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">' +
		`<title>Feed ${n}</title><id>urn:feed:${n}</id><updated>2026-11-20T10:00:00Z</updated>` +
		`<entry><title>Entry of ${n}</title><id>urn:feed:${n}:1</id><link href="http://127.0.0.1:${port}/post/${n}"/>` +
		`<updated>2026-11-20T10:00:00Z</updated><content type="html">&lt;p&gt;Entry ${n}&lt;/p&gt;</content></entry></feed>`;
}

// sends a feed with validators, or 304 when the client's ETag is current
function feed(req, res, body, type, tag) {
	const etag = `"${tag}"`;
	if (req.headers['if-none-match'] === etag) {
		stats.notModified++;
		res.writeHead(304, { ETag: etag, 'Last-Modified': modified });
		res.end();
		return;
	}
	stats.ok++;
	res.writeHead(200, { 'Content-Type': type, ETag: etag, 'Last-Modified': modified });
	res.end(body);
}

const server = http.createServer((req, res) => {
	const url = new URL(req.url, 'http://127.0.0.1');
	const p = url.pathname;
	let m;
	if (/^\/(atom|post|hold)\//.test(p) && order.length < 10000) order.push(p);
	if (p === '/order') { res.writeHead(200, { 'Content-Type': 'text/plain' }); return res.end(order.map((x) => `${x}\n`).join('')); }
	if (p === '/feed.xml') return feed(req, res, rss(), 'application/rss+xml; charset=utf-8', extra ? 'v2' : 'v1');
	if (p === '/bomb.xml') return feed(req, res, bomb(Number(url.searchParams.get('n') || 0)), 'application/rss+xml', 'b');
	if (p === '/hostile.xml') return feed(req, res, hostile(), 'application/rss+xml', 'h');
	if ((m = /^\/atom\/(\d+)\.xml$/.exec(p))) return feed(req, res, atom(m[1]), 'application/atom+xml', `a${m[1]}`);
	if (p === '/page.html') {
		res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
		return res.end('<!doctype html><html><head><title>Local blog</title>' +
			'<link rel="alternate" type="application/rss+xml" title="Local Feed" href="/feed.xml"></head><body><p>Hello</p></body></html>');
	}
	if ((m = /^\/post\/(\d+)$/.exec(p))) {
		res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
		return res.end(`<!doctype html><html><head><title>Post ${m[1]}</title></head><body><article><h1>Post ${m[1]}</h1>` +
			`<p>${'This is the fetched page of a post that came without its content in the feed. '.repeat(12)}</p></article></body></html>`);
	}
	if (p === '/huge.xml') {
		const big = 'h'.repeat(4 * 1024 * 1024 - 16);
		return feed(req, res, '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">' +
			`<channel><title>${big}</title><link>http://127.0.0.1:${port}/</link>` +
			`<item><title>${big}</title><link>http://127.0.0.1:${port}/post/9</link><guid isPermaLink="false">huge-1</guid>` +
			'<content:encoded><![CDATA[<p>A post whose title is long.</p>]]></content:encoded></item></channel></rss>',
		'application/rss+xml; charset=utf-8', 'h1');
	}
	if ((m = /^\/page\/(\d+)\.html$/.exec(p))) {
		res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
		return res.end(`<!doctype html><html><head><title>Blog ${m[1]}</title>` +
			`<link rel="alternate" type="application/atom+xml" title="Feed ${m[1]}" href="/atom/${m[1]}.xml"></head><body></body></html>`);
	}
	if ((m = /^\/hold\/(\d+)$/.exec(p))) {
		holdArrived++;
		const answer = () => {
			res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
			res.end(`<!doctype html><html><head><title>Held ${m[1]}</title></head><body><article><h1>Held ${m[1]}</h1>` +
				`<p>${'A page that waited for the test to let it go, long enough to be read as an article. '.repeat(8)}</p></article></body></html>`);
		};
		if (released) return answer();
		held.push(answer);
		return;
	}
	if (p === '/held') { res.writeHead(200, { 'Content-Type': 'text/plain' }); return res.end(`${holdArrived}\n`); }
	if (p === '/release') {
		released = true;
		held.splice(0).forEach((f) => f());
		res.writeHead(200);
		return res.end('ok\n');
	}
	if ((m = /^\/real\/([A-Za-z0-9_.-]+)$/.exec(p)) && !m[1].startsWith('.')) {
		const dir = new URL('../data/real/feeds/', import.meta.url);
		let body, expect = '';
		try {
			body = fs.readFileSync(new URL(m[1], dir));
			expect = fs.readFileSync(new URL(`${m[1]}.expect`, dir), 'utf8');
		} catch {
			res.writeHead(404);
			return res.end();
		}
		const t = /^type: *(.*)$/m.exec(expect);
		stats.ok++;
		res.writeHead(200, t && t[1] ? { 'Content-Type': t[1] } : {});
		return res.end(body);
	}
	if (p === '/add') { extra = true; res.writeHead(200); return res.end('ok\n'); }
	if (p === '/connections') {
		if (!req.socket.uncounted) { req.socket.uncounted = true; connections--; }
		res.writeHead(200, { 'Content-Type': 'text/plain' });
		return res.end(`${connections}\n`);
	}
	if (p === '/stats') { res.writeHead(200, { 'Content-Type': 'application/json' }); return res.end(JSON.stringify(stats) + '\n'); }
	res.writeHead(404);
	res.end('not found\n');
});
server.on('connection', () => { connections++; });
server.keepAliveTimeout = 1000;
server.listen(0, '127.0.0.1', () => {
	port = server.address().port;
	process.stdout.write(`${port}\n`);
});
setTimeout(() => process.exit(0), maxSeconds * 1000).unref();
