// bookmarklet.js: builds the "Save to Larder" bookmarklet for this server's origin, the user's save token (from /api/save/token) and the labels the user types.
import { requireUser, toLogin } from './api.js';
import { showUser, parseLabelNames, fmtDate, say } from './ui.js';

const $ = (id) => document.getElementById(id);
let token = null;   // the save token, known only right after it is made

// the JavaScript the bookmark runs on another site: open our /api/save with that page's address
export function bookmarkletCode(origin, labels, saveToken) {
	const base = `${origin}/api/save?url=`;
	const tail = labels.map((l) => `&labels=${encodeURIComponent(l)}`).join('') +
		(saveToken ? `&token=${encodeURIComponent(saveToken)}` : '');
	return `(function(){location.href=${JSON.stringify(base)}+encodeURIComponent(location.href)${tail ? `+${JSON.stringify(tail)}` : ''};})();`;
}

// the href: the code percent-encoded (the browser decodes a javascript: URL once before it runs it)
export function bookmarkletHref(origin, labels, saveToken) {
	return `javascript:${encodeURIComponent(bookmarkletCode(origin, labels, saveToken))}`;
}

// /api/save/token with the session cookie: GET (is there one), POST (a new one), DELETE (revoke)
async function tokenApi(method) {
	const res = await fetch('/api/save/token', { method, credentials: 'same-origin', headers: { Accept: 'application/json' } });
	if (res.status === 401) {
		toLogin();
		throw new Error('Not logged in');
	}
	const body = await res.json().catch(() => ({}));
	if (!res.ok) throw new Error((body.errors && body.errors[0] && body.errors[0].message) || `HTTP ${res.status}`);
	return body;
}

function update() {
	const labels = parseLabelNames($('labels').value);
	$('bookmarklet').href = token ? bookmarkletHref(location.origin, labels, token) : '/settings/bookmarklet';
	$('code').textContent = bookmarkletCode(location.origin, labels, 'YOUR_SAVE_TOKEN');
	$('link-ready').hidden = !token;
	$('labels-card').hidden = !token;
	$('link-hidden').hidden = !!token;
	$('bookmarklet').toggleAttribute('data-ready', !!token);
}

// the state of a token made earlier (its value is not known any more), or of none
function showState(t) {
	$('link-state').textContent = t
		? `You made your bookmarklet link on ${fmtDate(t.createdAt)}; ${t.lastUsedAt ? `last used on ${fmtDate(t.lastUsedAt)}` : 'never used yet'}.`
		: 'You have no bookmarklet link: make one to save with one click.';
	$('revoke-link').hidden = !t;
	update();
}

async function makeLink() {
	const made = await tokenApi('POST');
	token = made.token;
	$('revoke-link').hidden = false;
	update();
}

$('save-endpoint').textContent = `${location.origin}/api/save`;
$('labels').addEventListener('input', update);
// clicking it here does nothing useful (and our CSP would refuse it): it is meant to be dragged
$('bookmarklet').addEventListener('click', (ev) => {
	ev.preventDefault();
	say($('click-hint'), 'Drag the button to your bookmarks bar instead of clicking it here.');
});
$('new-link').addEventListener('click', () => {
	makeLink().then(() => say($('click-hint'), 'A new link is ready: drag it to your bookmarks bar again. The old one no longer saves at once.'))
		.catch((e) => say($('click-hint'), `The link could not be made: ${e.message}`, true));
});
$('revoke-link').addEventListener('click', () => {
	tokenApi('DELETE').then(() => {
		token = null;
		showState(null);
		say($('click-hint'), 'The link is off: bookmarklets made before ask before saving.');
	}).catch((e) => say($('click-hint'), `The link could not be turned off: ${e.message}`, true));
});
update();
requireUser().then(showUser).catch(() => {});
// the first visit makes the link; later visits tell when it was made (its value is not kept)
tokenApi('GET').then((st) => (st.token ? showState(st.token) : makeLink()))
	.catch((e) => say($('click-hint'), `The bookmarklet could not be prepared: ${e.message}`, true));
