/* later.c: the calls of features that come later (subscriptions, newsletters, feeds, file uploads): each answers its documented empty list or its error member, one table row per field. */
#include "api/api_int.h"

/* what a field answers: the member `type` (empty: every field of it resolves to its empty value), or,
 * with code set, the error member `type` with that code and message */
struct later { const char *type, *code, *message; };

static const struct later empty_subscriptions = { "SubscriptionsSuccess", NULL, NULL };
static const struct later empty_newsletters = { "NewsletterEmailsSuccess", NULL, NULL };
static const struct later empty_feeds = { "FeedsSuccess", NULL, NULL };
static const struct later empty_scan = { "ScanFeedsSuccess", NULL, NULL };
static const struct later empty_emails = { "RecentEmailsSuccess", NULL, NULL };
static const struct later no_upload = { "UploadFileRequestError", "BAD_INPUT",
                                        "PDF upload is not available on this server yet" };
static const struct later no_file = { "SaveError", "UNKNOWN", "PDF upload is not available on this server yet" };

static int resolve_later(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct later *l = api_row(rc)->data;
	if (l->code != NULL)
		return api_out_error(rc, out, l->type, l->code, "%s", l->message);
	return api_obj(out, l->type, api_absent);
}

/* a root field answered by resolve_later; error_ names the error member for a request without a user
 * (NULL: answered to anyone, for fields whose error member has no UNAUTHORIZED) */
#define LATER(where_, error_, later_) { .where = (where_), .fn = resolve_later, .user_error = (error_), .data = (later_) }

int api_bind_later(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		LATER("Query.subscriptions", "SubscriptionsError", &empty_subscriptions),
		LATER("Query.newsletterEmails", "NewsletterEmailsError", &empty_newsletters),
		LATER("Query.feeds", "FeedsError", &empty_feeds),
		LATER("Query.scanFeeds", NULL, &empty_scan),
		LATER("Query.recentEmails", "RecentEmailsError", &empty_emails),
		LATER("Mutation.uploadFileRequest", "UploadFileRequestError", &no_upload),
		LATER("Mutation.saveFile", "SaveError", &no_file),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
