// reader-share.js: the reader's Share panel: makes the article's public read-only link (setItemShare), shows it with Copy, makes a new one, revokes it; and its EPUB button (epub.js).
import { gql } from './api.js';
import { el, fmtDate, say } from './ui.js';
import { epubButton } from './epub.js';

const SHARED_AT = `query SharedAt($slug: String!) { article(username: "me", slug: $slug) { __typename
	... on ArticleSuccess { article { id sharedAt } } ... on ArticleError { errorCodes message } } }`;
const SET_SHARE = `mutation SetShare($input: SetItemShareInput!) { setItemShare(input: $input) { __typename
	... on SetItemShareSuccess { itemId shareUrl sharedAt } ... on SetItemShareError { errorCodes message } } }`;

let item = null;
let panel = null;
let button = null;

async function setShare(enabled) {
	const data = await gql(SET_SHARE, { input: { itemId: item.id, enabled } });
	return data.setItemShare;
}

async function copy(url, input, status) {
	try {
		await navigator.clipboard.writeText(url);
	} catch (e) { // no clipboard API here (a page over plain http on another host): the selection's copy
		input.select();
		if (!document.execCommand('copy')) { say(status, 'Select the link and copy it.', true); return; }
	}
	say(status, 'Link copied.');
}

// the panel's content: state is {url} right after a link was made, {since} for an older one, {} when there is none
function render(state) {
	const status = el('p', { class: 'status', role: 'status', id: 'share-status' });
	const act = (label, id, fn, cls) => el('button', { type: 'button', id, class: cls, onclick: async (ev) => {
		ev.currentTarget.disabled = true;
		try { await fn(status); } catch (e) { say(status, e.message, true); ev.currentTarget.disabled = false; }
	} }, label);
	const make = async () => { const r = await setShare(true); render({ url: r.shareUrl, since: r.sharedAt, made: true }); };
	const revoke = async () => { await setShare(false); render({ revoked: true }); };
	const kids = [el('div', { class: 'panel-head' }, el('h2', { text: 'Share' }),
		el('button', { type: 'button', id: 'share-close', 'aria-label': 'Close the share panel', onclick: close }, '×'))];
	const what = 'Anyone with the link can read this article: its text, title, site and author, nothing else of your library.';
	if (state.url) {
		const input = el('input', { type: 'url', id: 'share-url', readonly: true, value: state.url, 'aria-label': 'The share link',
			onfocus: (ev) => ev.currentTarget.select() });
		kids.push(el('p', { text: what }), el('div', { class: 'share-link' }, input,
			act('Copy', 'share-copy', async (s) => { await copy(state.url, input, s); document.getElementById('share-copy').disabled = false; })),
			el('p', { class: 'hint', text: 'The link is shown only now: copy it. A new link stops this one.' }),
			el('div', { class: 'actions' }, act('Revoke', 'share-revoke', revoke, 'danger')));
	} else if (state.since) {
		kids.push(el('p', { text: `Shared since ${fmtDate(state.since)}. ${what}` }),
			el('p', { class: 'hint', text: 'The link was shown when it was made. A new link stops the old one.' }),
			el('div', { class: 'actions' }, act('New link', 'share-make', make), act('Revoke', 'share-revoke', revoke, 'danger')));
	} else {
		kids.push(el('p', { text: `${state.revoked ? 'The link is revoked: it opens nothing now. ' : ''}${what}` }),
			el('div', { class: 'actions' }, act('Make a link', 'share-make', make)));
	}
	kids.push(status);
	panel.replaceChildren(...kids);
	if (state.made) say(status, 'Link made.');
	if (state.made || state.revoked) // the button pressed is gone: focus stays in the panel
		(panel.querySelector('#share-copy') || panel.querySelector('.actions button')).focus();
	button.textContent = state.url || state.since ? 'Shared' : 'Share';
}

function close() {
	panel.hidden = true;
	button.setAttribute('aria-expanded', 'false');
	button.focus();
}

async function open() {
	panel.hidden = false;
	button.setAttribute('aria-expanded', 'true');
	panel.replaceChildren(el('p', { class: 'status', role: 'status', text: 'Loading…' }));
	try {
		const data = await gql(SHARED_AT, { slug: item.id });
		render({ since: data.article.article.sharedAt });
	} catch (e) {
		say(panel.firstChild, `Could not read the share link: ${e.message}`, true);
	}
}

// setup(item): the Share button (#share-button) opens and closes the panel (#share-panel); #epub-button downloads the
// article as a book
export function setup(it) {
	epubButton(document.getElementById('epub-button'), () => ({ id: it.id }), document.getElementById('action-status'));
	item = it;
	panel = document.getElementById('share-panel');
	button = document.getElementById('share-button');
	if (it.sharedAt) button.textContent = 'Shared';
	button.addEventListener('click', () => (panel.hidden ? open() : close()));
	// Esc closes the panel first (before the reader's keys, which would go back to the library)
	window.addEventListener('keydown', (ev) => {
		if (ev.key !== 'Escape' || panel.hidden) return;
		ev.stopPropagation();
		ev.preventDefault();
		close();
	}, true);
}
