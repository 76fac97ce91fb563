/* api_user2.c: saved searches, recent searches, the account calls (user, validateUsername, updateUser, updateUserProfile, deleteAccount, logOut) and the not-yet-offered feature calls, through gql_execute on a real store. */
#include <sqlite3.h>

#include "store/store_int.h" /* PostgreSQL: the store's own connection reads the tables (db.h) */
#include "t/api_harness.h"
#include "t/tap.h"
#include "util/limits.h"

/* run as user with an API key or a session (either may be NULL) */
static const char *run_as(struct harness *h, const struct store_user *user, const struct store_apikey *key,
                          const char *session_hash, const char *query)
{
	struct api_ctx ctx = { .store = h->st, .cfg = &h->cfg, .user = user, .key = key, .session_hash = session_hash,
	                       .now_ms = time_now_ms() };
	struct gql_request req = { .query = query, .query_len = strlen(query), .context = &ctx };
	arena_reset(&h->a);
	sb_reset(&h->out);
	memset(&h->res, 0, sizeof h->res);
	gql_execute(h->schema, &req, &h->a, &h->out, &h->res);
	return sb_str(&h->out);
}

static const char *save_filter(struct harness *h, const struct store_user *u, const char *name, const char *filter)
{
	const char *body = h_run(h, u, h_fmt(h, "mutation { saveFilter(input: {name: \"%s\", filter: \"%s\"}) { "
	                                     "... on SaveFilterSuccess { filter { id } } ... on SaveFilterError { "
	                                     "errorCodes message } } }", name, filter), NULL);
	return h_get(h, body, "data.saveFilter.filter.id");
}

#define FILTER_NAMES "{ filters { ... on FiltersSuccess { filters { name } } } }"

/* a new account has Omnivore's eight saved searches, marked defaultFilter (t/store_search runs each); then
 * alice's and bob's are deleted, so the tests after start from none */
static void test_default_filters(struct harness *h)
{
	static const char *const want[][2] = {
		{ "Inbox", "in:inbox" }, { "Continue Reading", "in:inbox sort:read-desc is:reading" },
		{ "Non-Feed Items", "no:subscription" }, { "Highlights", "in:all has:highlights mode:highlights" },
		{ "Unlabeled", "no:label" }, { "Oldest First", "sort:saved-asc" }, { "Files", "type:file" },
		{ "Archived", "in:archive" },
	};
	struct sb w;
	const char *body = h_run(h, &h->alice, "{ filters { ... on FiltersSuccess { filters { name filter position "
	                         "category visible defaultFilter } } } }", NULL);
	sb_init(&w);
	sb_puts(&w, "{\"data\":{\"filters\":{\"filters\":[");
	for (int i = 0; i < 8; i++)
		sb_printf(&w, "%s{\"name\":\"%s\",\"filter\":\"%s\",\"position\":%d,\"category\":\"Search\",\"visible\":true,"
		          "\"defaultFilter\":true}", i ? "," : "", want[i][0], want[i][1], i);
	sb_puts(&w, "]}}}");
	is_str(body, sb_str(&w), "a new account has Omnivore's eight saved searches, in order, marked defaultFilter");
	sb_free(&w);
	for (const struct store_user *u = &h->alice;; u = &h->bob) {
		const char *id;
		for (int n = 0; n < 8 && (id = h_get(h, h_run(h, u, "{ filters { ... on FiltersSuccess { filters { id } } } }",
		                                               NULL), "data.filters.filters.0.id")); n++)
			h_run(h, u, h_fmt(h, "mutation { deleteFilter(id: \"%s\") { __typename } }", id), NULL);
		if (u == &h->bob)
			break;
	}
}

static void test_filters(struct harness *h)
{
	const char *body, *a, *b, *c;
	body = h_run(h, NULL, "{ filters { ... on FiltersError { errorCodes message } } }", NULL);
	like(body, "\"errorCodes\":[\"UNAUTHORIZED\"]", "filters without a user: UNAUTHORIZED");
	test_default_filters(h);
	body = h_run(h, &h->alice, "{ filters { __typename ... on FiltersSuccess { filters { id } } } }", NULL);
	is_str(body, "{\"data\":{\"filters\":{\"__typename\":\"FiltersSuccess\",\"filters\":[]}}}",
	       "no saved searches once the defaults are deleted");

	body = h_run(h, &h->alice, "mutation { saveFilter(input: {name: \"Long reads\", filter: \"in:inbox wordsCount:>3000\","
	             " category: \"Search\", folder: \"inbox\", description: \"long ones\", position: 5}) { ... on "
	             "SaveFilterSuccess { filter { name filter position folder category description visible defaultFilter "
	             "createdAt updatedAt } } } }", NULL);
	like(body, "{\"data\":{\"saveFilter\":{\"filter\":{\"name\":\"Long reads\",\"filter\":\"in:inbox "
	     "wordsCount:>3000\",\"position\":5,\"folder\":\"inbox\",\"category\":\"Search\",\"description\":\"long ones\","
	     "\"visible\":true,\"defaultFilter\":false,\"createdAt\":\"20", "saveFilter: every field");
	like(body, "Z\",\"updatedAt\":\"20", "with its times");
	a = save_filter(h, &h->alice, "A", "label:birds");
	b = save_filter(h, &h->alice, "B", "is:unread");
	c = save_filter(h, &h->alice, "C", "");
	ok(a && b && c, "three more saved (an empty query is every item)");
	body = h_run(h, &h->alice, "{ filters { ... on FiltersSuccess { filters { name position } } } }", NULL);
	is_str(body, "{\"data\":{\"filters\":{\"filters\":[{\"name\":\"Long reads\",\"position\":5},{\"name\":\"A\","
	       "\"position\":6},{\"name\":\"B\",\"position\":7},{\"name\":\"C\",\"position\":8}]}}}",
	       "without a position each goes after the last");

	body = h_run(h, &h->alice, "mutation { saveFilter(input: {name: \"x\", filter: \"is:bogus\"}) { ... on "
	             "SaveFilterError { errorCodes message } } }", NULL);
	like(body, "\"errorCodes\":[\"BAD_REQUEST\"],\"message\":\"unknown is: value \\\"bogus\\\"", "a query the search parser refuses");
	body = h_run(h, &h->alice, "mutation { saveFilter(input: {name: \"  \", filter: \"a\"}) { ... on "
	             "SaveFilterError { errorCodes message } } }", NULL);
	like(body, "\"BAD_REQUEST\"],\"message\":\"a saved search needs a name\"", "a blank name");
	{
		char big[LIMIT_FILTER_TEXT + 2];
		memset(big, 'n', sizeof big - 1);
		big[sizeof big - 1] = 0;
		ok(save_filter(h, &h->alice, big, "a") == NULL, "a name over LIMIT_FILTER_TEXT characters is refused");
		big[sizeof big - 2] = 0;
		ok((a = save_filter(h, &h->alice, big, "a")) != NULL, "one of LIMIT_FILTER_TEXT is taken");
		body = h_run(h, &h->alice, h_fmt(h, "mutation { deleteFilter(id: \"%s\") { __typename } }", a), NULL);
		like(body, "DeleteFilterSuccess", "and deleted");
		a = h_get(h, h_run(h, &h->alice, "{ filters { ... on FiltersSuccess { filters { id } } } }", NULL),
		          "data.filters.filters.1.id");
	}

	/* update */
	body = h_run(h, &h->alice, h_fmt(h, "mutation { updateFilter(input: {id: \"%s\", name: \"Birds\", visible: false}) "
	             "{ ... on UpdateFilterSuccess { filter { name filter visible } } } }", a), NULL);
	is_str(body, "{\"data\":{\"updateFilter\":{\"filter\":{\"name\":\"Birds\",\"filter\":\"label:birds\",\"visible\":false}}}}",
	       "updateFilter changes what it is given and keeps the rest");
	body = h_run(h, &h->bob, h_fmt(h, "mutation { updateFilter(input: {id: \"%s\", name: \"mine\"}) { ... on "
	             "UpdateFilterError { errorCodes message } } }", a), NULL);
	like(body, "\"NOT_FOUND\"],\"message\":\"you have no saved search with id", "another user's saved search: NOT_FOUND");
	body = h_run(h, &h->alice, h_fmt(h, "mutation { updateFilter(input: {id: \"%s\", filter: \"sort:nowhere\"}) { ... on "
	             "UpdateFilterError { errorCodes } } }", a), NULL);
	like(body, "BAD_REQUEST", "updateFilter checks the query");

	/* move: C after Long reads, then B first */
	{
		const char *first = h_get(h, h_run(h, &h->alice, "{ filters { ... on FiltersSuccess { filters { id } } } }", NULL),
		                          "data.filters.filters.0.id");
		body = h_run(h, &h->alice, h_fmt(h, "mutation { moveFilter(input: {filterId: \"%s\", afterFilterId: \"%s\"}) "
		             "{ ... on MoveFilterSuccess { filter { name } } } }", c, first), NULL);
		like(body, "\"name\":\"C\"", "moveFilter answers the moved one");
		body = h_run(h, &h->alice, h_fmt(h, "mutation { moveFilter(input: {filterId: \"%s\"}) { __typename } }", b), NULL);
		body = h_run(h, &h->alice, FILTER_NAMES, NULL);
		is_str(body, "{\"data\":{\"filters\":{\"filters\":[{\"name\":\"B\"},{\"name\":\"Long reads\"},{\"name\":\"C\"},"
		       "{\"name\":\"Birds\"}]}}}", "after, and first");
		body = h_run(h, &h->bob, h_fmt(h, "mutation { moveFilter(input: {filterId: \"%s\"}) { ... on MoveFilterError "
		             "{ errorCodes } } }", b), NULL);
		like(body, "NOT_FOUND", "bob cannot move alice's");
		body = h_run(h, &h->alice, h_fmt(h, "mutation { moveFilter(input: {filterId: \"%s\", afterFilterId: \"nope\"}) "
		             "{ ... on MoveFilterError { errorCodes } } }", b), NULL);
		like(body, "NOT_FOUND", "after an unknown one: NOT_FOUND");
	}

	/* delete */
	body = h_run(h, &h->bob, h_fmt(h, "mutation { deleteFilter(id: \"%s\") { ... on DeleteFilterError { errorCodes } } }",
	                               c), NULL);
	like(body, "NOT_FOUND", "bob cannot delete alice's");
	body = h_run(h, &h->alice, h_fmt(h, "mutation { deleteFilter(id: \"%s\") { ... on DeleteFilterSuccess { filter "
	             "{ name } } } }", c), NULL);
	is_str(body, "{\"data\":{\"deleteFilter\":{\"filter\":{\"name\":\"C\"}}}}", "deleteFilter answers the deleted one");
	body = h_run(h, &h->bob, FILTER_NAMES, NULL);
	is_str(body, "{\"data\":{\"filters\":{\"filters\":[]}}}", "bob sees none of alice's");
}

static void test_filter_cap(struct harness *h)
{
	const char *body;
	int made = 0;
	for (int i = 0; i < LIMIT_FILTERS_PER_USER; i++)
		made += save_filter(h, &h->bob, h_fmt(h, "f%d", i), "in:inbox") != NULL;
	is_int(made, LIMIT_FILTERS_PER_USER, "LIMIT_FILTERS_PER_USER saved searches are taken");
	body = h_run(h, &h->bob, "mutation { saveFilter(input: {name: \"one more\", filter: \"a\"}) { ... on "
	             "SaveFilterError { errorCodes message } } }", NULL);
	like(body, h_fmt(h, "\"BAD_REQUEST\"],\"message\":\"you have %d saved searches, the most allowed\"",
	                 LIMIT_FILTERS_PER_USER), "and one more is refused");
	ok(save_filter(h, &h->alice, "alice's own", "a") != NULL, "another user's count is their own");
}

#define RECENT "{ recentSearches { ... on RecentSearchesSuccess { searches { term } } } }"

static void test_recent(struct harness *h)
{
	const char *body;
	char want[2048];
	size_t n = 0;
	body = h_run(h, NULL, "{ recentSearches { ... on RecentSearchesError { errorCodes } } }", NULL);
	like(body, "UNAUTHORIZED", "recentSearches without a user");
	is_str(h_run(h, &h->alice, RECENT, NULL), "{\"data\":{\"recentSearches\":{\"searches\":[]}}}", "none yet");
	h_run(h, &h->alice, "{ search(query: \"pelicans\") { __typename } }", NULL);
	h_run(h, &h->alice, "{ search(query: \"herons\") { __typename } }", NULL);
	h_run(h, &h->alice, "{ search(query: \"\") { __typename } }", NULL);
	h_run(h, &h->alice, "{ search { __typename } }", NULL);
	h_run(h, &h->alice, "{ search(query: \"pelicans\") { __typename } }", NULL);
	body = h_run(h, &h->alice, "{ recentSearches { ... on RecentSearchesSuccess { searches { id term createdAt } } } }",
	             NULL);
	like(body, "\"term\":\"pelicans\",\"createdAt\":\"20", "newest first");
	like(body, "\"},{\"id\":\"", "two of them");
	like(body, "\"term\":\"herons\",\"createdAt\":\"20", "then the older one");
	is_str(h_run(h, &h->alice, RECENT, NULL), "{\"data\":{\"recentSearches\":{\"searches\":[{\"term\":\"pelicans\"},"
	       "{\"term\":\"herons\"}]}}}", "once each, empty queries not recorded");
	is_str(h_run(h, &h->bob, RECENT, NULL), "{\"data\":{\"recentSearches\":{\"searches\":[]}}}", "bob's are his own");
	for (int i = 0; i < LIMIT_RECENT_SEARCHES + 5; i++)
		h_run(h, &h->bob, h_fmt(h, "{ search(query: \"q%d\") { __typename } }", i), NULL);
	n = (size_t)snprintf(want, sizeof want, "{\"data\":{\"recentSearches\":{\"searches\":[");
	for (int i = LIMIT_RECENT_SEARCHES + 4; i >= 5; i--)
		n += (size_t)snprintf(want + n, sizeof want - n, "{\"term\":\"q%d\"}%s", i, i > 5 ? "," : "");
	snprintf(want + n, sizeof want - n, "]}}}");
	is_str(h_run(h, &h->bob, RECENT, NULL), want, "only the LIMIT_RECENT_SEARCHES newest are kept");
}

static void test_user(struct harness *h)
{
	const char *body;
	body = h_run(h, NULL, "{ user(userId: \"x\") { ... on UserError { errorCodes } } }", NULL);
	like(body, "UNAUTHORIZED", "user without a caller");
	body = h_run(h, &h->alice, h_fmt(h, "{ user(userId: \"%s\") { ... on UserSuccess { user { id profile { username } } } } }",
	                                 h->alice.id), NULL);
	is_str(body, h_fmt(h, "{\"data\":{\"user\":{\"user\":{\"id\":\"%s\",\"profile\":{\"username\":\"alice\"}}}}}",
	                   h->alice.id), "user by the caller's own id");
	body = h_run(h, &h->alice, "{ user(username: \"ALICE\") { ... on UserSuccess { user { name } } } }", NULL);
	is_str(body, "{\"data\":{\"user\":{\"user\":{\"name\":\"Alice Liddell\"}}}}", "by the own username, any case");
	body = h_run(h, &h->alice, h_fmt(h, "{ user(userId: \"%s\") { ... on UserError { errorCodes message } } }", h->bob.id),
	             NULL);
	is_str(body, "{\"data\":{\"user\":{\"errorCodes\":[\"USER_NOT_FOUND\"],\"message\":\"no such user\"}}}",
	       "another user's id is not found");
	is_str(h_run(h, &h->alice, "{ user(username: \"bob\") { ... on UserError { errorCodes message } } }", NULL), body,
	       "another user's name: the same answer");
	is_str(h_run(h, &h->alice, "{ user(username: \"nobody\") { ... on UserError { errorCodes message } } }", NULL), body,
	       "a name no one has: the same answer");
	body = h_run(h, &h->alice, "{ user { ... on UserError { errorCodes } } }", NULL);
	like(body, "BAD_REQUEST", "neither id nor name");

	body = h_run(h, NULL, "{ validateUsername(username: \"free\") }", NULL);
	like(body, "\"extensions\":{\"code\":\"UNAUTHORIZED\"}}],\"data\":null}", "validateUsername needs a signed-in caller");
	is_str(h_run(h, &h->alice, "{ validateUsername(username: \"free_name\") }", NULL),
	       "{\"data\":{\"validateUsername\":true}}", "a free, well-formed name");
	is_str(h_run(h, &h->alice, "{ validateUsername(username: \"S\") }", NULL), "{\"data\":{\"validateUsername\":false}}",
	       "a name that is a path of the site's own (/s/ is a shared article) is refused, in any case");
	is_str(h_run(h, &h->alice, "{ validateUsername(username: \"BOB\") }", NULL), "{\"data\":{\"validateUsername\":false}}",
	       "a taken one (any case)");
	is_str(h_run(h, &h->alice, "{ validateUsername(username: \"no spaces\") }", NULL),
	       "{\"data\":{\"validateUsername\":false}}", "a malformed one");
	/* with signup = yes a sign-up tells whether a name is taken: anyone may ask (Omnivore's iOS app does, tokenless) */
	h->cfg.signup = true;
	is_str(h_run(h, NULL, "{ validateUsername(username: \"free_name\") }", NULL), "{\"data\":{\"validateUsername\":true}}",
	       "signup open: a caller without credentials learns a free name is free");
	is_str(h_run(h, NULL, "{ validateUsername(username: \"BOB\") }", NULL), "{\"data\":{\"validateUsername\":false}}",
	       "and that a taken one is taken");
	h->cfg.signup = false;
}

#define PROFILE_Q "{ me { profile { bio pictureUrl } } }"
#define UPD "mutation { updateUserProfile(input: {userId: \"%s\", %s}) { ... on UpdateUserProfileSuccess " \
	"{ user { profile { username } } } ... on UpdateUserProfileError { errorCodes message } } }"

static void test_update_user(struct harness *h)
{
	const char *body;
	char bio[LIMIT_USER_BIO + 2];
	body = h_run(h, &h->bob, "mutation { updateUser(input: {name: \"Bob Builder\", bio: \"Builds.\"}) { ... on "
	             "UpdateUserSuccess { user { name profile { bio } } } } }", NULL);
	is_str(body, "{\"data\":{\"updateUser\":{\"user\":{\"name\":\"Bob Builder\",\"profile\":{\"bio\":\"Builds.\"}}}}}",
	       "updateUser sets name and bio");
	body = h_run(h, &h->bob, "mutation { updateUser(input: {name: \" \"}) { ... on UpdateUserError { errorCodes } } }", NULL);
	like(body, "EMPTY_NAME", "an empty name");
	memset(bio, 'b', sizeof bio - 1);
	bio[sizeof bio - 1] = 0;
	body = h_run(h, &h->bob, h_fmt(h, "mutation { updateUser(input: {name: \"B\", bio: \"%s\"}) { ... on UpdateUserError "
	             "{ errorCodes } } }", bio), NULL);
	like(body, "BIO_TOO_LONG", "a bio over LIMIT_USER_BIO characters");
	body = h_run(h, &h->bob, h_fmt(h, UPD, h->alice.id, "username: \"x\""), NULL);
	like(body, "\"FORBIDDEN\"", "updateUserProfile of another user: FORBIDDEN");
	body = h_run(h, &h->bob, h_fmt(h, UPD, h->bob.id, "bio: null"), NULL);
	like(body, "\"BAD_DATA\"", "nothing to change: BAD_DATA");
	body = h_run(h, &h->bob, h_fmt(h, UPD, h->bob.id, "username: \"no spaces\""), NULL);
	like(body, "\"BAD_USERNAME\"", "a malformed username");
	body = h_run(h, &h->bob, h_fmt(h, UPD, h->bob.id, "username: \"Alice\""), NULL);
	like(body, "\"USERNAME_EXISTS\"", "a taken username");
	body = h_run(h, &h->bob, h_fmt(h, UPD, h->bob.id, "pictureUrl: \"ftp://example.org/me.png\""), NULL);
	like(body, "\"BAD_DATA\"", "a picture that is not an http(s) URL");
	body = h_run(h, &h->bob, h_fmt(h, UPD, h->bob.id, "username: \"robert\", pictureUrl: \"https://example.org/me.png\""),
	             NULL);
	is_str(body, "{\"data\":{\"updateUserProfile\":{\"user\":{\"profile\":{\"username\":\"robert\"}}}}}",
	       "username and picture changed");
	body = h_run(h, &h->bob, PROFILE_Q, NULL);
	is_str(body, "{\"data\":{\"me\":{\"profile\":{\"bio\":\"Builds.\",\"pictureUrl\":\"https://example.org/me.png\"}}}}",
	       "bio and picture read back");
	{
		struct store_user u;
		ok(store_user_get(h->st, &h->a, h->bob.id, &u) == STORE_OK && strcmp(u.username, "robert") == 0 &&
		   strcmp(u.name, "Bob Builder") == 0, "name and username stored");
	}
	body = h_run(h, &h->bob, h_fmt(h, UPD, h->bob.id, "username: \"bob\", bio: \"\", pictureUrl: \"\""), NULL);
	like(body, "\"username\":\"bob\"", "and back");
	is_str(h_run(h, &h->bob, "{ me { profile { bio pictureUrl } } }", NULL),
	       "{\"data\":{\"me\":{\"profile\":{\"bio\":null,\"pictureUrl\":null}}}}", "an empty bio and picture clear them");
	is_str(h_run(h, &h->alice, "{ me { profile { bio } } }", NULL), "{\"data\":{\"me\":{\"profile\":{\"bio\":null}}}}",
	       "alice's profile is untouched");
}

static void test_log_out(struct harness *h)
{
	struct store_user who;
	struct store_apikey key = { .id = "k" };
	int64_t exp;
	char hash[65];
	const char *body;
	memset(hash, 'a', 64);
	hash[64] = 0;
	ok(store_session_create(h->st, h->alice.id, hash, time_now_ms() + 60000) == STORE_OK, "a session for alice");
	body = run_as(h, NULL, NULL, NULL, "mutation { logOut { ... on LogOutSuccess { message } } }");
	is_str(body, "{\"data\":{\"logOut\":{\"message\":\"You are logged out.\"}}}", "logOut without credentials");
	body = run_as(h, &h->alice, &key, NULL, "mutation { logOut { ... on LogOutSuccess { message } } }");
	like(body, "the key stays valid", "logOut with an API key leaves the key");
	is_int(store_session_lookup(h->st, &h->a, hash, time_now_ms(), &who, &exp), STORE_OK, "and the session lives");
	body = run_as(h, &h->alice, NULL, hash, "mutation { logOut { __typename ... on LogOutSuccess { message } } }");
	is_str(body, "{\"data\":{\"logOut\":{\"__typename\":\"LogOutSuccess\",\"message\":\"You are logged out.\"}}}",
	       "logOut with the session");
	is_int(store_session_lookup(h->st, &h->a, hash, time_now_ms(), &who, &exp), STORE_E_NOTFOUND, "ends it");
}

static void test_new_user_lists(struct harness *h)
{
	static const char *const empty[][2] = {
		{ "{ subscriptions(type: RSS, sort: {by: UPDATED_TIME}) { ... on SubscriptionsSuccess { subscriptions { id } } } }",
		  "{\"data\":{\"subscriptions\":{\"subscriptions\":[]}}}" },
		{ "{ newsletterEmails { ... on NewsletterEmailsSuccess { newsletterEmails { id address } } } }",
		  "{\"data\":{\"newsletterEmails\":{\"newsletterEmails\":[]}}}" },
		{ "{ feeds(input: {query: \"x\"}) { ... on FeedsSuccess { edges { cursor } pageInfo { hasNextPage } } } }",
		  "{\"data\":{\"feeds\":{\"edges\":[],\"pageInfo\":{\"hasNextPage\":false}}}}" },
		{ "{ scanFeeds(input: {opml: \"<opml><body/></opml>\"}) { ... on ScanFeedsSuccess { feeds { url } } } }",
		  "{\"data\":{\"scanFeeds\":{\"feeds\":[]}}}" },
		{ "{ recentEmails { ... on RecentEmailsSuccess { recentEmails { id } } } }",
		  "{\"data\":{\"recentEmails\":{\"recentEmails\":[]}}}" },
		/* PDF uploads are offered now (t/upload_pdf.sh): a file that is not a PDF, and an unknown upload, refused */
		{ "mutation { uploadFileRequest(input: {url: \"https://example.org/a.epub\", contentType: \"application/epub+zip\"}) "
		  "{ ... on UploadFileRequestError { errorCodes message } } }",
		  "{\"data\":{\"uploadFileRequest\":{\"errorCodes\":[\"BAD_INPUT\"],\"message\":\"only PDF files (contentType "
		  "application/pdf) can be uploaded\"}}}" },
		{ "mutation { saveFile(input: {url: \"https://example.org/a.pdf\", source: \"x\", clientRequestId: \"c\", "
		  "uploadFileId: \"u\"}) { ... on SaveError { errorCodes message } } }",
		  "{\"data\":{\"saveFile\":{\"errorCodes\":[\"UNAUTHORIZED\"],\"message\":\"no such uploaded file\"}}}" },
	};
	for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++)
		is_str(h_run(h, &h->alice, empty[i][0], NULL), empty[i][1], "a new user's empty answer or refusal: %.40s", empty[i][0]);
	like(h_run(h, NULL, "{ subscriptions { ... on SubscriptionsError { errorCodes } } }", NULL), "UNAUTHORIZED",
	     "subscriptions without a user");
	like(h_run(h, NULL, "mutation { saveFile(input: {url: \"u\", source: \"x\", clientRequestId: \"c\", uploadFileId: "
	           "\"u\"}) { ... on SaveError { errorCodes } } }", NULL), "UNAUTHORIZED", "saveFile without a user");
}

/* every table of the database (FTS5's own storage aside: its doc sizes count the indexed rows) */
#define TABLES "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND (name NOT LIKE " \
	"'items_fts%' OR name = 'items_fts_docsize') ORDER BY name"

struct counts { char name[40][64]; int64_t n[40]; int ntables; };
/* the tables fill_carol gives rows */
#define CAROL_TABLES " users api_keys sessions library_items item_content labels item_labels highlights jobs " \
	"item_tombstones item_search items_fts_docsize save_tokens filters recent_searches user_profiles "

/* the first column of a query's one row as an integer (-1: it failed), on the store's connection */
static int64_t pg_int(struct harness *h, const char *sql, const char *arg)
{
	struct db_stmt *s = NULL;
	int64_t n = -1;
	if (db_prepare(h->st->db, sql, false, &s) == DB_OK) {
		if (arg)
			db_bind_text(s, 1, arg);
		if (db_step(s) == DB_ROW)
			n = db_col_int64(s, 0);
	}
	db_finalize(s);
	return n;
}

/* PostgreSQL: the tables of the schema and their row counts */
static void pg_count_rows(struct harness *h, struct counts *c)
{
	struct db_stmt *s = NULL;
	c->ntables = 0;
	if (db_prepare(h->st->db, "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1",
	               false, &s) != DB_OK)
		return;
	while (db_step(s) == DB_ROW && c->ntables < 40) {
		snprintf(c->name[c->ntables], sizeof c->name[0], "%s", db_col_text(s, 0, NULL));
		c->n[c->ntables] = pg_int(h, h_fmt(h, "SELECT count(*) FROM \"%s\"", c->name[c->ntables]), NULL);
		c->ntables++;
	}
	db_finalize(s);
}

/* db NULL: PostgreSQL, through the store's connection */
static void count_rows(struct harness *h, sqlite3 *db, struct counts *c)
{
	sqlite3_stmt *s, *q;
	if (!db) {
		pg_count_rows(h, c);
		return;
	}
	c->ntables = 0;
	sqlite3_prepare_v2(db, TABLES, -1, &s, NULL);
	while (sqlite3_step(s) == SQLITE_ROW && c->ntables < 40) {
		char sql[128];
		snprintf(c->name[c->ntables], sizeof c->name[0], "%s", (const char *)sqlite3_column_text(s, 0));
		snprintf(sql, sizeof sql, "SELECT count(*) FROM \"%s\"", c->name[c->ntables]);
		sqlite3_prepare_v2(db, sql, -1, &q, NULL);
		c->n[c->ntables++] = sqlite3_step(q) == SQLITE_ROW ? sqlite3_column_int64(q, 0) : -1;
		sqlite3_finalize(q);
	}
	sqlite3_finalize(s);
}

/* rows of any table holding text in any column (db NULL: PostgreSQL, each row as its record's text) */
static int64_t rows_holding(struct harness *h, sqlite3 *db, const struct counts *c, const char *text)
{
	int64_t found = 0;
	for (int i = 0; i < c->ntables; i++) {
		sqlite3_stmt *s;
		char sql[128];
		if (!db) {
			int64_t n = pg_int(h, h_fmt(h, "SELECT count(*) FROM \"%s\" r WHERE strpos(r::text, ?1) > 0", c->name[i]),
			                   text);
			if (n != 0)
				printf("# %s still holds %s\n", c->name[i], text);
			found += n;
			continue;
		}
		snprintf(sql, sizeof sql, "SELECT * FROM \"%s\"", c->name[i]);
		sqlite3_prepare_v2(db, sql, -1, &s, NULL);
		while (sqlite3_step(s) == SQLITE_ROW)
			for (int col = 0; col < sqlite3_column_count(s); col++) {
				const unsigned char *t = sqlite3_column_text(s, col);
				if (t && strstr((const char *)t, text)) {
					printf("# %s still holds %s\n", c->name[i], text);
					found++;
				}
			}
		sqlite3_finalize(s);
	}
	return found;
}

/* carol gets a row in every table a user's data goes to */
static void fill_carol(struct harness *h, const struct store_user *carol)
{
	static const char *const ops[] = {
		"mutation { savePage(input: {url: \"https://example.org/carol-owls\", clientRequestId: "
		"\"9c1c2d7e-1b2a-4c3d-8e9f-0a1b2c3d4e5f\", source: \"t\", title: \"Owls of Carol\", originalContent: "
		"\"<html><body><article><h1>Owls</h1><p>Carolwords about owls hunting at night in the woods of the north, "
		"quietly and well.</p></article></body></html>\", labels: [{name: \"Carol label\"}]}) { __typename } }",
		"mutation { createHighlight(input: {id: \"1b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e\", shortId: \"c1\", articleId: "
		"\"9c1c2d7e-1b2a-4c3d-8e9f-0a1b2c3d4e5f\", quote: \"owls\", annotation: \"carol note\"}) { __typename } }",
		"mutation { saveUrl(input: {url: \"https://example.org/carol-later\", clientRequestId: "
		"\"8d1c2d7e-1b2a-4c3d-8e9f-0a1b2c3d4e5f\", source: \"t\"}) { __typename } }",
		"mutation { saveUrl(input: {url: \"https://example.org/carol-gone\", clientRequestId: "
		"\"7e1c2d7e-1b2a-4c3d-8e9f-0a1b2c3d4e5f\", source: \"t\"}) { __typename } }",
		"mutation { setBookmarkArticle(input: {articleID: \"7e1c2d7e-1b2a-4c3d-8e9f-0a1b2c3d4e5f\", bookmark: false}) "
		"{ __typename } }",
		"mutation { saveFilter(input: {name: \"carol's\", filter: \"owls\"}) { __typename } }",
		"{ search(query: \"owls\") { __typename } }",
		"mutation { updateUser(input: {name: \"Carol\", bio: \"carol bio\"}) { __typename } }",
		"mutation { generateApiKey(input: {name: \"carol key\", expiresAt: \"2999-01-01\"}) { __typename } }",
	};
	int64_t purged;
	char hash[65];
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		const char *body = h_run(h, carol, ops[i], NULL);
		if (strstr(body, "Success") == NULL && strstr(body, "search") == NULL)
			h_bail("filling carol's account", body);
	}
	memset(hash, 'c', 64);
	hash[64] = 0;
	if (store_session_create(h->st, carol->id, hash, time_now_ms() + 60000) != STORE_OK ||
	    store_savetoken_set(h->st, carol->id, hash, time_now_ms()) != STORE_OK ||
	    store_trash_purge(h->st, time_now_ms() + 1, &purged) != STORE_OK || purged != 1)
		h_bail("filling carol's account", store_errmsg(h->st));
}

static void test_delete_account(struct harness *h)
{
	struct store_user carol, u;
	struct counts before, full, after;
	const char *body;
	sqlite3 *db = NULL;
	if (!test_db_is_pg() && sqlite3_open_v2(h->db, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK)
		h_bail("sqlite3_open", h->db);
	count_rows(h, db, &before);
	if (store_user_add(h->st, &h->keep, "carol", NULL, "carol@example.org", NULL, &carol) != STORE_OK)
		h_bail("store_user_add", "carol");
	fill_carol(h, &carol);
	count_rows(h, db, &full);
	for (int i = 0; i < full.ntables; i++)
		if (strstr(CAROL_TABLES, h_fmt(h, " %s ", full.name[i])) != NULL)
			ok(full.n[i] > before.n[i], "carol has rows in %s", full.name[i]);

	body = h_run(h, NULL, h_fmt(h, "mutation { deleteAccount(userID: \"%s\") { ... on DeleteAccountError { errorCodes } } }",
	                            carol.id), NULL);
	like(body, "UNAUTHORIZED", "deleteAccount without a user");
	body = h_run(h, &carol, h_fmt(h, "mutation { deleteAccount(userID: \"%s\") { ... on DeleteAccountError { errorCodes "
	             "message } } }", h->bob.id), NULL);
	is_str(body, "{\"data\":{\"deleteAccount\":{\"errorCodes\":[\"FORBIDDEN\"],\"message\":\"you can delete only your "
	       "own account\"}}}", "another user's id is refused");
	ok(store_user_get(h->st, &h->a, h->bob.id, &u) == STORE_OK, "and bob is still there");
	body = h_run(h, &carol, h_fmt(h, "mutation { deleteAccount(userID: \"%s\") { ... on DeleteAccountSuccess { userID } } }",
	                              carol.id), NULL);
	is_str(body, h_fmt(h, "{\"data\":{\"deleteAccount\":{\"userID\":\"%s\"}}}", carol.id), "the own account is deleted");
	count_rows(h, db, &after);
	is_int(after.ntables, before.ntables, "the same tables");
	for (int i = 0; i < after.ntables; i++)
		is_int(after.n[i], before.n[i], "%s: nothing of carol's is left", after.name[i]);
	is_int(rows_holding(h, db, &after, carol.id), 0, "no row holds carol's id");
	is_int(rows_holding(h, db, &after, "arol"), 0, "nor her name, email, labels, bio or words");
	is_int(store_user_get(h->st, &h->a, carol.id, &u), STORE_E_NOTFOUND, "carol is gone");
	body = h_run(h, &carol, h_fmt(h, "mutation { deleteAccount(userID: \"%s\") { ... on DeleteAccountError { errorCodes } } }",
	                              carol.id), NULL);
	like(body, "USER_NOT_FOUND", "deleting it again: USER_NOT_FOUND");
	like(h_run(h, &h->alice, "{ search(query: \"carolwords\") { ... on SearchSuccess { pageInfo { totalCount } } } }", NULL),
	     "\"totalCount\":0", "her words are out of the search index");
	sqlite3_close(db);
}

int main(void)
{
	struct harness h;
	h_init(&h);
	test_filters(&h);
	test_filter_cap(&h);
	test_recent(&h);
	test_user(&h);
	test_update_user(&h);
	test_log_out(&h);
	test_new_user_lists(&h);
	test_delete_account(&h);
	h_free(&h);
	return done_testing();
}
