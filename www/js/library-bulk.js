// library-bulk.js: acting on many items at once: bulkAction over "includes:" queries of their ids, restoring and emptying the trash.
import { gql } from './api.js';
import { restoreItem } from './items.js';

// a search query holds at most 255 characters, so a query names at most 6 item ids (UUIDs)
const IDS_PER_QUERY = 6;

const BULK = `mutation Bulk($action: BulkActionType!, $query: String!, $labelIds: [ID!], $n: Int) {
	bulkAction(action: $action, query: $query, labelIds: $labelIds, expectedCount: $n) { __typename
		... on BulkActionSuccess { success } ... on BulkActionError { errorCodes message } } }`;

// bulk(action, ids, labelIds): ARCHIVE, DELETE or ADD_LABELS on the items, a few ids per query
export async function bulk(action, ids, labelIds) {
	for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
		const part = ids.slice(i, i + IDS_PER_QUERY);
		await gql(BULK, { action, query: `includes:${part.join(',')}`, labelIds: labelIds || null, n: part.length });
	}
}

// the API restores one item at a time
export async function restoreAll(ids) {
	for (const id of ids) await restoreItem(id);
}

export async function emptyTrash() {
	await gql(`mutation { emptyTrash { __typename ... on EmptyTrashSuccess { success }
		... on EmptyTrashError { errorCodes message } } }`);
}
