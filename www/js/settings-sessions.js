// settings-sessions.js: the sessions page: the account's browser logins and app sign-ins (where from, created, last used, the extension's use, this one marked), each revocable, and "sign out everywhere else".
import { gql, requireUser } from './api.js';
import { el, fmtDate, showUser, say } from './ui.js';

const LIST = `{ sessions { __typename ... on SessionsSuccess { sessions { id kind client createdAt lastUsedAt extensionUsedAt current } }
	... on SessionsError { errorCodes message } } }`;
const REVOKE = `mutation Revoke($id: ID!) { revokeSession(id: $id) { __typename
	... on RevokeSessionSuccess { id } ... on RevokeSessionError { errorCodes message } } }`;
const OTHERS = `mutation { revokeOtherSessions { __typename
	... on RevokeOtherSessionsSuccess { revokedCount } ... on RevokeOtherSessionsError { errorCodes message } } }`;

const $ = (id) => document.getElementById(id);

// what a session is, in words: "Browser login", "App sign-in", with its client when known
export function sessionTitle(s) {
	const what = s.kind === 'APP' ? 'App sign-in' : 'Browser login';
	return s.client ? `${what} · ${s.client}` : what;
}

// "last used" to the day: the server notes it once an hour at most
export function lastUsedText(iso, now) {
	const t = new Date(iso).getTime();
	if (Number.isNaN(t)) return '';
	const days = Math.floor(((now || Date.now()) - t) / 86400000);
	if (days <= 0) return 'Today';
	if (days === 1) return 'Yesterday';
	return days < 30 ? `${days} days ago` : fmtDate(iso);
}

function row(s) {
	const facts = el('p', { class: 'hint' },
		`Signed in ${fmtDate(s.createdAt)} · last used ${lastUsedText(s.lastUsedAt).toLowerCase()}`,
		s.extensionUsedAt ? ` · also used by the browser extension (${lastUsedText(s.extensionUsedAt).toLowerCase()})` : '');
	const title = el('h2', { class: 'session-title' }, sessionTitle(s),
		s.current ? el('span', { class: 'badge current', text: 'This session' }) : null);
	const revoke = el('button', { type: 'button', class: 'danger revoke', text: s.current ? 'Log out' : 'Revoke',
		'aria-label': s.current ? 'Log out of this session' : `Revoke: ${sessionTitle(s)}` });
	revoke.addEventListener('click', () => revokeOne(s, revoke));
	return el('li', { class: 'card session', dataset: { id: s.id, kind: s.kind }, 'aria-current': s.current ? 'true' : null },
		title, facts, el('p', null, revoke));
}

async function load() {
	const status = $('list-status');
	try {
		const list = (await gql(LIST)).sessions.sessions;
		$('sessions').replaceChildren(...list.map(row));
		const others = list.filter((s) => !s.current).length;
		$('no-others').hidden = others !== 0;
		$('revoke-others').disabled = others === 0;
		say(status, '');
	} catch (e) {
		say(status, `Could not list the sessions: ${e.message}`, true);
	}
}

async function revokeOne(s, button) {
	const ask = s.current ? 'Log out of this browser?' : `Revoke “${sessionTitle(s)}”? It is signed out at its next request.`;
	if (!window.confirm(ask)) return;
	button.disabled = true;
	// this browser's own session: the log-out form, so that the service worker sends what waits and forgets what it keeps
	if (s.current) { document.querySelector('form[action="/api/auth/logout"]').submit(); return; }
	try {
		await gql(REVOKE, { id: s.id });
		await load();
		say($('list-status'), `Revoked “${sessionTitle(s)}”.`);
	} catch (e) {
		say($('list-status'), `Could not revoke it: ${e.message}`, true);
		button.disabled = false;
	}
}

async function revokeOthers() {
	if (!window.confirm('Sign out every other browser, app and the extension?')) return;
	const button = $('revoke-others');
	button.disabled = true;
	try {
		const n = (await gql(OTHERS)).revokeOtherSessions.revokedCount;
		await load();
		say($('others-status'), n === 1 ? 'One other session was signed out.' : `${n} other sessions were signed out.`);
	} catch (e) {
		say($('others-status'), `Could not sign them out: ${e.message}`, true);
		button.disabled = false;
	}
}

async function main() {
	$('revoke-others').addEventListener('click', revokeOthers);
	showUser(await requireUser());
	await load();
}
main().catch((e) => say($('list-status'), `Something went wrong: ${e.message}`, true));
