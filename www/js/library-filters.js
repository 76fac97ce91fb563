// library-filters.js: saved searches in the sidebar (filters, saveFilter, updateFilter, deleteFilter, moveFilter): open one, save this search, reorder, hide or show, delete.
import { gql } from './api.js';
import { el, say } from './ui.js';
import { homeHref } from './library-query.js';

const F = 'id name filter position visible';
const LIST = `{ filters { __typename ... on FiltersSuccess { filters { ${F} } } ... on FiltersError { errorCodes message } } }`;
const SAVE = `mutation S($input: SaveFilterInput!) { saveFilter(input: $input) { __typename
	... on SaveFilterSuccess { filter { ${F} } } ... on SaveFilterError { errorCodes message } } }`;
const DELETE = `mutation D($id: ID!) { deleteFilter(id: $id) { __typename
	... on DeleteFilterSuccess { filter { id } } ... on DeleteFilterError { errorCodes message } } }`;
const SHOW = `mutation U($input: UpdateFilterInput!) { updateFilter(input: $input) { __typename
	... on UpdateFilterSuccess { filter { id } } ... on UpdateFilterError { errorCodes message } } }`;
const MOVE = `mutation M($input: MoveFilterInput!) { moveFilter(input: $input) { __typename
	... on MoveFilterSuccess { filter { id } } ... on MoveFilterError { errorCodes message } } }`;

// setupFilters(box, query): the "Saved searches" section in box (a <section> of home.html)
export async function setupFilters(box, query) {
	const list = box.querySelector('.saved-list');
	const status = box.querySelector('.saved-status');
	const form = box.querySelector('.save-search');
	const edit = box.querySelector('.saved-edit');
	let filters = [];

	async function load() {
		filters = (await gql(LIST)).filters.filters.sort((a, b) => a.position - b.position);
		draw();
	}
	function draw() {
		const editing = edit.getAttribute('aria-pressed') === 'true';
		// a hidden one (visible false: hidden here or in Omnivore's apps) shows only while editing, to be shown again
		const shown = editing ? filters : filters.filter((f) => f.visible !== false);
		list.replaceChildren(...shown.map((f, i) => el('li', { class: f.visible === false ? 'hidden-search' : null },
			el('a', { href: homeHref(f.filter), text: f.name, title: f.filter, 'aria-current': f.filter === query ? 'page' : null }),
			editing ? el('span', { class: 'row-tools' },
				el('button', { type: 'button', class: 'icon', text: f.visible === false ? 'Show' : 'Hide',
					'aria-label': `${f.visible === false ? 'Show' : 'Hide'} “${f.name}”`,
					onclick: () => act(SHOW, { input: { id: f.id, visible: f.visible === false } }) }),
				el('button', { type: 'button', class: 'icon', text: '↑', 'aria-label': `Move “${f.name}” up`, disabled: i === 0,
					onclick: () => act(MOVE, { input: { filterId: f.id, afterFilterId: i > 1 ? filters[i - 2].id : null } }) }),
				el('button', { type: 'button', class: 'icon', text: '↓', 'aria-label': `Move “${f.name}” down`, disabled: i === filters.length - 1,
					onclick: () => act(MOVE, { input: { filterId: f.id, afterFilterId: filters[i + 1]?.id } }) }),
				el('button', { type: 'button', class: 'icon danger', text: '✕', 'aria-label': `Delete “${f.name}”`,
					onclick: () => window.confirm(`Delete the saved search “${f.name}”?`) && act(DELETE, { id: f.id }) })) : null)));
		if (!shown.length) list.append(el('li', { class: 'hint', text: filters.length ? 'All hidden (Edit shows them).' : 'None yet.' }));
	}
	async function act(mutation, vars) {
		try {
			await gql(mutation, vars);
			await load();
			say(status, '');
		} catch (e) { say(status, `Could not change it: ${e.message}`, true); }
	}

	edit.addEventListener('click', () => {
		edit.setAttribute('aria-pressed', String(edit.getAttribute('aria-pressed') !== 'true'));
		draw();
	});
	box.querySelector('.save-search-open').addEventListener('click', () => {
		form.hidden = !form.hidden;
		if (!form.hidden) form.querySelector('input').focus();
	});
	form.addEventListener('submit', async (ev) => {
		ev.preventDefault();
		const name = form.querySelector('input').value.trim();
		if (!name) return;
		try {
			await gql(SAVE, { input: { name, filter: query } });
			form.reset();
			form.hidden = true;
			await load();
			say(status, `Saved “${name}”.`);
		} catch (e) { say(status, `Could not save the search: ${e.message}`, true); }
	});
	form.querySelector('.cancel').addEventListener('click', () => { form.hidden = true; });
	try { await load(); } catch (e) { say(status, `Could not load saved searches: ${e.message}`, true); }
}
