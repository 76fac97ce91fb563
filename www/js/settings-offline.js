// settings-offline.js: the offline settings page: shows how many articles the service worker keeps (and sets it), the space they take, the kept articles, the changes waiting to be sent and those the server refused, and forgets the kept articles.
import { requireUser } from './api.js';
import { el, fmtDate, showUser, say } from './ui.js';
import { ask } from './pwa.js';

const $ = (id) => document.getElementById(id);

// a size for people: 1.2 MB, 340 kB, 900 bytes
export function size(n) {
	if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
	if (n >= 1e3) return `${Math.round(n / 1e3)} kB`;
	return `${n} bytes`;
}

const WHAT = { setLinkArchived: 'archive', saveArticleReadingProgress: 'reading progress', createHighlight: 'new highlight',
	updateHighlight: 'highlight change', deleteHighlight: 'highlight deletion' };

function show(s) {
	if (!s) return;
	if (s.error) { say($('limit-status'), s.error, true); return; }
	if (document.activeElement !== $('offline-limit')) $('offline-limit').value = String(s.limit);
	$('offline-limit').max = String(s.max);
	const bytes = s.items.reduce((n, it) => n + it.bytes, 0);
	const hidden = s.items.reduce((n, it) => n + it.hiddenImages, 0);
	$('offline-summary').textContent = `${s.items.length} article${s.items.length === 1 ? '' : 's'} kept, ${size(bytes)}`
		+ (hidden ? ` and ${hidden} image${hidden === 1 ? '' : 's'} from other sites (whose size the browser does not tell)` : '')
		+ '.' + (s.usage != null ? ` Larder's storage in this browser in all: ${size(s.usage)}.` : '');
	$('offline-items').replaceChildren(...s.items.map((it) => el('li', { dataset: { id: it.id } },
		el('a', { href: `/me/${encodeURIComponent(it.slug)}`, text: it.title || it.slug }),
		el('span', { class: 'meta', text: ` · ${size(it.bytes)} · opened ${fmtDate(new Date(it.opened).toISOString())}` }))));
	$('offline-waiting').textContent = s.waiting ? `${s.waiting} change${s.waiting === 1 ? '' : 's'} made offline wait${s.waiting === 1 ? 's' : ''} to be sent.` : 'No change waits to be sent.';
	$('offline-failed').replaceChildren(...s.failed.map((f) => el('li', { class: 'error',
		text: `A ${WHAT[f.field] || f.field} made offline was refused by the server (${fmtDate(new Date(f.at).toISOString())}): ${f.problem}` })));
}

async function main() {
	if (!('serviceWorker' in navigator) || !window.isSecureContext) {
		$('no-worker').hidden = false;
		$('offline-summary').textContent = 'Nothing is kept.';
	}
	showUser(await requireUser());
	show(await ask('status'));
	$('limit-form').addEventListener('submit', async (ev) => {
		ev.preventDefault();
		const n = Number($('offline-limit').value);
		const s = await ask('limit', { n });
		show(s);
		if (s && !s.error) say($('limit-status'), `Saved: the last ${s.limit} article${s.limit === 1 ? '' : 's'} opened are kept.`);
	});
	$('offline-forget').addEventListener('click', async () => {
		show(await ask('forget'));
		say($('limit-status'), 'The kept articles are forgotten (the limit stays).');
	});
}
main().catch((e) => say($('limit-status'), `Something went wrong: ${e.message}`, true));
