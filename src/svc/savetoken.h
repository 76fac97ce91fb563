/* savetoken.h (svc): the bookmarklet's save token: one per user, made, checked (its use recorded) and revoked; kept only as its SHA-256. */
#ifndef LARDER_SVC_SAVETOKEN_H
#define LARDER_SVC_SAVETOKEN_H
#include <stddef.h>
#include <stdint.h>
#include "store/store.h"

#define SVC_SAVE_TOKEN_HEX 64   /* a save token: 32 random bytes as hex digits */

enum svc_save_token {
	SVC_SAVE_TOKEN_NONE,        /* none sent */
	SVC_SAVE_TOKEN_OK,          /* the user's current token (its use is recorded) */
	SVC_SAVE_TOKEN_MALFORMED,   /* not 64 hex digits */
	SVC_SAVE_TOKEN_WRONG,       /* not this user's current token: replaced, revoked, or another user's */
	SVC_SAVE_TOKEN_ERROR        /* the store failed */
};
/* is token[0..len) (NULL: none sent) the current save token of user_id */
enum svc_save_token svc_save_token_check(struct store *st, const char *user_id, const char *token, size_t len,
                                         int64_t now_ms);
/* a new token for user_id in token (any older one stops working): 0, -1 when no random bytes were had, -2 when
 * the store failed (store_errmsg) */
int svc_save_token_mint(struct store *st, const char *user_id, int64_t now_ms, char token[SVC_SAVE_TOKEN_HEX + 1]);
/* the user's token revoked: STORE_OK, STORE_E_NOTFOUND when there was none, or the store's failure */
int svc_save_token_revoke(struct store *st, const char *user_id);
#endif
