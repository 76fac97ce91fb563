// api_retry.mjs: the browser pages' gql() (www/js/api.js) under a mocked fetch: a 429 (the account's requests_per_user slots busy) is sent again after a short wait and the page gets its answer; other statuses are not retried; it gives up after a few; a page sends at most two at once (TAP).
import { pathToFileURL } from 'node:url';

const api = await import(pathToFileURL(process.argv[2]).href);
let n = 0, failed = 0;
const ok = (c, name) => { n++; if (!c) failed++; console.log(`${c ? 'ok' : 'not ok'} ${n} - ${name}`); };
const busy = () => new Response(JSON.stringify({ errors: [{ message: 'busy', extensions: { code: 'TOO_MANY_REQUESTS' } }] }),
	{ status: 429, headers: { 'Retry-After': '1' } });
const answer = () => new Response(JSON.stringify({ data: { me: { id: 'u1' } } }), { status: 200 });

// two 429s, then the answer
let calls = 0;
globalThis.fetch = async () => (++calls <= 2 ? busy() : answer());
const t0 = Date.now();
const data = await api.gql('{ me { id } }');
ok(data.me && data.me.id === 'u1', 'two 429s, then the answer: gql resolves with it');
ok(calls === 3, `sent three times (${calls})`);
ok(Date.now() - t0 >= 300, `after waiting between them (${Date.now() - t0} ms)`);

// a GraphQL error with another status is not retried
calls = 0;
globalThis.fetch = async () => { calls++; return new Response(JSON.stringify({ errors: [{ message: 'bad' }] }), { status: 400 }); };
let err = null;
try { await api.gql('{ x }'); } catch (e) { err = e; }
ok(err && calls === 1, `a 400 is not sent again (${calls})`);

// always busy: it gives up and the caller sees TOO_MANY_REQUESTS
calls = 0;
globalThis.fetch = async () => { calls++; return busy(); };
err = null;
try { await api.gql('{ me { id } }'); } catch (e) { err = e; }
ok(err && err.codes.includes('TOO_MANY_REQUESTS'), 'always 429: the error reaches the page with its code');
ok(calls >= 4 && calls <= 8, `after a few tries (${calls})`);
// a page that asks for six things at once sends two at a time (the rest wait their turn), and gets all six
let open = 0, most = 0, release = [];
calls = 0;
globalThis.fetch = () => {
	calls++;
	most = Math.max(most, ++open);
	return new Promise((resolve) => release.push(() => { open--; resolve(answer()); }));
};
const six = Promise.all([...Array(6).keys()].map(() => api.gql('{ me { id } }')));
for (let k = 0; k < 6; k++) {
	while (release.length === 0) await new Promise((r) => setTimeout(r, 1));
	release.shift()();
}
const got = await six;
ok(got.length === 6 && got.every((d) => d.me.id === 'u1'), 'six at once: all six answered');
ok(most === 2 && calls === 6, `at most two in flight (${most}), each sent once (${calls})`);
console.log(`1..${n}`);
process.exit(failed ? 1 : 0);
