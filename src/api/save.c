/* save.c: resolvers for saveUrl and savePage: URL checks, de-duplication through the store, SaveSuccess with the reader URL. */
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include "api/api_int.h"
#include "svc/svc.h"
#include "util/utf8.h"
#include "util/crypto.h"
#include "util/limits.h"
#include "util/netaddr.h"
#include "util/url.h"

#define SOURCE_MAX 64
#define CLIENT_ID_MAX 200

struct save_out { const char *id, *url; };

/* may the fetcher reach this address (sa NULL: every address)? larder.conf allow_private_fetch */
static bool api_private_allowed(const struct larder_config *cfg, const struct sockaddr *sa)
{
	if (cfg == NULL)
		return false;
	return sa ? netaddr_allow_match(&cfg->allow_private_fetch, sa) : cfg->allow_private_fetch.all;
}

const char *api_url_refusal(const struct larder_config *cfg, struct arena *a, const char *url)
{
	struct url u;
	struct sockaddr_storage ss;
	size_t hl;
	if (url_parse(a, url, strlen(url), &u, NULL) != 0 || u.host == NULL)
		return "the URL has no host";
	if (api_private_allowed(cfg, NULL))
		return NULL;
	hl = strlen(u.host);
	if (strcasecmp(u.host, "localhost") == 0 || (hl > 10 && strcasecmp(u.host + hl - 10, ".localhost") == 0) ||
	    (hl > 11 && strcasecmp(u.host + hl - 11, ".localhost.") == 0))
		return "URLs on localhost cannot be saved";
	switch (netaddr_parse_literal(u.host, &ss)) {
	case 0:
		if (!api_private_allowed(cfg, (const struct sockaddr *)&ss) && !netaddr_is_public((const struct sockaddr *)&ss))
			return "URLs on loopback, private or link-local addresses cannot be saved";
		return NULL;
	case -2:
		return "the URL's host is a malformed IP address";
	default:
		return NULL; /* a name: checked after DNS resolution, when the page is fetched */
	}
}

/* the reader URL of an item on our site */
static const char *reader_url(struct gql_rctx *rc, const struct store_item *it)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *base = ctx->cfg && ctx->cfg->base_url ? ctx->cfg->base_url : "";
	const char *user = ctx->user->username ? ctx->user->username : "me";
	return arena_printf(gql_arena(rc), "%s/%s/%s", base, user, it->slug);
}

/* common input of saveUrl and savePage into *sv; NULL when fine, else the message for SaveError */
static const char *read_input(struct gql_rctx *rc, const struct gql_value *in, struct store_save *sv)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	const char *url = api_str(gql_value_get(in, "url")), *crid = api_str(gql_value_get(in, "clientRequestId"));
	const char *state = api_str(gql_value_get(in, "state")), *why, *msg;
	const struct gql_value *labels = gql_value_get(in, "labels");
	char *norm = NULL;
	int64_t ms;

	memset(sv, 0, sizeof *sv);
	sv->user_id = ctx->user->id;
	if (url == NULL || *url == '\0')
		return "url is required";
	if (url_normalise(a, url, strlen(url), &norm, &msg) != 0)
		return arena_printf(a, "this URL cannot be saved: %s", msg ? msg : "malformed");
	if ((why = api_url_refusal(ctx->cfg, a, norm)) != NULL)
		return why;
	sv->url = norm;
	/* the slug of a URL save: host and path, without the scheme and a leading www. */
	sv->slug_text = strstr(norm, "://") ? strstr(norm, "://") + 3 : norm;
	if (strncmp(sv->slug_text, "www.", 4) == 0)
		sv->slug_text += 4;
	if (crid && *crid) {
		if (strlen(crid) > CLIENT_ID_MAX)
			return "clientRequestId is longer than 200 characters";
		if (crypto_is_uuid(crid, strlen(crid)))
			sv->item_id = crid;
		else
			sv->client_request_id = crid;
	}
	sv->source = api_str_trim(rc, gql_value_get(in, "source"));
	if (sv->source && strlen(sv->source) > SOURCE_MAX)
		return "source is longer than 64 characters";
	if (sv->source && *sv->source == '\0')
		sv->source = NULL;
	sv->folder = api_str_trim(rc, gql_value_get(in, "folder"));
	if (sv->folder && (*sv->folder == '\0' || strlen(sv->folder) > SOURCE_MAX))
		sv->folder = NULL;
	if (state && strcmp(state, "ARCHIVED") == 0)
		sv->want_state = "ARCHIVED";
	if (api_value_date(gql_value_get(in, "savedAt"), &ms) == 0)
		sv->saved_ms = ms;
	if (api_value_date(gql_value_get(in, "publishedAt"), &ms) == 0)
		sv->published_ms = ms;
	if (labels && labels->kind == GQL_V_LIST && labels->u.list.n > 0) {
		const char **names;
		if (labels->u.list.n > api_labels_per_item(ctx))
			return arena_printf(a, "at most %u labels on one item (labels_per_item in larder.conf)",
			                    api_labels_per_item(ctx));
		if ((names = ARENA_NEWN(a, const char *, labels->u.list.n)) == NULL)
			return "out of memory";
		for (uint32_t i = 0; i < labels->u.list.n; i++) {
			const char *name = api_str_trim(rc, gql_value_get(labels->u.list.items[i], "name"));
			if (name == NULL || *name == '\0')
				return arena_printf(a, "label %u has no name", i + 1);
			if (utf8_count(name, strlen(name)) > LIMIT_LABEL_NAME)
				return arena_printf(a, "label %u: a label name has at most %d characters", i + 1, LIMIT_LABEL_NAME);
			names[sv->nlabels++] = name;
		}
		sv->labels = names;
	}
	return NULL;
}

static int answer(struct gql_rctx *rc, struct gql_out *out, const struct store_save *sv)
{
	struct api_ctx *ctx = api_ctx_of(rc);
	struct store_item it;
	struct save_out *res;
	bool existed;
	int r = store_item_save(ctx->store, gql_arena(rc), sv, &it, &existed);
	if (r == STORE_E_INVAL || r == STORE_E_LIMIT)
		return api_out_error(rc, out, "SaveError", "UNKNOWN", "%s", store_errmsg(ctx->store));
	if (r != STORE_OK)
		return api_internal(rc, "saving", r);
	if (sv->article == NULL)
		ctx->queued_fetch = true;
	if ((res = ARENA_NEW(gql_arena(rc), struct save_out)) == NULL || (res->url = reader_url(rc, &it)) == NULL)
		return api_internal(rc, "save", 0);
	res->id = it.id;
	gql_out_object(out, "SaveSuccess", res);
	return 0;
}

static int resolve_save_url(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct store_save sv;
	const char *why;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "SaveError", "UNAUTHORIZED", API_NO_USER_MSG);
	if ((why = read_input(rc, gql_arg(rc, "input"), &sv)) != NULL)
		return api_out_error(rc, out, "SaveError", "UNKNOWN", "%s", why);
	sv.source = sv.source ? sv.source : "api";
	return answer(rc, out, &sv);
}

static int resolve_save_page(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	const struct gql_value *html = gql_value_get(in, "originalContent");
	struct store_article *art;
	struct store_save sv;
	const char *why, *canon = NULL;
	if (ctx->user == NULL)
		return api_out_error(rc, out, "SaveError", "UNAUTHORIZED", API_NO_USER_MSG);
	if ((why = read_input(rc, in, &sv)) != NULL)
		return api_out_error(rc, out, "SaveError", "UNKNOWN", "%s", why);
	if (html == NULL || html->kind != GQL_V_STRING)
		return api_out_error(rc, out, "SaveError", "UNKNOWN", "originalContent is required");
	if (html->u.s.len > api_content_max_bytes(ctx->cfg))
		return api_out_error(rc, out, "SaveError", "UNKNOWN",
		                     "originalContent is larger than %zu bytes (content_max_bytes in larder.conf)",
		                     api_content_max_bytes(ctx->cfg));
	if ((art = ARENA_NEW(gql_arena(rc), struct store_article)) == NULL)
		return api_internal(rc, "savePage", 0);
	if (svc_ingest(gql_arena(rc), html->u.s.p, html->u.s.len, sv.url, api_content_max_bytes(ctx->cfg), art, &canon,
	               &why) != 0)
		return api_out_error(rc, out, "SaveError", "UNKNOWN", "%s", why);
	if (canon && api_url_refusal(ctx->cfg, gql_arena(rc), canon) == NULL)
		sv.url = canon;
	sv.slug_text = NULL; /* savePage: the slug comes from the title */
	sv.title = api_str_trim(rc, gql_value_get(in, "title"));
	if (sv.title && *sv.title == '\0')
		sv.title = NULL;
	if (sv.title == NULL)
		sv.title = art->title;
	sv.article = art;
	sv.source = sv.source ? sv.source : "api";
	return answer(rc, out, &sv);
}

static int resolve_save_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct save_out *res = parent;
	const char *f = gql_rfield(rc)->name;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	if (strcmp(f, "clientRequestId") == 0)
		gql_out_cstr(out, res->id);
	else if (strcmp(f, "url") == 0)
		gql_out_cstr(out, res->url);
	else
		return api_resolve_absent(rc, parent, out);
	return 0;
}

int api_bind_save(struct gql_schema *s, char *err, size_t errlen)
{
	if (api_bind_one(s, "Mutation.saveUrl", resolve_save_url, err, errlen) ||
	    api_bind_one(s, "Mutation.savePage", resolve_save_page, err, errlen) ||
	    api_bind_all(s, "SaveSuccess", resolve_save_success, err, errlen))
		return -1;
	return 0;
}
