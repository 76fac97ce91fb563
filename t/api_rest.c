/* api_rest.c: issue 12's other calls: the unoffered features' empty lists and error members, reader settings stored per user, articles and createArticle (TAP). */
#include "t/api_harness.h"
#include "t/tap.h"

#define NO_USER "This operation needs an API key: send it in the authorization header."

/* one unoffered call: the field with its arguments (after "{ " or "mutation { "), its error member, what to
 * select on its success member, the whole answer for alice, and the error code without a user */
struct probe {
	const char *call, *error, *success_sel, *want, *nouser_code;
};

/* the answer with the error member */
#define ERR(field, type, code, msg) \
	"{\"data\":{\"" field "\":{\"__typename\":\"" type "\",\"errorCodes\":[\"" code "\"],\"message\":\"" msg "\"}}}"
#define REFUSED(call, field, type, code, msg, nouser) { call, type, "", ERR(field, type, code, msg), nouser }
#define EMPTY(call, type, sel, want) { call, type, sel, want, "UNAUTHORIZED" }

static const struct probe probes[] = {
	EMPTY("{ webhooks", "WebhooksError",
	      "... on WebhooksSuccess { webhooks { id } }",
	      "{\"data\":{\"webhooks\":{\"__typename\":\"WebhooksSuccess\",\"webhooks\":[]}}}"),
	EMPTY("{ rules(enabled: true)", "RulesError",
	      "... on RulesSuccess { rules { id } }",
	      "{\"data\":{\"rules\":{\"__typename\":\"RulesSuccess\",\"rules\":[]}}}"),
	EMPTY("{ integrations", "IntegrationsError",
	      "... on IntegrationsSuccess { integrations { id } }",
	      "{\"data\":{\"integrations\":{\"__typename\":\"IntegrationsSuccess\",\"integrations\":[]}}}"),
	EMPTY("{ discoverFeeds", "DiscoverFeedError",
	      "... on DiscoverFeedSuccess { feeds { id } }",
	      "{\"data\":{\"discoverFeeds\":{\"__typename\":\"DiscoverFeedSuccess\",\"feeds\":[]}}}"),
	EMPTY("{ discoverTopics", "GetDiscoverTopicError",
	      "... on GetDiscoverTopicSuccess { discoverTopics { name } }",
	      "{\"data\":{\"discoverTopics\":{\"__typename\":\"GetDiscoverTopicSuccess\",\"discoverTopics\":[]}}}"),
	EMPTY("{ getDiscoverFeedArticles(discoverTopicId: \"Popular\", first: 5)", "GetDiscoverFeedArticleError",
	      "... on GetDiscoverFeedArticleSuccess { discoverArticles { id } pageInfo { hasNextPage hasPreviousPage } }",
	      "{\"data\":{\"getDiscoverFeedArticles\":{\"__typename\":\"GetDiscoverFeedArticleSuccess\",\"discoverArticles\":[],\"pageInfo\":{\"hasNextPage\":false,\"hasPreviousPage\":false}}}}"),
	EMPTY("{ getDiscoveryArticles(discoveryTopicId: \"Popular\")", "GetDiscoveryArticleError",
	      "... on GetDiscoveryArticleSuccess { discoverArticles { id } }",
	      "{\"data\":{\"getDiscoveryArticles\":{\"__typename\":\"GetDiscoveryArticleSuccess\",\"discoverArticles\":[]}}}"),
	EMPTY("{ home(first: 10)", "HomeError",
	      "... on HomeSuccess { edges { cursor } pageInfo { hasNextPage } }",
	      "{\"data\":{\"home\":{\"__typename\":\"HomeSuccess\",\"edges\":[],\"pageInfo\":{\"hasNextPage\":false}}}}"),
	EMPTY("{ hiddenHomeSection", "HiddenHomeSectionError",
	      "... on HiddenHomeSectionSuccess { section { title } }",
	      "{\"data\":{\"hiddenHomeSection\":{\"__typename\":\"HiddenHomeSectionSuccess\",\"section\":null}}}"),
	REFUSED("{ webhook(id: \"w1\")",
	        "webhook", "WebhookError", "NOT_FOUND", "Webhooks are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("{ integration(name: \"NOTION\")",
	        "integration", "IntegrationError", "NOT_FOUND", "Integrations are not offered by this server.", "NOT_FOUND"),
	REFUSED("{ sharedArticle(username: \"alice\", slug: \"pelicans\")",
	        "sharedArticle", "SharedArticleError", "NOT_FOUND", "Sharing is not offered by this server.", "NOT_FOUND"),
	REFUSED("{ sendInstallInstructions",
	        "sendInstallInstructions", "SendInstallInstructionsError", "FORBIDDEN", "This server sends and receives no e-mail.", "UNAUTHORIZED"),
	REFUSED("{ subscription(id: \"s1\")",
	        "subscription", "SubscriptionError", "NOT_FOUND", "you have no subscription with id \\\"s1\\\"", "UNAUTHORIZED"),
	REFUSED("mutation { setWebhook(input: {url: \"https://hooks.example.org/\", eventTypes: [PAGE_CREATED]})",
	        "setWebhook", "SetWebhookError", "BAD_REQUEST", "Webhooks are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { deleteWebhook(id: \"w1\")",
	        "deleteWebhook", "DeleteWebhookError", "NOT_FOUND", "Webhooks are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { setRule(input: {name: \"n\", filter: \"in:inbox\", actions: [], enabled: true, eventTypes: []})",
	        "setRule", "SetRuleError", "BAD_REQUEST", "Rules are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { deleteRule(id: \"r1\")",
	        "deleteRule", "DeleteRuleError", "NOT_FOUND", "Rules are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { setIntegration(input: {name: \"READWISE\", token: \"t\", enabled: true})",
	        "setIntegration", "SetIntegrationError", "BAD_REQUEST", "Integrations are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { deleteIntegration(id: \"i1\")",
	        "deleteIntegration", "DeleteIntegrationError", "NOT_FOUND", "Integrations are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { importFromIntegration(integrationId: \"i1\")",
	        "importFromIntegration", "ImportFromIntegrationError", "BAD_REQUEST", "Integrations are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { exportToIntegration(integrationId: \"i1\")",
	        "exportToIntegration", "ExportToIntegrationError", "FAILED_TO_CREATE_TASK", "Integrations are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { addDiscoverFeed(input: {url: \"https://example.org/feed\"})",
	        "addDiscoverFeed", "AddDiscoverFeedError", "BAD_REQUEST", "Discover feeds are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { editDiscoverFeed(input: {feedId: \"f\", name: \"n\"})",
	        "editDiscoverFeed", "EditDiscoverFeedError", "NOT_FOUND", "Discover feeds are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { deleteDiscoverFeed(input: {feedId: \"f\"})",
	        "deleteDiscoverFeed", "DeleteDiscoverFeedError", "NOT_FOUND", "Discover feeds are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { saveDiscoverArticle(input: {discoverArticleId: \"d\"})",
	        "saveDiscoverArticle", "SaveDiscoverArticleError", "NOT_FOUND", "Discover feeds are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { deleteDiscoverArticle(input: {discoverArticleId: \"d\"})",
	        "deleteDiscoverArticle", "DeleteDiscoverArticleError", "NOT_FOUND", "Discover feeds are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { hideDiscoverArticle(input: {discoverArticleId: \"d\", setHidden: true})",
	        "hideDiscoverArticle", "HideDiscoverArticleError", "NOT_FOUND", "Discover feeds are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { refreshHome",
	        "refreshHome", "RefreshHomeError", "PENDING", "The home feed is not offered by this server.", "PENDING"),
	REFUSED("mutation { sendHomeFeedback(input: {site: \"example.org\", feedbackType: \"MORE\"})",
	        "sendHomeFeedback", "SendHomeFeedbackError", "BAD_REQUEST", "The home feed is not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { setShareHighlight(input: {id: \"h\", share: true})",
	        "setShareHighlight", "SetShareHighlightError", "FORBIDDEN", "Sharing is not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { createReminder(input: {linkId: \"l\", archiveUntil: true, sendNotification: false, remindAt: \"2030-01-01\"})",
	        "createReminder", "CreateReminderError", "BAD_REQUEST", "Reminders are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { optInFeature(input: {name: \"ai-summaries\"})",
	        "optInFeature", "OptInFeatureError", "NOT_FOUND", "This server has no optional features to opt in to.", "BAD_REQUEST"),
	REFUSED("mutation { addPopularRead(name: \"omnivore_get_started\")",
	        "addPopularRead", "AddPopularReadError", "NOT_FOUND", "Popular reads are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { joinGroup(inviteCode: \"abc\")",
	        "joinGroup", "JoinGroupError", "NOT_FOUND", "Groups are not offered by this server.", "UNAUTHORIZED"),
	REFUSED("mutation { markEmailAsItem(recentEmailId: \"e\")",
	        "markEmailAsItem", "MarkEmailAsItemError", "NOT_FOUND", "you have no received mail with id \\\"e\\\"", "UNAUTHORIZED"),
	REFUSED("mutation { updateEmail(input: {email: \"a@example.org\"})",
	        "updateEmail", "UpdateEmailError", "BAD_REQUEST", "The e-mail address of an account is not changed through the API.", "UNAUTHORIZED"),
	REFUSED("mutation { subscribe(name: \"Money Stuff\")",
	        "subscribe", "SubscribeError", "BAD_REQUEST", "Newsletters arrive by e-mail: make an address with createNewsletterEmail and sign up with it; subscribe takes a feed's url.", "UNAUTHORIZED"),
	REFUSED("mutation { unsubscribe(name: \"Money Stuff\")",
	        "unsubscribe", "UnsubscribeError", "NOT_FOUND", "you have no subscription named \\\"Money Stuff\\\"", "UNAUTHORIZED"),
	REFUSED("mutation { updateSubscription(input: {id: \"s\"})",
	        "updateSubscription", "UpdateSubscriptionError", "NOT_FOUND", "you have no subscription with id \\\"s\\\"", "UNAUTHORIZED"),
	REFUSED("mutation { createNewsletterEmail(input: {folder: \"nowhere\"})",
	        "createNewsletterEmail", "CreateNewsletterEmailError", "BAD_REQUEST", "folder must be inbox or following", "UNAUTHORIZED"),
	REFUSED("mutation { deleteNewsletterEmail(newsletterEmailId: \"n\")",
	        "deleteNewsletterEmail", "DeleteNewsletterEmailError", "NOT_FOUND", "you have no newsletter address with id \\\"n\\\"", "UNAUTHORIZED"),
};

static void check_unoffered(struct harness *h)
{
	for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
		const struct probe *p = &probes[i];
		const char *doc = h_fmt(h, "%s { __typename ... on %s { errorCodes message } %s } }", p->call, p->error,
		                        p->success_sel);
		const char *name = p->call + strcspn(p->call, "{") + 2;
		int n = (int)strcspn(name, "( ");
		is_str(h_run(h, &h->alice, doc, NULL), p->want, "%.*s: alice gets the documented answer", n, name);
		like(h_run(h, NULL, doc, NULL),
		     h_fmt(h, "\"__typename\":\"%s\",\"errorCodes\":[\"%s\"],\"message\":\"" NO_USER "\"", p->error,
		           p->nouser_code),
		     "%.*s: without a user, %s with %s", n, name, p->error, p->nouser_code);
	}
}

#define GET_P "{ getUserPersonalization { __typename ... on GetUserPersonalizationSuccess { userPersonalization " \
	"{ theme fontSize fontFamily margin libraryLayoutType librarySortOrder speechVoice fields digestConfig " \
	"{ channels } } } ... on GetUserPersonalizationError { errorCodes message } } }"
#define SET_P "mutation($in: SetUserPersonalizationInput!) { setUserPersonalization(input: $in) { __typename " \
	"... on SetUserPersonalizationSuccess { updatedUserPersonalization { theme fontSize margin librarySortOrder " \
	"fields digestConfig { channels } } } ... on SetUserPersonalizationError { errorCodes message } } }"

static void check_personalization(struct harness *h)
{
	const char *none = "{\"data\":{\"getUserPersonalization\":{\"__typename\":\"GetUserPersonalizationSuccess\","
	                   "\"userPersonalization\":null}}}";
	is_str(h_run(h, &h->alice, GET_P, NULL), none, "getUserPersonalization: null before anything is stored");
	is_str(h_run(h, &h->alice, SET_P, "{\"in\": {\"theme\": \"Dark\", \"fontSize\": 20, \"margin\": 360, "
	             "\"librarySortOrder\": \"DESCENDING\", \"fields\": {\"a\": [1, true, \"x\"]}, "
	             "\"digestConfig\": {\"channels\": [\"email\"]}}}"),
	       "{\"data\":{\"setUserPersonalization\":{\"__typename\":\"SetUserPersonalizationSuccess\","
	       "\"updatedUserPersonalization\":{\"theme\":\"Dark\",\"fontSize\":20,\"margin\":360,"
	       "\"librarySortOrder\":\"DESCENDING\",\"fields\":\"{\\\"a\\\":[1,true,\\\"x\\\"]}\","
	       "\"digestConfig\":{\"channels\":[\"email\"]}}}}}",
	       "setUserPersonalization stores the fields given and answers the whole row");
	is_str(h_run(h, &h->alice, SET_P, "{\"in\": {\"fontSize\": 18, \"theme\": null}}"),
	       "{\"data\":{\"setUserPersonalization\":{\"__typename\":\"SetUserPersonalizationSuccess\","
	       "\"updatedUserPersonalization\":{\"theme\":\"Dark\",\"fontSize\":18,\"margin\":360,"
	       "\"librarySortOrder\":\"DESCENDING\",\"fields\":\"{\\\"a\\\":[1,true,\\\"x\\\"]}\","
	       "\"digestConfig\":{\"channels\":[\"email\"]}}}}}",
	       "a second call changes only the fields it sets");
	is_str(h_run(h, &h->alice, GET_P, NULL),
	       "{\"data\":{\"getUserPersonalization\":{\"__typename\":\"GetUserPersonalizationSuccess\","
	       "\"userPersonalization\":{\"theme\":\"Dark\",\"fontSize\":18,\"fontFamily\":null,\"margin\":360,"
	       "\"libraryLayoutType\":null,\"librarySortOrder\":\"DESCENDING\",\"speechVoice\":null,"
	       "\"fields\":\"{\\\"a\\\":[1,true,\\\"x\\\"]}\",\"digestConfig\":{\"channels\":[\"email\"]}}}}}",
	       "getUserPersonalization reads alice's settings back");
	is_str(h_run(h, &h->bob, GET_P, NULL), none, "bob does not see alice's settings");
	h_run(h, &h->bob, SET_P, "{\"in\": {\"theme\": \"Light\"}}");
	like(h_run(h, &h->bob, GET_P, NULL), "\"theme\":\"Light\",\"fontSize\":null", "bob's own settings are his");
	like(h_run(h, &h->alice, GET_P, NULL), "\"theme\":\"Dark\",\"fontSize\":18", "and alice's are unchanged");
	like(h_run(h, &h->alice, SET_P, "{\"in\": {\"fontSize\": -3}}"), "fontSize and margin are not negative",
	     "a negative size is refused");
	like(h_run(h, NULL, GET_P, NULL), "\"errorCodes\":[\"UNAUTHORIZED\"],\"message\":\"" NO_USER "\"",
	     "getUserPersonalization without a user: UNAUTHORIZED");
	like(h_run(h, NULL, SET_P, "{\"in\": {\"theme\": \"Dark\"}}"),
	     "\"errorCodes\":[\"UNAUTHORIZED\"],\"message\":\"" NO_USER "\"",
	     "setUserPersonalization without a user: UNAUTHORIZED");
}

#define ARTICLES "{ articles(first: 5, query: \"\", sharedOnly: false, sort: {by: UPDATED_TIME}) { __typename " \
	"... on ArticlesSuccess { edges { cursor node { title url } } pageInfo { hasNextPage totalCount } } " \
	"... on ArticlesError { errorCodes message } } }"
#define CREATE "mutation($in: CreateArticleInput!) { createArticle(input: $in) { __typename ... on " \
	"CreateArticleSuccess { created createdArticle { title url hasContent } user { profile { username } } } " \
	"... on CreateArticleError { errorCodes message } } }"
#define PAGE_IN "{\"in\": {\"url\": \"https://example.org/pelicans\", \"articleSavingRequestId\": " \
	"\"6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b\", \"preparedDocument\": {\"document\": \"<html><body><article>" \
	"<h1>Pelicans</h1><p>Pelicans are large water birds with a long beak and a large throat pouch used for " \
	"catching prey.</p></article></body></html>\", \"pageInfo\": {\"title\": \"Pelicans\"}}}}"

static void check_articles(struct harness *h)
{
	is_str(h_run(h, &h->alice, CREATE, PAGE_IN),
	       "{\"data\":{\"createArticle\":{\"__typename\":\"CreateArticleSuccess\",\"created\":true,\"createdArticle\":"
	       "{\"title\":\"Pelicans\",\"url\":\"https://example.org/pelicans\",\"hasContent\":true},"
	       "\"user\":{\"profile\":{\"username\":\"alice\"}}}}}",
	       "createArticle with a prepared document stores the page at once");
	like(h_run(h, &h->alice, CREATE, PAGE_IN), "\"created\":false", "the same page again: not created anew");
	like(h_run(h, &h->alice, CREATE, "{\"in\": {\"url\": \"https://example.org/x\", \"uploadFileId\": \"u\"}}"),
	     "\"errorCodes\":[\"UPLOAD_FILE_MISSING\"]", "an upload without a document: UPLOAD_FILE_MISSING");
	like(h_run(h, &h->alice, CREATE, "{\"in\": {\"url\": \"not a url\"}}"), "\"errorCodes\":[\"UNABLE_TO_PARSE\"]",
	     "a URL svc_save refuses: CreateArticleError");
	like(h_run(h, NULL, CREATE, PAGE_IN), "\"errorCodes\":[\"UNAUTHORIZED\"]", "createArticle without a user");
	is_str(h_run(h, &h->alice, ARTICLES, NULL),
	       "{\"data\":{\"articles\":{\"__typename\":\"ArticlesSuccess\",\"edges\":[{\"cursor\":\"1\",\"node\":"
	       "{\"title\":\"Pelicans\",\"url\":\"https://example.org/pelicans\"}}],\"pageInfo\":{\"hasNextPage\":false,"
	       "\"totalCount\":1}}}}",
	       "articles pages through alice's library as Articles");
	is_str(h_run(h, &h->bob, ARTICLES, NULL),
	       "{\"data\":{\"articles\":{\"__typename\":\"ArticlesSuccess\",\"edges\":[],\"pageInfo\":{\"hasNextPage\":false,"
	       "\"totalCount\":0}}}}",
	       "bob's articles hold none of alice's");
	like(h_run(h, NULL, ARTICLES, NULL), "\"errorCodes\":[\"UNAUTHORIZED\"],\"message\":\"" NO_USER "\"",
	     "articles without a user: UNAUTHORIZED");
	like(h_run(h, &h->alice, "{ articles(after: null, first: 5, includePending: true, query: \"in:inbox\", sharedOnly: false,"
	           " sort: {by: UPDATED_TIME, order: DESCENDING}) { __typename ... on ArticlesSuccess { edges { node { title } } } } }",
	           NULL),
	     "\"node\":{\"title\":\"Pelicans\"}", "articles as Omnivore's iOS app asks (includePending: true)");
	like(h_run(h, &h->alice, "{ sharedArticle(username: \"alice\", slug: \"pelicans\") { __typename } }", NULL),
	     "SharedArticleError", "sharedArticle does not answer even the owner's item");
}

static void check_report(struct harness *h)
{
	const char *doc = "mutation { reportItem(input: {pageId: \"p\", itemUrl: \"https://example.org/\", "
	                  "reportTypes: [SPAM], reportComment: \"c\"}) { message } }";
	is_str(h_run(h, &h->alice, doc, NULL),
	       "{\"data\":{\"reportItem\":{\"message\":\"This server keeps no moderation queue: the report was not "
	       "stored or sent anywhere.\"}}}",
	       "reportItem is acknowledged and says it was not kept");
	is_str(h_run(h, NULL, doc, NULL), "{\"data\":{\"reportItem\":{\"message\":\"" NO_USER "\"}}}",
	       "reportItem without a user says so");
}

int main(void)
{
	struct harness h;
	h_init(&h);
	check_unoffered(&h);
	check_personalization(&h);
	check_articles(&h);
	check_report(&h);
	h_free(&h);
	return done_testing();
}
