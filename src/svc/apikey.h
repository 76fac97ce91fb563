/* apikey.h (svc): API keys minted, revoked and checked in one place, for the GraphQL API, the HTTP key check and the command line. */
#ifndef LARDER_SVC_APIKEY_H
#define LARDER_SVC_APIKEY_H
#include <stddef.h>
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"

/* one scope as the caller got it: p NULL when the value given was not a string */
struct svc_scope {
	const char *p;
	size_t len;
};

/* what a key is made from */
struct svc_key_spec {
	const char *name;              /* as typed: trimmed here (may hold NULs: refused) */
	size_t name_len;
	const struct svc_scope *scopes; /* NULL: no scopes (stored as NULL, not as an empty list) */
	size_t nscopes;
	int64_t expires_ms;            /* STORE_NEVER_MS: never */
};

/* a freshly minted key */
struct svc_key {
	struct store_apikey row;       /* the stored row; on STORE_E_EXISTS only row.name is set (the trimmed name) */
	char value[37];                /* the key itself (a UUID v4): shown once, stored only as its SHA-256 */
};

/* What a key's scopes let it do (bits). A key minted without scopes (or with an empty list), and a
 * login session, may do everything; a key with scopes only what they grant together. */
enum svc_grant {
	SVC_GRANT_READ = 1,   /* scope `read`: GraphQL queries, /api/content, /api/export */
	SVC_GRANT_SAVE = 2,   /* scope `save`: saving a URL, a page or a file (saveUrl, savePage, saveFile,
	                       * uploadFileRequest, createArticleSavingRequest, /api/save, uploads) */
	SVC_GRANT_WRITE = 4,  /* scope `write`: every mutation that changes the library (labels, highlights,
	                       * reading progress, archive, delete, feeds, imports, …); implies read and save */
	SVC_GRANT_ACCOUNT = 8,/* no scope grants it: keys, the account and its settings (generateApiKey,
	                       * revokeApiKey, updateUser, deleteAccount, …) need a key without scopes */
};
#define SVC_GRANT_ALL (SVC_GRANT_READ | SVC_GRANT_SAVE | SVC_GRANT_WRITE | SVC_GRANT_ACCOUNT)
/* the scopes a key may be minted with, as the refusal of another names them */
#define SVC_SCOPE_NAMES "read, save and write"

/* the grants of a key's stored scopes (store_apikey.scopes_json): SVC_GRANT_ALL for NULL or [], else
 * the union of the known scopes' grants (a scope Larder does not know, kept from before it checked,
 * grants nothing) */
unsigned svc_apikey_grants(const char *scopes_json);
/* the scope named by need's lowest bit ("read", "save", "write"), or NULL for SVC_GRANT_ACCOUNT */
const char *svc_grant_scope(unsigned need);

/* Mint a key for user_id. The name under svc_apikey_name's rules; at most LIMIT_APIKEY_SCOPES scopes of at most
 * LIMIT_APIKEY_SCOPE characters, no NUL, each one of SVC_SCOPE_NAMES; at most LIMIT_APIKEYS_PER_USER keys a user. STORE_OK;
 * STORE_E_INVAL with *msg saying why (in the arena); STORE_E_EXISTS when the user has a key of that name; another store error (STORE_E_DB
 * also when out of memory) */
int svc_apikey_create(struct store *st, struct arena *a, const char *user_id, const struct svc_key_spec *spec,
                      struct svc_key *out, const char **msg);

/* the key name rules alone: name trimmed of ASCII white space, then 1 to LIMIT_APIKEY_NAME characters
 * and no NUL. The trimmed name copied into the arena, or NULL with *msg saying why (*msg NULL: out
 * of memory) */
const char *svc_apikey_name(struct arena *a, const char *name, size_t len, const char **msg);

/* Revoke key_id if it belongs to user_id (NULL: any user's, for the admin). STORE_E_NOTFOUND
 * for an id that is no UUID or no such key; *out gets the deleted row */
int svc_apikey_revoke(struct store *st, struct arena *a, const char *user_id, const char *key_id,
                      struct store_apikey *out);

/* what a presented key turned out to be */
enum svc_key_check {
	SVC_KEY_OK,        /* *key and *owner filled */
	SVC_KEY_UNKNOWN,   /* no such key (never issued, or revoked) */
	SVC_KEY_EXPIRED,   /* *key filled: its expiry has passed */
	SVC_KEY_FAILED,    /* the store failed */
};

/* The key a client presents (len bytes), looked up by its SHA-256 each time, so a revoked key stops
 * working at once. A live key's use is recorded at most once per cfg->key_touch_interval_s. *store_rc
 * is the store's answer: to the lookup (FAILED), or to recording the use (OK: a failure there does not
 * fail the key) */
enum svc_key_check svc_apikey_check(struct store *st, const struct larder_config *cfg, struct arena *a,
                                    const char *value, size_t len, int64_t now_ms, struct store_apikey *key,
                                    struct store_user *owner, int *store_rc);
#endif
