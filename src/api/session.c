/* session.c: resolvers for the caller's login sessions: sessions (listed without their tokens), revokeSession (one, by its public id) and revokeOtherSessions (all but the request's own), through svc/sessions.c. */
#include <string.h>

#include "api/api_int.h"
#include "svc/account.h"

/* the parent of SessionsSuccess */
struct sessions_out {
	struct store_session *rows;
	size_t n;
};

enum session_field { SF_ID, SF_KIND, SF_CLIENT, SF_CREATED, SF_USED, SF_EXPIRES, SF_EXTENSION, SF_CURRENT };
static const char *const session_fields[] = {
	[SF_ID] = "id", [SF_KIND] = "kind", [SF_CLIENT] = "client", [SF_CREATED] = "createdAt",
	[SF_USED] = "lastUsedAt", [SF_EXPIRES] = "expiresAt", [SF_EXTENSION] = "extensionUsedAt",
	[SF_CURRENT] = "current",
};

static int resolve_session(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_session *s = parent;
	switch (api_field(rc, parent, API_NAMES(session_fields))) {
	case SF_ID: return api_text(out, s->id);
	case SF_KIND: return api_enum(out, s->kind && strcmp(s->kind, "app") == 0 ? "APP" : "BROWSER");
	case SF_CLIENT: return api_text(out, s->agent);
	case SF_CREATED: return api_out_date(rc, out, s->created_ms);
	case SF_USED: return api_out_date(rc, out, s->last_ms);
	case SF_EXPIRES: return api_out_date(rc, out, s->expires_ms);
	case SF_EXTENSION: return s->extension_ms == 0 ? api_null(out) : api_out_date(rc, out, s->extension_ms);
	case SF_CURRENT: return api_bool(out, s->current != 0);
	default: return api_resolve_absent(rc, parent, out);
	}
}

static const char *const sessions_success_fields[] = { "sessions" };

static int resolve_sessions_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct sessions_out *l = parent;
	if (api_field(rc, parent, API_NAMES(sessions_success_fields)) == 0)
		return api_out_objects(rc, out, "Session", l->rows, l->n, sizeof *l->rows);
	return api_resolve_absent(rc, parent, out);
}

/* Query.sessions: the caller's live sessions, the request's own marked current */
static int resolve_sessions(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct arena *a = gql_arena(rc);
	struct sessions_out *l = ARENA_NEW(a, struct sessions_out);
	int r;
	(void)parent;
	if (l == NULL)
		return api_internal(rc, "sessions", 0);
	if ((r = store_session_list(ctx->store, a, ctx->user->id, ctx->session_hash, ctx->now_ms, &l->rows, &l->n)) !=
	    STORE_OK)
		return api_internal(rc, "listing sessions", r);
	gql_out_object(out, "SessionsSuccess", l);
	return 0;
}

/* a session's public id: 32 lower-case hex digits */
static bool session_id_ok(const char *id)
{
	return id != NULL && strlen(id) == 32 && strspn(id, "0123456789abcdef") == 32;
}

/* Mutation.revokeSession(id) */
static int resolve_revoke(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *id = api_str(gql_arg(rc, "id"));
	(void)parent;
	if (!session_id_ok(id))
		return api_out_error(rc, out, "RevokeSessionError", "BAD_REQUEST",
		                     "a session id is 32 lower-case hex digits, as the sessions query lists it");
	switch (svc_session_revoke(ctx->store, ctx->user->id, id)) {
	case SVC_ACCOUNT_OK:
		return api_obj(out, "RevokeSessionSuccess", id);
	case SVC_ACCOUNT_NOTFOUND:
		return api_out_error(rc, out, "RevokeSessionError", "NOT_FOUND", "you have no session with id \"%s\"", id);
	default:
		return api_internal(rc, "revoking the session", STORE_E_DB);
	}
}

static const char *const revoked_fields[] = { "id" };

/* RevokeSessionSuccess.id: the parent is the id */
static int resolve_revoked(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	if (api_field(rc, parent, API_NAMES(revoked_fields)) == 0)
		return api_text(out, parent);
	return api_resolve_absent(rc, parent, out);
}

/* Mutation.revokeOtherSessions: every session but the request's own (all of them for a key's request) */
static int resolve_revoke_others(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	int64_t *ended = ARENA_NEW(gql_arena(rc), int64_t);
	(void)parent;
	if (ended == NULL)
		return api_internal(rc, "revokeOtherSessions", 0);
	if (svc_session_revoke_others(ctx->store, ctx->user->id, ctx->session_hash, ended) != SVC_ACCOUNT_OK)
		return api_internal(rc, "revoking the other sessions", STORE_E_DB);
	return api_obj(out, "RevokeOtherSessionsSuccess", ended);
}

static const char *const others_fields[] = { "revokedCount" };

static int resolve_others_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	if (api_field(rc, parent, API_NAMES(others_fields)) == 0)
		return api_int(out, *(const int64_t *)parent);
	return api_resolve_absent(rc, parent, out);
}

int api_bind_session(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_SIGNED_IN("Query.sessions", resolve_sessions, "SessionsError"),
		API_SIGNED_IN("Mutation.revokeSession", resolve_revoke, "RevokeSessionError"),
		API_SIGNED_IN("Mutation.revokeOtherSessions", resolve_revoke_others, "RevokeOtherSessionsError"),
		API_EACH("Session", resolve_session, session_fields),
		API_ALL("SessionsSuccess", resolve_sessions_success),
		API_ALL("RevokeSessionSuccess", resolve_revoked),
		API_ALL("RevokeOtherSessionsSuccess", resolve_others_success),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
