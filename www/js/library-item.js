// library-item.js: one item of the library list: a select box, title, details, coloured labels, state, a reading-progress bar and its actions.
import { el, fmtDate, hostOf, htmlText, labelChips, labelEditor, say } from './ui.js';
import { readerHref, setArchived, deleteItem, restoreItem } from './items.js';
import { folderOf, withLabel, homeHref } from './library-query.js';

// ctx: { username, query, known (labels), onRemove(li, message), onSelect(li, event) }
export function itemView(node, ctx) {
	const li = el('li', { class: 'item', dataset: { id: node.id, state: node.state || '' } });
	const title = node.title || node.url;
	const site = node.siteName || hostOf(node.originalArticleUrl || node.url);
	const pct = Math.max(0, Math.min(100, Math.round(node.readingProgressPercent || 0)));
	const box = el('input', { type: 'checkbox', class: 'select', 'aria-label': `Select “${title}”` });
	box.addEventListener('click', (ev) => ctx.onSelect(li, ev));
	li.append(...[
		el('label', { class: 'select-box' }, box),
		el('div', { class: 'item-body' }, ...[
			el('a', { class: 'item-title', href: readerHref(ctx.username, node), text: title }),
			el('div', { class: 'meta' },
				el('span', { class: 'site', text: site }),
				node.author ? el('span', { class: 'author', text: node.author }) : null,
				el('span', { class: 'saved', text: `Saved ${fmtDate(node.savedAt)}` }),
				node.wordsCount ? el('span', { class: 'minutes', text: `${Math.max(1, Math.round(node.wordsCount / 235))} min` }) : null),
			labelChips(node.labels, (l) => homeHref(withLabel(ctx.query, l.name))),
			itemState(node),
			pct > 0 ? el('div', { class: 'progress' },
				el('progress', { max: 100, value: pct, 'aria-label': 'Reading progress' }),
				el('span', { class: 'pct', text: `${pct}% read` })) : null,
			actions(li, node, ctx)].filter(Boolean))]);
	return li;
}

// li drawn again for node; the current item stays current (and focused), so j and k go on from it
function redraw(li, node, ctx) {
	const fresh = itemView(node, ctx);
	const current = li.classList.contains('current');
	if (current) fresh.classList.add('current');
	li.replaceWith(fresh);
	if (current) fresh.querySelector('.item-title').focus();
}

function itemState(node) {
	if (node.state === 'PROCESSING') return el('p', { class: 'item-state processing', text: 'Saving…' });
	if (node.state === 'FAILED') {
		const reason = node.content ? htmlText(node.content) : '';
		return el('p', { class: 'item-state failed', text: `Saving failed${reason ? `: ${reason}` : '.'}` });
	}
	return null;
}

// a button that runs act(), saying why when it fails
function actButton(cls, text, status, doing, act) {
	const b = el('button', { type: 'button', class: cls, text });
	b.addEventListener('click', async () => {
		b.disabled = true;
		try {
			if (await act() === false) b.disabled = false;
		} catch (e) {
			say(status, `Could not ${doing}: ${e.message}`, true);
			b.disabled = false;
		}
	});
	return b;
}

function actions(li, node, ctx) {
	const status = el('span', { class: 'status', role: 'status' });
	const title = node.title || node.url;
	const folder = folderOf(ctx.query);
	if (folder === 'trash') {
		return el('div', { class: 'actions' }, actButton('restore', 'Restore', status, 'restore', async () => {
			await restoreItem(node.id);
			ctx.onRemove(li, `Restored “${title}”.`);
		}), status);
	}
	const archive = actButton('archive', node.isArchived ? 'Unarchive' : 'Archive', status, 'archive', async () => {
		await setArchived(node.id, !node.isArchived);
		node.isArchived = !node.isArchived;
		if ((folder === 'inbox' && node.isArchived) || (folder === 'archive' && !node.isArchived))
			ctx.onRemove(li, `${node.isArchived ? 'Archived' : 'Moved to the inbox'}: “${title}”.`);
		else redraw(li, node, ctx);
	});
	const labels = el('button', { type: 'button', class: 'edit-labels', text: 'Labels' });
	labels.addEventListener('click', () => {
		const old = li.querySelector('.label-editor');
		if (old) { old.remove(); return; }
		li.querySelector('.item-body').append(labelEditor(node.id, node.labels, ctx.known, (got) => {
			node.labels = got;
			const added = got.filter((l) => !ctx.known.some((k) => k.id === l.id));
			ctx.known.push(...added);
			if (added.length) ctx.labelsAdded?.();
			redraw(li, node, ctx);
		}, () => { li.querySelector('.label-editor')?.remove(); labels.focus(); }));
	});
	const del = actButton('delete danger', 'Delete', status, 'delete', async () => {
		if (!window.confirm(`Move “${title}” to the trash?`)) return false;
		await deleteItem(node.id);
		ctx.onRemove(li, `Moved “${title}” to the trash.`);
		return true;
	});
	return el('div', { class: 'actions' }, archive, labels, del, status);
}
