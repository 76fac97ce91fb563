// omnivore_client.mjs: drives every public method of the npm client @omnivore-app/api against a running Larder; prints TAP.
// Usage: node omnivore_client.mjs BASE_URL API_KEY PAGE_URL
//   BASE_URL as a user types it into a plugin (a trailing "/" is kept: the client then posts to //api/graphql),
//   PAGE_URL a page Larder can fetch (the test's local page server).
import { Omnivore, isOmnivoreError } from '@omnivore-app/api';

const [base, apiKey, pageUrl] = process.argv.slice(2);
if (!base || !apiKey || !pageUrl) {
	console.error('usage: node omnivore_client.mjs BASE_URL API_KEY PAGE_URL');
	process.exit(2);
}
let n = 0;
let failed = 0;
function ok(cond, name, diag) {
	n++;
	console.log(`${cond ? 'ok' : 'not ok'} ${n} - ${name}`);
	if (!cond) {
		failed++;
		for (const l of [].concat(diag ?? []))
			console.log(`#   ${String(l).slice(0, 600)}`);
	}
	return cond;
}
const quiet = console.error;
console.error = () => {}; // the client logs every error it throws; the test checks them itself
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const client = new Omnivore({ apiKey, baseUrl: base });

// saveByUrl: the answer's id is the item's id
const saved = await client.items.saveByUrl({ url: pageUrl, labels: [{ name: 'Birds' }] });
ok(/^[0-9a-f-]{36}$/.test(saved.id), 'items.saveByUrl answers the new item id', JSON.stringify(saved));
const again = await client.items.saveByUrl({ url: pageUrl });
ok(again.id === saved.id, 'saving the same URL again answers the same id', JSON.stringify(again));

// updates: the item shows up once fetched (processing items are left out), with its fields
// (waits for the fetch, not for a time: the bound, 3,000 looks, is only there so a fetch that never ends fails)
let upd, edge;
for (let i = 0; i < 3000; i++) {
	upd = await client.items.updates({ since: '2000-01-01T00:00:00.000Z' });
	edge = upd.edges.find((e) => e.itemID === saved.id);
	if (edge) break;
	await sleep(100);
}
ok(edge && edge.updateReason === 'CREATED', 'items.updates lists the fetched item as CREATED', JSON.stringify(upd));
ok(edge && edge.node && edge.node.title === 'How Brown Pelicans Catch Their Fish', 'its node has the extracted title',
	JSON.stringify(edge?.node ?? null));
ok(edge && edge.node && Array.isArray(edge.node.labels) && edge.node.labels.some((l) => l.name === 'Birds'),
	'its node has the label', JSON.stringify(edge?.node?.labels ?? null));
ok(upd && upd.pageInfo && upd.pageInfo.hasNextPage === false, 'updates pageInfo', JSON.stringify(upd?.pageInfo));

// search: free text from the body, with content as Markdown; empty query; paging
const found = await client.items.search({ query: 'kleptoparasitism', includeContent: true, format: 'markdown' });
ok(found.edges.length === 1 && found.edges[0].node.id === saved.id, 'items.search finds the item by a word of its body',
	JSON.stringify(found).slice(0, 600));
const node = found.edges[0]?.node ?? {};
ok(typeof node.content === 'string' && node.content.includes('kleptoparasitism') && !node.content.includes('<p>'),
	'content comes as Markdown', node.content);
ok(node.url === pageUrl && node.originalArticleUrl === pageUrl, 'url and originalArticleUrl are the page', JSON.stringify([node.url, node.originalArticleUrl]));
ok(node.author === 'Rosa Marquez' && node.siteName === 'Coastal Notes', 'author and siteName', JSON.stringify([node.author, node.siteName]));
ok(node.pageType === 'ARTICLE' && node.contentReader === 'WEB' && node.isArchived === false, 'pageType, contentReader, isArchived');
const all = await client.items.search({ query: '', first: 10 });
ok(all.edges.some((e) => e.node.id === saved.id), 'an empty query returns the item', JSON.stringify(all.pageInfo));
const none = await client.items.search({ query: 'zzzunfindableword' });
ok(none.edges.length === 0, 'a word in no item finds nothing');

// errors are thrown as the client's own error types
let err;
try { await client.items.saveByUrl({ url: 'ftp://example.com/file' }); } catch (e) { err = e; }
ok(err && isOmnivoreError(err) && String(err.messages ?? err.message).includes('UNKNOWN'),
	'saveByUrl of an ftp: URL throws the client error with UNKNOWN', String(err));
err = undefined;
try { await new Omnivore({ apiKey: '00000000-0000-4000-8000-000000000000', baseUrl: base }).items.search({ query: '' }); } catch (e) { err = e; }
ok(err && isOmnivoreError(err), 'an unknown key makes search throw', String(err));

// delete: the item is gone from search and reported DELETED by updates
const del = await client.items.delete({ id: saved.id });
ok(del.id === saved.id, 'items.delete answers the id', JSON.stringify(del));
const after = await client.items.search({ query: 'kleptoparasitism' });
ok(after.edges.length === 0, 'a deleted item is not found any more', JSON.stringify(after.edges));
upd = await client.items.updates({ since: '2000-01-01T00:00:00.000Z' });
edge = upd.edges.find((e) => e.itemID === saved.id);
ok(edge && edge.updateReason === 'DELETED' && edge.node === null, 'updates reports it DELETED', JSON.stringify(edge ?? null));

console.error = quiet;
console.log(`1..${n}`);
process.exit(failed ? 1 : 0);
