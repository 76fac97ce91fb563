/* util_netaddr.c: tests of the SSRF address classification and IP-literal parsing. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
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

/* an address in text as a sockaddr (IPv4 or IPv6) */
static struct sockaddr_storage sa_of(const char *s)
{
	struct sockaddr_storage ss;
	memset(&ss, 0, sizeof ss);
	if (inet_pton(AF_INET, s, &((struct sockaddr_in *)&ss)->sin_addr) == 1)
		ss.ss_family = AF_INET;
	else if (inet_pton(AF_INET6, s, &((struct sockaddr_in6 *)&ss)->sin6_addr) == 1)
		ss.ss_family = AF_INET6;
	return ss;
}

static int allowed(const struct netaddr_allow *al, const char *s)
{
	struct sockaddr_storage ss = sa_of(s);
	return netaddr_allow_match(al, (struct sockaddr *)&ss);
}

static const char *kind(const char *s)
{
	struct sockaddr_storage ss = sa_of(s);
	return netaddr_kind((struct sockaddr *)&ss);
}

static void allow_list(void)
{
	struct netaddr_allow al;
	char err[200];

	/* kinds and formatting, for the fetcher's messages */
	is_str(kind("127.0.0.1"), "a loopback address", "127.0.0.1 kind");
	is_str(kind("127.9.9.9"), "a loopback address", "127.9.9.9 kind");
	is_str(kind("::1"), "a loopback address", "::1 kind");
	is_str(kind("::ffff:127.0.0.2"), "a loopback address", "mapped loopback kind");
	is_str(kind("10.1.2.3"), "a private address", "10/8 kind");
	is_str(kind("172.20.0.1"), "a private address", "172.16/12 kind");
	is_str(kind("192.168.1.1"), "a private address", "192.168/16 kind");
	is_str(kind("fd12::1"), "a private address", "fc00::/7 kind");
	is_str(kind("169.254.169.254"), "a link-local address", "metadata address kind");
	is_str(kind("fe80::1"), "a link-local address", "fe80::/10 kind");
	is_str(kind("100.64.0.1"), "a shared (CGNAT) address", "CGNAT kind");
	is_str(kind("224.0.0.1"), "a multicast address", "224/4 kind");
	is_str(kind("ff02::1"), "a multicast address", "ff00::/8 kind");
	is_str(kind("0.0.0.0"), "an unspecified address", "0.0.0.0 kind");
	is_str(kind("::"), "an unspecified address", ":: kind");
	is_str(kind("255.255.255.255"), "the broadcast address", "broadcast kind");
	is_str(kind("192.0.2.1"), "a reserved address", "documentation range kind");
	is_str(kind("2001:db8::1"), "a reserved address", "v6 documentation kind");
	is_str(kind("64:ff9b::a00:1"), "a private address", "NAT64 of 10.0.0.1 kind");
	is_str(kind("8.8.8.8"), "a public address", "public kind");
	is_str(kind("2606:4700::1"), "a public address", "public v6 kind");
	is_str(netaddr_kind(NULL), "not an IP address", "NULL kind");
	{
		char buf[64];
		struct sockaddr_storage ss = sa_of("::ffff:127.0.0.1");
		is_str(netaddr_format((struct sockaddr *)&ss, buf, sizeof buf), "127.0.0.1", "mapped formatted as IPv4");
		ss = sa_of("::1");
		is_str(netaddr_format((struct sockaddr *)&ss, buf, sizeof buf), "::1", "::1 formatted");
		ss = sa_of("10.0.0.1");
		is_str(netaddr_format((struct sockaddr *)&ss, buf, sizeof buf), "10.0.0.1", "IPv4 formatted");
		is_str(netaddr_format(NULL, buf, sizeof buf), "?", "NULL formatted as ?");
	}

	/* the allow-list */
	ok(!netaddr_allow_match(NULL, NULL), "NULL list admits nothing");
	ok(!allowed(NULL, "127.0.0.1"), "NULL list refuses loopback");
	is_int(netaddr_allow_parse("127.0.0.1/32 ::1", &al, err, sizeof err), 0, "parse '127.0.0.1/32 ::1'");
	is_int(al.n, 2, "two entries");
	ok(!al.all, "not all");
	ok(allowed(&al, "127.0.0.1"), "127.0.0.1 allowed");
	ok(allowed(&al, "::ffff:127.0.0.1"), "mapped 127.0.0.1 allowed");
	ok(allowed(&al, "::1"), "::1 allowed");
	ok(!allowed(&al, "127.0.0.2"), "127.0.0.2 refused");
	ok(!allowed(&al, "::2"), "::2 refused");
	ok(!allowed(&al, "10.0.0.1"), "10.0.0.1 refused");
	ok(!allowed(&al, "::ffff:127.0.0.2"), "mapped 127.0.0.2 refused");

	is_int(netaddr_allow_parse(" 10.0.0.0/8,192.168.1.77/24\tfd00::/8  [fe80::]/10 ", &al, err, sizeof err), 0,
	       "parse with commas, tabs, host bits and brackets: %s", err);
	is_int(al.n, 4, "four entries");
	ok(allowed(&al, "10.255.0.1"), "10/8 admits 10.255.0.1");
	ok(!allowed(&al, "11.0.0.1"), "10/8 refuses 11.0.0.1");
	ok(allowed(&al, "192.168.1.1"), "192.168.1.77/24 admits 192.168.1.1 (host bits cleared)");
	ok(!allowed(&al, "192.168.2.1"), "and refuses 192.168.2.1");
	is_int(al.p[1].addr[3], 0, "host bits cleared in the stored prefix");
	ok(allowed(&al, "fd12:3456::1"), "fd00::/8 admits fd12:3456::1");
	ok(!allowed(&al, "fc00::1"), "fd00::/8 refuses fc00::1");
	ok(allowed(&al, "febf::1"), "fe80::/10 admits febf::1");
	ok(!allowed(&al, "fec0::1"), "fe80::/10 refuses fec0::1");
	ok(!allowed(&al, "127.0.0.1"), "loopback not in this list");

	is_int(netaddr_allow_parse("0.0.0.0/0", &al, err, sizeof err), 0, "/0 parses");
	ok(allowed(&al, "127.0.0.1") && allowed(&al, "8.8.8.8"), "0.0.0.0/0 admits every IPv4 address");
	ok(!allowed(&al, "::1"), "but no IPv6 address");
	is_int(netaddr_allow_parse("::/0", &al, err, sizeof err), 0, "::/0 parses");
	ok(allowed(&al, "::1") && !allowed(&al, "127.0.0.1"), "::/0 admits IPv6 only (mapped folds to IPv4)");
	is_int(netaddr_allow_parse("::ffff:10.0.0.0/104", &al, err, sizeof err), 0, "mapped prefix parses");
	is_int(al.p[0].family, AF_INET, "mapped prefix becomes IPv4");
	is_int(al.p[0].bits, 8, "mapped /104 is /8");
	ok(allowed(&al, "10.9.9.9"), "and admits 10.9.9.9");
	is_int(netaddr_allow_parse("", &al, err, sizeof err), 0, "empty list parses");
	is_int(al.n, 0, "to nothing");
	ok(!allowed(&al, "127.0.0.1"), "empty list refuses");
	al.all = true;
	ok(allowed(&al, "127.0.0.1") && allowed(&al, "fe80::1"), "all admits everything");
	{
		struct sockaddr sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_family = AF_UNIX;
		ok(!netaddr_allow_match(&al, &sa), "all still refuses AF_UNIX");
	}

	static const char *const bad[] = {
		"127.0.0.1/33", "::1/129", "127.1", "0x7f.0.0.1", "localhost", "10.0.0.0/", "10.0.0.0/-1",
		"10.0.0.0/8/8", "[127.0.0.1]", "[::1", "fe80::1%eth0", "1.2.3.4/0008", "10.0.0.0/x",
		"yes", "127.0.0.1 junk",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		is_int(netaddr_allow_parse(bad[i], &al, err, sizeof err), -1, "'%s' refused", bad[i]);
		like(err, "is not an IP address or CIDR prefix", "with a message: %s", err);
		is_int(al.n, 0, "and an empty list");
	}
	is_int(netaddr_allow_parse("127.0.0.1 junk", &al, err, sizeof err), -1, "bad second entry");
	is_str(err, "'junk' is not an IP address or CIDR prefix", "names the bad entry");
	{
		char big[LIMIT_NETADDR_ALLOW * 16 + 32] = "";
		for (int i = 0; i <= LIMIT_NETADDR_ALLOW; i++)
			snprintf(big + strlen(big), sizeof big - strlen(big), "10.0.%d.0/24 ", i);
		is_int(netaddr_allow_parse(big, &al, err, sizeof err), -1, "too many entries refused");
		like(err, "more than", "message: %s", err);
	}
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
	allow_list();
	return done_testing();
}
