/* personalization.c: each user's reader and library settings, one row per user, merged field by field. */
#include "store/store_int.h"

static const struct store_col personal_cols[] = STORE_ROW_DESC(STORE_PERSONAL_ROW, struct store_personalization);
static const struct store_row personal_row = { personal_cols, sizeof personal_cols / sizeof personal_cols[0],
                                               sizeof(struct store_personalization), "reader settings" };

int store_personalization_get(struct store *st, struct arena *a, const char *user_id, struct store_personalization *out)
{
	struct db_stmt *s = st->stmt[STMT_PERSONAL_GET];
	store_bind_text(s, 1, user_id);
	return store_get_row(st, a, s, &personal_row, out, "reading reader settings");
}

/* an optional integer: NULL when unset (-1) */
static void bind_opt(struct db_stmt *s, int idx, int64_t v)
{
	if (v < 0)
		db_bind_null(s, idx);
	else
		db_bind_int64(s, idx, v);
}

int store_personalization_set(struct store *st, struct arena *a, const char *user_id,
                              const struct store_personalization *in, int64_t now_ms,
                              struct store_personalization *out)
{
	struct db_stmt *s = st->stmt[STMT_PERSONAL_SET];
	const char *const texts[] = { in->layout, in->sort_order, in->speech_voice, in->speech_secondary_voice,
	                              in->speech_rate, in->speech_volume, in->fields_json, in->digest_json };
	store_bind_text(s, 1, user_id);
	store_bind_text(s, 2, in->theme);
	bind_opt(s, 3, in->font_size);
	store_bind_text(s, 4, in->font_family);
	bind_opt(s, 5, in->margin);
	store_bind_texts(s, 6, texts, (int)(sizeof texts / sizeof texts[0]));
	db_bind_int64(s, 14, now_ms);
	return store_get_row(st, a, s, &personal_row, out, "storing reader settings");
}
