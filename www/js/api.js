// api.js: the pages' one way to the API: gql(query, variables) over POST /api/graphql with the session cookie, and requireUser().

// the largest JavaScript date: an API key that never expires
export const NEVER = '+275760-09-13T00:00:00.000Z';

// an error the API answered: GraphQL errors, an XxxError result, or an HTTP failure
export class ApiError extends Error {
	constructor(message, codes) {
		super(message);
		this.name = 'ApiError';
		this.codes = codes || [];
	}
}

// the login page, coming back to this page afterwards
export function toLogin() {
	const here = location.pathname + location.search;
	location.replace('/login?redirect=' + encodeURIComponent(here));
}

// A page sends at most IN_FLIGHT GraphQL requests at once and queues the rest, so that it stays under the
// server's requests_per_user (default 3) by itself, with room for one other request (a download, a status)
const IN_FLIGHT = 2;
let inFlight = 0;
const queued = [];
function takeTurn() {
	if (inFlight < IN_FLIGHT) {
		inFlight++;
		return Promise.resolve();
	}
	return new Promise((resolve) => queued.push(resolve));
}
function endTurn() {
	const next = queued.shift();
	if (next) next(); // the turn passes to the next request queued
	else inFlight--;
}

// postGraphql(body, keepalive): the fetch Response of POST /api/graphql. A 429 (this account already has
// requests_per_user requests running: another tab, or a script with the same account) is sent again
// after a short wait, a few times, before it is handed back. A keepalive request (sent as the page goes
// away) is not queued.
export async function postGraphql(body, keepalive) {
	const init = {
		method: 'POST',
		credentials: 'same-origin',
		headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
		body: JSON.stringify(body),
		keepalive: !!keepalive,
	};
	if (!keepalive)
		await takeTurn();
	try {
		for (let wait = 100; ; wait *= 2) {
			const res = await fetch('/api/graphql', init);
			if (res.status !== 429 || wait > 1600)
				return res;
			await new Promise((r) => setTimeout(r, wait + Math.random() * wait));
		}
	} finally {
		if (!keepalive)
			endTurn();
	}
}

// gql(query, variables, {keepalive}): the `data` of the answer; throws ApiError on `errors`, on a
// top-level result whose __typename ends in "Error", or on a non-JSON answer. A 401 goes to /login.
export async function gql(query, variables, opts) {
	const res = await postGraphql({ query, variables: variables || {} }, !!(opts && opts.keepalive));
	if (res.status === 401) {
		toLogin();
		throw new ApiError('Not logged in', ['UNAUTHENTICATED']);
	}
	let body;
	try {
		body = await res.json();
	} catch (e) {
		throw new ApiError(`The server answered HTTP ${res.status} without JSON`);
	}
	if (body.errors && body.errors.length)
		throw new ApiError(body.errors.map((e) => e.message).join('; '),
			body.errors.map((e) => (e.extensions && e.extensions.code) || 'ERROR'));
	const data = body.data || {};
	for (const v of Object.values(data)) {
		if (v && typeof v === 'object' && typeof v.__typename === 'string' && v.__typename.endsWith('Error')) {
			const codes = v.errorCodes || [];
			if (codes.includes('UNAUTHORIZED')) {
				toLogin();
			}
			throw new ApiError(v.message || codes.join(', ') || v.__typename, codes);
		}
	}
	return data;
}

// requireUser(): the logged-in user ({id, name, profile {username}}), or off to /login (never resolves then)
export async function requireUser() {
	const data = await gql('{ me { id name profile { username } } }');
	if (!data.me) {
		toLogin();
		return new Promise(() => {});
	}
	return data.me;
}

// a client request id (a UUID v4), also outside secure contexts
export function uuid() {
	if (crypto.randomUUID) return crypto.randomUUID();
	const b = crypto.getRandomValues(new Uint8Array(16));
	b[6] = (b[6] & 0x0f) | 0x40;
	b[8] = (b[8] & 0x3f) | 0x80;
	const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
