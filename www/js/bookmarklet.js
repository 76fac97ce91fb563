// bookmarklet.js: builds the "Save to Larder" bookmarklet for this server's origin and the labels the user types.
import { requireUser } from './api.js';
import { showUser, parseLabelNames } from './ui.js';

const $ = (id) => document.getElementById(id);

// the JavaScript the bookmark runs on another site: open our /api/save with that page's address
export function bookmarkletCode(origin, labels) {
	const base = `${origin}/api/save?url=`;
	const tail = labels.map((l) => `&labels=${encodeURIComponent(l)}`).join('');
	return `(function(){location.href=${JSON.stringify(base)}+encodeURIComponent(location.href)${tail ? `+${JSON.stringify(tail)}` : ''};})();`;
}

// the href: the code percent-encoded (the browser decodes a javascript: URL once before it runs it)
export function bookmarkletHref(origin, labels) {
	return `javascript:${encodeURIComponent(bookmarkletCode(origin, labels))}`;
}

function update() {
	const labels = parseLabelNames($('labels').value);
	$('bookmarklet').href = bookmarkletHref(location.origin, labels);
	$('code').textContent = bookmarkletCode(location.origin, labels);
}

$('save-endpoint').textContent = `${location.origin}/api/save`;
$('labels').addEventListener('input', update);
// clicking it here does nothing useful (and our CSP would refuse it): it is meant to be dragged
$('bookmarklet').addEventListener('click', (ev) => {
	ev.preventDefault();
	$('click-hint').textContent = 'Drag the button to your bookmarks bar instead of clicking it here.';
});
update();
requireUser().then(showUser).catch(() => {});
