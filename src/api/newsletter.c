/* newsletter.c: resolvers for newsletter addresses (newsletterEmails, createNewsletterEmail, deleteNewsletterEmail, the NewsletterEmail type) and the mails received (recentEmails, RecentEmail, markEmailAsItem); the work is svc's (svc/newsletter.h). */
#include <string.h>

#include "api/api_int.h"
#include "svc/newsletter.h"
#include "util/limits.h"


/* ---- NewsletterEmail ---- */
enum nl_field { NF_ID, NF_ADDRESS, NF_NAME, NF_DESCRIPTION, NF_FOLDER, NF_CODE, NF_SUBS, NF_CREATED };
static const char *const nl_fields[] = {
	[NF_ID] = "id", [NF_ADDRESS] = "address", [NF_NAME] = "name", [NF_DESCRIPTION] = "description",
	[NF_FOLDER] = "folder", [NF_CODE] = "confirmationCode", [NF_SUBS] = "subscriptionCount",
	[NF_CREATED] = "createdAt",
};

static int resolve_nl(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_nl_email *e = parent;
	switch (api_field(rc, parent, API_NAMES(nl_fields))) {
	case NF_ID: return api_text(out, e->id);
	case NF_ADDRESS: return api_text(out, e->address);
	case NF_NAME: return api_text(out, e->name);
	case NF_DESCRIPTION: return api_text(out, e->description);
	case NF_FOLDER: return api_text(out, e->folder);
	case NF_CODE: return api_text(out, e->confirmation_code);
	case NF_SUBS: return api_int(out, e->subscription_count);
	case NF_CREATED: return api_out_date(rc, out, e->created_ms);
	default: return api_resolve_absent(rc, parent, out);
	}
}

/* the parent of NewsletterEmailsSuccess and RecentEmailsSuccess: a list of n objects of GraphQL type `type` */
struct nl_list { const void *v; size_t n, size; const char *type; };

static int resolve_list(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct nl_list *l = parent;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	return api_out_objects(rc, out, l->type, l->v, l->n, l->size);
}

static int resolve_newsletter_emails(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct nl_list *l = ARENA_NEW(gql_arena(rc), struct nl_list);
	struct store_nl_email *v = NULL;
	int r = store_nl_email_list(ctx->store, gql_arena(rc), ctx->user->id, &v, &l->n);
	*l = (struct nl_list){ v, l->n, sizeof *v, "NewsletterEmail" };
	return api_answer(rc, out, r, "listing newsletter addresses", "NewsletterEmailsSuccess", l);
}

/* a text input of at most LIMIT_NEWSLETTER_TEXT; false (*bad names it) when longer */
static bool short_text(struct gql_rctx *rc, const struct gql_value *in, const char *field, const char **v,
                       const char **bad)
{
	*v = api_str_trim(rc, gql_value_get(in, field));
	if (*v && **v == '\0')
		*v = NULL;
	if (*v && strlen(*v) > LIMIT_NEWSLETTER_TEXT) {
		*bad = field;
		return false;
	}
	return true;
}

static int resolve_create(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const char *name, *description, *folder, *bad = NULL, *msg = NULL;
	if (!short_text(rc, in, "name", &name, &bad) || !short_text(rc, in, "description", &description, &bad))
		return api_out_error(rc, out, "CreateNewsletterEmailError", "BAD_REQUEST",
		                     "%s is longer than %d bytes", bad, LIMIT_NEWSLETTER_TEXT);
	folder = api_str_trim(rc, gql_value_get(in, "folder"));
	if (folder && strcmp(folder, "inbox") != 0 && strcmp(folder, "following") != 0)
		return api_out_error(rc, out, "CreateNewsletterEmailError", "BAD_REQUEST",
		                     "folder must be inbox or following");
	struct store_nl_email *e = ARENA_NEW(gql_arena(rc), struct store_nl_email);
	switch (svc_newsletter_create(ctx->store, ctx->cfg, gql_arena(rc), ctx->user->id, ctx->user->username, name,
	                              description, folder, e, &msg)) {
	case SVC_NL_OK:
		return api_obj(out, "CreateNewsletterEmailSuccess", e);
	case SVC_NL_LIMIT:
		return api_out_error(rc, out, "CreateNewsletterEmailError", "BAD_REQUEST", "%s", msg);
	default:
		return api_internal(rc, "creating a newsletter address", STORE_E_DB);
	}
}

/* deleteNewsletterEmail's remove: svc's answer as the store's codes api_resolve_delete reads */
static int remove_nl(struct store *st, struct arena *a, const char *user_id, const char *id, void *row)
{
	const char *msg;
	switch (svc_newsletter_delete(st, a, user_id, id, row, &msg)) {
	case SVC_NL_OK: return STORE_OK;
	case SVC_NL_NOTFOUND: return STORE_E_NOTFOUND;
	default: return STORE_E_DB;
	}
}
static const struct api_delete del = { .arg = "newsletterEmailId", .noun = "newsletter address",
                                       .doing = "deleting the newsletter address",
                                       .success = "DeleteNewsletterEmailSuccess",
                                       .size = sizeof(struct store_nl_email), .remove = remove_nl };

/* ---- RecentEmail ---- */
enum re_field { RF_ID, RF_FROM, RF_TO, RF_SUBJECT, RF_TYPE, RF_TEXT, RF_HTML, RF_REPLY, RF_REPLY_TO, RF_CREATED };
static const char *const re_fields[] = {
	[RF_ID] = "id", [RF_FROM] = "from", [RF_TO] = "to", [RF_SUBJECT] = "subject", [RF_TYPE] = "type",
	[RF_TEXT] = "text", [RF_HTML] = "html", [RF_REPLY] = "reply", [RF_REPLY_TO] = "replyTo",
	[RF_CREATED] = "createdAt",
};

static int resolve_recent(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_received *m = parent;
	switch (api_field(rc, parent, API_NAMES(re_fields))) {
	case RF_ID: return api_text(out, m->id);
	case RF_FROM: return api_text(out, m->from);
	case RF_TO: return api_text(out, m->to);
	case RF_SUBJECT: return api_text(out, m->subject);
	case RF_TYPE: return api_text(out, m->type);
	case RF_TEXT: return api_text(out, m->text);
	case RF_HTML: return api_text(out, m->html);
	case RF_REPLY: return api_text(out, m->reply);
	case RF_REPLY_TO: return api_text(out, m->reply_to);
	case RF_CREATED: return api_out_date(rc, out, m->created_ms);
	default: return api_resolve_absent(rc, parent, out);
	}
}

static int resolve_recent_emails(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct nl_list *l = ARENA_NEW(gql_arena(rc), struct nl_list);
	struct store_received *v = NULL;
	int r = store_received_list(ctx->store, gql_arena(rc), ctx->user->id, LIMIT_RECENT_EMAILS, &v, &l->n);
	*l = (struct nl_list){ v, l->n, sizeof *v, "RecentEmail" };
	return api_answer(rc, out, r, "listing received mails", "RecentEmailsSuccess", l);
}

/* markEmailAsItem: the mail made an item (svc_mail_make_item); MarkEmailAsItemSuccess { success: true } */
static int resolve_mark(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *msg = NULL;
	struct store_item *it = ARENA_NEW(gql_arena(rc), struct store_item);
	switch (svc_mail_make_item(ctx->store, ctx->cfg, gql_arena(rc), ctx->user->id, api_str(gql_arg(rc, "recentEmailId")),
	                           it, &msg)) {
	case SVC_NL_OK:
		return api_obj(out, "MarkEmailAsItemSuccess", it);
	case SVC_NL_NOTFOUND:
		return api_out_error(rc, out, "MarkEmailAsItemError", "NOT_FOUND", "%s", msg);
	default:
		return api_out_error(rc, out, "MarkEmailAsItemError", "BAD_REQUEST", "%s", msg ? msg : "failed");
	}
}

static int resolve_true(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	(void)rc, (void)parent;
	return api_bool(out, true);
}

int api_bind_newsletter(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = { /* the types, the operations, then their success members */
		API_EACH("NewsletterEmail", resolve_nl, nl_fields),
		API_EACH("RecentEmail", resolve_recent, re_fields),
		API_SIGNED_IN("Query.newsletterEmails", resolve_newsletter_emails, "NewsletterEmailsError"),
		API_SIGNED_IN("Query.recentEmails", resolve_recent_emails, "RecentEmailsError"),
		API_SIGNED_IN("Mutation.createNewsletterEmail", resolve_create, "CreateNewsletterEmailError"),
		API_DELETE("Mutation.deleteNewsletterEmail", "DeleteNewsletterEmailError", &del),
		API_ALL("NewsletterEmailsSuccess", resolve_list),
		API_ALL("RecentEmailsSuccess", resolve_list),
		API_ONE("CreateNewsletterEmailSuccess.newsletterEmail", api_resolve_self),
		API_ONE("DeleteNewsletterEmailSuccess.newsletterEmail", api_resolve_self),
		API_SIGNED_IN("Mutation.markEmailAsItem", resolve_mark, "MarkEmailAsItemError"),
		API_ONE("MarkEmailAsItemSuccess.success", resolve_true),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
