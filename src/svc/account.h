/* account.h (svc): accounts and logins: signup, password change, throttled password login and the session tokens behind the browser's cookie. */
#ifndef LARDER_SVC_ACCOUNT_H
#define LARDER_SVC_ACCOUNT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"

#define SVC_PASSWORD_MAX 1024          /* bytes of a password, at signup and at login */
#define SVC_LOGIN_NAME_MAX 320         /* bytes of the username or email typed at login */
#define SVC_TOKEN_BYTES 32             /* random bytes of a session token (sent as hex) */

enum svc_account {
	SVC_ACCOUNT_OK,
	SVC_ACCOUNT_INVALID,   /* a field missing, or refused by the store (store_errmsg says why) */
	SVC_ACCOUNT_PASSWORD,  /* signup: the password's length is outside the rules */
	SVC_ACCOUNT_EXISTS,    /* signup: the username or the email is taken */
	SVC_ACCOUNT_NOTFOUND,  /* no such user, or (sessions) no such live session */
	SVC_ACCOUNT_DENIED,    /* login: wrong name or password (the attempt counts as a failure) */
	SVC_ACCOUNT_WAIT,      /* login: too many failures: no password was checked */
	SVC_ACCOUNT_HASH,      /* the password could not be hashed (argon2 parameters, memory) */
	SVC_ACCOUNT_FAILED,    /* the store failed, or memory ran out */
};

/* where the web signup and the admin's `larder user add` differ */
struct svc_signup_rules {
	bool need_password;    /* an account without a password (no password login) is refused */
	size_t password_min;   /* bytes a given password needs at least */
	bool first_only;       /* only while no account exists (the first-run page): EXISTS once one does */
};
/* the web form: a password of LIMIT_PASSWORD_MIN or more; the admin: any password, or none; the first-run
 * page: the web form's rules, for the first account only */
extern const struct svc_signup_rules svc_signup_web, svc_signup_admin, svc_signup_first;

/* a new account */
struct svc_signup {
	const char *username, *name, *email; /* name, email NULL: none */
	const char *password;                /* NULL: none (when the rules allow it) */
};

/* Add the account, its password hashed with argon2id under larder.conf's cost; *out the new user */
enum svc_account svc_signup(struct store *st, const struct larder_config *cfg, struct arena *a,
                            const struct svc_signup *in, const struct svc_signup_rules *rules,
                            struct store_user *out);

/* Set the user's password (hashed as at signup) and end every session of the user; API keys stay */
enum svc_account svc_password_change(struct store *st, const struct larder_config *cfg, const char *user_id,
                                     const char *password);

/* who logs in and from where */
struct svc_login_try {
	const char *name;      /* username or email */
	const char *password;
	const char *addr;      /* the client's address (NULL: unknown), for the throttle */
	const char *kind;      /* the session's kind: "app" for an app's sign-in, NULL for a browser login */
	const char *agent;     /* a coarse name of the client for the sessions page (NULL: unknown) */
};

/* a login's outcome */
struct svc_login {
	struct store_user user;                /* OK: who logged in */
	char token[2 * SVC_TOKEN_BYTES + 1];   /* OK: the new session's token (stored only as its hash) */
	int64_t wait_ms;                       /* WAIT: how long before the next attempt may be made */
	const char *failed;                    /* FAILED: what failed, as a sentence for the user */
};

/* A password login at now_ms, throttled per account-from-this-address and per address (svc/throttle.h).
 * An unknown name or an account without a password costs as much time as a wrong password. OK starts
 * a session (expired ones are forgotten); INVALID for an empty or overlong name or password */
enum svc_account svc_login(struct store *st, const struct larder_config *cfg, struct arena *a,
                           const struct svc_login_try *in, int64_t now_ms, struct svc_login *out);

/* how long a session lasts after its last renewal (larder.conf's session_days), in seconds */
int64_t svc_session_life_s(const struct larder_config *cfg);
/* a new session for user_id: a random token (into token) stored only as its SHA-256; OK or FAILED */
enum svc_account svc_session_start(struct store *st, const struct larder_config *cfg, const char *user_id,
                                   int64_t now_ms, char token[2 * SVC_TOKEN_BYTES + 1]);
/* the live session of a token: OK with *owner and *token_hash (in the arena; may be NULL), its expiry slid
 * forward when less than half its life is left; NOTFOUND for a malformed, forged, expired or ended one */
enum svc_account svc_session_check(struct store *st, const struct larder_config *cfg, struct arena *a,
                                   const char *token, int64_t now_ms, struct store_user *owner,
                                   const char **token_hash);
/* end the session whose token hashes to token_hash */
void svc_session_end(struct store *st, const char *token_hash);
/* svc_session_start for a session of this kind ("app", or NULL: a browser's) and coarse client name */
enum svc_account svc_session_start_from(struct store *st, const struct larder_config *cfg, const char *user_id,
                                        int64_t now_ms, const char *kind, const char *agent,
                                        char token[2 * SVC_TOKEN_BYTES + 1]);

/* sessions.c: the sessions page's actions. How long a session's "last used" may lag (it is written at most
 * this often), and how often the extension's use of a session is noted */
#define SVC_SESSION_SEEN_MS (3600 * 1000)
/* the browser extension used the session (its request came from an extension's origin) */
void svc_session_extension_seen(struct store *st, const char *token_hash, int64_t now_ms);
/* end user_id's session with public id `id`: OK, NOTFOUND (none of this user's has that id), FAILED */
enum svc_account svc_session_revoke(struct store *st, const char *user_id, const char *id);
/* end every session of user_id but the one whose token hashes to keep_hash (NULL: all): OK with *ended, FAILED */
enum svc_account svc_session_revoke_others(struct store *st, const char *user_id, const char *keep_hash,
                                           int64_t *ended);

/* Remove the account and everything of it (items, content, labels, highlights, keys, sessions, jobs, save
 * token, search index rows, saved and recent searches): OK, NOTFOUND (no such user) or FAILED */
enum svc_account svc_account_delete(struct store *st, const char *user_id);
#endif
