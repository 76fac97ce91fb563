// rss.mjs: the client of contrib/reliability/rss: sends exactly COUNT requests from a fixed cycle of 20 (saves that fetch, savePage, searches, reads, label and highlight changes, malformed and invalid requests) over CLIENTS connections; prints JSON figures.
// Usage: node rss.mjs BASE_URL API_KEY PAGE_BASE ITEM_ID SLUG PAGE_FILE COUNT CLIENTS PHASE   (loopback only)
import { readFileSync } from 'node:fs';

const [base, key, pageBase, item, slug, pageFile, countArg, clientsArg, phase] = process.argv.slice(2);
const loop = /^http:\/\/(127\.|\[::1\]|localhost)/;
if (!base || !loop.test(base) || !pageBase || !loop.test(pageBase) || !pageFile || !(Number(countArg) > 0)) {
	console.error('usage: node rss.mjs http://127.0.0.1:PORT KEY http://127.0.0.1:PAGEPORT ITEM SLUG PAGE_FILE COUNT CLIENTS PHASE');
	process.exit(2);
}
const count = Number(countArg), clients = Number(clientsArg) || 4;
const html = readFileSync(pageFile, 'utf8');

// one request of the cycle: [body string, expected status]; u makes saved URLs and highlight ids unique
function request(i, u) {
	const g = (query, variables) => JSON.stringify(variables ? { query, variables } : { query });
	switch (i % 20) {
	case 0: return g('mutation S($u: String!) { saveUrl(input: {url: $u, source: "rss", clientRequestId: "", labels: [{name: "rss"}]}) { __typename ... on SaveSuccess { url } } }',
		{ u: `${pageBase}/article/pelicans.html?u=${u}` });
	case 1: case 9: return g('{ search(first: 10, query: "in:inbox sort:saved-desc") { ... on SearchSuccess { edges { node { id title slug url labels { name } } } pageInfo { hasNextPage totalCount } } } }');
	case 2: return g('query A($s: String!) { article(username: "rss", slug: $s) { ... on ArticleSuccess { article { id title content } } } }', { s: slug });
	case 3: return g('mutation P($u: String!, $h: String!) { savePage(input: {url: $u, title: "rss page", originalContent: $h, clientRequestId: "", source: "rss"}) { __typename } }',
		{ u: `https://example.org/rss/page-${u}`, h: html });
	case 4: return g('mutation L($id: ID!, $l: String!) { setLabels(input: {pageId: $id, labels: [{name: $l}, {name: "rss"}]}) { __typename } }', { id: item, l: `tag${i % 7}` });
	case 5: return g('{ search(first: 5, query: "pelican", format: "markdown") { ... on SearchSuccess { edges { node { id content } } } } }');
	case 6: return g('mutation H($id: ID!, $a: ID!) { createHighlight(input: {id: $id, shortId: $id, articleId: $a, quote: "pelicans", annotation: "rss"}) { __typename } }', { id: `h-${u}`, a: item });
	case 7: return g('{ __schema { types { name fields { name } } } }');
	case 8: return g('{ updatesSince(since: "2020-01-01T00:00:00Z", first: 10) { ... on UpdatesSinceSuccess { edges { updateReason node { id } } } } }');
	case 10: return g('{ me { id name profile { username } } }');
	case 11: return '{"query":';                                     // truncated JSON
	case 12: return g('{ me { ');                                     // a syntax error
	case 13: return g('{ search(first: 3, query: "label:rss sort:updated-desc") { ... on SearchSuccess { edges { cursor } } } }');
	case 14: return g('{ me { nope } }');                             // a validation error
	case 15: return g('query V($n: Int) { search(first: $n) { __typename } }', { n: 'ten' }); // a variable of the wrong type
	case 16: return g('mutation C($n: String!) { createLabel(input: {name: $n, color: "#ff0000"}) { __typename } }', { n: `name${i % 50}` });
	case 17: return g('mutation R($id: ID!, $a: Boolean!) { setLinkArchived(input: {linkId: $id, archived: $a}) { __typename } }', { id: item, a: false });
	case 18: return g('mutation G($id: ID!, $p: Float!) { saveArticleReadingProgress(input: {id: $id, readingProgressPercent: $p}) { __typename } }', { id: item, p: i % 100 });
	default: return g('{ labels { ... on LabelsSuccess { labels { id name color } } } }');
	}
}

const statuses = {}, latencies = [];
let next = 0, socketErrors = 0;
const t0 = Date.now();
async function client() {
	for (;;) {
		const i = next++;
		if (i >= count) return;
		const started = performance.now();
		try {
			const res = await fetch(`${base}/api/graphql`, {
				method: 'POST',
				headers: { 'content-type': 'application/json', accept: 'application/json', authorization: key },
				body: request(i, `${phase}-${i}`),
				signal: AbortSignal.timeout(30000),
			});
			await res.arrayBuffer();
			statuses[res.status] = (statuses[res.status] || 0) + 1;
		} catch {
			socketErrors++;
		}
		latencies.push(performance.now() - started);
	}
}
await Promise.all(Array.from({ length: clients }, client));
const seconds = (Date.now() - t0) / 1000;
latencies.sort((a, b) => a - b);
console.log(JSON.stringify({
	answered: Object.values(statuses).reduce((a, b) => a + b, 0), statuses, socketErrors,
	rate: Math.round(count / seconds), p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] * 10) / 10,
}));
