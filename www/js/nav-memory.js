// nav-memory.js: where the reader leads: back to the library view it was opened from (its search and the item kept current), and the next or previous item of that view's list, as the library left them in sessionStorage.
const RETURN = 'larder:return';   // the library's address (path and ?q=) the item was opened from
const LIST = 'larder:list';       // [[id, reader address], ...] of that view, in its order
const FOCUS = 'larder:focus';     // the item the library makes current when it is shown again

function read(key, fallback) {
	try {
		const v = sessionStorage.getItem(key);
		return v === null ? fallback : JSON.parse(v);
	} catch (e) { return fallback; }
}
function write(key, v) {
	try { sessionStorage.setItem(key, JSON.stringify(v)); } catch (e) { /* private mode: no memory, still works */ }
}

// the library calls this as an item is opened: its address, and the list as shown
export function rememberView(href, items) {
	write(RETURN, href);
	write(LIST, items);
}

// the library asks which item to make current (and forgets it)
export function takeFocus() {
	const id = read(FOCUS, null);
	try { sessionStorage.removeItem(FOCUS); } catch (e) { /* nothing kept */ }
	return id;
}

function listed(id) {
	const list = read(LIST, []);
	return { list: Array.isArray(list) ? list : [], i: Array.isArray(list) ? list.findIndex((e) => e && e[0] === id) : -1 };
}

// the address of the item `step` away from id in the remembered list, or null
export function neighbour(id, step) {
	const { list, i } = listed(id);
	const e = i < 0 ? null : list[i + step];
	return e && typeof e[1] === 'string' && e[1].startsWith('/') ? e[1] : null;
}

// back to the library: the item current there is id, or, when id has left the view (archived, deleted), the one
// after it (or before it at the end)
export function back(id, gone) {
	const { list, i } = listed(id);
	let focus = id;
	if (gone && i >= 0) {
		const e = list[i + 1] || list[i - 1];
		focus = e ? e[0] : null;
		list.splice(i, 1);
		write(LIST, list);
	}
	write(FOCUS, focus);
	const to = read(RETURN, null);
	location.assign(typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') ? to : '/home');
}
