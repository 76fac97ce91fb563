/* sessions.c (svc): the sessions page's writes: a session revoked by its public id (its owner's only), the others ended, and the extension's use noted. */
#include "svc/account.h"

void svc_session_extension_seen(struct store *st, const char *token_hash, int64_t now_ms)
{
	if (token_hash)
		store_session_extension_seen(st, token_hash, now_ms, SVC_SESSION_SEEN_MS);
}

enum svc_account svc_session_revoke(struct store *st, const char *user_id, const char *id)
{
	switch (store_session_revoke(st, user_id, id)) {
	case STORE_OK:
		return SVC_ACCOUNT_OK;
	case STORE_E_NOTFOUND:
	case STORE_E_INVAL:
		return SVC_ACCOUNT_NOTFOUND;
	default:
		return SVC_ACCOUNT_FAILED;
	}
}

enum svc_account svc_session_revoke_others(struct store *st, const char *user_id, const char *keep_hash,
                                           int64_t *ended)
{
	return store_session_revoke_others(st, user_id, keep_hash, ended) == STORE_OK ? SVC_ACCOUNT_OK
	                                                                                : SVC_ACCOUNT_FAILED;
}
