/* netaddr.h: classify IP addresses for the fetcher's SSRF guard and parse IP-literal host names. */
#ifndef LARDER_NETADDR_H
#define LARDER_NETADDR_H
#include <stdbool.h>
#include <sys/socket.h>

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
#endif
