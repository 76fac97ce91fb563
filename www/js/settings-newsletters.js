// settings-newsletters.js: the newsletters page: makes a receiving address, lists them (with copy-friendly addresses and Gmail's confirmation code), deletes them, and lists the mails received lately.
import { gql, requireUser } from './api.js';
import { el, fmtDate, showUser, say } from './ui.js';

const LIST = `{ newsletterEmails { __typename ... on NewsletterEmailsSuccess { newsletterEmails { id address name folder
	confirmationCode subscriptionCount createdAt } } ... on NewsletterEmailsError { errorCodes message } }
	recentEmails { __typename ... on RecentEmailsSuccess { recentEmails { id from subject type text createdAt } }
	... on RecentEmailsError { errorCodes message } } }`;
const CREATE = `mutation Create($input: CreateNewsletterEmailInput) { createNewsletterEmail(input: $input) { __typename
	... on CreateNewsletterEmailSuccess { newsletterEmail { id address } }
	... on CreateNewsletterEmailError { errorCodes message } } }`;
const DELETE = `mutation Delete($id: ID!) { deleteNewsletterEmail(newsletterEmailId: $id) { __typename
	... on DeleteNewsletterEmailSuccess { newsletterEmail { id } } ... on DeleteNewsletterEmailError { errorCodes message } } }`;

const $ = (id) => document.getElementById(id);

function addressRow(n) {
	const del = el('button', { type: 'button', class: 'danger delete', text: 'Delete' });
	del.addEventListener('click', () => deleteAddress(n, del));
	const code = n.confirmationCode ? ` (Gmail code ${n.confirmationCode})` : '';
	return el('tr', { dataset: { id: n.id } },
		el('td', { class: 'address', 'data-label': 'Address' }, el('code', { text: n.address }), code),
		el('td', { class: 'name', 'data-label': 'Name', text: n.name || '' }),
		el('td', { class: 'folder', 'data-label': 'Folder', text: n.folder }),
		el('td', { class: 'count', 'data-label': 'Newsletters', text: String(n.subscriptionCount) }),
		el('td', { class: 'created', 'data-label': 'Created', text: fmtDate(n.createdAt) }),
		el('td', null, del));
}

// a received mail; a confirmation's text (with its link to follow) opens under its subject
function mailRow(m) {
	const confirm = m.type === 'CONFIRMATION';
	const subject = confirm ? el('details', null, el('summary', { text: m.subject }), el('div', { class: 'mail-text' }, ...(m.text || '').split('\n').map((l) => el('div', { text: l }))))
		: m.subject;
	return el('tr', { dataset: { id: m.id } },
		el('td', { 'data-label': 'Received', text: fmtDate(m.createdAt) }),
		el('td', { 'data-label': 'From', text: m.from }),
		el('td', { 'data-label': 'Subject' }, subject),
		el('td', { class: 'kind', 'data-label': 'Kind', text: confirm ? 'Confirmation: open it to confirm' : 'Saved' }));
}

// fills a table (or its empty message) with rows
function fill(table, body, empty, rows) {
	$(body).replaceChildren(...rows);
	$(table).hidden = rows.length === 0;
	$(empty).hidden = rows.length !== 0;
}

async function load() {
	const status = $('list-status');
	try {
		const data = await gql(LIST);
		fill('addresses-table', 'addresses', 'no-addresses', data.newsletterEmails.newsletterEmails.map(addressRow));
		fill('mails-table', 'mails', 'no-mails', data.recentEmails.recentEmails.map(mailRow));
		say(status, '');
	} catch (e) {
		say(status, `Could not list the addresses: ${e.message}`, true);
	}
}

async function deleteAddress(n, button) {
	if (!window.confirm(`Delete ${n.address}? Mail sent to it will be refused; what it brought stays.`)) return;
	button.disabled = true;
	try {
		await gql(DELETE, { id: n.id });
		await load();
		say($('list-status'), `Deleted ${n.address}.`);
	} catch (e) {
		say($('list-status'), `Could not delete ${n.address}: ${e.message}`, true);
		button.disabled = false;
	}
}

function setupCreate() {
	const status = $('create-status');
	$('create-form').addEventListener('submit', async (ev) => {
		ev.preventDefault();
		const button = $('create');
		const name = $('nl-name').value.trim();
		button.disabled = true;
		say(status, 'Making…');
		try {
			const data = await gql(CREATE, { input: { name: name || null, folder: $('nl-folder').value } });
			$('nl-name').value = '';
			await load();
			say(status, `Your new address: ${data.createNewsletterEmail.newsletterEmail.address}`);
		} catch (e) {
			say(status, `Could not make an address: ${e.message}`, true);
		} finally {
			button.disabled = false;
		}
	});
}

async function main() {
	setupCreate();
	const me = await requireUser();
	showUser(me);
	await load();
}
main().catch((e) => say($('list-status'), `Something went wrong: ${e.message}`, true));
