/* api_schema.c: the compiled-in SDL loads, every field is bound, the roots have Omnivore's types, and incomplete schemas are refused. */
#include "t/api_harness.h"
#include "t/tap.h"
#include "api/api_int.h"
#include "svc/apikey.h"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	struct sb b;
	char buf[4096];
	size_t n;
	if (f == NULL)
		return NULL;
	sb_init(&b);
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		sb_putn(&b, buf, n);
	fclose(f);
	return sb_take(&b);
}

static const char *field_type(struct gql_schema *s, const char *type, const char *field)
{
	struct gql_type *t = gql_schema_type(s, type);
	struct gql_field *f = t ? gql_type_field(t, field) : NULL;
	return f ? gql_type_print(&s->arena, f->type) : "(missing)";
}

static const char *arg_type(struct gql_schema *s, const char *type, const char *field, const char *arg)
{
	struct gql_type *t = gql_schema_type(s, type);
	struct gql_field *f = t ? gql_type_field(t, field) : NULL;
	struct gql_input_value *a = f ? gql_field_arg(f, arg) : NULL;
	return a ? gql_type_print(&s->arena, a->type) : "(missing)";
}

/* the field names of an object type, space-separated */
static const char *field_names(struct gql_schema *s, const struct gql_type *t)
{
	struct sb b;
	const char *r;
	sb_init(&b);
	for (uint32_t i = 0; t && i < t->nfields; i++) {
		if (i)
			sb_putc(&b, ' ');
		sb_puts(&b, t->fields[i]->name);
	}
	r = arena_strdup(&s->arena, sb_error(&b) ? "(error)" : sb_str(&b));
	sb_free(&b);
	return r;
}

/* named types other than the built-in scalars and the introspection types */
static int user_types(const struct gql_schema *s)
{
	int n = 0;
	for (uint32_t i = 0; i < s->ntypes; i++)
		if (!s->types[i]->introspection &&
		    !(s->types[i]->kind == GQL_K_SCALAR && s->types[i]->builtin != GQL_SCALAR_CUSTOM))
			n++;
	return n;
}

/* every root field has a cost class and a grant in api/policy.c (a field added to the SDL without one fails
 * here and at api_schema_load), the costs are the classes of util/limits.h, queries need only `read`, and
 * no row is written twice */
static void check_policies(const struct gql_schema *s)
{
	const struct gql_type *roots[2] = { s->query, s->mutation };
	unsigned bad = 0, total = 0;
	for (int r = 0; r < 2; r++) {
		size_t n;
		api_root_policies(r == 1, &n);
		is_int((int64_t)n, (int64_t)roots[r]->nfields, "%s: one row per field in api/policy.c", roots[r]->name);
		for (uint32_t i = 0; i < roots[r]->nfields; i++) {
			const struct gql_field *f = roots[r]->fields[i];
			const struct api_root_policy *p = f->meta;
			uint32_t c = f->cost;
			total++;
			if (p == NULL || strcmp(p->field, f->name) != 0 || c != p->cost ||
			    (c != LIMIT_COST_CHEAP && c != LIMIT_COST_SCAN && c != LIMIT_COST_WRITE && c != LIMIT_COST_FETCH) ||
			    (r == 0 ? p->need != SVC_GRANT_READ
			            : p->need != SVC_GRANT_SAVE && p->need != SVC_GRANT_WRITE && p->need != SVC_GRANT_ACCOUNT)) {
				printf("# %s.%s: %s\n", roots[r]->name, f->name, p ? "a bad row" : "no row");
				bad++;
			}
		}
	}
	is_int(total, 104, "104 root fields");
	is_int(bad, 0, "each has its cost class and grant");
	is_int(gql_type_field(s->mutation, "saveUrl")->cost, LIMIT_COST_FETCH, "saveUrl costs what a fetch does");
	is_int(gql_type_field(s->mutation, "updateLabel")->cost, LIMIT_COST_WRITE, "updateLabel what a write does");
	is_int(gql_type_field(s->query, "search")->cost, LIMIT_COST_SCAN, "search what a scan does");
	is_int(gql_type_field(s->query, "me")->cost, LIMIT_COST_CHEAP, "me what a cheap read does");
}

int main(void)
{
	char err[512], unbound[512], path[1024];
	const char *srcdir = getenv("top_srcdir");
	struct gql_schema *s;
	char *file;

	/* the SDL compiled in is schema/larder.graphql */
	snprintf(path, sizeof path, "%s/schema/larder.graphql", srcdir && *srcdir ? srcdir : ".");
	file = slurp(path);
	ok(file != NULL, "read %s", path);
	ok(file && strcmp(file, larder_schema_sdl) == 0, "larder_schema_sdl is schema/larder.graphql, byte for byte");
	free(file);

	err[0] = 0;
	s = api_schema_load(err, sizeof err);
	if (!ok(s != NULL, "api_schema_load builds the schema (%s)", err))
		return done_testing();
	is_int(gql_schema_unbound(s, unbound, sizeof unbound), 0, "no field without a resolver (%s)", unbound);
	ok(s->query && strcmp(s->query->name, "Query") == 0, "query root is Query");
	ok(s->mutation && strcmp(s->mutation->name, "Mutation") == 0, "mutation root is Mutation");
	ok(s->subscription == NULL, "no subscription root");
	check_policies(s);
	/* exactly the root fields in scope (INTERFACE.md), in the SDL's order */
	is_str(field_names(s, s->query), "me search article updatesSince articleSavingRequest labels apiKeys sessions "
	       "highlights typeaheadSearch filters recentSearches user validateUsername subscriptions newsletterEmails "
	       "feeds scanFeeds recentEmails getUserPersonalization articles sharedArticle webhooks webhook rules "
	       "integrations integration discoverFeeds discoverTopics getDiscoverFeedArticles getDiscoveryArticles home "
	       "hiddenHomeSection sendInstallInstructions subscription deviceTokens", "Query's fields");
	is_str(field_names(s, s->mutation), "saveUrl savePage setBookmarkArticle setLinkArchived updatePage "
	       "saveArticleReadingProgress createLabel updateLabel deleteLabel setLabels createHighlight "
	       "updateHighlight deleteHighlight generateApiKey revokeApiKey revokeSession revokeOtherSessions mergeHighlight setLabelsForHighlight "
	       "bulkAction emptyTrash setFavoriteArticle moveToFolder setItemShare createArticleSavingRequest saveFilter updateFilter "
	       "deleteFilter moveFilter updateUser updateUserProfile deleteAccount logOut uploadFileRequest saveFile "
	       "setUserPersonalization createArticle reportItem createReminder setShareHighlight optInFeature "
	       "addPopularRead setDeviceToken joinGroup setWebhook deleteWebhook setRule deleteRule setIntegration deleteIntegration "
	       "importFromIntegration exportToIntegration addDiscoverFeed editDiscoverFeed deleteDiscoverFeed "
	       "saveDiscoverArticle deleteDiscoverArticle hideDiscoverArticle refreshHome sendHomeFeedback "
	       "markEmailAsItem updateEmail subscribe unsubscribe updateSubscription createNewsletterEmail "
	       "deleteNewsletterEmail uploadImportFile", "Mutation's fields");
	/* Omnivore's excerpt (t/data/omnivore-schema.graphql) has 126 named types besides the built-in
	 * scalars: the same ones here, plus Query and Mutation (t/introspection.sh compares them one by one),
	 * plus those of issue 12: 38 for the item and highlight calls (highlights, mergeHighlight, …), 87 for
	 * the account, saved and recent searches and the not-yet-offered features, and 233 for the other calls
	 * (personalization, articles, the unoffered features), 5 for uploadImportFile, 14 for the sessions
	 * page (sessions, revokeSession, revokeOtherSessions), and 10 for the device tokens of Omnivore's iOS
	 * app (issue 26) */
	is_int(user_types(s), 520, "520 named types besides built-in scalars and introspection");

	/* the roots, with Omnivore's types */
	is_str(field_type(s, "Query", "me"), "User", "Query.me: User");
	is_str(field_type(s, "Query", "apiKeys"), "ApiKeysResult!", "Query.apiKeys: ApiKeysResult!");
	is_str(field_type(s, "Mutation", "generateApiKey"), "GenerateApiKeyResult!", "generateApiKey: GenerateApiKeyResult!");
	is_str(arg_type(s, "Mutation", "generateApiKey", "input"), "GenerateApiKeyInput!", "generateApiKey(input: GenerateApiKeyInput!)");
	is_str(field_type(s, "Mutation", "revokeApiKey"), "RevokeApiKeyResult!", "revokeApiKey: RevokeApiKeyResult!");
	is_str(arg_type(s, "Mutation", "revokeApiKey", "id"), "ID!", "revokeApiKey(id: ID!)");
	is_str(field_type(s, "Query", "search"), "SearchResult!", "Query.search: SearchResult!");
	is_str(arg_type(s, "Query", "search", "after"), "String", "search(after: String)");
	is_str(arg_type(s, "Query", "search", "first"), "Int", "search(first: Int)");
	is_str(arg_type(s, "Query", "search", "query"), "String", "search(query: String)");
	is_str(arg_type(s, "Query", "search", "includeContent"), "Boolean", "search(includeContent: Boolean)");
	is_str(arg_type(s, "Query", "search", "format"), "String", "search(format: String)");
	is_str(arg_type(s, "Query", "article", "username"), "String!", "article(username: String!)");
	is_str(arg_type(s, "Query", "article", "slug"), "String!", "article(slug: String!)");
	is_str(arg_type(s, "Query", "updatesSince", "since"), "Date!", "updatesSince(since: Date!)");
	is_str(arg_type(s, "Query", "updatesSince", "sort"), "SortParams", "updatesSince(sort: SortParams)");
	is_str(field_type(s, "Mutation", "saveUrl"), "SaveResult!", "saveUrl: SaveResult!");
	is_str(field_type(s, "Mutation", "savePage"), "SaveResult!", "savePage: SaveResult!");
	is_str(arg_type(s, "Mutation", "setLinkArchived", "input"), "ArchiveLinkInput!", "setLinkArchived(input: ArchiveLinkInput!)");
	is_str(arg_type(s, "Mutation", "deleteHighlight", "highlightId"), "ID!", "deleteHighlight(highlightId: ID!)");
	is_str(field_type(s, "SearchItem", "pageType"), "PageType!", "SearchItem.pageType: PageType!");
	is_str(field_type(s, "SearchItem", "links"), "JSON", "SearchItem.links: JSON");
	is_str(field_type(s, "SyncUpdatedItemEdge", "node"), "SearchItem", "SyncUpdatedItemEdge.node is nullable");
	is_str(field_type(s, "ArchiveLinkError", "message"), "String!", "ArchiveLinkError.message: String! (as Omnivore)");
	is_str(field_type(s, "SearchError", "message"), "String", "SearchError.message: String (Larder's extra)");
	{
		struct gql_type *t = gql_schema_type(s, "ArticleSavingRequest");
		struct gql_field *f = t ? gql_type_field(t, "userId") : NULL;
		ok(f && f->deprecated && f->deprecation_reason &&
		   strcmp(f->deprecation_reason, "userId has been replaced with user") == 0,
		   "ArticleSavingRequest.userId carries Omnivore's deprecation");
	}
	is_str(field_type(s, "ApiKey", "key"), "String", "ApiKey.key is nullable");
	is_str(field_type(s, "ApiKey", "expiresAt"), "Date!", "ApiKey.expiresAt: Date!");
	is_str(field_type(s, "ApiKey", "usedAt"), "Date", "ApiKey.usedAt: Date");
	is_str(field_type(s, "ApiKey", "scopes"), "[String!]", "ApiKey.scopes: [String!]");
	is_str(field_type(s, "User", "profile"), "Profile!", "User.profile: Profile!");
	is_str(field_type(s, "User", "sharedArticles"), "[FeedArticle!]!", "User.sharedArticles: [FeedArticle!]!");
	is_str(field_type(s, "Article", "highlights"), "[Highlight!]!", "Article.highlights: [Highlight!]!");
	is_str(arg_type(s, "Article", "highlights", "input"), "ArticleHighlightsInput", "Article.highlights(input:)");
	{
		struct gql_type *t = gql_schema_type(s, "GenerateApiKeyInput");
		struct gql_input_value *e = t ? gql_input_field(t, "expiresAt") : NULL;
		ok(e && strcmp(gql_type_print(&s->arena, e->type), "Date!") == 0, "GenerateApiKeyInput.expiresAt: Date!");
		t = gql_schema_type(s, "Date");
		ok(t && t->kind == GQL_K_SCALAR && t->parse != NULL, "Date is a scalar with an input hook");
		t = gql_schema_type(s, "ApiKeysResult");
		ok(t && t->kind == GQL_K_UNION && t->npossible == 2, "ApiKeysResult is a union of two");
		t = gql_schema_type(s, "GenerateApiKeyErrorCode");
		ok(t && t->nvalues == 3 && gql_enum_value(t, "ALREADY_EXISTS") && gql_enum_value(t, "BAD_REQUEST") &&
		   gql_enum_value(t, "UNAUTHORIZED"), "GenerateApiKeyErrorCode has Omnivore's three values");
	}
	gql_schema_free(s);

	/* refusals */
	{
		const char *extra = "type Query { hello: String ";
		const char *base = strstr(larder_schema_sdl, "type Query {");
		struct sb b;
		ok(base != NULL, "the SDL has a Query type");
		/* the Query type with an extra, unbound field first */
		sb_init(&b);
		sb_putn(&b, larder_schema_sdl, (size_t)(base - larder_schema_sdl));
		sb_puts(&b, extra);
		sb_puts(&b, base + strlen("type Query {"));
		err[0] = 0;
		s = api_schema_build(sb_str(&b), b.len, err, sizeof err);
		ok(s == NULL, "a schema with an unbound field is refused");
		like(err, "Query.hello", "the message names the field (%s)", err);
		if (s != NULL)
			gql_schema_free(s);
		sb_free(&b);

		s = api_schema_build("type Query { me: User }", 23, err, sizeof err);
		ok(s == NULL, "a schema without the types we bind is refused");
		ok(err[0] != 0, "with a message (%s)", err);
		if (s != NULL)
			gql_schema_free(s);
		s = api_schema_build("type Query { me: User", 21, err, sizeof err);
		ok(s == NULL && err[0] != 0, "a syntax error is refused with a message (%s)", err);
		if (s != NULL)
			gql_schema_free(s);
	}

	/* objects Larder has no data for yet answer "empty" values that satisfy their types */
	{
		const char *ext = "\nextend type Query { probe: FeedArticle! }\n";
		static const struct api_root_policy probe_policy = { "probe", 1, 1 };
		const char *q = "{ probe { __typename id sharedAt sharedComment highlightsCount reactions { id }"
		                " article { title isArchived readingProgressPercent readingProgressAnchorIndex contentReader"
		                " pageType savedAt labels { id } highlights(input: {includeFriends: true}) { id } }"
		                " highlight { id } sharedBy { id name email isFullUser profile { username private } } } }";
		struct api_ctx ctx = { 0 };
		struct gql_request req = { .query = q, .query_len = strlen(q), .context = &ctx };
		struct gql_result res;
		struct arena a;
		struct sb b, out;
		sb_init(&b);
		sb_puts(&b, larder_schema_sdl);
		sb_puts(&b, ext);
		s = gql_schema_parse(sb_str(&b), b.len, err, sizeof err);
		ok(s != NULL, "the SDL with a probe field parses (%s)", s ? "" : err);
		if (s != NULL) {
			is_int(gql_bind(s, "Query.probe", api_resolve_absent, NULL), 0, "bind the probe");
			is_int(api_schema_bind(s, err, sizeof err), -1, "a root field without a row in api/policy.c fails the binding");
			is_str(err, "schema: the root field Query.probe has no cost class and grant in api/policy.c", "naming it");
			gql_type_field(s->query, "probe")->meta = &probe_policy;
			is_int(api_schema_bind(s, err, sizeof err), 0, "bind everything else (%s)", err);
			arena_init(&a);
			sb_init(&out);
			gql_execute(s, &req, &a, &out, &res);
			is_str(sb_str(&out), "{\"data\":{\"probe\":{\"__typename\":\"FeedArticle\",\"id\":\"\","
			       "\"sharedAt\":\"1970-01-01T00:00:00.000Z\",\"sharedComment\":null,\"highlightsCount\":null,"
			       "\"reactions\":[],\"article\":{\"title\":\"\",\"isArchived\":false,\"readingProgressPercent\":0,"
			       "\"readingProgressAnchorIndex\":0,\"contentReader\":\"WEB\",\"pageType\":null,"
			       "\"savedAt\":\"1970-01-01T00:00:00.000Z\",\"labels\":null,\"highlights\":[]},"
			       "\"highlight\":null,\"sharedBy\":{\"id\":\"\",\"name\":\"\",\"email\":null,"
			       "\"isFullUser\":null,\"profile\":{\"username\":\"\",\"private\":false}}}}}",
			       "empty values fit every type");
			sb_free(&out);
			arena_free(&a);
			gql_schema_free(s);
		}
		sb_free(&b);
	}
	return done_testing();
}
