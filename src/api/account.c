/* account.c: resolvers for the caller's account: user, validateUsername, updateUser, updateUserProfile, deleteAccount and logOut. */
#include <string.h>
#include <strings.h>

#include "api/api_int.h"
#include "svc/account.h"
#include "svc/profile.h"
#include "util/limits.h"
#include "util/url.h"
#include "util/utf8.h"


static size_t chars(const char *s)
{
	return s ? utf8_count(s, strlen(s)) : 0;
}

/* user(userId, username): only the caller is visible; any other user, existing or not, is not found */
static int resolve_user(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_user *me = api_ctx_of(rc)->user;
	const char *id = api_str(gql_arg(rc, "userId")), *name = api_str(gql_arg(rc, "username"));
	if (id == NULL && name == NULL)
		return api_out_error(rc, out, "UserError", "BAD_REQUEST", "give a userId or a username");
	if ((id && strcmp(id, me->id) != 0) || (name && strcasecmp(name, me->username) != 0))
		return api_out_error(rc, out, "UserError", "USER_NOT_FOUND", "no such user");
	return api_obj(out, "UserSuccess", me);
}

/* validateUsername: well formed and free. It tells whether a name is taken, as Omnivore's does, so it
 * answers signed-in callers, and anyone while larder.conf's signup is yes: a sign-up would tell the same, and
 * Omnivore's iOS app asks it, with no token, as a name is typed on its sign-up form */
static int resolve_validate(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *name = api_str(gql_arg(rc, "username"));
	struct store_user u;
	int r;
	if (ctx->user == NULL && !ctx->cfg->signup)
		return gql_error(rc, "UNAUTHORIZED", "%s", API_NO_USER_MSG);
	if (!store_username_valid(name))
		return api_bool(out, false);
	r = store_user_by_name(ctx->store, gql_arena(rc), name, &u);
	if (r != STORE_OK && r != STORE_E_NOTFOUND)
		return api_internal(rc, "looking up a username", r);
	return api_bool(out, r == STORE_E_NOTFOUND);
}

static int resolve_update_user(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input");
	struct store_user_patch p = { .name = api_str_trim(rc, gql_value_get(in, "name")),
	                              .bio = api_str(gql_value_get(in, "bio")) };
	struct store_user *u;
	int r;
	if (p.name == NULL || *p.name == '\0')
		return api_out_error(rc, out, "UpdateUserError", "EMPTY_NAME", "a name must not be empty");
	if (chars(p.name) > LIMIT_USER_NAME)
		return api_out_error(rc, out, "UpdateUserError", "EMPTY_NAME", "a name has at most " LIMIT_STR(LIMIT_USER_NAME)
		                     " characters");
	if (chars(p.bio) > LIMIT_USER_BIO)
		return api_out_error(rc, out, "UpdateUserError", "BIO_TOO_LONG", "a bio has at most " LIMIT_STR(LIMIT_USER_BIO)
		                     " characters");
	if ((u = ARENA_NEW(gql_arena(rc), struct store_user)) == NULL)
		return api_internal(rc, "updateUser", 0);
	r = svc_user_update(ctx->store, gql_arena(rc), ctx->user->id, &p, u);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "UpdateUserError", "USER_NOT_FOUND", "your account no longer exists");
	return api_answer(rc, out, r, "changing the user", "UpdateUserSuccess", u);
}

/* updateUserProfile's input as a patch; NULL when it is refused, with the answer made in *ret */
static struct store_user_patch *profile_patch(struct gql_rctx *rc, struct gql_out *out, int *ret)
{
	const struct gql_value *in = gql_arg(rc, "input");
	struct store_user_patch *p = ARENA_NEW(gql_arena(rc), struct store_user_patch);
	const char *pic = api_str_trim(rc, gql_value_get(in, "pictureUrl")), *err = NULL;
	char *norm = NULL;
	if (p == NULL) {
		*ret = api_internal(rc, "updateUserProfile", 0);
		return NULL;
	}
	p->username = api_str_trim(rc, gql_value_get(in, "username"));
	p->bio = api_str(gql_value_get(in, "bio"));
	if (p->username == NULL && p->bio == NULL && pic == NULL)
		*ret = api_out_error(rc, out, "UpdateUserProfileError", "BAD_DATA", "nothing to change: give a username,"
		                     " a bio or a pictureUrl");
	else if (p->username && !store_username_valid(p->username))
		*ret = api_out_error(rc, out, "UpdateUserProfileError", "BAD_USERNAME", "a username is 1 to 64 letters,"
		                     " digits, '_', '-' or '.'");
	else if (chars(p->bio) > LIMIT_USER_BIO)
		*ret = api_out_error(rc, out, "UpdateUserProfileError", "BAD_DATA", "a bio has at most "
		                     LIMIT_STR(LIMIT_USER_BIO) " characters");
	else if (pic && *pic && url_normalise(gql_arena(rc), pic, strlen(pic), &norm, &err) != 0)
		*ret = api_out_error(rc, out, "UpdateUserProfileError", "BAD_DATA", "pictureUrl: %s", err);
	else {
		p->picture_url = norm ? norm : pic;
		return p;
	}
	return NULL;
}

static int resolve_update_profile(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *id = api_str(gql_value_get(gql_arg(rc, "input"), "userId"));
	struct store_user_patch *p;
	struct store_user *u;
	int r = 0;
	if (id == NULL || strcmp(id, ctx->user->id) != 0)
		return api_out_error(rc, out, "UpdateUserProfileError", "FORBIDDEN", "you can change only your own profile");
	if ((p = profile_patch(rc, out, &r)) == NULL)
		return r;
	if ((u = ARENA_NEW(gql_arena(rc), struct store_user)) == NULL)
		return api_internal(rc, "updateUserProfile", 0);
	r = svc_user_update(ctx->store, gql_arena(rc), ctx->user->id, p, u);
	if (r == STORE_E_EXISTS)
		return api_out_error(rc, out, "UpdateUserProfileError", "USERNAME_EXISTS", "the username %s is taken",
		                     p->username);
	if (r == STORE_E_NOTFOUND)
		return api_out_error(rc, out, "UpdateUserProfileError", "UNAUTHORIZED", "your account no longer exists");
	return api_answer(rc, out, r, "changing the profile", "UpdateUserProfileSuccess", u);
}

static int resolve_delete_account(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *id = api_str(gql_arg(rc, "userID"));
	if (id == NULL || strcmp(id, ctx->user->id) != 0)
		return api_out_error(rc, out, "DeleteAccountError", "FORBIDDEN", "you can delete only your own account");
	switch (svc_account_delete(ctx->store, ctx->user->id)) {
	case SVC_ACCOUNT_OK:
		return api_obj(out, "DeleteAccountSuccess", ctx->user->id);
	case SVC_ACCOUNT_NOTFOUND:
		return api_out_error(rc, out, "DeleteAccountError", "USER_NOT_FOUND", "your account no longer exists");
	default:
		return api_internal(rc, "deleting the account", STORE_E_DB);
	}
}

/* DeleteAccountSuccess.userID and LogOutSuccess.message: the parent is the text */
static int resolve_parent_text(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	return parent == api_absent ? api_resolve_absent(rc, parent, out) : api_text(out, parent);
}

/* logOut ends the session the request came with; a request made with an API key leaves the key alone
 * (Omnivore's logOut only clears its cookie), and one without credentials has nothing to end */
static int resolve_log_out(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const char *msg = "You are logged out.";
	if (ctx->session_hash != NULL)
		svc_session_end(ctx->store, ctx->session_hash);
	else if (ctx->key != NULL)
		msg = "Requests made with an API key have no session to end: the key stays valid until it is revoked.";
	return api_obj(out, "LogOutSuccess", msg);
}

int api_bind_account(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_SIGNED_IN("Query.user", resolve_user, "UserError"),
		API_ONE("Query.validateUsername", resolve_validate),
		API_SIGNED_IN("Mutation.updateUser", resolve_update_user, "UpdateUserError"),
		API_SIGNED_IN("Mutation.updateUserProfile", resolve_update_profile, "UpdateUserProfileError"),
		API_SIGNED_IN("Mutation.deleteAccount", resolve_delete_account, "DeleteAccountError"),
		API_ONE("Mutation.logOut", resolve_log_out),
		API_ALL("UserSuccess", api_resolve_self),
		API_ALL("UpdateUserSuccess", api_resolve_self),
		API_ALL("UpdateUserProfileSuccess", api_resolve_self),
		API_ONE("DeleteAccountSuccess.userID", resolve_parent_text),
		API_ONE("LogOutSuccess.message", resolve_parent_text),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
