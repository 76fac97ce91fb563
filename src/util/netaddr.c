/* netaddr.c: public/non-public classification of IP addresses and IP-literal parsing. */
#include "util/netaddr.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static bool in4(uint32_t a, uint32_t net, int bits)
{
	uint32_t mask = bits == 0 ? 0 : 0xffffffffu << (32 - bits);
	return (a & mask) == net;
}

static bool v4_public(uint32_t a)
{
	static const struct { uint32_t net; int bits; } bad[] = {
		{0x00000000u, 8},   /* 0/8 "this network", includes 0.0.0.0 */
		{0x0a000000u, 8},   /* 10/8 */
		{0x64400000u, 10},  /* 100.64/10 CGNAT */
		{0x7f000000u, 8},   /* 127/8 loopback */
		{0xa9fe0000u, 16},  /* 169.254/16 link-local */
		{0xac100000u, 12},  /* 172.16/12 */
		{0xc0000000u, 24},  /* 192.0.0/24 IETF assignments */
		{0xc0000200u, 24},  /* 192.0.2/24 TEST-NET-1 */
		{0xc0586300u, 24},  /* 192.88.99/24 6to4 relay anycast (deprecated) */
		{0xc0a80000u, 16},  /* 192.168/16 */
		{0xc6120000u, 15},  /* 198.18/15 benchmarking */
		{0xc6336400u, 24},  /* 198.51.100/24 TEST-NET-2 */
		{0xcb007100u, 24},  /* 203.0.113/24 TEST-NET-3 */
		{0xe0000000u, 4},   /* 224/4 multicast */
		{0xf0000000u, 4},   /* 240/4 reserved, includes 255.255.255.255 */
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (in4(a, bad[i].net, bad[i].bits))
			return false;
	return true;
}

static uint32_t v4_at(const unsigned char *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static bool all_zero(const unsigned char *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (b[i])
			return false;
	return true;
}

static bool v6_public(const unsigned char *b)
{
	/* ::/96 covers ::, ::1 and the deprecated IPv4-compatible form, which nothing routes */
	if (all_zero(b, 12))
		return false;
	/* ::ffff:0:0/96 IPv4-mapped */
	if (all_zero(b, 10) && b[10] == 0xff && b[11] == 0xff)
		return v4_public(v4_at(b + 12));
	/* 64:ff9b::/96 NAT64 well-known prefix */
	if (b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b && all_zero(b + 4, 8))
		return v4_public(v4_at(b + 12));
	/* 2002::/16 6to4: the IPv4 address is in bytes 2..5 */
	if (b[0] == 0x20 && b[1] == 0x02)
		return v4_public(v4_at(b + 2));
	if ((b[0] & 0xfe) == 0xfc)                      /* fc00::/7 unique local */
		return false;
	if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80)      /* fe80::/10 link-local */
		return false;
	if (b[0] == 0xfe && (b[1] & 0xc0) == 0xc0)      /* fec0::/10 old site-local */
		return false;
	if (b[0] == 0xff)                               /* ff00::/8 multicast */
		return false;
	if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0x0d && b[3] == 0xb8) /* 2001:db8::/32 documentation */
		return false;
	if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0) /* 2001::/32 Teredo (hides an IPv4 address) */
		return false;
	if (b[0] == 0x01 && all_zero(b + 1, 7))         /* 100::/64 discard-only */
		return false;
	return true;
}

bool netaddr_is_public(const struct sockaddr *sa)
{
	if (!sa)
		return false;
	if (sa->sa_family == AF_INET) {
		const struct sockaddr_in *s4 = (const struct sockaddr_in *)(const void *)sa;
		return v4_public(ntohl(s4->sin_addr.s_addr));
	}
	if (sa->sa_family == AF_INET6) {
		const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)(const void *)sa;
		return v6_public(s6->sin6_addr.s6_addr);
	}
	return false;
}

/* a host made only of digits, dots and x/X and hex letters that starts with a digit looks like a
 * numeric IPv4 spelling; such a host is never accepted as a name */
static bool looks_numeric(const char *h)
{
	if (!isdigit((unsigned char)h[0]))
		return false;
	for (const char *p = h; *p; p++)
		if (!isxdigit((unsigned char)*p) && *p != '.' && *p != 'x' && *p != 'X')
			return false;
	return true;
}

int netaddr_parse_literal(const char *host, struct sockaddr_storage *out)
{
	char buf[64];
	size_t n;
	if (!host || !out)
		return -1;
	memset(out, 0, sizeof *out);
	n = strlen(host);
	if (n == 0)
		return -1;
	if (host[0] == '[') {
		if (n < 3 || host[n - 1] != ']' || n - 2 >= sizeof buf)
			return -2;
		memcpy(buf, host + 1, n - 2);
		buf[n - 2] = 0;
	} else {
		if (n >= sizeof buf)
			return looks_numeric(host) ? -2 : -1;
		memcpy(buf, host, n + 1);
	}
	if (strchr(buf, ':')) {
		struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)(void *)out;
		if (strchr(buf, '%'))
			return -2;
		if (inet_pton(AF_INET6, buf, &s6->sin6_addr) != 1)
			return -2;
		s6->sin6_family = AF_INET6;
		return 0;
	}
	if (host[0] == '[')
		return -2;
	{
		struct sockaddr_in *s4 = (struct sockaddr_in *)(void *)out;
		/* a trailing dot ("127.0.0.1.") is accepted by resolvers: strip one */
		size_t m = strlen(buf);
		if (m > 1 && buf[m - 1] == '.' && buf[m - 2] != '.')
			buf[m - 1] = 0;
		if (inet_aton(buf, &s4->sin_addr) == 1) {
			s4->sin_family = AF_INET;
			return 0;
		}
		memset(out, 0, sizeof *out);
		return looks_numeric(buf) ? -2 : -1;
	}
}

/* the address of sa as family + bytes, an IPv4-mapped IPv6 address folded to IPv4; false for
 * other families */
static bool addr_of(const struct sockaddr *sa, int *family, unsigned char b[16])
{
	if (!sa)
		return false;
	if (sa->sa_family == AF_INET) {
		const struct sockaddr_in *s4 = (const struct sockaddr_in *)(const void *)sa;
		memcpy(b, &s4->sin_addr, 4);
		*family = AF_INET;
		return true;
	}
	if (sa->sa_family == AF_INET6) {
		const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)(const void *)sa;
		const unsigned char *a6 = s6->sin6_addr.s6_addr;
		if (all_zero(a6, 10) && a6[10] == 0xff && a6[11] == 0xff) {
			memcpy(b, a6 + 12, 4);
			*family = AF_INET;
		} else {
			memcpy(b, a6, 16);
			*family = AF_INET6;
		}
		return true;
	}
	return false;
}

static const char *v4_kind(uint32_t a)
{
	if (a == 0)
		return "an unspecified address";
	if (a == 0xffffffffu)
		return "the broadcast address";
	if (in4(a, 0x7f000000u, 8))
		return "a loopback address";
	if (in4(a, 0x0a000000u, 8) || in4(a, 0xac100000u, 12) || in4(a, 0xc0a80000u, 16))
		return "a private address";
	if (in4(a, 0x64400000u, 10))
		return "a shared (CGNAT) address";
	if (in4(a, 0xa9fe0000u, 16))
		return "a link-local address";
	if (in4(a, 0xe0000000u, 4))
		return "a multicast address";
	return v4_public(a) ? "a public address" : "a reserved address";
}

const char *netaddr_kind(const struct sockaddr *sa)
{
	unsigned char b[16];
	int fam;
	if (!addr_of(sa, &fam, b))
		return "not an IP address";
	if (fam == AF_INET)
		return v4_kind(v4_at(b));
	if (all_zero(b, 16))
		return "an unspecified address";
	if (all_zero(b, 15) && b[15] == 1)
		return "a loopback address";
	if (b[0] == 0x00 && b[1] == 0x64 && b[2] == 0xff && b[3] == 0x9b && all_zero(b + 4, 8))
		return v4_kind(v4_at(b + 12));
	if (b[0] == 0x20 && b[1] == 0x02)
		return v4_kind(v4_at(b + 2));
	if ((b[0] & 0xfe) == 0xfc)
		return "a private address";
	if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80)
		return "a link-local address";
	if (b[0] == 0xff)
		return "a multicast address";
	return v6_public(b) ? "a public address" : "a reserved address";
}

char *netaddr_format(const struct sockaddr *sa, char *buf, size_t n)
{
	unsigned char b[16];
	int fam;
	if (!buf || n == 0)
		return buf;
	if (!addr_of(sa, &fam, b) || !inet_ntop(fam, b, buf, (socklen_t)n))
		snprintf(buf, n, "?");
	return buf;
}

/* clear the bits after the prefix length */
static void mask_bits(unsigned char *b, size_t nbytes, unsigned bits)
{
	for (size_t i = 0; i < nbytes; i++) {
		unsigned keep = bits >= 8 * (i + 1) ? 8 : bits > 8 * i ? bits - 8 * (unsigned)i : 0;
		b[i] &= (unsigned char)(keep == 0 ? 0 : 0xff << (8 - keep));
	}
}

/* one entry "ADDR" or "ADDR/BITS" (n bytes at s); 0 ok, -1 bad */
static int parse_prefix(const char *s, size_t n, struct netaddr_prefix *p)
{
	char buf[64];
	const char *slash;
	char *addr = buf;
	long bits = -1;
	size_t an;

	if (n >= sizeof buf)
		return -1;
	memcpy(buf, s, n);
	buf[n] = 0;
	slash = strchr(buf, '/');
	an = slash ? (size_t)(slash - buf) : n;
	if (slash) {
		const char *d = slash + 1;
		if (!*d || strlen(d) > 3)
			return -1;
		bits = 0;
		for (; *d; d++) {
			if (*d < '0' || *d > '9')
				return -1;
			bits = bits * 10 + (*d - '0');
		}
		buf[an] = 0;
	}
	if (an >= 2 && buf[0] == '[' && buf[an - 1] == ']') {
		buf[an - 1] = 0;
		addr = buf + 1;
		if (!strchr(addr, ':'))
			return -1;
	}
	memset(p, 0, sizeof *p);
	if (inet_pton(AF_INET, addr, p->addr) == 1) {
		p->family = AF_INET;
		if (bits < 0)
			bits = 32;
		if (bits > 32)
			return -1;
	} else if (inet_pton(AF_INET6, addr, p->addr) == 1) {
		p->family = AF_INET6;
		if (bits < 0)
			bits = 128;
		if (bits > 128)
			return -1;
		if (bits >= 96 && all_zero(p->addr, 10) && p->addr[10] == 0xff && p->addr[11] == 0xff) {
			memmove(p->addr, p->addr + 12, 4);
			memset(p->addr + 4, 0, 12);
			p->family = AF_INET;
			bits -= 96;
		}
	} else {
		return -1;
	}
	p->bits = (unsigned char)bits;
	mask_bits(p->addr, p->family == AF_INET ? 4 : 16, (unsigned)bits);
	return 0;
}

static bool is_sep(char c)
{
	return c == ' ' || c == '\t' || c == ',';
}

int netaddr_allow_parse(const char *spec, struct netaddr_allow *al, char *err, size_t errlen)
{
	const char *p = spec ? spec : "";

	if (err && errlen)
		err[0] = 0;
	memset(al, 0, sizeof *al);
	while (*p) {
		const char *start;
		size_t n;
		while (is_sep(*p))
			p++;
		if (!*p)
			break;
		start = p;
		while (*p && !is_sep(*p))
			p++;
		n = (size_t)(p - start);
		if (al->n >= LIMIT_NETADDR_ALLOW) {
			if (err && errlen)
				snprintf(err, errlen, "more than %d addresses", LIMIT_NETADDR_ALLOW);
			goto fail;
		}
		if (parse_prefix(start, n, &al->p[al->n]) < 0) {
			if (err && errlen)
				snprintf(err, errlen, "'%.*s' is not an IP address or CIDR prefix", n > 64 ? 64 : (int)n, start);
			goto fail;
		}
		al->n++;
	}
	return 0;
fail:
	memset(al, 0, sizeof *al);
	return -1;
}

bool netaddr_allow_match(const struct netaddr_allow *al, const struct sockaddr *sa)
{
	unsigned char b[16];
	int fam;
	if (!al)
		return false;
	if (!addr_of(sa, &fam, b))
		return false;
	if (al->all)
		return true;
	for (unsigned i = 0; i < al->n && i < LIMIT_NETADDR_ALLOW; i++) {
		const struct netaddr_prefix *p = &al->p[i];
		unsigned char m[16];
		if (p->family != fam)
			continue;
		memcpy(m, b, 16);
		mask_bits(m, fam == AF_INET ? 4 : 16, p->bits);
		if (memcmp(m, p->addr, fam == AF_INET ? 4 : 16) == 0)
			return true;
	}
	return false;
}
