// highlights.js: the highlights page: the caller's highlights a page at a time (Query.highlights, narrowed by ?q= words), each with its article, and every one of them as Markdown grouped by article.
import { gql, requireUser } from './api.js';
import { el, fmtDate, labelChips, showUser, say, saveBlob } from './ui.js';
import { readerHref, passageMarkdown } from './items.js';

const PAGE = 50;
const MAX_EXPORT = 5000;   // highlights gathered for one Markdown export
const LIST = `query H($after: String, $first: Int, $q: String) { highlights(after: $after, first: $first, query: $q) {
	__typename ... on HighlightsSuccess { edges { node { id type quote annotation color createdAt updatedAt
		labels { name color } libraryItem { id slug title url originalArticleUrl } } } pageInfo { hasNextPage endCursor } }
	... on HighlightsError { errorCodes message } } }`;

const $ = (id) => document.getElementById(id);
const q = new URLSearchParams(location.search).get('q') || '';
let username = 'me';
let after = null;
let shown = 0;

function entry(h) {
	const it = h.libraryItem || {};
	return el('li', { class: 'hl-entry', dataset: { id: h.id, color: h.color || 'yellow' } },
		el('blockquote', { class: 'hl-quote', text: h.quote || '' }),
		h.annotation ? el('p', { class: 'hl-note', text: h.annotation }) : null,
		h.labels && h.labels.length ? labelChips(h.labels, null) : null,
		el('p', { class: 'hl-source hint' }, el('a', { href: readerHref(username, it), text: it.title || it.url || 'the article' }),
			` · ${fmtDate(h.updatedAt || h.createdAt)}`));
}

async function page(first) {
	const data = await gql(LIST, { after, first, q: q || null });
	const { edges, pageInfo } = data.highlights;
	return { list: edges.map((e) => e.node).filter((h) => h.type !== 'NOTE'), next: pageInfo.hasNextPage ? pageInfo.endCursor : null };
}

async function loadMore() {
	const more = $('more');
	more.disabled = true;
	say($('list-status'), 'Loading…');
	try {
		const { list, next } = await page(PAGE);
		$('all-highlights').append(...list.map(entry));
		shown += list.length;
		after = next;
		more.hidden = !next;
		$('count').textContent = `${shown}${next ? '+' : ''} ${shown === 1 ? 'highlight' : 'highlights'}${q ? ` holding “${q}”` : ''}`;
		$('none').hidden = shown > 0;
		$('none').textContent = q ? 'No highlight holds these words.' : 'No highlights yet: select text in an article to highlight it.';
		say($('list-status'), '');
	} catch (e) {
		say($('list-status'), `Could not list the highlights: ${e.message}`, true);
	} finally {
		more.disabled = false;
	}
}

// every highlight of the view (up to MAX_EXPORT) as Markdown, grouped by article in the order first met
async function markdown() {
	const keep = after;
	after = null;
	const groups = new Map();
	let n = 0;
	try {
		do {
			const { list, next } = await page(100);
			for (const h of list) {
				const it = h.libraryItem || {};
				if (!groups.has(it.id)) groups.set(it.id, { it, list: [] });
				groups.get(it.id).list.push(h);
			}
			n += list.length;
			after = next;
		} while (after && n < MAX_EXPORT);
	} finally {
		after = keep;
	}
	const out = [q ? `# Highlights holding “${q}”` : '# Highlights', ''];
	for (const { it, list } of groups.values()) {
		const url = it.originalArticleUrl || it.url || '';
		out.push(`## ${it.title || url}`, '', url ? `[${url}](${url})` : '', '');
		for (const h of list) out.push(...passageMarkdown(h));
	}
	return out.join('\n');
}

function setupExport() {
	const status = $('export-status');
	$('copy-md').addEventListener('click', async () => {
		try {
			await navigator.clipboard.writeText(await markdown());
			say(status, 'Copied.');
		} catch (e) { say(status, `Could not copy: ${e.message}`, true); }
	});
	$('download-md').addEventListener('click', async () => {
		try {
			saveBlob(new Blob([await markdown()], { type: 'text/markdown' }), 'highlights.md');
			say(status, 'Downloaded.');
		} catch (e) { say(status, `Could not download: ${e.message}`, true); }
	});
}

async function main() {
	$('hq').value = q;
	$('hl-search').addEventListener('submit', (ev) => {
		ev.preventDefault();
		const v = $('hq').value.trim();
		location.assign(v ? `/highlights?q=${encodeURIComponent(v)}` : '/highlights');
	});
	setupExport();
	$('more').addEventListener('click', loadMore);
	if ('IntersectionObserver' in window) {
		new IntersectionObserver((seen) => {
			if (seen.some((e) => e.isIntersecting) && !$('more').hidden && !$('more').disabled) loadMore();
		}, { rootMargin: '0px 0px 600px 0px' }).observe($('more'));
	}
	const me = await requireUser();
	showUser(me);
	username = me.profile && me.profile.username ? me.profile.username : 'me';
	await loadMore();
}
main().catch((e) => say($('list-status'), `Something went wrong: ${e.message}`, true));
