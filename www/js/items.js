// items.js: what the library and the reader both ask of an item: its fields, the reader's address, and the item mutations.
import { gql, postGraphql } from './api.js';

// the fields of a library item, valid on both SearchItem and Article
export const ITEM_FIELDS = `id title slug url originalArticleUrl author siteName description savedAt publishedAt
	state isArchived readingProgressPercent wordsCount labels { id name color }`;

// the reader's address of an item
export function readerHref(username, item) {
	return `/${encodeURIComponent(username || 'me')}/${encodeURIComponent(item.slug || item.id)}`;
}

export async function setArchived(id, archived) {
	await gql(`mutation Archive($input: ArchiveLinkInput!) { setLinkArchived(input: $input) { __typename
		... on ArchiveLinkSuccess { linkId message } ... on ArchiveLinkError { errorCodes message } } }`,
	{ input: { linkId: id, archived } });
}

// move an item to the trash
export async function deleteItem(id) {
	await gql(`mutation Delete($input: SetBookmarkArticleInput!) { setBookmarkArticle(input: $input) { __typename
		... on SetBookmarkArticleSuccess { bookmarkedArticle { id } } ... on SetBookmarkArticleError { errorCodes } } }`,
	{ input: { articleID: id, bookmark: false } });
}

// articles(ids, withContent): the items by id in one request ({id: article}); missing ones are left out
export async function articles(ids, withContent) {
	if (!ids.length) return {};
	const vars = {};
	const parts = ids.map((id, i) => {
		vars[`s${i}`] = id;
		return `a${i}: article(username: "me", slug: $s${i}) { __typename
			... on ArticleSuccess { article { ${ITEM_FIELDS} ${withContent ? 'content' : ''} } } ... on ArticleError { errorCodes message } }`;
	});
	const decl = ids.map((_, i) => `$s${i}: String!`).join(', ');
	const res = await fetchLenient(`query Items(${decl}) { ${parts.join('\n')} }`, vars);
	const out = {};
	for (const v of Object.values(res)) if (v && v.article) out[v.article.id] = v.article;
	return out;
}

// like gql(), but one item's ArticleError does not spoil the others
async function fetchLenient(query, variables) {
	const res = await postGraphql({ query, variables });
	const body = await res.json();
	if (body.errors && body.errors.length) throw new Error(body.errors.map((e) => e.message).join('; '));
	return body.data || {};
}

// bring an item back from the trash (updatePage's state SUCCEEDED, as Omnivore's web does)
export async function restoreItem(id) {
	await gql(`mutation Restore($input: UpdatePageInput!) { updatePage(input: $input) { __typename
		... on UpdatePageSuccess { updatedPage { id } } ... on UpdatePageError { errorCodes } } }`,
	{ input: { pageId: id, state: 'SUCCEEDED' } });
}

// one highlight as Markdown lines: its quote quoted line by line, its labels as #tags, its note
export function passageMarkdown(h) {
	const out = String(h.quote || '').split('\n').map((l) => `> ${l}`);
	if (h.labels && h.labels.length) out.push('', h.labels.map((l) => `#${l.name.replace(/\s+/g, '-')}`).join(' '));
	if (h.annotation) out.push('', h.annotation);
	out.push('');
	return out;
}
