/* signlink.h (svc): links that work without a credential: an HMAC-SHA-256 under a server secret (kept in the database, made on first use) over the fields naming what the link gives and its expiry; /api/content's download links and a PDF item's file link both sign with it. */
#ifndef LARDER_SVC_SIGNLINK_H
#define LARDER_SVC_SIGNLINK_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"

#define SVC_SIGNLINK_HEX 64                 /* a signature: 64 hex digits */
#define SVC_SIGNLINK_FIELDS 4               /* at most this many fields in one signature */
#define SVC_SIGNLINK_CONTENT "content_link_key"  /* the secret of /api/content/download links */
#define SVC_SIGNLINK_FILE "file_link_key"        /* the secret of /api/file/ITEMID links */

/* the signature of fields[0..n) and expires under the secret named secret_name, in out (64 hex digits and a NUL):
 * 0, or -1 when the store failed or a field is too long (every field is a C string: no field may hold a NUL, so
 * a longer value never passes as its prefix) */
int svc_signlink_sign(struct store *st, const char *secret_name, const char *const *fields, size_t n, int64_t expires,
                      char out[SVC_SIGNLINK_HEX + 1]);

enum svc_signlink_verdict {
	SVC_SIGNLINK_OK,
	SVC_SIGNLINK_BAD,        /* malformed, or not signed by this server for these fields */
	SVC_SIGNLINK_EXPIRED,    /* signed by this server, but past its expiry */
	SVC_SIGNLINK_FAILED,     /* the store failed: the secret could not be read */
};
/* whether sig (as it came, of sig_len bytes) signs fields[0..n) and expires, compared in constant time, and
 * whether now (in the unit of expires) is before expires; the same work for every wrong signature */
enum svc_signlink_verdict svc_signlink_check(struct store *st, const char *secret_name, const char *const *fields,
                                             size_t n, int64_t expires, const char *sig, size_t sig_len, int64_t now);

/* ---- a PDF item's file link: base_url/api/file/ITEMID?user=USERID&expires=SECONDS&sig=HEX ---- */
/* the expiry of a file link given at now_ms, in seconds since the epoch: the UTC midnight
 * LIMIT_FILE_LINK_DAYS days after the day of now_ms began, so the link is the same all day (clients comparing an
 * item's url see no change between two syncs of a day) and works for two to three days (with the limit at 3) */
int64_t svc_file_link_expires(int64_t now_ms);
/* the link of the user's item's file, made in a: 0, or -1 (the store failed, out of memory) */
int svc_file_link(struct store *st, struct arena *a, const char *base_url, const char *user_id, const char *item_id,
                  int64_t now_ms, const char **url);
/* the file a link's query parameters (user, expires, sig: as they came, NULL when missing) name: SVC_SIGNLINK_OK
 * with *file when the signature is good, unexpired and its item is still in its owner's library (not in the
 * trash) with a complete file; *missing is then false, or true when the item or its file is gone; the verdict
 * comes before any lookup, so what a wrong link gets never depends on anyone's data */
enum svc_signlink_verdict svc_file_link_open(struct store *st, struct arena *a, const char *item_id, const char *user,
                                             size_t user_len, const char *expires, size_t expires_len, const char *sig,
                                             size_t sig_len, int64_t now_ms, struct store_file *file, bool *missing);
#endif
