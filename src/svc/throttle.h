/* throttle.h (svc): slowing down password guessing per account-from-an-address and per address, with doubling delays. */
#ifndef LARDER_SVC_THROTTLE_H
#define LARDER_SVC_THROTTLE_H
#include <stdint.h>
#include "store/store.h"
#include "util/arena.h"
#include "util/config.h"

/* The throttle keys of one login attempt. pair: the account as seen from the client's address (the
 * account is its user id, so its username and its email share one key; a name without an account
 * stands for itself, folded to lower case). addr: the client's address (an IPv6 address by its /64).
 * Both are stored hashed or as the bare address, never with the name typed. */
struct svc_throttle {
	const char *pair_key, *addr_key;
};

/* the keys for user_id (NULL when no account has that name) or name, from addr (NULL: unknown); -1 out of memory */
int svc_throttle_keys(struct arena *a, const char *user_id, const char *name, const char *addr, struct svc_throttle *t);
/* a login attempt with these keys: 0 when it may go on, and then it counts as a failure of both keys
 * until svc_throttle_pass takes it back (so that parallel attempts cannot all slip through one check);
 * else the milliseconds it must still wait; -1 when the store fails. A key that has not failed never
 * holds an attempt back */
int64_t svc_throttle_attempt(struct store *st, const struct larder_config *cfg, const struct svc_throttle *t,
                             int64_t now_ms);
/* the right password: the account's failures from this address are forgotten, and this attempt from the address */
void svc_throttle_pass(struct store *st, const struct svc_throttle *t, int64_t now_ms);
/* the wait after `count` failures when `allowed` of them are free: 0, then base, 2 base, 4 base, ... up to cap */
int64_t svc_throttle_delay(int64_t count, int64_t allowed, int64_t base_ms, int64_t cap_ms);
#endif
