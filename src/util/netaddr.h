/* netaddr.h: classify IP addresses for the fetcher's SSRF guard and parse IP-literal host names. */
#ifndef LARDER_NETADDR_H
#define LARDER_NETADDR_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/socket.h>

#include "util/limits.h"

/* true only for a globally routable unicast address. False for: unspecified, 0/8, loopback
 * (127/8, ::1), private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16,
 * fe80::/10), CGNAT 100.64/10, IETF protocol assignments 192.0.0/24, documentation
 * (192.0.2/24, 198.51.100/24, 203.0.113/24, 2001:db8::/32), benchmarking (198.18/15),
 * multicast (224/4, ff00::/8), reserved 240/4 and broadcast, old site-local fec0::/10,
 * discard 100::/64, the whole of ::/96 (unspecified, ::1 and the deprecated IPv4-compatible
 * form), Teredo 2001::/32, and IPv6 forms embedding an IPv4 address (IPv4-mapped
 * ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16) whose IPv4 address is not public.
 * Families other than AF_INET/AF_INET6 are not public. */
bool netaddr_is_public(const struct sockaddr *sa);

/* Is host an IP literal? Returns 0 and fills *out (port 0) when it is; -1 when it is a
 * name (resolve it and check every address); -2 when it looks like an address but is malformed
 * (callers must refuse it). Accepts IPv6 with or without brackets ("%zone" suffixes give -2),
 * and every IPv4 spelling inet_aton accepts ("127.1", "0x7f.1", "2130706433", "0177.0.0.1"),
 * plus one trailing dot, so that such spellings cannot slip past the check as names. */
int netaddr_parse_literal(const char *host, struct sockaddr_storage *out);

/* What kind of address sa is, for messages: "a loopback address", "a private address",
 * "a link-local address", "a shared (CGNAT) address", "a multicast address", "an unspecified
 * address", "the broadcast address", "a reserved address" (any other non-public one), or
 * "a public address". IPv6 forms embedding an IPv4 address are described by that address. */
const char *netaddr_kind(const struct sockaddr *sa);

/* sa's address as text ("127.0.0.1", "::1"; an IPv4-mapped IPv6 address as its IPv4 form)
 * in buf (at least 46 bytes); "?" for other families. Returns buf. */
char *netaddr_format(const struct sockaddr *sa, char *buf, size_t n);

/* An allow-list of non-public addresses (larder.conf `allow_private_fetch`). */
struct netaddr_prefix {
	unsigned char family;        /* AF_INET or AF_INET6 */
	unsigned char bits;          /* prefix length: 0-32 or 0-128 */
	unsigned char addr[16];      /* network address, host bits cleared (4 bytes used for AF_INET) */
};
struct netaddr_allow {
	bool all;                    /* every address is allowed */
	unsigned n;
	struct netaddr_prefix p[LIMIT_NETADDR_ALLOW];
};

/* Parse a list of addresses and CIDR prefixes separated by spaces, tabs or commas
 * ("127.0.0.1/32 ::1 10.0.0.0/8 fd00::/8"; an address alone is a /32 or /128; IPv6 may be
 * bracketed; an IPv4-mapped IPv6 prefix of at least /96 becomes the IPv4 prefix; host bits
 * after the prefix are cleared) into *al, which is reset first (all = false). Only the strict
 * forms inet_pton accepts are taken. At most LIMIT_NETADDR_ALLOW entries. Returns 0, or -1
 * with a message naming the bad entry in err (err may be NULL). An empty list gives n = 0. */
int netaddr_allow_parse(const char *spec, struct netaddr_allow *al, char *err, size_t errlen);

/* Does the allow-list admit sa? al NULL admits nothing; al->all admits everything. An
 * IPv4-mapped IPv6 address is matched as its IPv4 address. */
bool netaddr_allow_match(const struct netaddr_allow *al, const struct sockaddr *sa);
#endif
