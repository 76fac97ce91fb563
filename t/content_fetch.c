/* content_fetch.c: tests of the page fetcher against t/js/testserver.mjs on loopback (run by t/content_fetch.sh with its ports). */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "content/fetch/fetch.h"
#include "t/tap.h"
#include "util/arena.h"
#include "util/config.h"
#include "util/limits.h"
#include "util/netaddr.h"

static struct arena A;
static struct fetch_result R;
static int port, port2;
static long elapsed_ms;
static struct netaddr_allow loop4;     /* 127.0.0.1/32 only */

static const char PLAIN[] = "<!DOCTYPE html><html><head><title>Plain page</title></head>"
                            "<body><p>Hello, world: naïve café ✓</p></body></html>";

static long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

/* "http://127.0.0.1:PORT" + p when p starts with one '/', else p as it is */
static const char *U(const char *p)
{
	if (p[0] != '/' || p[1] == '/')
		return p;
	return arena_printf(&A, "http://127.0.0.1:%d%s", port, p);
}

static struct fetch_opts opts(const struct netaddr_allow *allow)
{
	struct fetch_opts o;
	memset(&o, 0, sizeof o);
	o.allow = allow;
	o.total_timeout_ms = 10000;
	return o;
}

static int fetch_o(const char *p, const struct fetch_opts *o)
{
	long t0;
	int rc;
	arena_reset(&A);
	p = U(p);
	t0 = now_ms();
	rc = content_fetch(&A, p, o, &R);
	elapsed_ms = now_ms() - t0;
	if (rc != 0)
		printf("# %s -> %s: %s\n", p, content_fetch_err_name(R.err), R.message ? R.message : "(no message)");
	return rc;
}

/* with 127.0.0.1/32 allowed */
static int fetch(const char *p)
{
	struct fetch_opts o = opts(&loop4);
	return fetch_o(p, &o);
}

/* requests the server has answered so far (through the fetcher itself, allowed) */
static long served(void)
{
	struct arena a;
	struct fetch_opts o = opts(&loop4);
	struct fetch_result r;
	char *url;
	long n = -1;
	arena_init(&a);
	url = arena_printf(&a, "http://127.0.0.1:%d/count", port);
	if (content_fetch(&a, url, &o, &r) == 0)
		n = atol(r.body);
	arena_free(&a);
	return n;
}

static void expect_err(const char *p, const struct fetch_opts *o, enum fetch_err e, const char *msg, const char *what)
{
	int rc = fetch_o(p, o);
	is_int(rc, -1, "%s: fails", what);
	is_str(content_fetch_err_name(R.err), content_fetch_err_name(e), "%s: error %s", what, content_fetch_err_name(e));
	if (msg)
		like(R.message, msg, "%s: message", what);
	ok(R.body == NULL && R.html == NULL && R.len == 0, "%s: no body", what);
}

static void pages(void)
{
	is_int(fetch("/plain"), 0, "plain page");
	is_int(R.err, FETCH_OK, "FETCH_OK");
	ok(R.message == NULL, "no message");
	is_int(R.status, 200, "status 200");
	is_str(R.final_url, U("/plain"), "final URL is the URL");
	is_str(R.content_type, "text/html; charset=utf-8", "content type");
	is_int(R.len, sizeof PLAIN - 1, "body length");
	is_str(R.body, PLAIN, "body bytes");
	is_str(R.html, PLAIN, "html is the same UTF-8");
	is_int(R.html_len, sizeof PLAIN - 1, "html length");
	is_str(R.charset, "UTF-8", "charset from the header");
	is_int(R.redirects, 0, "no redirects");
	ok(!R.retryable, "success is not retryable");

	arena_reset(&A);
	{
		char *u = arena_printf(&A, " \thttp://127.0.0.1:%d/plain \r\n", port);
		struct fetch_opts o = opts(&loop4);
		is_int(content_fetch(&A, u, &o, &R), 0, "URL with surrounding white space");
		is_str(R.final_url, arena_printf(&A, "http://127.0.0.1:%d/plain", port), "final URL trimmed");
	}

	is_int(fetch("/text"), 0, "text/plain page");
	is_str(R.html, "just text, no markup\n", "text body");
	is_int(fetch("/notype"), 0, "page without a content type is taken");
	ok(R.content_type == NULL, "content type NULL");
	is_str(R.html, "<p>untyped</p>", "untyped body");

	/* encodings */
	is_int(fetch("/cs/windows-1252"), 0, "windows-1252 page");
	is_str(R.charset, "windows-1252", "charset windows-1252");
	like(R.html, "<p>café “quoted” €</p>", "decoded windows-1252");
	like(R.body, "caf\xe9 \x93quoted\x94", "raw body kept");
	is_int(fetch("/cs/shift_jis"), 0, "Shift_JIS page");
	is_str(R.charset, "Shift_JIS", "charset Shift_JIS");
	like(R.html, "<p>日本語</p>", "decoded Shift_JIS");
	is_int(fetch("/cs/utf16bom"), 0, "UTF-16 page with a BOM");
	is_str(R.charset, "UTF-16LE", "charset from the BOM");
	like(R.html, "<p>héllo ☃</p>", "decoded UTF-16LE");
	is_int(fetch("/cs/meta"), 0, "page with <meta charset>");
	is_str(R.charset, "windows-1251", "charset from meta");
	like(R.html, "<p>Привет</p>", "decoded windows-1251");
	is_int(fetch("/cs/default"), 0, "undeclared page");
	is_str(R.charset, "windows-1252", "default windows-1252");
	like(R.html, "<p>é</p>", "decoded with the default");

	/* content encodings */
	static const char *const enc[] = { "/gzip", "/deflate", "/br" };
	for (size_t i = 0; i < sizeof enc / sizeof *enc; i++) {
		is_int(fetch(enc[i]), 0, "%s page", enc[i]);
		is_str(R.body, PLAIN, "%s decoded", enc[i]);
		is_int(R.len, sizeof PLAIN - 1, "%s length is the decoded length", enc[i]);
	}

	is_int(fetch("/headers"), 0, "request headers page");
	like(R.html, "\"user-agent\":\"Mozilla/5.0 (compatible; Larder/", "default user agent");
	like(R.html, "gzip", "accept-encoding offers gzip");
	like(R.html, "\"accept\":\"text/html", "accept header asks for HTML");
	ok(strstr(R.html, "authorization") == NULL && strstr(R.html, "cookie") == NULL, "no credentials or cookies sent");
	{
		struct fetch_opts o = opts(&loop4);
		o.user_agent = "TestAgent/1.0";
		is_int(fetch_o("/headers", &o), 0, "custom user agent");
		like(R.html, "\"user-agent\":\"TestAgent/1.0\"", "sent");
	}
	is_int(fetch("/cookie"), 0, "cookie set by a redirect is sent to its target");
	is_str(R.html, "<p>cookie seen</p>", "cookie seen");

	/* proxies in the environment are ignored */
	setenv("http_proxy", "http://127.0.0.1:9/", 1);
	setenv("HTTPS_PROXY", "http://127.0.0.1:9/", 1);
	setenv("ALL_PROXY", "http://127.0.0.1:9/", 1);
	is_int(fetch("/plain"), 0, "http_proxy in the environment is ignored");
	unsetenv("http_proxy");
	unsetenv("HTTPS_PROXY");
	unsetenv("ALL_PROXY");
}

static void statuses(void)
{
	struct fetch_opts o = opts(&loop4);
	expect_err("/status/404", &o, FETCH_E_HTTP, "HTTP 404 Not Found", "404");
	is_int(R.status, 404, "status 404");
	ok(!R.retryable, "404 is not retryable");
	is_str(R.final_url, U("/status/404"), "final URL of a 404");
	expect_err("/status/500", &o, FETCH_E_HTTP, "HTTP 500 Internal Server Error", "500");
	ok(R.retryable, "500 is retryable");
	expect_err("/status/503", &o, FETCH_E_HTTP, "HTTP 503", "503");
	ok(R.retryable, "503 is retryable");
	expect_err("/status/429", &o, FETCH_E_HTTP, "HTTP 429 Too Many Requests", "429");
	ok(R.retryable, "429 is retryable");
	is_int(R.status, 429, "status 429");
	expect_err("/status/410", &o, FETCH_E_HTTP, "HTTP 410 Gone", "410");
	ok(!R.retryable, "410 is not retryable");
	expect_err("/no-location", &o, FETCH_E_HTTP, "redirect (HTTP 302) without a Location", "302 without Location");

	expect_err("/type/pdf", &o, FETCH_E_TYPE, "not a web page: content type application/pdf", "PDF");
	ok(!R.retryable, "PDF not retryable");
	is_str(R.content_type, "application/pdf", "content type reported");
	expect_err("/type/png", &o, FETCH_E_TYPE, "content type image/png", "PNG");
}

static void redirects(void)
{
	struct fetch_opts o = opts(&loop4);
	static const int codes[] = { 301, 302, 303, 307, 308 };
	for (size_t i = 0; i < sizeof codes / sizeof *codes; i++) {
		char p[64];
		snprintf(p, sizeof p, "/chain/3?code=%d", codes[i]);
		is_int(fetch(p), 0, "three %d redirects", codes[i]);
		is_int(R.redirects, 3, "%d: three followed", codes[i]);
		is_str(R.final_url, U(arena_printf(&A, "/chain/0?code=%d", codes[i])), "%d: final URL", codes[i]);
		is_str(R.body, PLAIN, "%d: final body", codes[i]);
	}
	is_int(fetch("/chain/10"), 0, "ten redirects: the default limit");
	is_int(R.redirects, 10, "ten followed");
	expect_err("/chain/11", &o, FETCH_E_REDIRECTS, "too many redirects (more than 10)", "eleven redirects");
	ok(!R.retryable, "redirect cap not retryable");
	expect_err("/loop", &o, FETCH_E_REDIRECTS, "too many redirects", "redirect loop");
	is_str(R.final_url, U("/loop"), "loop: final URL");
	o.max_redirects = 2;
	is_int(fetch_o("/chain/2", &o), 0, "max_redirects 2: two are followed");
	expect_err("/chain/3", &o, FETCH_E_REDIRECTS, "too many redirects (more than 2)", "max_redirects 2: three");
	o.max_redirects = -1;
	is_int(fetch_o("/chain/0", &o), 0, "max_redirects -1: no redirect is fine");
	expect_err("/chain/1", &o, FETCH_E_REDIRECTS, "too many redirects (more than 0)", "max_redirects -1: one");
	o.max_redirects = 0;

	is_int(fetch("/rel/a/b"), 0, "relative Location");
	is_str(R.final_url, U("/plain?from=rel"), "resolved against the request URL");
	is_int(fetch("/other-port"), 0, "redirect to another port");
	is_str(R.final_url, arena_printf(&A, "http://127.0.0.1:%d/plain", port2), "final URL on the other port");
	is_str(R.body, PLAIN, "body from the other port");

	/* every hop is checked: allow 127.0.0.1/32 only */
	expect_err(arena_printf(&A, "/redirect?to=http://127.0.0.2:%d/plain", port), &o, FETCH_E_PRIVATE,
	           "refused: 127.0.0.2 is a loopback address (redirected to http://127.0.0.2:", "redirect to 127.0.0.2");
	is_str(R.final_url, arena_printf(&A, "http://127.0.0.2:%d/plain", port), "final URL is the refused target");
	ok(!R.retryable, "refusal not retryable");
	expect_err(arena_printf(&A, "/redirect?to=http://[::1]:%d/plain", port), &o, FETCH_E_PRIVATE,
	           "refused: ::1 is a loopback address", "redirect to [::1]");
	expect_err(arena_printf(&A, "/redirect?to=http://0x7f.2:%d/plain&code=307", port), &o, FETCH_E_PRIVATE,
	           "refused: 127.0.0.2 is a loopback address", "redirect to 0x7f.2 (127.0.0.2)");
	expect_err("/redirect?to=http://10.0.0.1/", &o, FETCH_E_PRIVATE, "refused: 10.0.0.1 is a private address",
	           "redirect to 10.0.0.1, refused before connecting");
	expect_err("/redirect?to=http://169.254.169.254/latest/meta-data/", &o, FETCH_E_PRIVATE,
	           "refused: 169.254.169.254 is a link-local address", "redirect to the metadata address");
	is_int(fetch(arena_printf(&A, "/redirect?to=http://127.0.0.1:%d/plain", port)), 0, "redirect to 127.0.0.1 followed");
	is_int(R.redirects, 1, "one redirect");
	is_int(fetch(arena_printf(&A, "/redirect?to=http://localhost:%d/plain", port)), 0,
	       "redirect to localhost: 127.0.0.1 is allowed, so it is reached");
	expect_err("/redirect?to=ftp://127.0.0.1/x", &o, FETCH_E_URL, "only http and https URLs can be fetched", "redirect to ftp:");
	expect_err("/redirect?to=file:///etc/passwd", &o, FETCH_E_URL, "only http and https URLs can be fetched", "redirect to file:");
	expect_err(arena_printf(&A, "/redirect?to=http://u:p@127.0.0.1:%d/plain", port), &o, FETCH_E_URL,
	           "user name or password", "redirect to a URL with credentials");
}

static void ssrf(void)
{
	struct fetch_opts none = opts(NULL), o = opts(&loop4), all = opts(NULL);
	struct netaddr_allow everything, other, v6only;
	long before;

	memset(&everything, 0, sizeof everything);
	everything.all = true;
	all.allow = &everything;
	netaddr_allow_parse("10.0.0.0/8 ::2", &other, NULL, 0);
	netaddr_allow_parse("::/0", &v6only, NULL, 0);

	before = served();
	ok(before > 0, "request counter works (%ld)", before);
	expect_err("/plain", &none, FETCH_E_PRIVATE, "refused: 127.0.0.1 is a loopback address", "127.0.0.1 not allowed");
	ok(elapsed_ms < 500, "refused at once (%ld ms)", elapsed_ms);
	expect_err(arena_printf(&A, "http://localhost:%d/plain", port), &none, FETCH_E_PRIVATE,
	           "refused: not a public address", "localhost by name, after resolution");
	is_str(R.message, "refused: not a public address", "the whole message");
	ok(!strstr(R.message, "127.0.0.1") && !strstr(R.message, "::1") && !strstr(R.message, "loopback") &&
	   !strstr(R.message, "localhost"), "it names neither what the name resolved to, nor its kind, nor the name");
	{
		struct fetch_opts oo = opts(&other);
		expect_err(arena_printf(&A, "http://localhost:%d/plain", port), &oo, FETCH_E_PRIVATE,
		           "refused: not a public address", "localhost with an allow-list that does not cover it");
	}
	expect_err(arena_printf(&A, "http://0x7f.1:%d/plain", port), &none, FETCH_E_PRIVATE,
	           "refused: 127.0.0.1 is a loopback address", "0x7f.1 spelling");
	expect_err(arena_printf(&A, "http://2130706433:%d/plain", port), &none, FETCH_E_PRIVATE,
	           "refused: 127.0.0.1 is a loopback address", "2130706433 spelling");
	expect_err(arena_printf(&A, "http://[::ffff:127.0.0.1]:%d/plain", port), &none, FETCH_E_PRIVATE,
	           "refused: 127.0.0.1 is a loopback address", "IPv4-mapped IPv6 spelling");
	expect_err(arena_printf(&A, "http://[::1]:%d/plain", port), &o, FETCH_E_PRIVATE,
	           "refused: ::1 is a loopback address", "::1 with only 127.0.0.1 allowed");
	expect_err(arena_printf(&A, "http://127.0.0.2:%d/plain", port), &o, FETCH_E_PRIVATE,
	           "refused: 127.0.0.2 is a loopback address", "127.0.0.2 with only 127.0.0.1 allowed");
	expect_err("http://10.0.0.1/", &o, FETCH_E_PRIVATE, "refused: 10.0.0.1 is a private address", "10.0.0.1 literal");
	expect_err("http://192.168.1.1:8080/", &none, FETCH_E_PRIVATE, "a private address", "192.168.1.1 literal");
	expect_err("http://100.64.0.1/", &none, FETCH_E_PRIVATE, "a shared (CGNAT) address", "CGNAT literal");
	expect_err("http://[fe80::1]/", &none, FETCH_E_PRIVATE, "a link-local address", "fe80::1 literal");
	expect_err("http://0.0.0.0/", &none, FETCH_E_PRIVATE, "an unspecified address", "0.0.0.0 literal");
	expect_err("http://224.0.0.1/", &none, FETCH_E_PRIVATE, "a multicast address", "multicast literal");
	is_int(served(), before, "no request reached the server");

	is_int(fetch_o("/plain", &all), 0, "allow-all reaches 127.0.0.1");
	is_int(fetch(arena_printf(&A, "http://localhost:%d/plain", port)), 0, "localhost with 127.0.0.1/32 allowed");
	{
		struct fetch_opts v6 = opts(&v6only);
		expect_err(arena_printf(&A, "http://localhost:%d/plain", port), &v6, FETCH_E_CONNECT,
		           "(and refused: not a public address)",
		           "localhost with only IPv6 allowed: 127.0.0.1 refused, ::1 has no listener");
		ok(R.retryable, "a refused connection is retryable");
	}
}

static void bad_urls(void)
{
	struct fetch_opts o = opts(&loop4);
	long before = served();
	char *longurl;
	static const struct { const char *url, *msg; } bad[] = {
		{ "ftp://127.0.0.1/file", "only http and https URLs can be fetched (not ftp:)" },
		{ "file:///etc/passwd", "only http and https URLs can be fetched (not file:)" },
		{ "javascript:alert(1)", "only http and https URLs can be fetched" },
		{ "gopher://127.0.0.1:70/", "only http and https URLs can be fetched" },
		{ "http://user:pw@127.0.0.1/plain", "URLs with a user name or password are not fetched" },
		{ "http://user@127.0.0.1/plain", "user name or password" },
		{ "http://@127.0.0.1/plain", "user name or password" },
		{ "not a url", "bad URL" },
		{ "", "bad URL" },
		{ "   ", "bad URL" },
		{ "relative/path", "not an absolute URL" },
		{ "//127.0.0.1/plain", "not an absolute URL" },
		{ "http://", "URL has no host" },
		{ "http:///plain", "URL has no host" },
		{ "http://exa mple.com/", "bad URL" },
		{ "http://[::1%25lo]/", "bad URL" },
		{ "http://999.1.1.1/", "malformed IP address" },
		{ "http://1.2.3.4.5/", "malformed IP address" },
		{ "http://127.0.0.1:99999/", "bad URL" },
		{ "http://a\x01.example/", "bad URL" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		expect_err(bad[i].url, &o, FETCH_E_URL, bad[i].msg, arena_printf(&A, "bad URL '%s'", bad[i].url));
	arena_reset(&A);
	longurl = arena_alloc(&A, LIMIT_URL_BYTES + 64);
	snprintf(longurl, LIMIT_URL_BYTES + 64, "http://127.0.0.1:%d/", port);
	memset(longurl + strlen(longurl), 'a', LIMIT_URL_BYTES);
	longurl[LIMIT_URL_BYTES + 1] = 0;
	{
		int rc = content_fetch(&A, longurl, &o, &R);
		is_int(rc, -1, "URL one byte over the limit refused");
		is_int(R.err, FETCH_E_URL, "as FETCH_E_URL");
		is_str(R.message, "URL longer than 2048 bytes", "message");
	}
	longurl[LIMIT_URL_BYTES] = 0;
	{
		int rc = content_fetch(&A, longurl, &o, &R);
		ok(rc == 0 || R.err == FETCH_E_HTTP, "URL at the limit is fetched (%s)", content_fetch_err_name(R.err));
		is_int(R.status, 404, "and answered 404");
	}
	is_int(served(), before + 1, "only the URL at the limit reached the server");
	is_int(content_fetch(&A, NULL, &o, &R), -1, "NULL URL");
	is_int(R.err, FETCH_E_URL, "NULL URL is FETCH_E_URL");
}

static void limits(void)
{
	struct fetch_opts o = opts(&loop4);
	int s;
	struct sockaddr_in sa;
	socklen_t sl = sizeof sa;

	/* size caps */
	expect_err("/huge?mb=12", &o, FETCH_E_TOO_LARGE, "page too large: Content-Length 12582924 is over the 10485760-byte limit",
	           "12 MiB with Content-Length");
	ok(elapsed_ms < 2000, "refused from the headers (%ld ms)", elapsed_ms);
	ok(!R.retryable, "too large is not retryable");
	expect_err("/huge?mb=12&chunked=1", &o, FETCH_E_TOO_LARGE, "page too large: more than 10485760 bytes",
	           "12 MiB without Content-Length");
	expect_err("/gzip-bomb?mb=20", &o, FETCH_E_TOO_LARGE, "more than 10485760 bytes", "gzip bomb: the cap is on decoded bytes");
	o.max_bytes = 1024 * 1024;
	expect_err("/huge?mb=1", &o, FETCH_E_TOO_LARGE, "Content-Length 1048588 is over the 1048576-byte limit", "max_bytes 1 MiB");
	o.max_bytes = 2 * 1024 * 1024;
	is_int(fetch_o("/huge?mb=1&chunked=1", &o), 0, "1 MiB under a 2 MiB cap");
	is_int(R.len, 1048576 + 12, "whole body");
	is_int(fetch_o("/gzip-bomb?mb=2", &o), 0, "2 MiB gzipped under a 2 MiB cap");
	is_int(R.len, 2 * 1048576, "decoded length");
	o.max_bytes = 0;
	expect_err("/big-headers", &o, FETCH_E_TOO_LARGE, "response headers over 65536 bytes", "70 KB of headers");
	is_int(fetch_o("/early-hints?n=2", &o), 0, "interim 103 responses before the page");
	is_int(R.status, 200, "the final status");
	is_str(R.body, PLAIN, "the page");
	expect_err("/early-hints?n=100", &o, FETCH_E_TOO_LARGE, "response headers over 65536 bytes",
	           "100 KB of interim responses count against the header cap");

	/* the arena's limit */
	{
		struct arena small;
		struct fetch_opts big = opts(&loop4);
		arena_init(&small);
		small.limit = 256 * 1024;
		big.max_bytes = 2 * 1024 * 1024;
		is_int(content_fetch(&small, U("/huge?mb=1&chunked=1"), &big, &R), -1, "page bigger than the arena");
		is_int(R.err, FETCH_E_NOMEM, "FETCH_E_NOMEM");
		arena_free(&small);
	}

	/* timeouts */
	o.total_timeout_ms = 1000;
	expect_err("/slow?ms=100&n=100", &o, FETCH_E_TIMEOUT, "timed out", "trickling page, 1 s total");
	ok(elapsed_ms >= 900 && elapsed_ms < 2500, "cut within its bound (%ld ms)", elapsed_ms);
	ok(R.retryable, "timeout is retryable");
	expect_err("/stall", &o, FETCH_E_TIMEOUT, "timed out", "stalled page, 1 s total");
	ok(elapsed_ms >= 900 && elapsed_ms < 2500, "cut within its bound (%ld ms)", elapsed_ms);
	o.total_timeout_ms = 5000;
	is_int(fetch_o("/slow?ms=10&n=20", &o), 0, "a slow page that finishes in time");
	is_str(R.body, "<html>....................</html>", "all of it");

	/* a closed port */
	s = socket(AF_INET, SOCK_STREAM, 0);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (s >= 0 && bind(s, (struct sockaddr *)&sa, sizeof sa) == 0 && getsockname(s, (struct sockaddr *)&sa, &sl) == 0) {
		int closed = ntohs(sa.sin_port);
		close(s);
		expect_err(arena_printf(&A, "http://127.0.0.1:%d/", closed), &o, FETCH_E_CONNECT, "cannot connect", "closed port");
		ok(R.retryable, "connection refused is retryable");
		is_int(R.status, 0, "no status");
	} else {
		ok(0, "could not find a closed port");
	}
}

static void misc(void)
{
	struct larder_config c;
	struct fetch_opts o;
	is_str(content_fetch_err_name(FETCH_OK), "ok", "name ok");
	is_str(content_fetch_err_name(FETCH_E_PRIVATE), "private", "name private");
	is_str(content_fetch_err_name(FETCH_E_TOO_LARGE), "too_large", "name too_large");
	is_str(content_fetch_err_name(FETCH_E__MAX), "?", "name out of range");
	for (int e = 0; e < FETCH_E__MAX; e++)
		ok(content_fetch_err_name((enum fetch_err)e) && strcmp(content_fetch_err_name((enum fetch_err)e), "?") != 0, "name %d set", e);
	memset(&c, 0, sizeof c);
	c.fetch_timeout_s = 7;
	c.fetch_max_bytes = 12345;
	c.fetch_max_redirects = 0;
	c.allow_private_fetch.all = true;
	content_fetch_opts_from_config(&o, &c);
	is_int(o.total_timeout_ms, 7000, "fetch_timeout in ms");
	is_int(o.max_bytes, 12345, "fetch_max_bytes");
	is_int(o.max_redirects, -1, "fetch_max_redirects 0 means none");
	ok(o.allow == &c.allow_private_fetch, "allow-list from the config");
	c.fetch_max_redirects = 3;
	content_fetch_opts_from_config(&o, &c);
	is_int(o.max_redirects, 3, "fetch_max_redirects 3");
}

/* a web child's fetcher refuses everything, before any connection (the page server counts none) */
static void forbidden(void)
{
	struct fetch_opts o = { .allow = &loop4 };
	struct fetch_result r;
	char *url = arena_printf(&A, "http://127.0.0.1:%d/plain", port);
	long before = served();
	ok(!content_fetch_forbidden(), "a process fetches until it says otherwise");
	is_int(content_fetch(&A, url, &o, &r), 0, "fetched before the switch");
	content_fetch_forbid("t/content_fetch");
	ok(content_fetch_forbidden(), "forbidden now");
	is_int(content_fetch(&A, url, &o, &r), -1, "refused after the switch");
	is_str(content_fetch_err_name(r.err), "offline", "as offline");
	ok(r.body == NULL && r.status == 0, "no answer was read");
	ok(before > 0, "the server had answered %ld requests before", before);
}

int main(int argc, char **argv)
{
	if (argc < 3 || (port = atoi(argv[1])) <= 0 || (port2 = atoi(argv[2])) <= 0) {
		fprintf(stderr, "usage: %s PORT PORT2 (the ports t/js/testserver.mjs prints)\n", argv[0]);
		return 2;
	}
	if (content_fetch_global_init() != 0) {
		printf("Bail out! curl_global_init failed\n");
		return 1;
	}
	is_int(content_fetch_global_init(), 0, "global init twice is fine");
	arena_init(&A);
	if (netaddr_allow_parse("127.0.0.1/32", &loop4, NULL, 0) != 0) {
		printf("Bail out! cannot parse 127.0.0.1/32\n");
		return 1;
	}
	misc();
	pages();
	statuses();
	redirects();
	ssrf();
	bad_urls();
	limits();
	forbidden(); /* last: it cannot be undone in this process */
	arena_free(&A);
	return done_testing();
}
