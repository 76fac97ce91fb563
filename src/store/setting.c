/* setting.c: server-wide settings: secrets made once from random bytes and kept in the database. */
#include "store/store_int.h"

#include "util/crypto.h"

static int get(struct store *st, const char *name, char out[65])
{
	struct db_stmt *s = st->stmt[STMT_SETTING_GET];
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
	db_bind_text(st->stmt[STMT_SETTING_ADD], 1, name);
	db_bind_text(st->stmt[STMT_SETTING_ADD], 2, fresh);
	if ((rc = store_step_done(st, st->stmt[STMT_SETTING_ADD], "storing a secret")) != STORE_OK)
		return rc;
	return get(st, name, out);
}
