// offline-store.js: the service worker's IndexedDB (loaded with importScripts): whose library is kept, the kept API answers, the kept articles and the queue of changes made offline.
'use strict';
(function (g) {
	const NAME = 'larder-offline';
	let opening = null;

	// the database, made on first use: meta (key → value), answers (by key, indexed by item), items (by id),
	// queue (by an increasing seq: the order the changes were made in)
	function open() {
		if (!opening) {
			opening = new Promise((resolve, reject) => {
				const r = indexedDB.open(NAME, 1);
				r.onupgradeneeded = () => {
					const db = r.result;
					db.createObjectStore('meta');
					db.createObjectStore('answers', { keyPath: 'key' }).createIndex('item', 'item');
					db.createObjectStore('items', { keyPath: 'id' });
					db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
				};
				r.onsuccess = () => resolve(r.result);
				r.onerror = () => { opening = null; reject(r.error); };
			});
		}
		return opening;
	}

	// one request on one store, its result
	async function run(store, mode, fn) {
		const db = await open();
		return new Promise((resolve, reject) => {
			const t = db.transaction(store, mode);
			const r = fn(t.objectStore(store));
			t.oncomplete = () => resolve(r.result);
			t.onerror = () => reject(t.error);
			t.onabort = () => reject(t.error || new Error('IndexedDB transaction aborted'));
		});
	}

	g.larderStore = {
		get: (store, key) => run(store, 'readonly', (s) => s.get(key)),
		put: (store, value, key) => run(store, 'readwrite', (s) => (key === undefined ? s.put(value) : s.put(value, key))),
		del: (store, key) => run(store, 'readwrite', (s) => s.delete(key)),
		all: (store) => run(store, 'readonly', (s) => s.getAll()),
		byItem: (id) => run('answers', 'readonly', (s) => s.index('item').getAll(id)),
		clear: (store) => run(store, 'readwrite', (s) => s.clear()),
	};
})(self);
