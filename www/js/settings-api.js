// settings-api.js: the API key page: creates a key (its value shown once, with a copy button), lists the keys, revokes them.
import { gql, requireUser, NEVER } from './api.js';
import { el, fmtDate, showUser, say } from './ui.js';

const LIST = `{ apiKeys { __typename ... on ApiKeysSuccess { apiKeys { id name createdAt expiresAt usedAt } }
	... on ApiKeysError { errorCodes message } } }`;
const CREATE = `mutation Create($input: GenerateApiKeyInput!) { generateApiKey(input: $input) { __typename
	... on GenerateApiKeySuccess { apiKey { id name key expiresAt } } ... on GenerateApiKeyError { errorCodes message } } }`;
const REVOKE = `mutation Revoke($id: ID!) { revokeApiKey(id: $id) { __typename
	... on RevokeApiKeySuccess { apiKey { id } } ... on RevokeApiKeyError { errorCodes message } } }`;

const $ = (id) => document.getElementById(id);
const DAY_MS = 86400000;

// the expiry a choice of the select means, as the API's Date
export function expiryFor(choice, now) {
	if (choice === 'never') return NEVER;
	return new Date((now || Date.now()) + Number(choice) * DAY_MS).toISOString();
}

function neverExpires(iso) {
	return !iso || iso.startsWith('+275760') || new Date(iso).getTime() >= 8.64e15;
}

function expiresText(iso) {
	if (neverExpires(iso)) return 'Never expires';
	const t = new Date(iso).getTime();
	return t <= Date.now() ? `Expired ${fmtDate(iso)}` : fmtDate(iso);
}

async function loadKeys() {
	const status = $('list-status');
	try {
		const data = await gql(LIST);
		const keys = data.apiKeys.apiKeys;
		const rows = keys.map((k) => {
			const revoke = el('button', { type: 'button', class: 'danger revoke', text: 'Revoke' });
			revoke.addEventListener('click', () => revokeKey(k, revoke));
			return el('tr', { dataset: { id: k.id } },
				el('td', { class: 'name', 'data-label': 'Name', text: k.name }),
				el('td', { class: 'created', 'data-label': 'Created', text: fmtDate(k.createdAt) }),
				el('td', { class: 'expires', 'data-label': 'Expires', text: expiresText(k.expiresAt) }),
				el('td', { class: 'used', 'data-label': 'Last used', text: k.usedAt ? fmtDate(k.usedAt) : 'Never used' }),
				el('td', null, revoke));
		});
		$('keys').replaceChildren(...rows);
		$('keys-table').hidden = keys.length === 0;
		$('no-keys').hidden = keys.length !== 0;
		say(status, '');
	} catch (e) {
		say(status, `Could not list the keys: ${e.message}`, true);
	}
}

async function revokeKey(k, button) {
	if (!window.confirm(`Revoke the key “${k.name}”? Programs using it will stop working.`)) return;
	button.disabled = true;
	try {
		await gql(REVOKE, { id: k.id });
		say($('list-status'), `Revoked “${k.name}”.`);
		await loadKeys();
		say($('list-status'), `Revoked “${k.name}”.`);
	} catch (e) {
		say($('list-status'), `Could not revoke “${k.name}”: ${e.message}`, true);
		button.disabled = false;
	}
}

function setupCreate() {
	const form = $('create-form');
	const status = $('create-status');
	form.addEventListener('submit', async (ev) => {
		ev.preventDefault();
		const name = $('key-name').value.trim();
		if (!name) { say(status, 'Give the key a name.', true); return; }
		const button = $('create');
		button.disabled = true;
		say(status, 'Creating…');
		try {
			const data = await gql(CREATE, { input: { name, expiresAt: expiryFor($('key-expiry').value) } });
			const key = data.generateApiKey.apiKey;
			$('new-key-name').textContent = key.name;
			$('new-key-value').value = key.key;
			$('new-key').hidden = false;
			say($('copy-status'), '');
			$('key-name').value = '';
			say(status, '');
			$('new-key-value').focus();
			$('new-key-value').select();
			await loadKeys();
		} catch (e) {
			const msg = e.codes && e.codes.includes('ALREADY_EXISTS') ? `You already have a key named “${name}”.` : e.message;
			say(status, `Could not create the key: ${msg}`, true);
		} finally {
			button.disabled = false;
		}
	});
	$('copy').addEventListener('click', async () => {
		const input = $('new-key-value');
		try {
			if (!navigator.clipboard || !window.isSecureContext) throw new Error('no clipboard');
			await navigator.clipboard.writeText(input.value);
			say($('copy-status'), 'Copied to the clipboard.');
		} catch (e) {
			input.focus();
			input.select();
			let copied = false;
			try { copied = document.execCommand('copy'); } catch (e2) { copied = false; }
			say($('copy-status'), copied ? 'Copied to the clipboard.' : 'The key is selected: press Ctrl+C (⌘C) to copy it.');
		}
	});
	// the value goes away for good
	$('done').addEventListener('click', () => {
		$('new-key-value').value = '';
		$('new-key').hidden = true;
	});
}

async function main() {
	setupCreate();
	const me = await requireUser();
	showUser(me);
	await loadKeys();
}
main().catch((e) => say($('list-status'), `Something went wrong: ${e.message}`, true));
