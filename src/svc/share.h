/* share.h (svc): an item's public read-only share link: made (a fresh random token, kept only as its SHA-256), revoked, and the article a token opens. */
#ifndef LARDER_SVC_SHARE_H
#define LARDER_SVC_SHARE_H
#include <stddef.h>
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"

#define SVC_SHARE_TOKEN_HEX 64   /* a share token: 32 random bytes as hex digits */
#define SVC_SHARE_PATH "/s/"     /* the public page of a token: base_url + SVC_SHARE_PATH + token */

enum svc_share_rc {
	SVC_SHARE_OK,
	SVC_SHARE_NOT_FOUND,     /* no such item in the user's library (another user's item reads the same) */
	SVC_SHARE_TRASHED,       /* the item is in the trash: restore it first */
	SVC_SHARE_ERROR          /* no random bytes, or the store failed (store_errmsg) */
};

/* a new link for the user's item named by key (id, slug or client request id): the item's older link, if any,
 * stops working; *url is base_url + SVC_SHARE_PATH + the token, in a */
enum svc_share_rc svc_share_make(struct store *st, struct arena *a, const struct larder_config *cfg,
                                 const char *user_id, const char *key, int64_t now_ms, const char **url,
                                 struct store_item *it);
/* the item's link revoked (there may have been none) */
enum svc_share_rc svc_share_revoke(struct store *st, struct arena *a, const char *user_id, const char *key,
                                   struct store_item *it);
/* when the item at seq was shared (0: it is not) */
int svc_share_since(struct store *st, int64_t seq, int64_t *created_ms);

/* what a share page shows: the item's public fields and its stored sanitized HTML (NULL: none yet) */
struct svc_shared {
	struct store_item it;
	const char *html;
};
/* the article token[0..len) opens: SVC_SHARE_OK, or SVC_SHARE_NOT_FOUND for any token that opens nothing
 * (malformed, unknown, revoked, its item trashed or deleted), found by one lookup of its SHA-256 in every case */
enum svc_share_rc svc_share_open(struct store *st, struct arena *a, const char *token, size_t len,
                                 struct svc_shared *out);
#endif
