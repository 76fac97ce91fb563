/* util_netaddr.c: tests of the SSRF address classification and IP-literal parsing. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>

#include "util/netaddr.h"
#include "t/tap.h"

static int pub4(const char *s)
{
	struct sockaddr_in sa;
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	if (inet_pton(AF_INET, s, &sa.sin_addr) != 1)
		return -1;
	return netaddr_is_public((struct sockaddr *)&sa);
}

static int pub6(const char *s)
{
	struct sockaddr_in6 sa;
	memset(&sa, 0, sizeof sa);
	sa.sin6_family = AF_INET6;
	if (inet_pton(AF_INET6, s, &sa.sin6_addr) != 1)
		return -1;
	return netaddr_is_public((struct sockaddr *)&sa);
}

/* parse host as a literal; returns rc, and the address as text in buf */
static int lit(const char *host, char *buf, size_t n)
{
	struct sockaddr_storage ss;
	int rc = netaddr_parse_literal(host, &ss);
	buf[0] = 0;
	if (rc == 0) {
		if (ss.ss_family == AF_INET)
			inet_ntop(AF_INET, &((struct sockaddr_in *)&ss)->sin_addr, buf, (socklen_t)n);
		else if (ss.ss_family == AF_INET6)
			inet_ntop(AF_INET6, &((struct sockaddr_in6 *)&ss)->sin6_addr, buf, (socklen_t)n);
	}
	return rc;
}

int main(void)
{
	static const char *const v4_private[] = {
		"0.0.0.0", "0.1.2.3", "10.0.0.1", "10.255.255.255", "100.64.0.1", "100.127.255.255",
		"127.0.0.1", "127.255.255.254", "169.254.169.254", "172.16.0.1", "172.31.255.255",
		"192.0.0.8", "192.0.2.1", "192.168.0.1", "192.168.255.255", "198.18.0.1", "198.19.255.255",
		"198.51.100.7", "203.0.113.9", "224.0.0.1", "239.255.255.250", "240.0.0.1",
		"255.255.255.255", "192.88.99.1",
	};
	static const char *const v4_public[] = {
		"1.1.1.1", "8.8.8.8", "9.255.255.255", "11.0.0.0", "100.63.255.255", "100.128.0.0",
		"126.255.255.255", "128.0.0.1", "169.253.255.255", "169.255.0.0", "172.15.255.255",
		"172.32.0.0", "192.0.1.1", "192.167.255.255", "192.169.0.0", "198.17.255.255",
		"198.20.0.0", "203.0.112.1", "223.255.255.255", "93.184.216.34",
	};
	static const char *const v6_private[] = {
		"::", "::1", "fc00::1", "fdff:ffff::1", "fe80::1", "febf::1", "fec0::1", "ff02::1",
		"2001:db8::1", "::ffff:127.0.0.1", "::ffff:10.1.2.3", "::ffff:192.168.1.1",
		"::ffff:169.254.169.254", "::ffff:0.0.0.0", "::127.0.0.1", "::10.0.0.1",
		"64:ff9b::7f00:1", "64:ff9b::a00:1", "2002:7f00:1::", "2002:c0a8:101::1", "100::1",
		"::ffff:100.64.1.1", "::ffff:255.255.255.255", "::8.8.8.8", "::2", "2001:0:4136:e378::1",
	};
	static const char *const v6_public[] = {
		"2606:4700:4700::1111", "2001:4860:4860::8888", "::ffff:8.8.8.8", "64:ff9b::808:808",
		"2002:808:808::1", "fbff::1", "fe00::1", "2001:db9::1", "2001:1::1", "::1:0:0:1",
	};
	for (size_t i = 0; i < sizeof v4_private / sizeof *v4_private; i++)
		is_int(pub4(v4_private[i]), 0, "%s is not public", v4_private[i]);
	for (size_t i = 0; i < sizeof v4_public / sizeof *v4_public; i++)
		is_int(pub4(v4_public[i]), 1, "%s is public", v4_public[i]);
	for (size_t i = 0; i < sizeof v6_private / sizeof *v6_private; i++)
		is_int(pub6(v6_private[i]), 0, "%s is not public", v6_private[i]);
	for (size_t i = 0; i < sizeof v6_public / sizeof *v6_public; i++)
		is_int(pub6(v6_public[i]), 1, "%s is public", v6_public[i]);
	{
		struct sockaddr sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_family = AF_UNIX;
		is_int(netaddr_is_public(&sa), 0, "AF_UNIX is not public");
		is_int(netaddr_is_public(NULL), 0, "NULL is not public");
	}

	/* literals */
	static const struct { const char *host; int rc; const char *addr; } L[] = {
		{"127.0.0.1", 0, "127.0.0.1"},
		{"127.1", 0, "127.0.0.1"},
		{"0x7f.1", 0, "127.0.0.1"},
		{"0x7F000001", 0, "127.0.0.1"},
		{"2130706433", 0, "127.0.0.1"},
		{"017700000001", 0, "127.0.0.1"},
		{"0177.0.0.1", 0, "127.0.0.1"},
		{"10.1", 0, "10.0.0.1"},
		{"192.168.257", 0, "192.168.1.1"},
		{"127.0.0.1.", 0, "127.0.0.1"},
		{"0", 0, "0.0.0.0"},
		{"8.8.8.8", 0, "8.8.8.8"},
		{"[::1]", 0, "::1"},
		{"::1", 0, "::1"},
		{"[::ffff:127.0.0.1]", 0, "::ffff:127.0.0.1"},
		{"[fe80::1%eth0]", -2, ""},
		{"[::1", -2, ""},
		{"[127.0.0.1]", -2, ""},
		{"[zz::1]", -2, ""},
		{"1.2.3.4.5", -2, ""},
		{"999.1.1.1", -2, ""},
		{"0x7g.1", -1, ""},
		{"example.com", -1, ""},
		{"localhost", -1, ""},
		{"1e100.net", -1, ""},
		{"", -1, ""},
	};
	for (size_t i = 0; i < sizeof L / sizeof *L; i++) {
		char buf[64];
		int rc = lit(L[i].host, buf, sizeof buf);
		is_int(rc, L[i].rc, "literal '%s' rc", L[i].host);
		if (L[i].rc == 0)
			is_str(buf, L[i].addr, "literal '%s' address", L[i].host);
	}
	/* the odd forms are caught by the check once parsed */
	{
		static const char *const sneaky[] = {"127.1", "0x7f.1", "2130706433", "0", "[::ffff:7f00:1]", "0xa9fea9fe"};
		for (size_t i = 0; i < sizeof sneaky / sizeof *sneaky; i++) {
			struct sockaddr_storage ss;
			int rc = netaddr_parse_literal(sneaky[i], &ss);
			ok(rc == 0 && !netaddr_is_public((struct sockaddr *)&ss), "'%s' parsed and refused", sneaky[i]);
		}
	}
	return done_testing();
}
