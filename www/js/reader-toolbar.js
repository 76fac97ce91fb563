// reader-toolbar.js: the small toolbar shown over a text selection in the article (Highlight, a colour, Note, Labels), and the same as commands for the keyboard.
import { say } from './ui.js';
import { selectedSpan, highlightSelection } from './reader-highlights.js';
import * as notebook from './reader-notebook.js';

const $ = (id) => document.getElementById(id);
const bar = () => $('hl-toolbar');

// highlights the selection (in color, or yellow), then opens the notebook at its note or labels form (what: null,
// 'note', 'labels')
export async function highlight(what, color) {
	hide();
	try {
		const h = await highlightSelection(color ? { color } : undefined);
		if (!h) return false;
		if (what) notebook.edit(h.id, what);
		return true;
	} catch (e) {
		say($('action-status'), `Could not highlight: ${e.message}`, true);
		return true;
	}
}

export function hide() { bar().hidden = true; }

function place() {
	const sel = window.getSelection();
	if (!selectedSpan()) { hide(); return; }
	const r = sel.getRangeAt(0).getBoundingClientRect();
	const b = bar();
	b.hidden = false;
	// below the selection (phones put their own menu above it), kept inside the window
	const w = b.offsetWidth;
	const left = Math.min(Math.max(8, r.left + r.width / 2 - w / 2), document.documentElement.clientWidth - w - 8);
	b.style.setProperty('--x', `${Math.round(left + window.scrollX)}px`);
	b.style.setProperty('--y', `${Math.round(r.bottom + window.scrollY + 8)}px`);
}

export function setup() {
	let timer = null;
	document.addEventListener('selectionchange', () => {
		clearTimeout(timer);
		timer = setTimeout(place, 150);
	});
	const b = bar();
	// pressing a button must not take the selection away
	b.addEventListener('pointerdown', (ev) => ev.preventDefault());
	$('tb-highlight').addEventListener('click', () => highlight(null));
	$('tb-note').addEventListener('click', () => highlight('note'));
	$('tb-labels').addEventListener('click', () => highlight('labels'));
	for (const s of b.querySelectorAll('button.swatch')) s.addEventListener('click', () => highlight(null, s.dataset.color));
}
