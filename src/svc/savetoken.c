/* savetoken.c (svc): the bookmarklet's save token made, checked in constant time and revoked. */
#include <string.h>

#include "svc/savetoken.h"
#include "util/crypto.h"

enum svc_save_token svc_save_token_check(struct store *st, const char *user_id, const char *token, size_t len,
                                         int64_t now_ms)
{
	struct store_savetoken t;
	char hash[65];
	int rc;

	if (token == NULL)
		return SVC_SAVE_TOKEN_NONE;
	if (len != SVC_SAVE_TOKEN_HEX || strspn(token, "0123456789abcdef") != SVC_SAVE_TOKEN_HEX)
		return SVC_SAVE_TOKEN_MALFORMED;
	crypto_sha256_hex(token, len, hash);
	rc = store_savetoken_get(st, user_id, &t);
	if (rc == STORE_E_NOTFOUND)
		return SVC_SAVE_TOKEN_WRONG;
	if (rc != STORE_OK)
		return SVC_SAVE_TOKEN_ERROR;
	if (!crypto_equal(hash, t.hash, 64))
		return SVC_SAVE_TOKEN_WRONG;
	store_savetoken_touch(st, user_id, now_ms); /* failing to record the use does not stop the save */
	return SVC_SAVE_TOKEN_OK;
}

int svc_save_token_mint(struct store *st, const char *user_id, int64_t now_ms, char token[SVC_SAVE_TOKEN_HEX + 1])
{
	char hash[65];
	if (crypto_random_hex(token, SVC_SAVE_TOKEN_HEX / 2) != 0)
		return -1;
	crypto_sha256_hex(token, SVC_SAVE_TOKEN_HEX, hash);
	return store_savetoken_set(st, user_id, hash, now_ms) == STORE_OK ? 0 : -2;
}

int svc_save_token_revoke(struct store *st, const char *user_id)
{
	return store_savetoken_delete(st, user_id);
}
