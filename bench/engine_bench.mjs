// engine_bench.mjs: the same two operations as engine_bench.c, run warm in graphql-js (graphql() + JSON.stringify).
// Usage: node engine_bench.mjs [-t SECONDS] [-d DUMP_DIR] BENCH_DIR   (run with NODE_PATH or from t/js)
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

/* graphql is installed in t/js/node_modules: resolve it from there */
const require = createRequire(process.env.LARDER_JS_DIR ? join(process.env.LARDER_JS_DIR, 'package.json') : import.meta.url);
const { buildSchema, graphql, version } = require('graphql');

let seconds = 3;
let dumpDir = null;
let dir = null;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
	if (args[i] === '-t' && i + 1 < args.length) seconds = Number(args[++i]);
	else if (args[i] === '-d' && i + 1 < args.length) dumpDir = args[++i];
	else if (!args[i].startsWith('-') && !dir) dir = args[i];
	else { console.error('usage: engine_bench.mjs [-t SECONDS] [-d DUMP_DIR] BENCH_DIR'); process.exit(2); }
}
if (!dir || !(seconds > 0)) { console.error('usage: engine_bench.mjs [-t SECONDS] [-d DUMP_DIR] BENCH_DIR'); process.exit(2); }

const schema = buildSchema(readFileSync(join(dir, 'bench.graphql'), 'utf8'));
const meSource = readFileSync(join(dir, 'me.graphql'), 'utf8');
const searchSource = readFileSync(join(dir, 'search.graphql'), 'utf8');
const searchVars = JSON.parse(readFileSync(join(dir, 'search.json'), 'utf8'));

/* the same data as engine_bench.c */
const pad = (n, w) => String(n).padStart(w, '0');
const items = [];
for (let i = 0; i < 20; i++) {
	const k = i + 1;
	const url = `https://example.com/articles/${k}?ref=bench`;
	const savedAt = `2024-05-${pad(k, 2)}T10:00:00.000Z`;
	items.push({
		id: `00000000-0000-4000-8000-${pad(k, 12)}`,
		title: `Benchmark article number ${k} about tea, kettles and larders`,
		slug: `benchmark-article-number-${k}-a1b2c3`,
		url,
		originalArticleUrl: url,
		siteName: 'Example Site',
		author: i % 3 === 0 ? null : `Author ${k}`,
		description: `A short description of article ${k}, long enough to look like the summary of a real page.`,
		image: `https://example.com/images/${k}.jpg`,
		savedAt,
		updatedAt: `2024-06-${pad(k, 2)}T11:30:00.000Z`,
		publishedAt: i % 2 ? null : `2024-04-${pad(k, 2)}T08:15:00.000Z`,
		createdAt: savedAt,
		readingProgressPercent: i * 4.5,
		readingProgressAnchorIndex: i * 7,
		wordsCount: 500 + i * 37,
		isArchived: i % 4 === 0,
		pageType: i % 5 === 0 ? 'WEBSITE' : 'ARTICLE',
		contentReader: 'WEB',
		state: 'SUCCEEDED',
	});
}
const edges = items.map((node) => ({ cursor: '20', node }));
const pageInfo = { startCursor: '', endCursor: '20', hasNextPage: true, hasPreviousPage: false, totalCount: 137 };
const user = { id: '6f0e3c1a-2b4d-4e8f-9a7c-1d2e3f4a5b6c', name: 'Benchmark User' };

const rootValue = {
	me: () => user,
	search: ({ first, query }) => {
		if (query && query.length > 255)
			return { __typename: 'SearchError', errorCodes: ['QUERY_TOO_LONG'] };
		const n = first > 0 && first < edges.length ? first : edges.length;
		return { __typename: 'SearchSuccess', edges: edges.slice(0, n), pageInfo };
	},
};

/* what a server does per request: parse, validate, execute, serialise */
async function run(source, variableValues) {
	const result = await graphql({ schema, source, rootValue, variableValues });
	return JSON.stringify(result);
}

async function bench(label, source, variableValues) {
	const first = await run(source, variableValues);
	if (JSON.parse(first).errors) {
		console.error(`engine_bench.mjs: ${label} failed: ${first}`);
		process.exit(1);
	}
	if (dumpDir)
		writeFileSync(join(dumpDir, `js-${label}.json`), first);
	const warmEnd = performance.now() + Math.max(1000, seconds * 1000 / 3);
	while (performance.now() < warmEnd)
		for (let i = 0; i < 32; i++) await run(source, variableValues);
	let ops = 0;
	const c0 = process.cpuUsage();
	const t0 = performance.now();
	let t1;
	do {
		for (let i = 0; i < 64; i++) await run(source, variableValues);
		ops += 64;
		t1 = performance.now();
	} while (t1 - t0 < seconds * 1000);
	const c = process.cpuUsage(c0); /* microseconds, every thread of the process (GC, JIT too) */
	console.log(`${label} ${((t1 - t0) * 1000 / ops).toFixed(3)} ${((c.user + c.system) / ops).toFixed(3)} ${ops} ${((t1 - t0) / 1000).toFixed(2)}`);
}

console.log(`# graphql-js ${version}, node ${process.version}; operation wall_us_per_op cpu_us_per_op ops seconds`);
await bench('me', meSource, undefined);
await bench('search', searchSource, searchVars);
