/* user.c: resolvers for Query.me and the User and Profile types (parent: const struct store_user *). */
#include <string.h>
#include "api/api_int.h"

static int resolve_me(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	if (ctx == NULL || ctx->user == NULL)
		gql_out_null(out);
	else
		gql_out_object(out, "User", ctx->user);
	return 0;
}

static int resolve_user(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_user *u = parent;
	const char *f = gql_rfield(rc)->name;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	switch (f[0]) {
	case 'c':
		if (strcmp(f, "createdAt") == 0)
			return api_out_date(rc, out, u->created_ms);
		break;
	case 'e':
		if (strcmp(f, "email") == 0) {
			gql_out_cstr(out, u->email && u->email[0] ? u->email : NULL);
			return 0;
		}
		break;
	case 'i':
		if (strcmp(f, "id") == 0) {
			gql_out_cstr(out, u->id);
			return 0;
		}
		if (strcmp(f, "isFullUser") == 0) { /* a Larder account is always a complete one */
			gql_out_bool(out, true);
			return 0;
		}
		if (strcmp(f, "isFriend") == 0) {
			gql_out_bool(out, false);
			return 0;
		}
		break;
	case 'v':
		if (strcmp(f, "viewerIsFollowing") == 0) { /* no social graph in Larder */
			gql_out_bool(out, false);
			return 0;
		}
		break;
	case 'n':
		if (strcmp(f, "name") == 0) { /* non-null: fall back to the username */
			gql_out_cstr(out, u->name && u->name[0] ? u->name : u->username ? u->username : "");
			return 0;
		}
		break;
	case 'p':
		if (strcmp(f, "profile") == 0) {
			gql_out_object(out, "Profile", u);
			return 0;
		}
		break;
	case 'f':
		if (strcmp(f, "features") == 0 || strcmp(f, "featureList") == 0) {
			gql_out_list(rc, out, 0);
			return 0;
		}
		if (strcmp(f, "followersCount") == 0 || strcmp(f, "friendsCount") == 0) {
			gql_out_int(out, 0);
			return 0;
		}
		break;
	case 's':
		if (strcmp(f, "sharedArticles") == 0) {
			gql_out_list(rc, out, 0);
			return 0;
		}
		if (strcmp(f, "sharedArticlesCount") == 0 || strcmp(f, "sharedHighlightsCount") == 0 ||
		    strcmp(f, "sharedNotesCount") == 0) {
			gql_out_int(out, 0);
			return 0;
		}
		break;
	default:
		break;
	}
	/* picture, source, intercomHash: null */
	return api_resolve_absent(rc, parent, out);
}

static int resolve_profile(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_user *u = parent;
	const char *f = gql_rfield(rc)->name;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	if (strcmp(f, "id") == 0)
		gql_out_cstr(out, u->id);
	else if (strcmp(f, "username") == 0)
		gql_out_cstr(out, u->username ? u->username : "");
	else if (strcmp(f, "private") == 0)
		gql_out_bool(out, true); /* nothing in a Larder library is public */
	else
		return api_resolve_absent(rc, parent, out); /* bio, pictureUrl */
	return 0;
}

int api_bind_user(struct gql_schema *s, char *err, size_t errlen)
{
	if (api_bind_one(s, "Query.me", resolve_me, err, errlen) ||
	    api_bind_all(s, "User", resolve_user, err, errlen) ||
	    api_bind_all(s, "Profile", resolve_profile, err, errlen))
		return -1;
	return 0;
}
