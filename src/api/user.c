/* user.c: resolvers for Query.me and the User and Profile types (parent: const struct store_user *); the profile's bio and picture come from the store. */
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

enum user_field {
	UF_ID, UF_NAME, UF_EMAIL, UF_CREATED, UF_PROFILE, UF_FULL_USER, UF_FRIEND, UF_FOLLOWING, UF_FEATURES,
	UF_FEATURE_LIST, UF_SHARED_ARTICLES, UF_FOLLOWERS, UF_FRIENDS, UF_SHARED_ARTICLES_COUNT,
	UF_SHARED_HIGHLIGHTS_COUNT, UF_SHARED_NOTES_COUNT,
};
static const char *const user_fields[] = {
	[UF_ID] = "id", [UF_NAME] = "name", [UF_EMAIL] = "email", [UF_CREATED] = "createdAt", [UF_PROFILE] = "profile",
	[UF_FULL_USER] = "isFullUser", [UF_FRIEND] = "isFriend", [UF_FOLLOWING] = "viewerIsFollowing",
	[UF_FEATURES] = "features", [UF_FEATURE_LIST] = "featureList", [UF_SHARED_ARTICLES] = "sharedArticles",
	[UF_FOLLOWERS] = "followersCount", [UF_FRIENDS] = "friendsCount",
	[UF_SHARED_ARTICLES_COUNT] = "sharedArticlesCount", [UF_SHARED_HIGHLIGHTS_COUNT] = "sharedHighlightsCount",
	[UF_SHARED_NOTES_COUNT] = "sharedNotesCount",
};

static int resolve_user(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_user *u = parent;
	switch (api_field(rc, parent, API_NAMES(user_fields))) {
	case UF_ID: return api_text(out, u->id);
	case UF_NAME: /* non-null: fall back to the username */
		return api_text(out, u->name && u->name[0] ? u->name : u->username ? u->username : "");
	case UF_EMAIL: return api_text(out, u->email && u->email[0] ? u->email : NULL);
	case UF_CREATED: return api_out_date(rc, out, u->created_ms);
	case UF_PROFILE: return api_obj(out, "Profile", u);
	case UF_FULL_USER: return api_bool(out, true); /* a Larder account is always a complete one */
	case UF_FRIEND: case UF_FOLLOWING: return api_bool(out, false); /* no social graph in Larder */
	case UF_FEATURES: case UF_FEATURE_LIST: case UF_SHARED_ARTICLES:
		gql_out_list(rc, out, 0);
		return 0;
	case UF_FOLLOWERS: case UF_FRIENDS: case UF_SHARED_ARTICLES_COUNT: case UF_SHARED_HIGHLIGHTS_COUNT:
	case UF_SHARED_NOTES_COUNT:
		return api_int(out, 0);
	default: return api_resolve_absent(rc, parent, out); /* picture, source, intercomHash: null */
	}
}

enum profile_field { PF_ID, PF_USERNAME, PF_PRIVATE, PF_BIO, PF_PICTURE };
static const char *const profile_fields[] = {
	[PF_ID] = "id", [PF_USERNAME] = "username", [PF_PRIVATE] = "private", [PF_BIO] = "bio", [PF_PICTURE] = "pictureUrl",
};

/* Profile.bio and Profile.pictureUrl, read when selected (updateUserProfile sets them) */
static int resolve_profile_extra(struct gql_rctx *rc, const struct store_user *u, bool bio, struct gql_out *out)
{
	struct store_profile p;
	int r = store_profile_get(api_ctx_of(rc)->store, gql_arena(rc), u->id, &p);
	if (r != STORE_OK)
		return api_internal(rc, "reading the profile", r);
	return api_text(out, bio ? p.bio : p.picture_url);
}

static int resolve_profile(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_user *u = parent;
	int f = api_field(rc, parent, API_NAMES(profile_fields));
	switch (f) {
	case PF_ID: return api_text(out, u->id);
	case PF_USERNAME: return api_text(out, u->username ? u->username : "");
	case PF_PRIVATE: return api_bool(out, true); /* nothing in a Larder library is public */
	case PF_BIO: case PF_PICTURE: return resolve_profile_extra(rc, u, f == PF_BIO, out);
	default: return api_resolve_absent(rc, parent, out);
	}
}

int api_bind_user(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_ONE("Query.me", resolve_me),
		API_EACH("User", resolve_user, user_fields),
		API_EACH("Profile", resolve_profile, profile_fields),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
