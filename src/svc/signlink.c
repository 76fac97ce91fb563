/* signlink.c: links that work without a credential, signed with HMAC-SHA-256 under a server secret, and a PDF item's file link made and opened with them. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "svc/signlink.h"
#include "svc/upload.h"
#include "util/crypto.h"
#include "util/limits.h"

#define DAY_S INT64_C(86400)

int svc_signlink_sign(struct store *st, const char *secret_name, const char *const *fields, size_t n, int64_t expires,
                      char out[SVC_SIGNLINK_HEX + 1])
{
	char secret[65], msg[1024];
	size_t len = 0;
	int k;
	if (n > SVC_SIGNLINK_FIELDS || store_secret(st, secret_name, secret) != STORE_OK)
		return -1;
	/* the fields one a line, then the expiry: no field holds a newline or NUL (the callers take ids and words) */
	for (size_t i = 0; i < n; i++) {
		k = snprintf(msg + len, sizeof msg - len, "%s\n", fields[i]);
		if (k < 0 || (size_t)k >= sizeof msg - len)
			return -1;
		len += (size_t)k;
	}
	k = snprintf(msg + len, sizeof msg - len, "%" PRId64, expires);
	if (k < 0 || (size_t)k >= sizeof msg - len)
		return -1;
	crypto_hmac_sha256_hex(secret, 64, msg, len + (size_t)k, out);
	return 0;
}

enum svc_signlink_verdict svc_signlink_check(struct store *st, const char *secret_name, const char *const *fields,
                                             size_t n, int64_t expires, const char *sig, size_t sig_len, int64_t now)
{
	char want[SVC_SIGNLINK_HEX + 1];
	for (size_t i = 0; i < n; i++)
		if (fields[i] == NULL || strchr(fields[i], '\n'))
			return SVC_SIGNLINK_BAD;
	if (sig == NULL || sig_len != SVC_SIGNLINK_HEX)
		return SVC_SIGNLINK_BAD;
	if (svc_signlink_sign(st, secret_name, fields, n, expires, want) != 0)
		return n > SVC_SIGNLINK_FIELDS ? SVC_SIGNLINK_BAD : SVC_SIGNLINK_FAILED;
	if (!crypto_equal(want, sig, SVC_SIGNLINK_HEX))
		return SVC_SIGNLINK_BAD;
	return now < expires ? SVC_SIGNLINK_OK : SVC_SIGNLINK_EXPIRED;
}

int64_t svc_file_link_expires(int64_t now_ms)
{
	int64_t s = now_ms / 1000;
	return (s / DAY_S + LIMIT_FILE_LINK_DAYS) * DAY_S;
}

int svc_file_link(struct store *st, struct arena *a, const char *base_url, const char *user_id, const char *item_id,
                  int64_t now_ms, const char **url)
{
	const char *fields[] = { user_id, item_id };
	char sig[SVC_SIGNLINK_HEX + 1];
	int64_t exp = svc_file_link_expires(now_ms);
	if (svc_signlink_sign(st, SVC_SIGNLINK_FILE, fields, 2, exp, sig) != 0)
		return -1;
	*url = arena_printf(a, "%s%s%s?user=%s&expires=%" PRId64 "&sig=%s", base_url, SVC_FILE_PATH, item_id, user_id,
	                    exp, sig);
	return *url ? 0 : -1;
}

/* a whole decimal number of seconds, without sign or leading zero; false for anything else */
static bool seconds(const char *s, size_t len, int64_t *out)
{
	int64_t v = 0;
	if (s == NULL || len == 0 || len > 12 || strlen(s) != len || (s[0] == '0' && len > 1))
		return false;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (s[i] - '0');
	}
	*out = v;
	return true;
}

enum svc_signlink_verdict svc_file_link_open(struct store *st, struct arena *a, const char *item_id, const char *user,
                                             size_t user_len, const char *expires, size_t expires_len, const char *sig,
                                             size_t sig_len, int64_t now_ms, struct store_file *file, bool *missing)
{
	const char *fields[] = { user, item_id };
	struct store_item it;
	enum svc_signlink_verdict v;
	int64_t exp;
	*missing = false;
	/* a field holding a NUL (a %00 in the query) would be signed as its prefix: refused as a bad link */
	if (user == NULL || strlen(user) != user_len || user_len > 200 || strlen(item_id) > 200 ||
	    !seconds(expires, expires_len, &exp))
		return SVC_SIGNLINK_BAD;
	v = svc_signlink_check(st, SVC_SIGNLINK_FILE, fields, 2, exp, sig, sig_len, now_ms / 1000);
	if (v != SVC_SIGNLINK_OK)
		return v;
	/* the link is this server's own, for this owner and item: only the owner's rows are read from here */
	int rc = store_item_get(st, a, user, item_id, &it);
	if (rc != STORE_OK && rc != STORE_E_NOTFOUND)
		return SVC_SIGNLINK_FAILED;
	if (rc != STORE_OK || strcmp(it.id, item_id) != 0 || it.deleted_ms || svc_file_of_item(st, a, user, item_id, file) != 0)
		*missing = true;
	return SVC_SIGNLINK_OK;
}
