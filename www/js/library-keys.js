// library-keys.js: the library's keyboard: j/k move, o or Enter open, e archive, # delete, l labels, x select, / search, ? help.
const typing = (t) => t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

// setupKeys({ list, search, help (a <dialog>), select (library-select's controller) })
export function setupKeys(o) {
	const items = () => [...o.list.querySelectorAll(':scope > li')];
	const current = () => o.list.querySelector(':scope > li.current');

	function move(step) {
		const all = items();
		if (!all.length) return;
		const i = all.indexOf(current());
		const next = all[i < 0 ? 0 : Math.max(0, Math.min(all.length - 1, i + step))];
		current()?.classList.remove('current');
		next.classList.add('current');
		next.querySelector('.item-title').focus();
		next.scrollIntoView({ block: 'nearest' });
	}
	const press = (sel) => current()?.querySelector(sel)?.click();
	const keys = {
		j: () => move(1),
		k: () => move(-1),
		o: () => press('.item-title'),
		Enter: () => press('.item-title'),
		e: () => press('button.archive'),
		'#': () => press('button.delete'),
		l: () => press('button.edit-labels'),
		x: () => { if (current()) o.select.toggle(current()); },
		'/': () => { o.search.focus(); o.search.select(); },
		'?': () => o.help.showModal(),
		Escape: () => o.select.setAll(false),
	};

	// a click or focus inside an item makes it the current one
	o.list.addEventListener('focusin', (ev) => {
		const li = ev.target.closest('.items > li');
		if (!li || li === current()) return;
		current()?.classList.remove('current');
		li.classList.add('current');
	});
	document.addEventListener('keydown', (ev) => {
		if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target) || o.help.open) return;
		const act = keys[ev.key];
		if (!act) return;
		// Enter on a link or button already does its own thing
		if (ev.key === 'Enter' && ev.target.closest('a, button, summary')) return;
		ev.preventDefault();
		act();
	});
	for (const b of document.querySelectorAll('.help-open')) b.addEventListener('click', () => o.help.showModal());
	o.help.querySelector('.help-close').addEventListener('click', () => o.help.close());
}
