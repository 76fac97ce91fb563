// settings-feeds.js: the feeds page: follows a feed (subscribe), lists the feeds followed (with when each was last read and whether reading it failed) and stops following one (unsubscribe).
import { gql, requireUser } from './api.js';
import { el, fmtDate, showUser, say, safeHref } from './ui.js';

const FIELDS = 'id name url status folder count fetchContent lastFetchedAt failedAt';
const LIST = `{ subscriptions(type: RSS) { __typename ... on SubscriptionsSuccess { subscriptions { ${FIELDS} } }
	... on SubscriptionsError { errorCodes message } } }`;
const FOLLOW = `mutation Follow($input: SubscribeInput) { subscribe(input: $input) { __typename
	... on SubscribeSuccess { subscriptions { ${FIELDS} } } ... on SubscribeError { errorCodes message } } }`;
const STOP = `mutation Stop($name: String!, $id: ID) { unsubscribe(name: $name, subscriptionId: $id) { __typename
	... on UnsubscribeSuccess { subscription { id } } ... on UnsubscribeError { errorCodes message } } }`;

const $ = (id) => document.getElementById(id);

function feedRow(s) {
	const stop = el('button', { type: 'button', class: 'danger unsubscribe', text: 'Unfollow' });
	stop.addEventListener('click', () => unfollow(s, stop));
	const href = safeHref(s.url);
	const state = s.failedAt ? el('span', { class: 'error', text: ` · reading it failed ${fmtDate(s.failedAt)}` }) : null;
	return el('tr', { dataset: { id: s.id } },
		el('td', { class: 'name', 'data-label': 'Feed' }, el('strong', { text: s.name || s.url }), el('br'),
			href ? el('a', { href, rel: 'noopener noreferrer', target: '_blank', text: s.url }) : s.url),
		el('td', { class: 'folder', 'data-label': 'Folder', text: s.folder }),
		el('td', { class: 'count', 'data-label': 'Items', text: String(s.count) }),
		el('td', { class: 'read', 'data-label': 'Last read' }, s.lastFetchedAt ? fmtDate(s.lastFetchedAt) : 'not yet', state),
		el('td', null, stop));
}

async function load() {
	const status = $('list-status');
	try {
		const rows = (await gql(LIST)).subscriptions.subscriptions.filter((s) => s.status !== 'UNSUBSCRIBED').map(feedRow);
		$('feeds').replaceChildren(...rows);
		$('feeds-table').hidden = rows.length === 0;
		$('no-feeds').hidden = rows.length !== 0;
		say(status, '');
	} catch (e) {
		say(status, `Could not list the feeds: ${e.message}`, true);
	}
}

async function unfollow(s, button) {
	if (!window.confirm(`Stop following ${s.name || s.url}? What it brought stays in your library.`)) return;
	button.disabled = true;
	try {
		await gql(STOP, { name: s.name || s.url, id: s.id });
		await load();
		say($('list-status'), `No longer following ${s.name || s.url}.`);
	} catch (e) {
		say($('list-status'), `Could not unfollow: ${e.message}`, true);
		button.disabled = false;
	}
}

function setupFollow() {
	const status = $('follow-status');
	$('follow-form').addEventListener('submit', async (ev) => {
		ev.preventDefault();
		const url = $('feed-url').value.trim();
		if (!url) return;
		const button = $('follow');
		button.disabled = true;
		say(status, 'Finding the feed…');
		try {
			const got = (await gql(FOLLOW, { input: { url, subscriptionType: 'RSS', folder: $('feed-folder').value,
				fetchContent: $('feed-fetch').checked } })).subscribe.subscriptions;
			$('feed-url').value = '';
			await load();
			say(status, `Following ${got && got[0] ? got[0].name || got[0].url : url}.`);
		} catch (e) {
			say(status, `Could not follow it: ${e.message}`, true);
		} finally {
			button.disabled = false;
		}
	});
}

async function main() {
	setupFollow();
	const me = await requireUser();
	showUser(me);
	await load();
}
main().catch((e) => say($('list-status'), `Something went wrong: ${e.message}`, true));
