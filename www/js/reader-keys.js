// reader-keys.js: the reader's keyboard, Omnivore's keys: j/k the next or previous highlight, J/K the next or previous item of the library's list, e archive and go back, # delete, u or Esc back to the library (Esc first stops reading aloud and closes panels), h highlight the selection, n a note, b the notebook, t text settings, l read aloud, o the original, ? the list of keys.
import * as toolbar from './reader-toolbar.js';
import * as notebook from './reader-notebook.js';
import * as settings from './reader-settings.js';
import { revealNext } from './reader-highlights.js';

const $ = (id) => document.getElementById(id);
const STEP = 0.4;   // of the window's height, per j or k when the article has no highlight that way

// an open panel or toolbar, closed; false when there was none (Esc then leaves the reader)
function closeSomething() {
	const open = !$('hl-toolbar').hidden || notebook.isOpen() || !$('reader-settings').hidden || !!$('label-editor').firstChild;
	toolbar.hide();
	notebook.close();
	settings.close();
	$('label-editor').replaceChildren();
	return open;
}

// setup({ archive, remove, back, next, previous, listen, stopListening }): the item's actions, from reader.js
export function setup(act) {
	const keys = {
		j: () => { if (!revealNext(1)) window.scrollBy({ top: window.innerHeight * STEP, behavior: 'smooth' }); },
		k: () => { if (!revealNext(-1)) window.scrollBy({ top: -window.innerHeight * STEP, behavior: 'smooth' }); },
		J: () => act.next(),
		K: () => act.previous(),
		e: () => act.archive(),
		'#': () => act.remove(),
		u: () => act.back(),
		h: () => toolbar.highlight(null),
		n: async () => { if (!(await toolbar.highlight('note'))) notebook.open(true); },
		b: () => (notebook.isOpen() ? notebook.close() : notebook.open()),
		t: () => settings.toggle(),
		l: () => act.listen(),
		o: () => { const a = $('original'); if (!a.hidden && a.href) window.open(a.href, '_blank', 'noopener,noreferrer'); },
		'?': () => $('help').showModal(),
		Escape: () => { if (!act.stopListening() && !closeSomething()) act.back(); },
	};
	document.addEventListener('keydown', (ev) => {
		if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented) return;
		const t = ev.target;
		const typing = t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
		if (typing && ev.key !== 'Escape') return;
		if ($('help').open) return;   // the dialog closes itself on Esc
		if (typing && ev.key === 'Escape') {   // Esc in a field leaves the field; a second Esc closes the panel
			if (t.closest('#notebook, #reader-settings, #label-editor')) {
				ev.preventDefault();
				t.blur();
			}
			return;
		}
		const fn = keys[ev.key];
		if (!fn) return;
		ev.preventDefault();
		fn();
	});
	$('help-button').addEventListener('click', () => $('help').showModal());
}
