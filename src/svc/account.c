/* account.c (svc): signup, password change, the throttled password login, session tokens (made with their kind and client, checked with sliding expiry and an hourly "last used", ended), and an account's removal. */
#include <string.h>

#include "svc/account.h"
#include "svc/throttle.h"
#include "util/crypto.h"
#include "util/limits.h"

const struct svc_signup_rules svc_signup_web = { true, LIMIT_PASSWORD_MIN, false };
const struct svc_signup_rules svc_signup_admin = { false, 1, false };
const struct svc_signup_rules svc_signup_first = { true, LIMIT_PASSWORD_MIN, true };

/* pw hashed with argon2id under larder.conf's cost into out (CRYPTO_PASSWORD_HASH_MAX bytes) */
static enum svc_account hash_password(const struct larder_config *cfg, const char *pw, char *out)
{
	if (crypto_password_hash(pw, strlen(pw), cfg->argon2_t_cost, cfg->argon2_m_kib, cfg->argon2_parallelism, out,
	                         CRYPTO_PASSWORD_HASH_MAX) != 0)
		return SVC_ACCOUNT_HASH;
	return SVC_ACCOUNT_OK;
}

enum svc_account svc_signup(struct store *st, const struct larder_config *cfg, struct arena *a,
                            const struct svc_signup *in, const struct svc_signup_rules *rules,
                            struct store_user *out)
{
	char hash[CRYPTO_PASSWORD_HASH_MAX];
	enum svc_account r;
	int rc;

	if (in->username == NULL || (in->password == NULL && rules->need_password))
		return SVC_ACCOUNT_INVALID;
	if (in->password != NULL &&
	    (strlen(in->password) < rules->password_min || strlen(in->password) > SVC_PASSWORD_MAX))
		return SVC_ACCOUNT_PASSWORD;
	if (in->password != NULL && (r = hash_password(cfg, in->password, hash)) != SVC_ACCOUNT_OK)
		return r;
	rc = (rules->first_only ? store_user_add_first : store_user_add)(st, a, in->username, in->name, in->email,
	                                                                 in->password ? hash : NULL, out);
	switch (rc) {
	case STORE_OK:
		return SVC_ACCOUNT_OK;
	case STORE_E_EXISTS:
		return SVC_ACCOUNT_EXISTS;
	case STORE_E_INVAL:
		return SVC_ACCOUNT_INVALID;
	default:
		return SVC_ACCOUNT_FAILED;
	}
}

enum svc_account svc_password_change(struct store *st, const struct larder_config *cfg, const char *user_id,
                                     const char *password)
{
	char hash[CRYPTO_PASSWORD_HASH_MAX];
	enum svc_account r = hash_password(cfg, password, hash);
	int rc;
	if (r != SVC_ACCOUNT_OK)
		return r;
	rc = store_user_set_password(st, user_id, hash); /* the user's sessions end in the same transaction */
	memset(hash, 0, sizeof hash);
	if (rc == STORE_E_NOTFOUND)
		return SVC_ACCOUNT_NOTFOUND;
	return rc == STORE_OK ? SVC_ACCOUNT_OK : SVC_ACCOUNT_FAILED;
}

/* spend the time a password check takes when there is no password to check, so a missing
 * account answers as slowly as a wrong password */
static void dummy_verify(const struct larder_config *cfg, const char *pw)
{
	static char encoded[CRYPTO_PASSWORD_HASH_MAX];
	if (!encoded[0] && hash_password(cfg, "larder", encoded) != SVC_ACCOUNT_OK)
		return;
	crypto_password_verify(encoded, pw, strlen(pw));
}

static enum svc_account login_failed(struct svc_login *out, const char *what)
{
	out->failed = what;
	return SVC_ACCOUNT_FAILED;
}

enum svc_account svc_login(struct store *st, const struct larder_config *cfg, struct arena *a,
                           const struct svc_login_try *in, int64_t now_ms, struct svc_login *out)
{
	struct svc_throttle t;
	int rc;

	memset(out, 0, sizeof *out);
	if (in->name == NULL || !*in->name || in->password == NULL || !*in->password ||
	    strlen(in->name) > SVC_LOGIN_NAME_MAX || strlen(in->password) > SVC_PASSWORD_MAX)
		return SVC_ACCOUNT_INVALID;
	rc = store_user_by_name(st, a, in->name, &out->user);
	if (rc != STORE_OK && rc != STORE_E_NOTFOUND)
		return login_failed(out, "The database could not be read.");
	if (svc_throttle_keys(a, rc == STORE_OK ? out->user.id : NULL, in->name, in->addr, &t) != 0)
		return login_failed(out, "Out of memory.");
	if ((out->wait_ms = svc_throttle_attempt(st, cfg, &t, now_ms)) != 0) { /* no password is checked while waiting */
		if (out->wait_ms > 0)
			return SVC_ACCOUNT_WAIT;
		return login_failed(out, "The database could not be written.");
	}
	if (rc == STORE_E_NOTFOUND || out->user.password_hash == NULL) {
		dummy_verify(cfg, in->password);
		rc = -1;
	} else
		rc = crypto_password_verify(out->user.password_hash, in->password, strlen(in->password));
	if (rc != 0) /* the attempt is already counted as a failure */
		return SVC_ACCOUNT_DENIED;
	svc_throttle_pass(st, &t, now_ms);
	if (svc_session_start_from(st, cfg, out->user.id, now_ms, in->kind, in->agent, out->token) != SVC_ACCOUNT_OK)
		return login_failed(out, "The session could not be stored.");
	return SVC_ACCOUNT_OK;
}

int64_t svc_session_life_s(const struct larder_config *cfg)
{
	return (int64_t)cfg->session_days * 86400;
}

enum svc_account svc_session_start(struct store *st, const struct larder_config *cfg, const char *user_id,
                                   int64_t now_ms, char token[2 * SVC_TOKEN_BYTES + 1])
{
	return svc_session_start_from(st, cfg, user_id, now_ms, NULL, NULL, token);
}

enum svc_account svc_session_start_from(struct store *st, const struct larder_config *cfg, const char *user_id,
                                        int64_t now_ms, const char *kind, const char *agent,
                                        char token[2 * SVC_TOKEN_BYTES + 1])
{
	char hash[65];
	if (crypto_random_hex(token, SVC_TOKEN_BYTES) != 0)
		return SVC_ACCOUNT_FAILED;
	crypto_sha256_hex(token, strlen(token), hash);
	/* each new session also forgets the ones that have expired */
	store_session_purge(st, now_ms);
	if (store_session_create_from(st, user_id, hash, now_ms + svc_session_life_s(cfg) * 1000, kind, agent) != STORE_OK)
		return SVC_ACCOUNT_FAILED;
	return SVC_ACCOUNT_OK;
}

enum svc_account svc_session_check(struct store *st, const struct larder_config *cfg, struct arena *a,
                                   const char *token, int64_t now_ms, struct store_user *owner,
                                   const char **token_hash)
{
	int64_t expires, last, life = svc_session_life_s(cfg) * 1000;
	char *hash;
	int rc;

	if (token_hash)
		*token_hash = NULL;
	if (token == NULL || strlen(token) != 2 * SVC_TOKEN_BYTES || (hash = arena_alloc(a, 65)) == NULL)
		return SVC_ACCOUNT_NOTFOUND;
	crypto_sha256_hex(token, strlen(token), hash);
	rc = store_session_find(st, a, hash, now_ms, owner, &expires, &last);
	if (rc == STORE_E_NOTFOUND)
		return SVC_ACCOUNT_NOTFOUND;
	if (rc != STORE_OK)
		return SVC_ACCOUNT_FAILED;
	/* sliding expiry: renewed when less than half of its life is left (one write a day or so) */
	if (expires - now_ms < life / 2)
		store_session_extend(st, hash, now_ms + life, now_ms);
	else if (now_ms - last >= SVC_SESSION_SEEN_MS) /* "last used" for the sessions page, written hourly at most */
		store_session_touch(st, hash, now_ms);
	if (token_hash)
		*token_hash = hash;
	return SVC_ACCOUNT_OK;
}

void svc_session_end(struct store *st, const char *token_hash)
{
	if (token_hash)
		store_session_delete(st, token_hash);
}

enum svc_account svc_account_delete(struct store *st, const char *user_id)
{
	switch (store_user_delete(st, user_id)) {
	case STORE_OK:
		return SVC_ACCOUNT_OK;
	case STORE_E_NOTFOUND:
		return SVC_ACCOUNT_NOTFOUND;
	default:
		return SVC_ACCOUNT_FAILED;
	}
}
