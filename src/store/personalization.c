/* personalization.c: each user's reader and library settings, one row per user, merged field by field. */
#include "store/store_int.h"

/* a user's reader settings (personalization.c) */
#define STORE_PERSONAL_ROW(F, X, p) \
	F(p, TEXT, theme, theme) X(p, I64_OPT, font_size, font_size) X(p, TEXT, font_family, font_family) \
	X(p, I64_OPT, margin, margin) X(p, TEXT, library_layout_type, layout) X(p, TEXT, library_sort_order, sort_order) \
	X(p, TEXT, speech_voice, speech_voice) X(p, TEXT, speech_secondary_voice, speech_secondary_voice) \
	X(p, TEXT, speech_rate, speech_rate) X(p, TEXT, speech_volume, speech_volume) X(p, TEXT, fields, fields_json) \
	X(p, TEXT, digest_channels, digest_json) X(p, I64, updated_at, updated_ms)
#define STORE_PERSONAL_COLS(p) STORE_COLS(STORE_PERSONAL_ROW, p)

/* the statements of personalization.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_PERSONAL_GET,
	STMT_PERSONAL_SET,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_PERSONAL_GET, "SELECT " STORE_PERSONAL_COLS("") " FROM user_personalization WHERE user_id = ?1"),
	STORE_SQL(STMT_PERSONAL_SET,
		"INSERT INTO user_personalization AS p (user_id, theme, font_size, font_family, margin, library_layout_type,"
		" library_sort_order, speech_voice, speech_secondary_voice, speech_rate, speech_volume, fields,"
		" digest_channels, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)"
		" ON CONFLICT (user_id) DO UPDATE SET theme = coalesce(?2, p.theme), font_size = coalesce(?3, p.font_size),"
		" font_family = coalesce(?4, p.font_family), margin = coalesce(?5, p.margin),"
		" library_layout_type = coalesce(?6, p.library_layout_type), library_sort_order = coalesce(?7, p.library_sort_order),"
		" speech_voice = coalesce(?8, p.speech_voice), speech_secondary_voice = coalesce(?9, p.speech_secondary_voice),"
		" speech_rate = coalesce(?10, p.speech_rate), speech_volume = coalesce(?11, p.speech_volume),"
		" fields = coalesce(?12, p.fields), digest_channels = coalesce(?13, p.digest_channels), updated_at = ?14"
		" RETURNING " STORE_PERSONAL_COLS("")),
};
STORE_STATEMENTS(personalization, statements)

static const struct store_col personal_cols[] = STORE_ROW_DESC(STORE_PERSONAL_ROW, struct store_personalization);
static const struct store_row personal_row = { personal_cols, sizeof personal_cols / sizeof personal_cols[0],
                                               sizeof(struct store_personalization), "reader settings" };

int store_personalization_get(struct store *st, struct arena *a, const char *user_id, struct store_personalization *out)
{
	struct db_stmt *s = stmt(st, STMT_PERSONAL_GET);
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
	struct db_stmt *s = stmt(st, STMT_PERSONAL_SET);
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
