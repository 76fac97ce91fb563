// epub.js: the EPUB download of the reader (one article) and the library (the list on screen): /api/export?format=epub fetched with the session, saved under the server's file name, or its refusal said.
import { say, saveBlob } from './ui.js';

// the book of params ({id} or {q}) downloaded; status tells what happens
export async function downloadEpub(params, status) {
	say(status, 'Making the EPUB…');
	const qs = new URLSearchParams({ format: 'epub', ...params });
	let res;
	try {
		res = await fetch(`/api/export?${qs}`, { method: 'POST', credentials: 'same-origin' });
	} catch (e) {
		say(status, `Could not make the EPUB: ${e.message}`, true);
		return;
	}
	if (!res.ok) {
		let msg = `HTTP ${res.status}`;
		try { msg = (await res.json()).errors[0].message; } catch (e) { /* not our JSON */ }
		say(status, `No EPUB: ${msg}`, true);
		return;
	}
	const blob = await res.blob();
	const m = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') || '');
	const name = m ? m[1] : 'larder.epub';
	saveBlob(blob, name);
	say(status, `Downloaded ${name}.`);
}

// button downloads the book of params() (called at each click), saying so in status
export function epubButton(button, params, status) {
	button.addEventListener('click', async () => {
		button.disabled = true;
		try { await downloadEpub(params(), status); } finally { button.disabled = false; }
	});
}
