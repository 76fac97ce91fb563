/* util_url.c: tests of url_parse, url_normalise and url_resolve (RFC 3986 examples). */
#include <string.h>

#include "util/arena.h"
#include "util/limits.h"
#include "util/url.h"
#include "t/tap.h"

static struct arena A;

/* the input as a one-line test name (control characters shown as '?') */
static const char *shown(const char *s)
{
	char *c = arena_strdup(&A, s);
	for (char *p = c; *p; p++)
		if ((unsigned char)*p < 0x20)
			*p = '?';
	return c;
}

static void norm(const char *in, const char *want)
{
	char *out = NULL;
	const char *err = NULL;
	int rc = url_normalise(&A, in, strlen(in), &out, &err);
	is_int(rc, 0, "normalise '%s' succeeds (%s)", shown(in), err ? err : "");
	is_str(out, want, "normalise '%s'", shown(in));
}

static void norm_fail(const char *in, const char *msg)
{
	char *out = (char *)"x";
	const char *err = NULL;
	int rc = url_normalise(&A, in, strlen(in), &out, &err);
	is_int(rc, -1, "normalise '%s' fails", in);
	is_str(err, msg, "normalise '%s' message", in);
	ok(out == NULL, "no output for '%s'", in);
}

static void parse_fail(const char *in, size_t n, const char *msg)
{
	struct url u;
	const char *err = NULL;
	int rc = url_parse(&A, in, n, &u, &err);
	is_int(rc, -1, "parse '%.40s' fails", shown(in));
	is_str(err, msg, "parse '%.40s' message", shown(in));
}

static void resolve(const char *base, const char *ref, const char *want)
{
	char *out = NULL;
	int rc = url_resolve(&A, base, ref, &out);
	is_int(rc, 0, "resolve '%s' ok", shown(ref));
	is_str(out, want, "resolve '%s' against '%s'", shown(ref), shown(base));
}

static void test_parse(void)
{
	struct url u;
	const char *err = NULL;
	const char *s = "HTTP://User:Pw@Example.COM:8080/a/b;c?x=1&y#frag";
	is_int(url_parse(&A, s, strlen(s), &u, &err), 0, "parse full URL");
	is_str(u.scheme, "HTTP", "scheme as written");
	is_str(u.authority, "User:Pw@Example.COM:8080", "authority");
	is_str(u.userinfo, "User:Pw", "userinfo");
	is_str(u.host, "Example.COM", "host");
	is_int(u.host_type, URL_HOST_REGNAME, "host type regname");
	is_str(u.port, "8080", "port text");
	is_int(u.port_num, 8080, "port number");
	is_str(u.path, "/a/b;c", "path");
	is_str(u.query, "x=1&y", "query");
	is_str(u.fragment, "frag", "fragment");

	s = "https://[2001:DB8::1]:443";
	is_int(url_parse(&A, s, strlen(s), &u, &err), 0, "parse IPv6");
	is_str(u.host, "2001:DB8::1", "IPv6 host without brackets");
	is_int(u.host_type, URL_HOST_IPV6, "host type IPv6");
	is_int(u.port_num, 443, "IPv6 port");
	is_str(u.path, "", "empty path");
	ok(u.query == NULL && u.fragment == NULL && u.userinfo == NULL, "absent parts are NULL");

	s = "http://192.168.0.1/";
	is_int(url_parse(&A, s, strlen(s), &u, &err), 0, "parse IPv4");
	is_int(u.host_type, URL_HOST_IPV4, "host type IPv4");
	s = "http://127.1/";
	is_int(url_parse(&A, s, strlen(s), &u, &err), 0, "parse short IPv4 spelling");
	is_int(u.host_type, URL_HOST_REGNAME, "127.1 is a reg-name to RFC 3986");
	s = "http://01.2.3.4/";
	is_int(url_parse(&A, s, strlen(s), &u, &err), 0, "parse leading zero IPv4");
	is_int(u.host_type, URL_HOST_REGNAME, "leading zero is not dec-octet");

	s = "http://a:/p?#";
	is_int(url_parse(&A, s, strlen(s), &u, &err), 0, "empty port, query and fragment");
	is_str(u.port, "", "empty port present");
	is_int(u.port_num, -1, "empty port number -1");
	is_str(u.query, "", "empty query present");
	is_str(u.fragment, "", "empty fragment present");

	s = "mailto:someone@example.com";
	is_int(url_parse(&A, s, strlen(s), &u, &err), 0, "parse mailto");
	ok(u.authority == NULL && u.host == NULL, "mailto has no authority");
	is_int(u.host_type, URL_HOST_NONE, "host type none");
	is_str(u.path, "someone@example.com", "mailto path");

	s = "../x?y";
	is_int(url_parse(&A, s, strlen(s), &u, &err), 0, "parse relative reference");
	ok(u.scheme == NULL, "no scheme");
	is_str(u.path, "../x", "relative path");

	s = "1ab:c";
	is_int(url_parse(&A, s, strlen(s), &u, &err), 0, "digit-first is not a scheme");
	ok(u.scheme == NULL, "no scheme for 1ab:");

	s = "file:///etc/passwd";
	is_int(url_parse(&A, s, strlen(s), &u, &err), 0, "file URL");
	is_str(u.host, "", "empty host");
	is_str(u.path, "/etc/passwd", "file path");

	s = "http://a.com/caf\xc3\xa9?q={x}|y";
	is_int(url_parse(&A, s, strlen(s), &u, &err), 0, "lenient path and query characters");

	/* only the first n bytes count */
	s = "http://a.com/xyz";
	is_int(url_parse(&A, s, 14, &u, &err), 0, "parse prefix");
	is_str(u.path, "/x", "n bytes respected");

	parse_fail("", 0, "URL is empty");
	parse_fail("http://a b.com/", 15, "URL contains a space");
	parse_fail("http://a.com/\tx", 15, "URL contains a control character");
	parse_fail("http://a.com/\x7f", 14, "URL contains a control character");
	parse_fail("http://a.com/\0x", 15, "URL contains a control character");
	parse_fail("http://a.com/%zz", 16, "URL has a malformed percent-escape");
	parse_fail("http://a.com/%4", 15, "URL has a malformed percent-escape");
	parse_fail("http://a.com/\xc3(", 15, "URL is not valid UTF-8");
	parse_fail("http://a.com:80x/", 17, "URL has an invalid port");
	parse_fail("http://a.com:-1/", 16, "URL has an invalid port");
	parse_fail("http://a.com:65536/", 19, "URL has an invalid port (more than 65535)");
	parse_fail("http://a.com:99999999999999999999/", 34, "URL has an invalid port (more than 65535)");
	parse_fail("http://a<b.com/", 15, "URL host contains an invalid character");
	parse_fail("http://a.com:1:2/", 17, "URL has an invalid port");
	parse_fail("http://[::1/", 12, "URL has an invalid IPv6 address");
	parse_fail("http://[::g]/", 13, "URL has an invalid IPv6 address");
	parse_fail("http://[]/", 10, "URL has an invalid IPv6 address");
	parse_fail("http://[::1]x/", 14, "URL has an invalid IPv6 address");
	parse_fail("http://[v1.x]/", 14, "URL uses an unsupported IP literal (IPvFuture)");
	parse_fail("http://b\xc3\xbc" "cher.de/", 17, "URL host must be ASCII (give international names in their xn-- form)");
	{
		static char big[LIMIT_URL_BYTES + 2];
		memcpy(big, "http://a.com/", 13);
		memset(big + 13, 'a', sizeof big - 14);
		is_int(url_parse(&A, big, LIMIT_URL_BYTES, &u, &err), 0, "exactly the limit is accepted");
		parse_fail(big, LIMIT_URL_BYTES + 1, "URL is too long (more than 2048 bytes)");
	}
	ok(url_parse(&A, "http://a.com:65535/", 19, &u, &err) == 0 && u.port_num == 65535, "port 65535 ok");
	ok(url_parse(&A, "http://a.com:0/", 15, &u, &err) == 0 && u.port_num == 0, "port 0 parses");
}

static void test_normalise(void)
{
	{
		/* escaping lengthens a URL: the normalised form over the limit is refused, not saved
		 * unparseable (found by contrib/fuzz/fuzz_url) */
		static char big[LIMIT_URL_BYTES + 1];
		char *out = (char *)"x";
		const char *err = NULL;
		memcpy(big, "http://a.com/", 13);
		memset(big + 13, '{', LIMIT_URL_BYTES - 13);
		big[LIMIT_URL_BYTES] = '\0';
		is_int(url_normalise(&A, big, LIMIT_URL_BYTES, &out, &err), -1, "normalised form over the limit refused");
		is_str(err, "URL is too long (more than 2048 bytes)", "normalised form over the limit: message");
		ok(out == NULL, "normalised form over the limit: no output");
		memset(big + 13, 'a', LIMIT_URL_BYTES - 13);
		ok(url_normalise(&A, big, LIMIT_URL_BYTES, &out, &err) == 0 && strlen(out) == LIMIT_URL_BYTES,
		   "a normalised form of exactly the limit is kept");
	}
	norm("http://example.com", "http://example.com");
	norm("http://example.com/", "http://example.com");
	norm("  \thttps://Example.COM/  \n", "https://example.com");
	norm("HTTPS://WWW.Example.Com/Path/To/Page", "https://www.example.com/Path/To/Page");
	norm("http://example.com:80/a", "http://example.com/a");
	norm("https://example.com:443/a", "https://example.com/a");
	norm("http://example.com:443/a", "http://example.com:443/a");
	norm("https://example.com:80/a", "https://example.com:80/a");
	norm("http://example.com:0080/a", "http://example.com/a");
	norm("http://example.com:08080/a", "http://example.com:8080/a");
	norm("http://example.com:/a", "http://example.com/a");
	norm("http://example.com/a#section-2", "http://example.com/a");
	norm("http://example.com/#top", "http://example.com");
	norm("http://example.com/a?utm_source=x&utm_medium=y", "http://example.com/a");
	norm("http://example.com/a?b=2&utm_campaign=z&a=1", "http://example.com/a?a=1&b=2");
	norm("http://example.com/a?UTM_Source=x&q=1", "http://example.com/a?q=1");
	norm("http://example.com/a?utm=1&utmx_a=2", "http://example.com/a?utm=1&utmx_a=2");
	norm("http://example.com/a?z=1&a=2&m=3", "http://example.com/a?a=2&m=3&z=1");
	norm("http://example.com/a?b=2&a=z&b=1&a=y", "http://example.com/a?a=z&a=y&b=2&b=1");
	norm("http://example.com/a?b&a=&c=3", "http://example.com/a?a=&b&c=3");
	norm("http://example.com/a?&&x=1&&", "http://example.com/a?x=1");
	norm("http://example.com/a?", "http://example.com/a");
	norm("http://example.com/?q=1", "http://example.com?q=1");
	norm("http://example.com/a?ab=1&a=2&a_=3", "http://example.com/a?a=2&a_=3&ab=1");
	norm("http://example.com/%7euser/%41%62c", "http://example.com/~user/Abc");
	norm("http://example.com/a%2fb%3a%20c", "http://example.com/a%2Fb%3A%20c");
	norm("http://example.com/?q=a%2bb&r=%e2%82%ac", "http://example.com?q=a%2Bb&r=%E2%82%AC");
	norm("http://example.com/q?k%5F1=v", "http://example.com/q?k_1=v");
	norm("http://example.com/caf\xc3\xa9", "http://example.com/caf%C3%A9");
	norm("http://example.com/a|b?x={1}", "http://example.com/a%7Cb?x=%7B1%7D");
	norm("http://example.com/a/./b/../c", "http://example.com/a/c");
	norm("http://example.com/../../a", "http://example.com/a");
	norm("http://example.com/a/%2e%2E/b", "http://example.com/b");
	norm("http://example.com/a/b/..", "http://example.com/a/");
	norm("http://example.com/a/..", "http://example.com");
	norm("http://example.com//a//", "http://example.com//a//");
	norm("http://Ex%41mple.com/", "http://example.com");
	norm("http://[2001:DB8:0:0:0:0:0:1]:8080/x", "http://[2001:db8::1]:8080/x");
	norm("http://[::FFFF:102:304]/", "http://[::ffff:1.2.3.4]");
	norm("http://192.168.0.1:80/", "http://192.168.0.1");
	norm("https://example.com/a;p=1?x#", "https://example.com/a;p=1?x");
	norm("http://example.com?b=1&a=2#f", "http://example.com?a=2&b=1");

	norm_fail("ftp://example.com/", "only http and https URLs can be saved");
	norm_fail("javascript:alert(1)", "only http and https URLs can be saved");
	norm_fail("example.com/path", "only http and https URLs can be saved");
	norm_fail("//example.com/path", "only http and https URLs can be saved");
	norm_fail("httpx://example.com/", "only http and https URLs can be saved");
	norm_fail("http://user:pass@example.com/", "URLs with a user name or password are not accepted");
	norm_fail("http://user@example.com/", "URLs with a user name or password are not accepted");
	norm_fail("http://@example.com/", "URLs with a user name or password are not accepted");
	norm_fail("http:///path", "URL has no host");
	norm_fail("http:example.com", "URL has no host");
	norm_fail("http://", "URL has no host");
	norm_fail("   ", "URL is empty");
	norm_fail("http://exa mple.com/", "URL contains a space");
	norm_fail("http://example.com:70000/", "URL has an invalid port (more than 65535)");
	{
		char *out = NULL;
		const char *err = NULL;
		is_int(url_normalise(&A, NULL, 0, &out, &err), -1, "NULL input fails");
		/* n bytes only */
		is_int(url_normalise(&A, "http://a.com/x#junk", 14, &out, &err), 0, "normalise prefix");
		is_str(out, "http://a.com/x", "normalise honours n");
	}
}

static void test_resolve(void)
{
	static const char *const B = "http://a/b/c/d;p?q";
	static const char *const normal[][2] = {
		{"g:h", "g:h"}, {"g", "http://a/b/c/g"}, {"./g", "http://a/b/c/g"}, {"g/", "http://a/b/c/g/"},
		{"/g", "http://a/g"}, {"//g", "http://g"}, {"?y", "http://a/b/c/d;p?y"},
		{"g?y", "http://a/b/c/g?y"}, {"#s", "http://a/b/c/d;p?q#s"}, {"g#s", "http://a/b/c/g#s"},
		{"g?y#s", "http://a/b/c/g?y#s"}, {";x", "http://a/b/c/;x"}, {"g;x", "http://a/b/c/g;x"},
		{"g;x?y#s", "http://a/b/c/g;x?y#s"}, {"", "http://a/b/c/d;p?q"}, {".", "http://a/b/c/"},
		{"./", "http://a/b/c/"}, {"..", "http://a/b/"}, {"../", "http://a/b/"},
		{"../g", "http://a/b/g"}, {"../..", "http://a/"}, {"../../", "http://a/"},
		{"../../g", "http://a/g"},
	};
	static const char *const abnormal[][2] = {
		{"../../../g", "http://a/g"}, {"../../../../g", "http://a/g"}, {"/./g", "http://a/g"},
		{"/../g", "http://a/g"}, {"g.", "http://a/b/c/g."}, {".g", "http://a/b/c/.g"},
		{"g..", "http://a/b/c/g.."}, {"..g", "http://a/b/c/..g"}, {"./../g", "http://a/b/g"},
		{"./g/.", "http://a/b/c/g/"}, {"g/./h", "http://a/b/c/g/h"}, {"g/../h", "http://a/b/c/h"},
		{"g;x=1/./y", "http://a/b/c/g;x=1/y"}, {"g;x=1/../y", "http://a/b/c/y"},
		{"g?y/./x", "http://a/b/c/g?y/./x"}, {"g?y/../x", "http://a/b/c/g?y/../x"},
		{"g#s/./x", "http://a/b/c/g#s/./x"}, {"g#s/../x", "http://a/b/c/g#s/../x"},
		{"http:g", "http:g"},
	};
	for (size_t i = 0; i < sizeof normal / sizeof *normal; i++)
		resolve(B, normal[i][0], normal[i][1]);
	for (size_t i = 0; i < sizeof abnormal / sizeof *abnormal; i++)
		resolve(B, abnormal[i][0], abnormal[i][1]);
	/* base without a path, whitespace around the reference, fragments on the base */
	resolve("http://a", "g", "http://a/g");
	resolve("http://a", "?x", "http://a?x");
	resolve("https://ex.com/dir/page.html#frag", "  img/p.png\n", "https://ex.com/dir/img/p.png");
	resolve("https://ex.com/dir/page.html", "//cdn.ex.com/x.js", "https://cdn.ex.com/x.js");
	resolve("https://ex.com/dir/page.html", "https://other.org/../a/./b", "https://other.org/a/b");
	resolve("https://ex.com/dir/page.html", "#", "https://ex.com/dir/page.html#");
	/* without an authority a path starting with "//" after dot removal keeps "/." in front: it must not
	 * turn into a host (found by contrib/fuzz/fuzz_url) */
	resolve("http://[::1]:8080", "ht+tp:/.//:0,80161", "ht+tp:/.//:0,80161");
	resolve("http://a/b", "http:/.//evil.example/x", "http:/.//evil.example/x");
	resolve("s:/a/b", "..//x", "s:/.//x");
	resolve("s:/a/b", "/.//x?q#f", "s:/.//x?q#f");
	resolve("http://a/b/c", "..//x", "http://a//x");
	{
		char *out = NULL;
		struct url u;
		ok(url_resolve(&A, "http://a/b", "http:/.//evil.example/x", &out) == 0 &&
		   url_parse(&A, out, strlen(out), &u, NULL) == 0 && u.host == NULL, "the resolved URL has no host");
	}
	{
		char *out = (char *)"x";
		is_int(url_resolve(&A, "/relative/base", "g", &out), -1, "relative base refused");
		is_int(url_resolve(&A, "http://a/b", "g h", &out), -1, "bad reference refused");
		is_int(url_resolve(&A, "http://a/b", NULL, &out), -1, "NULL reference refused");
		ok(out == NULL, "no output on failure");
	}
}

/* url_http_only: the filter for image and icon URLs from outside data */
static void test_http_only(void)
{
	static const char *const dropped[] = {
		"javascript:alert(1)", "JAVASCRIPT:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
		"data:image/png;base64,iVBORw0KGgo=", "vbscript:x", "file:///etc/passwd", "ftp://a.example/i.png",
		"/img/a.png", "img/a.png", "//cdn.example/a.png", "http://", "https:///a.png", "http:a.png", "", "  ",
		"http://a b/c.png", "https://a.example/\x01.png",
	};
	for (size_t i = 0; i < sizeof dropped / sizeof dropped[0]; i++)
		ok(url_http_only(&A, dropped[i]) == NULL, "url_http_only drops \"%s\"", dropped[i]);
	ok(url_http_only(&A, NULL) == NULL, "url_http_only(NULL) is NULL");
	const char *s = "https://img.example/a.png?w=1#x";
	ok(url_http_only(&A, s) == s, "an https URL is kept as it is");
	is_str(url_http_only(&A, "HTTP://Img.Example:8080/a.png"), "HTTP://Img.Example:8080/a.png", "http in capitals, a port");
	is_str(url_http_only(&A, " \thttp://img.example/a.png\n"), "http://img.example/a.png", "whitespace around trimmed");
}

int main(void)
{
	arena_init(&A);
	test_parse();
	test_normalise();
	test_resolve();
	test_http_only();
	arena_free(&A);
	return done_testing();
}
