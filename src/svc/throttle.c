/* throttle.c (svc): login throttling: keys for an account from an address and for an address, and the doubling delays. */
#include <arpa/inet.h>
#include <string.h>

#include "util/crypto.h"
#include "util/limits.h"
#include "svc/throttle.h"

int64_t svc_throttle_delay(int64_t count, int64_t allowed, int64_t base_ms, int64_t cap_ms)
{
	int64_t d = base_ms;
	if (count < allowed)
		return 0;
	for (int64_t i = allowed; i < count && d < cap_ms; i++)
		d *= 2;
	return d < cap_ms ? d : cap_ms;
}

/* the address a client is known by: an IPv6 address by its /64 (one site's prefix, which
 * a client can move around in at will), anything else as it is */
static const char *client_of(struct arena *a, const char *addr)
{
	struct in6_addr in6;
	char buf[INET6_ADDRSTRLEN];

	if (addr == NULL || !*addr)
		return "-";
	if (inet_pton(AF_INET6, addr, &in6) != 1 || IN6_IS_ADDR_V4MAPPED(&in6))
		return addr;
	memset(in6.s6_addr + 8, 0, 8);
	if (inet_ntop(AF_INET6, &in6, buf, sizeof buf) == NULL)
		return addr;
	return arena_printf(a, "%s/64", buf);
}

int svc_throttle_keys(struct arena *a, const char *user_id, const char *name, const char *addr, struct svc_throttle *t)
{
	const char *client = client_of(a, addr), *who;
	char hex[65];

	who = user_id ? arena_printf(a, "id:%s\n%s", user_id, client ? client : "")
	              : arena_printf(a, "name:%s\n%s", name ? name : "", client ? client : "");
	if (client == NULL || who == NULL)
		return -1;
	if (user_id == NULL) /* usernames and emails are compared without regard to (ASCII) case */
		for (char *p = (char *)who; *p != '\n'; p++)
			if (*p >= 'A' && *p <= 'Z')
				*p = (char)(*p - 'A' + 'a');
	crypto_sha256_hex(who, strlen(who), hex); /* no typed name (perhaps a password) is stored */
	t->pair_key = arena_printf(a, "pair:%s", hex);
	t->addr_key = arena_printf(a, "addr:%s", client);
	return t->pair_key && t->addr_key ? 0 : -1;
}

struct wait_ctx {
	int64_t now_ms, base_ms, cap_ms;
};

/* the wait of the i-th key (0: the account from this address, 1: the address) after count failures */
static int64_t key_wait(void *ctx, size_t i, int64_t count, int64_t last_ms)
{
	const struct wait_ctx *w = ctx;
	int64_t allowed = i == 0 ? LIMIT_LOGIN_FREE_PAIR : LIMIT_LOGIN_FREE_ADDR;
	int64_t until = last_ms + svc_throttle_delay(count, allowed, w->base_ms, w->cap_ms);
	return count >= allowed && until > w->now_ms ? until - w->now_ms : 0;
}

int64_t svc_throttle_attempt(struct store *st, const struct larder_config *cfg, const struct svc_throttle *t,
                             int64_t now_ms)
{
	const char *keys[2] = { t->pair_key, t->addr_key };
	struct wait_ctx w = { now_ms, (int64_t)cfg->login_delay_s * 1000, (int64_t)cfg->login_delay_max_s * 1000 };
	int64_t wait = 0;
	if (store_login_attempt(st, keys, 2, now_ms, now_ms - (int64_t)cfg->login_window_s * 1000, key_wait, &w, &wait) != STORE_OK)
		return -1;
	return wait;
}

void svc_throttle_pass(struct store *st, const struct svc_throttle *t, int64_t now_ms)
{
	store_login_clear(st, t->pair_key);
	store_login_forget(st, t->addr_key, now_ms);
}
