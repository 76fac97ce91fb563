/* personalization.c: getUserPersonalization and setUserPersonalization: each user's reader and library settings, stored per user. */
#include <json-c/json.h>
#include <string.h>

#include "api/api_int.h"
#include "svc/profile.h"
#include "svc/svc.h"
#include "util/limits.h"
#include "util/sb.h"

/* the parent of Get/SetUserPersonalizationSuccess: the stored row, or none yet */
struct api_personal {
	bool found;
	struct store_personalization p;
};

/* the JSON text of an input value in the arena; NULL when absent or null (the stored value is kept) */
static const char *json_text(struct gql_rctx *rc, const struct gql_value *v, bool *oom)
{
	struct sb b;
	const char *t;
	if (v == NULL || v->kind == GQL_V_NULL)
		return NULL;
	sb_init(&b);
	gql_value_write_json(&b, v);
	t = sb_error(&b) ? NULL : arena_strndup(gql_arena(rc), sb_str(&b), b.len);
	*oom = *oom || t == NULL;
	sb_free(&b);
	return t;
}

/* an Int input: -1 when absent or null; -2 when negative */
static int64_t opt_int(const struct gql_value *v)
{
	if (v == NULL || v->kind != GQL_V_INT)
		return -1;
	return v->u.i < 0 ? -2 : v->u.i;
}

static int resolve_get(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	struct api_personal *res = ARENA_NEW(gql_arena(rc), struct api_personal);
	int r = res ? store_personalization_get(ctx->store, gql_arena(rc), ctx->user->id, &res->p) : STORE_OK;
	if (res)
		res->found = r == STORE_OK;
	if (r == STORE_E_NOTFOUND)
		r = STORE_OK;
	return api_answer(rc, out, r, "reading the reader settings", "GetUserPersonalizationSuccess", res);
}

/* the first reader setting over its limit (LIMIT_PERSONAL_TEXT, LIMIT_PERSONAL_JSON), or NULL */
static const char *too_long(struct gql_rctx *rc, const struct store_personalization *p)
{
	const char *const texts[] = { p->theme, p->font_family, p->layout, p->sort_order, p->speech_voice,
	                              p->speech_secondary_voice, p->speech_rate, p->speech_volume };
	static const char *const names[] = { "theme", "fontFamily", "libraryLayoutType", "librarySortOrder",
	                                     "speechVoice", "speechSecondaryVoice", "speechRate", "speechVolume" };
	const char *why = NULL;
	for (size_t i = 0; i < sizeof texts / sizeof texts[0] && why == NULL; i++)
		why = svc_too_long(gql_arena(rc), names[i], texts[i], LIMIT_PERSONAL_TEXT);
	if (why == NULL && ((p->fields_json && strlen(p->fields_json) > LIMIT_PERSONAL_JSON) ||
	                    (p->digest_json && strlen(p->digest_json) > LIMIT_PERSONAL_JSON)))
		why = arena_printf(gql_arena(rc), "fields and digestConfig have at most %d bytes of JSON each (the limit of "
		                   "stored reader settings)", LIMIT_PERSONAL_JSON);
	return why;
}

static int resolve_set(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_ctx *ctx = api_ctx_of(rc);
	const struct gql_value *in = gql_arg(rc, "input"), *digest = gql_value_get(in, "digestConfig");
	struct api_personal *res = ARENA_NEW(gql_arena(rc), struct api_personal);
	struct store_personalization p = {
		.theme = api_str(gql_value_get(in, "theme")),
		.font_family = api_str(gql_value_get(in, "fontFamily")),
		.layout = api_str(gql_value_get(in, "libraryLayoutType")),
		.sort_order = gql_value_str(gql_value_get(in, "librarySortOrder")),
		.speech_voice = api_str(gql_value_get(in, "speechVoice")),
		.speech_secondary_voice = api_str(gql_value_get(in, "speechSecondaryVoice")),
		.speech_rate = api_str(gql_value_get(in, "speechRate")),
		.speech_volume = api_str(gql_value_get(in, "speechVolume")),
		.font_size = opt_int(gql_value_get(in, "fontSize")),
		.margin = opt_int(gql_value_get(in, "margin")),
	};
	bool oom = res == NULL;
	int r;
	if (p.font_size == -2 || p.margin == -2)
		return gql_error(rc, "BAD_USER_INPUT", "fontSize and margin are not negative");
	p.fields_json = json_text(rc, gql_value_get(in, "fields"), &oom);
	if (digest && digest->kind == GQL_V_OBJECT)
		p.digest_json = json_text(rc, gql_value_get(digest, "channels"), &oom);
	if (oom)
		return api_internal(rc, "setUserPersonalization", 0);
	const char *why = too_long(rc, &p);
	if (why)
		return gql_error(rc, "BAD_USER_INPUT", "%s", why);
	r = svc_personalization_set(ctx->store, gql_arena(rc), ctx->user->id, &p, ctx->now_ms, &res->p);
	res->found = true;
	return api_answer(rc, out, r, "storing the reader settings", "SetUserPersonalizationSuccess", res);
}

/* Get/SetUserPersonalizationSuccess's one field: the settings, or null when none were stored */
static int resolve_success(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct api_personal *res = parent;
	if (parent == api_absent || !res->found)
		return api_resolve_absent(rc, parent, out);
	return api_obj(out, "UserPersonalization", &res->p);
}

enum personal_field {
	PF_ID, PF_THEME, PF_FONT_SIZE, PF_FONT_FAMILY, PF_MARGIN, PF_LAYOUT, PF_SORT, PF_VOICE, PF_VOICE2, PF_RATE,
	PF_VOLUME, PF_FIELDS, PF_DIGEST,
};
static const char *const personal_fields[] = {
	[PF_ID] = "id", [PF_THEME] = "theme", [PF_FONT_SIZE] = "fontSize", [PF_FONT_FAMILY] = "fontFamily",
	[PF_MARGIN] = "margin", [PF_LAYOUT] = "libraryLayoutType", [PF_SORT] = "librarySortOrder",
	[PF_VOICE] = "speechVoice", [PF_VOICE2] = "speechSecondaryVoice", [PF_RATE] = "speechRate",
	[PF_VOLUME] = "speechVolume", [PF_FIELDS] = "fields", [PF_DIGEST] = "digestConfig",
};

static int opt_int_out(struct gql_out *out, int64_t v)
{
	return v < 0 ? api_null(out) : api_int(out, v);
}

static int resolve_personal(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	const struct store_personalization *p = parent;
	switch (api_field(rc, parent, API_NAMES(personal_fields))) {
	case PF_ID: return api_text(out, api_ctx_of(rc)->user->id);
	case PF_THEME: return api_text(out, p->theme);
	case PF_FONT_SIZE: return opt_int_out(out, p->font_size);
	case PF_FONT_FAMILY: return api_text(out, p->font_family);
	case PF_MARGIN: return opt_int_out(out, p->margin);
	case PF_LAYOUT: return api_text(out, p->layout);
	case PF_SORT: return p->sort_order ? api_enum(out, p->sort_order) : api_null(out);
	case PF_VOICE: return api_text(out, p->speech_voice);
	case PF_VOICE2: return api_text(out, p->speech_secondary_voice);
	case PF_RATE: return api_text(out, p->speech_rate);
	case PF_VOLUME: return api_text(out, p->speech_volume);
	case PF_FIELDS: return api_text(out, p->fields_json); /* the JSON text: the engine writes scalars only */
	case PF_DIGEST: return p->digest_json ? api_obj(out, "DigestConfig", p->digest_json) : api_null(out);
	default: return api_resolve_absent(rc, parent, out);
	}
}

/* DigestConfig.channels: the stored JSON array of strings (its parent is that text) */
static int resolve_channels(struct gql_rctx *rc, const void *parent, struct gql_out *out)
{
	struct json_object *j;
	struct gql_out *items;
	size_t n;
	if (parent == api_absent)
		return api_resolve_absent(rc, parent, out);
	if ((j = json_tokener_parse(parent)) == NULL || !json_object_is_type(j, json_type_array)) {
		json_object_put(j);
		return api_null(out);
	}
	n = json_object_array_length(j);
	if ((items = gql_out_list(rc, out, (uint32_t)n)) == NULL && n > 0) {
		json_object_put(j);
		return api_internal(rc, "digestConfig", 0);
	}
	for (size_t i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(j, i);
		const char *s = json_object_is_type(e, json_type_string) ? json_object_get_string(e) : NULL;
		if (s != NULL)
			gql_out_cstr(&items[i], arena_strdup(gql_arena(rc), s));
	}
	json_object_put(j);
	return 0;
}

int api_bind_personalization(struct gql_schema *s, char *err, size_t errlen)
{
	static const struct api_bind table[] = {
		API_SIGNED_IN("Query.getUserPersonalization", resolve_get, "GetUserPersonalizationError"),
		API_ALL("GetUserPersonalizationSuccess", resolve_success),
		API_SIGNED_IN("Mutation.setUserPersonalization", resolve_set, "SetUserPersonalizationError"),
		API_ALL("SetUserPersonalizationSuccess", resolve_success),
		API_EACH("UserPersonalization", resolve_personal, personal_fields),
		API_ONE("DigestConfig.channels", resolve_channels),
	};
	return API_BIND_TABLE(s, table, err, errlen);
}
