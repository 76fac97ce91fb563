// multinode.mjs: the page server of contrib/reliability/multinode: serves one article at any path ending in /article/NAME.html and counts the requests per URL, so the check can tell a job fetched twice.
// Usage: node multinode.mjs PAGES_DIR MAX_SECONDS   (prints its port; GET /counts answers {"/path?query": n, …})
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const [pagesDir, maxArg] = process.argv.slice(2);
if (!pagesDir) {
	console.error('usage: node multinode.mjs PAGES_DIR MAX_SECONDS');
	process.exit(2);
}
const counts = new Map();
const server = http.createServer((req, res) => {
	if (req.url === '/counts') {
		res.writeHead(200, { 'content-type': 'application/json' });
		return res.end(JSON.stringify(Object.fromEntries(counts)));
	}
	const m = new URL(req.url, 'http://127.0.0.1').pathname.match(/\/article\/([\w-]+\.html)$/);
	if (!m) {
		res.writeHead(404, { 'content-type': 'text/plain' });
		return res.end('no such page\n');
	}
	counts.set(req.url, (counts.get(req.url) || 0) + 1);
	fs.readFile(path.join(pagesDir, m[1]), (err, body) => {
		if (err) {
			res.writeHead(404, { 'content-type': 'text/plain' });
			return res.end('no such page\n');
		}
		res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
		res.end(body);
	});
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
setTimeout(() => process.exit(0), (Number(maxArg) || 900) * 1000).unref();
