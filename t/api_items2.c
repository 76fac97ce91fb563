/* api_items2.c: the item and highlight calls of issue 12 end to end through the engine and a real SQLite file: highlights, mergeHighlight, setLabelsForHighlight, bulkAction, emptyTrash, setFavoriteArticle, moveToFolder, createArticleSavingRequest, highlightsCount, typeaheadSearch. */
#include "t/api_harness.h"
#include "t/tap.h"
#include "util/limits.h"

#define HL1 "11111111-1111-4111-8111-111111111111"
#define HL2 "22222222-2222-4222-8222-222222222222"
#define HL3 "33333333-3333-4333-8333-333333333333"
#define HLB "44444444-4444-4444-8444-444444444444"

/* an item of the user's with content at once (no fetch); its id in the long-lived arena */
static const char *seed(struct harness *h, const struct store_user *u, const char *url, const char *title)
{
	struct store_article art = { .title = title, .content = "<p>text</p>", .text = "text", .words_count = 1 };
	struct store_save in = { .user_id = u->id, .url = url, .title = title, .article = &art };
	struct store_item it;
	bool existed;
	if (store_item_save(h->st, &h->keep, &in, &it, &existed) != STORE_OK)
		h_bail("store_item_save", url);
	return it.id;
}

/* how many times needle is in body */
static int count(const char *body, const char *needle)
{
	int n = 0;
	for (const char *p = body; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

static const char *create_highlight(struct harness *h, const struct store_user *u, const char *id, const char *item,
                                    const char *quote, const char *note)
{
	return h_run(h, u, h_fmt(h, "mutation { createHighlight(input: {id: \"%s\", shortId: \"%.8s\", articleId: \"%s\","
	                         " quote: \"%s\", annotation: \"%s\"}) { ... on CreateHighlightSuccess { highlight { id } }"
	                         " ... on CreateHighlightError { errorCodes message } } }", id, id, item, quote, note), NULL);
}

static const char *label_id(struct harness *h, const struct store_user *u, const char *name)
{
	const char *body = h_run(h, u, h_fmt(h, "mutation { createLabel(input: {name: \"%s\"}) {"
	                                     " ... on CreateLabelSuccess { label { id } } } }", name), NULL);
	return h_get(h, body, "data.createLabel.label.id");
}

static const char *merge(struct harness *h, const struct store_user *u, const char *id, const char *item,
                         const char *overlap, const char *extra)
{
	return h_run(h, u, h_fmt(h, "mutation { mergeHighlight(input: {id: \"%s\", shortId: \"%.8s\", articleId: \"%s\","
	                         " quote: \"merged\", patch: \"p\", overlapHighlightIdList: [%s]%s}) {"
	                         " ... on MergeHighlightSuccess { highlight { id quote annotation labels { name } }"
	                         " overlapHighlightIdList } ... on MergeHighlightError { errorCodes message } } }",
	                         id, id, item, overlap, extra), NULL);
}

static const char *bulk(struct harness *h, const struct store_user *u, const char *args)
{
	return h_run(h, u, h_fmt(h, "mutation { bulkAction(%s) { ... on BulkActionSuccess { success }"
	                         " ... on BulkActionError { errorCodes message } } }", args), NULL);
}

static const char *article(struct harness *h, const struct store_user *u, const char *id)
{
	return h_run(h, u, h_fmt(h, "{ article(username: \"me\", slug: \"%s\") { ... on ArticleSuccess { article {"
	                         " id folder isArchived readingProgressPercent state labels { name } } }"
	                         " ... on ArticleError { errorCodes } } }", id), NULL);
}

static const char *typeahead(struct harness *h, const struct store_user *u, const char *query, int first)
{
	return h_run(h, u, h_fmt(h, "{ typeaheadSearch(query: \"%s\", first: %d) { ... on TypeaheadSearchSuccess {"
	                         " items { id title slug siteName contentReader } } ... on TypeaheadSearchError {"
	                         " errorCodes } } }", query, first), NULL);
}

static void test_highlights(struct harness *h, const char *a1, const char *a2, const char *b1)
{
	const char *body;
	create_highlight(h, &h->alice, HL1, a1, "Brown pelicans dive", "first note");
	create_highlight(h, &h->alice, HL2, a1, "from the air", "second note");
	create_highlight(h, &h->bob, HLB, b1, "bob's quote", "");

	/* an id of another user's highlight is answered as a malformed id (not "already exists", which would tell that
	 * the id is in someone's library); alice's highlight is untouched. An id of one's own is ALREADY_EXISTS. */
	const char *taken = h_fmt(h, "%s", create_highlight(h, &h->bob, HL1, b1, "bob takes it", ""));
	const char *malformed = h_fmt(h, "%s", create_highlight(h, &h->bob, "not-a-uuid", b1, "bob takes it", ""));
	is_str(taken, malformed, "createHighlight: another user's id answers as a malformed one");
	like(taken, "\"errorCodes\":[\"BAD_DATA\"],\"message\":\"id must be a UUID\"", "createHighlight: BAD_DATA (%s)", taken);
	body = create_highlight(h, &h->alice, HL1, a1, "again", "");
	like(body, "\"errorCodes\":[\"ALREADY_EXISTS\"]", "createHighlight: one's own id (%s)", body);
	body = h_run(h, &h->alice, "{ highlights { ... on HighlightsSuccess { edges { node { id quote } } } } }", NULL);
	like(body, "{\"id\":\"" HL1 "\",\"quote\":\"Brown pelicans dive\"}", "alice's highlight is untouched (%s)", body);
	body = h_run(h, &h->bob, "{ highlights { ... on HighlightsSuccess { edges { node { id } } } } }", NULL);
	ok(strstr(body, HL1) == NULL, "and bob has none of that id (%s)", body);
	body = merge(h, &h->bob, HL1, b1, "\"" HLB "\"", "");
	like(body, "\"errorCodes\":[\"BAD_DATA\"],\"message\":\"id must be a UUID\"",
	     "mergeHighlight: another user's id answers as a malformed one (%s)", body);

	body = h_run(h, &h->alice, "{ search(query: \"\") { ... on SearchSuccess { edges { node { id highlightsCount } } } } }",
	             NULL);
	like(body, h_fmt(h, "{\"id\":\"%s\",\"highlightsCount\":2}", a1), "highlightsCount: 2 (%s)", body);
	like(body, h_fmt(h, "{\"id\":\"%s\",\"highlightsCount\":0}", a2), "highlightsCount: 0");

	body = h_run(h, &h->alice, "{ highlights(first: 1) { ... on HighlightsSuccess { edges { cursor node { id quote"
	             " libraryItem { id } } } pageInfo { hasNextPage startCursor endCursor } } } }", NULL);
	is_int(count(body, "\"quote\""), 1, "highlights: a page of one (%s)", body);
	like(body, "\"hasNextPage\":true,\"startCursor\":null,\"endCursor\":\"1\"", "highlights: a next page");
	like(body, h_fmt(h, "\"libraryItem\":{\"id\":\"%s\"}", a1), "highlights: node.libraryItem");
	body = h_run(h, &h->alice, "{ highlights(first: 5, after: \"1\") { ... on HighlightsSuccess { edges { cursor node { id } }"
	             " pageInfo { hasNextPage endCursor } } } }", NULL);
	is_int(count(body, "\"id\""), 1, "highlights: the second page (%s)", body);
	like(body, "\"hasNextPage\":false,\"endCursor\":\"2\"", "highlights: the last page");
	body = h_run(h, &h->bob, "{ highlights { ... on HighlightsSuccess { edges { node { id } } } } }", NULL);
	like(body, HLB, "highlights: bob sees his own (%s)", body);
	ok(strstr(body, HL1) == NULL && strstr(body, HL2) == NULL, "highlights: and none of alice's");
	body = h_run(h, NULL, "{ highlights { ... on HighlightsError { errorCodes message } } }", NULL);
	like(body, "\"errorCodes\":[\"BAD_REQUEST\"]", "highlights without a key (%s)", body);
	body = h_run(h, &h->alice, "{ highlights(first: -1) { __typename } }", NULL);
	like(body, "first must not be negative", "highlights: a negative first (%s)", body);
	body = h_run(h, &h->alice, "{ highlights(query: \"PELICANS first\") { ... on HighlightsSuccess { edges { node { id } } } } }", NULL);
	ok(strstr(body, HL1) && !strstr(body, HL2), "highlights(query:): the words in a quote or a note, any case (%s)", body);
	body = h_run(h, &h->alice, "{ highlights(query: \"note\") { ... on HighlightsSuccess { edges { node { id } } } } }", NULL);
	ok(strstr(body, HL1) && strstr(body, HL2), "highlights(query:): a word of both notes finds both (%s)", body);
	body = h_run(h, &h->alice, "{ highlights(query: \"bob's\") { ... on HighlightsSuccess { edges { node { id } } } } }", NULL);
	is_int(count(body, "\"id\""), 0, "highlights(query:): another user's quote is never found (%s)", body);
	body = h_run(h, &h->alice, "{ highlights(query: \"a b c d e\") { ... on HighlightsError { errorCodes message } } }", NULL);
	like(body, "\"errorCodes\":[\"BAD_REQUEST\"]", "highlights(query:): more than 4 words is refused (%s)", body);
}

static void test_highlight_labels(struct harness *h, const char *birds, const char *bobs_label)
{
	const char *q = "mutation S($i: SetLabelsForHighlightInput!) { setLabelsForHighlight(input: $i) {"
	                " ... on SetLabelsSuccess { labels { name } } ... on SetLabelsError { errorCodes message } } }";
	struct sb many;
	const char *body = h_run(h, &h->alice, q, h_fmt(h, "{\"i\":{\"highlightId\":\"%s\",\"labelIds\":[\"%s\"],"
	                                                   "\"labels\":[{\"name\":\"Quotes\"}]}}", HL1, birds));
	like(body, "\"labels\":[{\"name\":\"Birds\"},{\"name\":\"Quotes\"}]", "setLabelsForHighlight (%s)", body);
	body = h_run(h, &h->bob, q, h_fmt(h, "{\"i\":{\"highlightId\":\"%s\",\"labelIds\":[]}}", HL1));
	like(body, "\"errorCodes\":[\"NOT_FOUND\"]", "setLabelsForHighlight: bob on alice's highlight (%s)", body);
	body = h_run(h, &h->alice, q, h_fmt(h, "{\"i\":{\"highlightId\":\"%s\",\"labelIds\":[\"%s\"]}}", HL1, bobs_label));
	like(body, "\"errorCodes\":[\"NOT_FOUND\"]", "setLabelsForHighlight: bob's label (%s)", body);
	body = h_run(h, &h->alice, q, h_fmt(h, "{\"i\":{\"highlightId\":\"%s\",\"labels\":[{\"name\":\"\"}]}}", HL1));
	like(body, "\"errorCodes\":[\"BAD_REQUEST\"]", "setLabelsForHighlight: an empty name (%s)", body);
	sb_init(&many);
	for (int i = 0; i <= LIMIT_LABELS_PER_ITEM; i++)
		sb_printf(&many, "%s{\"name\":\"l%d\"}", i ? "," : "", i);
	body = h_run(h, &h->alice, q, h_fmt(h, "{\"i\":{\"highlightId\":\"%s\",\"labels\":[%s]}}", HL1, sb_str(&many)));
	like(body, "labels_per_item", "setLabelsForHighlight: one label over the limit (%s)", body);
	sb_free(&many);
	body = h_run(h, &h->alice, "{ highlights { ... on HighlightsSuccess { edges { node { id labels { name } } } } } }", NULL);
	like(body, "\"labels\":[{\"name\":\"Birds\"},{\"name\":\"Quotes\"}]", "refusals changed nothing (%s)", body);
}

static void test_merge(struct harness *h, const char *a1, const char *b1)
{
	const char *body = merge(h, &h->alice, HL3, a1, "\"" HL1 "\", \"" HLB "\"", "");
	like(body, "\"errorCodes\":[\"NOT_FOUND\"]", "mergeHighlight over bob's highlight (%s)", body);
	body = h_run(h, &h->alice, "{ highlights { ... on HighlightsSuccess { edges { node { id } } } } }", NULL);
	ok(strstr(body, HL1) && strstr(body, HL2) && !strstr(body, HL3), "nothing merged (%s)", body);
	body = merge(h, &h->alice, HL3, b1, "\"" HL1 "\"", "");
	like(body, "\"errorCodes\":[\"NOT_FOUND\"]", "mergeHighlight onto bob's item (%s)", body);
	body = merge(h, &h->alice, "not-a-uuid", a1, "\"" HL1 "\"", "");
	like(body, "\"errorCodes\":[\"BAD_DATA\"],\"message\":\"id must be a UUID\"", "mergeHighlight: a bad id (%s)", body);
	body = merge(h, &h->alice, HL3, a1, "\"x\"", "");
	like(body, "\"errorCodes\":[\"BAD_DATA\"]", "mergeHighlight: a bad overlap id (%s)", body);
	body = merge(h, &h->alice, HL2, a1, "\"" HL1 "\"", "");
	like(body, "\"errorCodes\":[\"ALREADY_EXISTS\"]", "mergeHighlight: an id in use (%s)", body);
	body = merge(h, &h->alice, HL3, a1, "", ", highlightPositionPercent: 101");
	like(body, "\"errorCodes\":[\"BAD_DATA\"]", "mergeHighlight: a position out of range (%s)", body);
	body = merge(h, &h->alice, HL3, a1, "\"" HL1 "\", \"" HL2 "\"", "");
	like(body, "\"highlight\":{\"id\":\"" HL3 "\",\"quote\":\"merged\",\"annotation\":\"first note\\nsecond note\","
	     "\"labels\":[{\"name\":\"Birds\"},{\"name\":\"Quotes\"}]},\"overlapHighlightIdList\":[\"" HL1 "\",\"" HL2 "\"]",
	     "mergeHighlight: notes and labels of the replaced ones (%s)", body);
	body = h_run(h, &h->alice, "{ highlights { ... on HighlightsSuccess { edges { node { id } } } } }", NULL);
	ok(strstr(body, HL3) && !strstr(body, HL1) && !strstr(body, HL2), "the overlapped highlights are gone (%s)", body);
	body = h_run(h, NULL, "mutation { mergeHighlight(input: {id: \"" HL3 "\", shortId: \"x\", articleId: \"x\", quote: \"q\","
	             " patch: \"p\", overlapHighlightIdList: []}) { ... on MergeHighlightError { errorCodes } } }", NULL);
	like(body, "\"errorCodes\":[\"UNAUTHORIZED\"]", "mergeHighlight without a key (%s)", body);
}

static void test_favorite_and_folder(struct harness *h, const char *a1)
{
	const char *body;
	for (int i = 0; i < 2; i++) {
		body = h_run(h, &h->alice, h_fmt(h, "mutation { setFavoriteArticle(id: \"%s\") { ... on SetFavoriteArticleSuccess"
		             " { success } ... on SetFavoriteArticleError { errorCodes } } }", a1), NULL);
		like(body, "{\"success\":true}", "setFavoriteArticle (%s)", body);
	}
	body = article(h, &h->alice, a1);
	is_int(count(body, "{\"name\":\"Favorites\"}"), 1, "the item has the label Favorites once (%s)", body);
	body = h_run(h, &h->bob, h_fmt(h, "mutation { setFavoriteArticle(id: \"%s\") {"
	             " ... on SetFavoriteArticleError { errorCodes message } } }", a1), NULL);
	like(body, "\"errorCodes\":[\"NOT_FOUND\"]", "setFavoriteArticle: bob on alice's item (%s)", body);

	static const char *const moves[][3] = {
		{ "following", "{\"success\":true}", "moveToFolder following" },
		{ "following", "\"errorCodes\":[\"ALREADY_EXISTS\"]", "moveToFolder: there already" },
		{ "nowhere", "\"errorCodes\":[\"BAD_REQUEST\"]", "moveToFolder: no such folder" },
		{ "", "\"errorCodes\":[\"BAD_REQUEST\"]", "moveToFolder: no folder" },
	};
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		body = h_run(h, &h->alice, h_fmt(h, "mutation { moveToFolder(id: \"%s\", folder: \"%s\") {"
		             " ... on MoveToFolderSuccess { success } ... on MoveToFolderError { errorCodes message } } }",
		             a1, moves[i][0]), NULL);
		like(body, moves[i][1], "%s (%s)", moves[i][2], body);
	}
	like(article(h, &h->alice, a1), "\"folder\":\"following\"", "the item is in following");
	body = h_run(h, &h->bob, h_fmt(h, "mutation { moveToFolder(id: \"%s\", folder: \"inbox\") {"
	             " ... on MoveToFolderError { errorCodes message } } }", a1), NULL);
	like(body, "\"errorCodes\":[\"BAD_REQUEST\"],\"message\":\"no item with id", "moveToFolder: bob on alice's item (%s)",
	     body);
	body = h_run(h, &h->alice, h_fmt(h, "mutation { moveToFolder(id: \"%s\", folder: \"inbox\") {"
	             " ... on MoveToFolderSuccess { success } } }", a1), NULL);
	like(body, "{\"success\":true}", "moveToFolder inbox (%s)", body);
	like(article(h, &h->alice, a1), "\"folder\":\"inbox\"", "the item is back in the inbox");
}

static void test_bulk(struct harness *h, const char *a1, const char *a2, const char *a3, const char *b1,
                      const char *birds, const char *bobs_label)
{
	const char *saved, *body = bulk(h, &h->alice, "action: ARCHIVE, query: \"pelicans\", expectedCount: 2");
	like(body, "{\"success\":true}", "bulkAction ARCHIVE (%s)", body);
	like(article(h, &h->alice, a1), "\"isArchived\":true", "the first match is archived");
	like(article(h, &h->alice, a3), "\"isArchived\":true", "the second match is archived");
	like(article(h, &h->alice, a2), "\"isArchived\":false", "the other item is not");
	like(article(h, &h->bob, b1), "\"isArchived\":false", "bob's matching item is not");
	body = bulk(h, &h->alice, "action: MARK_AS_READ, query: \"gulls\"");
	like(article(h, &h->alice, a2), "\"readingProgressPercent\":100", "bulkAction MARK_AS_READ (%s)", body);
	body = bulk(h, &h->alice, h_fmt(h, "action: ADD_LABELS, query: \"gulls\", labelIds: [\"%s\"]", birds));
	like(article(h, &h->alice, a2), "{\"name\":\"Birds\"}", "bulkAction ADD_LABELS (%s)", body);
	body = bulk(h, &h->alice, h_fmt(h, "action: ADD_LABELS, query: \"pelicans\", labelIds: [\"%s\"]", bobs_label));
	like(body, "\"errorCodes\":[\"BAD_REQUEST\"],\"message\":\"a label id in labelIds is not one of your labels\"",
	     "bulkAction ADD_LABELS with bob's label (%s)", body);
	ok(strstr(article(h, &h->alice, a1), "Bobs") == NULL, "nothing labelled");
	body = bulk(h, &h->alice, "action: ADD_LABELS, query: \"gulls\"");
	like(body, "ADD_LABELS needs the labels", "bulkAction ADD_LABELS without labelIds (%s)", body);
	body = bulk(h, &h->alice, "action: MOVE_TO_FOLDER, query: \"gulls\", arguments: {folder: \"following\"}");
	like(article(h, &h->alice, a2), "\"folder\":\"following\"", "bulkAction MOVE_TO_FOLDER (%s)", body);
	body = h_run(h, &h->alice, "{ search(query: \"pelicans\") { ... on SearchSuccess { edges { node { savedAt } } } } }",
	             NULL);
	saved = h_get(h, body, "data.search.edges.0.node.savedAt");
	h_sleep_ms(5);
	body = bulk(h, &h->alice, "action: MOVE_TO_FOLDER, query: \"pelicans\", arguments: {folder: \"inbox\"}");
	body = h_run(h, &h->alice, "{ search(query: \"pelicans\") { ... on SearchSuccess { edges { node { savedAt } } } } }",
	             NULL);
	is_str(h_get(h, body, "data.search.edges.0.node.savedAt"), saved, "items in the inbox already are left as they are");
	body = bulk(h, &h->alice, "action: MOVE_TO_FOLDER, query: \"gulls\", arguments: {folder: \"attic\"}");
	like(body, "\"errorCodes\":[\"BAD_REQUEST\"]", "bulkAction MOVE_TO_FOLDER to no such folder (%s)", body);
	body = bulk(h, &h->alice, "action: MARK_AS_SEEN, query: \"gulls\", async: true");
	like(body, "{\"success\":true}", "bulkAction MARK_AS_SEEN (%s)", body);
	body = bulk(h, &h->alice, "action: ARCHIVE, query: \"is:sideways\"");
	like(body, "\"errorCodes\":[\"BAD_REQUEST\"],\"message\":\"unknown is: value", "bulkAction: a bad query (%s)", body);
	body = bulk(h, &h->alice, "action: ARCHIVE, query: \"\", expectedCount: -1");
	like(body, "expectedCount must not be negative", "bulkAction: a negative expectedCount (%s)", body);
	body = bulk(h, &h->alice, h_fmt(h, "action: ARCHIVE, query: \"\", expectedCount: %d", LIMIT_BULK_ITEMS + 1));
	like(body, "LIMIT_BULK_ITEMS", "bulkAction: expectedCount over the limit (%s)", body);
	body = bulk(h, NULL, "action: ARCHIVE, query: \"\"");
	like(body, "\"errorCodes\":[\"UNAUTHORIZED\"]", "bulkAction without a key (%s)", body);
}

/* LIMIT_BULK_ITEMS items act at once; one more is refused with nothing changed */
static void test_bulk_limit(struct harness *h)
{
	struct store_user carol;
	const char *body;
	char url[64];
	if (store_user_add(h->st, &h->keep, "carol", NULL, NULL, NULL, &carol) != STORE_OK)
		h_bail("store_user_add", "carol");
	for (int i = 0; i < LIMIT_BULK_ITEMS; i++) {
		snprintf(url, sizeof url, "https://example.com/n/%d", i);
		seed(h, &carol, url, "Numbered");
	}
	body = bulk(h, &carol, "action: ARCHIVE, query: \"\"");
	like(body, "{\"success\":true}", "bulkAction over exactly LIMIT_BULK_ITEMS items (%s)", body);
	body = h_run(h, &carol, "{ search(query: \"in:archive\") { ... on SearchSuccess { pageInfo { totalCount } } } }", NULL);
	like(body, h_fmt(h, "\"totalCount\":%d", LIMIT_BULK_ITEMS), "all of them archived (%s)", body);
	seed(h, &carol, "https://example.com/n/last", "Numbered");
	body = bulk(h, &carol, "action: DELETE, query: \"\"");
	like(body, "\"errorCodes\":[\"BAD_REQUEST\"],\"message\":\"the query matches more than 1000 items",
	     "bulkAction over LIMIT_BULK_ITEMS + 1 items is refused (%s)", body);
	like(body, "LIMIT_BULK_ITEMS", "the refusal names the limit");
	body = h_run(h, &carol, "{ search(query: \"in:trash\") { ... on SearchSuccess { pageInfo { totalCount } } } }", NULL);
	like(body, "\"totalCount\":0", "nothing deleted (%s)", body);
}

static void test_trash(struct harness *h, const char *a2, const char *b1)
{
	const char *body = bulk(h, &h->bob, "action: DELETE, query: \"\"");
	like(body, "{\"success\":true}", "bob moves his items to the trash (%s)", body);
	body = bulk(h, &h->alice, "action: DELETE, query: \"gulls\"");
	like(article(h, &h->alice, a2), "\"state\":\"DELETED\"", "bulkAction DELETE (%s)", body);
	body = h_run(h, &h->alice, "mutation { emptyTrash { ... on EmptyTrashSuccess { success } } }", NULL);
	like(body, "{\"success\":true}", "emptyTrash (%s)", body);
	like(article(h, &h->alice, a2), "\"errorCodes\":[\"NOT_FOUND\"]", "the trashed item is gone");
	body = h_run(h, &h->alice, "{ updatesSince(since: \"2000-01-01\") { ... on UpdatesSinceSuccess { edges { itemID"
	             " updateReason } } } }", NULL);
	like(body, h_fmt(h, "{\"itemID\":\"%s\",\"updateReason\":\"DELETED\"}", a2), "updatesSince reports it (%s)", body);
	like(article(h, &h->bob, b1), "\"state\":\"DELETED\"", "bob's trash is untouched");
	body = h_run(h, NULL, "mutation { emptyTrash { ... on EmptyTrashError { errorCodes } } }", NULL);
	like(body, "\"errorCodes\":[\"UNAUTHORIZED\"]", "emptyTrash without a key (%s)", body);
}

static void test_saving_request(struct harness *h)
{
	const char *q = "mutation C($u: String!) { createArticleSavingRequest(input: {url: $u}) {"
	                " ... on CreateArticleSavingRequestSuccess { articleSavingRequest { id url status } }"
	                " ... on CreateArticleSavingRequestError { errorCodes message } } }";
	const char *body = h_run(h, &h->alice, q, "{\"u\":\"https://example.net/new\"}");
	like(body, "\"url\":\"https://example.net/new\",\"status\":\"PROCESSING\"", "createArticleSavingRequest (%s)", body);
	body = h_run(h, &h->alice, q, "{\"u\":\"ftp://example.net/x\"}");
	like(body, "\"errorCodes\":[\"BAD_DATA\"],\"message\":\"this URL cannot be saved", "a bad URL (%s)", body);
	body = h_run(h, &h->alice, q, "{\"u\":\"\"}");
	like(body, "\"errorCodes\":[\"BAD_DATA\"]", "an empty URL (%s)", body);
	body = h_run(h, NULL, q, "{\"u\":\"https://example.net/new\"}");
	like(body, "\"errorCodes\":[\"UNAUTHORIZED\"]", "without a key (%s)", body);
}

static void test_typeahead(struct harness *h, const char *a1, const char *a3, const char *b1)
{
	const char *body = typeahead(h, &h->alice, "peli", 0);
	ok(strstr(body, a1) && strstr(body, a3) && !strstr(body, b1), "typeaheadSearch: alice's titles only (%s)", body);
	like(body, "\"siteName\":null,\"contentReader\":\"WEB\"", "typeaheadSearch: the item's fields");
	body = typeahead(h, &h->alice, "Pelicans co", 0);
	ok(strstr(body, a1) && !strstr(body, a3), "typeaheadSearch: every word (%s)", body);
	body = typeahead(h, &h->alice, "pe", 0);
	ok(strstr(body, a1) && strstr(body, a3), "typeaheadSearch: a short word (%s)", body);
	body = typeahead(h, &h->alice, "text", 0);
	like(body, "\"items\":[]", "typeaheadSearch: words of the content only do not count (%s)", body);
	body = typeahead(h, &h->alice, "peli", 1);
	is_int(count(body, "\"id\""), 1, "typeaheadSearch: first (%s)", body);
	body = typeahead(h, &h->alice, " !? ", 0);
	like(body, "\"items\":[]", "typeaheadSearch: nothing typed (%s)", body);
	body = typeahead(h, &h->bob, "peli", 0);
	ok(strstr(body, b1) && !strstr(body, a1), "typeaheadSearch: bob's own (%s)", body);
	body = typeahead(h, &h->alice, "peli", -1);
	like(body, "first must not be negative", "typeaheadSearch: a negative first (%s)", body);
	body = typeahead(h, &h->alice, h_fmt(h, "%0300d", 0), 0);
	like(body, "at most 255 characters", "typeaheadSearch: a long query (%s)", body);
	body = typeahead(h, NULL, "peli", 0);
	like(body, "\"errorCodes\":[\"UNAUTHORIZED\"]", "typeaheadSearch without a key (%s)", body);
}

/* saveUrl and uploadFileRequest with the id of alice's item as clientRequestId: bob's answer is the one a UUID
 * nobody has gets (item ids are unique per user), and alice's item is untouched */
static void test_client_ids(struct harness *h, const char *a1)
{
	static const char *const fresh = "55555555-5555-4555-8555-555555555555";
	static const char *const fresh2 = "66666666-6666-4666-8666-666666666666";
#define SAVE "mutation { saveUrl(input: {url: \"https://example.net/%s\", source: \"api\", clientRequestId:" \
	     " \"%s\"}) { ... on SaveSuccess { clientRequestId } ... on SaveError { errorCodes message } } }"
#define UPLOAD "mutation { uploadFileRequest(input: {url: \"https://example.net/%s.pdf\", contentType:" \
	       " \"application/pdf\", clientRequestId: \"%s\", createPageEntry: true}) {" \
	       " ... on UploadFileRequestSuccess { createdPageId } ... on UploadFileRequestError { errorCodes } } }"
	const char *taken = h_fmt(h, "%s", h_run(h, &h->bob, h_fmt(h, SAVE, "s1", a1), NULL));
	const char *body = h_run(h, &h->bob, h_fmt(h, SAVE, "s2", fresh), NULL);
	is_str(taken, h_fmt(h, "{\"data\":{\"saveUrl\":{\"clientRequestId\":\"%s\"}}}", a1),
	       "saveUrl: alice's item id as bob's clientRequestId is his item's id");
	is_str(body, h_fmt(h, "{\"data\":{\"saveUrl\":{\"clientRequestId\":\"%s\"}}}", fresh),
	       "saveUrl: as a UUID nobody has");
	body = article(h, &h->bob, a1);
	like(body, h_fmt(h, "\"id\":\"%s\",\"folder\":\"inbox\"", a1), "bob reads his item of that id (%s)", body);
	taken = h_run(h, &h->bob, h_fmt(h, UPLOAD, "u1", a1), NULL);
	ok(strstr(taken, "errorCodes") == NULL && strstr(taken, a1) == NULL,
	   "uploadFileRequest: an id bob has himself now gets a fresh one (%s)", taken);
	taken = h_fmt(h, "%s", h_run(h, &h->alice, h_fmt(h, UPLOAD, "u2", fresh), NULL));
	body = h_run(h, &h->alice, h_fmt(h, UPLOAD, "u3", fresh2), NULL);
	is_str(taken, h_fmt(h, "{\"data\":{\"uploadFileRequest\":{\"createdPageId\":\"%s\"}}}", fresh),
	       "uploadFileRequest: bob's item id as alice's clientRequestId is her new item's id");
	is_str(body, h_fmt(h, "{\"data\":{\"uploadFileRequest\":{\"createdPageId\":\"%s\"}}}", fresh2),
	       "uploadFileRequest: as a UUID nobody has");
	body = article(h, &h->alice, a1);
	like(body, h_fmt(h, "\"id\":\"%s\"", a1), "alice's item is still hers (%s)", body);
	body = h_run(h, &h->alice, h_fmt(h, "{ article(username: \"me\", slug: \"%s\") { ... on ArticleSuccess {"
	                                 " article { url } } } }", a1), NULL);
	like(body, "https://example.org/pelicans", "with its URL (%s)", body);
#undef SAVE
#undef UPLOAD
}

int main(void)
{
	struct harness h;
	const char *a1, *a2, *a3, *b1, *birds, *bobs_label, *body;
	h_init(&h);
	a1 = seed(&h, &h.alice, "https://example.org/pelicans", "Pelicans of the Coast");
	a2 = seed(&h, &h.alice, "https://example.org/gulls", "Gulls and Terns");
	a3 = seed(&h, &h.alice, "https://example.org/brief", "The Pelicans Brief");
	b1 = seed(&h, &h.bob, "https://example.org/pelicans", "Pelicans of Bob");
	birds = label_id(&h, &h.alice, "Birds");
	bobs_label = label_id(&h, &h.bob, "Bobs");

	test_typeahead(&h, a1, a3, b1);
	test_highlights(&h, a1, a2, b1);
	test_highlight_labels(&h, birds, bobs_label);
	test_merge(&h, a1, b1);
	test_favorite_and_folder(&h, a1);
	test_bulk(&h, a1, a2, a3, b1, birds, bobs_label);
	test_bulk_limit(&h);
	test_trash(&h, a2, b1);
	body = typeahead(&h, &h.bob, "peli", 0);
	like(body, "\"items\":[]", "typeaheadSearch: items in the trash are left out (%s)", body);
	test_saving_request(&h);
	test_client_ids(&h, a1);
	h_free(&h);
	return done_testing();
}
