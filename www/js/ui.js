// ui.js: DOM helpers shared by the pages: element building (text only), dates, label chips, the label editor, the who-am-I line.
import { gql } from './api.js';
import { syncLook } from './look-sync.js';

// el(tag, attrs, ...children): an element; strings become text nodes, never HTML
export function el(tag, attrs, ...children) {
	const e = document.createElement(tag);
	for (const [k, v] of Object.entries(attrs || {})) {
		if (v === null || v === undefined || v === false) continue;
		if (k === 'class') e.className = v;
		else if (k === 'text') e.textContent = v;
		else if (k === 'dataset') Object.assign(e.dataset, v);
		else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
		else e.setAttribute(k, v === true ? '' : String(v));
	}
	for (const c of children.flat()) {
		if (c === null || c === undefined || c === false) continue;
		e.append(c instanceof Node ? c : document.createTextNode(String(c)));
	}
	return e;
}

// a date for people: "5 Mar 2024"; '' for nothing
export function fmtDate(iso) {
	if (!iso) return '';
	const d = new Date(iso);
	if (Number.isNaN(d.getTime())) return '';
	return d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

// the host of a URL, or the URL itself
export function hostOf(url) {
	try { return new URL(url).host; } catch (e) { return url || ''; }
}

// http(s) URLs only, for links built from stored data
export function safeHref(url) {
	try {
		const u = new URL(url);
		return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
	} catch (e) { return null; }
}

// the text of stored (sanitized) HTML, parsed inertly
export function htmlText(html) {
	const doc = new DOMParser().parseFromString(String(html || ''), 'text/html');
	return (doc.body.textContent || '').replace(/\s+/g, ' ').trim();
}

// a chip per label, in a <ul class="labels">; a label's colour goes through the CSSOM (no style attribute)
export function labelChips(labels, hrefOf) {
	const ul = el('ul', { class: 'labels', 'aria-label': 'Labels' });
	for (const l of labels || []) {
		const chip = hrefOf ? el('a', { class: 'chip', href: hrefOf(l), text: l.name }) : el('span', { class: 'chip', text: l.name });
		if (/^#[0-9a-fA-F]{3,8}$/.test(l.color || '')) chip.style.setProperty('--label-color', l.color);
		ul.append(el('li', null, chip));
	}
	return ul;
}

// the labels a comma-separated field names, trimmed, without duplicates (case-insensitively)
export function parseLabelNames(text) {
	const seen = new Set();
	const out = [];
	for (const raw of String(text).split(',')) {
		const name = raw.trim();
		if (!name || seen.has(name.toLowerCase())) continue;
		seen.add(name.toLowerCase());
		out.push(name);
	}
	return out;
}

const SET_LABELS = `mutation SetLabels($input: SetLabelsInput!) {
	setLabels(input: $input) { __typename ... on SetLabelsSuccess { labels { id name color } } ... on SetLabelsError { errorCodes message } } }`;

// labelEditor(itemId, labels, known, onSaved): a small form (comma-separated names, with the known labels
// offered) that replaces the item's labels through setLabels, creating missing ones; onSaved(newLabels)
let editorSeq = 0;
export function labelEditor(itemId, labels, known, onSaved, onCancel) {
	const listId = `known-labels-${++editorSeq}`;
	const input = el('input', {
		type: 'text', name: 'labels', list: listId, autocomplete: 'off',
		'aria-label': 'Labels, separated by commas', placeholder: 'Labels, separated by commas',
	});
	input.value = (labels || []).map((l) => l.name).join(', ');
	const datalist = el('datalist', { id: listId }, (known || []).map((l) => el('option', { value: l.name })));
	const status = el('p', { class: 'status', role: 'status' });
	const save = el('button', { type: 'submit', class: 'primary', text: 'Save labels' });
	const form = el('form', { class: 'label-editor' }, input, datalist,
		el('div', { class: 'actions' }, save, el('button', { type: 'button', text: 'Cancel', onclick: () => onCancel && onCancel() })),
		status);
	form.addEventListener('submit', async (ev) => {
		ev.preventDefault();
		save.disabled = true;
		status.textContent = 'Saving…';
		try {
			const names = parseLabelNames(input.value);
			const data = await gql(SET_LABELS, { input: { pageId: itemId, labels: names.map((name) => ({ name })) } });
			onSaved(data.setLabels.labels);
		} catch (e) {
			status.textContent = `Could not save the labels: ${e.message}`;
			status.classList.add('error');
			save.disabled = false;
		}
	});
	setTimeout(() => input.focus(), 0);
	return form;
}

// the "signed in as" line in the top bar
export function showUser(me) {
	const who = document.getElementById('whoami');
	if (who) who.textContent = me.profile && me.profile.username ? me.profile.username : me.name;
	// the account's look (the reader reads it with its text settings)
	if (!document.body.classList.contains('reader-page')) syncLook();
}

// a message in a status element (role=status), as an error or not
export function say(node, text, isError) {
	node.textContent = text;
	node.classList.toggle('error', !!isError);
}

// all the caller's labels (for filters and the editor's suggestions)
export async function allLabels() {
	const data = await gql('{ labels { __typename ... on LabelsSuccess { labels { id name color } } ... on LabelsError { errorCodes message } } }');
	return data.labels.labels;
}

// blob saved by the browser as a file called name (a link clicked; the blob's URL let go once the save has begun)
export function saveBlob(blob, name) {
	const a = el('a', { href: URL.createObjectURL(blob), download: name });
	document.body.append(a);
	a.click();
	a.remove();
	setTimeout(() => URL.revokeObjectURL(a.href), 60000);
}
