// import.js: the import page: asks uploadImportFile for a one-time upload URL, PUTs the chosen file there with a progress bar, then polls /api/import/ID until the import is done and shows its report.
import { gql, requireUser, toLogin } from './api.js';
import { showUser, say } from './ui.js';

const $ = (id) => document.getElementById(id);
const POLL_MS = 700;

// a one-time URL on this site to PUT the file to (only its path is used: the page's own origin)
async function uploadPath(kind, contentType) {
	const data = await gql(`mutation U($type: UploadImportFileType!, $contentType: String!) {
		uploadImportFile(type: $type, contentType: $contentType) {
			__typename ... on UploadImportFileSuccess { uploadSignedUrl } ... on UploadImportFileError { errorCodes message } } }`,
	{ type: kind, contentType });
	const r = data.uploadImportFile;
	if (r.__typename !== 'UploadImportFileSuccess') throw new Error(r.message || r.errorCodes.join(', '));
	return new URL(data.uploadImportFile.uploadSignedUrl, location.href).pathname;
}

// PUT the file with the upload's progress shown; resolves with the import ({id, status})
function upload(path, file) {
	return new Promise((resolve, reject) => {
		const xhr = new XMLHttpRequest();
		xhr.open('PUT', path);
		xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
		xhr.upload.addEventListener('progress', (e) => {
			if (!e.lengthComputable) return;
			const pct = Math.round((100 * e.loaded) / e.total);
			$('upload-progress').value = pct;
			$('upload-percent').textContent = `${pct}%`;
		});
		xhr.addEventListener('load', () => {
			let body = {};
			try { body = JSON.parse(xhr.responseText); } catch (e) { /* an answer without JSON */ }
			if (xhr.status === 200) resolve(body);
			else reject(new Error((body.errors && body.errors[0] && body.errors[0].message) || `HTTP ${xhr.status}`));
		});
		xhr.addEventListener('error', () => reject(new Error('the upload was interrupted')));
		xhr.send(file);
	});
}

// the import as the server has it now
async function importState(id) {
	const res = await fetch(`/api/import/${encodeURIComponent(id)}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
	if (res.status === 401) {
		toLogin();
		throw new Error('Not logged in');
	}
	if (!res.ok) throw new Error(`HTTP ${res.status}`);
	return res.json();
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// the user's usage against the quotas of larder.conf (GET /api/import/usage), one line each
const QUOTAS = [['items', 'Items'], ['bytes', 'Stored bytes'], ['importsPending', 'Imports waiting or running'],
	['subscriptions', 'Feed subscriptions']];
async function showUsage() {
	const res = await fetch('/api/import/usage', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
	if (!res.ok) return;
	const u = await res.json();
	const list = $('usage-list');
	list.replaceChildren(...QUOTAS.map(([k, label]) => {
		const li = document.createElement('li');
		li.textContent = `${label}: ${u[k].used.toLocaleString()} of ${u[k].most.toLocaleString()} (${u[k].key})`;
		return li;
	}));
	$('usage-card').hidden = false;
}

function showReport(imp) {
	$('report-counts').textContent = `${imp.added} added, ${imp.updated} updated, ${imp.unchanged} unchanged, ${imp.failed} failed.`;
	const lines = (imp.report || '').trim();
	$('report-lines').textContent = lines;
	$('report-lines').hidden = !lines;
	$('report-none').hidden = !!lines;
	$('report-card').hidden = false;
}

async function run(e) {
	e.preventDefault();
	const file = $('file').files[0];
	if (!file) return;
	$('start').disabled = true;
	$('report-card').hidden = true;
	$('progress-card').hidden = false;
	$('upload-progress').value = 0;
	$('upload-percent').textContent = '0%';
	say($('status'), '');
	try {
		say($('import-status'), 'Uploading…');
		const imp = await upload(await uploadPath($('kind').value, file.type || 'application/octet-stream'), file);
		say($('import-status'), 'Importing…');
		let state = imp;
		while (state.status !== 'done' && state.status !== 'failed') {
			await sleep(POLL_MS);
			state = await importState(imp.id);
		}
		say($('import-status'), state.status === 'done' ? 'Imported.' : 'The file could not be imported.', state.status !== 'done');
		showReport(state);
		showUsage();
	} catch (err) {
		say($('import-status'), '');
		say($('status'), `Could not import: ${err.message}`, true);
	} finally {
		$('start').disabled = false;
	}
}

requireUser().then((me) => {
	showUser(me);
	showUsage();
	$('import-form').addEventListener('submit', run);
});
