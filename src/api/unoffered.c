/* unoffered.c: the calls of features Larder does not offer (webhooks, rules, integrations, discover, home, groups, reminders, sharing, e-mail, push notifications): their documented empty lists and error members, one table row each. */
#include <string.h>

#include "api/api_int.h"

/* what one root field answers: with code NULL, its *Success member with every field empty (an empty list, a
 * null section); else its *Error member with code and message. A request without a user gets the error
 * member with UNAUTHORIZED, or with nouser where the type has no such code */
struct unoffered {
	const char *code, *message, *nouser;
};

/* the member of the field's result union that is (or is not) its error type */
static const char *member(struct gql_rctx *rc, bool error)
{
	const struct gql_type *t = gql_rfield(rc)->type;
	if (t->kind == GQL_K_NON_NULL)
		t = t->of;
	for (uint32_t i = 0; i < t->npossible; i++) {
		size_t n = strlen(t->possible[i]->name);
		if ((n > 5 && strcmp(t->possible[i]->name + n - 5, "Error") == 0) == error)
			return t->possible[i]->name;
	}
	return t->name;
}

static int resolve_unoffered(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct unoffered *u = api_row(rc)->data;
	if (api_ctx_of(rc)->user == NULL)
		return api_out_error(rc, out, member(rc, true), u->nouser ? u->nouser : "UNAUTHORIZED", API_NO_USER_MSG);
	if (u->code == NULL)
		return api_obj(out, member(rc, false), api_absent);
	return api_out_error(rc, out, member(rc, true), u->code, "%s", u->message);
}

/* reportItem's result is a plain object holding a message: the report is acknowledged, not kept */
static int resolve_report(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	if (api_ctx_of(rc)->user == NULL)
		return api_out_error(rc, out, "ReportItemResult", "UNAUTHORIZED", API_NO_USER_MSG);
	return api_out_error(rc, out, "ReportItemResult", NULL,
	                     "This server keeps no moderation queue: the report was not stored or sent anywhere.");
}

/* the nullable lists of the empty successes: [] rather than null */
static int resolve_empty_list(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	gql_out_list(rc, out, 0);
	return 0;
}

#define EMPTY(where_) { .where = (where_), .fn = resolve_unoffered, .data = &(const struct unoffered){ 0 } }
#define REFUSE(where_, code_, message_) \
	{ .where = (where_), .fn = resolve_unoffered, .data = &(const struct unoffered){ (code_), (message_), NULL } }
#define REFUSE_ALL(where_, code_, message_) \
	{ .where = (where_), .fn = resolve_unoffered, .data = &(const struct unoffered){ (code_), (message_), (code_) } }

#define NO_WEBHOOKS "Webhooks are not offered by this server."
#define NO_RULES "Rules are not offered by this server."
#define NO_INTEGRATIONS "Integrations are not offered by this server."
#define NO_DISCOVER "Discover feeds are not offered by this server."
#define NO_HOME "The home feed is not offered by this server."
#define NO_SHARING "Sharing is not offered by this server."
#define NO_EMAIL "This server sends and receives no e-mail."

static const struct api_bind unoffered_table[] = {
	EMPTY("Query.webhooks"),
	REFUSE("Query.webhook", "NOT_FOUND", NO_WEBHOOKS),
	REFUSE("Mutation.setWebhook", "BAD_REQUEST", NO_WEBHOOKS),
	REFUSE("Mutation.deleteWebhook", "NOT_FOUND", NO_WEBHOOKS),
	EMPTY("Query.rules"),
	REFUSE("Mutation.setRule", "BAD_REQUEST", NO_RULES),
	REFUSE("Mutation.deleteRule", "NOT_FOUND", NO_RULES),
	EMPTY("Query.integrations"),
	REFUSE_ALL("Query.integration", "NOT_FOUND", NO_INTEGRATIONS),
	REFUSE("Mutation.setIntegration", "BAD_REQUEST", NO_INTEGRATIONS),
	REFUSE("Mutation.deleteIntegration", "NOT_FOUND", NO_INTEGRATIONS),
	REFUSE("Mutation.importFromIntegration", "BAD_REQUEST", NO_INTEGRATIONS),
	REFUSE("Mutation.exportToIntegration", "FAILED_TO_CREATE_TASK", NO_INTEGRATIONS),
	EMPTY("Query.discoverFeeds"),
	EMPTY("Query.discoverTopics"),
	EMPTY("Query.getDiscoverFeedArticles"),
	EMPTY("Query.getDiscoveryArticles"),
	REFUSE("Mutation.addDiscoverFeed", "BAD_REQUEST", NO_DISCOVER),
	REFUSE("Mutation.editDiscoverFeed", "NOT_FOUND", NO_DISCOVER),
	REFUSE("Mutation.deleteDiscoverFeed", "NOT_FOUND", NO_DISCOVER),
	REFUSE("Mutation.saveDiscoverArticle", "NOT_FOUND", NO_DISCOVER),
	REFUSE("Mutation.deleteDiscoverArticle", "NOT_FOUND", NO_DISCOVER),
	REFUSE("Mutation.hideDiscoverArticle", "NOT_FOUND", NO_DISCOVER),
	EMPTY("Query.home"),
	EMPTY("Query.hiddenHomeSection"),
	REFUSE_ALL("Mutation.refreshHome", "PENDING", NO_HOME),
	REFUSE("Mutation.sendHomeFeedback", "BAD_REQUEST", NO_HOME),
	REFUSE_ALL("Query.sharedArticle", "NOT_FOUND", NO_SHARING),
	REFUSE("Mutation.setShareHighlight", "FORBIDDEN", NO_SHARING),
	REFUSE("Mutation.createReminder", "BAD_REQUEST", "Reminders are not offered by this server."),
	{ .where = "Mutation.optInFeature", .fn = resolve_unoffered,
	  .data = &(const struct unoffered){ "NOT_FOUND", "This server has no optional features to opt in to.",
	                                     "BAD_REQUEST" } },
	REFUSE("Mutation.addPopularRead", "NOT_FOUND", "Popular reads are not offered by this server."),
	REFUSE("Mutation.joinGroup", "NOT_FOUND", "Groups are not offered by this server."),
	REFUSE("Query.sendInstallInstructions", "FORBIDDEN", NO_EMAIL),
	EMPTY("Query.deviceTokens"),
	REFUSE("Mutation.setDeviceToken", "BAD_REQUEST", "Push notifications are not offered by this server."),
	REFUSE("Mutation.updateEmail", "BAD_REQUEST", "The e-mail address of an account is not changed through the API."),
	API_ONE("Mutation.reportItem", resolve_report),
	API_ALL("ReportItemResult", api_resolve_error),
	API_ONE("GetDiscoverFeedArticleSuccess.discoverArticles", resolve_empty_list),
	API_ONE("GetDiscoveryArticleSuccess.discoverArticles", resolve_empty_list),
	API_ONE("GetDiscoverTopicSuccess.discoverTopics", resolve_empty_list),
};

int api_bind_unoffered(struct gql_schema *s, char *err, size_t errlen)
{
	return API_BIND_TABLE(s, unoffered_table, err, errlen);
}
