/* account.c: a user's profile (bio, picture), changes to name and username, and the removal of a user with every row of theirs. */
#include "store/store_int.h"

#include <string.h>
#include <strings.h>

#include "util/arena.h"
#include "util/limits.h"
#include "util/time.h"

/* the statements of account.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_USER_ITEMS_CUT,
	STMT_USER_ITEMS_DELETE,
	STMT_KEY_DELETE_USER,
	STMT_PROFILE_GET,
	STMT_PROFILE_SET,
	STMT_USER_UPDATE,
	STMT_USER_DELETE,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	/* deleteAccount: the user's items a batch at a time, as emptyTrash's (after seq ?3, up to seq ?2) */
	STORE_SQL(STMT_USER_ITEMS_CUT,
		"SELECT max(seq) FROM (SELECT seq FROM library_items WHERE user_id = ?1 AND seq > ?3 ORDER BY seq LIMIT ?2) AS b"),
	STORE_SQL(STMT_USER_ITEMS_DELETE, "DELETE FROM library_items WHERE user_id = ?1 AND seq > ?3 AND seq <= ?2"),
	STORE_SQL(STMT_KEY_DELETE_USER, "DELETE FROM api_keys WHERE user_id = ?1"),
	STORE_SQL(STMT_PROFILE_GET, "SELECT bio, picture_url FROM user_profiles WHERE user_id = ?1"),
	STORE_SQL(STMT_PROFILE_SET,
		/* NULL keeps a value, '' clears it */
		"INSERT INTO user_profiles (user_id, bio, picture_url) VALUES (?1, nullif(?2, ''), nullif(?3, ''))"
		" ON CONFLICT (user_id) DO UPDATE SET bio = CASE WHEN ?2 IS NULL THEN user_profiles.bio ELSE nullif(?2, '') END,"
		" picture_url = CASE WHEN ?3 IS NULL THEN user_profiles.picture_url ELSE nullif(?3, '') END"),
	STORE_SQL(STMT_USER_UPDATE,
		"UPDATE users SET name = coalesce(?2, name), username = coalesce(?3, username), updated = ?4 WHERE id = ?1"
		" RETURNING " STORE_USER_COLS("")),
	STORE_SQL(STMT_USER_DELETE, "DELETE FROM users WHERE id = ?1"),
};
STORE_STATEMENTS(account, statements)

#define USERNAME_CHARS "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-."
#define USERNAME_MAX 64

int store_profile_get(struct store *st, struct arena *a, const char *user_id, struct store_profile *out)
{
	struct db_stmt *s = stmt(st, STMT_PROFILE_GET);
	bool oom = false;
	int rc;
	memset(out, 0, sizeof *out);
	store_bind_text(s, 1, user_id);
	rc = store_step_row(st, s, "reading a profile");
	if (rc == STORE_OK) {
		out->bio = store_col_text(a, s, 0, &oom);
		out->picture_url = store_col_text(a, s, 1, &oom);
	}
	store_done(s);
	if (rc == STORE_E_NOTFOUND) /* never set: no bio, no picture */
		return STORE_OK;
	return oom ? STORE_E_DB : rc;
}

/* names that are the first segment of the site's own addresses: a reader address /NAME/SLUG under one of them would
 * reach that route instead (/s/TOKEN is a shared article, /api/..., the pages' files) */
static const char *const reserved[] = { "s", "api", "css", "js", "img", "settings", "article", "home", "login",
	                                "highlights", "offline-image" };

bool store_username_valid(const char *u)
{
	size_t n = u ? strlen(u) : 0;
	if (n == 0 || n > USERNAME_MAX || strspn(u, USERNAME_CHARS) != n)
		return false;
	for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
		if (strcasecmp(u, reserved[i]) == 0)
			return false;
	return true;
}

static bool username_ok(struct store *st, const char *u)
{
	if (store_username_valid(u))
		return true;
	snprintf(st->errmsg, sizeof st->errmsg, "a username is 1 to %d letters, digits, '_', '-' or '.', and not one of "
	         "the site's own path names (s, api, css, js, img, settings, article, home, login, highlights)", USERNAME_MAX);
	return false;
}

static int update_rows(struct store *st, struct arena *a, const char *user_id, const struct store_user_patch *p,
                       struct store_user *out)
{
	struct db_stmt *s = stmt(st, STMT_USER_UPDATE);
	int rc;
	store_bind_texts(s, 1, (const char *const[]){ user_id, p->name, p->username }, 3);
	db_bind_int64(s, 4, time_now_ms());
	if ((rc = store_get_row(st, a, s, &store_rowdef_user, out, "changing a user")) != STORE_OK ||
	    (p->bio == NULL && p->picture_url == NULL))
		return rc;
	s = stmt(st, STMT_PROFILE_SET);
	store_bind_texts(s, 1, (const char *const[]){ user_id, p->bio, p->picture_url }, 3);
	return store_step_done(st, s, "changing a profile");
}

int store_user_update(struct store *st, struct arena *a, const char *user_id, const struct store_user_patch *p,
                      struct store_user *out)
{
	int rc;
	if (!user_id)
		return STORE_E_NOTFOUND;
	if (p->username && !username_ok(st, p->username))
		return STORE_E_INVAL;
	if ((rc = store_begin(st)) != STORE_OK)
		return rc;
	return store_end(st, update_rows(st, a, user_id, p, out));
}

/* the user's sessions and API keys end: nothing of theirs runs while their items go (a password still signs in,
 * so a deletion a crash cut short can be asked for again) */
static int lock_out(struct store *st, void *arg)
{
	struct db_stmt *s = stmt(st, STMT_KEY_DELETE_USER);
	int rc;
	if ((rc = store_session_end_user(st, arg, "ending a user's sessions")) != STORE_OK)
		return rc;
	db_bind_text(s, 1, arg);
	return store_step_done(st, s, "revoking a user's keys");
}

/* one batch of a user's items (their content, labels, highlights, jobs and index rows go with them) */
static int items_batch(struct store *st, struct store_batch *b)
{
	struct db_stmt *s = stmt(st, STMT_USER_ITEMS_CUT);
	int64_t cut = 0;
	int rc;
	db_bind_text(s, 1, b->arg);
	db_bind_int64(s, 2, LIMIT_DELETE_BATCH);
	db_bind_int64(s, 3, b->after);
	if ((rc = store_get_ints(st, s, &cut, 1, "finding a batch of a user's items")) != STORE_OK || cut == 0)
		return rc;
	s = stmt(st, STMT_USER_ITEMS_DELETE);
	db_bind_text(s, 1, b->arg);
	db_bind_int64(s, 2, cut);
	db_bind_int64(s, 3, b->after);
	if ((rc = store_step_done(st, s, "deleting a user's items")) == STORE_OK) {
		b->n = db_changes(st->db);
		b->next = cut;
	}
	return rc;
}

static int user_row(struct store *st, void *arg)
{
	store_bind_text(stmt(st, STMT_USER_DELETE), 1, arg);
	return store_step_changed(st, stmt(st, STMT_USER_DELETE), "deleting a user");
}

int store_user_delete(struct store *st, const char *user_id)
{
	int64_t items;
	int rc;
	if (!user_id)
		return STORE_E_NOTFOUND;
	/* Three steps, each its own transactions: the user locked out, their items in batches of LIMIT_DELETE_BATCH
	 * (another user's write waits for one batch, not for the whole library), then the user's row, whose
	 * ON DELETE CASCADE takes what is left (labels, keys, searches, subscriptions, …: a few rows). A crash
	 * between them leaves a user without sessions or keys and with part of their items: deleteAccount
	 * asked again (after signing in with the password) goes on where it stopped. */
	if ((rc = store_tx(st, lock_out, (void *)user_id)) != STORE_OK ||
	    (rc = store_batches(st, items_batch, (void *)user_id, &items)) != STORE_OK)
		return rc;
	return store_tx(st, user_row, (void *)user_id);
}
