/* api_library.c: the library resolvers end to end through the engine and a real SQLite file: save, read, labels, highlights, archive, progress, delete, updatesSince. */
#include "t/api_harness.h"
#include "t/tap.h"

/* the value of "key":"…" after `after` in body, copied into buf */
static const char *field(const char *body, const char *key, char *buf, size_t n)
{
	char pat[64];
	const char *p, *e;
	snprintf(pat, sizeof pat, "\"%s\":\"", key);
	if ((p = strstr(body, pat)) == NULL)
		return "";
	p += strlen(pat);
	if ((e = strchr(p, '"')) == NULL || (size_t)(e - p) >= n)
		return "";
	memcpy(buf, p, (size_t)(e - p));
	buf[e - p] = '\0';
	return buf;
}

int main(void)
{
	struct harness h;
	const char *body;
	char id[64], slug[128], pid[64], lid[64], vars[512];
	h_init(&h);

	/* saveUrl: a new item in PROCESSING, its id the clientRequestId given */
	body = h_run(&h, &h.alice,
	             "mutation S($u: String!) { saveUrl(input: {url: $u, source: \"api\", clientRequestId: "
	             "\"6f1d4c1e-0b7a-4f5e-9a39-0c2b1f0e9d11\", labels: [{name: \"Later\"}, {name: \"Tech\"}]}) {"
	             " __typename ... on SaveSuccess { clientRequestId url } ... on SaveError { errorCodes message } } }",
	             "{\"u\":\"HTTPS://Example.COM:443/a/./b?utm_source=x&z=1&a=2#frag\"}");
	like(body, "\"clientRequestId\":\"6f1d4c1e-0b7a-4f5e-9a39-0c2b1f0e9d11\"", "saveUrl keeps the UUID (%s)", body);
	like(body, "\"url\":\"/alice/example-com-a-b", "SaveSuccess.url is the reader URL");
	field(body, "clientRequestId", id, sizeof id);
	body = h_run(&h, &h.alice, "query A($s: String!) { article(username: \"me\", slug: $s) { ... on ArticleSuccess {"
	             " article { id slug url title state content isArchived labels { name } } } } }",
	             "{\"s\":\"6f1d4c1e-0b7a-4f5e-9a39-0c2b1f0e9d11\"}");
	like(body, "\"url\":\"https://example.com/a/b?a=2&z=1\"", "the URL is normalised (%s)", body);
	like(body, "\"state\":\"PROCESSING\"", "state PROCESSING until fetched");
	like(body, "still being saved", "a placeholder while processing");
	like(body, "\"labels\":[{\"name\":\"Later\"},{\"name\":\"Tech\"}]", "labels created and attached");
	field(body, "slug", slug, sizeof slug);

	/* the same URL again: the same item */
	body = h_run(&h, &h.alice, "mutation { saveUrl(input: {url: \"https://example.com/a/b?z=1&a=2\", source: \"api\","
	             " clientRequestId: \"\"}) { ... on SaveSuccess { clientRequestId } } }", NULL);
	like(body, id, "saving again answers the same item id (%s)", body);

	/* bad URLs: SaveError UNKNOWN with a message, nothing saved */
	static const char *const bad[] = { "ftp://example.com/x", "http://user:pw@example.com/", "not a url",
	                                   "http://127.0.0.1/", "http://localhost:8080/x", "http://[::1]/",
	                                   "http://10.1.2.3/", "http://169.254.169.254/latest", "http://0x7f.1/" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(vars, sizeof vars, "{\"u\":\"%s\"}", bad[i]);
		body = h_run(&h, &h.alice, "mutation S($u: String!) { saveUrl(input: {url: $u, source: \"api\","
		             " clientRequestId: \"\"}) { ... on SaveError { errorCodes message } } }", vars);
		like(body, "\"errorCodes\":[\"UNKNOWN\"],\"message\":\"", "refused: %s (%s)", bad[i], body);
	}
	body = h_run(&h, NULL, "mutation { saveUrl(input: {url: \"https://example.com/\", source: \"api\","
	             " clientRequestId: \"\"}) { ... on SaveError { errorCodes } } }", NULL);
	like(body, "\"errorCodes\":[\"UNAUTHORIZED\"]", "no key: UNAUTHORIZED");

	/* savePage: extracted and sanitized at once */
	body = h_run(&h, &h.alice, "mutation P($h: String!) { savePage(input: {url: \"https://news.example.org/story\","
	             " source: \"extension\", clientRequestId: \"\", originalContent: $h}) {"
	             " ... on SaveSuccess { clientRequestId } ... on SaveError { message } } }",
	             "{\"h\":\"<html><head><title>Pelicans of the Coast</title></head><body><article><h1>Pelicans of the Coast</h1>"
	             "<p>Brown pelicans dive from the air to catch fish along the coast, a habit that sets them apart from"
	             " their white cousins who feed while swimming in groups.</p><p>They nest in colonies on islands free of"
	             " predators.<script>alert(1)</script><img src=x onerror=alert(2)></p></article></body></html>\"}");
	field(body, "clientRequestId", pid, sizeof pid);
	ok(strlen(pid) == 36, "savePage answers an id (%s)", body);
	snprintf(vars, sizeof vars, "{\"s\":\"%s\"}", pid);
	body = h_run(&h, &h.alice, "query A($s: String!) { article(username: \"me\", slug: $s) { ... on ArticleSuccess {"
	             " article { title state content } } } }", vars);
	like(body, "\"title\":\"Pelicans of the Coast\"", "title extracted (%s)", body);
	like(body, "\"state\":\"SUCCEEDED\"", "savePage is SUCCEEDED at once");
	like(body, "Brown pelicans dive", "content kept");
	ok(strstr(body, "<script") == NULL && strstr(body, "onerror") == NULL, "content sanitized");
	body = h_run(&h, &h.alice, "query A($s: String!) { article(username: \"me\", slug: $s, format: \"markdown\") {"
	             " ... on ArticleSuccess { article { content } } } }", vars);
	ok(strstr(body, "Brown pelicans dive") && strstr(body, "<p>") == NULL, "format markdown (%s)", body);

	/* search: free text over the extracted body, labels, paging, errors */
	body = h_run(&h, &h.alice, "{ search(query: \"pelicans\", first: 5) { __typename ... on SearchSuccess {"
	             " edges { cursor node { id title } } pageInfo { hasNextPage startCursor endCursor totalCount } } } }", NULL);
	like(body, pid, "search finds the saved page by a body word (%s)", body);
	like(body, "\"pageInfo\":{\"hasNextPage\":false,\"startCursor\":null,\"endCursor\":\"1\",\"totalCount\":1}",
	     "pageInfo: one match");
	body = h_run(&h, &h.alice, "{ search(query: \"\") { ... on SearchSuccess { pageInfo { totalCount } } } }", NULL);
	like(body, "\"totalCount\":2", "an empty query returns every item (%s)", body);
	body = h_run(&h, &h.alice, "{ search(query: \"label:Later\") { ... on SearchSuccess { edges { node { id } } } } }", NULL);
	like(body, id, "label: finds the labelled item (%s)", body);
	ok(strstr(body, pid) == NULL, "and not the other");
	body = h_run(&h, &h.alice, "{ search(first: 1, after: \"1\") { ... on SearchSuccess { edges { cursor }"
	             " pageInfo { hasNextPage startCursor endCursor } } } }", NULL);
	like(body, "\"edges\":[{\"cursor\":\"2\"}],\"pageInfo\":{\"hasNextPage\":false,\"startCursor\":\"1\",\"endCursor\":\"2\"}",
	     "the second page of one (%s)", body);
	{
		char q[400];
		memset(q, 'a', 300);
		q[300] = '\0';
		snprintf(vars, sizeof vars, "{\"q\":\"%s\"}", q);
	}
	body = h_run(&h, &h.alice, "query Q($q: String) { search(query: $q) { ... on SearchError { errorCodes } } }", vars);
	like(body, "QUERY_TOO_LONG", "a 300-character query: QUERY_TOO_LONG (%s)", body);
	body = h_run(&h, &h.alice, "{ search(query: \"is:sideways\") { __typename } }", NULL);
	like(body, "sideways", "an unknown is: value is an error naming it (%s)", body);
	body = h_run(&h, &h.bob, "{ search(query: \"pelicans\") { ... on SearchSuccess { edges { node { id } } } } }", NULL);
	like(body, "\"edges\":[]", "bob finds none of alice's items");
	body = h_run(&h, NULL, "{ search { ... on SearchError { errorCodes } } }", NULL);
	like(body, "UNAUTHORIZED", "search without a key: UNAUTHORIZED");

	/* labels */
	body = h_run(&h, &h.alice, "mutation { createLabel(input: {name: \"Birds\", color: \"#00ff00\"}) {"
	             " ... on CreateLabelSuccess { label { id name color } } } }", NULL);
	like(body, "\"name\":\"Birds\",\"color\":\"#00ff00\"", "createLabel (%s)", body);
	field(body, "id", lid, sizeof lid);
	body = h_run(&h, &h.alice, "mutation { createLabel(input: {name: \"birds\"}) { ... on CreateLabelError { errorCodes } } }", NULL);
	like(body, "LABEL_ALREADY_EXISTS", "duplicate label name");
	body = h_run(&h, &h.alice, "mutation { createLabel(input: {name: \"x\", color: \"url(javascript:1)\"}) {"
	             " ... on CreateLabelError { errorCodes message } } }", NULL);
	like(body, "BAD_REQUEST", "a bad colour is refused");
	snprintf(vars, sizeof vars, "{\"p\":\"%s\",\"l\":[\"%s\"]}", pid, lid);
	body = h_run(&h, &h.alice, "mutation L($p: ID!, $l: [ID!]) { setLabels(input: {pageId: $p, labelIds: $l}) {"
	             " ... on SetLabelsSuccess { labels { name } } } }", vars);
	like(body, "{\"labels\":[{\"name\":\"Birds\"}]}", "setLabels (%s)", body);
	body = h_run(&h, &h.bob, "{ labels { ... on LabelsSuccess { labels { name } } } }", NULL);
	like(body, "{\"labels\":[]}", "bob sees none of alice's labels (%s)", body);

	/* highlights */
	snprintf(vars, sizeof vars, "{\"a\":\"%s\"}", pid);
	body = h_run(&h, &h.alice, "mutation H($a: ID!) { createHighlight(input: {id: \"0b9a7a52-4c3e-4b61-8f0e-1d2c3b4a5f60\","
	             " shortId: \"abc\", articleId: $a, quote: \"Brown pelicans dive\", annotation: \"nice\"}) {"
	             " ... on CreateHighlightSuccess { highlight { id quote annotation type createdByMe } } } }", vars);
	like(body, "\"quote\":\"Brown pelicans dive\",\"annotation\":\"nice\",\"type\":\"HIGHLIGHT\",\"createdByMe\":true",
	     "createHighlight (%s)", body);
	body = h_run(&h, &h.alice, "mutation { updateHighlight(input: {highlightId: \"0b9a7a52-4c3e-4b61-8f0e-1d2c3b4a5f60\","
	             " annotation: \"changed\"}) { ... on UpdateHighlightSuccess { highlight { annotation } } } }", NULL);
	like(body, "\"annotation\":\"changed\"", "updateHighlight");
	body = h_run(&h, &h.bob, "mutation { deleteHighlight(highlightId: \"0b9a7a52-4c3e-4b61-8f0e-1d2c3b4a5f60\") {"
	             " ... on DeleteHighlightError { errorCodes } } }", NULL);
	like(body, "NOT_FOUND", "bob cannot delete alice's highlight");
	/* Highlight.libraryItem: the item it is on, from every place a highlight is answered */
	body = h_run(&h, &h.alice, "mutation { updateHighlight(input: {highlightId: \"0b9a7a52-4c3e-4b61-8f0e-1d2c3b4a5f60\"}) {"
	             " ... on UpdateHighlightSuccess { highlight { libraryItem { __typename id title url } } } } }", NULL);
	like(body, h_fmt(&h, "{\"libraryItem\":{\"__typename\":\"Article\",\"id\":\"%s\",\"title\":", pid),
	     "Highlight.libraryItem after updateHighlight (%s)", body);
	snprintf(vars, sizeof vars, "{\"s\":\"%s\"}", pid);
	body = h_run(&h, &h.alice, "query A($s: String!) { article(username: \"me\", slug: $s) { ... on ArticleSuccess {"
	             " article { highlights { quote libraryItem { id highlights { quote } } } } } } }", vars);
	like(body, h_fmt(&h, "{\"highlights\":[{\"quote\":\"Brown pelicans dive\",\"libraryItem\":{\"id\":\"%s\","
	                 "\"highlights\":[{\"quote\":\"Brown pelicans dive\"}]}}]}", pid),
	     "Article.highlights.libraryItem is the article (%s)", body);
	ok(strstr(body, "\"errors\"") == NULL, "libraryItem: no errors");
	body = h_run(&h, &h.bob, "query A($s: String!) { article(username: \"me\", slug: $s) { ... on ArticleError { errorCodes } } }",
	             vars);
	like(body, "NOT_FOUND", "bob reaches neither alice's item nor its highlights (%s)", body);

	/* archive, progress, update, delete */
	snprintf(vars, sizeof vars, "{\"i\":\"%s\"}", pid);
	body = h_run(&h, &h.alice, "mutation A($i: ID!) { setLinkArchived(input: {linkId: $i, archived: true}) {"
	             " ... on ArchiveLinkSuccess { linkId message } } }", vars);
	like(body, "\"message\":\"Link Archived\"", "archived (%s)", body);
	body = h_run(&h, &h.alice, "mutation A($i: ID!) { saveArticleReadingProgress(input: {id: $i, readingProgressPercent: 55.5,"
	             " readingProgressAnchorIndex: 3}) { ... on SaveArticleReadingProgressSuccess { updatedArticle {"
	             " readingProgressPercent readingProgressAnchorIndex isArchived state } } } }", vars);
	like(body, "\"readingProgressPercent\":55.5,\"readingProgressAnchorIndex\":3,\"isArchived\":true,\"state\":\"ARCHIVED\"",
	     "progress saved (%s)", body);
	body = h_run(&h, &h.alice, "mutation A($i: ID!) { saveArticleReadingProgress(input: {id: $i, readingProgressPercent: 20}) {"
	             " ... on SaveArticleReadingProgressSuccess { updatedArticle { readingProgressPercent } } } }", vars);
	like(body, "\"readingProgressPercent\":55.5", "progress does not go back unless forced (%s)", body);
	body = h_run(&h, &h.alice, "mutation A($i: ID!) { saveArticleReadingProgress(input: {id: $i, readingProgressPercent: 150}) {"
	             " ... on SaveArticleReadingProgressError { errorCodes } } }", vars);
	like(body, "BAD_DATA", "progress over 100 is refused");
	body = h_run(&h, &h.alice, "mutation A($i: ID!) { updatePage(input: {pageId: $i, title: \"New title\"}) {"
	             " ... on UpdatePageSuccess { updatedPage { title } } } }", vars);
	like(body, "\"title\":\"New title\"", "updatePage (%s)", body);
	body = h_run(&h, &h.alice, "query { updatesSince(since: \"2000-01-01\", first: 10) { ... on UpdatesSinceSuccess {"
	             " edges { itemID updateReason node { id } } pageInfo { hasNextPage endCursor totalCount } } } }", NULL);
	like(body, "\"updateReason\":\"CREATED\"", "updatesSince lists the saved page (%s)", body);
	like(body, "\"totalCount\":1", "the processing item is left out");
	body = h_run(&h, &h.alice, "query { updatesSince(since: \"-1000000000-01-01T00:00:00Z\", first: 10) {"
	             " ... on UpdatesSinceSuccess { edges { updateReason } pageInfo { totalCount } } } }", NULL);
	like(body, "\"totalCount\":1", "since Java's Instant.MIN (Omnivore's Android app's first sync): from the beginning (%s)",
	     body);
	body = h_run(&h, &h.alice, "mutation A($i: ID!) { setBookmarkArticle(input: {articleID: $i, bookmark: false}) {"
	             " ... on SetBookmarkArticleSuccess { bookmarkedArticle { id state } } } }", vars);
	like(body, "\"state\":\"DELETED\"", "setBookmarkArticle false deletes (%s)", body);
	body = h_run(&h, &h.alice, "query { updatesSince(since: \"2000-01-01\") { ... on UpdatesSinceSuccess {"
	             " edges { itemID updateReason node { id } } } } }", NULL);
	like(body, "\"updateReason\":\"DELETED\",\"node\":null", "a deleted item is reported as DELETED (%s)", body);
	body = h_run(&h, &h.alice, "mutation A($i: ID!) { updatePage(input: {pageId: $i, state: SUCCEEDED}) {"
	             " ... on UpdatePageSuccess { updatedPage { state isArchived } } } }", vars);
	like(body, "\"state\":\"ARCHIVED\",\"isArchived\":true", "updatePage SUCCEEDED restores from the trash, still archived (%s)", body);
	body = h_run(&h, &h.bob, "query A($s: String!) { article(username: \"me\", slug: $s) { ... on ArticleError { errorCodes } } }",
	             "{\"s\":\"6f1d4c1e-0b7a-4f5e-9a39-0c2b1f0e9d11\"}");
	like(body, "NOT_FOUND", "bob cannot read alice's item");
	body = h_run(&h, &h.alice, "{ articleSavingRequest(url: \"https://EXAMPLE.com/a/b?a=2&z=1\") {"
	             " ... on ArticleSavingRequestSuccess { articleSavingRequest { id status } } } }", NULL);
	like(body, id, "articleSavingRequest by URL (%s)", body);
	(void)slug;
	h_free(&h);
	return done_testing();
}
