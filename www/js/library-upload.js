// library-upload.js: the library's "Upload PDF": uploadFileRequest for an item and a one-time URL, the file PUT to it with its progress shown, then saveFile; failures said in words.
import { gql, uuid } from './api.js';
import { say } from './ui.js';

const REQUEST = `mutation U($input: UploadFileRequestInput!) { uploadFileRequest(input: $input) { __typename
	... on UploadFileRequestSuccess { id uploadSignedUrl createdPageId } ... on UploadFileRequestError { errorCodes message } } }`;
const SAVE = `mutation F($input: SaveFileInput!) { saveFile(input: $input) { __typename
	... on SaveSuccess { clientRequestId url } ... on SaveError { errorCodes message } } }`;

// PUT file to path, calling progress(fraction) as it goes: resolves, or rejects with the server's message
function put(path, file, progress) {
	return new Promise((resolve, reject) => {
		const x = new XMLHttpRequest();
		x.open('PUT', path);
		x.setRequestHeader('Content-Type', 'application/pdf');
		x.upload.addEventListener('progress', (ev) => { if (ev.lengthComputable) progress(ev.loaded / ev.total); });
		x.addEventListener('load', () => {
			if (x.status >= 200 && x.status < 300) return resolve();
			let msg = `the server answered HTTP ${x.status}`;
			try { msg = JSON.parse(x.responseText).errors[0].message || msg; } catch (e) { /* keep the status */ }
			return reject(new Error(msg));
		});
		x.addEventListener('error', () => reject(new Error('the connection failed')));
		x.send(file);
	});
}

// one file: its item, its bytes, its place in the library
async function upload(file, progress) {
	const id = uuid();
	const got = await gql(REQUEST, { input: { url: `file:///${encodeURIComponent(file.name)}`,
		contentType: 'application/pdf', clientRequestId: id, createPageEntry: true } });
	const r = got.uploadFileRequest;
	// the URL names the server's base_url; this page talks to its own origin
	await put(new URL(r.uploadSignedUrl, location.href).pathname, file, progress);
	await gql(SAVE, { input: { url: `file:///${encodeURIComponent(file.name)}`, source: 'upload',
		clientRequestId: r.createdPageId || id, uploadFileId: r.id } });
}

// the form: a file input, a button, a progress bar and a status line; done() after a file is in
export function setupUpload({ form, status, bar, done }) {
	const input = form.querySelector('input[type=file]');
	const button = form.querySelector('button');
	form.addEventListener('submit', async (ev) => {
		ev.preventDefault();
		const file = input.files && input.files[0];
		if (!file) return;
		if (file.type && file.type !== 'application/pdf') {
			say(status, `${file.name} is not a PDF.`, true);
			return;
		}
		button.disabled = true;
		bar.hidden = false;
		bar.value = 0;
		say(status, `Uploading ${file.name}…`);
		try {
			await upload(file, (f) => { bar.value = Math.round(f * 100); });
			input.value = '';
			say(status, `Uploaded ${file.name}; its text is in your library.`);
			await done();
		} catch (e) {
			say(status, `Could not upload ${file.name}: ${e.message}`, true);
		} finally {
			button.disabled = false;
			bar.hidden = true;
		}
	});
}
