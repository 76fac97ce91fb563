// reader-notebook.js: the notebook panel beside the article: the article's note, every highlight with its note and labels (edit, label, delete, go to), and the whole as Markdown to copy or download.
import { el, labelChips, parseLabelNames, say, saveBlob } from './ui.js';
import { passageMarkdown } from './items.js';
import { state, passages, onChange, change, setHighlightLabels, deleteHighlight, saveArticleNote, reveal } from './reader-highlights.js';

const $ = (id) => document.getElementById(id);
const COLORS = ['yellow', 'red', 'green', 'blue'];
let editing = null;   // [highlight id, 'note' | 'labels'] of the open small form

// the notebook as Markdown: the title and link, the note, then each passage quoted with its note and labels
export function markdown() {
	const it = state.item;
	const out = [`# ${it.title || it.url}`, '', `[${it.originalArticleUrl || it.url}](${it.originalArticleUrl || it.url})`, ''];
	if (state.note && state.note.annotation) out.push('## Note', '', state.note.annotation, '');
	const list = passages();
	if (list.length) out.push('## Highlights', '');
	for (const h of list) out.push(...passageMarkdown(h));
	return out.join('\n');
}

// a small form of one field (a note or labels), saved by save(value)
function smallForm(label, value, multiline, save) {
	const field = multiline ? el('textarea', { rows: 3, 'aria-label': label }) : el('input', { type: 'text', 'aria-label': label, placeholder: label });
	field.value = value;
	const msg = el('p', { class: 'status', role: 'status' });
	const form = el('form', { class: 'hl-form' }, field,
		el('div', { class: 'actions' }, el('button', { type: 'submit', class: 'primary', text: 'Save' }),
			el('button', { type: 'button', text: 'Cancel', onclick: () => { editing = null; render(); } })), msg);
	form.addEventListener('submit', async (ev) => {
		ev.preventDefault();
		try {
			await save(field.value);
			editing = null;
			render();
		} catch (e) { say(msg, `Could not save: ${e.message}`, true); }
	});
	field.addEventListener('keydown', (ev) => {
		if (ev.key === 'Enter' && (ev.ctrlKey || ev.metaKey)) form.requestSubmit();
	});
	setTimeout(() => field.focus(), 0);
	return form;
}

// a highlight's colour, changed as it is chosen
function colorPicker(h) {
	const pick = el('select', { class: 'hl-color', 'aria-label': 'Colour' },
		COLORS.map((c) => el('option', { value: c, text: c[0].toUpperCase() + c.slice(1) })));
	pick.value = COLORS.includes(h.color) ? h.color : 'yellow';
	pick.addEventListener('change', () => change(h, { color: pick.value }).catch((e) => say($('notebook-status'), e.message, true)));
	return pick;
}

function entry(h) {
	const open = editing && editing[0] === h.id ? editing[1] : null;
	const act = (text, fn, cls) => el('button', { type: 'button', class: cls, text, onclick: fn });
	const li = el('li', { class: 'hl-entry', dataset: { id: h.id, color: h.color || 'yellow' } },
		el('blockquote', { class: 'hl-quote', text: h.quote || '' }),
		h.span ? null : el('p', { class: 'hint', text: 'This passage is no longer in the text.' }),
		h.annotation && open !== 'note' ? el('p', { class: 'hl-note', text: h.annotation }) : null,
		open !== 'labels' ? labelChips(h.labels) : null,
		open === 'note' ? smallForm('Note', h.annotation || '', true, (v) => change(h, { annotation: v })) : null,
		open === 'labels' ? smallForm('Labels, separated by commas', (h.labels || []).map((l) => l.name).join(', '), false,
			(v) => setHighlightLabels(h, parseLabelNames(v))) : null,
		open ? null : el('div', { class: 'actions' },
			h.span ? act('Go to', () => reveal(h)) : null,
			act(h.annotation ? 'Edit note' : 'Add note', () => edit(h.id, 'note'), 'hl-edit-note'),
			act('Labels', () => edit(h.id, 'labels'), 'hl-labels'),
			colorPicker(h),
			act('Delete', async () => {
				if (window.confirm('Delete this highlight?')) await deleteHighlight(h).catch((e) => say($('notebook-status'), e.message, true));
			}, 'danger hl-delete')));
	return li;
}

function render() {
	const list = passages();
	$('hl-count').textContent = list.length === 1 ? '1 highlight' : `${list.length} highlights`;
	if (state.item) $('hl-count').dataset.ready = '1';
	$('hl-list').replaceChildren(...list.map(entry));
	$('hl-empty').hidden = list.length > 0;
	const note = $('article-note');
	if (document.activeElement !== note) note.value = state.note ? state.note.annotation || '' : '';
}

export function edit(id, what) {
	editing = [id, what];
	open();
	render();
}

export function open(focusNote) {
	$('notebook').hidden = false;
	document.body.classList.add('notebook-open');
	$('notebook-button').setAttribute('aria-expanded', 'true');
	if (focusNote) $('article-note').focus();
	else if (!editing) $('notebook-close').focus();
}

export function close() {
	$('notebook').hidden = true;
	document.body.classList.remove('notebook-open');
	$('notebook-button').setAttribute('aria-expanded', 'false');
	editing = null;
}

export const isOpen = () => !$('notebook').hidden;

async function copyMarkdown() {
	const text = markdown();
	try {
		await navigator.clipboard.writeText(text);
		say($('notebook-status'), 'Copied the notebook as Markdown.');
	} catch (e) {
		say($('notebook-status'), 'Could not copy; use Download instead.', true);
	}
}

function downloadMarkdown() {
	saveBlob(new Blob([markdown()], { type: 'text/markdown' }), `${state.item.slug || state.item.id}.md`);
}

export function setup() {
	$('notebook-button').addEventListener('click', () => (isOpen() ? close() : open()));
	$('notebook-close').addEventListener('click', () => { close(); $('notebook-button').focus(); });
	$('note-form').addEventListener('submit', async (ev) => {
		ev.preventDefault();
		try {
			await saveArticleNote($('article-note').value);
			say($('note-status'), 'Note saved.');
		} catch (e) { say($('note-status'), `Could not save the note: ${e.message}`, true); }
	});
	$('copy-md').addEventListener('click', copyMarkdown);
	$('download-md').addEventListener('click', downloadMarkdown);
	// a highlight in the text opens its entry
	$('content').addEventListener('click', (ev) => {
		const m = ev.target.closest('mark.hl');
		if (!m || !window.getSelection().isCollapsed) return;
		open();
		const li = $('hl-list').querySelector(`li[data-id="${CSS.escape(m.dataset.id)}"]`);
		if (li) { li.scrollIntoView({ block: 'nearest' }); li.querySelector('button').focus(); }
	});
	onChange(render);
	render();
}
