/* store.h: the persistence API (users, API keys, sessions); SQLite behind it, no database types in here. */
#ifndef LARDER_STORE_H
#define LARDER_STORE_H
#include <stddef.h>
#include <stdint.h>

struct arena;

/* "never" expiry of keys and sessions (JavaScript's max Date) */
#define STORE_NEVER_MS INT64_C(8640000000000000)

enum store_err { STORE_OK = 0, STORE_E_NOTFOUND = -1, STORE_E_EXISTS = -2, STORE_E_DB = -3,
                 STORE_E_SCHEMA_OLD = -4, STORE_E_SCHEMA_NEW = -5, STORE_E_INVAL = -6, STORE_E__MIN = -7 };
const char *store_strerror(int rc);
struct store;
/* the last database-level message of this connection (for logs), never NULL */
const char *store_errmsg(const struct store *st);
/* opens an existing database and checks its schema version (old -> STORE_E_SCHEMA_OLD, "run larder init";
 * a missing file is STORE_E_SCHEMA_OLD too, "database PATH not initialised: run larder init");
 * prepares the static statement table (refuses on failure). err gets a one-line message. */
int store_open(const char *path, struct store **out, char *err, size_t errlen);
/* creates the file if needed and applies pending migrations (db/NNN_*.sql compiled in); used by `larder init` */
int store_init(const char *path, char *err, size_t errlen);
void store_close(struct store *st);
/* the schema version compiled in (number of migrations) */
int store_schema_version(void);

struct store_user { const char *id, *username, *name, *email, *password_hash; int64_t created_ms; };
/* username: 1-64 of [A-Za-z0-9_.-] (unique, case-insensitive); name NULL/"" = the username; email NULL = none
 * (else must hold an '@'; unique, case-insensitive); password_hash NULL = no password login. INVAL on bad input */
int store_user_add(struct store *st, struct arena *a, const char *username, const char *name,
                   const char *email, const char *password_hash, struct store_user *out); /* EXISTS on dup username/email */
int store_user_get(struct store *st, struct arena *a, const char *id, struct store_user *out);
int store_user_by_name(struct store *st, struct arena *a, const char *username_or_email, struct store_user *out);
int store_user_set_password(struct store *st, const char *user_id, const char *password_hash); /* NOTFOUND */

struct store_apikey { const char *id, *user_id, *name, *scopes_json; int64_t created_ms, expires_ms, used_ms; /* used_ms 0 = never */ };
/* key_hash = hex SHA-256 of the key value. EXISTS when the user already has a key with that name */
int store_apikey_create(struct store *st, struct arena *a, const char *user_id, const char *name,
                        const char *key_hash, const char *scopes_json, int64_t expires_ms, struct store_apikey *out);
/* the key with this hash and its owner (either out pointer may be NULL); NOTFOUND when none (revoked keys
 * are deleted rows). Expiry is NOT checked here: the caller compares expires_ms with now. */
int store_apikey_lookup(struct store *st, struct arena *a, const char *key_hash,
                        struct store_apikey *key, struct store_user *owner);
/* sets used_ms = now unless the stored used_ms is within interval_ms of now (then no write); STORE_OK either way */
int store_apikey_touch(struct store *st, const char *key_id, int64_t now_ms, int64_t interval_ms);
/* the user's keys ordered by used desc (never-used last), then created desc */
int store_apikey_list(struct store *st, struct arena *a, const char *user_id, struct store_apikey **out, size_t *n);
/* deletes the key if it belongs to user_id (NULL = any user, for the admin CLI); *out = the deleted row */
int store_apikey_delete(struct store *st, struct arena *a, const char *user_id, const char *key_id, struct store_apikey *out);

/* sessions (used by a later issue; tables and functions exist now) */
int store_session_create(struct store *st, const char *user_id, const char *token_hash, int64_t expires_ms);
/* NOTFOUND when unknown or expired (expires_ms <= now_ms) */
int store_session_lookup(struct store *st, struct arena *a, const char *token_hash, int64_t now_ms, struct store_user *owner, int64_t *expires_ms);
int store_session_delete(struct store *st, const char *token_hash);
#endif
