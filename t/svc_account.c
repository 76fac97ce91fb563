/* svc_account.c: the account, login, session and API-key services called directly on a temporary database. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "svc/account.h"
#include "svc/apikey.h"
#include "t/tap.h"
#include "t/test_db.h"
#include "util/crypto.h"
#include "util/limits.h"
#include "util/time.h"

static char dir[256], db[300];
static struct store *st;
static struct larder_config cfg;
static struct arena A;

static void bail(const char *what, const char *why)
{
	printf("Bail out! %s: %s\n", what, why);
	exit(1);
}

/* a fresh database and a configuration with cheap argon2 parameters */
static void setup(void)
{
	char conf[320], err[768];
	const char *tmp = getenv("TMPDIR");
	FILE *f;
	snprintf(dir, sizeof dir, "%s/larder-svc-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL)
		bail("mkdtemp", dir);
	test_db_target(db, sizeof db, dir, "larder.db");
	snprintf(conf, sizeof conf, "%s/larder.conf", dir);
	if ((f = fopen(conf, "w")) == NULL)
		bail("fopen", conf);
	fprintf(f, "database = %s\ndata_dir = %s\nargon2_t_cost = 1\nargon2_memory_kib = 64\nsession_days = 10\n", db, dir);
	fclose(f);
	if (config_load(conf, &cfg, err, sizeof err) != 0)
		bail("config_load", err);
	unlink(conf);
	if (store_init(db, err, sizeof err) != 0)
		bail("store_init", err);
	if (store_open(db, &st, err, sizeof err) != 0)
		bail("store_open", err);
	arena_init(&A);
}

static void teardown(void)
{
	const char *suffix[] = { "-wal", "-shm", "-writer.lock", "" };
	char path[400];
	store_close(st);
	config_free(&cfg);
	arena_free(&A);
	for (size_t i = 0; i < sizeof suffix / sizeof suffix[0]; i++) {
		snprintf(path, sizeof path, "%s%s", db, suffix[i]);
		unlink(path);
	}
	rmdir(dir);
}

static enum svc_account signup(const char *username, const char *email, const char *pw,
                               const struct svc_signup_rules *rules, struct store_user *u)
{
	return svc_signup(st, &cfg, &A, &(struct svc_signup){ username, NULL, email, pw }, rules, u);
}

static enum svc_account login(const char *name, const char *pw, const char *addr, int64_t now, struct svc_login *lg)
{
	return svc_login(st, &cfg, &A, &(struct svc_login_try){ name, pw, addr }, now, lg);
}

/* the first-run page's account (svc_signup_first): made only while the library has none */
static void test_first(void)
{
	struct store_user u;
	is_int(store_user_any(st), STORE_E_NOTFOUND, "a new library has no account");
	is_int(signup("first", NULL, "short", &svc_signup_first, &u), SVC_ACCOUNT_PASSWORD,
	       "the first account keeps the web's password rule");
	is_int(store_user_any(st), STORE_E_NOTFOUND, "a refused one makes nothing");
	is_int(signup("first", NULL, "long enough pw", &svc_signup_first, &u), SVC_ACCOUNT_OK, "the first account is made");
	is_int(store_user_any(st), STORE_OK, "then an account exists");
	is_int(signup("second", NULL, "long enough pw", &svc_signup_first, &u), SVC_ACCOUNT_EXISTS,
	       "another first account is refused");
	is_int(store_user_by_name(st, &A, "second", &u), STORE_E_NOTFOUND, "and not made");
}

static void test_signup(void)
{
	struct store_user u, got;
	is_int(signup("alice", "alice@example.org", "correct horse", &svc_signup_web, &u), SVC_ACCOUNT_OK, "signup");
	is_int(store_user_by_name(st, &A, "alice", &got), STORE_OK, "the account is stored");
	like(got.password_hash ? got.password_hash : "", "$argon2id$v=19$m=64,t=1,p=1$",
	     "its password hashed with argon2id under the configured cost");
	ok(strstr(got.password_hash ? got.password_hash : "", "correct horse") == NULL, "not the password itself");
	is_int(signup("alice", NULL, "another password", &svc_signup_web, &u), SVC_ACCOUNT_EXISTS, "a taken username");
	is_int(signup("ALICE", NULL, "another password", &svc_signup_web, &u), SVC_ACCOUNT_EXISTS, "in any case");
	is_int(signup("alys", "Alice@Example.org", "another password", &svc_signup_web, &u), SVC_ACCOUNT_EXISTS,
	       "a taken email");
	is_int(signup("carol", NULL, "short", &svc_signup_web, &u), SVC_ACCOUNT_PASSWORD, "the web wants a longer password");
	is_int(signup("carol", NULL, NULL, &svc_signup_web, &u), SVC_ACCOUNT_INVALID, "and a password");
	is_int(signup(NULL, NULL, "long enough pw", &svc_signup_web, &u), SVC_ACCOUNT_INVALID, "and a username");
	is_int(signup("bad name", NULL, "long enough pw", &svc_signup_web, &u), SVC_ACCOUNT_INVALID,
	       "a username the store refuses");
	is_int(signup("carol", NULL, NULL, &svc_signup_admin, &u), SVC_ACCOUNT_OK, "the admin may add a user without a password");
	is_str(u.password_hash, NULL, "who has none");
	is_int(signup("dave", NULL, "short", &svc_signup_admin, &u), SVC_ACCOUNT_OK, "or with a short one");
}

static void test_login(void)
{
	struct svc_login lg;
	struct store_user owner;
	const char *hash;
	char want[65];
	int64_t now = time_now_ms(), expires;

	is_int(login("alice", "correct horse", "192.0.2.1", now, &lg), SVC_ACCOUNT_OK, "login with the right password");
	is_str(lg.user.username, "alice", "as alice");
	is_int(strlen(lg.token), 2 * SVC_TOKEN_BYTES, "a session token of %d hex digits", 2 * SVC_TOKEN_BYTES);
	is_int(svc_session_check(st, &cfg, &A, lg.token, now, &owner, &hash), SVC_ACCOUNT_OK, "the session is live");
	is_str(owner.username, "alice", "and alice's");
	crypto_sha256_hex(lg.token, strlen(lg.token), want);
	is_str(hash, want, "stored as the SHA-256 of the token");
	is_int(store_session_lookup(st, &A, lg.token, now, &owner, &expires), STORE_E_NOTFOUND, "the token itself is not stored");
	is_int(login("ALICE@example.org", "correct horse", "192.0.2.1", now, &lg), SVC_ACCOUNT_OK, "login by email, any case");
	is_int(login("alice", "wrong horse", "192.0.2.1", now, &lg), SVC_ACCOUNT_DENIED, "a wrong password is denied");
	is_int(login("nobody", "correct horse", "192.0.2.1", now, &lg), SVC_ACCOUNT_DENIED, "an unknown name is denied");
	is_int(login("carol", "anything", "192.0.2.1", now, &lg), SVC_ACCOUNT_DENIED, "an account without a password too");
	is_int(login("alice", "", "192.0.2.1", now, &lg), SVC_ACCOUNT_INVALID, "an empty password is no attempt");
	is_int(svc_session_check(st, &cfg, &A, "abc", now, &owner, &hash), SVC_ACCOUNT_NOTFOUND, "a malformed token");
	is_str(hash, NULL, "has no hash");
}

static void test_throttle(void)
{
	struct svc_login lg;
	int64_t now = time_now_ms();
	for (int i = 0; i < LIMIT_LOGIN_FREE_PAIR; i++)
		is_int(login("alice", "guess", "198.51.100.7", now, &lg), SVC_ACCOUNT_DENIED, "failure %d is free", i + 1);
	is_int(login("alice", "correct horse", "198.51.100.7", now + 10, &lg), SVC_ACCOUNT_WAIT,
	       "then even the right password must wait");
	ok(lg.wait_ms > 0 && lg.wait_ms <= LIMIT_LOGIN_DELAY_MS, "for at most the first delay (%lld ms)", (long long)lg.wait_ms);
	is_int(login("alice", "correct horse", "203.0.113.5", now + 10, &lg), SVC_ACCOUNT_OK,
	       "the same account from another address is not held back");
	is_int(login("alice", "correct horse", "198.51.100.7", now + LIMIT_LOGIN_DELAY_MS + 10, &lg), SVC_ACCOUNT_OK,
	       "after the delay the right password logs in");
	is_int(login("alice", "guess", "198.51.100.7", now + LIMIT_LOGIN_DELAY_MS + 20, &lg), SVC_ACCOUNT_DENIED,
	       "and the account's failures from there were forgotten");
}

static void test_sessions(void)
{
	struct svc_login lg;
	struct store_user owner, u;
	const char *hash;
	int64_t now = time_now_ms(), life = svc_session_life_s(&cfg) * 1000;

	is_int(svc_session_life_s(&cfg), 10 * 86400, "a session lasts session_days");
	is_int(login("alice", "correct horse", "192.0.2.2", now, &lg), SVC_ACCOUNT_OK, "login");
	is_int(svc_session_check(st, &cfg, &A, lg.token, now + life * 6 / 10, &owner, &hash), SVC_ACCOUNT_OK,
	       "used when less than half its life is left");
	is_int(svc_session_check(st, &cfg, &A, lg.token, now + life * 11 / 10, &owner, &hash), SVC_ACCOUNT_OK,
	       "so it lasts past its first expiry");
	svc_session_end(st, hash);
	is_int(svc_session_check(st, &cfg, &A, lg.token, now, &owner, &hash), SVC_ACCOUNT_NOTFOUND, "an ended session");

	is_int(login("alice", "correct horse", "192.0.2.2", now, &lg), SVC_ACCOUNT_OK, "login again");
	is_int(store_user_by_name(st, &A, "alice", &u), STORE_OK, "alice");
	is_int(svc_password_change(st, &cfg, u.id, "battery staple"), SVC_ACCOUNT_OK, "password change");
	is_int(svc_session_check(st, &cfg, &A, lg.token, now, &owner, &hash), SVC_ACCOUNT_NOTFOUND,
	       "ends the sessions of the user");
	is_int(login("alice", "correct horse", "192.0.2.3", now, &lg), SVC_ACCOUNT_DENIED, "the old password is refused");
	is_int(login("alice", "battery staple", "192.0.2.3", now, &lg), SVC_ACCOUNT_OK, "the new one logs in");
	is_int(svc_password_change(st, &cfg, "3f0e1b9c-6d1a-4b6e-9a51-2f7c4b8d9e10", "x"), SVC_ACCOUNT_NOTFOUND,
	       "no such user");
}

static int mint(const struct store_user *u, const char *name, size_t len, struct svc_key *k, const char **msg)
{
	return svc_apikey_create(st, &A, u->id, &(struct svc_key_spec){ .name = name, .name_len = len,
	                         .expires_ms = STORE_NEVER_MS }, k, msg);
}

static void test_keys(void)
{
	struct store_user u, owner;
	struct store_apikey row;
	struct svc_key k;
	struct svc_scope scopes[LIMIT_APIKEY_SCOPES + 1];
	char name[LIMIT_APIKEY_NAME + 2], hash[65];
	const char *msg;
	int rc;

	if (store_user_by_name(st, &A, "dave", &u) != STORE_OK)
		bail("store_user_by_name", "dave");
	is_int(mint(&u, " \t ", 3, &k, &msg), STORE_E_INVAL, "a blank key name is refused");
	is_str(msg, "name must not be empty", "saying so");
	memset(name, 'n', sizeof name - 1);
	name[sizeof name - 1] = 0;
	is_int(mint(&u, name, strlen(name), &k, &msg), STORE_E_INVAL, "a name of %d characters is refused", LIMIT_APIKEY_NAME + 1);
	is_str(msg, "name is too long: at most 100 characters", "saying so");
	is_int(mint(&u, "a\0b", 3, &k, &msg), STORE_E_INVAL, "a name with a NUL is refused");
	is_str(msg, "name must not contain a NUL character", "saying so");
	for (size_t i = 0; i <= LIMIT_APIKEY_SCOPES; i++)
		scopes[i] = (struct svc_scope){ "s", 1 };
	is_int(svc_apikey_create(st, &A, u.id, &(struct svc_key_spec){ .name = "x", .name_len = 1, .scopes = scopes,
	                         .nscopes = LIMIT_APIKEY_SCOPES + 1, .expires_ms = STORE_NEVER_MS }, &k, &msg),
	       STORE_E_INVAL, "too many scopes are refused");
	scopes[0] = (struct svc_scope){ "read", 4 };
	scopes[1] = (struct svc_scope){ "Read", 4 };
	is_int(svc_apikey_create(st, &A, u.id, &(struct svc_key_spec){ .name = "x", .name_len = 1, .scopes = scopes,
	                         .nscopes = 2, .expires_ms = STORE_NEVER_MS }, &k, &msg),
	       STORE_E_INVAL, "a scope Larder does not know is refused");
	is_str(msg, "unknown scope \"Read\": the scopes are read, save and write (a key without scopes has full access)",
	       "naming it and the known ones");

	/* what stored scopes grant */
	is_int(svc_apikey_grants(NULL), SVC_GRANT_ALL, "no scopes: everything");
	is_int(svc_apikey_grants("[]"), SVC_GRANT_ALL, "an empty list: everything");
	is_int(svc_apikey_grants("[\"read\"]"), SVC_GRANT_READ, "read");
	is_int(svc_apikey_grants("[\"save\",\"read\"]"), SVC_GRANT_READ | SVC_GRANT_SAVE, "save and read");
	is_int(svc_apikey_grants("[\"write\"]"), SVC_GRANT_READ | SVC_GRANT_SAVE | SVC_GRANT_WRITE,
	       "write: read, save and write, never the account");
	is_int(svc_apikey_grants("[\"inbox\"]"), 0, "a scope Larder does not know grants nothing");
	is_int(svc_apikey_grants("[\"re\\u0061d\",\"a\\\"read\"]"), 0, "escaped text matches no scope");
	is_int(svc_apikey_grants("[\"inbox\",\"read\"]"), SVC_GRANT_READ, "the known ones among unknown ones");
	is_str(svc_grant_scope(SVC_GRANT_SAVE), "save", "the scope that grants saving");
	is_str(svc_grant_scope(SVC_GRANT_WRITE), "write", "the scope that grants writing");
	ok(svc_grant_scope(SVC_GRANT_ACCOUNT) == NULL, "no scope grants the account");

	is_int(mint(&u, "  laptop\n", 9, &k, &msg), STORE_OK, "a good name is minted");
	is_str(k.row.name, "laptop", "trimmed");
	ok(crypto_is_uuid(k.value, strlen(k.value)), "the key is a UUID (%s)", k.value);
	crypto_sha256_hex(k.value, strlen(k.value), hash);
	is_int(store_apikey_lookup(st, &A, hash, &row, &owner), STORE_OK, "stored as its SHA-256");
	is_str(owner.username, "dave", "for its user");
	is_str(row.scopes_json, NULL, "without scopes");
	is_int(store_apikey_lookup(st, &A, k.value, &row, &owner), STORE_E_NOTFOUND, "the key itself is not stored");

	is_int(svc_apikey_check(st, &cfg, &A, k.value, strlen(k.value), time_now_ms(), &row, &owner, &rc), SVC_KEY_OK,
	       "the key is accepted when presented");
	is_int(rc, STORE_OK, "its use recorded");
	ok(store_apikey_lookup(st, &A, hash, &row, &owner) == STORE_OK && row.used_ms != 0, "and stored");
	is_int(svc_apikey_check(st, &cfg, &A, hash, strlen(hash), time_now_ms(), &row, &owner, &rc), SVC_KEY_UNKNOWN,
	       "its hash presented as a key is unknown");
	is_int(mint(&u, "old", 3, &k, &msg), STORE_OK, "another key");
	is_int(svc_apikey_check(st, &cfg, &A, k.value, strlen(k.value), STORE_NEVER_MS, &row, &owner, &rc),
	       SVC_KEY_EXPIRED, "expires at its expiry");
	is_int(svc_apikey_check(st, &cfg, &A, k.value, strlen(k.value) - 1, time_now_ms(), &row, &owner, &rc),
	       SVC_KEY_UNKNOWN, "a key cut short is unknown");
	is_int(mint(&u, "laptop", 6, &k, &msg), STORE_E_EXISTS, "the same name again is refused");
	is_str(k.row.name, "laptop", "naming it");
	is_int(svc_apikey_revoke(st, &A, u.id, "not-a-uuid", &row), STORE_E_NOTFOUND, "revoking a malformed id");
	is_int(store_apikey_lookup(st, &A, hash, &row, &owner), STORE_OK, "the key");
	is_int(svc_apikey_revoke(st, &A, u.id, row.id, &row), STORE_OK, "is revoked");
	is_int(store_apikey_lookup(st, &A, hash, &row, &owner), STORE_E_NOTFOUND, "and gone");
}

int main(void)
{
	setup();
	test_first();
	test_signup();
	test_login();
	test_throttle();
	test_sessions();
	test_keys();
	teardown();
	return done_testing();
}
