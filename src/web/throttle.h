/* throttle.h: slowing down password guessing per account-from-an-address and per address, with doubling delays. */
#ifndef LARDER_WEB_THROTTLE_H
#define LARDER_WEB_THROTTLE_H
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"

/* The throttle keys of one login attempt. pair: the account as seen from the client's address (the
 * account is its user id, so its username and its email share one key; a name without an account
 * stands for itself, folded to lower case). addr: the client's address (an IPv6 address by its /64).
 * Both are stored hashed or as the bare address, never with the name typed. */
struct web_throttle {
	const char *pair_key, *addr_key;
};

/* the keys for user_id (NULL when no account has that name) or name, from addr (NULL: unknown); -1 out of memory */
int web_throttle_keys(struct arena *a, const char *user_id, const char *name, const char *addr, struct web_throttle *t);
/* milliseconds before an attempt with these keys may be tried (0: now). A key that has not failed
 * never holds an attempt back; a failing store does not either */
int64_t web_throttle_wait(struct store *st, const struct web_throttle *t, int64_t now_ms);
/* a wrong password: one more failure for both keys (and failures past the window are forgotten) */
void web_throttle_fail(struct store *st, const struct web_throttle *t, int64_t now_ms);
/* the right password: the account's failures from this address are forgotten (the address's stay) */
void web_throttle_pass(struct store *st, const struct web_throttle *t);
/* the wait after `count` failures when `free` of them are allowed: 0, then base, 2 base, 4 base, ... up to cap */
int64_t web_throttle_delay(int64_t count, int64_t free, int64_t base_ms, int64_t cap_ms);
#endif
