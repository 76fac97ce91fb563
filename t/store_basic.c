/* store_basic.c: tests of the store's users, API keys and sessions against a real temporary SQLite file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/store.h"
#include "util/arena.h"
#include "util/crypto.h"
#include "util/limits.h"
#include "util/time.h"
#include "t/tap.h"
#include "t/test_db.h"

static char dir[] = "/tmp/larder-store-XXXXXX";
static char path[256];

static void hash_of(const char *key, char out[65])
{
	crypto_sha256_hex(key, strlen(key), out);
}

/* the sessions page's store calls: a public id apart from the token hash, kind and client, the current one
 * marked, revoking by id only the owner's, revoking the others */
static void session_list_tests(struct store *st, const char *alice, const char *bob)
{
	struct arena a;
	struct store_session *l;
	size_t n;
	int64_t ended = -1;
	char h1[65], h2[65], hb[65], h3[65];
	const char *app_id = NULL;
	arena_init(&a);
	hash_of("list-a1", h1);
	hash_of("list-a2", h2);
	hash_of("list-b1", hb);
	is_int(store_session_create_from(st, alice, h1, STORE_NEVER_MS, "app", "Omnivore app on Android"), STORE_OK, "an app's session");
	is_int(store_session_create_from(st, alice, h2, STORE_NEVER_MS, "anything", NULL), STORE_OK, "a browser's");
	is_int(store_session_create_from(st, bob, hb, STORE_NEVER_MS, NULL, NULL), STORE_OK, "bob's");
	is_int(store_session_list(st, &a, alice, h2, 0, &l, &n), STORE_OK, "alice's sessions listed");
	is_int((int64_t)n, 2, "two of them");
	for (size_t i = 0; i < n; i++) {
		bool app = strcmp(l[i].kind, "app") == 0;
		ok(strlen(l[i].id) == 32 && strcmp(l[i].id, h1) != 0 && strncmp(l[i].id, h1, 32) != 0 && strncmp(l[i].id, h2, 32) != 0,
		   "a public id of 32 digits, no part of the token hash");
		is_int(l[i].current, app ? 0 : 1, "only the request's own is current");
		is_str(app ? l[i].agent : "browser", app ? "Omnivore app on Android" : l[i].kind, "kind and client kept");
	}
	for (size_t i = 0; i < n; i++)
		if (!l[i].current)
			app_id = l[i].id;
	is_int(store_session_revoke(st, bob, app_id), STORE_E_NOTFOUND, "bob cannot revoke alice's session");
	is_int(store_session_lookup(st, &a, h1, 0, NULL, NULL), STORE_OK, "(it lives)");
	is_int(store_session_revoke(st, alice, app_id), STORE_OK, "alice can");
	is_int(store_session_lookup(st, &a, h1, 0, NULL, NULL), STORE_E_NOTFOUND, "its token then names nobody");
	is_int(store_session_revoke(st, alice, app_id), STORE_E_NOTFOUND, "revoked once");
	hash_of("list-a3", h3);
	store_session_create_from(st, alice, h3, STORE_NEVER_MS, "app", NULL);
	is_int(store_session_revoke_others(st, alice, h2, &ended), STORE_OK, "revoking the others");
	is_int(ended, 1, "one other ended");
	is_int(store_session_list(st, &a, alice, h2, 0, &l, &n), STORE_OK, "listed again");
	is_int((int64_t)n, 1, "only the kept one is left");
	is_int(store_session_lookup(st, &a, hb, 0, NULL, NULL), STORE_OK, "bob's session untouched");
	is_int(store_session_revoke_others(st, alice, NULL, &ended), STORE_OK, "revoking all (a key's request)");
	is_int(ended, 1, "the last one ended");
	arena_free(&a);
}

/* the bookmarklet's save token: one per user, replaced by a new one, revocable */
static void save_token_tests(struct store *st, const char *uid)
{
	struct store_savetoken t;
	char h1[65], h2[65];
	hash_of("save-1", h1);
	hash_of("save-2", h2);
	is_int(store_savetoken_get(st, uid, &t), STORE_E_NOTFOUND, "no save token at first");
	is_int(store_savetoken_set(st, uid, "not-a-hash", 10), STORE_E_INVAL, "a save token needs a hash");
	is_int(store_savetoken_set(st, uid, h1, 10), STORE_OK, "set a save token");
	is_int(store_savetoken_get(st, uid, &t), STORE_OK, "read it back");
	is_str(t.hash, h1, "its hash is kept");
	is_int(t.created_ms, 10, "with its creation time");
	is_int(t.used_ms, 0, "never used");
	is_int(store_savetoken_touch(st, uid, 20), STORE_OK, "record a use");
	store_savetoken_get(st, uid, &t);
	is_int(t.used_ms, 20, "the use is recorded");
	is_int(store_savetoken_set(st, uid, h2, 30), STORE_OK, "a new token replaces it");
	store_savetoken_get(st, uid, &t);
	ok(strcmp(t.hash, h2) == 0 && t.created_ms == 30 && t.used_ms == 0, "only the new one is kept, unused");
	is_int(store_savetoken_set(st, "00000000-0000-4000-8000-000000000000", h1, 10), STORE_E_NOTFOUND,
	       "a save token for an unknown user");
	is_int(store_savetoken_delete(st, uid), STORE_OK, "revoke it");
	is_int(store_savetoken_get(st, uid, &t), STORE_E_NOTFOUND, "gone");
	is_int(store_savetoken_delete(st, uid), STORE_E_NOTFOUND, "revoke twice");
	is_int(store_savetoken_touch(st, uid, 40), STORE_E_NOTFOUND, "no token to touch");
}

static void cleanup(void)
{
	test_db_remove(path, dir);
}

/* a wait of 500 ms once a key has 2 failures */
static int64_t two_free(void *ctx, size_t i, int64_t count, int64_t last_ms)
{
	(void)ctx, (void)i, (void)last_ms;
	return count >= 2 ? 500 : 0;
}

int main(void)
{
	struct store *st = NULL;
	struct arena a;
	struct store_user u, alice, bob, got;
	struct store_apikey k, k1, k2, k3, *list;
	size_t n;
	char err[512], h1[65], h2[65], h3[65], hx[65];
	int64_t exp;

	arena_init(&a);
	if (!mkdtemp(dir))
		return 99;
	test_db_target(path, sizeof path, dir, "sub/dir/larder.db");

	is_int(store_open(path, &st, err, sizeof err), STORE_E_SCHEMA_OLD, "open before init: schema old");
	like(err, "not initialised: run larder init", "missing file message: %s", err);
	ok(st == NULL, "no handle on failure");

	is_int(store_init(path, err, sizeof err), STORE_OK, "init creates the database and its directories: %s", err);
	is_int(store_init(path, err, sizeof err), STORE_OK, "init is idempotent: %s", err);
	ok(store_schema_version() >= 1, "at least one migration compiled in");
	is_int(store_open(path, &st, err, sizeof err), STORE_OK, "open after init: %s", err);
	if (!st)
		return done_testing();

	/* users */
	is_int(store_user_add(st, &a, "alice", "Alice A", "alice@example.org", "$argon2id$x", &alice), STORE_OK, "add alice");
	ok(crypto_is_uuid(alice.id, strlen(alice.id)), "user id is a uuid");
	is_str(alice.username, "alice", "username echoed");
	is_str(alice.name, "Alice A", "name echoed");
	ok(alice.created_ms > 0, "created set");
	is_int(store_user_add(st, &a, "bob", NULL, NULL, NULL, &bob), STORE_OK, "add bob without name, email, password");
	is_str(bob.name, "bob", "name defaults to username");
	ok(bob.email == NULL && bob.password_hash == NULL, "no email, no password");
	is_int(store_user_add(st, &a, "ALICE", NULL, NULL, NULL, &u), STORE_E_EXISTS, "duplicate username (any case)");
	is_int(store_user_add(st, &a, "carol", NULL, "Alice@Example.org", NULL, &u), STORE_E_EXISTS, "duplicate email (any case)");
	is_int(store_user_add(st, &a, "dave", NULL, "", NULL, &u), STORE_OK, "empty email is no email");
	is_int(store_user_add(st, &a, "erin", NULL, NULL, NULL, NULL), STORE_OK, "second user without email (NULLs not unique)");
	is_int(store_user_add(st, &a, "bad name", NULL, NULL, NULL, &u), STORE_E_INVAL, "space in username");
	is_int(store_user_add(st, &a, "", NULL, NULL, NULL, &u), STORE_E_INVAL, "empty username");
	is_int(store_user_add(st, &a, "x@y", NULL, NULL, NULL, &u), STORE_E_INVAL, "@ in username");
	is_int(store_user_add(st, &a, "frank", NULL, "not-an-email", NULL, &u), STORE_E_INVAL, "bad email");

	is_int(store_user_get(st, &a, alice.id, &got), STORE_OK, "get by id");
	is_str(got.username, "alice", "got username");
	is_str(got.email, "alice@example.org", "got email");
	is_str(got.password_hash, "$argon2id$x", "got password hash");
	is_int(got.created_ms, alice.created_ms, "got created");
	is_int(store_user_get(st, &a, "00000000-0000-4000-8000-000000000000", &got), STORE_E_NOTFOUND, "get unknown id");
	is_int(store_user_by_name(st, &a, "Alice", &got), STORE_OK, "by username, any case");
	is_str(got.id, alice.id, "same user");
	is_int(store_user_by_name(st, &a, "ALICE@example.org", &got), STORE_OK, "by email, any case");
	is_str(got.id, alice.id, "same user by email");
	is_int(store_user_by_name(st, &a, "nobody", &got), STORE_E_NOTFOUND, "unknown name");

	is_int(store_user_set_password(st, bob.id, "$argon2id$new"), STORE_OK, "set password");
	store_user_get(st, &a, bob.id, &got);
	is_str(got.password_hash, "$argon2id$new", "password stored");
	is_int(store_user_set_password(st, "00000000-0000-4000-8000-000000000000", "x"), STORE_E_NOTFOUND,
	       "set password of unknown user");

	/* API keys */
	hash_of("key-one", h1);
	hash_of("key-two", h2);
	hash_of("key-three", h3);
	is_int(store_apikey_create(st, &a, alice.id, "laptop", h1, "[\"inbox\"]", STORE_NEVER_MS, &k1), STORE_OK, "create key 1");
	ok(crypto_is_uuid(k1.id, strlen(k1.id)), "key id is a uuid");
	is_str(k1.user_id, alice.id, "key owner");
	is_str(k1.scopes_json, "[\"inbox\"]", "scopes echoed");
	is_int(k1.expires_ms, STORE_NEVER_MS, "never expires");
	is_int(k1.used_ms, 0, "never used");
	usleep(3000);
	is_int(store_apikey_create(st, &a, alice.id, "phone", h2, NULL, 1000, &k2), STORE_OK, "create key 2 (already expired)");
	usleep(3000);
	is_int(store_apikey_create(st, &a, alice.id, "tablet", h3, NULL, STORE_NEVER_MS, &k3), STORE_OK, "create key 3");
	hash_of("other", hx);
	is_int(store_apikey_create(st, &a, alice.id, "laptop", hx, NULL, STORE_NEVER_MS, &k), STORE_E_EXISTS,
	       "duplicate key name for the same user");
	is_int(store_apikey_create(st, &a, bob.id, "laptop", hx, NULL, STORE_NEVER_MS, &k), STORE_OK,
	       "same name for another user is fine");
	is_int(store_apikey_create(st, &a, bob.id, "again", h1, NULL, STORE_NEVER_MS, &k), STORE_E_EXISTS, "duplicate hash");
	is_int(store_apikey_create(st, &a, "00000000-0000-4000-8000-000000000000", "x", "0000000000000000000000000000000000000000000000000000000000000001",
	                           NULL, STORE_NEVER_MS, &k), STORE_E_NOTFOUND, "unknown user");
	{ /* a user's keys up to LIMIT_APIKEYS_PER_USER are made, the next is refused (LIMIT), saying why */
		struct store_user carol;
		struct store_apikey *all;
		size_t nall = 0;
		char nm[32], hk[65];
		int made = 0, rc = STORE_OK;
		is_int(store_user_add(st, &a, "carol", NULL, NULL, NULL, &carol), STORE_OK, "a user for the cap");
		for (int i = 0; i <= LIMIT_APIKEYS_PER_USER; i++) {
			snprintf(nm, sizeof nm, "cap-%d", i);
			hash_of(nm, hk);
			made += (rc = store_apikey_create(st, &a, carol.id, nm, hk, NULL, STORE_NEVER_MS, &k)) == STORE_OK;
		}
		is_int(made, LIMIT_APIKEYS_PER_USER, "keys up to the cap are made");
		is_int(rc, STORE_E_LIMIT, "the next is refused");
		is_str(store_errmsg(st), "you have 100 API keys, the most allowed: revoke one first", "saying why");
		is_int(store_apikey_list(st, &a, carol.id, &all, &nall), STORE_OK, "list at the cap");
		is_int((int)nall, LIMIT_APIKEYS_PER_USER, "all of them listed");
	}
	is_int(store_apikey_create(st, &a, alice.id, "", h1, NULL, STORE_NEVER_MS, &k), STORE_E_INVAL, "empty name");
	is_int(store_apikey_create(st, &a, alice.id, "y", "abc", NULL, STORE_NEVER_MS, &k), STORE_E_INVAL, "bad hash");

	{
		struct store_user owner;
		is_int(store_apikey_lookup(st, &a, h2, &k, &owner), STORE_OK, "lookup by hash");
		is_str(k.id, k2.id, "found key 2");
		is_str(k.name, "phone", "its name");
		is_int(k.expires_ms, 1000, "expiry returned (checked by the caller)");
		ok(k.scopes_json == NULL, "NULL scopes");
		is_str(owner.id, alice.id, "owner");
		is_str(owner.username, "alice", "owner username");
		hash_of("unknown", hx);
		is_int(store_apikey_lookup(st, &a, hx, &k, &owner), STORE_E_NOTFOUND, "unknown hash");
		is_int(store_apikey_lookup(st, &a, h1, NULL, NULL), STORE_OK, "lookup without outputs");
	}

	/* touch throttling */
	is_int(store_apikey_touch(st, k1.id, 100000, 60000), STORE_OK, "first touch");
	store_apikey_lookup(st, &a, h1, &k, NULL);
	is_int(k.used_ms, 100000, "used set on first touch");
	is_int(store_apikey_touch(st, k1.id, 130000, 60000), STORE_OK, "touch within the interval");
	store_apikey_lookup(st, &a, h1, &k, NULL);
	is_int(k.used_ms, 100000, "no write within the interval");
	is_int(store_apikey_touch(st, k1.id, 159999, 60000), STORE_OK, "touch just inside the interval");
	store_apikey_lookup(st, &a, h1, &k, NULL);
	is_int(k.used_ms, 100000, "still no write");
	is_int(store_apikey_touch(st, k1.id, 160000, 60000), STORE_OK, "touch after the interval");
	store_apikey_lookup(st, &a, h1, &k, NULL);
	is_int(k.used_ms, 160000, "written after the interval");
	is_int(store_apikey_touch(st, k1.id, 160001, 0), STORE_OK, "interval 0");
	store_apikey_lookup(st, &a, h1, &k, NULL);
	is_int(k.used_ms, 160001, "interval 0 always writes");
	is_int(store_apikey_touch(st, k3.id, 50000, 60000), STORE_OK, "touch key 3");
	is_int(store_apikey_touch(st, "00000000-0000-4000-8000-000000000000", 1, 1), STORE_OK, "touch of unknown key is harmless");

	/* list order: used desc (never-used last), then created desc */
	is_int(store_apikey_list(st, &a, alice.id, &list, &n), STORE_OK, "list");
	is_int(n, 3, "three keys for alice");
	if (n == 3) {
		is_str(list[0].name, "laptop", "most recently used first");
		is_str(list[1].name, "tablet", "then the earlier used");
		is_str(list[2].name, "phone", "never used last");
		is_int(list[0].used_ms, 160001, "used time listed");
		is_int(list[2].used_ms, 0, "never used = 0");
	}
	is_int(store_apikey_touch(st, k3.id, 500000, 60000), STORE_OK, "touch key 3 later");
	store_apikey_list(st, &a, alice.id, &list, &n);
	if (n == 3)
		is_str(list[0].name, "tablet", "order follows use");
	{
		struct store_apikey *l2;
		size_t n2;
		char hs[65], nm[16];
		/* never-used keys: newest first; many keys grow the array */
		for (int i = 0; i < 20; i++) {
			snprintf(nm, sizeof nm, "k%02d", i);
			hash_of(nm, hs);
			store_apikey_create(st, &a, bob.id, nm, hs, NULL, STORE_NEVER_MS, NULL);
			usleep(1500);
		}
		is_int(store_apikey_list(st, &a, bob.id, &l2, &n2), STORE_OK, "list bob");
		is_int(n2, 21, "21 keys for bob");
		if (n2 == 21) {
			is_str(l2[0].name, "k19", "never used: newest first");
			is_str(l2[19].name, "k00", "oldest of the batch");
			is_str(l2[20].name, "laptop", "oldest key last");
		}
		is_int(store_apikey_list(st, &a, "00000000-0000-4000-8000-000000000000", &l2, &n2), STORE_OK, "list unknown user");
		is_int(n2, 0, "no keys");
	}

	/* delete */
	is_int(store_apikey_delete(st, &a, bob.id, k2.id, &k), STORE_E_NOTFOUND, "delete by another user: NOTFOUND");
	is_int(store_apikey_lookup(st, &a, h2, &k, NULL), STORE_OK, "key still there");
	is_int(store_apikey_delete(st, &a, alice.id, k2.id, &k), STORE_OK, "delete by the owner");
	is_str(k.id, k2.id, "deleted row returned");
	is_str(k.name, "phone", "deleted row name");
	is_int(store_apikey_lookup(st, &a, h2, &k, NULL), STORE_E_NOTFOUND, "revoked key no longer found");
	is_int(store_apikey_delete(st, &a, alice.id, k2.id, &k), STORE_E_NOTFOUND, "delete twice");
	is_int(store_apikey_delete(st, &a, NULL, k3.id, NULL), STORE_OK, "admin delete (any user, no output)");
	is_int(store_apikey_lookup(st, &a, h3, NULL, NULL), STORE_E_NOTFOUND, "admin-deleted key gone");
	store_apikey_list(st, &a, alice.id, &list, &n);
	is_int(n, 1, "one key left for alice");
	save_token_tests(st, alice.id);

	/* sessions */
	hash_of("session-1", hx);
	is_int(store_session_create(st, alice.id, hx, 5000), STORE_OK, "create session");
	is_int(store_session_create(st, alice.id, hx, 5000), STORE_E_EXISTS, "duplicate session token");
	is_int(store_session_create(st, "00000000-0000-4000-8000-000000000000", h1, 5000), STORE_E_NOTFOUND,
	       "session for unknown user");
	is_int(store_session_lookup(st, &a, hx, 4999, &got, &exp), STORE_OK, "live session");
	is_str(got.id, alice.id, "session owner");
	is_int(exp, 5000, "session expiry");
	is_int(store_session_lookup(st, &a, hx, 5000, &got, &exp), STORE_E_NOTFOUND, "expired session");
	is_int(store_session_delete(st, hx), STORE_OK, "delete session");
	is_int(store_session_lookup(st, &a, hx, 0, &got, &exp), STORE_E_NOTFOUND, "deleted session");
	is_int(store_session_delete(st, hx), STORE_E_NOTFOUND, "delete twice");

	/* a new password ends every session of its user (and no one else's); API keys stay */
	hash_of("session-a1", hx);
	hash_of("session-a2", h2);
	hash_of("session-b1", h3);
	store_session_create(st, alice.id, hx, STORE_NEVER_MS);
	store_session_create(st, alice.id, h2, STORE_NEVER_MS);
	store_session_create(st, bob.id, h3, STORE_NEVER_MS);
	is_int(store_user_set_password(st, alice.id, "$argon2id$changed"), STORE_OK, "change alice's password");
	is_int(store_session_lookup(st, &a, hx, 0, &got, &exp), STORE_E_NOTFOUND, "her first session ended with it");
	is_int(store_session_lookup(st, &a, h2, 0, &got, &exp), STORE_E_NOTFOUND, "and her second");
	is_int(store_session_lookup(st, &a, h3, 0, &got, &exp), STORE_OK, "bob's session lives on");
	store_apikey_list(st, &a, alice.id, &list, &n);
	is_int(n, 1, "her API key stays");
	store_session_create(st, alice.id, hx, STORE_NEVER_MS);
	is_int(store_session_lookup(st, &a, hx, 0, &got, &exp), STORE_OK, "a login after the change works");
	is_int(store_user_set_password(st, alice.id, NULL), STORE_OK, "removing the password");
	is_int(store_session_lookup(st, &a, hx, 0, &got, &exp), STORE_E_NOTFOUND, "ends the sessions too");
	is_int(store_user_set_password(st, "00000000-0000-4000-8000-000000000000", "x"), STORE_E_NOTFOUND,
	       "an unknown user: still NOTFOUND (nothing ended)");
	is_int(store_session_lookup(st, &a, h3, 0, &got, &exp), STORE_OK, "(bob's session untouched)");
	session_list_tests(st, alice.id, bob.id);

	/* login attempts: several keys at once, a wait from the caller, forgetting the old ones */
	{
		const char *keys[2] = { "pair:x", "addr:y" };
		int64_t count = -1, last = -1, wait = -1;
		is_int(store_login_attempt(st, keys, 2, 1000, 0, two_free, NULL, &wait), STORE_OK, "an attempt on two keys");
		is_int(wait, 0, "need not wait: recorded");
		store_login_attempt(st, keys, 1, 3000, 0, two_free, NULL, &wait);
		is_int(store_login_failures(st, "pair:x", 0, &count, &last), STORE_OK, "count failures");
		ok(count == 2 && last == 3000, "two on the pair, the latest at 3000 (%lld, %lld)", (long long)count, (long long)last);
		store_login_failures(st, "pair:x", 1000, &count, &last);
		ok(count == 1, "only those after since_ms count");
		is_int(store_login_attempt(st, keys, 2, 4000, 0, two_free, NULL, &wait), STORE_OK, "a third attempt");
		is_int(wait, 500, "must wait (the longest wait of the keys)");
		store_login_failures(st, "addr:y", 0, &count, &last);
		ok(count == 1 && last == 1000, "and is not recorded");
		is_int(store_login_forget(st, "addr:y", 1000), STORE_OK, "forget one attempt");
		store_login_failures(st, "addr:y", 0, &count, &last);
		ok(count == 0, "it is gone");
		store_login_attempt(st, keys + 1, 1, 5000, 1000, two_free, NULL, &wait);
		store_login_failures(st, "pair:x", 0, &count, &last);
		ok(count == 1 && last == 3000, "an attempt forgets the failures up to forget_before_ms");
		is_int(store_login_clear(st, "pair:x"), STORE_OK, "clear a key");
		store_login_failures(st, "pair:x", 0, &count, &last);
		ok(count == 0 && last == 0, "none left, latest 0");
	}

	is_str(store_strerror(STORE_E_EXISTS), "already exists", "strerror");
	is_str(store_strerror(-99), "unknown store error", "strerror out of range");
	is_str(store_strerror(1), "unknown store error", "strerror positive");

	store_close(st);
	arena_free(&a);
	{
		char p[300];
		snprintf(p, sizeof p, "%s/sub/dir", dir);
		cleanup();
		rmdir(p);
		snprintf(p, sizeof p, "%s/sub", dir);
		rmdir(p);
		rmdir(dir);
	}
	return done_testing();
}
