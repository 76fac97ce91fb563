// audit.mjs: runs graphql-http's GraphQL-over-HTTP server audits against a URL and prints TAP.
// Usage: node audit.mjs http://127.0.0.1:PORT/api/graphql [API_KEY]
// With a key the audits run twice: without credentials, then with the `authorization` header.
// MUST and SHOULD audits have to pass; MAY audits are reported as ok with a "# info" note.
import { serverAudits } from 'graphql-http';

const [url, key] = process.argv.slice(2);
if (!url) {
	console.error('usage: node audit.mjs URL [API_KEY]');
	process.exit(2);
}

/* fetch with the key added to every request */
function keyedFetch(input, init = {}) {
	const headers = new Headers(init.headers || (input instanceof Request ? input.headers : undefined));
	headers.set('authorization', key);
	return fetch(input, { ...init, headers });
}

const passes = [{ note: '', audits: serverAudits({ url }) }];
if (key)
	passes.push({ note: ' (with key)', audits: serverAudits({ url, fetchFn: keyedFetch }) });
console.log(`1..${passes.reduce((t, p) => t + p.audits.length, 0)}`);
let failed = 0;
let n = 0;
for (const { note, audit } of passes.flatMap((p) => p.audits.map((audit) => ({ note: p.note, audit })))) {
	n++;
	const level = audit.name.split(' ', 1)[0]; // MUST, SHOULD or MAY
	const label = `${audit.id} ${audit.name}${note}`.replace(/#/g, '\\#').replace(/\s+/g, ' ');
	let result;
	try {
		result = await audit.fn();
	} catch (err) {
		result = { status: 'error', reason: `audit threw: ${err && err.message ? err.message : err}` };
	}
	if (result.status === 'ok') {
		console.log(`ok ${n} - ${label}${level === 'MAY' ? ' # info: passes' : ''}`);
		continue;
	}
	const reason = String(result.reason || 'no reason given').replace(/\s+/g, ' ');
	if (level === 'MAY') {
		console.log(`ok ${n} - ${label} # info: does not pass (${result.status}): ${reason}`);
		continue;
	}
	failed++;
	console.log(`not ok ${n} - ${label}`);
	console.log(`# ${result.status}: ${reason}`);
	if (result.response) {
		try {
			const body = await result.response.text();
			console.log(`# HTTP ${result.response.status} ${result.response.headers.get('content-type') || ''}: ${body.slice(0, 300).replace(/\s+/g, ' ')}`);
		} catch {
			/* body already read by the audit */
		}
	}
}
if (failed)
	console.log(`# ${failed} MUST/SHOULD audit(s) failed`);
