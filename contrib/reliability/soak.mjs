// soak.mjs: the mixed-load client of contrib/reliability/soak: several clients save, search, label and read for a bounded time; prints JSON figures.
// Usage: node soak.mjs BASE_URL API_KEY PAGE_BASE SECONDS CLIENTS
// Every request goes to BASE_URL (a loopback address the caller started); PAGE_BASE serves the pages saved.
const [base, key, pageBase, secondsArg, clientsArg] = process.argv.slice(2);
const seconds = Number(secondsArg) || 60, clients = Number(clientsArg) || 8;
if (!base || !key || !pageBase || !/^http:\/\/(127\.|\[::1\]|localhost)/.test(base) || !/^http:\/\/(127\.|\[::1\]|localhost)/.test(pageBase)) {
	console.error('usage: node soak.mjs http://127.0.0.1:PORT KEY http://127.0.0.1:PAGEPORT SECONDS CLIENTS (loopback only)');
	process.exit(2);
}
const stats = { save: 0, search: 0, labels: 0, read: 0, errors: 0, busy: 0, http5xx: 0, latencyMax: 0 };
const acknowledged = [];
const errorSamples = [];
const end = Date.now() + seconds * 1000;

async function gql(query, variables) {
	const t0 = Date.now();
	const res = await fetch(`${base}/api/graphql`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: key },
		body: JSON.stringify({ query, variables }),
		signal: AbortSignal.timeout(15000),
	});
	const text = await res.text();
	stats.latencyMax = Math.max(stats.latencyMax, Date.now() - t0);
	if (res.status >= 500) stats.http5xx++;
	if (/database is locked|SQLITE_BUSY|busy/i.test(text)) stats.busy++;
	const body = JSON.parse(text);
	if (body.errors || res.status !== 200) {
		stats.errors++;
		if (errorSamples.length < 5) errorSamples.push(text.slice(0, 300));
		return null;
	}
	return body.data;
}

async function client(n) {
	let i = 0;
	while (Date.now() < end) {
		i++;
		const op = i % 10;
		try {
			if (op < 3) { // save a new page
				const url = `${pageBase}/article/pelicans.html?client=${n}&n=${i}`;
				const d = await gql('mutation S($u: String!) { saveUrl(input: {url: $u, source: "soak", clientRequestId: ""}) { __typename ... on SaveSuccess { clientRequestId } } }', { u: url });
				if (d && d.saveUrl.__typename === 'SaveSuccess') { acknowledged.push(d.saveUrl.clientRequestId); stats.save++; }
			} else if (op < 7) { // search
				const q = ['pelicans', 'label:soak', 'in:inbox sort:saved-desc', 'kleptoparasitism', ''][i % 5];
				const d = await gql('query Q($q: String) { search(query: $q, first: 20) { ... on SearchSuccess { edges { node { id title labels { name } } } pageInfo { hasNextPage } } } }', { q });
				if (d) stats.search++;
			} else if (op < 9 && acknowledged.length) { // label an item
				const id = acknowledged[(i * 7919) % acknowledged.length];
				const d = await gql('mutation L($p: ID!) { setLabels(input: {pageId: $p, labels: [{name: "soak"}, {name: "load"}]}) { __typename } }', { p: id });
				if (d) stats.labels++;
			} else if (acknowledged.length) { // read an item
				const id = acknowledged[(i * 104729) % acknowledged.length];
				const d = await gql('query A($s: String!) { article(username: "me", slug: $s) { ... on ArticleSuccess { article { id state content } } } }', { s: id });
				if (d) stats.read++;
			}
		} catch (e) {
			stats.errors++;
			if (errorSamples.length < 5) errorSamples.push(String(e));
		}
	}
}

const t0 = Date.now();
await Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
const secs = (Date.now() - t0) / 1000;
const total = stats.save + stats.search + stats.labels + stats.read;
console.log(JSON.stringify({ seconds: secs, clients, requests: total, requestsPerSecond: Math.round(total / secs), ...stats,
	errorSamples, acknowledged }));
