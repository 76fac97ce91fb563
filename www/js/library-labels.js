// library-labels.js: the labels in the sidebar, each with its colour: filter by one, make one, or change its name and colour (a colour picker).
import { gql } from './api.js';
import { el, say } from './ui.js';
import { homeHref, labelOf, withLabel } from './library-query.js';

const L = 'label { id name color }';
const CREATE = `mutation C($input: CreateLabelInput!) { createLabel(input: $input) { __typename
	... on CreateLabelSuccess { ${L} } ... on CreateLabelError { errorCodes message } } }`;
const UPDATE = `mutation U($input: UpdateLabelInput!) { updateLabel(input: $input) { __typename
	... on UpdateLabelSuccess { ${L} } ... on UpdateLabelError { errorCodes message } } }`;
const DELETE = `mutation D($id: ID!) { deleteLabel(id: $id) { __typename
	... on DeleteLabelSuccess { label { id } } ... on DeleteLabelError { errorCodes message } } }`;

// #abc → #aabbcc, as <input type=color> wants; a grey for anything else
export function hex6(c) {
	const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(c || '');
	if (!m) return '#8a8f98';
	return m[1].length === 3 ? `#${[...m[1]].map((x) => x + x).join('')}`.toLowerCase() : c.toLowerCase();
}

// setupLabels(box, query, known, changed): the Labels section; known is the page's array of labels, kept up to date;
// changed() after a label changed (the list's chips show the new name and colour); returns the function that
// redraws the list, for labels made elsewhere (an item's label editor)
export function setupLabels(box, query, known, changed) {
	const list = box.querySelector('.label-list');
	const status = box.querySelector('.labels-status');
	const current = labelOf(query).toLowerCase();

	function draw() {
		known.sort((a, b) => a.name.localeCompare(b.name));
		list.replaceChildren(...known.map((l) => {
			const a = el('a', { class: 'chip', href: homeHref(withLabel(query, l.name)), text: l.name,
				'aria-current': l.name.toLowerCase() === current ? 'page' : null });
			a.style.setProperty('--label-color', hex6(l.color));
			const edit = el('button', { type: 'button', class: 'icon', text: '✎', 'aria-label': `Edit the label “${l.name}”` });
			edit.addEventListener('click', () => { edit.closest('li').append(labelForm(l)); });
			return el('li', null, a, edit);
		}));
		if (!known.length) list.append(el('li', { class: 'hint', text: 'No labels yet.' }));
	}

	// a form for a new label (l absent) or for changing l
	function labelForm(l) {
		for (const f of box.querySelectorAll('.label-form')) f.remove();
		const name = el('input', { type: 'text', required: true, maxlength: 64, 'aria-label': 'Label name', placeholder: 'Name' });
		const color = el('input', { type: 'color', 'aria-label': 'Label colour' });
		name.value = l ? l.name : '';
		color.value = l ? hex6(l.color) : '#6fa8dc';
		const del = l ? el('button', { type: 'button', class: 'danger', text: 'Delete' }) : null;
		const form = el('form', { class: 'label-form' }, el('div', { class: 'row' }, color, name),
			el('div', { class: 'actions' }, el('button', { type: 'submit', class: 'primary', text: l ? 'Save' : 'Add label' }),
				el('button', { type: 'button', text: 'Cancel', onclick: () => form.remove() }), del));
		form.addEventListener('submit', async (ev) => {
			ev.preventDefault();
			await change(async () => {
				const data = l ? await gql(UPDATE, { input: { labelId: l.id, name: name.value.trim(), color: color.value } })
					: await gql(CREATE, { input: { name: name.value.trim(), color: color.value } });
				const got = (data.updateLabel || data.createLabel).label;
				const i = known.findIndex((k) => k.id === got.id);
				if (i >= 0) known[i] = got; else known.push(got);
			});
		});
		del?.addEventListener('click', async () => {
			if (!window.confirm(`Delete the label “${l.name}” from every item?`)) return;
			await change(async () => {
				await gql(DELETE, { id: l.id });
				known.splice(known.findIndex((k) => k.id === l.id), 1);
			});
		});
		setTimeout(() => name.focus(), 0);
		return form;
	}
	async function change(fn) {
		try {
			await fn();
			say(status, '');
			draw();
			changed();
		} catch (e) { say(status, `Could not change the label: ${e.message}`, true); }
	}

	box.querySelector('.label-new').addEventListener('click', () => box.querySelector('.label-new').after(labelForm(null)));
	draw();
	return draw;   // to call when labels were made elsewhere (an item's label editor)
}
