/* setting.c: server-wide settings: secrets made once from random bytes and kept in the database. */
#include "store/store_int.h"

#include "util/crypto.h"

/* the statements of setting.c: SQLite's text, then PostgreSQL's where it differs (the rule: src/store/README.md) */
enum stmt {
	STMT_SETTING_GET,
	STMT_SETTING_ADD,
	STMT__MAX
};
static const struct store_sql statements[STMT__MAX] = {
	STORE_SQL(STMT_SETTING_GET, "SELECT value FROM settings WHERE name = ?1"),
	STORE_SQL(STMT_SETTING_ADD, "INSERT OR IGNORE INTO settings (name, value) VALUES (?1, ?2)",
		/* PostgreSQL: INSERT OR IGNORE: ON CONFLICT DO NOTHING */
		"INSERT INTO settings (name, value) VALUES (?1, ?2) ON CONFLICT DO NOTHING"),
};
STORE_STATEMENTS(setting, statements)

static int get(struct store *st, const char *name, char out[65])
{
	struct db_stmt *s = stmt(st, STMT_SETTING_GET);
	int rc;
	db_bind_text(s, 1, name);
	if ((rc = store_step_row(st, s, "reading a setting")) == STORE_OK && !store_col_hex64(s, 0, out)) {
		snprintf(st->errmsg, sizeof st->errmsg, "setting %s is not a 64-digit secret", name);
		rc = STORE_E_DB;
	}
	store_done(s);
	return rc;
}

int store_secret(struct store *st, const char *name, char out[65])
{
	char fresh[65];
	int rc = get(st, name, out);
	if (rc != STORE_E_NOTFOUND)
		return rc;
	if (crypto_random_hex(fresh, 32) != 0) {
		snprintf(st->errmsg, sizeof st->errmsg, "no random bytes for a secret");
		return STORE_E_DB;
	}
	/* two processes may race here: INSERT OR IGNORE keeps the first, and both read it back */
	db_bind_text(stmt(st, STMT_SETTING_ADD), 1, name);
	db_bind_text(stmt(st, STMT_SETTING_ADD), 2, fresh);
	if ((rc = store_step_done(st, stmt(st, STMT_SETTING_ADD), "storing a secret")) != STORE_OK)
		return rc;
	return get(st, name, out);
}
