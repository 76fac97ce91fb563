// pwa.js: every page's part of the installable app: registers the service worker (/sw.js), says when the network is cut and when changes made offline wait to be sent (sending them when it returns), and in the library archives an item swiped to the left.

// ask(type, extra): the service worker's answer to a message (its status), or null without one
export async function ask(type, extra) {
	if (!('serviceWorker' in navigator)) return null;
	const reg = await navigator.serviceWorker.ready;
	const sw = navigator.serviceWorker.controller || reg.active;
	if (!sw) return null;
	return new Promise((resolve) => {
		const ch = new MessageChannel();
		ch.port1.onmessage = (ev) => resolve(ev.data);
		sw.postMessage({ type, ...extra }, [ch.port2]);
	});
}

// the note at the top of the page: offline, and how many changes wait
let waiting = 0;
let kept = false; // an answer came from what is kept while the browser thought it was online: the server is out of reach
function note() {
	let p = document.getElementById('offline-note');
	const text = (!navigator.onLine ? 'Offline: showing what is kept. ' : kept ? 'Larder cannot be reached: showing what is kept. ' : '')
		+ (waiting ? `${waiting} change${waiting === 1 ? '' : 's'} made offline wait${waiting === 1 ? 's' : ''} to be sent.` : '');
	if (!text) { if (p) p.hidden = true; return; }
	if (!p) {
		p = document.createElement('p');
		p.id = 'offline-note';
		p.className = 'offline-note';
		p.setAttribute('role', 'status');
		document.body.prepend(p);
	}
	p.textContent = text.trim();
	p.hidden = false;
}

function heard(s) {
	if (!s || typeof s.waiting !== 'number') return;
	waiting = s.waiting;
	note();
}

let retry = null;
async function send() {
	clearTimeout(retry);
	retry = null;
	heard(await ask('flush'));
	again();
}
// while changes wait, or the note says Larder cannot be reached, an online browser asks the worker again every 5 s
// (the server may still be out of reach; and the network may come back for the page a moment before the worker)
function again() {
	if (retry === null && (waiting || kept) && navigator.onLine) retry = setTimeout(send, 5000);
}

// ---- swipe to archive (the library): an item dragged left past a third of its width is archived through its
// own Archive button; a shorter drag springs back
function swipe() {
	let li = null, x0 = 0, y0 = 0, dx = 0;
	document.addEventListener('touchstart', (ev) => {
		li = ev.touches.length === 1 && ev.target.closest && ev.target.closest('li.item');
		if (!li || !li.querySelector('button.archive')) { li = null; return; }
		x0 = ev.touches[0].clientX;
		y0 = ev.touches[0].clientY;
		dx = 0;
	}, { passive: true });
	document.addEventListener('touchmove', (ev) => {
		if (!li) return;
		dx = ev.touches[0].clientX - x0;
		if (Math.abs(ev.touches[0].clientY - y0) > Math.abs(dx)) { li.style.transform = ''; li = null; return; }
		li.style.transform = dx < 0 ? `translateX(${dx}px)` : '';
	}, { passive: true });
	document.addEventListener('touchend', () => {
		if (!li) return;
		const it = li;
		li = null;
		it.style.transform = '';
		if (dx < -it.offsetWidth / 3) it.querySelector('button.archive').click();
	});
}

if ('serviceWorker' in navigator && window.isSecureContext) {
	navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((e) => console.warn(`The offline reader could not start: ${e.message}`));
	navigator.serviceWorker.addEventListener('message', (ev) => {
		// a queue message says whether answers come from what is kept too, in line with 'kept' and 'live' (a page
		// that missed one is set right by the next); an answer to ask() comes another way, so it is not asked that
		if (ev.data && ev.data.type === 'queue') {
			if (typeof ev.data.kept === 'boolean') kept = ev.data.kept;
			heard(ev.data);
			again();
		}
		if (ev.data && (ev.data.type === 'kept' || ev.data.type === 'live')) { kept = ev.data.type === 'kept'; note(); again(); }
	});
	window.addEventListener('online', () => { note(); send(); });
	window.addEventListener('offline', note);
	navigator.serviceWorker.ready.then(() => (navigator.onLine ? send() : ask('status').then(heard)));
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', note);
else note();
if (location.pathname === '/home' || location.pathname === '/') swipe();
