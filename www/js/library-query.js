// library-query.js: the library's view is its search query (?q= in Omnivore's language): read and edit its folder, label and sort terms.
const IN_RE = /(^|\s)in:\S+/gi;
const LABEL_RE = /(^|\s)label:("[^"]*"|\S+)/gi;
const SORT_RE = /(^|\s)sort:\S+/gi;

// the sort choices our search language takes (sort:key-dir); the first is the default
export const SORTS = [
	['saved-desc', 'Newest saved'], ['saved-asc', 'Oldest saved'], ['updated-desc', 'Recently changed'],
	['published-desc', 'Newest published'], ['read-desc', 'Recently read'],
	['wordscount-asc', 'Shortest'], ['wordscount-desc', 'Longest'],
];

const tidy = (q) => q.replace(/\s+/g, ' ').trim();
const first = (re, q) => { const m = re.exec(q); return m ? m[1] : null; };

// the folder a query looks at: inbox, archive, trash or all
export function folderOf(q) {
	const f = (first(/(?:^|\s)in:(\S+)/i, q) || 'all').toLowerCase();
	return f === 'archived' ? 'archive' : f === 'library' ? 'all' : f;
}
export function labelOf(q) {
	const v = first(/(?:^|\s)label:("[^"]*"|\S+)/i, q);
	return v ? v.replace(/^"|"$/g, '') : '';
}
export function sortOf(q) {
	const v = (first(/(?:^|\s)sort:(\S+)/i, q) || '').toLowerCase();
	if (!v) return SORTS[0][0];
	return v.includes('-') ? v : `${v}-desc`;
}
export function withLabel(q, name) {
	const rest = tidy(q.replace(LABEL_RE, ' '));
	if (!name) return rest;
	return tidy(`${rest} label:${/[\s",]/.test(name) ? `"${name.replace(/"/g, '')}"` : name}`);
}
export function withSort(q, sort) {
	const rest = tidy(q.replace(SORT_RE, ' '));
	return sort === SORTS[0][0] ? rest : tidy(`${rest} sort:${sort}`);
}
export const homeHref = (q) => `/home?q=${encodeURIComponent(q)}`;

// the query's own words, without folder and sort: whether it is a plain folder view
export const isPlainFolder = (q) => tidy(q.replace(IN_RE, ' ').replace(SORT_RE, ' ')) === '';
