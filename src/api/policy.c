/* policy.c: every root field's cost class (what one selection costs against request_cost_max) and the grant a key needs to run it, in one table, bound onto the schema; api_guard refuses what a key's scopes do not allow. */
#include <stdio.h>
#include <string.h>
#include "api/api_int.h"
#include "svc/apikey.h"

/* the cost classes (util/limits.h's LIMIT_COST_*) */
#define CHEAP LIMIT_COST_CHEAP     /* one small row or list, or a field Larder does not offer */
#define SCAN LIMIT_COST_SCAN       /* pages or scans the library, or sends an article's text */
#define WRITE LIMIT_COST_WRITE     /* writes a few rows */
#define FETCH LIMIT_COST_FETCH     /* fetches, parses a page, or writes many rows */
/* the grants (svc/apikey.h) */
#define READ SVC_GRANT_READ
#define SAVE SVC_GRANT_SAVE
#define CHANGE SVC_GRANT_WRITE
#define ACCOUNT SVC_GRANT_ACCOUNT

static const struct api_root_policy query_policy[] = {
	{ "me", CHEAP, READ }, { "user", CHEAP, READ }, { "validateUsername", CHEAP, READ },
	{ "labels", CHEAP, READ }, { "apiKeys", CHEAP, READ }, { "sessions", CHEAP, READ }, { "filters", CHEAP, READ },
	{ "recentSearches", CHEAP, READ }, { "getUserPersonalization", CHEAP, READ },
	{ "articleSavingRequest", CHEAP, READ }, { "newsletterEmails", CHEAP, READ }, { "subscription", CHEAP, READ },
	{ "search", SCAN, READ }, { "articles", SCAN, READ }, { "updatesSince", SCAN, READ },
	{ "typeaheadSearch", SCAN, READ }, { "article", SCAN, READ }, { "highlights", SCAN, READ },
	{ "subscriptions", SCAN, READ }, { "feeds", SCAN, READ }, { "recentEmails", SCAN, READ },
	{ "scanFeeds", FETCH, READ },
	/* not offered: answered empty or refused without work */
	{ "sharedArticle", CHEAP, READ }, { "webhooks", CHEAP, READ }, { "webhook", CHEAP, READ },
	{ "rules", CHEAP, READ }, { "integrations", CHEAP, READ }, { "integration", CHEAP, READ },
	{ "discoverFeeds", CHEAP, READ }, { "discoverTopics", CHEAP, READ }, { "getDiscoverFeedArticles", CHEAP, READ },
	{ "getDiscoveryArticles", CHEAP, READ }, { "home", CHEAP, READ }, { "hiddenHomeSection", CHEAP, READ },
	{ "sendInstallInstructions", CHEAP, READ }, { "deviceTokens", CHEAP, READ },
};

static const struct api_root_policy mutation_policy[] = {
	/* saving */
	{ "saveUrl", FETCH, SAVE }, { "savePage", FETCH, SAVE }, { "saveFile", FETCH, SAVE },
	{ "uploadFileRequest", FETCH, SAVE }, { "createArticleSavingRequest", FETCH, SAVE },
	{ "createArticle", FETCH, SAVE },
	/* the library */
	{ "setBookmarkArticle", WRITE, CHANGE }, { "setLinkArchived", WRITE, CHANGE }, { "updatePage", WRITE, CHANGE },
	{ "saveArticleReadingProgress", WRITE, CHANGE }, { "setFavoriteArticle", WRITE, CHANGE },
	{ "moveToFolder", WRITE, CHANGE }, { "createLabel", WRITE, CHANGE }, { "updateLabel", WRITE, CHANGE },
	{ "setItemShare", WRITE, CHANGE },
	{ "deleteLabel", WRITE, CHANGE }, { "setLabels", WRITE, CHANGE }, { "createHighlight", WRITE, CHANGE },
	{ "updateHighlight", WRITE, CHANGE }, { "deleteHighlight", WRITE, CHANGE }, { "mergeHighlight", WRITE, CHANGE },
	{ "setLabelsForHighlight", WRITE, CHANGE }, { "saveFilter", WRITE, CHANGE }, { "updateFilter", WRITE, CHANGE },
	{ "deleteFilter", WRITE, CHANGE }, { "moveFilter", WRITE, CHANGE }, { "setUserPersonalization", WRITE, CHANGE },
	{ "unsubscribe", WRITE, CHANGE }, { "updateSubscription", WRITE, CHANGE },
	{ "createNewsletterEmail", WRITE, CHANGE }, { "deleteNewsletterEmail", WRITE, CHANGE },
	{ "bulkAction", FETCH, CHANGE }, { "emptyTrash", FETCH, CHANGE }, { "subscribe", FETCH, CHANGE },
	{ "markEmailAsItem", FETCH, CHANGE }, { "uploadImportFile", FETCH, CHANGE },
	/* keys and the account: full access only */
	{ "generateApiKey", WRITE, ACCOUNT }, { "revokeApiKey", WRITE, ACCOUNT },
	{ "revokeSession", WRITE, ACCOUNT }, { "revokeOtherSessions", WRITE, ACCOUNT }, { "updateUser", WRITE, ACCOUNT },
	{ "updateUserProfile", WRITE, ACCOUNT }, { "logOut", WRITE, ACCOUNT }, { "deleteAccount", FETCH, ACCOUNT },
	/* not offered: refused without work (those that would send data elsewhere need full access) */
	{ "setWebhook", CHEAP, ACCOUNT }, { "deleteWebhook", CHEAP, ACCOUNT }, { "setIntegration", CHEAP, ACCOUNT },
	{ "deleteIntegration", CHEAP, ACCOUNT }, { "importFromIntegration", CHEAP, ACCOUNT },
	{ "exportToIntegration", CHEAP, ACCOUNT }, { "setRule", CHEAP, ACCOUNT }, { "deleteRule", CHEAP, ACCOUNT },
	{ "updateEmail", CHEAP, ACCOUNT }, { "optInFeature", CHEAP, ACCOUNT }, { "setDeviceToken", CHEAP, ACCOUNT },
	{ "reportItem", CHEAP, CHANGE }, { "createReminder", CHEAP, CHANGE }, { "setShareHighlight", CHEAP, CHANGE },
	{ "addPopularRead", CHEAP, CHANGE }, { "joinGroup", CHEAP, CHANGE }, { "addDiscoverFeed", CHEAP, CHANGE },
	{ "editDiscoverFeed", CHEAP, CHANGE }, { "deleteDiscoverFeed", CHEAP, CHANGE },
	{ "saveDiscoverArticle", CHEAP, CHANGE }, { "deleteDiscoverArticle", CHEAP, CHANGE },
	{ "hideDiscoverArticle", CHEAP, CHANGE }, { "refreshHome", CHEAP, CHANGE }, { "sendHomeFeedback", CHEAP, CHANGE },
};

const struct api_root_policy *api_root_policies(bool mutation, size_t *n)
{
	*n = mutation ? sizeof mutation_policy / sizeof mutation_policy[0] : sizeof query_policy / sizeof query_policy[0];
	return mutation ? mutation_policy : query_policy;
}

/* one root type's rows onto its fields: every field needs a row, every row a field */
static int bind_root(struct gql_type *root, const struct api_root_policy *t, size_t n, char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		struct gql_field *f = gql_type_field(root, t[i].field);
		if (f == NULL) {
			snprintf(err, errlen, "schema: api/policy.c names %s.%s, which the SDL lacks", root->name, t[i].field);
			return -1;
		}
		f->cost = t[i].cost;
		f->meta = &t[i];
	}
	for (uint32_t i = 0; i < root->nfields; i++)
		if (root->fields[i]->meta == NULL) {
			snprintf(err, errlen, "schema: the root field %s.%s has no cost class and grant in api/policy.c",
			         root->name, root->fields[i]->name);
			return -1;
		}
	return 0;
}

int api_bind_policy(struct gql_schema *s, char *err, size_t errlen)
{
	size_t nq, nm;
	const struct api_root_policy *q = api_root_policies(false, &nq), *m = api_root_policies(true, &nm);
	if (s->query == NULL || s->mutation == NULL) {
		snprintf(err, errlen, "schema: no Query or Mutation type");
		return -1;
	}
	return bind_root(s->query, q, nq, err, errlen) || bind_root(s->mutation, m, nm, err, errlen) ? -1 : 0;
}

const char *api_guard(void *context, const struct gql_field *f, struct arena *a)
{
	const struct api_ctx *ctx = context;
	const struct api_root_policy *p = f->meta;
	const char *scope, *msg;
	unsigned grants;
	if (ctx == NULL || ctx->key == NULL || p == NULL) /* a session, or no credentials (the resolvers answer) */
		return NULL;
	grants = svc_apikey_grants(ctx->key->scopes_json);
	if (grants & p->need)
		return NULL;
	if ((scope = svc_grant_scope(p->need)) == NULL)
		msg = arena_printf(a, "This API key has the scopes %s, and \"%s\" needs full access: use a key minted "
		                   "without scopes, or sign in.", ctx->key->scopes_json, f->name);
	else
		msg = arena_printf(a, "This API key's scopes %s do not allow \"%s\": it needs the scope \"%s\".",
		                   ctx->key->scopes_json, f->name, scope);
	return msg ? msg : "This API key's scopes do not allow this operation."; /* never allowed for want of memory */
}
