/* share.c (svc): items' public share links made, revoked and opened; the token is random, kept only as its SHA-256. */
#include <string.h>

#include "svc/share.h"
#include "util/crypto.h"

static enum svc_share_rc item_of(struct store *st, struct arena *a, const char *user_id, const char *key,
                                 struct store_item *it)
{
	int r;
	if (key == NULL || *key == '\0')
		return SVC_SHARE_NOT_FOUND;
	r = store_item_get(st, a, user_id, key, it);
	return r == STORE_OK ? SVC_SHARE_OK : r == STORE_E_NOTFOUND ? SVC_SHARE_NOT_FOUND : SVC_SHARE_ERROR;
}

enum svc_share_rc svc_share_make(struct store *st, struct arena *a, const struct larder_config *cfg,
                                 const char *user_id, const char *key, int64_t now_ms, const char **url,
                                 struct store_item *it)
{
	char token[SVC_SHARE_TOKEN_HEX + 1], hash[65];
	enum svc_share_rc rc = item_of(st, a, user_id, key, it);

	if (rc != SVC_SHARE_OK)
		return rc;
	if (it->deleted_ms)
		return SVC_SHARE_TRASHED;
	if (crypto_random_hex(token, SVC_SHARE_TOKEN_HEX / 2) != 0)
		return SVC_SHARE_ERROR;
	crypto_sha256_hex(token, SVC_SHARE_TOKEN_HEX, hash);
	if (store_share_set(st, it->seq, hash, now_ms) != STORE_OK)
		return SVC_SHARE_ERROR;
	*url = arena_printf(a, "%s%s%s", cfg->base_url, SVC_SHARE_PATH, token);
	return *url ? SVC_SHARE_OK : SVC_SHARE_ERROR;
}

enum svc_share_rc svc_share_revoke(struct store *st, struct arena *a, const char *user_id, const char *key,
                                   struct store_item *it)
{
	enum svc_share_rc rc = item_of(st, a, user_id, key, it);
	int r;

	if (rc != SVC_SHARE_OK)
		return rc;
	r = store_share_delete(st, it->seq);
	return r == STORE_OK || r == STORE_E_NOTFOUND ? SVC_SHARE_OK : SVC_SHARE_ERROR;
}

int svc_share_since(struct store *st, int64_t seq, int64_t *created_ms)
{
	int r = store_share_get(st, seq, created_ms);
	return r == STORE_E_NOTFOUND ? STORE_OK : r;
}

enum svc_share_rc svc_share_open(struct store *st, struct arena *a, const char *token, size_t len,
                                 struct svc_shared *out)
{
	char hash[65];
	int64_t seq;
	int r;

	/* every token is hashed and looked up, well formed or not: the answer's work does not tell which failed */
	crypto_sha256_hex(token ? token : "", token ? len : 0, hash);
	r = store_share_find(st, hash, &seq);
	if (r == STORE_E_NOTFOUND || (r == STORE_OK && len != SVC_SHARE_TOKEN_HEX))
		return SVC_SHARE_NOT_FOUND;
	if (r != STORE_OK)
		return SVC_SHARE_ERROR;
	if ((r = store_item_by_seq(st, a, seq, &out->it)) != STORE_OK)
		return r == STORE_E_NOTFOUND ? SVC_SHARE_NOT_FOUND : SVC_SHARE_ERROR;
	out->html = NULL;
	return store_item_content(st, a, seq, &out->html) == STORE_OK ? SVC_SHARE_OK : SVC_SHARE_ERROR;
}
