/* setting.c: server-wide settings: secrets made once from random bytes and kept in the database. */
#include "store/store_int.h"

#include <string.h>

#include "util/crypto.h"

static int get(struct store *st, const char *name, char out[65])
{
	sqlite3_stmt *s = st->stmt[STMT_SETTING_GET];
	int rc;
	sqlite3_bind_text(s, 1, name, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	if (rc == SQLITE_ROW) {
		const unsigned char *v = sqlite3_column_text(s, 0);
		if (v && strlen((const char *)v) == 64) {
			memcpy(out, v, 65);
			rc = STORE_OK;
		} else {
			snprintf(st->errmsg, sizeof st->errmsg, "setting %s is not a 64-digit secret", name);
			rc = STORE_E_DB;
		}
	} else if (rc == SQLITE_DONE)
		rc = STORE_E_NOTFOUND;
	else
		rc = store_fail(st, rc, "reading a setting");
	store_done(s);
	return rc;
}

int store_secret(struct store *st, const char *name, char out[65])
{
	char fresh[65];
	sqlite3_stmt *s;
	int rc = get(st, name, out);
	if (rc != STORE_E_NOTFOUND)
		return rc;
	if (crypto_random_hex(fresh, 32) != 0) {
		snprintf(st->errmsg, sizeof st->errmsg, "no random bytes for a secret");
		return STORE_E_DB;
	}
	/* two processes may race here: INSERT OR IGNORE keeps the first, and both read it back */
	s = st->stmt[STMT_SETTING_ADD];
	sqlite3_bind_text(s, 1, name, -1, SQLITE_STATIC);
	sqlite3_bind_text(s, 2, fresh, -1, SQLITE_STATIC);
	rc = sqlite3_step(s);
	store_done(s);
	if (rc != SQLITE_DONE)
		return store_fail(st, rc, "storing a secret");
	return get(st, name, out);
}
