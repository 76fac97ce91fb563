// library-select.js: picking items (their boxes, shift-click for a range, x from the keyboard) and the bar that archives, labels, deletes or restores them together.
import { el, say } from './ui.js';
import { bulk, restoreAll } from './library-bulk.js';

// setupSelection({ list, bar, trash, known: () => labels, done(message) }): the selection's controller
export function setupSelection(o) {
	const boxes = () => [...o.list.querySelectorAll('input.select')];
	let anchor = null;   // the last box clicked without shift
	const count = o.bar.querySelector('.bulk-count');
	const status = o.bar.querySelector('.bulk-status');

	function refresh() {
		const n = boxes().filter((b) => b.checked).length;
		for (const b of boxes()) b.closest('li').classList.toggle('selected', b.checked);
		o.bar.hidden = n === 0;
		count.textContent = `${n} selected`;
	}
	const ids = () => boxes().filter((b) => b.checked).map((b) => b.closest('li').dataset.id);

	function onSelect(li, ev) {
		const box = li.querySelector('input.select');
		const all = boxes();
		if (ev && ev.shiftKey && anchor && all.includes(anchor)) {
			const [a, b] = [all.indexOf(anchor), all.indexOf(box)].sort((x, y) => x - y);
			for (const x of all.slice(a, b + 1)) x.checked = box.checked;
		} else anchor = box;
		refresh();
	}
	function toggle(li) {
		const box = li.querySelector('input.select');
		box.checked = !box.checked;
		onSelect(li, null);
	}
	function setAll(on) {
		for (const b of boxes()) b.checked = on;
		refresh();
	}

	async function run(doing, act) {
		const chosen = ids();
		if (!chosen.length) return;
		for (const b of o.bar.querySelectorAll('button')) b.disabled = true;
		say(status, `${doing}…`);
		try {
			const message = await act(chosen);
			say(status, '');
			await o.done(message);
		} catch (e) {
			say(status, `Could not finish: ${e.message}`, true);
		} finally {
			for (const b of o.bar.querySelectorAll('button')) b.disabled = false;
			refresh();
		}
	}
	const plural = (n) => `${n} ${n === 1 ? 'item' : 'items'}`;
	const on = (cls, fn) => o.bar.querySelector(cls).addEventListener('click', fn);
	on('.bulk-archive', () => run('Archiving', async (c) => { await bulk('ARCHIVE', c); return `Archived ${plural(c.length)}.`; }));
	on('.bulk-delete', () => {
		if (!window.confirm(`Move ${plural(ids().length)} to the trash?`)) return;
		run('Deleting', async (c) => { await bulk('DELETE', c); return `Moved ${plural(c.length)} to the trash.`; });
	});
	on('.bulk-restore', () => run('Restoring', async (c) => { await restoreAll(c); return `Restored ${plural(c.length)}.`; }));
	on('.bulk-all', () => setAll(true));
	on('.bulk-none', () => setAll(false));
	for (const b of o.bar.querySelectorAll(o.trash ? '.not-trash' : '.trash-only')) b.hidden = true;
	setupLabelMenu(o, run, plural);
	return { onSelect, toggle, setAll, refresh, any: () => ids().length > 0 };
}

// "Add labels": a menu of the known labels, ticked ones added to every selected item
function setupLabelMenu(o, run, plural) {
	const menu = o.bar.querySelector('.bulk-labels');
	const panel = menu.querySelector('.menu-panel');
	menu.addEventListener('toggle', () => {
		if (!menu.open) return;
		const known = o.known();
		const apply = el('button', { type: 'button', class: 'primary', text: 'Add to selected' });
		panel.replaceChildren(...(known.length ? known.map((l) => el('label', { class: 'menu-check' },
			el('input', { type: 'checkbox', value: l.id }), l.name)) : [el('p', { class: 'hint', text: 'No labels yet: make one in the sidebar.' })]),
		known.length ? apply : null);
		apply.addEventListener('click', () => {
			const chosen = [...panel.querySelectorAll('input:checked')].map((b) => b.value);
			if (!chosen.length) return;
			menu.open = false;
			run('Labelling', async (c) => { await bulk('ADD_LABELS', c, chosen); return `Labelled ${plural(c.length)}.`; });
		});
		panel.querySelector('input')?.focus();
	});
}
