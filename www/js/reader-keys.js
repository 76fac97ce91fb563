// reader-keys.js: the reader's keyboard: j/k scroll, h highlight the selection, n a note, b the notebook, t text settings, o the original, Esc leaves a field or closes, ? the list of keys.
import * as toolbar from './reader-toolbar.js';
import * as notebook from './reader-notebook.js';
import * as settings from './reader-settings.js';

const $ = (id) => document.getElementById(id);
const STEP = 0.4;   // of the window's height, per j or k

const keys = {
	j: () => window.scrollBy({ top: window.innerHeight * STEP, behavior: 'smooth' }),
	k: () => window.scrollBy({ top: -window.innerHeight * STEP, behavior: 'smooth' }),
	h: () => toolbar.highlight(null),
	n: async () => { if (!(await toolbar.highlight('note'))) notebook.open(true); },
	b: () => (notebook.isOpen() ? notebook.close() : notebook.open()),
	t: () => settings.toggle(),
	o: () => { const a = $('original'); if (!a.hidden && a.href) window.open(a.href, '_blank', 'noopener,noreferrer'); },
	'?': () => $('help').showModal(),
	Escape: () => { toolbar.hide(); notebook.close(); settings.close(); },
};

export function setup() {
	document.addEventListener('keydown', (ev) => {
		if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.defaultPrevented) return;
		const t = ev.target;
		const typing = t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
		if (typing && ev.key !== 'Escape') return;
		if ($('help').open) return;   // the dialog closes itself on Esc
		if (typing && ev.key === 'Escape') {   // Esc in a field leaves the field; a second Esc closes the panel
			if (t.closest('#notebook, #reader-settings')) {
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
